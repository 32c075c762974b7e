"""Results to files, all or nothing, or to bytes for a caller that sends them on.

Every front end writes through here: the command line, and later the web page
(which asks for the bytes). The format comes from the output's name unless it is
given; the checks run before any puzzle is made (check()), and again when files
are made, so that a mistake in the names costs no time and no file.

Writing is all or nothing: each file is first written whole to a temporary name in
its own folder, then every one is renamed into place. If anything fails, the files
already renamed are put back as they were (an existing file is kept through a hard
link until the end), so no new file remains and no old one is lost.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wordsearch.errors import InputError, OutputError
from wordsearch.puzzle import ClassSet, Puzzle, Sheet
from wordsearch.render import layout, pages
from wordsearch.render.layout import PageOptions
from wordsearch.render.text import render_set_text, render_text

FORMATS = {".pdf": "pdf", ".svg": "svg", ".png": "png", ".json": "json", ".txt": "text"}
PAGE_FORMATS = ("pdf", "svg", "png")
DEFAULT_FORMAT = "text"
# Temporary files are named .ws-XXXXXXXX.tmp whatever the target is called, so a
# long name that the file system accepts never fails for its temporary's sake.
_TEMP_PREFIX, _TEMP_SUFFIX, _BACKUP_SUFFIX = ".ws-", ".tmp", ".bak"


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
        """The format the output is written in."""
        if self.path is None:
            return self.format or DEFAULT_FORMAT
        return FORMATS.get(self.path.suffix.lower(), "")


def check(output: Output, *, is_set: bool) -> None:
    """Refuses an output that cannot be written, naming what to change."""
    kind = output.kind
    if output.format is not None and output.format not in FORMATS.values():
        raise InputError(f'"{output.format}" is not an output format; use one of '
                         f"{', '.join(FORMATS.values())}.", option="format")
    if output.path is not None:
        if not kind:
            raise InputError(f'cannot tell the format of "{output.path}"; end the name in '
                             f".pdf, .svg, .png, .json or .txt.", option="output")
        if output.format is not None and output.format != kind:
            raise InputError(f'the format {output.format} does not match the output file '
                             f'"{output.path}", which is {kind}; change one of them.',
                             option="format")
    single_pages = kind in ("svg", "png") and (is_set or output.keys_path is not None)
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
    if _same_file(output.path, keys):
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
    if kind == "text":
        text = (render_set_text(result.sheets, options.fields, options.pages)
                if isinstance(result, ClassSet) else
                render_text(result, options.title, options.fields, options.pages))
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
    target = output.path
    names = [target if len(documents) == 1 or page == "puzzle"
             else target.with_name(f"{target.stem}-{page}{target.suffix}")
             for page in options.pages]
    return dict(zip(names, documents))


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
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except OSError as exc:
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}.") from None


def commit(made: Mapping[Path, bytes]) -> None:
    """Writes each file to a temporary name beside it, then renames them all into
    place; on any failure, none of them remains and existing files are as they were."""
    targets = list(made)
    for i, target in enumerate(targets):
        twin = next((other for other in targets[:i] if _same_file(other, target)), None)
        if twin is not None:
            raise InputError(f"{twin} and {target} are the same file; give each output a "
                             f"name of its own.", option="output")
        if target.is_dir():
            raise OutputError(f"cannot write {target}: it is a folder; choose another name.")
    staged: list[tuple[Path, Path]] = []
    try:
        for target, data in made.items():
            staged.append((_stage(target, data), target))
        _swap(staged)
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


def _stage(target: Path, data: bytes) -> Path:
    """`data` in a new temporary file in `target`'s folder, with the permissions a
    new file gets, flushed to disk."""
    folder = target.parent
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX)
    except OSError as exc:
        reason = (f"the folder {folder} does not exist" if not folder.is_dir()
                  else exc.strerror or str(exc))
        raise OutputError(f"cannot write {target}: {reason}.") from None
    temporary = Path(name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}.") from None
    return temporary


def _swap(staged: list[tuple[Path, Path]]) -> None:
    """Renames every temporary onto its target, keeping each existing target under a
    backup name until all are through, so that a failure can put everything back."""
    done: list[tuple[Path, Path | None]] = []  # (target, its backup, or None if it was new)
    try:
        for temporary, target in staged:
            backup = None
            try:
                if target.exists():
                    backup = temporary.with_suffix(_BACKUP_SUFFIX)
                    _keep(target, backup)
                os.replace(temporary, target)
            except OSError as exc:
                if backup is not None:
                    backup.unlink(missing_ok=True)
                raise OutputError(f"cannot write {target}: {exc.strerror or exc}.") from None
            done.append((target, backup))
    except BaseException:
        for target, backup in reversed(done):
            if backup is None:
                target.unlink(missing_ok=True)
            else:
                os.replace(backup, target)
        raise
    for _, backup in done:
        if backup is not None:
            backup.unlink(missing_ok=True)


def _keep(target: Path, backup: Path) -> None:
    """A second name for the existing file (a copy where hard links are not allowed)."""
    try:
        os.link(target, backup)
    except OSError:
        shutil.copy2(target, backup)


def _same_file(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)
