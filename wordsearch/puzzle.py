"""The finished puzzle as a plain value, and its JSON document (see DESIGN.md)."""
from __future__ import annotations

import json
from dataclasses import dataclass

from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import InputError

FORMAT = "wordsearch/1"
OUTSIDE = "."


@dataclass(frozen=True)
class Placement:
    label: str
    word: str  # grid form
    row: int
    col: int
    direction: str

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = STEPS[self.direction]
        return [(self.row + k * dr, self.col + k * dc) for k in range(len(self.word))]


@dataclass(frozen=True)
class Puzzle:
    code: str
    grid: tuple[str, ...]  # one string per row; OUTSIDE marks a cell outside the shape
    directions: tuple[str, ...]
    words: tuple[Placement, ...]  # in the order of the word list

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def alphabetical(self) -> list[Placement]:
        """The words in the order a word list prints them: by label, ignoring case."""
        return sorted(self.words, key=lambda p: (p.label.casefold(), p.label))

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "code": self.code,
            "rows": self.rows,
            "cols": self.cols,
            "grid": list(self.grid),
            "directions": list(self.directions),
            "words": [
                {"label": p.label, "word": p.word, "row": p.row, "col": p.col,
                 "direction": p.direction}
                for p in self.words
            ],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        """Reads a document written by to_json, checking that its answer key matches its grid."""
        try:
            doc = json.loads(text)
            if doc.get("format") != FORMAT:
                raise InputError(f'not a puzzle document: "format" should be "{FORMAT}".')
            puzzle = cls(
                code=str(doc["code"]),
                grid=tuple(doc["grid"]),
                directions=tuple(doc["directions"]),
                words=tuple(Placement(w["label"], w["word"], int(w["row"]), int(w["col"]),
                                      w["direction"]) for w in doc["words"]),
            )
            if (doc["rows"], doc["cols"]) != (puzzle.rows, puzzle.cols):
                raise InputError('"rows" and "cols" do not match "grid".')
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, InputError):
                raise
            raise InputError(f"not a readable puzzle document: {exc}") from None
        puzzle._check()
        return puzzle

    def _check(self) -> None:
        if not self.grid or any(len(row) != self.cols for row in self.grid):
            raise InputError("the grid's rows are not all the same length.")
        unknown = [d for d in self.directions if d not in COMPASS]
        if unknown:
            raise InputError(f'unknown direction "{unknown[0]}" in the puzzle document.')
        for p in self.words:
            if p.direction not in self.directions:
                raise InputError(f'"{p.label}" runs {p.direction}, which the puzzle does not allow.')
            for k, (r, c) in enumerate(p.cells()):
                if not (0 <= r < self.rows and 0 <= c < self.cols) or self.grid[r][c] != p.word[k]:
                    raise InputError(f'"{p.label}" is not at row {p.row}, column {p.col}, '
                                     f"direction {p.direction} in the grid.")
