"""The output step: formats from names, every file written or none, bytes for a
caller that sends them on."""
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import wordsearch
from conftest import page_count
from wordsearch import export
from wordsearch.export import formats
from wordsearch.errors import InputError, OutputError
from wordsearch.render import layout
from wordsearch.render.look import PageOptions

WORDS = ["sun", "moon", "star", "planet", "comet", "orbit"]


@pytest.fixture(scope="module")
def space():
    return wordsearch.generate(WORDS, seed="space", beam=256)


@pytest.fixture(scope="module")
def space_set():
    sections = wordsearch.split_sections(WORDS)
    return wordsearch.build_set(sections, copies=2, seed="set", beam=256, jobs=1)


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.slow
def test_svg_and_png_write_one_file_per_page(fruit, tmp_path):
    files = export.files(fruit, export.Output(tmp_path / "p.svg"))
    assert list(files) == [tmp_path / "p.svg", tmp_path / "p-key.svg"]
    assert all(data.startswith(b"<?xml") for data in files.values())
    pngs = export.files(fruit, export.Output(tmp_path / "p.png", page=PageOptions(dpi=100)))
    assert list(pngs) == [tmp_path / "p.png", tmp_path / "p-key.png"]
    assert Image.open(io.BytesIO(pngs[tmp_path / "p.png"])).size == (850, 1100)
    key_only = export.Output(tmp_path / "k.png", page=PageOptions(pages=("key",)))
    assert list(export.files(fruit, key_only)) == [tmp_path / "k.png"]
    with pytest.raises(InputError, match="a resolution of 5 dpi is out of range"):
        PageOptions(dpi=5)


def test_the_format_comes_from_the_name_unless_given(space):
    assert export.Output(Path("a.PDF")).kind == "pdf"
    assert export.Output(None).kind == "text" and export.Output(None, "json").kind == "json"
    with pytest.raises(InputError, match='cannot tell the format of "a.doc"'):
        export.check(export.Output(Path("a.doc")), is_set=False)
    with pytest.raises(InputError) as caught:
        export.check(export.Output(Path("a.pdf"), "json"), is_set=False)
    assert caught.value.option == "format"


def test_the_messages_name_every_format_of_the_table():
    with pytest.raises(InputError) as caught:
        export.check(export.Output(Path("a.doc")), is_set=False)
    assert str(caught.value) == ('cannot tell the format of "a.doc"; end the name in .pdf, '
                                 '.svg, .png, .json, .txt or .html.')
    with pytest.raises(InputError) as caught:
        export.check(export.Output(format="doc"), is_set=False)
    assert str(caught.value) == ('"doc" is not an output format; use one of pdf, svg, png, '
                                 'json, text, html.')
    for row in formats.FORMATS:
        assert export.Output(Path(f"a{row.suffix}")).kind == row.kind
        assert export.Output(format=row.kind).kind == row.kind


@pytest.mark.parametrize("kind, is_set, keys, message", [
    ("svg", True, None, "a set of puzzles, or puzzles with a keys file, are written as one PDF; "
                        "name the output NAME.pdf, not SVG (or write JSON or text)."),
    ("png", False, "k.pdf", "a set of puzzles, or puzzles with a keys file, are written as one "
                            "PDF; name the output NAME.pdf, not PNG (or write JSON or text)."),
    ("html", True, None, "a play page (HTML) holds one puzzle; write a set of puzzles as one PDF, "
                         "NAME.pdf."),
    ("json", False, "k.pdf", "a separate answer keys file goes with a PDF of the puzzles; name "
                             "the output NAME.pdf as well."),
    ("pdf", False, "k.txt", 'the answer keys file is a PDF; name it NAME.pdf, not "k.txt".'),
])
def test_what_a_format_cannot_hold_is_refused_naming_one_that_can(tmp_path, kind, is_set, keys,
                                                                   message):
    output = export.Output(tmp_path / f"p.{kind}",
                           keys_path=tmp_path / keys if keys is not None else None)
    with pytest.raises(InputError) as caught:
        export.check(output, is_set=is_set)
    assert str(caught.value) == message


