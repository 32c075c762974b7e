"""Files written all or nothing: every file in place, or none of them and every old
file as it was, whatever fails and wherever an interrupt comes."""
import errno
import os
import stat
from pathlib import Path

import pytest

from wordsearch.errors import InputError, OutputError
from wordsearch.export import atomic

OLD, NEW, KEYS = b"old puzzles", b"new puzzles", b"new keys"


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def failing_replace(monkeypatch, fails):
    """os.replace, failing with what `fails(src, dst)` returns (an exception), if any."""
    real_replace, calls = os.replace, []

    def replace(src, dst):
        calls.append(Path(dst))
        problem = fails(Path(src), Path(dst))
        if problem is not None:
            raise problem
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    return calls


def test_every_file_is_written_and_nothing_else_is_left(tmp_path):
    (tmp_path / "sub").mkdir()
    atomic.commit({tmp_path / "out.pdf": NEW, tmp_path / "sub" / "keys.pdf": KEYS})
    assert (tmp_path / "out.pdf").read_bytes() == NEW
    assert (tmp_path / "sub" / "keys.pdf").read_bytes() == KEYS
    assert listing(tmp_path) == ["out.pdf", "sub"] and listing(tmp_path / "sub") == ["keys.pdf"]


def test_a_rename_that_fails_midway_puts_everything_back(tmp_path, monkeypatch):
    """The second rename fails: the first file, already in place, is put back as it was,
    and no temporary or backup file is left."""
    (tmp_path / "out.pdf").write_bytes(OLD)
    calls = failing_replace(monkeypatch, lambda src, dst: OSError(28, "No space left on device")
                            if dst.name == "keys.pdf" else None)
    with pytest.raises(OutputError, match=r"cannot write .*keys.pdf: No space left on device"):
        atomic.commit({tmp_path / "out.pdf": NEW, tmp_path / "keys.pdf": KEYS})
    assert listing(tmp_path) == ["out.pdf"] and (tmp_path / "out.pdf").read_bytes() == OLD
    assert len(calls) >= 3  # out.pdf in, keys.pdf refused, out.pdf put back


def test_a_failure_while_staging_leaves_no_temporary_file(tmp_path, monkeypatch):
    real_fsync, synced = os.fsync, []

    def fsync(fd):
        synced.append(fd)
        if len(synced) == 2:
            raise OSError(errno.EIO, "Input/output error")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OutputError, match=r"cannot write .*b.json: Input/output error."):
        atomic.commit({tmp_path / "a.json": NEW, tmp_path / "b.json": KEYS})
    assert listing(tmp_path) == []


def test_a_long_name_never_fails_because_of_the_temporary_name(tmp_path):
    name = "a" * (255 - len(".pdf")) + ".pdf"
    atomic.commit({tmp_path / name: NEW})
    assert listing(tmp_path) == [name]


def test_a_name_one_byte_too_long_is_refused_with_a_message(tmp_path):
    name = "a" * 256
    with pytest.raises(OutputError, match="the name is too long for this file system"):
        atomic.commit({tmp_path / name: NEW})
    assert listing(tmp_path) == []


def test_a_new_file_gets_the_permissions_the_umask_gives(tmp_path):
    old = os.umask(0o027)
    try:
        atomic.commit({tmp_path / "p.json": NEW})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "p.json").stat().st_mode) == 0o640


def test_a_replaced_file_keeps_its_permissions_and_a_read_only_one_is_refused(tmp_path,
                                                                            monkeypatch):
    kept = tmp_path / "kept.json"
    kept.write_bytes(OLD)
    kept.chmod(0o604)
    atomic.commit({kept: NEW})
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_bytes() == NEW
    frozen = tmp_path / "frozen.json"
    frozen.write_bytes(OLD)
    frozen.chmod(0o444)
    # As the system answers a user who may not write it (root may write anything).
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if Path(path) == frozen
                        else real_access(path, mode))
    with pytest.raises(OutputError, match="the file is read-only"):
        atomic.commit({frozen: NEW})
    assert frozen.read_bytes() == OLD


def test_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "real.json").write_bytes(OLD)
    (tmp_path / "link.json").symlink_to("real.json")
    (tmp_path / "dangling.json").symlink_to("missing.json")
    atomic.commit({tmp_path / "link.json": NEW, tmp_path / "dangling.json": KEYS})
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "dangling.json").is_symlink()
    assert (tmp_path / "real.json").read_bytes() == NEW
    assert (tmp_path / "missing.json").read_bytes() == KEYS


def test_a_failure_keeps_a_dangling_link_as_it_was(tmp_path, monkeypatch):
    (tmp_path / "a.pdf").symlink_to("gone.pdf")
    failing_replace(monkeypatch, lambda src, dst: OSError(1, "Operation not permitted")
                    if dst.name == "keys.pdf" else None)
    with pytest.raises(OutputError):
        atomic.commit({tmp_path / "a.pdf": NEW, tmp_path / "keys.pdf": KEYS})
    assert listing(tmp_path) == ["a.pdf"] and (tmp_path / "a.pdf").is_symlink()


