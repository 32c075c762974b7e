"""Printable word search puzzles in which every word reads exactly once.

The package follows the data: lang/ (the letters a language has) -> make/ (words
-> shape -> pack -> fill -> a puzzle) -> puzzle.py (the values every front end
shares) -> solver/ (grids from anywhere -> where the words read) -> render/ (pages
and text) -> export/ (files, all or nothing) -> web/ and cli.py. A module imports
only from its own stage or the ones before it (tests/test_imports.py walks them).

The names below load on first use, so that a front end that only shows a saved
puzzle (wordsearch.puzzle, wordsearch.render) never loads the packer or its C core.
"""
from __future__ import annotations

import importlib

_HOMES = {
    "generate": "wordsearch.make.generate",
    "build_set": "wordsearch.make.classset",
    "MakeOptions": "wordsearch.make.options",
    "split_sections": "wordsearch.make.sections",
    "parse_words": "wordsearch.make.words",
    "Word": "wordsearch.make.words",
    "WordList": "wordsearch.make.words",
    "Puzzle": "wordsearch.puzzle",
    "Placement": "wordsearch.puzzle",
    "Sheet": "wordsearch.puzzle",
    "ClassSet": "wordsearch.puzzle",
    "solve": "wordsearch.solver.search",
    "Dictionary": "wordsearch.solver.dictionary",
    "Solution": "wordsearch.solver.solution",
    "GridSize": "wordsearch.size",
    "Language": "wordsearch.lang",
    "WordsearchError": "wordsearch.errors",
    "InputError": "wordsearch.errors",
    "PackingError": "wordsearch.errors",
    "LayoutError": "wordsearch.errors",
    "OutputError": "wordsearch.errors",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module 'wordsearch' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
