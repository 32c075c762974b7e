"""The word list on the puzzle page: its heading, its entries in balanced columns,
and where it goes (under the grid or beside it) at which size, traded against the
size of the grid it leaves room for.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from wordsearch.errors import LayoutError
from wordsearch.puzzle import Puzzle
from wordsearch.render.measure import Measure
from wordsearch.render.style import LINE_SPACING, LIST_SIZES, MAX_CELL

# Between the list's columns, in its type size: wide enough that two columns never
# read as one line of words.
COLUMN_GAP = 2
# Between the grid and the list, in the list's type size: under the grid the list's
# heading already sets it apart; beside it, the longer way down needs more.
LIST_GAPS = {"below": 1.5, "beside": 2.0}
# How much smaller the grid may get (as a share) to keep the word list at a larger size.
LIST_TRADE = 0.9


def balanced(items: Sequence[str], across: int) -> list[list[str]]:
    """Items in at most `across` columns of equal length (the last may be shorter),
    filled top to bottom; as few columns as that length needs. Used by the printed
    word list too."""
    down = -(-len(items) // max(1, min(across, len(items))))
    return [list(items[c:c + down]) for c in range(0, len(items), down)]


def list_heading(puzzle: Puzzle, hidden: bool) -> str:
    """The line over the word list that counts its words, or, with no list, says how
    many words are hidden."""
    key = "hidden_count" if hidden else "word_count"
    return puzzle.labels[key].format(count=len(puzzle.words))


@dataclass(frozen=True)
class WordColumns:
    """The word list in balanced columns, filled top to bottom, under a bold line
    that counts the words (or, with the list hidden, that line alone)."""
    columns: tuple[tuple[str, ...], ...]
    size: float
    widest: float          # of the entries
    heading: str
    heading_width: float

    @property
    def pitch(self) -> float:
        return self.widest + COLUMN_GAP * self.size

    @property
    def width(self) -> float:
        listed = (len(self.columns) - 1) * self.pitch + self.widest if self.columns else 0.0
        return max(listed, self.heading_width)

    @property
    def height(self) -> float:
        return (1 + (len(self.columns[0]) if self.columns else 0)) * self.size * LINE_SPACING


def word_columns(labels: Sequence[str], size: float, widest: float, across: int,
                 heading: str, heading_width: float) -> WordColumns:
    columns = tuple(map(tuple, balanced(labels, across))) if labels else ()
    return WordColumns(columns, size, widest, heading, heading_width)


def list_gap(place: str, size: float) -> float:
    """Space between the grid and the word list set in `size`."""
    return LIST_GAPS[place] * size


@dataclass(frozen=True)
class Arrangement:
    """The list in one place at one size, and the room it leaves the grid."""
    place: str             # "below" or "beside"
    words: WordColumns
    room: tuple[float, float]  # width, height for the grid

    def cell(self, puzzle: Puzzle) -> float:
        return min(MAX_CELL, self.room[0] / puzzle.cols, self.room[1] / puzzle.rows)


def check_labels(labels: Sequence[str], measure: Measure) -> None:
    """Refuses an entry with characters the font has none for (a puzzle read from a
    JSON document may carry any label)."""
    for label in labels:
        unknown = measure.missing(label)
        if unknown:
            raise LayoutError(f'the word "{label}" has characters the font {measure.family} '
                              f"cannot print ({' '.join(unknown)}); leave them out "
                              f"or spell them with other letters.")


def list_arrangements(puzzle: Puzzle, labels: Sequence[str], heading: str, measure: Measure,
                      width: float, height: float,
                      sizes: Sequence[float] = LIST_SIZES) -> list[Arrangement]:
    """Every list size, each in both places for the list: under the grid, or beside
    it (which suits landscape pages)."""
    found = []
    for size in sizes:
        widest = max((measure.width(s, size) for s in labels), default=0.0)
        heading_width = measure.width(heading, size, True)
        if max(widest, heading_width) <= width:
            pitch = widest + COLUMN_GAP * size
            below = word_columns(labels, size, widest,
                                 int((width + COLUMN_GAP * size) // pitch),
                                 heading, heading_width)
            found.append(Arrangement("below", below, (
                width, height - below.height - list_gap("below", size))))
        lines = int(height // (size * LINE_SPACING)) - 1  # less the heading's line
        if lines > 0:
            beside = word_columns(labels, size, widest, math.ceil(len(labels) / lines),
                                  heading, heading_width)
            found.append(Arrangement("beside", beside, (
                width - beside.width - list_gap("beside", size), height)))
    if not any(option.cell(puzzle) > 0 for option in found):
        long = max([*labels, heading], key=lambda s: measure.width(s, sizes[-1]))
        raise LayoutError(f'the word list entry "{long}" is too long to print on this page; '
                          f"use a shorter label or a wider page.")
    return found


def chosen(puzzle: Puzzle, found: Sequence[Arrangement]) -> Arrangement:
    """The largest list that costs the grid little (no more than LIST_TRADE of its
    largest cell); of those, the one with the larger grid."""
    best = max(option.cell(puzzle) for option in found)
    return min((option for option in found if option.cell(puzzle) >= LIST_TRADE * best),
               key=lambda option: (-option.words.size, -option.cell(puzzle)))


def narrowed(words: WordColumns, labels: Sequence[str], grid_w: float) -> WordColumns:
    """A list under a grid, in as many columns as fit the grid's width (the list's
    own overhang of a column gap each side allowed)."""
    return word_columns(labels, words.size, words.widest,
                        int((grid_w + COLUMN_GAP * words.size) // words.pitch),
                        words.heading, words.heading_width)
