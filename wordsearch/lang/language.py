"""A Language value: its alphabet, letter frequencies and fold rules, read from
lang/data/CODE.json.

Folding is what a typed letter becomes in the grid, one typed character at a time:
the language's own rule for it if it has one (ß -> SS in German, Ё -> Е in Russian),
else its upper case if that is a letter of the alphabet (ñ -> Ñ in Spanish, ς -> Σ),
else, where the language says so, the letter without its accents (é -> E in
English, ά -> Α in Greek). A character none of these turn into letters stays as it
is, and the word is refused: ß in French, a Cyrillic letter in an English list.
"""
from __future__ import annotations

import dataclasses
import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, TypeVar

from wordsearch.errors import InputError
from wordsearch.lang.alphabet import Alphabet
from wordsearch.lang.collation import Collation

DEFAULT = "en"
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Language:
    code: str                     # ISO 639-1, as in the JSON document's "language"
    name: str                     # in English, as messages name it
    native_name: str              # as its speakers name it, in lists of languages
    alphabet: Alphabet
    letters_described: str        # as messages name the letters a word may use
    font: str                     # the bundled font family its pages are set in
    # Relative frequency of each letter in ordinary text, as whole numbers so that
    # drawing filler never depends on floating point.
    frequencies: tuple[int, ...]
    frequencies_source: str
    folds: Mapping[str, str]      # an upper-case character -> the letters it becomes
    strip_accents: bool
    labels: Mapping[str, str]     # what the pages print, by name
    collation: Collation          # how its word lists are sorted

    def __post_init__(self) -> None:
        if len(self.frequencies) != len(self.alphabet):
            raise ValueError(f"language {self.code}: one frequency per letter")

    def __reduce__(self):
        """A shipped language crosses to worker processes by its code, so each process
        reads its data once; any other crosses whole."""
        if self.code in codes() and get(self.code) is self:
            return get, (self.code,)
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        fields.update(folds=dict(self.folds), labels=dict(self.labels))
        return _rebuild, (fields,)

    def fold(self, text: str) -> str:
        """The grid form of `text`: "Café" -> "CAFE". Characters it cannot fold stay."""
        return "".join(map(self.fold_char, text))

    def message_words(self, text: str) -> list[list[tuple[str, str | None]]]:
        """A hidden message as its pages print it: its words (split at spaces), each
        a list of (character as typed, the grid letters it stands for). Punctuation
        and symbols stand for no letter ("": printed, not hidden); a character that
        is neither and does not fold to letters of the alphabet stands for None."""
        source = unicodedata.normalize("NFC", "".join(
            ch for ch in text if unicodedata.category(ch) != "Cf"))
        words: list[list[tuple[str, str | None]]] = [[]]
        for ch in source:
            category = unicodedata.category(ch)
            if category[0] == "Z" or category == "Cc":
                if words[-1]:
                    words.append([])
                continue
            if category[0] in "PS":
                words[-1].append((ch, ""))
                continue
            folded = self.fold_char(ch)
            known = folded and all(self.alphabet.is_letter(c) for c in folded)
            words[-1].append((ch, folded if known else None))
        return [word for word in words if word]

    def collate(self, items: Iterable[T], key: Callable[[T], str] = str) -> list[T]:
        """`items` in the order a word list of this language prints them, by the text
        `key` gives: the one way words are sorted for a reader (lang/collation.py)."""
        return sorted(items, key=lambda item: self.collation.key(key(item), self.fold_char))

    def fold_char(self, ch: str) -> str:
        """What one typed character becomes in the grid (see the module's docstring)."""
        upper = ch.upper()
        rule = self.folds.get(ch, self.folds.get(upper))
        if rule is not None:
            return rule
        if self.alphabet.is_letter(upper):
            return upper
        if self.strip_accents:
            # One letter at a time: ß.upper() is "SS", which is a rule only where
            # the language has it.
            base = "".join(c.upper() if len(c.upper()) == 1 else c
                           for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if base and all(self.alphabet.is_letter(c) for c in base):
                return base
        return ch


def _rebuild(fields: dict) -> Language:
    return Language(**dict(fields, folds=MappingProxyType(fields["folds"]),
                           labels=MappingProxyType(fields["labels"])))


def names() -> list[str]:
    """Each shipped language as messages name it: "English (en)"."""
    return [f"{get(code).name} ({code})" for code in codes()]


def codes() -> list[str]:
    """The languages that ship with the package."""
    return list(_shipped())


@cache
def _shipped() -> tuple[str, ...]:
    """Read from the data folder once: every document check and pickle asks."""
    folder = resources.files("wordsearch.lang").joinpath("data")
    # CODE.json only: CODE.themes.json beside it holds that language's word lists.
    return tuple(sorted(p.name[:-5] for p in folder.iterdir()
                        if p.name.endswith(".json") and p.name.count(".") == 1))


@cache
def get(code: str) -> Language:
    """The language with this code, read once from its data file."""
    if code not in codes():
        raise InputError(f'"{code}" is not a language this program knows; use one of: '
                         f"{', '.join(codes())}.", option="language")
    data = json.loads(resources.files("wordsearch.lang").joinpath("data").joinpath(f"{code}.json")
                      .read_text(encoding="utf-8"))
    return Language(code=data["code"], name=data["name"], native_name=data["native_name"],
                    alphabet=Alphabet(data["letters"]),
                    letters_described=data["letters_described"], font=data["font"],
                    frequencies=tuple(data["frequencies"]),
                    frequencies_source=data["frequencies_source"],
                    folds=MappingProxyType(dict(data["folds"])),
                    strip_accents=bool(data["strip_accents"]),
                    labels=MappingProxyType(dict(data["labels"])),
                    collation=Collation(tuple(data["collation"]["order"]),
                                        data["collation"]["source"]))


def resolve(language: Language | str | None) -> Language:
    """A Language from a value, a code, or None for the default."""
    if isinstance(language, Language):
        return language
    return get(DEFAULT if language is None else str(language).strip().lower())
