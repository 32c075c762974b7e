"""Answer key pages: one to six keys to a page, each inside its box, no larger than
on its puzzle page, and legible."""
import pytest

import wordsearch
from wordsearch.errors import InputError, LayoutError
from wordsearch.render import paper
from wordsearch.render.keys import KEY_GAP, key_heading, key_pages
from wordsearch.render.model import Key
from wordsearch.render.style import margin


@pytest.fixture(scope="module")
def puzzle():
    return wordsearch.generate(["sun", "moon", "star", "comet"], grid=8, seed="keys")


def test_a_key_heading_names_the_title_and_the_student(puzzle):
    assert key_heading(puzzle.labels, "") == "Answer key"
    assert key_heading(puzzle.labels, "Space", "Ana") == "Answer key: Space · Ana"


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_each_key_stays_in_its_box(puzzle, per_page):
    size = paper.page_size("letter")
    keys = [Key(puzzle, f"Key {n}", f"Answer key {n}", max_cell=30.0) for n in range(7)]
    pages = key_pages(keys, size, per_page)
    assert [len(page.grids) for page in pages] == [len(keys[k:k + per_page])
                                                   for k in range(0, len(keys), per_page)]
    edge = margin(size)
    for page in pages:
        assert len(page.texts) == 2 * len(page.grids)  # a heading and a code line each
        boxes = [(g.x, g.y, g.x + g.cols * g.cell, g.y + g.rows * g.cell) for _, g in page.grids]
        for k, (x0, y0, x1, y1) in enumerate(boxes):
            assert edge <= x0 < x1 <= size[0] - edge and edge <= y0 < y1 <= size[1] - edge
            assert page.grids[k][1].cell <= 30.0
            for other in boxes[k + 1:]:  # at least the gap between boxes apart
                assert (x1 + KEY_GAP <= other[0] + 0.01 or other[2] + KEY_GAP <= x0 + 0.01
                        or y1 + KEY_GAP <= other[1] + 0.01 or other[3] + KEY_GAP <= y0 + 0.01)


def test_a_layout_it_has_not_is_refused_saying_which_it_has(puzzle):
    with pytest.raises(InputError) as caught:
        key_pages([Key(puzzle, "Key", "Answer key")], paper.page_size("letter"), 3)
    assert str(caught.value) == "3 answer keys to a page is not a layout; use 1, 2, 4 or 6."
    assert caught.value.option == "keys_per_page"


def test_keys_too_small_to_read_are_refused(puzzle):
    big = wordsearch.generate(["sun", "moon"], grid=40, seed="big", beam=16)
    with pytest.raises(LayoutError, match="fewer keys to a page"):
        key_pages([Key(big, "Key", "Answer key")] * 6, paper.page_size("a5"), 6)
