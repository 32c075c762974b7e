"""web/checks.py: the longest word a grid holds in the chosen directions, and each
line's reason, the same as the library's refusal."""
import pytest

from wordsearch import lang
from wordsearch.errors import InputError
from wordsearch.make.words import MAX_LETTERS, parse_entry
from wordsearch.web import checks


@pytest.mark.parametrize("grid, allowed, most", [
    (None, ("E",), None), (10, ("E", "S"), 10), ("14x6", ("S",), 6), ("14x6", ("E",), 14),
    ("14x6", ("SE",), 6), ("14x6", ("N", "NW"), 6), ("6x14", ("W", "S"), 14),
])
def test_the_longest_line_is_the_longest_allowed_direction_across_the_grid(grid, allowed, most):
    assert checks.longest_line(grid, allowed) == most


@pytest.mark.parametrize("text, reason", [
    ("b@d", {"reason": "letters", "letters": ["@"]}), ("ab", {"reason": "short", "least": 3}),
    ("a" * 200, {"reason": "long", "letters": 200, "most": MAX_LETTERS}),
    ("Ωmega", {"reason": "letters", "letters": ["Ω"]}),
])
def test_each_refused_line_gives_the_reason_the_library_refuses_it(text, reason):
    english = lang.get("en")
    with pytest.raises(InputError):
        parse_entry(text, 1, english)
    line = checks.feedback([text], english, None)["lines"][0]
    assert {k: line[k] for k in reason} == reason and line["state"] == "error"


def test_a_line_is_quoted_as_typed_and_cut_short():
    line = checks.feedback(["  " + "x" * 100], lang.get("en"), None)["lines"][0]
    assert line["text"] == "x" * 60
