"""Type sizes and line weights: the regular ones, and large print's.

All sizes are in points (1/72 inch).
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE_SIZE = 24.0
FIELD_SIZE = 12.0
NOTE_SIZE = 11.0         # the directions line
FOOTER_SIZE = 8.0
LIST_SIZES = (13.0, 12.0, 11.0, 10.0, 9.0, 8.0)
MIN_LETTER = 7.0         # the smallest grid letter still legible on paper
# The hidden message's blanks: the pitch a child writes a capital letter in, smaller
# only when a long message would otherwise take more than MESSAGE_ROWS rows.
MESSAGE_SIZES = (16.0, 13.0, 11.0, 9.0)


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
LARGE_PRINT = Style(30.0, 16.0, 16.0, 12.0, (20.0, 18.0, 17.0, 16.0), 18.0, 1.8,
                    (24.0, 20.0, 18.0, 16.0))
