"""Solving a grid: where each listed word reads, and every word of a dictionary.

The searching is done in C (csrc/ws_solve.c) over a trie of the words
(csrc/ws_dict.c): along the eight straight lines from each cell, or with
free_path along every path of neighbouring cells that uses no cell twice
(Boggle's rule). This module prepares the grid and the words, and turns what the
C finds into plain values (solution.py).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from wordsearch import _core, lang
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, SearchSpent, capped
from wordsearch.inside import containers
from wordsearch.puzzle import OUTSIDE, Puzzle
from wordsearch.solver.dictionary import Dictionary, Entry, encode, fold_entries
from wordsearch.solver.grid import GridFile, encode_grid, encoded, from_puzzle, grid_rows
from wordsearch.solver.solution import Cell, Found, Reading, Solution

DEFAULT_MIN_LENGTH = 4
# Steps a free-path search may take (a step is one cell added to a path): about a
# second's work. A grid of many equal letters has more paths than any search can
# walk, and is refused when it runs out.
DEFAULT_BUDGET = 200_000_000

GridLike = Puzzle | GridFile | Sequence[str]


def checked_grid(grid: GridLike, language: lang.Language) -> tuple[GridFile, bytes]:
    """The grid as a GridFile whose rows are checked letters of `language`, and its
    cells as the C core takes them. Rows already in grid form (a grid file's, or
    rows solved before) are checked as they are encoded, in one pass."""
    if isinstance(grid, Puzzle):
        grid = from_puzzle(grid)
    given = grid.rows if isinstance(grid, GridFile) else grid
    if isinstance(given, str) or not set(map(type, given)) <= {str}:
        raise InputError("a grid is a list of rows, each a string of letters "
                         f"({OUTSIDE!r} for a cell outside the shape), or a Puzzle.")
    cells = encoded(given, language)
    if cells is None:
        rows = grid_rows([list(row) for row in given], language, "the grid")
        cells = encode_grid(rows, language)
    else:
        rows = tuple(given)
    if isinstance(grid, GridFile):
        return GridFile(rows, grid.words, grid.language, grid.key, grid.kind, grid.code), cells
    return GridFile(rows), cells


def _language(grid: GridLike, dictionary, language) -> lang.Language:
    if language is not None:
        return lang.resolve(language)
    own = grid.language if isinstance(grid, (Puzzle, GridFile)) else None
    if own:
        return lang.get(own)
    if isinstance(dictionary, Dictionary):
        return dictionary.language
    return lang.get(lang.DEFAULT)


# By word index: only the words that read.
Readings = dict[int, tuple[Reading, ...]]


@lru_cache(maxsize=16)
def _cells(rows: int, cols: int) -> tuple[Cell, ...]:
    """(row, column) of every cell, made once for a shape: readings share them."""
    return tuple((r, c) for r in range(rows) for c in range(cols))


def _spent(budget: int) -> InputError:
    return InputError(f"this grid has more free paths than a search can follow (over "
                      f"{budget:,} steps): it repeats a few letters too often. Search "
                      f"along straight lines, or for longer words only.", option="free_path")


def solve(grid: GridLike, words: Iterable[Entry] | None = None, *,
          dictionary: Dictionary | Iterable[str] | None = None, free_path: bool = False,
          min_length: int = DEFAULT_MIN_LENGTH, language: lang.Language | str | None = None,
          budget: int = DEFAULT_BUDGET) -> Solution:
    """Where every word reads in `grid`.

    `grid` is a list of row strings ("." for a cell outside the shape; letters in
    any case), a Puzzle, or a GridFile (grid.read_grid). `words` are the words to
    look for, as typed (or (line, text) pairs); without them, a Puzzle's or a
    file's own word list. Each is reported with every reading that counts: in all
    eight directions, a palindrome's once, and not its readings inside a longer
    listed word that contains it (those are kept apart, as in our puzzles).

    `dictionary` (a Dictionary, built once and reused, or a list of words) adds
    every word of it, of `min_length` letters or more, that reads in the grid.
    `free_path` looks for words along any path of neighbouring cells, no cell used
    twice, instead of straight lines. The language (of the letters and of how
    words fold) is `language`, else the grid's own, else the dictionary's, else
    English. Raises InputError naming what is wrong.
    """
    language = _language(grid, dictionary, language)
    grid_file, cells = checked_grid(grid, language)
    if min_length < 1:
        raise InputError(f"a minimum length of {min_length} letters is not one; use 1 or "
                         f"more.", option="min_length")
    if isinstance(dictionary, Dictionary) and dictionary.language is not language:
        raise InputError(f"the dictionary is in {dictionary.language.name} but the grid in "
                         f"{language.name}; build the dictionary in the grid's language.",
                         option="dictionary")
    if dictionary is not None and not isinstance(dictionary, Dictionary):
        dictionary = Dictionary(dictionary, language)

    entries = list(grid_file.words if words is None else words)
    forms, labels, problems = fold_entries(entries, language)
    if problems:
        raise InputError("\n".join(capped(problems)), option="words")
    listed: tuple[Found, ...] = ()
    if forms:
        own = _core.Trie(*encode(forms, language))
        try:
            readings = own.grouped(cells, *grid_file.shape, 1, free_path, budget,
                                   _cells(*grid_file.shape), COMPASS, Reading)
        except SearchSpent:
            raise _spent(budget) from None
        listed = _apply_inside(forms, labels, readings, _placements(grid_file, forms))
    found: tuple[Found, ...] = ()
    if dictionary is not None:
        found = _found(dictionary, cells, grid_file.shape, min_length, free_path, budget)
    return Solution(grid_file.rows, language.code, free_path, listed, found,
                    min_length if dictionary is not None else 0,
                    dictionary.source if dictionary is not None else "", grid_file.code)


def _found(dictionary: Dictionary, cells: bytes, shape: tuple[int, int], min_length: int,
           free_path: bool, budget: int) -> tuple[Found, ...]:
    """Every dictionary word that reads, as the language sorts their labels (the
    report lists them so): values made in Cython, in the trie's order of words."""
    try:
        found = dictionary.trie.found(cells, *shape, min_length, free_path, budget,
                                      _cells(*shape), COMPASS, Reading, Found,
                                      dictionary.forms, dictionary.labels)
    except SearchSpent:
        raise _spent(budget) from None
    return tuple(dictionary.language.collate(found, key=lambda f: f.label))


