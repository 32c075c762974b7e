"""A solution as people read it (wordsearch.solver.report): where a word reads,
counted from 1; a line for each word that does not read exactly once; and the whole
report, its tables cut at SHOWN_READINGS."""
import pytest

from wordsearch.solver import Reading, solve
from wordsearch.solver.report import SHOWN_READINGS, problems, text, where

ROWS = ["CATS", "OXOB", "WAD."]


@pytest.mark.parametrize("reading, free_path, said", [
    (Reading(((0, 0), (0, 1), (0, 2)), "E"), False, "row 1, column 1, E"),
    (Reading(((2, 3), (1, 2)), "NW"), True, "row 3, column 4, NW"),
    (Reading(((1, 1),), "E"), False, "row 2, column 2"),          # one letter: no way
    (Reading(((0, 0), (0, 1), (1, 1)), None), True, "row 1, column 1, path 1,1 1,2 2,2"),
    (Reading(((0, 0), (0, 1), (1, 1)), None), False, "row 1, column 1"),
])
def test_where_a_reading_is_counts_from_1_and_gives_a_paths_cells(reading, free_path, said):
    assert where(reading, free_path) == said


def test_every_word_that_does_not_read_once_has_its_line():
    solution = solve(["ABA", "BAB", "ABA"], ["ab", "zz"])
    assert problems(solution) == [
        "ab reads 12 times: row 1, column 1, E; row 1, column 1, S; row 1, column 3, S ….",
        "zz does not read in the grid."]
    assert problems(solve(["ABC", "XYZ"], ["abc", "xyz"])) == []


def test_a_word_read_twice_or_thrice_lists_every_place_without_an_ellipsis():
    assert problems(solve(["ABXAB"], ["ab"])) == [
        "ab reads 2 times: row 1, column 1, E; row 1, column 4, E."]


def test_the_report_of_listed_and_dictionary_words():
    solution = solve(ROWS, ["cat", "dog", "AT"], dictionary=["cat", "cow", "toad"],
                     min_length=3)
    assert text(solution) == """\
4×3 grid, English, words read along straight lines in all eight directions; rows and \
columns count from 1 at the top left.

Words (3):
  word  times  where
  cat       1  row 1, column 1, E
  dog       0  -
  AT        0  -
               (also row 1, column 2, E, inside CAT: not counted)

2 of 3 words do not read exactly once: 2 missing, 0 more than once.

Words of the dictionary of 3 letters or more that read: 2 (2 readings):
  word  times  where
  cat       1  row 1, column 1, E
  cow       1  row 1, column 1, S
"""


def test_the_report_of_free_paths_with_every_word_once():
    assert text(solve(ROWS, ["cax", "Ice cream"], free_path=True, language="en")
                ).splitlines()[0].endswith("along free paths (any neighbouring cells, none "
                                           "used twice); rows and columns count from 1 at "
                                           "the top left.")
    report = text(solve(ROWS, ["cax", "toad"], free_path=True))
    assert "  cax       1  row 1, column 1, path 1,1 1,2 2,2\n" in report
    assert report.endswith("\nEvery word reads exactly once.\n")


def test_a_long_table_shows_the_first_readings_and_counts_the_rest():
    report = text(solve(["A" * 12] * 2, ["aa"]))
    row = next(line for line in report.splitlines() if line.startswith("  aa"))
    assert row.count("row ") == SHOWN_READINGS
    assert row.endswith("; and 46 more") and "   56  " in row
    assert "1 of 1 words does not read exactly once: 0 missing, 1 more than once." in report


def test_a_dictionary_that_finds_nothing_says_so_in_its_language():
    report = text(solve(["ÑU"], dictionary=["año"], language="es", min_length=2))
    assert report.startswith("2×1 grid, Spanish,")
    assert report.endswith("of 2 letters or more that read: 0 (0 readings).\n")
