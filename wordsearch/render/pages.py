"""The printed pages, drawn with Cairo: the puzzle and its answer key, as PDF, SVG or PNG.

Text is real text in the bundled font (a PDF reader can search and copy it);
cells outside the shape get neither a letter nor a line.
"""
from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

import cairo

from wordsearch.classset import Sheet
from wordsearch.errors import InputError
from wordsearch.puzzle import OUTSIDE, Puzzle
from wordsearch.render import font
from wordsearch.render.layout import (GridBox, Key, KeyPage, Measure, PuzzlePage, Text,
                                      key_heading, key_pages, puzzle_page, set_font_options)

INK = (0.0, 0.0, 0.0)
FILLER = (0.6, 0.6, 0.6)         # answer page: letters that belong to no word
FOOTER = (0.35, 0.35, 0.35)
RULE = (0.82, 0.82, 0.82)        # lines between cells
# Answer outlines, after Okabe and Ito's palette for colour-blind readers, darkened to
# stay visible on paper; neighbours in the word list get different colours.
OUTLINES = ((0.0, 0.45, 0.70), (0.84, 0.37, 0.0), (0.0, 0.55, 0.40), (0.80, 0.40, 0.60),
            (0.85, 0.55, 0.0), (0.30, 0.60, 0.85), (0.45, 0.30, 0.70))
# Half the width of an answer outline, as a share of the cell: wide enough to clear the
# word's own letters, narrow enough to clear its neighbours' (closer along diagonals).
OUTLINE_HALF = {True: 0.35, False: 0.40}  # keyed by "is diagonal"
PAGES = ("puzzle", "key")
NAME_FIELD = "Name"  # where a student's name is written
DEFAULT_DPI = 150
MIN_DPI, MAX_DPI = 36, 600


@dataclass(frozen=True)
class PageOptions:
    size: tuple[float, float] = (612.0, 792.0)
    title: str = ""
    fields: tuple[str, ...] = ()
    show_directions: bool = False
    pages: tuple[str, ...] = PAGES  # which of PAGES to make, in order
    dpi: int = DEFAULT_DPI          # PNG only
    measure: Measure = field(default_factory=Measure, compare=False)


Page = PuzzlePage | KeyPage


def sheet_layouts(sheets: Sequence[Sheet], options: PageOptions,
                  keys_per_page: int = 1) -> tuple[list[PuzzlePage], list[KeyPage]]:
    """The puzzle pages and the key pages of a set, as options.pages asks, laid out
    before anything is drawn, so that a puzzle that cannot be printed fails before a
    file is touched. In a set of several, each page says which of the set it is; a
    student's name goes on the Name line (added if the fields have none)."""
    total = len(sheets)
    puzzle_pages, keys = [], []
    for sheet in sheets:
        number = f" {sheet.number} of {total}" if total > 1 else ""
        fields = options.fields
        name = next((f for f in fields if f.casefold() == NAME_FIELD.casefold()), NAME_FIELD)
        if sheet.student and name not in fields:
            fields = (name, *fields)
        page = puzzle_page(sheet.puzzle, options.size, sheet.title, fields,
                           options.show_directions, options.measure,
                           {name: sheet.student} if sheet.student else None, f"Puzzle{number}")
        puzzle_pages.append(page)
        keys.append(Key(sheet.puzzle, key_heading(sheet.title, sheet.student),
                        f"Answer key{number}", page.grid.cell))
    key_layouts = (key_pages(keys, options.size, keys_per_page, options.measure)
                   if "key" in options.pages else [])
    return puzzle_pages if "puzzle" in options.pages else [], key_layouts


def layouts(puzzle: Puzzle, options: PageOptions) -> list[Page]:
    """One puzzle's pages, in the order options.pages gives."""
    puzzle_pages, key_layouts = sheet_layouts([Sheet(1, options.title, "", puzzle)], options)
    return [(puzzle_pages if page == "puzzle" else key_layouts)[0] for page in options.pages]


def draw(ctx: cairo.Context, page: Page) -> None:
    """Everything in reading order (top to bottom), which is the order a PDF reader
    extracts the text in."""
    set_font_options(ctx)
    if isinstance(page, KeyPage):
        for k, (puzzle, grid) in enumerate(page.grids):
            heading, code_line = page.texts[2 * k:2 * k + 2]
            draw_text(ctx, heading)
            draw_answers(ctx, puzzle, grid)
            draw_grid(ctx, puzzle, grid, key=True)
            draw_text(ctx, code_line)
        return
    for text in page.header:
        draw_text(ctx, text)
    for f in page.fields:
        draw_text(ctx, f.label)
        if f.value:
            draw_text(ctx, f.value)
        ctx.set_source_rgb(*INK)
        ctx.set_line_width(0.6)
        ctx.move_to(f.line_from, f.label.baseline + 1.5)
        ctx.line_to(f.line_to, f.label.baseline + 1.5)
        ctx.stroke()
    draw_grid(ctx, page.puzzle, page.grid, key=False)
    for text in page.body:
        draw_text(ctx, text)


