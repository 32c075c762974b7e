"""Filler letters, and the repair pass that keeps every word exactly once.

Filler follows the letter frequencies of the words themselves, so the words do
not stand out, blended with the language's ordinary frequencies as if its text had
lent PRIOR_LETTERS letters more, so that a short list (HELLO WORLD) does not leave
a grid of seven letters. When filler spells a word a second time, or spells a
blocked word, only the filler cells of that reading are drawn again; after a while
the draw widens toward the language's frequencies and then to uniform letters.
A reading made of word letters alone cannot be undone: the layout is passed over
(a filler-only string's, PEE across two words, is allowed: Blocked.filler_only).
Every loop is bounded.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from wordsearch import _core
from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import Unfilled
from wordsearch.lang import Language
from wordsearch.make.blocked import Blocked
from wordsearch.make.packer import Layout, inside_arrays
from wordsearch.make.words import Word
from wordsearch.puzzle import OUTSIDE

# Tries at each widening of the filler distribution; 128 in all, as the original.
MATCHED_TRIES = 64
BLENDED_TRIES = 32
UNIFORM_TRIES = 32
# How many letters of the language's ordinary text the words' own letters are
# blended with (see benchmarks/filler_standout.py for how it was chosen).
PRIOR_LETTERS = 20


def _cumulative(weights: np.ndarray) -> np.ndarray:
    return np.cumsum(weights.astype(np.uint64))


def filler_schedule(layout: Layout, language: Language) -> list[np.ndarray]:
    """Cumulative letter weights to draw with, one entry per try."""
    letters = layout.grid[(layout.grid != _core.EMPTY) & (layout.grid != _core.BLOCKED)]
    count = len(language.alphabet)
    matched = np.bincount(letters, minlength=count + 1)[1:].astype(np.uint64)
    general = np.array(language.frequencies, dtype=np.uint64)
    total = general.sum()
    # In whole numbers: matched / letters and general / total weighed as letters
    # and PRIOR_LETTERS, then equal parts of both.
    first = matched * total + general * PRIOR_LETTERS
    blended = matched * total + general * max(int(matched.sum()), 1)
    uniform = np.ones(count, dtype=np.uint64)
    return ([_cumulative(first)] * MATCHED_TRIES + [_cumulative(blended)] * BLENDED_TRIES
            + [_cumulative(uniform)] * UNIFORM_TRIES)


def _segment(start: int, direction: str, length: int, cols: int) -> tuple[int, int]:
    """A reading's cells as its two end cells, whichever way it is read."""
    dr, dc = STEPS[direction]
    end = start + (length - 1) * (dr * cols + dc)
    return min(start, end), max(start, end)


def _cells(start: int, direction: str, length: int, cols: int) -> list[int]:
    step = STEPS[direction][0] * cols + STEPS[direction][1]
    return [start + k * step for k in range(length)]


def _within(first: int, last: int, length: int,
            placements: Sequence[dict[int, int]]) -> bool:
    """Whether the straight reading of `length` cells from `first` to `last` lies on
    one placement (its cells by position along the word), along its line: a blocked
    word inside a listed word is that word's own letters. Two cells of a straight
    placement `length` - 1 places apart have exactly its cells between them."""
    return any(first in cells and last in cells and abs(cells[first] - cells[last]) == length - 1
               for cells in placements)


def fill(layout: Layout, words: Sequence[Word], language: Language, rng: _core.Rng,
         inside: Sequence[Sequence[int]] = (),
         blocked: Blocked | None = None) -> np.ndarray:
    """The layout's grid with filler in every empty cell, reading each word exactly
    once and no blocked word outside the listed words' own letters (a filler-only one
    on no filler letter); Unfilled, saying
    what stood in the way, if this layout cannot be filled that way. `inside[i]` are the words word
    i lies inside: its readings within their placements are theirs, not copies."""
    grid = layout.grid.copy()
    flat = grid.reshape(-1)
    cols = grid.shape[1]
    is_filler = flat == _core.EMPTY
    letters, offsets = language.alphabet.encode_list([w.form for w in words])
    placed = [_segment(r * cols + c, d, len(w.form), cols)
              for (r, c, d), w in zip(layout.placements, words)]
    inside_offsets, inside_words = inside_arrays(inside)
    starts = np.array([r * cols + c for r, c, _ in layout.placements], dtype=np.int32)
    dirs = np.array([COMPASS.index(d) for _, _, d in layout.placements], dtype=np.uint8)

    on_words = [{cell: k for k, cell in enumerate(_cells(r * cols + c, d, len(w.form), cols))}
                for (r, c, d), w in zip(layout.placements, words)]

    schedule = filler_schedule(layout, language)
    redraw = np.flatnonzero(is_filler).astype(np.int32)
    kept = Unfilled()
    for cumulative in schedule:
        rng.draw_letters(flat, redraw, cumulative)
        found_words, found_starts, found_dirs = _core.scan_words(
            grid, letters, offsets, inside_offsets=inside_offsets, inside_words=inside_words,
            starts=starts, dirs=dirs)
        extra_cells: set[int] = set()
        for w, start, d in zip(found_words.tolist(), found_starts.tolist(), found_dirs.tolist()):
            length = len(words[w].form)
            if _segment(start, COMPASS[d], length, cols) == placed[w]:
                continue
            cells = [c for c in _cells(start, COMPASS[d], length, cols) if is_filler[c]]
            if not cells:
                raise Unfilled(words[w].form, blocked=False, by_words=True)
            extra_cells.update(cells)
            kept = Unfilled(words[w].form, blocked=False, by_words=False)
        for form, start, d in (blocked.readings(grid) if blocked is not None else ()):
            reading = _cells(start, d, len(form), cols)
            cells = [c for c in reading if is_filler[c]]
            if not cells:
                if form in blocked.filler_only or _within(reading[0], reading[-1], len(form),
                                                          on_words):
                    continue
                raise Unfilled(form, blocked=True, by_words=True)
            extra_cells.update(cells)
            kept = Unfilled(form, blocked=True, by_words=False)
        if not extra_cells:
            return grid
        redraw = np.array(sorted(extra_cells), dtype=np.int32)
    raise kept


def fill_first(layouts: Iterable[Layout], words: Sequence[Word], language: Language,
               seed: int, inside: Sequence[Sequence[int]] = (),
               blocked: Blocked | None = None) -> tuple[Layout, tuple[str, ...]]:
    """The first layout that fills cleanly, with its grid as rows of text; else the
    Unfilled of the last one."""
    rng = _core.Rng(seed)
    decode = language.alphabet.decode
    why = Unfilled()
    for layout in layouts:
        try:
            grid = fill(layout, words, language, rng, inside, blocked)
        except Unfilled as exc:
            why = exc
            continue
        rows = tuple("".join(OUTSIDE if v == _core.BLOCKED else decode(v) for v in row)
                     for row in grid.tolist())
        return layout, rows
    raise why
