"""The hidden message as blanks to write its letters on, one blank a grid letter,
grouped as the message's words are, its punctuation printed in place.

blank_units says once, for every output (the printed page, the play page, the text),
where a line of blanks may break: never between a punctuation mark and its blank.
message_block lays the blanks out on the printed page.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordsearch.puzzle import Puzzle
from wordsearch.render.measure import Measure, fitted_line
from wordsearch.render.model import Blank, Text
from wordsearch.render.style import REGULAR, Style

BLANK = ""  # an item of a unit that is a blank for one letter (any other is a mark)

MESSAGE_ROWS = 3          # the most rows the message takes while a smaller size helps
BLANK_SHARE = 0.9         # a blank's length, as a share of the size
LETTER_GAP_SHARE = 0.35   # between the blanks of one word
WORD_GAP_SHARE = 1.3      # between words
# From one row's line to the next, in the blanks' size: room over each line for a
# letter written by hand, which stands taller than its printed size.
ROW_PITCH = 2.2
# The label's capitals reach this share of its size above its baseline; the first
# row is measured from there.
LABEL_CAPS = 0.6
# Room kept under the last row's line, in the blanks' size, for what a child's
# letters hang below it.
TAIL_SHARE = 0.6

Unit = tuple[str, ...]


def blank_units(word: Sequence[tuple[str, str]]) -> list[Unit]:
    """One word of the message (as Puzzle.message_words gives it) in the pieces a
    line may break between: each a blank for one grid letter (BLANK) with the marks
    that stay beside it, those after it, or, at the start of the word, those before
    it (a comma never starts a line of its own, "¡" never ends one). A word of
    punctuation alone is one unit of its marks."""
    units: list[list[str]] = []
    lead: list[str] = []
    for ch, letters in word:
        if not letters:
            (units[-1] if units else lead).append(ch)
            continue
        for _ in letters:
            units.append([*lead, BLANK])
            lead = []
    if lead:
        units.append(lead)
    return [tuple(unit) for unit in units]


@dataclass(frozen=True)
class MessageBlock:
    """The hidden message on the puzzle page: its label, then rows of blanks."""
    texts: tuple[Text, ...]
    blanks: tuple[Blank, ...]
    height: float


def message_block(puzzle: Puzzle, measure: Measure, left: float, width: float,
                  bottom: float, style: Style = REGULAR) -> MessageBlock:
    """The block laid out to end at `bottom`, its rows centred within `width` from
    `left`: its rows are chosen, which gives its height, and then placed."""
    label = puzzle.labels["hidden_message"]
    label_size = fitted_line(label, measure, style.field, width, True, "note")
    words = puzzle.message_words()
    for size in style.message_sizes:
        rows = _rows(words, measure, size, width)
        if len(rows) <= MESSAGE_ROWS:
            break
    pitch = size * ROW_PITCH
    height = label_size * LABEL_CAPS
    for _ in rows:  # a row at a time, as the baselines below: the same sum to the last bit
        height += pitch
    height += size * TAIL_SHARE
    top = bottom - height
    texts = [Text(label, left + (width - measure.width(label, label_size, True)) / 2,
                  top + measure.cap_height(label_size, True), label_size, True)]
    blanks = []
    y = top + label_size * LABEL_CAPS
    for row in rows:
        y += pitch
        placed = [_set_word(word, measure, size) for word in row]
        x = left + (width - _row_width(placed, size)) / 2
        for items, word_width in placed:
            for dx, item in items:
                if item == BLANK:
                    blanks.append(Blank(x + dx, x + dx + size * BLANK_SHARE, y))
                else:
                    texts.append(Text(item, x + dx, y, size))
            x += word_width + size * WORD_GAP_SHARE
    return MessageBlock(tuple(texts), tuple(blanks), height)


def _set_word(word: Sequence[tuple[str, str]], measure: Measure,
              size: float) -> tuple[list[tuple[float, str]], float]:
    """One word of the message (or a piece of one): (offset, item) for each item of
    its units, and the word's width. A mark sits against what precedes it; a blank
    keeps a gap from it."""
    items: list[tuple[float, str]] = []
    x = 0.0
    for item in (item for unit in blank_units(word) for item in unit):
        if item != BLANK:
            items.append((x, item))
            x += measure.width(item, size)
            continue
        if items:
            x += size * LETTER_GAP_SHARE
        items.append((x, BLANK))
        x += size * BLANK_SHARE
    return items, x


def _row_width(placed: Sequence[tuple[list, float]], size: float) -> float:
    return sum(w for _, w in placed) + max(0, len(placed) - 1) * size * WORD_GAP_SHARE


def _rows(words: Sequence[Sequence[tuple[str, str]]], measure: Measure, size: float,
          width: float) -> list[list[Sequence[tuple[str, str]]]]:
    """Words in rows within `width`; a word too long for a row is cut where it fills
    one, between the characters typed."""
    pieces: list[Sequence[tuple[str, str]]] = []
    for word in words:
        piece: list[tuple[str, str]] = []
        for part in word:
            if piece and _set_word(piece + [part], measure, size)[1] > width:
                pieces.append(piece)
                piece = []
            piece.append(part)
        pieces.append(piece)
    rows: list[list[Sequence[tuple[str, str]]]] = [[]]
    for piece in pieces:
        if rows[-1] and _row_width([_set_word(w, measure, size) for w in rows[-1] + [piece]],
                                   size) > width:
            rows.append([])
        rows[-1].append(piece)
    return rows