def test_an_interrupt_between_renames_puts_everything_back(tmp_path, monkeypatch):
    (tmp_path / "out.pdf").write_bytes(OLD)
    failing_replace(monkeypatch, lambda src, dst: KeyboardInterrupt()
                    if dst.name == "keys.pdf" else None)
    with pytest.raises(KeyboardInterrupt):
        atomic.commit({tmp_path / "out.pdf": NEW, tmp_path / "keys.pdf": KEYS})
    assert listing(tmp_path) == ["out.pdf"] and (tmp_path / "out.pdf").read_bytes() == OLD


def test_an_interrupt_while_writing_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic.commit({tmp_path / "p.json": NEW})
    assert listing(tmp_path) == []


def test_a_rollback_that_fails_says_where_the_old_content_is(tmp_path, monkeypatch):
    (tmp_path / "out.pdf").write_bytes(OLD)
    failing_replace(monkeypatch, lambda src, dst: OSError(5, "Input/output error")
                    if dst.name == "keys.pdf" or src.suffix == ".bak" else None)
    with pytest.raises(OutputError) as caught:
        atomic.commit({tmp_path / "out.pdf": NEW, tmp_path / "keys.pdf": KEYS})
    message = str(caught.value)
    assert "keys.pdf: Input/output error." in message
    assert f"{tmp_path / 'out.pdf'} could not be put back" in message
    backup = Path(message.split("its old content is in ")[1].rstrip("."))
    assert backup.read_bytes() == OLD


@pytest.mark.parametrize("refusal", [errno.EPERM, errno.EXDEV])
def test_where_no_hard_link_is_allowed_the_old_file_is_kept_as_a_copy(tmp_path, monkeypatch,
                                                                      refusal):
    (tmp_path / "out.pdf").write_bytes(OLD)
    (tmp_path / "out.pdf").chmod(0o640)

    def no_links(src, dst):
        raise OSError(refusal, os.strerror(refusal))

    monkeypatch.setattr(os, "link", no_links)
    failing_replace(monkeypatch, lambda src, dst: OSError(28, "No space left on device")
                    if dst.name == "keys.pdf" else None)
    with pytest.raises(OutputError, match="No space left on device.$"):
        atomic.commit({tmp_path / "out.pdf": NEW, tmp_path / "keys.pdf": KEYS})
    assert listing(tmp_path) == ["out.pdf"] and (tmp_path / "out.pdf").read_bytes() == OLD
    assert stat.S_IMODE((tmp_path / "out.pdf").stat().st_mode) == 0o640


def test_two_names_of_one_file_are_refused_before_anything_is_written(tmp_path):
    (tmp_path / "x.pdf").write_bytes(OLD)
    (tmp_path / "sub").mkdir()
    os.link(tmp_path / "x.pdf", tmp_path / "hard.pdf")
    (tmp_path / "soft.pdf").symlink_to("x.pdf")
    for twin in ("hard.pdf", "soft.pdf", "sub/../x.pdf"):
        with pytest.raises(InputError) as caught:
            atomic.commit({tmp_path / "x.pdf": NEW, tmp_path / twin: KEYS})
        assert str(caught.value) == (f"{tmp_path / 'x.pdf'} and {tmp_path / twin} are the same "
                                     f"file; give each output a name of its own.")
        assert caught.value.option == "output"
    assert (tmp_path / "x.pdf").read_bytes() == OLD
    assert listing(tmp_path) == ["hard.pdf", "soft.pdf", "sub", "x.pdf"]


def test_same_file_follows_links_and_tells_files_apart(tmp_path):
    (tmp_path / "a").write_bytes(OLD)
    (tmp_path / "b").write_bytes(OLD)
    os.link(tmp_path / "a", tmp_path / "hard")
    assert atomic.same_file(tmp_path / "a", tmp_path / "hard")
    assert atomic.same_file(tmp_path / "a", tmp_path / "sub" / ".." / "a")
    assert atomic.same_file(tmp_path / "new", tmp_path / "new")  # neither exists yet
    assert not atomic.same_file(tmp_path / "a", tmp_path / "b")
    assert not atomic.same_file(tmp_path / "a", tmp_path / "missing")


@pytest.mark.parametrize("make, name, problem", [
    (lambda d: None, "nodir/p.pdf", "the folder {d}/nodir does not exist; create it or choose "
                                    "another folder."),
    (lambda d: (d / "file").write_bytes(OLD), "file/p.pdf", "{d}/file is a file, not a folder."),
    (lambda d: (d / "p.pdf").mkdir(), "p.pdf", "it is a folder; choose another name."),
    (lambda d: os.mkfifo(d / "p.pdf"), "p.pdf", "it is not a plain file (a device or a pipe)"),
])
def test_a_target_that_cannot_be_written_is_named_with_its_problem(tmp_path, make, name,
                                                                   problem):
    make(tmp_path)
    with pytest.raises(OutputError) as caught:
        atomic.check_target(tmp_path / name)
    assert str(caught.value).startswith(f"cannot write {tmp_path / name}: "
                                        f"{problem.format(d=tmp_path)}")


def test_a_device_is_not_replaced_by_a_file():
    with pytest.raises(OutputError, match="it is not a plain file"):
        atomic.commit({Path("/dev/null"): NEW})
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
