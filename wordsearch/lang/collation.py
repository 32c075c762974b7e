"""Sorting words as a language sorts them: the one way every word list is ordered.

A teacher reads a sorted list the way a dictionary of the language sorts it: Ñ after
N in Spanish, Ä with A in German, Å Ä Ö after Z in Swedish, CH after H in Czech.
Character codes sort none of these right, so each language states its order in its
data (`collation` in CODE.json): the letters that sort apart at the first level, in
order, taken from the Unicode CLDR collation for that language, which is what ICU and
the browsers' Intl.Collator apply.

The rules are data in the package rather than a call into ICU (PyICU) so that the
printed order of a puzzle is the same on every machine and in later versions, as
the rest of the puzzle is: ICU comes from the system and its data changes with it,
and PyICU is a source-only build a teacher installing with pip would have to
compile. `scripts/check_collation.py` compares these rules with ICU's when the data
is revised.

The comparison follows the Unicode Collation Algorithm's three levels, as far as the
letters of our languages need it:
1. letters: each unit of the order (a letter, or a contraction such as Czech CH) in
   its place; a letter the order does not name sorts as its base letter (É as E,
   Ё as Е, ά as α), or failing that as the letters the language folds it to (ß as
   SS); spaces, then other characters such as hyphens and apostrophes (by code
   point), sort before every letter;
2. accents: a letter without marks before the same letter with them, marks in the
   order of the root collation (acute, grave, breve, circumflex, caron, ring,
   diaeresis, ...); a letter the order names as a variant of another (Swedish Ü of
   Y) after that letter;
3. case: lower case before upper case.
Words equal at all three levels are ordered by their characters, so that the order
is total and never depends on the order the words came in.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

# Combining marks in the secondary order of the root collation (CLDR root, the
# Unicode Collation Algorithm's DUCET): acute, grave, breve, circumflex, caron, ring
# above, diaeresis, double acute, tilde, dot above, cedilla, ogonek, macron. Marks
# not named here sort after them, by code point.
MARK_ORDER = "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0327\u0328\u0304"
# First-level weights: what comes before the letters, the letters, and letters the
# order does not know (not one of the language's, so never in a checked word).
_SPACE, _PUNCTUATION, _LETTER, _UNKNOWN = range(4)


@dataclass(frozen=True)
class Collation:
    """A language's sort order. `order` lists the units that differ at the first
    level, in order, in upper case: "A", "CH", or a unit followed by its variants
    that differ from it only at the second level ("Y Ü Ű" in Swedish). `source` says
    where the order comes from."""
    order: tuple[str, ...]
    source: str

    def __post_init__(self) -> None:
        units = [u for group in self.order for u in group.split()]
        if not units or len(set(units)) != len(units):
            raise ValueError(f"collation: each unit once, not {self.order}")

    @cached_property
    def _table(self) -> dict[str, tuple[int, int]]:
        """Each unit, case folded, -> (its first-level place, its variant number)."""
        return {unit.casefold(): (place, variant)
                for place, group in enumerate(self.order)
                for variant, unit in enumerate(group.split())}

    @cached_property
    def _longest(self) -> int:
        return max(map(len, self._table))

    def key(self, text: str, fold: Callable[[str], str]) -> tuple:
        """What `text` sorts by. `fold` is the language's fold of one character (its
        grid letters), for a letter that is neither a unit nor a unit with marks."""
        text = unicodedata.normalize("NFC", text)
        primary, secondary, tertiary = [], [], []
        i = 0
        while i < len(text):
            units, i = self._units_at(text, i, fold)
            while i < len(text) and unicodedata.combining(text[i]):
                # A mark that did not compose with its letter: an accent all the same.
                weight, variant, marks, case = units[-1]
                units[-1] = weight, variant, marks + (_mark(text[i]),), case
                i += 1
            for weight, variant, marks, case in units:
                primary.append(weight)
                secondary.append((variant, marks))
                tertiary.append(case)
        return tuple(primary), tuple(secondary), tuple(tertiary), text

    def _units_at(self, text: str, i: int, fold: Callable[[str], str]) -> tuple[list, int]:
        """The units that text[i:] starts with, each (first-level weight, variant,
        marks, case), and where the text goes on."""
        for n in range(min(self._longest, len(text) - i), 1, -1):
            chars = text[i:i + n]
            found = self._table.get(chars.casefold())
            if found is not None:
                return [((_LETTER, found[0]), found[1], (), _case(chars))], i + n
        ch = text[i]
        units = self._seen.get(ch)
        if units is None:
            units = self._units_of(ch)
            if units is None:
                return self._folded(ch, fold), i + 1
            self._seen[ch] = units
        return list(units), i + 1

    @cached_property
    def _seen(self) -> dict[str, tuple]:
        """The units of each character met so far that the order alone decides (not
        the fold, which a language of one's own may change): a list sorts its words
        by the same few letters again and again."""
        return {}

    def _units_of(self, ch: str) -> tuple | None:
        """A unit, a unit with marks, or a character before the letters; None for a
        letter the order does not name."""
        found = self._table.get(ch.casefold())
        if found is not None:
            return (((_LETTER, found[0]), found[1], (), _case(ch)),)
        base, *marks = unicodedata.normalize("NFD", ch)
        found = self._table.get(base.casefold())
        if found is not None:
            return (((_LETTER, found[0]), found[1], tuple(map(_mark, marks)), _case(ch)),)
        if ch.isalpha():
            return None
        return (((_SPACE if ch.isspace() else _PUNCTUATION, ord(ch)), 0, (), ()),)

    def _folded(self, ch: str, fold: Callable[[str], str]) -> list:
        """A letter sorted as the letters the language folds it to, after them at the
        third level (ß after ss); one it cannot fold after every letter it has."""
        letters = [self._table.get(c.casefold()) for c in fold(ch)]
        if letters and None not in letters:
            return [((_LETTER, place), variant, (), _case(ch) + (1,)) for place, variant in letters]
        return [((_UNKNOWN, ord(ch)), 0, (), _case(ch))]


def _mark(mark: str) -> int:
    at = MARK_ORDER.find(mark)
    return at if at >= 0 else len(MARK_ORDER) + ord(mark)


def _case(chars: str) -> tuple[int, ...]:
    return tuple(int(c != c.lower()) for c in chars)
