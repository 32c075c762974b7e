"""The puzzle page: nothing overlaps, nothing prints too small, and what cannot be
printed legibly is refused before a file is touched."""
import pytest

import wordsearch
from wordlists import draw
from wordsearch.errors import LayoutError
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render import paper, style
from wordsearch.render.measure import Measure
from wordsearch.render.puzzle_page import puzzle_page


@pytest.mark.parametrize("size", ["letter", "a4", "a5", "legal-landscape", "a4-landscape"])
@pytest.mark.parametrize("count, side", [(3, 8), (20, 15), (40, 20), (60, 25)])
def test_nothing_overlaps_and_everything_stays_on_the_page(size, count, side):
    words = draw(count, seed=count, max_len=9)
    fields = ("Name", "Class", "Date", "Your teacher's name and the date you hand this in")
    labels = [w.capitalize() + (" extra long label" if i % 7 == 0 else "")
              for i, w in enumerate(words)]
    puzzle = Puzzle("code", tuple("A" * side for _ in range(side)), ("E",),
                    tuple(Placement(label, w.upper(), 0, 0, "E") for label, w in
                          zip(labels, words)))
    page_size = paper.page_size(size)
    measure = Measure()
    if size == "a5" and side >= 20:  # a pocket page: too small for these
        with pytest.raises(LayoutError, match=f"a {side}×{side} grid would print with letters"):
            puzzle_page(puzzle, page_size, "A title", fields, True, measure)
        return
    page = puzzle_page(puzzle, page_size, "A title", fields, True, measure)
    boxes = [(t.x, t.baseline - t.size, t.x + measure.width(t.text, t.size, t.bold),
              t.baseline + t.size * 0.25) for t in page.texts]
    boxes += [(f.label.x, f.label.baseline - f.label.size,
               max(f.line_to, f.label.x + measure.width(f.label.text, f.label.size)),
               f.label.baseline + 2) for f in page.fields]
    assert len(page.fields) == len(fields)
    grid = page.grid
    boxes.append((grid.x, grid.y, grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell))
    edge = style.margin(page_size) - 0.01
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        assert edge <= x0 and x1 <= page_size[0] - edge, boxes[i]
        assert edge - 12 <= y0 and y1 <= page_size[1] - edge + 12, boxes[i]
        for other in boxes[i + 1:]:
            assert x1 <= other[0] or other[2] <= x0 or y1 <= other[1] or other[3] <= y0, \
                (boxes[i], other)
    assert grid.letter_size >= style.MIN_LETTER
    assert sum(t.text in labels for t in page.texts) == count


def test_a_forty_grid_prints_on_letter_and_a4_but_not_on_a5():
    puzzle = Puzzle("c", tuple("A" * 40 for _ in range(40)), ("E",),
                    tuple(Placement(w, w.upper(), 0, 0, "E") for w in draw(90, seed=5)))
    for size in ("letter", "a4"):
        page = puzzle_page(puzzle, paper.page_size(size))
        assert page.grid.letter_size >= style.MIN_LETTER
    with pytest.raises(LayoutError) as caught:
        puzzle_page(puzzle, paper.page_size("a5"))
    assert str(caught.value).startswith("a 40×40 grid would print with letters ")
    assert "pt high on the a5 page; 7 pt is the smallest that reads well. Use a larger page " \
           "size, a smaller grid or fewer words." in str(caught.value)
    assert caught.value.option == "size"


def test_a_title_too_long_for_the_page_is_refused_not_squeezed():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError, match='the title "W+" is too long to print on one line'):
        puzzle_page(puzzle, paper.page_size("a5"), "W" * 200)
    page = puzzle_page(puzzle, paper.page_size("a5"), "W" * 30)
    assert style.MIN_TEXT <= page.texts[0].size < style.TITLE_SIZE


def test_text_the_font_cannot_print_is_refused_not_printed_as_boxes():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError) as caught:
        puzzle_page(puzzle, paper.page_size("letter"), "Spring 🌸 春")
    assert str(caught.value) == ('the title "Spring 🌸 春" has characters the font Andika '
                                 "cannot print (🌸 春); leave them out.")
    # A puzzle read from a JSON document may carry any label.
    odd = Puzzle("c", ("SUN",), ("E",), (Placement("Sun ☀", "SUN", 0, 0, "E"),))
    with pytest.raises(LayoutError, match='the word "Sun ☀" has characters the font Andika '
                                          r"cannot print \(☀\)."):
        puzzle_page(odd, paper.page_size("letter"))
    page = puzzle_page(puzzle, paper.page_size("letter"), "Ça déborde – Ærø Ōsaka",
                              ("Prénom",))
    assert page.texts[0].text == "Ça déborde – Ærø Ōsaka"
