"""Filler letters, and the repair pass that keeps every word exactly once.

Filler follows the letter frequencies of the words themselves, so the words do
not stand out. When filler spells a word a second time, only the filler cells of
that extra copy are drawn again; after a while the draw widens toward the
language's ordinary letter frequencies and then to uniform letters. Every loop is bounded.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from wordsearch import _core
from wordsearch.directions import COMPASS, STEPS
from wordsearch.lang import Language
from wordsearch.make.packer import Layout, inside_arrays
from wordsearch.make.words import Word
from wordsearch.puzzle import OUTSIDE

# Tries at each widening of the filler distribution; 128 in all, as the original.
MATCHED_TRIES = 64
BLENDED_TRIES = 32
UNIFORM_TRIES = 32


def _cumulative(weights: np.ndarray) -> np.ndarray:
    return np.cumsum(weights.astype(np.uint64))


def filler_schedule(layout: Layout, language: Language) -> list[np.ndarray]:
    """Cumulative letter weights to draw with, one entry per try."""
    letters = layout.grid[(layout.grid != _core.EMPTY) & (layout.grid != _core.BLOCKED)]
    count = len(language.alphabet)
    matched = np.bincount(letters, minlength=count + 1)[1:].astype(np.uint64)
    general = np.array(language.frequencies, dtype=np.uint64)
    # Equal parts of both distributions, in whole numbers.
    blended = matched * general.sum() + general * max(int(matched.sum()), 1)
    uniform = np.ones(count, dtype=np.uint64)
    return ([_cumulative(matched)] * MATCHED_TRIES + [_cumulative(blended)] * BLENDED_TRIES
            + [_cumulative(uniform)] * UNIFORM_TRIES)


def _segment(start: int, direction: str, length: int, cols: int) -> tuple[int, int]:
    """A reading's cells as its two end cells, whichever way it is read."""
    dr, dc = STEPS[direction]
    end = start + (length - 1) * (dr * cols + dc)
    return min(start, end), max(start, end)


def fill(layout: Layout, words: Sequence[Word], language: Language, rng: _core.Rng,
         inside: Sequence[Sequence[int]] = ()) -> np.ndarray | None:
    """The layout's grid with filler in every empty cell, reading each word exactly
    once; None if this layout cannot be filled that way. `inside[i]` are the words
    word i lies inside: its readings within their placements are theirs, not copies."""
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

    schedule = filler_schedule(layout, language)
    redraw = np.flatnonzero(is_filler).astype(np.int32)
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
            step = STEPS[COMPASS[d]][0] * cols + STEPS[COMPASS[d]][1]
            cells = [start + k * step for k in range(length) if is_filler[start + k * step]]
            if not cells:
                return None  # spelled by word letters alone: no filler can undo it
            extra_cells.update(cells)
        if not extra_cells:
            return grid
        redraw = np.array(sorted(extra_cells), dtype=np.int32)
    return None


def fill_first(layouts: Iterable[Layout], words: Sequence[Word], language: Language,
               seed: int, inside: Sequence[Sequence[int]] = ()) -> tuple[Layout,
                                                                        tuple[str, ...]] | None:
    """The first layout that fills cleanly, with its grid as rows of text."""
    rng = _core.Rng(seed)
    decode = language.alphabet.decode
    for layout in layouts:
        grid = fill(layout, words, language, rng, inside)
        if grid is not None:
            rows = tuple("".join(OUTSIDE if v == _core.BLOCKED else decode(v) for v in row)
                         for row in grid.tolist())
            return layout, rows
    return None
