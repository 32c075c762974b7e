"""The word lists each language ships with, read once when first asked for: its
dictionary of common words (for --random), the part of it at a child's level, its
blocklist of rude words, the letters of its words unsuitable for children, and its
themed lists. They live beside the language's data as CODE.words.txt,
CODE.child.txt, CODE.blocked.txt, CODE.unsuitable.txt and CODE.themes.json (see
lang/data/SOURCES.md for where each comes from); themes.groups.json, the same for
every language, says which themes are neighbours. The themes' clues live in
clues/GRID-CLUE.json: for each theme, each word (as the theme writes it) with its
clue in the language CLUE (a definition for children when CLUE is GRID, a
translation otherwise)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Theme:
    name: str            # what --theme takes: the same in every language
    title: str           # in the language, as a puzzle's title
    words: tuple[str, ...]


def _data(name: str):
    return resources.files("wordsearch.lang").joinpath("data").joinpath(name)


def _lines(name: str) -> tuple[str, ...]:
    file = _data(name)
    if not file.is_file():
        return ()
    return tuple(line.strip() for line in file.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#"))


@cache
def dictionary(code: str) -> tuple[str, ...]:
    """Common words of the language, fit for children, as they are written."""
    return _lines(f"{code}.words.txt")


@cache
def child(code: str) -> tuple[str, ...]:
    """The dictionary's words a child of primary age reads and knows."""
    return _lines(f"{code}.child.txt")


@cache
def blocklist(code: str) -> tuple[str, ...]:
    """Words of the language no grid may spell, as they are written."""
    return _lines(f"{code}.blocked.txt")


# An unsuitable string of this many letters or fewer (PEE, DIE, Spanish ANO) is a
# common run of letters: kept out of grids everywhere, it took whole packs of layouts
# and most hidden-message fills (scripts/build_language_data.py, MIN_FILLER_LETTERS),
# so a grid keeps it out of its filler letters only (make/blocked.py).
FILLER_ONLY_LETTERS = 3


@cache
def unsuitable(code: str) -> tuple[str, ...]:
    """Words and word parts unsuitable for children (illness, death, violence, drugs,
    insults...) that no grid may spell outside a listed word, as the blocklist's
    words (those of FILLER_ONLY_LETTERS or fewer in grid form: none that takes a
    filler letter); the dictionary was filtered by the patterns they come from."""
    return _lines(f"{code}.unsuitable.txt")


@cache
def themes(code: str) -> dict[str, Theme]:
    """The language's themed lists by name, in the order the file gives."""
    file = _data(f"{code}.themes.json")
    if not file.is_file():
        return {}
    data = json.loads(file.read_text(encoding="utf-8"))
    return {name: Theme(name, entry["title"], tuple(entry["words"]))
            for name, entry in data.items()}


@cache
def theme_groups() -> dict[str, tuple[str, ...]]:
    """Groups of neighbouring themes by name (food: fruit, vegetables, ...); a theme
    may be in several. Theme names are the same in every language."""
    data = json.loads(_data("themes.groups.json").read_text(encoding="utf-8"))
    return {name: tuple(themes) for name, themes in data.items()}


@cache
def clues(grid: str, clue: str) -> dict[str, dict[str, str]]:
    """The built-in clues in language `clue` for the themes of language `grid`, by
    theme and word ({} when there are none)."""
    file = _data("clues").joinpath(f"{grid}-{clue}.json")
    if not file.is_file():
        return {}
    return json.loads(file.read_text(encoding="utf-8"))


def clue_languages(grid: str) -> tuple[str, ...]:
    """The codes of the languages the themes of `grid` have built-in clues in."""
    folder = _data("clues")
    if not folder.is_dir():
        return ()
    return tuple(sorted(name.name[len(grid) + 1:-len(".json")] for name in folder.iterdir()
                        if name.name.startswith(f"{grid}-") and name.name.endswith(".json")))
