"""Single lines of text: fitted to their width, or refused, in words that name the
option at fault."""
import pytest

import wordsearch
from wordsearch.errors import LayoutError
from wordsearch.render.measure import Measure, WRAP_SHARE, balanced, centred, fitted_line, footer, wrapped
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


def test_a_title_keeps_one_line_while_it_prints_large_enough_then_breaks():
    measure = Measure()
    text = "Animals of the rainforest and of the deep blue ocean"
    natural = measure.width(text, 24.0, True)
    assert wrapped(text, measure, 24.0, natural, True, "title", 2) == (24.0, (text,))
    one = fitted_line(text, measure, 24.0, natural * 0.8, True, "title")
    assert wrapped(text, measure, 24.0, natural * 0.8, True, "title", 2) == (one, (text,))
    size, lines = wrapped(text, measure, 24.0, natural * 0.6, True, "title", 2)
    assert lines == ("Animals of the rainforest", "and of the deep blue ocean")
    assert size == 24.0 and " ".join(lines) == text
    assert all(measure.width(line, size, True) <= natural * 0.6 for line in lines)
    assert 24.0 * 0.6 < 24.0 * WRAP_SHARE  # one line would have printed smaller than that
    # Never more lines than asked, and no more than needed.
    assert wrapped(text, measure, 24.0, natural * 0.6, True, "title", 1)[1] == (text,)
    size, lines = wrapped(text, measure, 24.0, natural * 0.3, True, "title", 4)
    assert len(lines) == 3 and size >= 24.0 * WRAP_SHARE  # three lines are enough


def test_balanced_lines_make_the_longest_as_short_as_it_can_be():
    measure = Measure()
    assert balanced("one", 2, measure, 12.0, False) is None
    assert balanced("a b  c", 1, measure, 12.0, False) == ("a b  c",)
    assert balanced("aaaa bb cc dd", 2, measure, 12.0, False) == ("aaaa bb", "cc dd")
    assert balanced("a b c d e f", 3, measure, 12.0, False) == ("a b", "c d", "e f")


def test_a_title_too_long_for_its_lines_says_how_many_characters_fit():
    measure = Measure()
    text = " ".join(["rainforest"] * 40)
    with pytest.raises(LayoutError) as caught:
        wrapped(text, measure, 24.0, 300.0, True, "title", 2)
    fit = int(str(caught.value).split(": ")[1].split()[0])
    assert str(caught.value).endswith(f"is too long to print on 2 lines of this page: {fit} "
                                      f"of its {len(text)} characters fit; shorten it or use "
                                      "a wider page.")
    size, lines = wrapped(text[:fit], measure, 24.0, 300.0, True, "title", 2)
    assert size >= MIN_TEXT and len(lines) == 2
    with pytest.raises(LayoutError):
        wrapped(text[:fit + 11], measure, 24.0, 300.0, True, "title", 2)


@pytest.mark.parametrize("text, what, message, option", [
    ("W" * 300, "title", 'the title "W{60}…" is too long to print on one line of this page: '
                         r"\d+ of its 300 characters fit; shorten it", "title"),
    ("Class ☀", "field", r'the field "Class ☀" has characters the font Andika cannot print '
                         r"\(☀\)", "field"),
    ("s" * 5000, "subject", 'the subject "s{60}…" is too long', "subject"),
    ("Ann ☀", "author", r'the author "Ann ☀" has characters', "author"),
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