def test_sets_go_only_to_formats_the_table_says_hold_them(tmp_path):
    for row in formats.FORMATS:
        output = export.Output(tmp_path / f"p{row.suffix}", page=PageOptions(dpi=36))
        if row.sets:
            export.check(output, is_set=True)
        else:
            with pytest.raises(InputError):
                export.check(output, is_set=True)


def test_a_solved_grids_key_and_a_book_go_only_to_formats_that_draw_them(tmp_path):
    for row in formats.FORMATS:
        key = export.Output(tmp_path / f"k{row.suffix}", page=PageOptions(pages=("key",)))
        book = export.Output(tmp_path / f"b{row.suffix}")
        for check, output, allowed in ((export.check_key, key, row.draw is not None),
                                       (export.check_book, book, row.book)):
            if allowed:
                check(output, str(output.path))
            else:
                with pytest.raises(InputError):
                    check(output, str(output.path))
    with pytest.raises(InputError) as caught:
        export.check_key(export.Output(Path("k.txt")), "./k.txt")
    assert str(caught.value) == ('the answer key is drawn as PDF, SVG or PNG; name it NAME.pdf, '
                                 'NAME.svg or NAME.png, not "./k.txt".')  # as typed
    assert caught.value.option == "output"
    with pytest.raises(InputError) as caught:
        export.check_book(export.Output(Path("b.json")), "b.json")
    assert str(caught.value) == 'a book is a PDF; name it NAME.pdf, not "b.json".'
    with pytest.raises(OutputError, match="nodir"):
        export.check_book(export.Output(tmp_path / "nodir" / "b.pdf"), "nodir/b.pdf")


@pytest.mark.slow
def test_pages_laid_out_elsewhere_are_drawn_and_written_in_the_outputs_format(space, tmp_path):
    laid_out = layout.layouts(space, PageOptions(pages=("key",)))
    for row in formats.drawn():
        output = export.Output(tmp_path / f"key{row.suffix}", page=PageOptions(pages=("key",)))
        assert export.write_pages(laid_out, output) == [output.path]
        # Cairo numbers an SVG's surfaces by process, so two drawings differ there.
        drawn = row.draw(laid_out, output.page)[0]
        assert output.path.read_bytes()[:32] == drawn[:32]


def fake_rows():
    """A page format and a document format that are not in the table."""
    def draw(laid_out, options):
        return [f"drawn {page.__class__.__name__}".encode() for page in laid_out]

    def write(result, options):
        return f"rows of {result.code}".encode()

    return (formats.Format("pages", (".pg", ".pages"), "PG", "a PG file", "one file a page",
                           formats.KEY_BESIDE, draw=draw),
            formats.Format("rows", (".rows",), "ROWS", "a table of rows", "", formats.KEY_WITHIN,
                           sets=True, write=write))


def test_a_new_format_is_one_row_of_the_table(space, space_set, tmp_path, monkeypatch):
    """What the output step does with a format comes from its row: its names, its
    messages, its files and the key writer."""
    pages_row, rows_row = fake_rows()
    monkeypatch.setattr(formats, "FORMATS", (*formats.FORMATS, pages_row, rows_row))
    assert export.Output(Path("a.PAGES")).kind == "pages"
    with pytest.raises(InputError, match=r"end the name in .*\.html, \.pg or \.rows\.$"):
        export.check(export.Output(Path("a.doc")), is_set=False)
    made = export.files(space, export.Output(tmp_path / "p.pg"))
    assert made == {tmp_path / "p.pg": b"drawn PuzzlePage", tmp_path / "p-key.pg": b"drawn KeyPage"}
    assert export.write(space_set, export.Output(tmp_path / "s.rows")) == [tmp_path / "s.rows"]
    assert (tmp_path / "s.rows").read_bytes() == f"rows of {space_set.code}".encode()
    with pytest.raises(InputError, match="not PG"):
        export.check(export.Output(tmp_path / "s.pg"), is_set=True)
    with pytest.raises(InputError, match="NAME.pdf, NAME.svg, NAME.png or NAME.pg, not"):
        export.check_key(export.Output(tmp_path / "k.rows"), "k.rows")
    laid_out = layout.layouts(space, PageOptions(pages=("key",)))
    key = export.Output(tmp_path / "k.pages", page=PageOptions(pages=("key",)))
    assert export.write_pages(laid_out, key) == [tmp_path / "k.pages"]
    assert (tmp_path / "k.pages").read_bytes() == b"drawn KeyPage"
    assert ".pg (one file a page)" in formats.described()


