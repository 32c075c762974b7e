"""The hidden message's blanks: one rule for where a line of them may break, used by
the printed page, the play page and the text alike."""
import pytest

from wordsearch import lang
from wordsearch.render import blanks
from wordsearch.render.blanks import BLANK, blank_units
from wordsearch.render.measure import Measure


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


def test_a_word_too_long_for_a_row_is_never_cut_between_a_blank_and_its_mark():
    measure, size = Measure(), 16.0
    long = word("Abcde,")
    # Exactly the width of the word's five blanks: the comma does not fit after them.
    width = 5 * size * blanks.BLANK_SHARE + 4 * size * blanks.LETTER_GAP_SHARE
    rows = blanks._rows([blank_units(long)], measure, size, width)
    assert len(rows) == 2
    for row in rows:
        first_unit = row[0][0]
        assert BLANK in first_unit and first_unit[0] == BLANK  # no row starts with a comma
    assert rows[1] == [[(BLANK, ",")]]
