"""The word list: balanced columns, its heading, and the trade between a larger list
and a larger grid."""
import pytest

import wordsearch
from wordsearch.errors import LayoutError
from wordsearch.render.measure import Measure
from wordsearch.render.style import LIST_SIZES
from wordsearch.render.wordlist import (LIST_TRADE, Entries, balanced, chosen,
                                        list_arrangements, list_heading)


@pytest.mark.parametrize("count, across, lengths", [
    (5, 1, [5]), (5, 2, [3, 2]), (7, 3, [3, 3, 1]), (6, 4, [2, 2, 2]),
    (3, 9, [1, 1, 1]),
])
def test_columns_are_balanced_and_filled_top_to_bottom(count, across, lengths):
    items = [str(n) for n in range(count)]
    columns = balanced(items, across)
    assert [len(c) for c in columns] == lengths
    assert [item for column in columns for item in column] == items


@pytest.fixture(scope="module")
def puzzle():
    return wordsearch.generate(["sun", "moon", "star", "comet", "planet"], grid=10,
                               seed="list")


def test_the_heading_counts_the_words(puzzle):
    assert list_heading(puzzle, False) == "Words to find: 5"
    assert list_heading(puzzle, True) == "Hidden words: 5 (no list: find them all)"


def test_the_largest_list_that_costs_the_grid_little_is_chosen(puzzle):
    labels = Entries(tuple(p.label for p in puzzle.words))
    found = list_arrangements(puzzle, labels, "Words to find: 5", Measure(), 500.0, 600.0)
    assert {option.place for option in found} == {"below", "beside"}
    choice = chosen(puzzle, found)
    best = max(option.cell(puzzle) for option in found)
    assert choice.cell(puzzle) >= LIST_TRADE * best
    assert choice.words.size == max(option.words.size for option in found
                                    if option.cell(puzzle) >= LIST_TRADE * best)


def test_an_entry_too_long_for_the_page_is_refused(puzzle):
    with pytest.raises(LayoutError, match='the word list entry "W{60}…" is too long'):
        list_arrangements(puzzle, Entries(("W" * 80,)), "Words", Measure(), 200.0, 200.0, LIST_SIZES)


def test_clues_break_at_spaces_to_fit_with_their_blanks_or_their_word():
    from wordsearch.render.wordlist import Entries
    measure = Measure()
    entries = Entries(("1. a young cow that drinks milk", "2. a cat"), "", (4, 3))
    width = entries.widths(measure, 12.0)[0] - 40
    wrapped = entries.wrapped(measure, 12.0, width)
    assert wrapped.texts[0].startswith("1. a young cow") and "\n" in wrapped.texts[0]
    assert wrapped.texts[1] == "2. a cat" and wrapped.lines == 3
    assert max(wrapped.widths(measure, 12.0)) <= width
    assert Entries(("1. unbreakablewordofsomelength",), "", (3,)).wrapped(
        measure, 12.0, 60.0) is None
    key = Entries(("1. a young cow — ",), "", answers=("Calf",))
    broken = key.wrapped(measure, 12.0, measure.width("1. a young cow — ", 12.0) + 5)
    assert broken.texts[0].split("\n")[-1] != "1. a young cow — "  # the word fits its line
    assert max(broken.widths(measure, 12.0)) <= measure.width("1. a young cow — ", 12.0) + 5