def test_bytes_for_a_caller_that_sends_them_on(space, space_set):
    pdf = export.files(space, export.Output(format="pdf"))
    assert list(pdf) == [None] and page_count(pdf[None]) == 2
    (document,) = export.files(space, export.Output(format="json")).values()
    assert wordsearch.Puzzle.from_json(document.decode()) == space
    (both,) = export.files(space_set, export.Output(format="pdf")).values()
    assert page_count(both) == 4
    puzzle_only = export.Output(format="png", page=PageOptions(pages=("puzzle",)))
    assert export.files(space, puzzle_only)[None].startswith(b"\x89PNG")
    for kind, noun in (("png", "a PNG image"), ("svg", "an SVG image")):
        with pytest.raises(InputError) as caught:
            export.files(space, export.Output(format=kind))
        assert str(caught.value) == (f"{noun} holds one page; ask for the puzzle page or the "
                                     f"answer key, or give a file name (NAME.{kind} and "
                                     f"NAME-key.{kind}).")


def test_a_set_with_its_keys_in_a_file_of_their_own(space_set, tmp_path):
    written = export.write(space_set, export.Output(tmp_path / "set.pdf",
                                                    keys_path=tmp_path / "keys.pdf"))
    assert written == [tmp_path / "set.pdf", tmp_path / "keys.pdf"]
    assert page_count(tmp_path / "set.pdf") == 2 and page_count(tmp_path / "keys.pdf") == 2
    assert listing(tmp_path) == ["keys.pdf", "set.pdf"]


@pytest.mark.parametrize("keys", ["out.pdf", "./out.pdf", "sub/../out.pdf"])
def test_the_same_path_for_puzzles_and_keys_is_refused(space_set, tmp_path, keys):
    (tmp_path / "sub").mkdir()
    output = export.Output(tmp_path / "out.pdf", keys_path=tmp_path / keys)
    with pytest.raises(InputError, match="would both be written to") as caught:
        export.write(space_set, output)
    assert caught.value.option == "keys"
    assert listing(tmp_path) == ["sub"]


def test_a_folder_that_does_not_exist_leaves_nothing_and_keeps_what_was_there(space_set,
                                                                              tmp_path):
    (tmp_path / "out.pdf").write_bytes(b"last week's puzzles")
    output = export.Output(tmp_path / "out.pdf", keys_path=tmp_path / "nodir" / "keys.pdf")
    with pytest.raises(OutputError) as caught:
        export.write(space_set, output)
    assert str(caught.value) == (f"cannot write {tmp_path / 'nodir' / 'keys.pdf'}: the folder "
                                 f"{tmp_path / 'nodir'} does not exist; create it or choose another "
                                 f"folder.")
    assert listing(tmp_path) == ["out.pdf"]
    assert (tmp_path / "out.pdf").read_bytes() == b"last week's puzzles"


def test_a_folder_in_the_way_of_the_key_leaves_no_puzzle_behind(space, tmp_path):
    (tmp_path / "out-key.svg").mkdir()
    with pytest.raises(OutputError, match="out-key.svg: it is a folder"):
        export.write(space, export.Output(tmp_path / "out.svg"))
    assert listing(tmp_path) == ["out-key.svg"]


