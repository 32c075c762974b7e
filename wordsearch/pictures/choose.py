"""Which picture each word of a puzzle gets: the user's own where they gave one (a
file, or an emoji's codepoints), else the built-in mapping's for the word, from the
puzzle's theme or, for one's own words, from any theme of the language."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from wordsearch.errors import InputError
from wordsearch.pictures import mapping, source


def key(word: str) -> str:
    """A word as the mapping and the user's pictures are matched: case and spacing
    set aside ("Ice  Cream" finds "ice cream")."""
    return " ".join(word.split()).casefold()


def built_in(language: str, word: str, theme: str | None = None) -> str | None:
    """The mapping's codepoints for a word: its theme's, or (no theme) the first
    theme's of the language that has the word; None where none has a picture."""
    themes = mapping.mapping(language)
    for name in ([theme] if theme else list(themes)):
        for mapped, codepoints in themes.get(name, {}).items():
            if key(mapped) == key(word):
                return codepoints
    return None


def pictures(language: str, words: Sequence[str], theme: str | None = None,
             own: Mapping[str, str] | None = None,
             files: bool = True) -> list[source.Picture | None]:
    """Each word's picture, or None: `own` maps a word to a file's path or to an
    emoji's codepoints (refused if it names no word of the list, or a file without
    `files`)."""
    mine = {key(w): value for w, value in (own or {}).items()}
    unknown = sorted(set(mine) - {key(w) for w in words})
    if unknown:
        raise InputError(f'a picture is given for "{unknown[0]}", which is not one of the words.',
                         option="picture")
    found: list[source.Picture | None] = []
    for word in words:
        value = mine.get(key(word)) or built_in(language, word, theme)
        found.append(source.named(value, files) if value else None)
    return found