def draw_text(ctx: cairo.Context, text: Text) -> None:
    ctx.set_source_rgb(*(FOOTER if text.muted else INK))
    ctx.set_font_face(font.face(text.bold))
    ctx.set_font_size(text.size)
    ctx.move_to(text.x, text.baseline)
    ctx.show_text(text.text)


def draw_grid(ctx: cairo.Context, puzzle: Puzzle, box: GridBox, key: bool) -> None:
    """Lines between cells of the shape, its outline, and the letters."""
    inside = [[ch != OUTSIDE for ch in row] for row in puzzle.grid]
    ctx.set_line_cap(cairo.LINE_CAP_BUTT)
    ctx.set_source_rgb(*RULE)
    ctx.set_line_width(max(0.3, box.cell * 0.02))
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            x, y = box.x + c * box.cell, box.y + r * box.cell
            if c + 1 < puzzle.cols and inside[r][c] and inside[r][c + 1]:
                ctx.move_to(x + box.cell, y)
                ctx.line_to(x + box.cell, y + box.cell)
            if r + 1 < puzzle.rows and inside[r][c] and inside[r + 1][c]:
                ctx.move_to(x, y + box.cell)
                ctx.line_to(x + box.cell, y + box.cell)
    ctx.stroke()

    ctx.set_source_rgb(*INK)
    ctx.set_line_width(max(0.8, min(2.0, box.cell * 0.06)))
    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
    for loop in outline(inside):
        ctx.move_to(box.x + loop[0][0] * box.cell, box.y + loop[0][1] * box.cell)
        for x, y in loop[1:]:
            ctx.line_to(box.x + x * box.cell, box.y + y * box.cell)
        ctx.close_path()
    ctx.stroke()

    in_words = {cell for p in puzzle.words for cell in p.cells()} if key else set()
    ctx.set_font_face(font.face(True))  # grid letters are bold
    ctx.set_font_size(box.letter_size)
    middle = -ctx.text_extents("H").y_bearing / 2
    offsets: dict[str, float] = {}
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch == OUTSIDE:
                continue
            if ch not in offsets:
                extents = ctx.text_extents(ch)
                offsets[ch] = extents.x_bearing + extents.width / 2
            cx, cy = box.centre(r, c)
            ctx.set_source_rgb(*(FILLER if key and (r, c) not in in_words else INK))
            ctx.move_to(cx - offsets[ch], cy + middle)
            ctx.show_text(ch)


