"""What solving finds (wordsearch.solver.solution): readings and their runs, a
word's count without the readings set apart inside a longer word, a solution's
missing and repeated words, its JSON, and the puzzle and paths its answer key
draws."""
import pytest

from wordsearch.puzzle import Placement
from wordsearch.solver import Found, Reading, Solution, solve
from wordsearch.solver.solution import FORMAT

ROWS = ("CATS", "OXOB", "WAD.")
CAT = Reading(((0, 0), (0, 1), (0, 2)), "E")
AT = Reading(((0, 1), (0, 2)), "E")
TA = Reading(((0, 2), (0, 1)), "W")
PATH = Reading(((0, 0), (0, 1), (1, 1)), None)


def test_a_reading_starts_at_its_first_cell_and_says_so_in_json():
    assert CAT.start == (0, 0)
    assert CAT.to_dict() == {"row": 0, "col": 0, "direction": "E",
                             "cells": [[0, 0], [0, 1], [0, 2]]}
    assert PATH.to_dict()["direction"] is None


@pytest.mark.parametrize("inner, outer, within", [
    (AT, CAT, True),                       # a run of the longer reading
    (TA, CAT, True),                       # the same run, backwards
    (CAT, CAT, True),
    (CAT, AT, False),                      # longer than the other
    (Reading(((0, 0), (0, 2)), None), CAT, False),   # both cells, but not a run
    (Reading(((1, 1), (0, 1)), None), PATH, True),
    (Reading(((0, 1), (1, 1)), "S"), CAT, False),
])
def test_a_reading_is_within_another_when_its_cells_are_a_run_of_the_others(inner, outer,
                                                                          within):
    assert inner.within(outer) is within


def test_a_words_count_leaves_out_its_readings_inside_a_longer_word():
    found = Found("AT", "at", (Reading(((2, 1), (2, 2)), "E"),), ((AT, "CAT"),))
    assert found.count == 1
    assert found.to_dict() == {"label": "at", "word": "AT", "count": 1, "readings": [
        {"row": 2, "col": 1, "direction": "E", "cells": [[2, 1], [2, 2]]}], "inside": [
        {"row": 0, "col": 1, "direction": "E", "cells": [[0, 1], [0, 2]],
         "container": "CAT"}]}
    assert "inside" not in Found("CAT", "cat", (CAT,)).to_dict()


def solution(**fields) -> Solution:
    listed = (Found("CAT", "Cat", (CAT,)), Found("DOG", "dog", ()),
              Found("AT", "at", (AT, TA)), Found("CAX", "cax", (PATH,)))
    return Solution(ROWS, "en", False, listed, **fields)


def test_missing_and_repeated_words_are_those_read_none_or_several_times():
    made = solution()
    assert [f.word for f in made.missing] == ["DOG"]
    assert [f.word for f in made.repeated] == ["AT"]
    assert not made.every_word_once
    assert Solution(ROWS, "en", False, (Found("CAT", "Cat", (CAT,)),)).every_word_once
    assert Solution(ROWS, "en", False, ()).every_word_once


def test_the_json_has_the_code_and_the_dictionary_only_when_there_are_some():
    plain = solution().to_dict()
    assert plain["format"] == FORMAT == "wordsearch-solution/1"
    assert (plain["rows"], plain["cols"], plain["grid"]) == (3, 4, list(ROWS))
    assert plain["every_word_once"] is False and plain["free_path"] is False
    assert [w["word"] for w in plain["words"]] == ["CAT", "DOG", "AT", "CAX"]
    assert not {"code", "dictionary", "min_length", "found"} & set(plain)
    full = solution(found=(Found("COW", "cow", (Reading(((0, 0), (1, 0), (2, 0)), "S"),)),),
                    min_length=3, dictionary="the English dictionary", code="k3x9").to_dict()
    assert (full["code"], full["dictionary"], full["min_length"]) == (
        "k3x9", "the English dictionary", 3)
    assert [f["word"] for f in full["found"]] == ["COW"]


def test_the_key_outlines_every_straight_reading_and_the_paths_are_the_turning_ones():
    made = solution(found=(Found("COW", "cow", (Reading(((0, 0), (1, 0), (2, 0)), "S"),)),),
                    min_length=3, code="k3x9")
    key = made.key_puzzle()
    assert key.grid == ROWS and key.code == "k3x9" and key.language == "en"
    assert key.words == (Placement("Cat", "CAT", 0, 0, "E"), Placement("at", "AT", 0, 1, "E"),
                         Placement("at", "AT", 0, 2, "W"), Placement("cow", "COW", 0, 0, "S"))
    assert made.paths() == (PATH.cells,)


def test_a_solved_grid_sets_apart_readings_inside_and_keys_only_straight_ones():
    solved = solve(list(ROWS), ["cat", "at", "cax"], free_path=True)
    assert solved.to_dict()["words"][1]["inside"][0]["container"] == "CAT"
    assert solved.paths() == (((0, 0), (0, 1), (1, 1)),)
    assert [p.word for p in solved.key_puzzle().words] == ["CAT"]