def test_a_rename_that_fails_midway_puts_everything_back(space_set, tmp_path, monkeypatch):
    """The second rename fails: the first file, already in place, is put back as it was,
    and no temporary or backup file is left."""
    (tmp_path / "out.pdf").write_bytes(b"old puzzles")
    real_replace, calls = os.replace, []

    def failing_replace(src, dst):
        calls.append(dst)
        if Path(dst).name == "keys.pdf":
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    output = export.Output(tmp_path / "out.pdf", keys_path=tmp_path / "keys.pdf")
    with pytest.raises(OutputError, match=r"cannot write .*keys.pdf: No space left on device"):
        export.write(space_set, output)
    assert listing(tmp_path) == ["out.pdf"]
    assert (tmp_path / "out.pdf").read_bytes() == b"old puzzles"
    assert len(calls) >= 3  # out.pdf in, keys.pdf refused, out.pdf put back


def command(*args: str) -> list[str]:
    """The installed command (run outside the source tree, which has no C core built)."""
    return [str(Path(sys.executable).with_name("wordsearch")), *args]


@pytest.mark.slow  # a process of its own
def test_standard_output_on_a_full_disk_names_standard_output(tmp_path):
    with open("/dev/full", "wb") as full:
        result = subprocess.run(command("--seed", "f", "sun", "moon"), stdout=full,
                                stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "error: cannot write to standard output: No space left on device.\n"


@pytest.mark.slow  # a process of its own
def test_standard_output_into_a_closed_pipe_names_standard_output(tmp_path):
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = subprocess.run(command("--seed", "p", "sun", "moon"), stdout=writer,
                                stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    finally:
        os.close(writer)
    assert result.returncode == 1
    assert result.stderr == "error: cannot write to standard output: Broken pipe.\n"


@pytest.mark.slow  # processes of their own
@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_pipe_whose_reader_leaves_early_is_named_however_output_is_buffered(
        tmp_path, unbuffered):
    """About 100 KB, more than a pipe holds, to a reader that takes 10 bytes and goes.
    Unbuffered, a write may take part of the bytes and say so rather than fail: the
    rest used to be dropped and the command said nothing and exited 0."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    args = command("--seed", "p", "-g", "100", "--copies", "8", "--format", "json", "-q",
                   "sun", "moon", "star", "comet", "planet", "orbit")
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          cwd=tmp_path) as run:
        assert len(run.stdout.read(10)) == 10
        run.stdout.close()
        stderr = run.stderr.read().decode()
        assert run.wait(timeout=60) == 1
    assert stderr == "error: cannot write to standard output: Broken pipe.\n"


def test_two_hard_links_of_one_file_are_the_same_file(space_set, tmp_path):
    (tmp_path / "x.pdf").write_bytes(b"old")
    os.link(tmp_path / "x.pdf", tmp_path / "hard.pdf")
    with pytest.raises(InputError, match="would both be written to"):
        export.write(space_set, export.Output(tmp_path / "x.pdf", keys_path=tmp_path / "hard.pdf"))


def test_closed_standard_output_is_named(space, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(OutputError, match="cannot write to standard output: it is closed."):
        export.write(space, export.Output())


@pytest.mark.slow  # a process of its own
def test_the_command_with_standard_output_closed_names_it(tmp_path):
    script = " ".join(command("--seed", "c", "sun", "moon")) + " >&-"
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "error: cannot write to standard output: it is closed.\n"


def test_a_png_too_large_to_draw_is_refused_up_front_naming_its_size(space, tmp_path):
    page = PageOptions(size=(14400.0, 14400.0), dpi=600)
    with pytest.raises(InputError) as caught:
        export.write(space, export.Output(tmp_path / "out.png", page=page))
    assert str(caught.value) == ("a PNG of this page at 600 dpi would be 120,000×120,000 pixels; "
                                 "the most is 12,000 on a side. Use a lower resolution or a "
                                 "smaller page.")
    assert caught.value.option == "dpi" and listing(tmp_path) == []
