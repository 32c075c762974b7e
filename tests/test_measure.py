"""Single lines of text: fitted to their width, or refused, in words that name the
option at fault."""
import pytest

import wordsearch
from wordsearch.errors import LayoutError
from wordsearch.render.measure import Measure, centred, fitted_line, footer
from wordsearch.render.style import MIN_TEXT


def test_a_line_too_long_is_set_smaller_in_tenths_of_a_point():
    measure = Measure()
    text = "A title of some length"
    natural = measure.width(text, 24.0, True)
    assert fitted_line(text, measure, 24.0, natural + 1, True, "title") == 24.0
    smaller = fitted_line(text, measure, 24.0, natural / 3, True, "title")
    assert smaller == 8.0  # a third of 24 pt, rounded down to a tenth
    assert measure.width(text, smaller, True) <= natural / 3
    assert 24.0 / 4 < MIN_TEXT
    with pytest.raises(LayoutError, match="too long to print on one line"):
        fitted_line(text, measure, 24.0, natural / 4, True, "title")


@pytest.mark.parametrize("text, what, message, option", [
    ("W" * 300, "title", 'the title "W+" is too long to print on one line', "title"),
    ("Class ☀", "field", r'the field "Class ☀" has characters the font Andika cannot print '
                         r"\(☀\)", "field"),
])
def test_a_line_that_cannot_print_is_refused(text, what, message, option):
    with pytest.raises(LayoutError, match=message) as caught:
        fitted_line(text, Measure(), 12.0, 300.0, False, what)
    assert caught.value.option == option


def test_centred_and_footer_lines():
    measure = Measure()
    line = centred("Sun", measure, 12.0, 100.0, 300.0)
    assert line.x + measure.width("Sun", 12.0) / 2 == pytest.approx(300.0)
    puzzle = wordsearch.generate(["sun", "moon"], seed="foot")
    code = footer(puzzle, measure, 500.0, 700.0, "Puzzle")
    assert code.text == f"Puzzle · code {puzzle.code}" and code.muted
    assert code.x + measure.width(code.text, code.size) == pytest.approx(500.0)
