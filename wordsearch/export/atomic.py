"""Files written all or nothing.

Each file is first written whole to a temporary name in its own folder, then every
one is renamed into place. If anything fails, even an interrupt, the files already
renamed are put back as they were (an existing file is kept under a second name, a
hard link, until the end), so no new file remains and no old one is lost. A name
that is a symbolic link is written through: the file it points to is replaced, and
the link stays.

The output step checks its names here before any puzzle is made (check_target,
same_file), so that a mistake in them costs no time, and commit checks them again.
"""
from __future__ import annotations

import errno
import os
import secrets
import shutil
import stat
from collections.abc import Mapping
from pathlib import Path

from wordsearch.errors import InputError, OutputError

# Temporary files are named .ws-XXXXXXXXXXXX.tmp whatever the target is called, so a
# long name that the file system accepts never fails for its temporary's sake.
_TEMP_PREFIX, _TEMP_SUFFIX, _BACKUP_SUFFIX = ".ws-", ".tmp", ".bak"
_NEW_FILE_MODE = 0o666  # less the umask, which the system applies


def commit(made: Mapping[Path, bytes]) -> None:
    """Writes each file to a temporary name beside it, then renames them all into
    place; on any failure, none of them remains and existing files are as they were."""
    targets = list(made)
    for i, target in enumerate(targets):
        twin = next((other for other in targets[:i] if same_file(other, target)), None)
        if twin is not None:
            raise InputError(f"{twin} and {target} are the same file; give each output a "
                             f"name of its own.", option="output")
        check_target(target)
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


def check_target(target: Path) -> None:
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
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"the folder {target.parent} is read-only; make it writable or choose "
                f"another folder.")
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


def same_file(a: Path, b: Path) -> bool:
    """The same name, the same file through links, or two hard links of one file."""
    if _resolved(a) == _resolved(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


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
