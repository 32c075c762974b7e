"""The built-in translation clues (wordsearch/lang/data/clues/CODE-en.json): the English
word for every theme word of es, fr and de, so that `--clues --clue-language en` makes a
language learner's puzzle. One test a file checks that it answers exactly its theme file
(same themes, same words, same order), that every clue is printable and fits a list
column (at most 60 characters), that no theme gives two of its words the same clue (a
child could not tell which to look for), and that no clue is the grid word itself, which
gives the answer away, except where English really uses the same word."""
import json
import unicodedata
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "wordsearch" / "lang" / "data"
CODES = ("es", "fr", "de")
MAX_CLUE = 60


def by_word(reasons: dict[str, str]) -> dict[str, str]:
    """{reason: "word|word"} → {word: reason}: the reasons read as a list, not word by word."""
    return {word: reason for reason, words in reasons.items() for word in words.split("|")}


# Theme words whose English translation is the same word in grid form (case, accents,
# spaces and hyphens aside): the clue cannot differ without stopping being the word.
SAME_WORD = {
    "es": by_word({
        "an animal English names the same": "koala|panda|llama|orca",
        "a fruit English names the same": "mango|kiwi|melón",
        "a colour English took unchanged": "beige|magenta",
        "a weather word English took unchanged": "tornado",
        "a sport English names the same": "rugby|golf|hockey|bádminton",
        "an instrument English names the same": "piano|violín|viola|tuba|banjo|oboe|maracas",
        "a vehicle English names the same": "tractor|taxi|ferry",
        "a piece of furniture English names the same": "sofá",
        "a job English names the same": "actor",
        "a word of astronomy English shares": "cosmos|cráter|eclipse|Venus|Júpiter",
        "a sea word English shares": "coral",
        "a Christmas word English shares": "ángel",
        "a food English names the same": "pizza|pasta|chocolate",
    }),
    "fr": by_word({
        "an animal English names the same": "éléphant|lion|koala|panda|léopard",
        "the fruit and the colour English name the same": "orange",
        "a fruit English names the same": "kiwi|melon|nectarine|clémentine",
        "a vegetable British English took from French": "courgette|aubergine",
        "a colour English names the same": "indigo|turquoise|beige|magenta",
        "a weather word English shares": "température",
        "a sport English names the same": (
            "football|tennis|rugby|golf|hockey|baseball|badminton|handball|judo"),
        "an instrument English names the same": (
            "piano|flûte|trombone|saxophone|tuba|xylophone|triangle|ukulélé|banjo|harmonica"
            "|maracas"),
        "a vehicle English names the same": "bus|train|taxi|ferry|yacht|ambulance|canoë",
        "a room or piece of furniture English names the same": "garage|table",
        "a family word English took from French": "cousin|nièce|parents",
        "a word of astronomy English shares": (
            "satellite|télescope|météorite|éclipse|Mars|Jupiter|Vénus|Neptune|cosmos"),
        "a sea word English shares": "océan",
        "a Christmas word English shares": "décorations",
        "a food English names the same": "pizza|sandwich|biscuit|croissant|quiche|omelette",
    }),
    "de": by_word({
        "an animal English names the same": (
            "Giraffe|Tiger|Zebra|Koala|Panda|Wolf|Gorilla|Leopard|Otter"),
        "the fruit and the colour English name the same": "Orange",
        "a fruit English names the same": "Mango|Kiwi|Papaya|Grapefruit",
        "a vegetable British English names the same": "Aubergine",
        "a colour English names the same": "Gold|Beige|Indigo|Magenta|Bronze|Cyan",
        "a weather word English shares": "Wind|Frost|Tornado|Thermometer",
        "a part of the body English names the same": "Arm|Hand|Finger",
        "a sport English names the same": (
            "Tennis|Rugby|Basketball|Volleyball|Golf|Hockey|Baseball|Handball|Judo"),
        "an instrument English names the same": (
            "Cello|Tuba|Keyboard|Ukulele|Banjo|Oboe|Glockenspiel"),
        "a vehicle English names the same": "Bus|Taxi|Skateboard",
        "a piece of clothing German took from English": "T-Shirt|Jeans|Shorts|Uniform",
        "a room or piece of furniture English names the same": "Garage|Sofa",
        "a family word English shares": "Baby|Cousin",
        "a job English names the same": "Pilot",
        "a word of astronomy English shares": (
            "Planet|Asteroid|Astronaut|Meteor|Mars|Jupiter|Saturn|Venus"),
        "a sea word English shares": "Plankton",
        "a food English names the same": "Pizza|Butter|Popcorn|Spaghetti|Lasagne",
    }),
}


def grid_form(text: str) -> str:
    """What a child sees in the grid: letters only, accents and case dropped."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.casefold())
                   if ch.isalpha() and not unicodedata.combining(ch))


@pytest.mark.parametrize("code", CODES)
def test_translations_answer_their_themes(code):
    themes = json.loads((DATA / f"{code}.themes.json").read_text(encoding="utf-8"))
    clues = json.loads((DATA / "clues" / f"{code}-en.json").read_text(encoding="utf-8"))
    assert list(clues) == list(themes), f"{code}-en.json: themes differ from {code}.themes.json"
    same_seen = set()
    for theme, entry in themes.items():
        where = f"{code}-en.json, theme {theme!r}"
        assert list(clues[theme]) == entry["words"], (
            f"{where}: words differ from the theme's "
            f"(missing {sorted(set(entry['words']) - set(clues[theme]))}, "
            f"extra {sorted(set(clues[theme]) - set(entry['words']))}, or out of order)")
        seen = {}
        for word, clue in clues[theme].items():
            assert isinstance(clue, str) and clue == clue.strip() and clue, (
                f"{where}: the clue of {word!r} is empty or has spaces around it: {clue!r}")
            assert clue.isprintable(), f"{where}: the clue of {word!r} is not printable: {clue!r}"
            assert len(clue) <= MAX_CLUE, (
                f"{where}: the clue of {word!r} has {len(clue)} characters, over {MAX_CLUE}")
            assert clue.casefold() not in seen, (
                f"{where}: {word!r} and {seen.get(clue.casefold())!r} both have the clue {clue!r}")
            seen[clue.casefold()] = word
            if grid_form(clue) == grid_form(word):
                assert word in SAME_WORD.get(code, {}), (
                    f"{where}: the clue of {word!r} is the word itself ({clue!r})")
                same_seen.add(word)
    assert same_seen == set(SAME_WORD.get(code, {})), (
        f"{code}-en.json: SAME_WORD lists words whose clue differs or that no theme has: "
        f"{sorted(set(SAME_WORD.get(code, {})) - same_seen)}")
