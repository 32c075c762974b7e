"""Every picture of the built-in mapping (wordsearch/lang/data/pictures/) beside its
word, on A4 pages, to check by looking that a child would name the word from the
picture alone. A word with the same picture in several themes shows once, with its
themes under it.

    .venv/bin/python scripts/contact_sheet.py /tmp/sheets.pdf [en es fr de]
    pdftoppm -r 50 -png /tmp/sheets.pdf /tmp/sheet    # one PNG per page, to look at

Each page names its language; the last line counts the mapped words per theme.
"""
from __future__ import annotations

import argparse
import sys

import cairo

from wordsearch.pictures import draw, mapping, source
from wordsearch.render import font
from wordsearch.render.paper import INCH

A4 = (595.28, 841.89)
MARGIN = 0.5 * INCH
COLUMNS, ROWS = 6, 7
LABEL = 9.0            # the word's type size; its themes are smaller
PICTURE_SHARE = 0.68   # of a cell's height: the rest is for the labels


def entries(language: str) -> list[tuple[str, str, list[str]]]:
    """(word, codepoints, themes) for each distinct word and picture, in theme order."""
    found: dict[tuple[str, str], list[str]] = {}
    for theme, words in mapping.mapping(language).items():
        for word, codepoints in words.items():
            found.setdefault((word, codepoints), []).append(theme)
    return [(w, c, themes) for (w, c), themes in found.items()]


def sheets(path: str, languages: list[str]) -> int:
    surface = cairo.PDFSurface(path, *A4)
    ctx = cairo.Context(surface)
    ctx.set_font_face(font.face())
    cell_w = (A4[0] - 2 * MARGIN) / COLUMNS
    cell_h = (A4[1] - 2 * MARGIN - 20) / ROWS
    pages = 0
    for language in languages:
        items = entries(language)
        per_page = COLUMNS * ROWS
        for start in range(0, len(items), per_page):
            pages += 1
            ctx.set_source_rgb(0, 0, 0)
            ctx.set_font_size(11)
            ctx.move_to(MARGIN, MARGIN)
            ctx.show_text(f"{language}: {start + 1}-{min(start + per_page, len(items))} "
                          f"of {len(items)}")
            for n, (word, codepoints, themes) in enumerate(items[start:start + per_page]):
                x = MARGIN + (n % COLUMNS) * cell_w
                y = MARGIN + 20 + (n // COLUMNS) * cell_h
                side = cell_h * PICTURE_SHARE
                draw.draw(ctx, source.openmoji(codepoints), x + (cell_w - side) / 2, y, side, side)
                centred(ctx, word, x + cell_w / 2, y + side + LABEL * 1.2, LABEL)
                centred(ctx, f"{', '.join(themes)} {codepoints}", x + cell_w / 2,
                        y + side + LABEL * 2.3, LABEL * 0.6)
            ctx.show_page()
    surface.finish()
    return pages


def centred(ctx: cairo.Context, text: str, x: float, baseline: float, size: float) -> None:
    ctx.set_source_rgb(0, 0, 0)
    ctx.set_font_size(size)
    while size > 3 and ctx.text_extents(text).x_advance > (A4[0] - 2 * MARGIN) / COLUMNS:
        size *= 0.9
        ctx.set_font_size(size)
    ctx.move_to(x - ctx.text_extents(text).x_advance / 2, baseline)
    ctx.show_text(text)


def counts(language: str) -> str:
    themes = mapping.mapping(language)
    total = sum(len(w) for w in themes.values())
    each = ", ".join(f"{t} {len(w)}" for t, w in themes.items())
    return f"{language}: {total} words in {len(themes)} themes ({each})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the PDF to write")
    parser.add_argument("languages", nargs="*", help="language codes (all mapped ones if none)")
    args = parser.parse_args(argv)
    languages = args.languages or mapping.languages()
    pages = sheets(args.output, languages)
    print(f"{args.output}: {pages} pages")
    for language in languages:
        print(counts(language))
    return 0


if __name__ == "__main__":
    sys.exit(main())
