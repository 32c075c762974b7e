"""The sizes every layout shares: large print is never smaller than regular print,
the margin keeps to its bounds, and an illegible grid is refused."""
import dataclasses

import pytest

import wordsearch
from wordsearch.errors import LayoutError
from wordsearch.render import paper
from wordsearch.render.style import (LARGE_PRINT, LETTER_SHARE, MAX_MARGIN, MIN_MARGIN, REGULAR,
                                     check_legible, margin)


def test_large_print_is_at_least_regular_print_everywhere():
    for field in dataclasses.fields(REGULAR):
        regular, large = getattr(REGULAR, field.name), getattr(LARGE_PRINT, field.name)
        if isinstance(regular, tuple):
            assert min(large) >= min(regular) and max(large) >= max(regular), field.name
        else:
            assert large >= regular, field.name
    assert LARGE_PRINT.min_letter == 18.0 and min(LARGE_PRINT.list_sizes) == 16.0


@pytest.mark.parametrize("name", ["a5", "letter", "a3", "tabloid-landscape"])
def test_the_margin_keeps_to_its_bounds(name):
    assert MIN_MARGIN <= margin(paper.page_size(name)) <= MAX_MARGIN


def test_an_illegible_grid_is_refused_saying_what_to_change():
    puzzle = wordsearch.generate(["sun", "moon"], grid=6, seed="legible")
    check_legible(puzzle, 7.0 / LETTER_SHARE, paper.page_size("a5"))
    with pytest.raises(LayoutError) as caught:
        check_legible(puzzle, 6.0 / LETTER_SHARE, paper.page_size("a5"), what="answer key")
    assert str(caught.value) == (
        "a 6×6 answer key would print with letters 6.0 pt high on the a5 page; 7 pt is "
        "the smallest that reads well. Use a larger page size, fewer keys to a page, a "
        "smaller grid or fewer words.")
