"""The built-in theme word lists (wordsearch/lang/data/CODE.themes.json): how many
themes and words each language has, that every word parses in its language to a grid
form of 3 to 12 letters (it fits a 15×15 grid), that no theme holds one grid form
twice, and that no word spells a well-known swear word either way round."""
import json
import unicodedata
from pathlib import Path

import pytest

from wordsearch import lang
from wordsearch.make.words import parse_entry

DATA = Path(__file__).resolve().parent.parent / "wordsearch" / "lang" / "data"
FILES = sorted(DATA.glob("*.themes.json"))
# The least each language must have: (themes, words in every theme).
MINIMUM = {"en": (40, 20)}
DEFAULT_MINIMUM = (12, 20)
# Letters no word may contain, forwards or backwards, accents dropped: swear words a
# child would recognise, English ones in every language and each language's own.
BLOCKED = {code: words.split() for code, words in {
    "en": """SHIT FUCK CUNT COCK DICK PISS TWAT WANK SLUT WHORE BITCH BASTARD PENIS VAGINA
             NIGGER NIGGA FAGGOT BOLLOCK BOOB TITS ARSE DILDO PORN NAZI CRAP POOP BUM""",
    "es": """PUTA PUTO MIERDA CONO JODER CULO POLLA CABRON PENDEJO MARICON CHINGA VERGA
             CACA PEDO TETA MAMADA GILIPOLLAS""",
    "fr": """MERDE PUTE PUTAIN CONNARD CONNE SALOPE ENCULE NIQUE BITE CHIER COUILLE BRANLE
             BORDEL ZIZI FOUTRE""",
    "de": """SCHEISS FICK ARSCH FOTZE PIMMEL HURE WICHS TITTE KACKE NUTTE SCHLAMPE""",
}.items()}


def plain(form: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", form)
                   if not unicodedata.combining(ch))


def code_of(path: Path) -> str:
    return path.name.removesuffix(".themes.json")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_four_theme_languages_ship():
    assert {"en", "es", "fr", "de"} <= {code_of(p) for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=code_of)
def test_a_theme_file_is_written_as_json_dumps_writes_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.rstrip("\n") == json.dumps(load(path), ensure_ascii=False, indent=1)


@pytest.mark.parametrize("path", FILES, ids=code_of)
def test_a_language_has_enough_themes_with_enough_words(path):
    themes, words = MINIMUM.get(code_of(path), DEFAULT_MINIMUM)
    doc = load(path)
    assert len(doc) >= themes
    short = {key: len(theme["words"]) for key, theme in doc.items()
             if len(theme["words"]) < words}
    assert not short


@pytest.mark.parametrize("path", FILES, ids=code_of)
def test_a_theme_has_a_short_lower_case_id_a_title_and_only_words(path):
    for key, theme in load(path).items():
        assert key.isascii() and key.isalpha() and key.islower() and len(key) <= 12, key
        assert set(theme) == {"title", "words"}, key
        assert isinstance(theme["title"], str) and theme["title"].strip() == theme["title"] != ""
        assert all(isinstance(w, str) and w.strip() == w != "" for w in theme["words"]), key


@pytest.mark.parametrize("path", [p for p in FILES if code_of(p) != "en"], ids=code_of)
def test_a_theme_id_names_an_english_theme(path):
    assert set(load(path)) <= set(load(DATA / "en.themes.json"))


@pytest.mark.parametrize("path", FILES, ids=code_of)
def test_every_word_parses_to_3_to_12_letters_once_in_its_theme(path):
    language = lang.get(code_of(path))
    problems = []
    for key, theme in load(path).items():
        seen = {}
        for word in theme["words"]:
            parsed = parse_entry(word, None, language)
            if parsed is None or not 3 <= len(parsed.form) <= 12:
                problems.append(f"{key}: {word!r} does not fit")
            elif parsed.form in seen:
                problems.append(f"{key}: {word!r} and {seen[parsed.form]!r} are one grid form")
            else:
                seen[parsed.form] = word
    assert not problems


@pytest.mark.parametrize("path", FILES, ids=code_of)
def test_no_word_spells_a_swear_word_either_way_round(path):
    language = lang.get(code_of(path))
    blocked = set(BLOCKED["en"]) | set(BLOCKED.get(code_of(path), ()))
    found = []
    for key, theme in load(path).items():
        for word in theme["words"]:
            form = plain(parse_entry(word, None, language).form)
            found += [f"{key}: {word!r} holds {bad}" for bad in sorted(blocked)
                      if bad in form or bad in form[::-1]]
    assert not found
