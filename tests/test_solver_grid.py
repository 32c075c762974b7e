"""Grids from files (wordsearch.solver.grid): plain text, our own text output and
the text pdftotext takes from our PDFs, our JSON document, and word-search-generator's
JSON and CSV; every bad file refused naming the line."""
import random

import pytest

import wordsearch
from wordsearch import lang
from wordsearch.errors import InputError
from wordsearch.render.text import render_text
from wordsearch.solver import read_grid, solve
from conftest import pdf_of, pdf_text, poppler

EN = lang.get("en")


@pytest.mark.parametrize("text, rows", [
    ("ABC\nDEF\n", ("ABC", "DEF")),
    ("A B C\nD E F", ("ABC", "DEF")),
    ("\n\nabc\r\ndef\r\n\n", ("ABC", "DEF")),
    ("A.C\n.E.", ("A.C", ".E.")),
    ("A . C\n. E .", ("A.C", ".E.")),
    ("  B\nD E F", (".B.", "DEF")),      # our text output of a shape: spaces outside
    ("A B\nD E F\n  G", ("AB.", "DEF", ".G.")),
])
def test_plain_text_rows(text, rows):
    assert read_grid(text).rows == rows


@pytest.mark.parametrize("text, message", [
    ("ABC\nDE\n", "line 2: row 2 has 2 cells, but row 1 has 3"),
    ("ABC\nD#F\n", "line 2: column 2 holds \"#\", which is not a letter of English grids"),
    ("ABC\n\nDEF\n", "line 2: a blank line inside the grid"),
    ("   \n\n", "is empty"),
    ("A B C\nD E\n", "line 2: row 2 has 2 cells"),
])
def test_bad_text_is_refused_naming_the_line(text, message):
    with pytest.raises(InputError, match=message):
        read_grid(text, name="grid.txt")


def test_letters_of_the_language():
    assert read_grid("NIÑO\nñaña", "es").rows == ("NIÑO", "ÑAÑA")
    assert read_grid("NIÑO").rows == ("NINO",)  # English drops the tilde, as in words
    with pytest.raises(InputError, match="column 2 holds \"Д\", which is not a letter of "
                                         "English grids"):
        read_grid("AДB")
    assert read_grid("σοφία".upper() + "\n" + "ΑΒΓΔΕ", "el").rows[0] == "ΣΟΦΙΑ"


@pytest.mark.parametrize("mask", [None, "heart"])
def test_our_text_output_is_read_with_its_word_list(mask):
    puzzle = wordsearch.generate(["sun", "moon", "star", "planet", "comet", "ice cream"],
                                 mask=mask, seed="txt", grid=None if mask else 11)
    text = render_text(puzzle, "Space", ("Name",))
    grid = read_grid(text)
    assert grid.rows == puzzle.grid
    assert sorted(grid.words) == sorted(p.label for p in puzzle.words)
    assert grid.code == puzzle.code
    assert solve(grid).every_word_once


@pytest.mark.parametrize("language, words", [
    ("en", ["sun", "moon", "star", "planet", "comet", "ice cream"]),
    ("de", ["Sonne", "Mond", "Stern", "Straße", "Komet"]),
])
def test_the_text_pdftotext_takes_from_our_pdf_with_its_word_list_and_code(language, words):
    puzzle = wordsearch.generate(words, grid=9, seed="pdf", language=language)
    grid = read_grid(pdf_text(pdf_of(puzzle, title="Space", fields=("Name",))),
                     language=language)
    assert grid.rows == puzzle.grid
    assert sorted(grid.words) == sorted(p.label for p in puzzle.words)
    assert grid.code == puzzle.code
    assert solve(grid).every_word_once


def test_text_from_pdftotext_s_other_modes_is_refused_saying_to_take_it_with_raw():
    puzzle = wordsearch.generate(["Kansas", "Arkansas", "Texas", "Ohio", "Iowa", "Utah",
                                  "Maine", "Nevada"], seed="j6vk-sewq")
    layout = poppler("pdftotext", "-layout", "@", "-", source=pdf_of(puzzle, title="States"))
    with pytest.raises(InputError, match="take it with pdftotext -raw"):
        read_grid(layout)


