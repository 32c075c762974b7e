"""The sizes every layout shares: type sizes and line weights (the regular ones and
large print's), the page's margin, and how small a grid's letters may print.

All sizes are in points (1/72 inch).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from wordsearch.errors import LayoutError
from wordsearch.puzzle import Puzzle
from wordsearch.render import paper

TITLE_SIZE = 24.0
FIELD_SIZE = 12.0
NOTE_SIZE = 11.0         # the directions line
FOOTER_SIZE = 8.0
SMALL_HEADING_SIZE = 13.0  # a key's heading when several share a page
LIST_SIZES = (13.0, 12.0, 11.0, 10.0, 9.0, 8.0)
LINE_SPACING = 1.4       # the word list's baselines, in its type size
MIN_TEXT = 8.0           # no title or word list entry prints smaller
# A long title breaks onto at most this many lines of a page: two lines at MIN_TEXT
# hold the 200 characters the web page takes on Letter or A4.
TITLE_LINES = 2
TITLE_LEADING = 1.25     # from one line of a long title to the next, in its size
MIN_LETTER = 7.0         # the smallest grid letter still legible on paper
MIN_KEY_LETTER = 5.0     # answer keys are for the teacher, and several may share a page
# The hidden message's blanks: the pitch a child writes a capital letter in, smaller
# only when a long message would otherwise take more than blanks.MESSAGE_ROWS rows.
MESSAGE_SIZES = (16.0, 13.0, 11.0, 9.0)

LETTER_SHARE = 0.6       # a grid letter's font size, as a share of the cell side
MAX_CELL = 48.0          # two thirds of an inch: bigger cells look like a toy

MARGIN_SHARE = 0.06      # of the page's shorter side
# Nothing prints closer than this to the paper's edge, on any page (each share of a
# page with several puzzles keeps it too): many classroom printers cannot print
# within about 0.25 in of the edge, and print-on-demand asks 0.375 in with bleed.
SAFE_EDGE = 0.375 * 72
MIN_MARGIN, MAX_MARGIN = SAFE_EDGE, 54.0
# The widest line of a grid's frame (regular print); half of it lies outside the cells.
MAX_OUTLINE = 2.0


@dataclass(frozen=True)
class Style:
    """Type sizes and line weights: the regular ones, or large print's (grid letters
    of at least 18 pt, the usual large-print standard, and a word list of at least
    16 pt), which keep every size at least what the regular page has."""
    title: float
    field: float
    note: float
    footer: float
    list_sizes: tuple[float, ...]
    min_letter: float   # the smallest grid letter allowed
    weight: float       # every line's width, as a multiple of the regular one
    message_sizes: tuple[float, ...]  # a hidden message's blanks (see MESSAGE_SIZES)


REGULAR = Style(TITLE_SIZE, FIELD_SIZE, NOTE_SIZE, FOOTER_SIZE, LIST_SIZES, MIN_LETTER, 1.0,
                MESSAGE_SIZES)
# Large print: each size as its standard asks (see Style), and lines 1.8 times as
# heavy, which keeps a grid's rules and outline in proportion to its bolder letters.
LARGE_PRINT = Style(30.0, 16.0, 16.0, 12.0, (20.0, 18.0, 17.0, 16.0), 18.0, 1.8,
                    (24.0, 20.0, 18.0, 16.0))
# Large print with the title, fields and notes at the regular sizes: what a page uses
# when large print's own would leave its grid smaller than the regular page's (the
# grid and the list are what a reader who needs large print reads).
LARGE_PRINT_COMPACT = Style(TITLE_SIZE, FIELD_SIZE, NOTE_SIZE, LARGE_PRINT.footer,
                            LARGE_PRINT.list_sizes, LARGE_PRINT.min_letter,
                            LARGE_PRINT.weight, LARGE_PRINT.message_sizes)


def margin(size: tuple[float, float]) -> float:
    return min(MAX_MARGIN, max(MIN_MARGIN, MARGIN_SHARE * min(size)))


def check_legible(puzzle: Puzzle, cell: float, size: tuple[float, float],
                  smallest: float = MIN_LETTER, what: str = "grid") -> None:
    """Refuses cells whose letters would print smaller than `smallest`, saying what
    to change."""
    if cell * LETTER_SHARE < smallest:
        fewer = "fewer keys to a page, " if what == "answer key" else ""
        raise LayoutError(
            f"a {puzzle.cols}×{puzzle.rows} {what} would print with letters "
            f"{math.floor(cell * LETTER_SHARE * 10) / 10:.1f} pt high on the "  # rounded down
            f"{paper.describe(size)} page; "
            f"{smallest:g} pt is the smallest that reads well. Use a larger page size, "
            f"{fewer}a smaller grid or fewer words.", option="size")
