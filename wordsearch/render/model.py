"""The page model: what a laid-out page holds, every position decided, for the
drawers (pages.py) to draw without choosing anything. A page carries the whole Look
it was laid out with, so that a drawer reads its options there, not from fields
copied onto the page one by one.

All lengths are in points (1/72 inch), y downwards from the top of the page.
"""
from __future__ import annotations

from dataclasses import dataclass

from wordsearch.puzzle import Puzzle
from wordsearch.render import font
from wordsearch.render.look import Look
from wordsearch.render.style import LETTER_SHARE, MAX_CELL


@dataclass(frozen=True)
class Frame:
    """Where the text and the grid may go: the distance from each side of the page
    (a book's pages have a wider margin at the gutter, on alternate sides)."""
    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def even(cls, edge: float) -> Frame:
        return cls(edge, edge, edge, edge)

    def width(self, size: tuple[float, float]) -> float:
        return size[0] - self.left - self.right

    def middle(self, size: tuple[float, float]) -> float:
        return (self.left + size[0] - self.right) / 2


@dataclass(frozen=True)
class Text:
    text: str
    x: float         # left end of the text
    baseline: float
    size: float
    bold: bool = False
    muted: bool = False  # grey, for the footer
    family: str = ""     # its own font ("": the page's), such as clues in another language


@dataclass(frozen=True)
class Field:
    label: Text
    line_from: float
    line_to: float
    value: Text | None = None  # already filled in, such as a student's name


@dataclass(frozen=True)
class GridBox:
    x: float
    y: float
    cell: float
    rows: int
    cols: int
    weight: float = 1.0  # line widths, times the regular ones (large print: heavier)

    @property
    def letter_size(self) -> float:
        return self.cell * LETTER_SHARE

    def centre(self, row: int, col: int) -> tuple[float, float]:
        return self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell


@dataclass(frozen=True)
class Blank:
    """A line to write one letter of the hidden message on."""
    x0: float
    x1: float
    y: float


@dataclass(frozen=True)
class PictureBox:
    """A word's picture in the list: its name (wordsearch.pictures.source.named finds
    it), drawn as large as fits the square of `side` at (x, y), its top left."""
    name: str
    x: float
    y: float
    side: float


@dataclass(frozen=True)
class PuzzlePage:
    size: tuple[float, float]
    puzzle: Puzzle
    header: tuple[Text, ...]    # title, directions line: above the fields and the grid
    body: tuple[Text, ...]      # word list, the hidden message's label, footer
    fields: tuple[Field, ...]
    grid: GridBox
    family: str                 # the font the page is set in
    look: Look
    blanks: tuple[Blank, ...] = ()  # a hidden-message puzzle's, in reading order
    write_ins: tuple[Blank, ...] = ()  # a clue list's, a blank a letter of each word
    pictures: tuple[PictureBox, ...] = ()  # a picture list's

    @property
    def texts(self) -> tuple[Text, ...]:
        return self.header + self.body


@dataclass(frozen=True)
class Key:
    """What one answer key shows: its puzzle, a heading and the line with its code."""
    puzzle: Puzzle
    heading: str
    label: str               # as in the footer: "Answer key", "Answer key 3 of 30"
    max_cell: float = MAX_CELL
    # Readings that turn (a solved grid's free paths), outlined besides the puzzle's
    # straight placements: each the cells in reading order.
    paths: tuple[tuple[tuple[int, int], ...], ...] = ()


@dataclass(frozen=True)
class KeyPage:
    size: tuple[float, float]
    texts: tuple[Text, ...]     # for each key: heading, code line
    grids: tuple[tuple[Puzzle, GridBox], ...]
    paths: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()  # for each key: Key.paths
    notes: tuple[Text, ...] = ()  # hidden messages, each under its key's grid
    family: str = font.FAMILY   # the font the page is set in
    look: Look = Look()
    clues: tuple[Text, ...] = ()  # clue puzzles' lists, each clue with its word

    @property
    def grid(self) -> GridBox:
        """The first key's grid (the only one on a page with one key)."""
        return self.grids[0][1]


@dataclass(frozen=True)
class Composite:
    """A page made of other pages, each drawn moved by (dx, dy): several puzzles or
    keys to a sheet, a book's page with its number. `texts` are its own (a page
    number, a book's title or contents); `links` make a rectangle (x, y, w, h) go
    to a page (1-based) in a PDF."""
    size: tuple[float, float]
    parts: tuple[tuple[float, float, PuzzlePage | KeyPage], ...] = ()
    texts: tuple[Text, ...] = ()
    family: str = font.FAMILY
    links: tuple[tuple[tuple[float, float, float, float], int], ...] = ()


Page = PuzzlePage | KeyPage | Composite