def _placements(grid_file: GridFile, forms: list[str]) -> dict[str, tuple[Cell, ...]]:
    """Where the grid's own answer key places each listed word, for the entries of the
    key whose cells do spell the word there."""
    wanted = set(forms)
    out = {}
    for k in grid_file.key:
        if k.word in wanted and k.spelled(grid_file.rows):
            out.setdefault(k.word, k.cells())
    return out


def _apply_inside(forms: list[str], labels: list[str], readings: Readings,
                  placed: dict[str, tuple[Cell, ...]]) -> tuple[Found, ...]:
    """Each listed word with its readings that count, the others set apart: as our
    puzzles count them, a word's readings inside a listed word that contains it do
    not count.

    Inside what, exactly: with the grid's own key, inside the container's placement
    (a word and its reversal of the same length, like KET and TEK, then each count
    once at their own placements); without it, inside any reading of a longer
    container, and the runs a word and its reversal share are shared out, in order,
    first to the word listed first, so that each reads once when there are two."""
    inside = containers(forms)
    out = []
    for i, form in enumerate(forms):
        counted, within = [], []
        partner = next((j for j in inside[i] if len(forms[j]) == len(form)), None)
        if partner is not None and form not in placed and forms[partner] not in placed:
            runs = sorted(tuple(sorted(r.cells)) for r in readings.get(i, ()))
            mine = 0 if i < partner else 1  # which runs of the pair are this word's
        else:
            partner = None
        for reading in readings.get(i, ()):
            host = None
            for j in inside[i]:
                other = forms[j]
                if other in placed:
                    hosts = [Reading(placed[other], None)]
                elif len(other) > len(form):
                    hosts = readings.get(j, ())
                else:
                    continue  # a reversal of the same length, without a key: below
                if any(reading.within(h) for h in hosts):
                    host = other
                    break
            if host is None and partner is not None:
                # This run reads the partner too: every other one, in the order of
                # their cells, is the partner's.
                if runs.index(tuple(sorted(reading.cells))) % 2 != mine:
                    host = forms[partner]
            if host is None:
                counted.append(reading)
            else:
                within.append((reading, host))
        out.append(Found(form, labels[i], tuple(counted), tuple(within)))
    return tuple(out)
