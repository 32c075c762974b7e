"""Results to files, all or nothing, or to bytes for a caller that sends them on.

Every front end writes through here: the command line, and later the web page
(which asks for the bytes). The format comes from the output's name unless it is
given; the checks run before any puzzle is made (check()), and again when files
are made, so that a mistake in the names costs no time and no file.

Writing is all or nothing: each file is first written whole to a temporary name in
its own folder, then every one is renamed into place. If anything fails, even an
interrupt, the files already renamed are put back as they were (an existing file is
kept under a second name, a hard link, until the end), so no new file remains and no
old one is lost. A name that is a symbolic link is written through: the file it
points to is replaced, and the link stays.
"""
from __future__ import annotations

import errno
import math
import os
import secrets
import shutil
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wordsearch.errors import InputError, OutputError
from wordsearch.puzzle import ClassSet, Puzzle, Sheet
from wordsearch.render import html, layout, look, pages
from wordsearch.render.look import PageOptions
from wordsearch.render.text import render_set_text, render_text

FORMATS = {".pdf": "pdf", ".svg": "svg", ".png": "png", ".json": "json", ".txt": "text",
           ".html": "html"}
DEFAULT_FORMAT = "text"
# The largest PNG side: a 600 dpi A3 page is 7,016 x 9,921 pixels.
MAX_PNG_SIDE = 12_000
POINTS_PER_INCH = 72
# Temporary files are named .ws-XXXXXXXXXXXX.tmp whatever the target is called, so a
# long name that the file system accepts never fails for its temporary's sake.
_TEMP_PREFIX, _TEMP_SUFFIX, _BACKUP_SUFFIX = ".ws-", ".tmp", ".bak"
_NEW_FILE_MODE = 0o666  # less the umask, which the system applies


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
        _check_target(target)


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


def _check_target(target: Path) -> None:
    """Refuses, before any work, a file that cannot be written: its folder missing or
    not a folder, the name a folder, too long, or a file the user may not write."""
    try:
        problem = _target_problem(target)
    except OSError as exc:
        problem = f"{exc.strerror or exc}."
    if problem:
        raise OutputError(f"cannot write {target}: {problem}")


def _target_problem(target: Path) -> str:
    real = _resolved(target)
    folder = real.parent
    if not folder.exists():
        return f"the folder {target.parent} does not exist; create it or choose another folder."
    if not folder.is_dir():
        return f"{target.parent} is a file, not a folder."
    if len(os.fsencode(target.name)) > os.pathconf(folder, "PC_NAME_MAX"):
        return "the name is too long for this file system; choose a shorter name."
    if real.is_dir():
        return "it is a folder; choose another name."
    if real.exists() and not real.is_file():
        return ("it is not a plain file (a device or a pipe), which a finished file cannot "
                "replace; name a file, or give no output name to write to standard output.")
    if real.exists() and not os.access(real, os.W_OK):
        return "the file is read-only; make it writable or choose another name."
    return ""


def _check_keys(output: Output, kind: str) -> None:
    keys = output.keys_path
    if output.path is None or kind != "pdf":
        raise InputError("a separate answer keys file goes with a PDF of the puzzles; name "
                         "the output NAME.pdf as well.", option="keys")
    if keys.suffix.lower() != ".pdf":
        raise InputError(f'the answer keys file is a PDF; name it NAME.pdf, not "{keys.name}".',
                         option="keys")
    if output.page.pages != look.PAGES:
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


def commit(made: Mapping[Path, bytes]) -> None:
    """Writes each file to a temporary name beside it, then renames them all into
    place; on any failure, none of them remains and existing files are as they were."""
    targets = list(made)
    for i, target in enumerate(targets):
        twin = next((other for other in targets[:i] if _same_file(other, target)), None)
        if twin is not None:
            raise InputError(f"{twin} and {target} are the same file; give each output a "
                             f"name of its own.", option="output")
        _check_target(target)
    staged: list[tuple[Path, Path, Path]] = []  # (temporary, where it goes, the name given)
    try:
        for target, data in made.items():
            real = _resolved(target)
            staged.append((_stage(real, target, data), real, target))
        _swap(staged)
        _sync_folders({real.parent for _, real, _ in staged})
    finally:
        for temporary, _, _ in staged:
            _remove(temporary)


def _stage(real: Path, target: Path, data: bytes) -> Path:
    """`data` in a new temporary file in `real`'s folder, flushed to disk, with the
    permissions of the file it replaces, or those the umask gives a new file."""
    try:
        fd, temporary = _create(real.parent, _TEMP_SUFFIX)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}.") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if real.exists():
            os.chmod(temporary, stat.S_IMODE(real.stat().st_mode))
    except BaseException as exc:
        _remove(temporary)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {target}: {exc.strerror or exc}.") from None
        raise
    return temporary


def _create(folder: Path, suffix: str) -> tuple[int, Path]:
    """A new file of a name no other has, opened for writing (the system applies the
    umask to its mode, as to any new file)."""
    while True:
        name = folder / f"{_TEMP_PREFIX}{secrets.token_hex(6)}{suffix}"
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _NEW_FILE_MODE), name
        except FileExistsError:
            continue


def _swap(staged: list[tuple[Path, Path, Path]]) -> None:
    """Renames every temporary onto its target, keeping each existing target under a
    backup name until all are through, so that a failure, or an interrupt, can put
    everything back. Each step is noted before it is taken."""
    done: list[tuple[Path, Path | None]] = []  # (target, its backup, or None if it was new)
    try:
        for temporary, real, target in staged:
            try:
                backup = _keep(real) if real.exists() else None
                done.append((real, backup))
                os.replace(temporary, real)
            except OSError as exc:
                raise OutputError(f"cannot write {target}: {exc.strerror or exc}.") from None
    except BaseException as exc:
        lost = _put_back(done)
        if lost and isinstance(exc, OutputError):
            raise OutputError(f"{exc} {lost}") from None
        raise
    for _, backup in done:
        if backup is not None:
            _remove(backup)


def _put_back(done: list[tuple[Path, Path | None]]) -> str:
    """Undoes the renames, carrying on past any that fail; says what could not be put
    back, and where its old content is kept."""
    lost = []
    for real, backup in reversed(done):
        try:
            if backup is None:
                real.unlink(missing_ok=True)
            else:
                os.replace(backup, real)
        except OSError as exc:
            lost.append(f"{real} could not be put back ({exc.strerror or exc})" +
                        (f"; its old content is in {backup}" if backup else ""))
    return ("; ".join(lost) + ".") if lost else ""


def _keep(real: Path) -> Path:
    """A second name for the existing file, of a name no other file has: a hard link,
    or a copy where the file system allows no links."""
    while True:
        backup = real.parent / f"{_TEMP_PREFIX}{secrets.token_hex(6)}{_BACKUP_SUFFIX}"
        try:
            os.link(real, backup)
            return backup
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                raise
        fd, backup = _create(real.parent, _BACKUP_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as copy, open(real, "rb") as original:
                shutil.copyfileobj(original, copy)
            shutil.copystat(real, backup)
        except BaseException:
            _remove(backup)
            raise
        return backup


def _sync_folders(folders: set[Path]) -> None:
    """Flushes the renames themselves to disk, where the system allows it."""
    for folder in folders:
        try:
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def _resolved(target: Path) -> Path:
    """Where writing `target` writes: through symbolic links."""
    return Path(os.path.realpath(target))


def _same_file(a: Path, b: Path) -> bool:
    """The same name, the same file through links, or two hard links of one file."""
    if _resolved(a) == _resolved(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