@pytest.mark.parametrize("title, words", [
    ("Fruit", ["apple", "mango", "lemon", "grape", "peach"]),  # a title that reads as a row
    ("My fruit", ["apple", "banana", "cherry", "grape", "lemon", "mango", "melon",
                  "peach", "pear", "plum", "kiwi", "orange"]),  # more words than rows
])
def test_the_pdf_text_grid_is_its_spaced_rows_not_the_title_or_the_word_list(title, words):
    puzzle = wordsearch.generate(words, seed="pdf-rows")
    assert len(words) > puzzle.rows or " " not in title
    grid = read_grid(pdf_text(pdf_of(puzzle, title=title)))
    assert grid.rows == puzzle.grid
    assert solve(grid, words).every_word_once


def test_our_document_is_read_without_checking_its_key():
    puzzle = wordsearch.generate(["río", "niño", "sol"], language="es", seed="doc", grid=8)
    grid = read_grid(puzzle.to_json())
    assert grid.language == "es" and grid.rows == puzzle.grid and grid.code == puzzle.code
    assert [k.word for k in grid.key] == [p.word for p in puzzle.words]
    doc = puzzle.to_dict()
    doc["words"][0]["row"] = (doc["words"][0]["row"] + 1) % puzzle.rows  # a wrong key
    import json
    assert read_grid(json.dumps(doc)).rows == puzzle.grid


@pytest.mark.parametrize("text, message", [
    ('{"format": "wordsearch/1", "grid": ["AB", "C"]}', "row 2 has 1 cells"),
    ('{"format": "wordsearch/1", "grid": "AB"}', '"grid" should be a list'),
    ('{"format": "wordsearch/1", "language": "xx", "grid": ["AB"]}', '"language" is'),
    ('{"rows": 3}', "JSON but not a puzzle"),
    ('{"puzzle": [["A", "1"]]}', 'column 2 holds "1"'),
    ('{\n"puzzle": [\n', "line 3: not readable JSON"),
])
def test_bad_json_is_refused(text, message):
    with pytest.raises(InputError, match=message):
        read_grid(text, name="g.json")


# ---- word-search-generator: an optional test dependency, as in the benchmarks ----

peer = pytest.importorskip("word_search_generator")
from word_search_generator import WordSearch  # noqa: E402
from word_search_generator.core.formatter import ExportFormat  # noqa: E402
from word_search_generator.mask import shapes  # noqa: E402
from word_search_generator.mask.polygon import Rectangle  # noqa: E402

STEPS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1), "S": (1, 0),
         "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
WORDS = "dog cat mouse horse zebra lion tiger camel otter eagle"


def peer_puzzles():
    """Puzzles word-search-generator makes: plain, cut to its masks, and cropped."""
    made = []
    for k, mask in enumerate([None, shapes.Circle(), shapes.Heart(), Rectangle(9, 7, (2, 3)),
                              None, shapes.Diamond()]):
        random.seed(k)
        puzzle = WordSearch(WORDS, size=15, level=3)
        if mask is not None:
            puzzle.apply_mask(mask)
        made.append(puzzle)
    return made


