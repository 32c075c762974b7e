"""Results to files, all or nothing, or to bytes for a caller that sends them on.

Every front end writes through here: the command line and the web page (which asks
for the bytes). The format comes from the output's name unless it is given, and
everything a format can do is a row of export/formats.py. The checks run before any
puzzle is made (check()), and again when files are made, so that a mistake in the
names costs no time and no file. The files are written all or nothing by
export/atomic.py (commit, named here too: the command writes its books through it).
"""
from __future__ import annotations

import errno
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from wordsearch.errors import InputError, OutputError
from wordsearch.export import atomic, formats
from wordsearch.export.atomic import commit
from wordsearch.export.formats import Format, either, file_names
from wordsearch.puzzle import ClassSet, Puzzle, Sheet
from wordsearch.render import layout, look
from wordsearch.render.model import Page
from wordsearch.render.look import PageOptions


@dataclass(frozen=True)
class Output:
    """Where a result goes and how it looks. `path` None means bytes for the caller
    (standard output, a web response): then the result must make a single file."""
    path: Path | None = None
    format: str | None = None       # a kind of formats.FORMATS; default from the path
    keys_path: Path | None = None   # the answer keys in a file of their own
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
            return self.format or formats.DEFAULT_KIND
        row = formats.by_suffix(self.path.suffix)
        return row.kind if row is not None else self.format or ""


def check(output: Output, *, is_set: bool) -> None:
    """Refuses an output that cannot be written, naming what to change."""
    row = _format(output)
    _check_one_puzzle(output, row, is_set)
    if output.path is None and row.key == formats.KEY_BESIDE and len(output.page.pages) > 1:
        raise InputError(f"{row.noun} holds one page; ask for the puzzle page or the answer "
                         f"key, or give a file name (NAME{row.suffix} and "
                         f"NAME-key{row.suffix}).", option="output")
    if output.keys_path is not None:
        _check_keys(output, row)
    if row.check_page is not None:
        row.check_page(output.page)
    for target in targets(output, is_set=is_set):
        atomic.check_target(target)


def check_key(output: Output, typed: str) -> None:
    """Refuses a solved grid's answer key in a format that draws no pages (naming the
    file as `typed`), then checks the output as for one puzzle."""
    row = formats.by_kind(output.kind)
    if row is None or row.draw is None:
        drawn = formats.drawn()
        raise InputError(f"the answer key is drawn as {either([r.label for r in drawn])}; "
                         f'name it {file_names(drawn)}, not "{typed}".', option="output")
    check(output, is_set=False)


def check_book(output: Output, typed: str) -> None:
    """Refuses a book in a format no book is made in (naming the file as `typed`),
    then checks the output as for a set of puzzles."""
    row = formats.by_kind(output.kind)
    if row is None or not row.book:
        books = [r for r in formats.FORMATS if r.book]
        raise InputError(f"a book is {either([r.noun for r in books])}; name it "
                         f'{file_names(books)}, not "{typed}".', option="output")
    check(output, is_set=True)


def _format(output: Output) -> Format:
    """The output's format; refuses a format that is none, a name that says none, and
    a name and a format that disagree."""
    if output.format is not None and formats.by_kind(output.format) is None:
        raise InputError(f'"{output.format}" is not an output format; use one of '
                         f"{', '.join(r.kind for r in formats.FORMATS)}.", option="format")
    row = formats.by_kind(output.kind)
    if output.path is not None:
        if row is None:
            raise InputError(f'cannot tell the format of "{output.path}"; end the name in '
                             f"{either([r.suffix for r in formats.FORMATS])}.", option="output")
        if output.format is not None and output.format != row.kind:
            raise InputError(f'the format {output.format} does not match the output file '
                             f'"{output.path}", which is {row.kind}; change one of them.',
                             option="format")
    return row


def _check_one_puzzle(output: Output, row: Format, is_set: bool) -> None:
    """Refuses a set, or a keys file, in a format that holds one puzzle, naming the
    formats that hold a set."""
    if row.sets or not (is_set or output.keys_path is not None):
        return
    paged = [r for r in formats.FORMATS if r.sets and r.draw is not None]
    one = f"one {either([r.label for r in paged])}"
    if row.key == formats.KEY_BESIDE:
        others = either([r.label for r in formats.FORMATS if r.sets and r.draw is None])
        raise InputError(f"a set of puzzles, or puzzles with a keys file, are written as "
                         f"{one}; name the output {file_names(paged)}, not {row.label} "
                         f"(or write {others}).", option="output")
    raise InputError(f"{row.noun} holds one puzzle; write a set of puzzles as {one}, "
                     f"{file_names(paged)}.", option="output")


