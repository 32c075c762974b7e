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
from functools import cached_property, lru_cache
from collections.abc import Iterable, Sequence

import numpy as np

from wordsearch import _core, lang
from wordsearch.errors import InputError, capped, quoted
from wordsearch.lang import lists

# Characters a word may have that are not letters and leave no cell.
JOINERS = " -'’\t"
# A word's longest form: WS_MAX_WORD in csrc/ws_common.h.
MAX_LETTERS = _core.MAX_WORD
# Marks a character that folds to no letter: never a letter code (1..254) nor a
# line end, so one search of the folded text finds every bad word.
_BAD = "\x00"
# Characters of text from which translating through a table of bytes pays (it
# takes some 10 us to make; measured: even at 1,000).
_BYTES_FROM = 1000

Entry = str | tuple[int, str]


def _split(entries: Iterable[Entry]) -> tuple[list[int | None] | None, list[str]]:
    """Line numbers (None when the entries are plain strings) and texts."""
    entries = entries if isinstance(entries, list) else list(entries)
    if set(map(type, entries)) <= {str}:
        return None, entries
    lines: list[int | None] = []
    texts = []
    for entry in entries:
        if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], str):
            lines.append(entry[0])
            texts.append(entry[1])
        elif isinstance(entry, str):
            lines.append(None)
            texts.append(entry)
        else:
            raise InputError(f"{entry!r} is not a word: give each word as text.")
    return lines, texts


def _fold_table(chars: set[str], language: lang.Language) -> dict[int, str]:
    """How each character becomes grid letters: joiners and invisible format
    characters vanish, letters fold, anything else becomes _BAD."""
    table = {}
    for ch in chars:
        if ch in JOINERS or ch.isspace() or unicodedata.category(ch) == "Cf":
            table[ord(ch)] = ""
            continue
        folded = language.fold(ch)
        table[ord(ch)] = (folded if folded and all(language.alphabet.is_letter(c)
                                                   for c in folded) else _BAD)
    return table


def _translate(text: str, table: dict[int, str]) -> str:
    """text.translate(table), through bytes when both are ASCII one for one and the
    text is long (a table of 256 bytes is many times quicker than a dict, once it is
    made)."""
    if len(text) >= _BYTES_FROM and text.isascii() and \
            all(len(v) <= 1 and v.isascii() for v in table.values()):
        ascii_table = bytes(ord(table[b][0]) if b in table and table[b] else b
                            for b in range(256))
        gone = bytes(b for b, v in table.items() if not v)
        return text.encode("ascii").translate(ascii_table, gone).decode("ascii")
    return text.translate(table)


def fold_entries(entries: Iterable[Entry], language: lang.Language,
                 ) -> tuple[list[str], list[str], list[str]]:
    """(grid forms, labels, problems) of the entries, blank ones left out, each form
    once, in the order first given, with its first label; a problem names the entry
    and its line. Done over the whole text at once, not word by word."""
    lines, texts = _split(entries)
    if not texts:
        return [], [], []
    joined = "\n".join(texts)
    if not joined.isascii():
        joined = unicodedata.normalize("NFC", joined)
    raw = joined.split("\n")
    if len(raw) != len(texts):  # an entry held a line break: it is one entry still
        raw = [unicodedata.normalize("NFC", t).replace("\n", " ") for t in texts]
        joined = "\n".join(raw)
    table = _fold_table(set(joined) - {"\n"}, language)
    folded_text = _translate(joined, table)
    folded = folded_text.split("\n")
    order = dict.fromkeys(folded)
    problems = []
    if _BAD in folded_text or "" in order or max(map(len, order)) > MAX_LETTERS:
        problems = _problems(lines, raw, folded, table, language)
        order = {f: None for f in order if f and _BAD not in f and len(f) <= MAX_LETTERS}
    forms = list(order)
    if len(forms) == len(folded):  # each entry a word of its own: its label is its text
        return forms, list(map(str.strip, raw)), problems
    first = dict(zip(reversed(folded), reversed(raw)))
    return forms, list(map(str.strip, map(first.__getitem__, forms))), problems


def _problems(lines: list[int | None] | None, raw: list[str], folded: list[str],
              table: dict[int, str], language: lang.Language) -> list[str]:
    problems = []
    for k, (text, form) in enumerate(zip(raw, folded)):
        text = text.strip()
        line = lines[k] if lines is not None else None
        where = f"{quoted(text)}{f' (line {line})' if line is not None else ''}"
        if _BAD in form:
            bad = sorted({ch for ch in text if table.get(ord(ch)) == _BAD})
            problems.append(f"{where} has {', '.join(map(repr, bad[:10]))}, which "
                            f"{'is not a letter' if len(bad) == 1 else 'are not letters'}"
                            f" of {language.name} grids; a word may use "
                            f"{language.letters_described}, spaces, hyphens and "
                            f"apostrophes.")
        elif not form and text:
            problems.append(f"{where} has no letters.")
        elif len(form) > MAX_LETTERS:
            problems.append(f"{where} has {len(form):,} letters; a word may have at "
                            f"most {MAX_LETTERS}.")
    return problems


@lru_cache(maxsize=None)
def letter_codes(language: lang.Language) -> dict[str, int]:
    """The code (1..) the solver gives each letter of the language: in the order of
    the letters' code points, not the alphabet's, so that the trie's order of
    words (csrc/ws_dict.h, ws_dict_ranks) is the order of the words as Python
    strings: the same on every machine, whatever order they were given in (a
    solution then lists them as the language sorts)."""
    return {ch: code for code, ch in enumerate(sorted(language.alphabet.letters), start=1)}


def encode(forms: Sequence[str], language: lang.Language) -> tuple[np.ndarray, np.ndarray]:
    """Grid forms as the C core takes them: letter codes back to back, and offsets.
    Each character is looked up in a table indexed by its code point."""
    points = np.frombuffer("".join(forms).encode("utf-32-le"), dtype=np.uint32)
    codes = letter_codes(language)
    alphabet = np.fromiter(map(ord, codes), dtype=np.uint32, count=len(codes))
    table = np.zeros(int(max(alphabet.max(), points.max(initial=0))) + 1, dtype=np.uint8)
    table[alphabet] = np.fromiter(codes.values(), dtype=np.uint8, count=len(codes))
    letters = table[points]
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

    @cached_property
    def _index(self) -> dict[str, int]:
        return dict(zip(self.forms, range(len(self.forms))))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.form(word) in self._index

    def form(self, word: str) -> str:
        """The grid form of `word` in this dictionary's language."""
        forms, _, _ = fold_entries([word], self.language)
        return forms[0] if forms else ""

    def __repr__(self) -> str:
        return f"<Dictionary of {len(self):,} {self.language.name} words>"
