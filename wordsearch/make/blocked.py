"""Words no finished grid may spell: the language's blocklist of rude words and
the letters of its words unsuitable for children (both on unless switched off), and
a teacher's own. A blocked word that lies inside one of the listed words is allowed
there, along that word's line, and nowhere else. The unsuitable strings of
lists.FILLER_ONLY_LETTERS or fewer (PEE, GIT) are common runs of letters: they are
kept out of the filler only, allowed wherever every letter of the reading is a
listed word's (or a hidden message's), as across the ends of two words.

The words are built once into an automaton in C (csrc/ws_block.c) that finds
every reading of all of them in one walk over the grid's lines.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from wordsearch import _core
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, capped
from wordsearch.lang import Language, lists
from wordsearch.make.words import MAX_LETTERS, MIN_LETTERS, parse_entry

# A teacher's own list may be this long: every puzzle's check stays quick.
MAX_BLOCK_WORDS = 10_000


@dataclass(frozen=True, eq=False)
class Blocked:
    forms: tuple[str, ...]  # grid forms, sorted, each once
    language: Language
    blocklist: bool          # whether the language's lists (rude, unsuitable) are among them
    extra: tuple[str, ...]   # the grid forms of the words blocked besides them, sorted
    # The forms that only the language's unsuitable list gives, sorted.
    unsuitable: tuple[str, ...] = ()

    def __reduce__(self):
        """Crosses to a worker process as its words; the automaton is built there."""
        return Blocked, (self.forms, self.language, self.blocklist, self.extra, self.unsuitable)

    @cached_property
    def rude(self) -> tuple[str, ...]:
        """The forms but the unsuitable ones, sorted: no word the program chooses may
        hold one. An unsuitable string lies inside many good words (SKILL holds KILL,
        LIVE reads EVIL backwards), which the unsuitable patterns let into the
        dictionary; listed, such a word's own letters may spell it, as any listed
        word's may spell a blocked word."""
        unsuitable = set(self.unsuitable)
        return tuple(f for f in self.forms if f not in unsuitable)

    @cached_property
    def filler_only(self) -> frozenset[str]:
        """The unsuitable forms kept out of filler letters only (PEE, GIT): a reading
        of one wholly on listed words' letters is allowed, as one of a blocked word
        inside a listed word is. A teacher's own or the blocklist's short words (ASS)
        are blocked everywhere."""
        return frozenset(f for f in self.unsuitable if len(f) <= lists.FILLER_ONLY_LETTERS)

    @cached_property
    def everywhere(self) -> tuple[str, ...]:
        """The forms but the filler-only ones, sorted: what no grid without filler
        (a layout's words alone, a hidden message's grid) may spell outside a word."""
        return tuple(f for f in self.forms if f not in self.filler_only)

    @cached_property
    def automaton(self) -> _core.Blocklist | None:
        """Every form built into the C automaton; None when there are none."""
        return self._automaton(self.forms)

    @cached_property
    def words_automaton(self) -> _core.Blocklist | None:
        """The forms blocked everywhere built into the C automaton, for the packer's
        layouts (words' letters alone); None when there are none."""
        return self._automaton(self.everywhere)

    def _automaton(self, forms: tuple[str, ...]) -> _core.Blocklist | None:
        if not forms:
            return None
        letters, offsets = self.language.alphabet.encode_list(list(forms))
        return _core.Blocklist(letters, offsets, len(self.language.alphabet))

    def readings(self, grid: np.ndarray, *, filler: bool = True) -> Iterator[tuple[str, int, str]]:
        """Every reading of a blocked word in the grid of cell codes: (grid form,
        first cell, compass direction); without `filler` (a grid with no filler
        letters), of the forms blocked everywhere only."""
        forms, automaton = ((self.forms, self.automaton) if filler
                            else (self.everywhere, self.words_automaton))
        if automaton is None:
            return
        words, starts, dirs = automaton.scan(grid)
        for w, start, d in zip(words.tolist(), starts.tolist(), dirs.tolist()):
            yield forms[w], start, COMPASS[d]


def blocked_words(language: Language, extra: Iterable[str | tuple[int, str]] = (), *,
                  blocklist: bool = True) -> Blocked:
    """The words to keep out of a grid: the language's lists (its blocklist and its
    unsuitable words) unless `blocklist` is False, and `extra` (entries as
    parse_words takes them: a teacher's own list), refused with every bad line named. Without `extra`, one value per language for
    the process, so that its automaton is built once however many puzzles ask."""
    entries = list(extra)
    if not entries:
        return _language_only(language, blocklist)
    return _blocked(language, entries, blocklist)


@cache
def _language_only(language: Language, blocklist: bool) -> Blocked:
    return _blocked(language, [], blocklist)


def _blocked(language: Language, entries: list, blocklist: bool) -> Blocked:
    forms, unsuitable = set(), set()
    if blocklist:
        forms.update(language.fold(text) for text in lists.blocklist(language.code))
        unsuitable.update(language.fold(text) for text in lists.unsuitable(language.code))
    own: set[str] = set()
    problems = []
    if len(entries) > MAX_BLOCK_WORDS:
        raise InputError(f"{len(entries):,} blocked words are more than this program takes; "
                         f"give at most {MAX_BLOCK_WORDS:,}.", option="block_words")
    for entry in entries:
        line, text = entry if isinstance(entry, tuple) else (None, entry)
        try:
            word = parse_entry(text, line, language)
        except InputError as exc:
            problems.append(f"blocked word {exc}")
            continue
        if word is not None:
            own.add(word.form)
    if problems:
        raise InputError("\n".join(capped(problems)), option="block_words")
    # The published lists were folded by the build script; a word of them that no
    # longer fits (a language's letters changed) is left to the data test to find.
    def fitting(found: set[str]) -> set[str]:
        return {f for f in found if MIN_LETTERS <= len(f) <= MAX_LETTERS
                and all(language.alphabet.is_letter(ch) for ch in f)}

    rude = fitting(forms) | own
    unsuitable = fitting(unsuitable) - rude
    return Blocked(tuple(sorted(rude | unsuitable)), language, blocklist, tuple(sorted(own)),
                   tuple(sorted(unsuitable)))


# The row the dictionary is laid out in to be scanned for blocked words.
SCAN_WIDTH = 4096


def free_of(forms: Sequence[str], blocked: Sequence[str], language: Language) -> list[bool]:
    """For each grid form, whether it holds no blocked word forwards or backwards:
    the words laid out in rows, an empty cell after each, scanned once by the
    blocked words' automaton; only readings along a row (E or W) are a word's own."""
    if not blocked:
        return [True] * len(forms)
    if not forms:
        return []
    width = max(SCAN_WIDTH, max(len(f) for f in forms) + 1)
    grid, owner, row, col = [], {}, [], 0
    for i, form in enumerate(forms):
        if col + len(form) + 1 > width:
            grid.append(row + [0] * (width - len(row)))
            row, col = [], 0
        for k in range(len(form)):
            owner[len(grid) * width + col + k] = i
        row.extend(language.alphabet.encode(form).tolist() + [0])
        col += len(form) + 1
    grid.append(row + [0] * (width - len(row)))
    letters, offsets = language.alphabet.encode_list(list(blocked))
    _, starts, dirs = _core.Blocklist(letters, offsets, len(language.alphabet)).scan(
        np.array(grid, dtype=np.uint8))
    clean = [True] * len(forms)
    for start, d in zip(starts.tolist(), dirs.tolist()):
        if COMPASS[d] in ("E", "W"):
            clean[owner[start]] = False
    return clean
