"""The built-in mapping (lang/data/pictures/CODE.json): its words are its themes'
words, its pictures exist and read, and no theme shows one picture for two words
(a child could not tell which is meant). Whether each picture fits its word was
checked by looking (scripts/contact_sheet.py)."""
import json
from importlib import resources

import pytest

from wordsearch.pictures import draw, mapping, source


def themes(language: str) -> dict:
    file = resources.files("wordsearch.lang").joinpath("data", f"{language}.themes.json")
    return json.loads(file.read_text(encoding="utf-8"))


def test_the_mapped_languages_are_those_with_themes():
    assert mapping.languages() == ["de", "en", "es", "fr"]


@pytest.mark.parametrize("language", mapping.languages())
def test_every_mapped_word_is_its_themes_word(language):
    own = themes(language)
    for theme, words in mapping.mapping(language).items():
        assert theme in own, (language, theme)
        assert set(words) <= set(own[theme]["words"]), (language, theme, set(words) - set(own[theme]["words"]))


@pytest.mark.parametrize("language", mapping.languages())
def test_no_theme_shows_one_picture_for_two_words(language):
    for theme, words in mapping.mapping(language).items():
        pictures = list(words.values())
        assert len(pictures) == len(set(pictures)), (language, theme)


@pytest.mark.slow
def test_every_mapped_picture_is_openmojis_and_reads():
    for codepoints in sorted(mapping.all_codepoints()):
        assert source.openmoji_name(codepoints) == codepoints  # written as the file is named
        draw.check(source.openmoji(codepoints))

