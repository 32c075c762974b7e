"""Where letters may go: a rows x cols grid of cells, some of them outside the shape."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from wordsearch.directions import STEPS
from wordsearch.errors import InputError

MIN_SIDE = 3
MAX_SIDE = 100
_GRID_SPEC = re.compile(r"\s*(\d+)\s*(?:[x×X*]\s*(\d+)\s*)?")


def parse_grid(spec: int | str | tuple[int, int]) -> tuple[int, int]:
    """Grid size as (columns, rows) from N, "N", "WxH" or (W, H)."""
    if isinstance(spec, int):
        cols = rows = spec
    elif isinstance(spec, tuple):
        cols, rows = spec
    else:
        match = _GRID_SPEC.fullmatch(spec)
        if not match:
            raise InputError(f'grid "{spec}" is not a size; write N for N x N or WxH, '
                             f"for example 15 or 20x12.")
        cols = int(match.group(1))
        rows = int(match.group(2) or cols)
    for side in (cols, rows):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InputError(f"a grid side of {side} is out of range; use {MIN_SIDE} to "
                             f"{MAX_SIDE} cells.")
    return cols, rows


@dataclass(frozen=True, eq=False)
class Shape:
    inside: np.ndarray  # bool, rows x cols: True where a letter goes

    @classmethod
    def rectangle(cls, rows: int, cols: int) -> Shape:
        return cls(np.ones((rows, cols), dtype=bool))

    @property
    def rows(self) -> int:
        return self.inside.shape[0]

    @property
    def cols(self) -> int:
        return self.inside.shape[1]

    def describe(self) -> str:
        return f"{self.cols}×{self.rows}"

    def longest_line(self, directions: Iterable[str]) -> int:
        """The most letters one word can have along any allowed direction."""
        inside = self.inside.tolist()
        rows, cols = self.rows, self.cols

        def within(r: int, c: int) -> bool:
            return 0 <= r < rows and 0 <= c < cols and inside[r][c]

        best = 0
        for dr, dc in {STEPS[name] for name in directions}:
            for r in range(rows):
                for c in range(cols):
                    if not within(r, c) or within(r - dr, c - dc):
                        continue  # not the first cell of a run
                    length = 0
                    while within(r + length * dr, c + length * dc):
                        length += 1
                    best = max(best, length)
        return best
