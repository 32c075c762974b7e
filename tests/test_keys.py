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


def test_a_code_line_wider_than_its_key_breaks_into_label_over_code_inside_the_box():
    from wordsearch.render.measure import Measure
    puzzle = wordsearch.generate(["sun", "moon", "star"], seed="a-long-code-123", grid=5)
    label = "Puzzle 1034 of 1034 · page 620"
    size = paper.page_size("a5")
    page, = key_pages([Key(puzzle, "Sky", label)] * 6, size, 6)
    measure = Measure()
    lines = [t for t in page.texts if t.muted]
    assert [t.text for t in lines[:2]] == [label, "code a-long-code-123"]
    box_right = size[0] - margin(size)
    for text in lines:
        right = text.x + measure.width(text.text, text.size)
        assert right <= box_right + 0.01 and right - measure.width(text.text, text.size) >= 0
    assert lines[1].baseline > lines[0].baseline  # the label over the code
    # Each line within its own box: the left column's right end before the right's start.
    assert lines[0].x + measure.width(lines[0].text, lines[0].size) < lines[2].x


def test_a_clue_puzzles_key_lists_each_clue_with_its_word_under_the_grid():
    puzzle = wordsearch.generate(["kitten: a baby cat", "puppy: a young dog",
                                  "owl: a bird awake at night"], seed="clue-key")
    for per_page in (1, 4):
        page = key_pages([Key(puzzle, "Key", "Answer key")] * per_page,
                         paper.page_size("letter"), per_page)[0]
        clues = [t.text for t in page.clues]
        for k in range(per_page):
            mine = clues[7 * k:7 * k + 7]
            assert mine == ["Words to find: 3", "1. a baby cat — ", "Kitten",
                            "2. a bird awake at night — ", "Owl", "3. a young dog — ", "Puppy"]
        box = page.grids[0][1]
        assert all(t.baseline > box.y + box.rows * box.cell for t in page.clues[:7])
    # the word follows its clue on the same line
    clue, word = page.clues[1], page.clues[2]
    assert word.baseline == clue.baseline and word.x > clue.x
