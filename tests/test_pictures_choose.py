"""Which picture a word gets: one's own first, then the built-in mapping."""
import pytest

from wordsearch.errors import InputError
from wordsearch.pictures import choose, source


def test_a_themes_word_gets_its_themes_picture():
    assert choose.built_in("en", "Ice Cream", "summer") == "1F366"
    assert choose.built_in("en", "proud", "feelings") is None


def test_ones_own_words_find_a_picture_in_any_theme():
    assert choose.built_in("en", "elephant") == "1F418"
    assert choose.built_in("es", "Elefante") == "1F418"
    assert choose.built_in("en", "aardvark") is None
    assert choose.built_in("it", "elefante") is None  # no Italian mapping


def test_ones_own_pictures_come_first(tmp_path):
    mine = tmp_path / "nellie.png"
    mine.write_bytes(b"png")
    found = choose.pictures("en", ["Elephant", "Lion", "Aardvark", "Zebra"],
                            own={"elephant": str(mine), "ZEBRA": "1F993 "})
    assert [p.name if p else None for p in found] == [
        str(mine), "openmoji:1F981", None, "openmoji:1F993"]


def test_a_picture_for_no_word_of_the_list_is_refused_by_name():
    with pytest.raises(InputError, match='a picture is given for "tiger"'):
        choose.pictures("en", ["lion"], own={"Tiger": "1F405"})


def test_own_pictures_are_checked_as_they_are_found(tmp_path):
    with pytest.raises(InputError, match="has no picture"):
        choose.pictures("en", ["lion"], own={"lion": "10FFFF"})
    with pytest.raises(InputError, match="cannot be read"):
        choose.pictures("en", ["lion"], own={"lion": str(tmp_path / "missing.svg")})
