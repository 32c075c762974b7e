"""The built-in clues (wordsearch/lang/data/clues/GRID-CLUE.json): each file gives, for
themes of the GRID language's theme file, a clue for every word in the CLUE language --
a definition a child can read when the two are the same, a translation otherwise. A
file may hold only some of the themes (they are written in parts), but a theme it holds
has a clue for every word and for nothing else, in the theme file's order, and no clue
gives its answer away: a definition must not contain the word or an obvious form of it
("a kitten is a baby cat"). A translation that is the grid word itself is allowed only
where the languages share the word, with the reason: tests/test_clue_data_translations.py."""
import json
import os
import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent.parent / "wordsearch" / "lang" / "data"
FILES = sorted((DATA / "clues").glob("*-*.json"))
# A clue is printed in one line of a word list column.
LONGEST = 60
# Little words that begin or end many others ("and" ends "hand", "the" begins
# "thermometer"): in a clue they say nothing about the answer, so they are not taken
# for a piece of it (they still may not be the answer itself).
FUNCTION_WORDS = set("""a an the and or but of to in on at by for from with into onto
    out off up down over under than then this that these those it its is are was
    were be been has have had can not no you your we our they them their he she his
    her who what when where which how one ones all any some""".split())
# Endings taken off both words before they are compared, the first that fits, and
# what replaces each: "bakes" and "baker" are both "bak", "swimming" and "swim" both
# "swim", "leaves" and "leaf" both "leaf".
ENDINGS = (("ves", "f"), ("ies", ""), ("ing", ""), ("ist", ""), ("es", ""), ("ed", ""),
           ("er", ""), ("or", ""), ("s", ""), ("y", ""), ("e", ""))
# Two words that begin with the same four or more letters, missing at most this many
# of the shorter one's, are one word's forms ("science" and "scientist").
SHARED_TAIL = 2


def language_pair(path: Path) -> tuple[str, str]:
    grid, clue = path.stem.split("-")
    return grid, clue


def stem(word: str) -> str:
    """A rough root of an English word, enough to see two forms of one word as one
    (a real stemmer would be a dependency for one test)."""
    for ending, replacement in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)] + replacement
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
                word = word[:-1]
            break
    return word


def same_word(token: str, part: str) -> bool:
    """Whether a word of a clue is the answer (or one piece of it) in another form."""
    if token == part or stem(token) == stem(part) or token.startswith(part):
        return True
    if token in FUNCTION_WORDS or len(token) < 3:
        return False
    if part.startswith(token) or part.endswith(token):
        return True
    shared = len(os.path.commonprefix([token, part]))
    return shared >= 4 and shared >= min(len(token), len(part)) - SHARED_TAIL


def give_away(word: str, clue: str) -> list[str]:
    """The words of a definition that give its answer away: the answer in any form,
    or a piece of it (SNOW in a clue for SNOWMAN, PIG for GUINEA PIG)."""
    pieces = [p for p in re.findall(r"[a-z]+", word.lower()) if len(p) >= 3]
    whole = "".join(re.findall(r"[a-z]+", word.lower()))
    parts = set(pieces) | {whole}
    return [token for token in re.findall(r"[a-z]+", clue.lower())
            if any(same_word(token, part) for part in parts)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_clue_file_has_a_fair_clue_for_every_word_of_its_themes(path):
    grid, clue_language = language_pair(path)
    text = path.read_text(encoding="utf-8")
    clues = json.loads(text)
    assert text.rstrip("\n") == json.dumps(clues, ensure_ascii=False, indent=1), (
        f"{path.name} is not written as json.dumps(indent=1, ensure_ascii=False) writes it")
    themes = json.loads((DATA / f"{grid}.themes.json").read_text(encoding="utf-8"))
    unknown = [key for key in clues if key not in themes]
    assert not unknown, f"{path.name}: no such theme in {grid}.themes.json: {unknown}"
    order = [key for key in themes if key in clues]
    assert list(clues) == order, f"{path.name}: themes not in the theme file's order"
    faults = []
    for key, theme_clues in clues.items():
        words = themes[key]["words"]
        if list(theme_clues) != words:
            missing = [w for w in words if w not in theme_clues]
            extra = [w for w in theme_clues if w not in words]
            faults.append(f"{key}: missing {missing}, extra {extra}, or out of order")
        for word, clue in theme_clues.items():
            where = f"{key}/{word}: {clue!r}"
            if not (isinstance(clue, str) and clue.isprintable() and clue
                    and clue == " ".join(clue.split())):
                faults.append(f"{where}: not one printable line of single spaces")
            elif len(clue) > LONGEST:
                faults.append(f"{where}: {len(clue)} characters, more than {LONGEST}")
            elif grid == clue_language and give_away(word, clue):
                faults.append(f"{where}: gives the word away ({give_away(word, clue)})")
    assert not faults, f"{path.name}:\n" + "\n".join(faults)
