#!/usr/bin/env python3
"""Compare each language's sort order (`collation` in wordsearch/lang/data/CODE.json)
with ICU's collator for the same locale.

The package sorts word lists by its own stated rules, not by ICU, so that a puzzle's
printed list is the same on every machine and in later versions (see
wordsearch/lang/collation.py). This build-time check is how those rules are held to
CLDR's: run it when the rules change or a newer ICU is to be followed, with a Python
that has PyICU (a separate virtual environment; Debian: apt-get install libicu-dev
pkg-config g++):

    python3 -m venv .tools && .tools/bin/pip install pyicu numpy  # numpy: wordsearch imports it
    .tools/bin/python scripts/check_collation.py

It sorts, for every language, its dictionary, its themes' words, each of them
capitalised, and every pair of letters a word of the language may have (each
letter in both cases, the accented letters its fold accepts too), by the package's
rules; each neighbour in that order that ICU puts the other way round is counted,
and printed when the two have different grid forms (words of the same grid form are
one word to a puzzle, so their order is never printed). It exits 1 if any such is
found.
"""
from __future__ import annotations

import itertools
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import icu  # noqa: E402  (build-time only)

from wordsearch import lang  # noqa: E402
from wordsearch.lang import lists  # noqa: E402

# Where the letters a word may have are looked for: Latin with its accents, Greek
# with its tonos and dialytika, Cyrillic.
SCRIPTS = [range(0x41, 0x5B), range(0x61, 0x7B), range(0xC0, 0x180), range(0x386, 0x3D0),
           range(0x400, 0x460)]
SHOWN = 10  # disagreements printed per language


def letters(language: lang.Language) -> list[str]:
    """Every character of SCRIPTS that folds to letters of the language."""
    out = []
    for ch in map(chr, itertools.chain.from_iterable(SCRIPTS)):
        folded = language.fold(ch)
        if ch.isalpha() and folded and all(language.alphabet.is_letter(c) for c in folded):
            out.append(ch)
    return out


def samples(code: str) -> list[str]:
    language = lang.get(code)
    words = set(lists.dictionary(code))
    for theme in lists.themes(code).values():
        words.update(theme.words)
    words |= {w[:1].upper() + w[1:] for w in words}
    chars = letters(language)
    words |= {a + b for a in chars for b in chars}
    return sorted(words)


def check(code: str) -> int:
    """The neighbours ICU orders the other way whose grid forms differ, printed; those
    of the same grid form (Straße and Strasse) are only counted, as one puzzle never
    lists both."""
    language = lang.get(code)
    collator = icu.Collator.createInstance(icu.Locale(code))
    ours = language.collate(samples(code))
    wrong = [(a, b) for a, b in zip(ours, ours[1:]) if collator.compare(a, b) > 0]
    apart = [(a, b) for a, b in wrong if language.fold(a) != language.fold(b)]
    print(f"{code}: {len(ours):,} words; neighbours ICU {icu.ICU_VERSION} orders the other way: "
          f"{len(apart)} of different grid forms, {len(wrong) - len(apart)} of the same"
          + (":" if apart else "."))
    for a, b in apart[:SHOWN]:
        print(f"    {a} before {b}")
    return len(apart)


def main() -> int:
    print(f"ICU {icu.ICU_VERSION}, Unicode {icu.UNICODE_VERSION}")
    return 1 if sum(check(code) for code in lang.codes()) else 0


if __name__ == "__main__":
    sys.exit(main())
