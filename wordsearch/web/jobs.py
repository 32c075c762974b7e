"""What a worker process runs: plain values in, plain values out (documents, page
options as dicts, bytes), so that each crosses the process boundary cheaply and a
library error crosses back with its message and option."""
from __future__ import annotations

from importlib import resources

from wordsearch import export, fields
from wordsearch.make.generate import generate
from wordsearch.make.options import MakeOptions
from wordsearch.make.shape import Mask
from wordsearch.puzzle import ClassSet, Puzzle, Sheet
from wordsearch.render import layout, paper
from wordsearch.render.look import Look, PageOptions
from wordsearch.web.options import arguments

UPLOAD_NAME = "your upload"


def builtin_png(name: str) -> bytes:
    """A built-in mask's image, from the package; `name` is checked against the list
    before it gets here, and never becomes a path of its own."""
    return resources.files("wordsearch").joinpath("masks", f"{name}.png").read_bytes()


def look(page: dict) -> Look:
    """The Look the page options ask for (those named as its fields): the PDF and the
    play page list the words the same way."""
    return Look(**fields.named(Look, page))


def page_options(page: dict, **extra) -> PageOptions:
    """The PageOptions the page options ask for (those named as its fields)."""
    return PageOptions(size=paper.page_size(page.get("page_size", paper.DEFAULT)),
                       look=look(page), **fields.named(PageOptions, page), **extra)


def make(words: list[str], options: dict, mask: tuple[str, bytes | None] | None,
         page: dict, time_limit: float, threads: int) -> dict:
    """A puzzle's document, made and laid out on its page (a grid too large to print
    legibly is refused now, not when the PDF is asked for). `mask`: an upload's name
    and image, or a built-in mask's name and None (read once a worker, with its
    likenesses, not again for every puzzle of a set)."""
    options = arguments(options)
    if mask is not None:
        name, png = mask
        options["mask"] = Mask.builtin(name) if png is None else Mask.from_png(png, name)
    # A request's words may name pictures by codepoints, never by the server's files.
    puzzle = generate(words, MakeOptions(time_limit=time_limit, threads=threads,
                                         picture_files=False, **options))
    layout.layouts(puzzle, page_options(page))
    return puzzle.to_dict()


def draw(document: dict, page: dict, kind: str) -> bytes:
    """The teacher's PDF (puzzle and key: "pdf"), the pupils' (the puzzle page alone:
    "sheet"), or one page as SVG ("puzzle" or "key")."""
    puzzle = Puzzle.from_dict(document)
    if kind == "pdf":
        output = export.Output(format="pdf", page=page_options(page))
    elif kind == "sheet":
        output = export.Output(format="pdf", page=page_options(page, pages=("puzzle",)))
    else:
        output = export.Output(format="svg", page=page_options(page, pages=(kind,)))
    return export.files(puzzle, output)[None]


def draw_set(code: str, sheets: list[tuple[str, str, dict]], page: dict,
             keys_per_page: int) -> bytes:
    """A class set's PDF: every puzzle page, then the keys, as the command prints them."""
    made = ClassSet(code, tuple(Sheet(n, title, student, Puzzle.from_dict(document))
                                for n, (title, student, document) in enumerate(sheets, 1)))
    output = export.Output(format="pdf", page=page_options(page, keys_per_page=keys_per_page))
    return export.files(made, output)[None]


def warm() -> None:
    """Loads the C core and packs a puzzle, so the first request does not wait for
    them. (It draws nothing: Cairo numbers the surfaces a process draws, and an SVG
    page names its own by that number.)"""
    generate(["warm", "cold"], seed="warm", grid=5, beam=16, threads=1)
