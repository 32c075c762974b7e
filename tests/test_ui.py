"""The pages' own words (lang/ui.py, lang/data/ui/CODE.json): every language has
English's keys in the same order, the plural forms its numbers need, the same
{placeholders} in each text, and is translated; the language a page is read in
is chosen from ?lang= and the browser's Accept-Language; filling a template
escapes the texts."""
import json
import re
from importlib import resources

import pytest

from wordsearch import lang
from wordsearch.lang import ui

FORMS = ("zero", "one", "two", "few", "many", "other")
# the CLDR categories each language uses for whole numbers (other always)
NEEDS = {"pl": {"one", "few", "many"}, "ru": {"one", "few", "many"},
         "cs": {"one", "few", "many"}, "sk": {"one", "few", "many"}}
PLACE = re.compile(r"\{(\w+)\}")
MAY_REPEAT = 0.15  # names (A4, JSON, Code:) may be the same as in English


def base(key: str) -> tuple[str, str | None]:
    head, _, tail = key.rpartition(".")
    return (head, tail) if tail in FORMS else (key, None)


def raw(code: str) -> list[tuple[str, str]]:
    """The file's pairs in order, a key given twice kept twice."""
    file = resources.files("wordsearch.lang").joinpath("data", "ui", f"{code}.json")
    return json.loads(file.read_text(encoding="utf-8"), object_pairs_hook=list)


def bases(pairs) -> list[str]:
    seen = []
    for key, _ in pairs:
        if base(key)[0] not in seen:
            seen.append(base(key)[0])
    return seen


OTHERS = [c for c in lang.codes() if c != ui.SOURCE]


def test_every_language_has_a_file_and_english_is_the_source():
    assert ui.SOURCE == "en" and set(lang.codes()) == {
        "cs", "de", "el", "en", "es", "fr", "it", "nl", "pl", "pt", "ru", "sk", "sv"}
    for code in lang.codes():
        assert ui.texts(code)


@pytest.mark.parametrize("code", OTHERS)
def test_a_language_has_englishs_keys_in_englishs_order(code):
    pairs = raw(code)
    assert len({k for k, _ in pairs}) == len(pairs), "a key given twice"
    assert bases(pairs) == bases(raw("en"))
    english = ui.texts("en")
    for key, _ in pairs:
        head, form = base(key)
        assert (key in english) if form is None else (f"{head}.other" in english), key


@pytest.mark.parametrize("code", lang.codes())
def test_every_plural_has_other_and_the_forms_the_language_needs(code):
    words = ui.texts(code)
    plurals = {base(k)[0] for k in words if base(k)[1]}
    assert plurals
    for head in plurals:
        forms = {base(k)[1] for k in words if base(k)[0] == head and base(k)[1]}
        assert {"other"} | NEEDS.get(code, {"one"}) <= forms, (head, forms)


@pytest.mark.parametrize("code", OTHERS)
def test_each_text_has_the_same_placeholders_as_english(code):
    english = ui.texts("en")
    for key, text in ui.texts(code).items():
        head, form = base(key)
        source = english[key] if form is None else english[f"{head}.other"]
        assert set(PLACE.findall(text)) == set(PLACE.findall(source)), key
        assert text.strip() and "{{" not in text, key


@pytest.mark.parametrize("code", OTHERS)
def test_a_language_is_translated(code):
    english = ui.texts("en")
    words = ui.texts(code)
    same = [key for key, text in words.items() if english.get(key) == text]
    assert len(same) <= MAY_REPEAT * len(words), same


@pytest.mark.parametrize("code, n, form", [
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("fr", 0, "one"),
    ("fr", 1, "one"), ("fr", 2, "other"), ("de", 21, "other"), ("cs", 1, "one"),
    ("cs", 3, "few"), ("cs", 5, "other"), ("sk", 4, "few"), ("pl", 1, "one"),
    ("pl", 22, "few"), ("pl", 12, "many"), ("pl", 5, "many"), ("pl", 21, "many"),
    ("ru", 1, "one"), ("ru", 21, "one"), ("ru", 11, "many"), ("ru", 3, "few"),
    ("ru", 14, "many"), ("ru", 25, "many")])
def test_plural_categories_are_the_browsers(code, n, form):
    """The categories Intl.PluralRules(code).select(n) gives for whole numbers."""
    assert ui.plural(code, n) == form


def test_count_fills_the_form_for_the_number():
    assert ui.count("pl", "make.words_n", 5) == "5 słów"
    assert ui.count("pl", "make.words_n", 2) == "2 słowa"
    assert ui.count("ru", "make.words_n", 21) == "21 слово"
    assert ui.count("en", "make.words_n", 1) == "1 word"
    assert ui.count("en", "make.set_done", 3, code="ab-cd") == "3 puzzles made, code ab-cd."


@pytest.mark.parametrize("asked, header, code", [
    (None, None, "en"),
    (None, "", "en"),
    (None, "de-AT", "de"),
    (None, "de-AT,de;q=0.9,en;q=0.8", "de"),
    (None, "en;q=0.5, fr;q=0.9", "fr"),
    (None, "ja, ko;q=0.9, sv;q=0.1", "sv"),
    (None, "ja, zh-CN", "en"),
    (None, "pt-BR", "pt"),
    (None, "EL-gr", "el"),
    (None, "*", "en"),
    (None, "fr;q=1.2.3, nl", "nl"),
    (None, ";;;,,, q=, ;q=1,\x00", "en"),
    ("es", "de, fr", "es"),
    ("xx", "de", "de"),
    ("", "it", "it"),
    ("EN", "ru", "ru"),
])
def test_the_page_language_is_asked_for_else_the_browsers_else_english(asked, header, code):
    assert ui.choose(asked, header) == code


def test_fill_escapes_the_texts_and_keeps_the_markup_given():
    page = ui.fill('<html lang="{{lang}}"><title>{{make.page_title}}</title>{{ x }}'
                   '<p>{{make.theme_none}}</p>', "fr", lang="fr", x="<b>kept</b>")
    assert page.startswith('<html lang="fr"><title>Créez des mots mêlés')
    assert "<b>kept</b>" in page
    # a text with markup characters is escaped, never parsed
    escaped = ui.fill("{{play.not_line}}", "en")
    assert "'" not in escaped and "&#x27;" in escaped


def test_an_unknown_language_or_key_is_an_error():
    with pytest.raises(KeyError):
        ui.texts("xx")
    with pytest.raises(KeyError):
        ui.fill("{{make.nothing}}", "en")
