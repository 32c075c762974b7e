"""The built-in English clues (wordsearch/lang/data/clues/en-en.json): a definition for
children of every word of every theme the file holds. A clue must fit a word list
(printable, at most 60 characters) and must not give the answer away: it may not
contain the word, a part of a word of two or more parts, or an obvious form of one
(seeds/seed, leaves/leaf, paint/painting, children/child, sandcastle/sand), because a
child then finds the word without knowing what it means."""
import json
import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "wordsearch" / "lang" / "data"
CLUES = DATA / "clues" / "en-en.json"
THEMES = DATA / "en.themes.json"
LONGEST = 60
# Parts of a word that say nothing about it, so a clue may use them: the "of" of
# "coat of arms", the "and" of "hide and seek", the "me" and "not" of "forget-me-not".
PLAIN_PARTS = {"a", "an", "and", "of", "the", "me", "not", "s"}
# Short clue words that begin or end many words by chance ("can" and "canoe", "art"
# and "artist" are caught by the rule on whole parts instead).
SHORT = 3
LETTERS = re.compile(r"[a-z]+")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def stem(token: str) -> str:
    """The token without an English plural ending, so "seeds" meets "seed"."""
    for ending, base in (("ies", "y"), ("ves", "f"), ("ches", "ch"), ("shes", "sh"),
                         ("xes", "x"), ("sses", "ss"), ("oes", "o")):
        if token.endswith(ending) and len(token) > len(ending) + 2:
            return token[: -len(ending)] + base
    if token.endswith("s") and not token.endswith("ss") and len(token) > 3:
        return token[:-1]
    return token


def tokens(text: str) -> list[str]:
    return LETTERS.findall(text.lower())


def giveaway(word: str, clue: str) -> str | None:
    """The word of the clue that gives the answer away, or None."""
    parts = [p for p in tokens(word) if p not in PLAIN_PARTS]
    for said in tokens(clue):
        root = stem(said)
        for part in parts:
            if root == stem(part):
                return said
            if len(root) > SHORT and (part.startswith(root) or part.endswith(root)):
                return said
            if len(stem(part)) > SHORT and said.startswith(stem(part)):
                return said
    return None


def test_the_giveaway_rule_catches_forms_and_parts():
    assert giveaway("seeds", "a tiny seed grows into a plant") == "seed"
    assert giveaway("leaves", "each green leaf of a tree") == "leaf"
    assert giveaway("paint", "painting with colours") == "painting"
    assert giveaway("children", "one child and another") == "child"
    assert giveaway("sandcastle", "built from sand at the beach") == "sand"
    assert giveaway("living room", "the room where you relax") == "room"
    assert giveaway("bookcase", "shelves for books") == "books"
    assert giveaway("canoe", "a small boat you can paddle") is None
    assert giveaway("coat of arms", "a picture of a family's badge") is None


def test_every_theme_word_has_a_fitting_clue_and_no_more():
    themes, clues = load(THEMES), load(CLUES)
    assert clues, "en-en.json holds no theme"
    unknown = [key for key in clues if key not in themes]
    assert not unknown, f"themes not in en.themes.json: {unknown}"
    order = [key for key in themes if key in clues]
    assert list(clues) == order, "themes are not in the order of en.themes.json"
    faults = []
    for key, words in clues.items():
        wanted = themes[key]["words"]
        faults += [f"{key}: no clue for {w!r}" for w in wanted if w not in words]
        faults += [f"{key}: {w!r} is not a word of the theme" for w in words if w not in wanted]
        if list(words) != [w for w in wanted if w in words]:
            faults.append(f"{key}: the words are not in the order of en.themes.json")
        for word, clue in words.items():
            where = f"{key}: {word!r}: {clue!r}"
            if not isinstance(clue, str) or not clue.strip():
                faults.append(f"{where} is empty")
                continue
            if not clue.isprintable() or clue != clue.strip():
                faults.append(f"{where} has a character a page cannot print or spare space")
            if len(clue) > LONGEST:
                faults.append(f"{where} is {len(clue)} characters, more than {LONGEST}")
            said = giveaway(word, clue)
            if said:
                faults.append(f"{where} gives the word away with {said!r}")
    assert not faults, "\n".join(faults)


def test_the_file_is_written_as_json_dumps_writes_it():
    text = CLUES.read_text(encoding="utf-8")
    assert text.rstrip("\n") == json.dumps(load(CLUES), ensure_ascii=False, indent=1)
