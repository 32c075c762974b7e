"""What solving a grid finds: plain values, and their JSON.

Rows and columns count from 0 at the top left, as in the puzzle document; the text
table counts from 1, as the text output's answer key does.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from wordsearch.directions import COMPASS
from wordsearch.puzzle import Placement, Puzzle

FORMAT = "wordsearch-solution/1"

Cell = tuple[int, int]


class Reading(NamedTuple):
    """One place a word reads: its cells, first letter first, and the direction they
    run in when they lie on a straight line. (A named tuple: a dictionary search
    makes thousands.)"""
    cells: tuple[Cell, ...]
    direction: str | None

    @property
    def start(self) -> Cell:
        return self.cells[0]

    def to_dict(self) -> dict:
        row, col = self.start
        return {"row": row, "col": col, "direction": self.direction,
                "cells": [list(cell) for cell in self.cells]}

    def within(self, other: Reading) -> bool:
        """Whether these cells are a run of the other reading's, either way round."""
        n, m = len(self.cells), len(other.cells)
        if n > m:
            return False
        for seq in (other.cells, other.cells[::-1]):
            for i in range(m - n + 1):
                if seq[i:i + n] == self.cells:
                    return True
        return False


class Found(NamedTuple):
    """A word and every reading of it. A listed word's readings inside a longer
    listed word that contains it (Kansas in Arkansas) do not count, as in our
    puzzles: they are kept apart in `inside`, each with the container's grid form.
    (A named tuple, as Reading is: a dictionary search makes a hundred, in C.)"""
    word: str    # grid form
    label: str   # as given
    readings: tuple[Reading, ...]
    inside: tuple[tuple[Reading, str], ...] = ()

    @property
    def count(self) -> int:
        return len(self.readings)

    def to_dict(self) -> dict:
        out = {"label": self.label, "word": self.word, "count": self.count,
               "readings": [r.to_dict() for r in self.readings]}
        if self.inside:
            out["inside"] = [dict(r.to_dict(), container=c) for r, c in self.inside]
        return out


@dataclass(frozen=True)
class Solution:
    rows: tuple[str, ...]          # the grid, "." outside the shape
    language: str
    free_path: bool
    listed: tuple[Found, ...]      # every listed word, in the order given
    found: tuple[Found, ...] = ()  # dictionary words that read, as the language sorts
    min_length: int = 0            # of the dictionary words (0: no dictionary)
    dictionary: str = ""           # what the dictionary was, as messages name it
    code: str = ""                 # the puzzle's code, when the grid came with one

    @property
    def missing(self) -> tuple[Found, ...]:
        return tuple(f for f in self.listed if f.count == 0)

    @property
    def repeated(self) -> tuple[Found, ...]:
        return tuple(f for f in self.listed if f.count > 1)

    @property
    def every_word_once(self) -> bool:
        return all(f.count == 1 for f in self.listed)

    def to_dict(self) -> dict:
        doc = {"format": FORMAT, "rows": len(self.rows), "cols": len(self.rows[0]),
               "grid": list(self.rows), "language": self.language,
               "free_path": self.free_path,
               "every_word_once": self.every_word_once,
               "words": [f.to_dict() for f in self.listed]}
        if self.code:
            doc["code"] = self.code
        if self.min_length:
            doc["dictionary"] = self.dictionary
            doc["min_length"] = self.min_length
            doc["found"] = [f.to_dict() for f in self.found]
        return doc

    def key_puzzle(self) -> Puzzle:
        """The grid with every counted straight reading as a placement, for the
        answer key page (a word that reads twice is outlined twice)."""
        placements = []
        for f in (*self.listed, *self.found):
            for r in f.readings:
                if r.direction is None and len(r.cells) > 1:
                    continue
                row, col = r.start
                placements.append(Placement(f.label, f.word, row, col, r.direction or "E"))
        return Puzzle(code=self.code, grid=self.rows, directions=COMPASS,
                      words=tuple(placements), language=self.language, blocklist=False)

    def paths(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells of every counted reading that turns (free paths)."""
        return tuple(r.cells for f in (*self.listed, *self.found) for r in f.readings
                     if r.direction is None and len(r.cells) > 1)
