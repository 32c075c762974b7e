"""The hidden message's blanks: one rule for where a line of them may break, used by
the printed page, the play page and the text alike."""
import pytest

from wordsearch import lang
from wordsearch.render.blanks import BLANK, blank_units


def word(text: str, language: str = "en"):
    (only,) = lang.get(language).message_words(text)
    return only


@pytest.mark.parametrize("text, language, units", [
    ("Two", "en", [(BLANK,), (BLANK,), (BLANK,)]),
    ("snakes?", "en", [(BLANK,)] * 5 + [(BLANK, "?")]),
    ("¡Hola,", "es", [("¡", BLANK), (BLANK,), (BLANK,), (BLANK, ",")]),
    ("«Oui»", "fr", [("«", BLANK), (BLANK,), (BLANK, "»")]),
    ("Straße!", "de", [(BLANK,)] * 5 + [(BLANK,), (BLANK, "!")]),  # ß: two grid letters
    ("?!", "en", [("?", "!")]),  # punctuation alone: one unit of its marks
])
def test_each_mark_stays_beside_its_blank(text, language, units):
    assert blank_units(word(text, language)) == units
