"""The shipped word lists, blocklists and letter frequencies (built by
scripts/build_language_data.py) are what the program may rely on."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from wordsearch import lang
from wordsearch.make.words import parse_entry

DATA = resources.files("wordsearch.lang").joinpath("data")
HAND = Path(__file__).resolve().parent.parent / "scripts" / "data"
CODES = lang.codes()


def lines(name: str) -> list[str]:
    return DATA.joinpath(name).read_text(encoding="utf-8").splitlines()


def blocked_forms(code: str) -> list[str]:
    language = lang.get(code)
    return [parse_entry(w, None, language).form for w in lines(f"{code}.blocked.txt")]


def test_every_language_ships_its_lists():
    assert set(CODES) >= {"en", "es", "fr", "de", "it", "pt", "nl", "pl", "cs", "sk", "sv", "ru", "el"}
    for code in CODES:
        assert DATA.joinpath(f"{code}.words.txt").is_file(), code
        assert DATA.joinpath(f"{code}.blocked.txt").is_file(), code
        assert DATA.joinpath(f"{code}.child.txt").is_file(), code


@pytest.mark.parametrize("code", CODES)
def test_the_child_level_is_a_sorted_part_of_the_dictionary(code):
    """CODE.child.txt holds dictionary words only (every filter of the dictionary
    holds for it), sorted, and enough of them to fill a hidden message's grid."""
    child = lines(f"{code}.child.txt")
    assert child == sorted(child)
    assert len(set(child)) == len(child)
    assert set(child) <= set(lines(f"{code}.words.txt"))
    assert 500 <= len(child) <= 5_000


@pytest.mark.parametrize("code", CODES)
def test_the_child_level_is_without_the_words_read_off_it(code):
    """No word the hand reading takes off (scripts/data/level/CODE.txt) is on the
    child list: run scripts/build_language_data.py --level-only after an edit there."""
    language = lang.get(code)
    off = set()
    for line in (HAND / "level" / f"{code}.txt").read_text(encoding="utf-8").splitlines():
        off.update(language.fold(w) for w in line.split("#", 1)[0].split())
    assert off, "every language's reading takes some words off"
    assert not {w for w in lines(f"{code}.child.txt") if language.fold(w) in off}


@pytest.mark.slow  # 10,000 entries a language through the parser: 0.3 s each
@pytest.mark.parametrize("code", CODES)
def test_dictionary(code):
    language = lang.get(code)
    words = lines(f"{code}.words.txt")
    assert 5_000 <= len(words) <= 12_000
    assert words == sorted(words), "sorted"
    blocked = blocked_forms(code)
    short = {b for b in blocked if len(b) < 4}
    long = [b for b in blocked if len(b) >= 4]
    forms = set()
    for word in words:
        assert word and word == word.strip() and not any(ch in " -'’" or ch.isdigit() for ch in word), word
        form = parse_entry(word, None, language).form
        assert 3 <= len(form) <= 12, word
        assert form not in forms, f"{word}: grid form {form} twice"
        forms.add(form)
        assert form not in short, f"{word} is blocked"
        hits = [b for b in long if b in form]
        assert not hits, f"{word} contains blocked {hits}"


@pytest.mark.parametrize("code", CODES)
def test_blocklist(code):
    language = lang.get(code)
    words = lines(f"{code}.blocked.txt")
    assert words
    assert words == sorted(words)
    for word in words:
        assert word == word.lower() and " " not in word, word
        form = language.fold(word)
        assert len(form) >= 3 and all(language.alphabet.is_letter(ch) for ch in form), word
    assert len(set(blocked_forms(code))) == len(words), "one entry per grid form"


@pytest.mark.parametrize("code", CODES)
def test_unsuitable_strings(code):
    """Every entry of the hand-made unsuitable list of 3 letters or more, as the
    letters it names (`kill*` as KILL, `*sexual*` as SEXUAL), once; nothing else.
    Two-letter ones (German `po`) would read in nearly every grid."""
    language = lang.get(code)
    words = lines(f"{code}.unsuitable.txt")
    assert words == sorted(words)
    forms = [language.fold(word) for word in words]
    assert len(set(forms)) == len(words), "one entry per grid form"
    for word, form in zip(words, forms):
        assert word == word.lower() and " " not in word, word
        assert len(form) >= 3 and all(language.alphabet.is_letter(ch) for ch in form), word
    hand = set()
    for line in (HAND / "unsuitable" / f"{code}.txt").read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if len(language.fold(entry.strip("*"))) >= 3:
            hand.add(language.fold(entry.strip("*")))
    assert set(forms) == hand, "run scripts/build_language_data.py --unsuitable-only"


# What the filler spelled in 60 filler-heavy English puzzles and 20 of theme words
# before it avoided the unsuitable list (issue 27). FIST and SCREW are dictionary
# words a child knows, kept on purpose.
FILLER_SAW = "anus hate acne riot dead guns stab weed coke thug nuke anal cult loser dope tush bras"


def test_what_the_filler_spelled_is_kept_out_of_grids_now():
    """Each holds a blocked or unsuitable string, which no grid spells outside a
    listed word."""
    language = lang.get("en")
    kept_out = set(blocked_forms("en")) | {language.fold(w) for w in lines("en.unsuitable.txt")}
    for word in FILLER_SAW.split():
        form = language.fold(word)
        assert any(k in form for k in kept_out), word


WORST = {
    "en": "fuck shit cunt cock dick twat slut whore piss arse",
    "es": "puta mierda coño joder polla gilipollas",
    "fr": "merde putain salope connard enculé",
    "de": "scheiße fotze ficken arschloch wichser hure",
    "it": "cazzo merda puttana stronzo vaffanculo",
    "pt": "caralho porra merda puta foder",
    "nl": "kut klootzak neuken hoer lul",
    "pl": "kurwa chuj pierdolić jebać pizda",
    "cs": "kurva prdel hovno kokot píča",
    "sk": "kurva kokot piča jebať hovno",
    "sv": "fitta kuk knulla jävla skit",
    "ru": "хуй пизда блядь ебать сука",
    "el": "γαμώ μαλάκας μουνί πουτάνα σκατά",
}


@pytest.mark.parametrize("code", sorted(WORST))
def test_worst_words_are_blocked(code):
    """Each is blocked: a blocked word equals it or (of 4+ letters) lies inside it."""
    language = lang.get(code)
    blocked = blocked_forms(code)
    for word in WORST[code].split():
        form = parse_entry(word, None, language).form
        assert any(b == form or (len(b) >= 4 and b in form) for b in blocked), word


@pytest.mark.parametrize("code", CODES)
def test_frequencies(code):
    language = lang.get(code)
    freqs = language.frequencies
    assert len(freqs) == len(language.alphabet)
    assert all(isinstance(f, int) and not isinstance(f, bool) and f >= 1 for f in freqs)
    assert 99_000 <= sum(freqs) <= 101_000
    assert "wordfreq" in language.frequencies_source


def test_sources_and_licences_ship_beside_the_data():
    for name in ("SOURCES.md", "LICENSE-LDNOOBW.txt", "LICENSE-LDNOOBW_V2.txt", "LICENSE-wordfreq.md",
                 "LICENSE-Unicode.txt", "LICENSE-Glasgow-Norms.txt"):
        assert DATA.joinpath(name).is_file(), name


def test_data_is_under_5_mb():
    total = sum(f.stat().st_size for f in resources.files("wordsearch.lang").joinpath("data").iterdir()
                if f.is_file())
    assert total < 5_000_000
