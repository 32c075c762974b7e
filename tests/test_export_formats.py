"""The table of output formats, and the places that read it instead of naming formats
themselves: the command's help, the solver's key writer (the output step's own checks
and files are in test_export.py)."""
import click
import pytest

import wordsearch
from wordsearch import cli
from wordsearch.errors import InputError
from wordsearch.export import formats
from wordsearch.render import layout
from wordsearch.render.look import PageOptions

# How each kind's bytes begin (text: with the grid's first row, for the puzzle below):
# a new row without one here fails the walk over the table.
MAGIC = {"pdf": b"%PDF-", "svg": b"<?xml", "png": b"\x89PNG\r\n", "json": b'{\n  "format"',
         "text": b"A T M G A\n", "html": b"<!doctype html>"}
KEY_PLACES = {formats.KEY_AFTER, formats.KEY_AFTER_OR_APART, formats.KEY_BESIDE,
              formats.KEY_WITHIN}


def option_help(command: click.Command, name: str) -> str:
    return next(p.help for p in command.params if p.name == name)


def test_each_row_is_whole_and_names_its_format_once():
    kinds = [row.kind for row in formats.FORMATS]
    suffixes = [suffix for row in formats.FORMATS for suffix in row.suffixes]
    assert len(set(kinds)) == len(kinds) and len(set(suffixes)) == len(suffixes)
    assert formats.by_kind(formats.DEFAULT_KIND) is not None
    for row in formats.FORMATS:
        assert row.suffixes and all(s.startswith(".") and s == s.lower() for s in row.suffixes)
        assert (row.write is None) != (row.draw is None), row.kind
        assert row.key in KEY_PLACES and row.label and row.noun
        # A keys file is drawn apart from the puzzles, so only a page format has one.
        assert row.key != formats.KEY_AFTER_OR_APART or row.draw is not None


def test_a_name_chooses_its_format_in_any_case():
    for row in formats.FORMATS:
        for suffix in row.suffixes:
            assert formats.by_suffix(suffix.upper()) is row and formats.by_kind(row.kind) is row
    assert formats.by_suffix(".doc") is None and formats.by_kind("doc") is None
    assert formats.by_suffix("") is None


def test_choices_are_listed_as_a_sentence_lists_them():
    assert formats.either(["PDF"]) == "PDF"
    assert formats.either(["PDF", "SVG"]) == "PDF or SVG"
    assert formats.either(["PDF", "SVG", "PNG"]) == "PDF, SVG or PNG"
    assert formats.file_names(formats.drawn()) == "NAME.pdf, NAME.svg or NAME.png"
    assert formats.file_names(formats.drawn()[:1], "FILE") == "FILE.pdf"


def test_the_help_lists_every_format_with_what_it_holds():
    assert formats.described() == (".pdf (puzzle and key), .svg or .png (one file a page), "
                                   ".json, .txt, or .html (a page to play it in a browser)")


def test_rows_with_the_same_note_share_it_in_the_help(monkeypatch):
    pdf, svg, png = formats.FORMATS[:3]
    monkeypatch.setattr(formats, "FORMATS", (svg, pdf, png))
    assert formats.described() == (".svg (one file a page), .pdf (puzzle and key), "
                                   "or .png (one file a page)")
    monkeypatch.setattr(formats, "FORMATS", (svg,))
    assert formats.described() == ".svg (one file a page)"


def test_the_commands_help_comes_from_the_table():
    """The -o help of make, solve and book."""
    assert option_help(cli.make, "output") == (f"Output file: {formats.described()}. Prints "
                                               f"text to stdout if omitted.")
    assert option_help(cli.solve_command, "output") == (
        f"Draw the answer key for this grid: {formats.file_names(formats.drawn(), 'FILE')}.")
    assert option_help(cli.book_command, "output") == "The book: NAME.pdf."


def test_a_png_too_large_to_draw_is_refused_naming_its_size():
    formats.check_pixels(PageOptions(size=(1440.0, 1440.0), dpi=600))  # 12,000 a side
    with pytest.raises(InputError) as caught:
        formats.check_pixels(PageOptions(size=(1440.5, 100.0), dpi=600))
    assert str(caught.value).startswith("a PNG of this page at 600 dpi would be 12,005×834 "
                                        "pixels; the most is 12,000 on a side.")
    assert caught.value.option == "dpi"
    assert formats.by_kind("png").check_page is formats.check_pixels


@pytest.fixture(scope="module")
def space():
    return wordsearch.generate(["sun", "moon", "star", "comet"], seed="formats", beam=64)


def test_every_row_writes_what_its_kind_is(space):
    """A walk over the table: each row's writer or drawer makes its kind's bytes, one
    document for a puzzle page."""
    assert set(MAGIC) == {row.kind for row in formats.FORMATS}
    options = PageOptions(pages=("puzzle",), dpi=36)
    for row in formats.FORMATS:
        if row.write is not None:
            documents = [row.write(space, options)]
        else:
            documents = row.draw(layout.layouts(space, options), options)
        assert len(documents) == 1 and documents[0].startswith(MAGIC[row.kind]), row.kind


@pytest.mark.parametrize("row", formats.drawn(), ids=lambda row: row.kind)
def test_the_solvers_key_is_drawn_in_every_page_format(run, tmp_path, space, row):
    document = tmp_path / "p.json"
    document.write_text(space.to_json(), encoding="utf-8")
    name = tmp_path / f"key{row.suffix}"
    result = run("solve", str(document), "-o", str(name), "--dpi", "36")
    assert result.exit_code == 0, result.stderr
    assert name.read_bytes().startswith(MAGIC[row.kind])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["p.json", name.name])
