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


def test_a_line_with_a_clue_is_checked_as_its_word_and_a_bad_clue_names_its_line():
    from wordsearch import lang as languages
    from wordsearch.make.words import MAX_CLUE
    answer = checks.feedback(["kitten: a baby cat", "", "cat:kitten", "σκύλος: dog",
                              "puppy: " + "x" * (MAX_CLUE + 1)], languages.get("en"), None)
    first, blank, colon, greek, long = answer["lines"]
    assert first == {"line": 1, "state": "ok", "label": "Kitten", "form": "KITTEN",
                     "clue": "a baby cat"}
    assert blank == {"line": 2, "state": "blank"}
    assert colon["state"] == "error" and colon["reason"] == "clue" and colon["line"] == 3
    assert colon["text"] == "cat:kitten" and colon["most"] == MAX_CLUE
    assert colon["message"].startswith('"cat:kitten" (line 3) has a colon with no space')
    # the word is checked in the grid's language; only its letters are quoted
    assert greek["reason"] == "letters" and greek["text"] == "σκύλος"
    assert long["reason"] == "clue" and "at most 100" in long["message"]
    assert answer["ready"] == 1
