"""Results to files, all or nothing, or to bytes for a caller that sends them on.

Every front end writes through here: the command line and the web page (which asks
for the bytes). The format comes from the output's name unless it is given; the
checks run before any puzzle is made (check()), and again when files are made, so
that a mistake in the names costs no time and no file. The files are written all or
nothing by export/atomic.py (commit, named here too: the command writes its books
and keys through it).
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

from wordsearch.errors import InputError, OutputError
from wordsearch.export import atomic
from wordsearch.export.atomic import commit
from wordsearch.puzzle import ClassSet, Puzzle, Sheet
from wordsearch.render import html, layout, pages
from wordsearch.render.layout import PageOptions
from wordsearch.render.text import render_set_text, render_text

FORMATS = {".pdf": "pdf", ".svg": "svg", ".png": "png", ".json": "json", ".txt": "text",
           ".html": "html"}
DEFAULT_FORMAT = "text"
# The largest PNG side: a 600 dpi A3 page is 7,016 x 9,921 pixels.
MAX_PNG_SIDE = 12_000
POINTS_PER_INCH = 72


@dataclass(frozen=True)
class Output:
    """Where a result goes and how it looks. `path` None means bytes for the caller
    (standard output, a web response): then the result must make a single file."""
    path: Path | None = None
    format: str | None = None       # pdf, svg, png, json, text; default from the path
    keys_path: Path | None = None   # the answer keys in a PDF of their own
    page: PageOptions = field(default_factory=PageOptions)

    def __post_init__(self) -> None:
        for name in ("path", "keys_path"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Path):
                object.__setattr__(self, name, Path(value))

    @property
    def kind(self) -> str:
        """The format the output is written in: from the name's ending, else the format
        given; "" when neither says."""
        if self.path is None:
            return self.format or DEFAULT_FORMAT
        return FORMATS.get(self.path.suffix.lower(), self.format or "")


def check(output: Output, *, is_set: bool) -> None:
    """Refuses an output that cannot be written, naming what to change."""
    kind = output.kind
    if output.format is not None and output.format not in FORMATS.values():
        raise InputError(f'"{output.format}" is not an output format; use one of '
                         f"{', '.join(FORMATS.values())}.", option="format")
    if output.path is not None:
        if not kind:
            raise InputError(f'cannot tell the format of "{output.path}"; end the name in '
                             f".pdf, .svg, .png, .json, .txt or .html.", option="output")
        if output.format is not None and output.format != kind:
            raise InputError(f'the format {output.format} does not match the output file '
                             f'"{output.path}", which is {kind}; change one of them.',
                             option="format")
    single_pages = kind in ("svg", "png") and (is_set or output.keys_path is not None)
    if kind == "html" and (is_set or output.keys_path is not None):
        raise InputError("a play page (HTML) holds one puzzle; write a set of puzzles as one "
                         "PDF, NAME.pdf.", option="output")
    if single_pages:
        raise InputError(f"a set of puzzles, or puzzles with a keys file, are written as one "
                         f"PDF; name the output NAME.pdf, not {kind.upper()} "
                         f"(or write JSON or text).", option="output")
    if output.path is None and kind in ("svg", "png") and len(output.page.pages) > 1:
        raise InputError(f"an {kind.upper()} image holds one page; ask for the puzzle page "
                         f"or the answer key, or give a file name (NAME.{kind} and "
                         f"NAME-key.{kind}).", option="output")
    if output.keys_path is not None:
        _check_keys(output, kind)
    if kind == "png":
        _check_pixels(output.page)
    for target in targets(output, is_set=is_set):
        atomic.check_target(target)


def _check_pixels(page: PageOptions) -> None:
    """Refuses an image too large to draw: Cairo's limit is 32,767 pixels a side, and
    a bigger page at a high resolution would need gigabytes."""
    width, height = (math.ceil(side * page.dpi / POINTS_PER_INCH) for side in page.size)
    if max(width, height) > MAX_PNG_SIDE:
        raise InputError(f"a PNG of this page at {page.dpi} dpi would be {width:,}×{height:,} "
                         f"pixels; the most is {MAX_PNG_SIDE:,} on a side. Use a lower "
                         f"resolution or a smaller page.", option="dpi")


def targets(output: Output, *, is_set: bool) -> list[Path]:
    """The files an output writes, before anything is made: SVG and PNG write one
    file a page, the key to NAME-key.EXT beside NAME.EXT (or to NAME.EXT itself when
    it is the only page)."""
    if output.path is None:
        return []
    if output.kind in ("svg", "png") and not is_set:
        target = output.path
        return [target if len(output.page.pages) == 1 or page == "puzzle"
                else target.with_name(f"{target.stem}-{page}{target.suffix}")
                for page in output.page.pages]
    return [output.path] + ([output.keys_path] if output.keys_path is not None else [])


def _check_keys(output: Output, kind: str) -> None:
    keys = output.keys_path
    if output.path is None or kind != "pdf":
        raise InputError("a separate answer keys file goes with a PDF of the puzzles; name "
                         "the output NAME.pdf as well.", option="keys")
    if keys.suffix.lower() != ".pdf":
        raise InputError(f'the answer keys file is a PDF; name it NAME.pdf, not "{keys.name}".',
                         option="keys")
    if output.page.pages != layout.PAGES:
        raise InputError("a separate answer keys file needs both the puzzle pages and the "
                         "answer keys; leave the keys in, or give no keys file.", option="keys")
    if atomic.same_file(output.path, keys):
        raise InputError(f"the puzzles and the answer keys would both be written to {keys}; "
                         f"give the answer keys a file of their own.", option="keys")


def files(result: Puzzle | ClassSet, output: Output) -> dict[Path | None, bytes]:
    """Every file the result makes, by path (None when output.path is None). Pages
    are laid out before any is drawn, so a page that cannot be printed fails first."""
    is_set = isinstance(result, ClassSet)
    check(output, is_set=is_set)
    kind, options = output.kind, output.page
    if isinstance(result, Puzzle) and output.keys_path is not None:
        result = ClassSet(result.code, (Sheet(1, options.title, "", result),))
    if kind == "json":
        return {output.path: result.to_json().encode("utf-8")}
    if kind == "html":
        page = html.play_page(result, options.title, static=None, look=options.look)
        return {output.path: page.encode("utf-8")}
    if kind == "text":
        text = (render_set_text(result.sheets, options.fields, options.pages, options.look)
                if isinstance(result, ClassSet) else
                render_text(result, options.title, options.fields, options.pages, options.look))
        return {output.path: text.encode("utf-8")}
    if isinstance(result, ClassSet):
        puzzle_pages, key_pages = layout.sheet_layouts(result.sheets, options)
        if output.keys_path is None:
            return {output.path: pages.pdf([*puzzle_pages, *key_pages], options)}
        return {output.path: pages.pdf(puzzle_pages, options),
                output.keys_path: pages.pdf(key_pages, options)}
    laid_out = layout.layouts(result, options)
    if kind == "pdf":
        return {output.path: pages.pdf(laid_out, options)}
    documents = (pages.svg if kind == "svg" else pages.png)(laid_out, options)
    if output.path is None:
        return {None: documents[0]}
    return dict(zip(targets(output, is_set=False), documents))


def write(result: Puzzle | ClassSet, output: Output) -> list[Path]:
    """Writes every file of the result, all or nothing, or the one file's bytes to
    standard output when output.path is None. Returns the paths written."""
    made = files(result, output)
    if None in made:
        write_stdout(made[None])
        return []
    commit(made)
    return list(made)


def write_stdout(data: bytes) -> None:
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed.")
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except OSError as exc:
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}.") from None