def _check_keys(output: Output, row: Format) -> None:
    keys = output.keys_path
    if output.path is None or row.key != formats.KEY_AFTER_OR_APART:
        apart = [r for r in formats.FORMATS if r.key == formats.KEY_AFTER_OR_APART]
        raise InputError(f"a separate answer keys file goes with "
                         f"{either([r.noun for r in apart])} of the puzzles; name the output "
                         f"{file_names(apart)} as well.", option="keys")
    if keys.suffix.lower() not in row.suffixes:
        raise InputError(f"the answer keys file is {row.noun}; name it NAME{row.suffix}, "
                         f'not "{keys.name}".', option="keys")
    if output.page.pages != look.PAGES:
        raise InputError("a separate answer keys file needs both the puzzle pages and the "
                         "answer keys; leave the keys in, or give no keys file.", option="keys")
    if atomic.same_file(output.path, keys):
        raise InputError(f"the puzzles and the answer keys would both be written to {keys}; "
                         f"give the answer keys a file of their own.", option="keys")


def targets(output: Output, *, is_set: bool) -> list[Path]:
    """The files an output writes, before anything is made: a page format that writes
    one file a page puts the key in NAME-key.EXT beside NAME.EXT (or in NAME.EXT
    itself when it is the only page)."""
    if output.path is None:
        return []
    row = formats.by_kind(output.kind)
    if row is not None and row.key == formats.KEY_BESIDE and not is_set:
        target = output.path
        return [target if len(output.page.pages) == 1 or page == "puzzle"
                else target.with_name(f"{target.stem}-{page}{target.suffix}")
                for page in output.page.pages]
    return [output.path] + ([output.keys_path] if output.keys_path is not None else [])


def files(result: Puzzle | ClassSet, output: Output) -> dict[Path | None, bytes]:
    """Every file the result makes, by path (None when output.path is None). Pages
    are laid out before any is drawn, so a page that cannot be printed fails first."""
    is_set = isinstance(result, ClassSet)
    check(output, is_set=is_set)
    row = formats.by_kind(output.kind)
    if row.write is not None:
        return {output.path: row.write(result, output.page)}
    drawn = [document for group in _laid_out(result, output)
             for document in row.draw(group, output.page)]
    return _placed(drawn, output, is_set)


def _laid_out(result: Puzzle | ClassSet, output: Output) -> list[list[Page]]:
    """The pages, a list for each file (or run of files) they go to: a keys file
    gets the answer keys, and the puzzles come without them."""
    options = output.page
    if isinstance(result, Puzzle) and output.keys_path is None:
        return [layout.layouts(result, options)]
    sheets = (result.sheets if isinstance(result, ClassSet)
              else (Sheet(1, options.title, "", result),))
    puzzle_pages, key_pages = layout.sheet_layouts(sheets, options)
    if output.keys_path is None:
        return [[*puzzle_pages, *key_pages]]
    return [puzzle_pages, key_pages]


def _placed(documents: list[bytes], output: Output, is_set: bool) -> dict[Path | None, bytes]:
    """The drawn documents by the files they go to (None: the one for the caller)."""
    if output.path is None:
        return {None: documents[0]}
    return dict(zip(targets(output, is_set=is_set), documents))


def write(result: Puzzle | ClassSet, output: Output) -> list[Path]:
    """Writes every file of the result, all or nothing, or the one file's bytes to
    standard output when output.path is None. Returns the paths written."""
    return _written(files(result, output))


def write_pages(laid_out: Sequence[Page], output: Output) -> list[Path]:
    """Draws pages laid out elsewhere (a solved grid's key) in the output's page format
    and writes them as write() does; the output was checked first (check_key)."""
    row = formats.by_kind(output.kind)
    return _written(_placed(row.draw(laid_out, output.page), output, is_set=False))


def _written(made: Mapping[Path | None, bytes]) -> list[Path]:
    if None in made:
        write_stdout(made[None])
        return []
    commit(made)
    return list(made)


def write_stdout(data: bytes) -> None:
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed.")
    # Unbuffered (python -u, PYTHONUNBUFFERED), the stream is the raw file, whose
    # write may take part of the bytes and say how many (None: none, as the file is
    # set not to wait): the rest must follow, or be lost without a word when a
    # pipe's reader is gone.
    out, left = sys.stdout.buffer, memoryview(data)
    try:
        while left:
            taken = out.write(left)
            if taken is None:
                raise BlockingIOError(errno.EAGAIN, "it is set not to wait")
            left = left[taken:]
        out.flush()
    except OSError as exc:
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}.") from None
