"""Words to look for, in grid form: a list a person typed, or a dictionary of
thousands, folded by a language and built once into a trie in C (csrc/ws_dict.h)
that every search of every grid then shares.

Folding is the language's (Café -> CAFE, Straße -> STRASSE in German); spaces,
hyphens and apostrophes drop out (ice-cream -> ICECREAM), as they do in a puzzle's
word list. A large list is folded a character kind at a time, not a word at a
time: each distinct character of the whole text is folded once, and one
str.translate turns the text into grid forms and then into letter codes, so that
100,000 words load in tens of milliseconds.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from wordsearch import _core, lang
from wordsearch.errors import InputError
from wordsearch.lang import lists

# Characters a word may have that are not letters and leave no cell.
JOINERS = " -'’\t"
# A word's longest form: WS_MAX_WORD in csrc/ws_common.h.
MAX_LETTERS = _core.MAX_WORD
# Problems one message lists; the rest are counted.
MAX_PROBLEMS = 20
QUOTE_LENGTH = 60
# Marks a character that folds to no letter: never a letter code (1..254) nor a
# line end, so one search of the folded text finds every bad word.
_BAD = "\x00"

Entry = str | tuple[int, str]


def quoted(text: str) -> str:
    """`text` in double quotes, control characters escaped, cut short if long."""
    cut = text[:QUOTE_LENGTH]
    shown = "".join(ch if unicodedata.category(ch)[0] != "C" and
                    unicodedata.category(ch) not in ("Zl", "Zp")
                    else ch.encode("unicode_escape").decode("ascii") for ch in cut)
    return f'"{shown}{"…" if len(text) > QUOTE_LENGTH else ""}"'


def capped(problems: list[str]) -> list[str]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return problems[:MAX_PROBLEMS] + [f"… and {len(problems) - MAX_PROBLEMS:,} more."]


def _numbered(entries: Iterable[Entry]) -> Iterator[tuple[int | None, str]]:
    for entry in entries:
        if isinstance(entry, tuple):
            yield entry[0], entry[1]
        elif isinstance(entry, str):
            yield None, entry
        else:
            raise InputError(f"{entry!r} is not a word: give each word as text.")


def _fold_table(chars: set[str], language: lang.Language) -> dict[int, str]:
    """How each character becomes grid letters: joiners and invisible format
    characters vanish, letters fold, anything else becomes _BAD."""
    table = {}
    for ch in chars:
        if ch in JOINERS or unicodedata.category(ch) == "Cf":
            table[ord(ch)] = ""
            continue
        folded = language.fold(ch)
        table[ord(ch)] = (folded if folded and all(language.alphabet.is_letter(c)
                                                   for c in folded) else _BAD)
    return table


def fold_entries(entries: Iterable[Entry], language: lang.Language,
                 ) -> tuple[list[str], list[str], list[str]]:
    """(grid forms, labels, problems) of the entries, blank ones left out, each form
    once (the first label kept); a problem names the entry and its line."""
    numbered = [(line, unicodedata.normalize("NFC", text).strip())
                for line, text in _numbered(entries)]
    numbered = [(line, text) for line, text in numbered if text]
    if not numbered:
        return [], [], []
    texts = [text for _, text in numbered]
    joined = "\n".join(texts)
    table = _fold_table(set(joined) - {"\n"}, language)
    folded_text = joined.translate(table)
    folded = folded_text.split("\n")
    if len(folded) != len(texts):  # an entry held a line break: fold one by one
        folded = [text.translate(table).replace("\n", _BAD) for text in texts]
        folded_text = _BAD
    problems = []
    if _BAD in folded_text or any(not f or len(f) > MAX_LETTERS for f in folded):
        for (line, text), form in zip(numbered, folded):
            where = f"{quoted(text)}{f' (line {line})' if line is not None else ''}"
            if _BAD in form:
                bad = sorted({ch for ch in text if table.get(ord(ch)) == _BAD})
                problems.append(f"{where} has {', '.join(map(repr, bad[:10]))}, which "
                                f"{'is not a letter' if len(bad) == 1 else 'are not letters'}"
                                f" of {language.name} grids; a word may use "
                                f"{language.letters_described}, spaces, hyphens and "
                                f"apostrophes.")
            elif not form:
                problems.append(f"{where} has no letters.")
            elif len(form) > MAX_LETTERS:
                problems.append(f"{where} has {len(form):,} letters; a word may have at "
                                f"most {MAX_LETTERS}.")
    firsts: dict[str, str] = {}
    for form, text in zip(folded, texts):
        if form not in firsts and _BAD not in form and 0 < len(form) <= MAX_LETTERS:
            firsts[form] = text
    return list(firsts), list(firsts.values()), problems


def encode(forms: Sequence[str], language: lang.Language) -> tuple[np.ndarray, np.ndarray]:
    """Grid forms as the C core takes them: letter codes back to back, and offsets."""
    codes = {ord(ch): chr(i + 1) for i, ch in enumerate(language.alphabet.letters)}
    letters = np.frombuffer("".join(forms).translate(codes).encode("latin-1"), dtype=np.uint8)
    offsets = np.zeros(len(forms) + 1, dtype=np.int32)
    np.cumsum(np.fromiter(map(len, forms), dtype=np.int32, count=len(forms)), out=offsets[1:])
    return letters, offsets


class Dictionary:
    """Words in grid form, built once into a trie and searched in many grids.

    `words` are entries as typed (or (line number, text) pairs from a file, so that
    messages name the line); blank ones are left out and a word given twice (in any
    spelling that folds alike) is kept once, with its first spelling as its label.
    Raises InputError naming every entry that is not a word of the language.
    """

    def __init__(self, words: Iterable[Entry], language: lang.Language | str | None = None,
                 *, source: str = "the dictionary") -> None:
        self.language = lang.resolve(language)
        self.source = source
        forms, labels, problems = fold_entries(words, self.language)
        if problems:
            raise InputError("\n".join([f"in {source}:"] + capped(problems)))
        self.forms: tuple[str, ...] = tuple(forms)
        self.labels: tuple[str, ...] = tuple(labels)
        self._index = {form: i for i, form in enumerate(forms)}
        letters, offsets = encode(forms, self.language)
        self.trie = _core.Trie(letters, offsets)

    @classmethod
    def of_language(cls, language: lang.Language | str | None = None) -> Dictionary:
        """The dictionary the language ships with (lang/data/CODE.words.txt)."""
        language = lang.resolve(language)
        return cls(lists.dictionary(language.code), language,
                   source=f"the {language.name} dictionary")

    def __len__(self) -> int:
        return len(self.forms)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.form(word) in self._index

    def form(self, word: str) -> str:
        """The grid form of `word` in this dictionary's language."""
        forms, _, _ = fold_entries([word], self.language)
        return forms[0] if forms else ""

    def __repr__(self) -> str:
        return f"<Dictionary of {len(self):,} {self.language.name} words>"
