"""The output formats, one row each: the names that choose it, how a result becomes
its bytes, what it can hold and where its answer key goes.

Everything that names formats reads this table: the checks and the files of the
output step, the command's help, the solver's key writer and, through them, the web
page. A new format is a row here (and, if it draws pages, its drawer in
render/pages.py); no list of suffixes or kinds is written anywhere else.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordsearch.errors import InputError
from wordsearch.puzzle import ClassSet, Puzzle
from wordsearch.render import html, pages, paper
from wordsearch.render.model import Page
from wordsearch.render.look import PageOptions
from wordsearch.render.text import render_set_text, render_text

# Where a format puts the answer key. A keys file is drawn apart from the puzzles, so
# KEY_AFTER_OR_APART is for page formats; KEY_BESIDE formats hold one puzzle.
KEY_AFTER = "after the puzzles"
KEY_AFTER_OR_APART = "after the puzzles, or in a keys file of its own"
KEY_BESIDE = "one file a page: the key in NAME-key.EXT beside NAME.EXT"
KEY_WITHIN = "within the document (the words' places; the play page's Show answers)"

# The largest PNG side: a 600 dpi A3 page is 7,016 x 9,921 pixels.
MAX_PNG_SIDE = 12_000

Result = Puzzle | ClassSet
Write = Callable[[Result, PageOptions], bytes]
Draw = Callable[[Sequence[Page], PageOptions], list[bytes]]


@dataclass(frozen=True)
class Format:
    """One output format. Exactly one of `write` and `draw` is given: a format of its
    own turns the result into one document; a page format draws the laid-out pages
    (the puzzle pages and the keys), which lets it draw a solved grid's key too."""
    kind: str                    # its name, as --format and the web ask for it
    suffixes: tuple[str, ...]    # the name endings that choose it, lower case; the first is shown
    label: str                   # as a list of formats names it: "PDF", "text"
    noun: str                    # as a sentence names one file of it: "a PNG image"
    about: str                   # what the command's help says of it, or ""
    key: str                     # where its answer key goes: one of the KEY_ values
    sets: bool = False           # a class set in one file
    book: bool = False           # a book's interior
    write: Write | None = None
    draw: Draw | None = None
    check_page: Callable[[PageOptions], None] | None = None  # a limit of the format's own

    @property
    def suffix(self) -> str:
        return self.suffixes[0]


def _json(result: Result, options: PageOptions) -> bytes:
    return result.to_json().encode("utf-8")


def _text(result: Result, options: PageOptions) -> bytes:
    text = (render_set_text(result.sheets, options.fields, options.pages, options.look)
            if isinstance(result, ClassSet) else
            render_text(result, options.title, options.fields, options.pages, options.look))
    return text.encode("utf-8")


def _html(result: Result, options: PageOptions) -> bytes:
    return html.play_page(result, options.title, static=None, look=options.look).encode("utf-8")


def _pdf(laid_out: Sequence[Page], options: PageOptions) -> list[bytes]:
    return [pages.pdf(laid_out, options)]


def check_pixels(page: PageOptions) -> None:
    """Refuses an image too large to draw: Cairo's limit is 32,767 pixels a side, and
    a bigger page at a high resolution would need gigabytes."""
    width, height = (math.ceil(side * page.dpi / paper.INCH) for side in page.size)
    if max(width, height) > MAX_PNG_SIDE:
        raise InputError(f"a PNG of this page at {page.dpi} dpi would be {width:,}×{height:,} "
                         f"pixels; the most is {MAX_PNG_SIDE:,} on a side. Use a lower "
                         f"resolution or a smaller page.", option="dpi")


FORMATS: tuple[Format, ...] = (
    Format("pdf", (".pdf",), "PDF", "a PDF", "puzzle and key", KEY_AFTER_OR_APART,
           sets=True, book=True, draw=_pdf),
    Format("svg", (".svg",), "SVG", "an SVG image", "one file a page", KEY_BESIDE,
           draw=pages.svg),
    Format("png", (".png",), "PNG", "a PNG image", "one file a page", KEY_BESIDE,
           draw=pages.png, check_page=check_pixels),
    Format("json", (".json",), "JSON", "a JSON document", "", KEY_WITHIN, sets=True,
           write=_json),
    Format("text", (".txt",), "text", "text", "", KEY_AFTER, sets=True, write=_text),
    Format("html", (".html",), "HTML", "a play page (HTML)", "a page to play it in a browser",
           KEY_WITHIN, write=_html),
)
DEFAULT_KIND = "text"   # what standard output gets when no format is asked for


def by_kind(kind: str) -> Format | None:
    return next((row for row in FORMATS if row.kind == kind), None)


def by_suffix(suffix: str) -> Format | None:
    """The format a file name's ending chooses, in any case."""
    return next((row for row in FORMATS if suffix.lower() in row.suffixes), None)


def drawn() -> list[Format]:
    """The page formats: what a solved grid's key can be drawn as."""
    return [row for row in FORMATS if row.draw is not None]


def either(words: Sequence[str]) -> str:
    """Choices as a message lists them: "a, b or c"."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0]


def file_names(rows: Sequence[Format], stem: str = "NAME") -> str:
    """"NAME.pdf, NAME.svg or NAME.png"."""
    return either([f"{stem}{row.suffix}" for row in rows])


def described() -> str:
    """The formats as the command's help lists them, rows with the same note sharing
    it: ".pdf (puzzle and key), .svg or .png (one file a page), .json, …". The last
    item comes after ", or", since an item may hold an "or" of its own."""
    groups: list[tuple[list[str], str]] = []
    for row in FORMATS:
        if groups and row.about and groups[-1][1] == row.about:
            groups[-1][0].append(row.suffix)
        else:
            groups.append(([row.suffix], row.about))
    items = [either(suffixes) + (f" ({about})" if about else "") for suffixes, about in groups]
    return f"{', '.join(items[:-1])}, or {items[-1]}" if len(items) > 1 else items[0]