def outline(inside: Sequence[Sequence[bool]]) -> list[list[tuple[int, int]]]:
    """The shape's border as closed loops of grid corners (x = column, y = row).

    Each inside cell contributes the sides it shares with the outside, directed
    clockwise, so that the sides join end to start into loops."""
    rows, cols = len(inside), len(inside[0])

    def filled(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and inside[r][c]

    sides: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            if not inside[r][c]:
                continue
            for (nr, nc), start, end in (((r - 1, c), (c, r), (c + 1, r)),
                                         ((r, c + 1), (c + 1, r), (c + 1, r + 1)),
                                         ((r + 1, c), (c + 1, r + 1), (c, r + 1)),
                                         ((r, c - 1), (c, r + 1), (c, r))):
                if not filled(nr, nc):
                    sides.setdefault(start, []).append(end)
    loops = []
    for start in sorted(sides):
        while sides.get(start):
            loop = [start]
            point = sides[start].pop()
            while point != start:
                loop.append(point)
                point = sides[point].pop()
            loops.append(_corners(loop))
    return loops


def _corners(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loop without the points where it runs straight on."""
    kept = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % len(loop)]
        if (x - px, y - py) != (nx - x, ny - y):
            kept.append((x, y))
    return kept


def draw_answers(ctx: cairo.Context, puzzle: Puzzle, box: GridBox) -> None:
    """A rounded outline along each word, as a person would circle it, kept inside
    the shape (a diagonal outline would otherwise cut the corners of cells outside)."""
    ctx.save()
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch != OUTSIDE:
                ctx.rectangle(box.x + c * box.cell, box.y + r * box.cell, box.cell, box.cell)
    ctx.clip()
    ctx.set_line_width(max(0.8, box.cell * 0.06))
    for k, p in enumerate(puzzle.words):
        first, last = p.cells()[0], p.cells()[-1]
        (x0, y0), (x1, y1) = box.centre(*first), box.centre(*last)
        half = OUTLINE_HALF[first[0] != last[0] and first[1] != last[1]] * box.cell
        angle = math.atan2(y1 - y0, x1 - x0)
        length = math.hypot(x1 - x0, y1 - y0)
        ctx.save()
        ctx.translate(x0, y0)
        ctx.rotate(angle)
        ctx.new_sub_path()
        ctx.arc(length, 0, half, -math.pi / 2, math.pi / 2)
        ctx.arc(0, 0, half, math.pi / 2, 3 * math.pi / 2)
        ctx.close_path()
        ctx.restore()
        ctx.set_source_rgb(*OUTLINES[k % len(OUTLINES)])
        ctx.stroke()
    ctx.restore()


def pdf(puzzle: Puzzle, options: PageOptions) -> bytes:
    """One puzzle's pages in one PDF."""
    return pdf_pages(layouts(puzzle, options), options)


def pdf_pages(pages: Sequence[Page], options: PageOptions) -> bytes:
    """Laid-out pages in one PDF. No creation date is written, so the same puzzles
    and options always give the same bytes."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, *options.size)
    surface.set_metadata(cairo.PDFMetadata.TITLE, options.title or "Word search")
    surface.set_metadata(cairo.PDFMetadata.CREATOR, f"wordsearch {version('wordsearch')}")
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "")
    ctx = cairo.Context(surface)
    for page in pages:
        draw(ctx, page)
        ctx.show_page()
    surface.finish()
    return out.getvalue()


def svg(puzzle: Puzzle, options: PageOptions) -> list[bytes]:
    """One SVG document per page (SVG has no pages)."""
    documents = []
    for page in layouts(puzzle, options):
        out = io.BytesIO()
        surface = cairo.SVGSurface(out, *options.size)
        surface.restrict_to_version(cairo.SVG_VERSION_1_1)
        draw(cairo.Context(surface), page)
        surface.finish()
        documents.append(out.getvalue())
    return documents


def png(puzzle: Puzzle, options: PageOptions) -> list[bytes]:
    """One image per page at options.dpi, on a white background."""
    scale = options.dpi / 72
    images = []
    for page in layouts(puzzle, options):
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, math.ceil(options.size[0] * scale),
                                     math.ceil(options.size[1] * scale))
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        ctx.scale(scale, scale)
        draw(ctx, page)
        out = io.BytesIO()
        surface.write_to_png(out)
        images.append(out.getvalue())
    return images


def page_files(path: str | Path, puzzle: Puzzle, options: PageOptions) -> dict[Path, bytes]:
    """What to write for an output path: a PDF holds every page; SVG and PNG write
    one file per page, the key to NAME-key.EXT beside the puzzle's NAME.EXT (or to
    NAME.EXT itself when it is the only page)."""
    target = Path(path)
    kind = target.suffix.lower()
    if kind == ".pdf":
        return {target: pdf(puzzle, options)}
    if kind not in (".svg", ".png"):
        raise InputError(f'cannot draw pages as "{target.suffix}"; use .pdf, .svg or .png.')
    if kind == ".png" and not MIN_DPI <= options.dpi <= MAX_DPI:
        raise InputError(f"a resolution of {options.dpi} dpi is out of range; use "
                         f"{MIN_DPI} to {MAX_DPI}.")
    documents = svg(puzzle, options) if kind == ".svg" else png(puzzle, options)
    names = [target if len(documents) == 1 or page == "puzzle"
             else target.with_name(f"{target.stem}-{page}{target.suffix}")
             for page in options.pages]
    return dict(zip(names, documents))


def set_files(path: str | Path, keys_path: str | Path | None, sheets: Sequence[Sheet],
              options: PageOptions, keys_per_page: int = 1) -> dict[Path, bytes]:
    """A set as one PDF, every puzzle page first and then the keys (so the puzzles can
    be printed on their own), or the keys in a PDF of their own at `keys_path`."""
    target = Path(path)
    if target.suffix.lower() != ".pdf":
        raise InputError(f'a set of puzzles is written as one PDF; name the output NAME.pdf, '
                         f'not "{target.name}" (or use --format json).')
    if keys_path is not None and Path(keys_path).suffix.lower() != ".pdf":
        raise InputError(f'--keys writes a PDF; name it NAME.pdf, not "{Path(keys_path).name}".')
    puzzle_pages, key_layouts = sheet_layouts(sheets, options, keys_per_page)
    if keys_path is None:
        return {target: pdf_pages([*puzzle_pages, *key_layouts], options)}
    return {target: pdf_pages(puzzle_pages, options),
            Path(keys_path): pdf_pages(key_layouts, options)}