@pytest.mark.parametrize("form", ["json", "csv"])
@pytest.mark.parametrize("index", range(6))
def test_word_search_generator_files_are_solved_to_its_own_key(tmp_path, form, index):
    puzzle = peer_puzzles()[index]
    path = tmp_path / f"p.{form}"
    puzzle.save(path, format=ExportFormat.JSON if form == "json" else ExportFormat.CSV,
                lowercase=form == "csv" and index % 2 == 0)
    grid = read_grid(path.read_text(encoding="utf-8"), name=path.name)
    assert grid.kind == f"word-search-generator {form}"
    assert sorted(w.upper() for w in grid.words) == sorted(w.text for w in puzzle.placed_words)
    (left, top), _ = puzzle.bounding_box
    solution = solve(grid)
    by_word = {f.word: f for f in solution.listed}
    for word in puzzle.placed_words:
        # Its key counts from 0 before the mask's crop; ours from 0 in the grid it wrote.
        start = (word.start_row - top, word.start_column - left)
        found = by_word[word.text]
        assert (start, word.direction.name) in [(r.start, r.direction) for r in found.readings]
    # Its JSON key counts before the crop, its CSV's in the cropped grid from 1: both
    # are read as positions in the grid the file holds.
    keyed = {k.word: k for k in grid.key}
    for word in puzzle.placed_words:
        k = keyed[word.text]
        assert (k.row, k.col) == (word.start_row - top, word.start_column - left)




@pytest.mark.slow
def test_a_grid_may_be_as_large_as_the_core_takes_and_no_larger():
    """The solver's limits are the C core's own (WS_MAX_SIDE, WS_MAX_CELLS): grids at
    them are read and solved; one row or column more is refused, naming both."""
    from wordsearch import _core

    side, cells = _core.MAX_SIDE, _core.MAX_CELLS
    width = cells // side
    full = ["CAT" + "Z" * (width - 3)] + ["Z" * width] * (side - 1)  # both limits at once
    row = ["CAT" + "Z" * (side - 3)]
    column = list(row[0])
    for rows, direction in ((full, "E"), (row, "E"), (column, "S")):
        cat, = solve(rows, ["cat"]).listed
        assert [(r.start, r.direction) for r in cat.readings] == [((0, 0), direction)]
    for rows in ([*full, "Z" * width], [r + "Z" for r in full], [row[0] + "Z"], [*column, "Z"]):
        with pytest.raises(InputError, match=f"at most {side:,} a side and {cells:,} in all"):
            solve(rows, ["cat"])


# ---- a file's key, a puzzle's grid, and the cells the core takes ----

def test_a_key_entry_gives_its_cells_moved_and_says_whether_they_spell_its_word():
    from wordsearch.solver.grid import KeyEntry
    entry = KeyEntry("CAT", 1, 2, "SW")
    assert entry.cells() == ((1, 2), (2, 1), (3, 0))
    assert entry.cells(up=1, left=-1) == ((0, 3), (1, 2), (2, 1))
    rows = ("..X.", "..C.", ".A..", "T...")
    assert entry.spelled(rows)
    assert not entry.spelled(rows, up=1)                  # moved off the word
    assert not KeyEntry("CAT", 2, 0, "S").spelled(rows)   # runs off the grid


def test_a_puzzle_is_a_grid_file_with_its_words_key_language_and_code():
    from wordsearch.solver.grid import KeyEntry, from_puzzle
    puzzle = wordsearch.generate(["niño", "casa"], grid=6, seed="key", language="es")
    grid = from_puzzle(puzzle)
    assert (grid.rows, grid.words, grid.language, grid.kind, grid.code) == (
        puzzle.grid, tuple(p.label for p in puzzle.words), "es", "wordsearch", "key")
    assert grid.key == tuple(KeyEntry(p.word, p.row, p.col, p.direction) for p in puzzle.words)
    assert all(k.spelled(grid.rows) for k in grid.key)
    assert grid.shape == (6, 6)


@pytest.mark.parametrize("rows", [["CAT", "DOG"], ["C.T", "DOG"]])
def test_rows_in_grid_form_are_encoded_in_one_pass_as_the_checked_ones_are(rows):
    from wordsearch.solver.grid import encode_grid, encoded
    assert encoded(rows, EN) == encode_grid(rows, EN)
    assert len(encoded(rows, EN)) == 6


@pytest.mark.parametrize("rows", [["cat", "dog"], ["CAT", "DO"], ["CAÉ"], [], ["C#T"],
                                  ["A" * 5000]])
def test_rows_that_need_checking_or_folding_are_not_encoded_in_one_pass(rows):
    from wordsearch.solver.grid import encoded
    assert encoded(rows, EN) is None
