"""The word list on the puzzle page: its heading, its entries in balanced columns,
and where it goes (under the grid or beside it) at which size, traded against the
size of the grid it leaves room for.

A clue puzzle's entries are its numbered clues, set in the clues' own font (a
Spanish grid's English clues in the English font), each with a blank a letter of
its word to write the word found on; an answer key's are its clues, each with its
word. Each entry is one line of Entries: a picture beside a label would be one more
thing an entry carries, measured in its width as the blanks are.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from wordsearch.errors import LayoutError, quoted
from wordsearch.puzzle import Puzzle
from wordsearch.render.blanks import BLANK_SHARE, LETTER_GAP_SHARE
from wordsearch.render.measure import Measure
from wordsearch.render.model import Blank, PictureBox, Text
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


# Between a clue and the blanks to write its word on, in the list's type size.
CLUE_GAP = 1.0
# A picture list's entries: each as tall as this many lines of the list, its picture
# a square that high (less PICTURE_PAD), then PICTURE_GAP, then its word: beside a
# word the picture is twice the word's height, enough to tell an elephant from a
# mouse at the list's smallest size; alone, for children who cannot read yet, three.
PICTURE_LINES = {"beside": 2, "only": 3}
PICTURE_PAD = 0.3    # in the list's type size: clear of the line above's descenders
PICTURE_GAP = 0.5    # in the list's type size
# A blank's line this far under the entry's baseline, in the list's type size: room
# for a letter written on it that stands level with the clue.
BLANK_DROP = 0.15


@dataclass(frozen=True)
class Entries:
    """What a word list prints, an entry a line: its text (a word's label, or a
    clue), in `family` ("": the page's font); for a clue list on a puzzle page, how
    many letters each entry's word has (`letters`, a blank for each, in a column
    after the longest text); on a key, each clue's word after it (`answers`, in the
    page's font). A clue too long for its line is broken onto more (`wrapped`): its
    text holds a newline where it breaks, and the lines after its first are indented
    past its number."""
    texts: tuple[str, ...]
    family: str = ""
    letters: tuple[int, ...] = ()
    answers: tuple[str, ...] = ()
    # A picture list's: each entry's picture's name ("" for none), and how they show
    # (a key of PICTURE_LINES; "only": an entry with a picture prints no text).
    pictures: tuple[str, ...] = ()
    picture_layout: str = ""

    def __len__(self) -> int:
        return len(self.texts)

    @property
    def picture_lines(self) -> int:
        """How many lines each entry of a picture list takes (0: no pictures)."""
        return PICTURE_LINES[self.picture_layout] if self.pictures else 0

    def shown(self, k: int) -> str:
        """Entry k's text as printed ("" for a picture alone)."""
        return "" if self.picture_layout == "only" and self.pictures[k] else self.texts[k]

    @property
    def lines(self) -> int:
        """How many lines the entries take."""
        return sum(max(text.count("\n") + 1, self.picture_lines) for text in self.texts)

    def picture_side(self, size: float) -> float:
        """The side of a picture list's pictures at `size` (0: no pictures)."""
        return self.picture_lines * size * LINE_SPACING - PICTURE_PAD * size \
            if self.pictures else 0.0

    def own(self, measure: Measure) -> Measure:
        """The measure of the entries' own font."""
        return Measure.of(self.family) if self.family else measure

    def text_widths(self, measure: Measure, size: float) -> list[float]:
        """Each entry's text's width at `size`: its widest line, indent included."""
        own = self.own(measure)
        return [max((own.width(hanging(text), size) if k else 0.0) + own.width(line, size)
                    for k, line in enumerate(text.split("\n")))
                if "\n" in text else own.width(text, size) for text in self.texts]

    def widths(self, measure: Measure, size: float) -> list[float]:
        """Each entry's width at `size`, blanks or answer included (and a picture
        list's pictures before them)."""
        if self.pictures:
            side = self.picture_side(size) + PICTURE_GAP * size
            plain = Entries(tuple(self.shown(k) for k in range(len(self))), self.family,
                            self.letters, self.answers)
            return [side + w if w else side for w in plain.widths(measure, size)]
        texts = self.text_widths(measure, size)
        if self.answers:
            own = self.own(measure)
            return [max(w, _last_line(t, own, size) + measure.width(a, size))
                    for w, t, a in zip(texts, self.texts, self.answers)]
        if self.letters:
            at = max(texts, default=0.0) + CLUE_GAP * size
            return [at + blanks_width(n, size) for n in self.letters]
        return texts

    def blanks_at(self, measure: Measure, size: float) -> float:
        """Where the blanks begin, from an entry's left: after the longest text."""
        return max(self.text_widths(measure, size), default=0.0) + CLUE_GAP * size

    def wrapped(self, measure: Measure, size: float, width: float) -> Entries | None:
        """The clues broken at spaces onto as many lines as each needs to fit `width`
        with its blanks (or its word, on a key): a long clue in large print or on a
        quarter of a page. None if a single word of one is wider than its room."""
        own = self.own(measure)
        blanks = max((blanks_width(n, size) for n in self.letters), default=0.0)
        room = width - (blanks + CLUE_GAP * size if self.letters else 0.0)
        out = []
        for k, text in enumerate(self.texts):
            after = measure.width(self.answers[k], size) if self.answers else 0.0
            lines = _wrap(text, own, size, room, after)
            if lines is None:
                return None
            out.append("\n".join(lines))
        return Entries(tuple(out), self.family, self.letters, self.answers, self.pictures,
                       self.picture_layout)

    def check(self, measure: Measure) -> None:
        """Refuses an entry with characters its font has none for (a puzzle read from
        a JSON document may carry any label or clue)."""
        own = self.own(measure)
        what = "clue" if self.letters or self.answers else "word"
        for text in self.texts:
            unknown = own.missing(text)
            if unknown:
                raise LayoutError(f'the {what} "{text}" has characters the font {own.family} '
                                  f"cannot print ({' '.join(unknown)}); leave them out or "
                                  f"spell them with other letters.")
        check_labels(self.answers, measure)

    def column(self, rows: range) -> Entries:
        """The entries of `rows`, as one column of the list."""
        pick = slice(rows.start, rows.stop)
        return Entries(self.texts[pick], self.family, self.letters[pick], self.answers[pick],
                       self.pictures[pick], self.picture_layout)


def hanging(text: str) -> str:
    """What a clue's lines after its first are indented by: its number ("12. ")."""
    number = re.match(r"\d+\. ", text)
    return number.group(0) if number else ""


def _last_line(text: str, own: Measure, size: float) -> float:
    """Where an entry's last line ends, its indent included."""
    lines = text.split("\n")
    return (own.width(hanging(text), size) if len(lines) > 1 else 0.0) \
        + own.width(lines[-1], size)


def _wrap(text: str, own: Measure, size: float, room: float,
          after: float) -> list[str] | None:
    """`text` broken at spaces, each line filled as far as it fits `room` (the lines
    after the first, less their indent; the last, less `after`); None if a word
    alone does not."""
    indent = own.width(hanging(text), size)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        tried = f"{line} {word}" if line else word
        if own.width(tried, size) <= room - (indent if lines else 0.0):
            line = tried
            continue
        if not line:
            return None
        lines.append(line)
        line = word
        if own.width(line, size) > room - indent:
            return None
    lines.append(line)
    if own.width(lines[-1], size) + after > room - (indent if len(lines) > 1 else 0.0):
        lines.append("")  # the word on a line of its own, under its clue
    return lines


def blanks_width(letters: int, size: float) -> float:
    """The width of `letters` blanks in a row, at `size`."""
    return (letters * (BLANK_SHARE + LETTER_GAP_SHARE) - LETTER_GAP_SHARE) * size \
        if letters else 0.0


def list_heading(puzzle: Puzzle, hidden: bool) -> str:
    """The line over the word list that counts its words, or, with no list, says how
    many words are hidden."""
    key = "hidden_count" if hidden else "word_count"
    return puzzle.labels[key].format(count=len(puzzle.words))


@dataclass(frozen=True)
class WordColumns:
    """The word list in balanced columns, filled top to bottom, under a bold line
    that counts the words (or, with the list hidden, that line alone)."""
    columns: tuple[Entries, ...]
    size: float
    widest: float          # of the entries
    heading: str
    heading_width: float
    blanks_at: float = 0.0  # a clue list's blanks, from its entries' left

    @property
    def pitch(self) -> float:
        return self.widest + COLUMN_GAP * self.size

    @property
    def width(self) -> float:
        listed = (len(self.columns) - 1) * self.pitch + self.widest if self.columns else 0.0
        return max(listed, self.heading_width)

    @property
    def height(self) -> float:
        lines = max((column.lines for column in self.columns), default=0)
        return (1 + lines) * self.size * LINE_SPACING

    def placed(self, x: float, y: float, heading_x: float,
               measure: Measure) -> tuple[list[Text], list[Blank], list[PictureBox]]:
        """The list's texts (its heading, then its entries column by column), its
        blanks and its pictures, from its top at `y`. A picture list's entry has its
        picture at its left and its text beside it, centred on the picture."""
        first = y + measure.cap_height(self.size)
        pitch = self.size * LINE_SPACING
        texts = [Text(self.heading, heading_x, first, self.size, bold=True)]
        blanks, pictures = [], []
        step = (BLANK_SHARE + LETTER_GAP_SHARE) * self.size
        for c, column in enumerate(self.columns):
            left = x + c * self.pitch
            own = column.own(measure)
            side = column.picture_side(self.size)
            offset = side + PICTURE_GAP * self.size if side else 0.0  # the text's, after it
            row = 0
            for k in range(len(column)):
                text = column.shown(k)
                indent = own.width(hanging(text), self.size)
                lines = text.split("\n")
                drop = 0.0  # a picture list's text, lowered to the middle of its picture
                if side:
                    top = first + row * pitch + PICTURE_PAD * self.size
                    if column.pictures[k]:
                        pictures.append(PictureBox(column.pictures[k], left, top, side))
                    drop = top + (side + measure.cap_height(self.size)) / 2 \
                        - (first + (row + (len(lines) + 1) / 2) * pitch)
                    skip = max(len(lines), column.picture_lines) - len(lines)
                for n, line in enumerate(lines):
                    row += 1
                    baseline = first + row * pitch + drop
                    start = left + offset + (indent if n else 0.0)
                    if line:
                        texts.append(Text(line, start, baseline, self.size, family=column.family))
                    if column.answers and n == len(lines) - 1:
                        texts.append(Text(column.answers[k],
                                          start + own.width(line, self.size), baseline,
                                          self.size))
                    if n == 0:
                        for b in range(column.letters[k] if column.letters else 0):
                            at = left + offset + self.blanks_at + b * step
                            blanks.append(Blank(at, at + BLANK_SHARE * self.size,
                                                baseline + BLANK_DROP * self.size))
                if side:
                    row += skip
        return texts, blanks, pictures


def word_columns(entries: Entries, size: float, widest: float, across: int,
                 heading: str, heading_width: float, blanks_at: float = 0.0) -> WordColumns:
    down = [len(column) for column in balanced(range(len(entries)), across)] if len(entries) \
        else []
    starts = [sum(down[:k]) for k in range(len(down))]
    columns = tuple(entries.column(range(start, start + n)) for start, n in zip(starts, down))
    return WordColumns(columns, size, widest, heading, heading_width, blanks_at)


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


def list_arrangements(puzzle: Puzzle, entries: Entries, heading: str, measure: Measure,
                      width: float, height: float, sizes: Sequence[float] = LIST_SIZES,
                      places: Sequence[str] = ("below", "beside")) -> list[Arrangement]:
    """Every list size, each in both places for the list (or those of `places`):
    under the grid, or beside it (which suits landscape pages)."""
    found = []
    for size in sizes:
        widest = max(entries.widths(measure, size), default=0.0)
        blanks_at = entries.blanks_at(measure, size) if entries.letters else 0.0
        heading_width = measure.width(heading, size, True)
        if max(widest, heading_width) <= width and "below" in places:
            pitch = widest + COLUMN_GAP * size
            below = word_columns(entries, size, widest,
                                 int((width + COLUMN_GAP * size) // pitch),
                                 heading, heading_width, blanks_at)
            found.append(Arrangement("below", below, (
                width, height - below.height - list_gap("below", size))))
        elif (entries.letters or entries.answers) and heading_width <= width \
                and "below" in places:
            below = _wrapped_below(entries, measure, size, width, heading, heading_width)
            if below is not None:
                found.append(Arrangement("below", below, (
                    width, height - below.height - list_gap("below", size))))
        lines = int(height // (size * LINE_SPACING)) - 1  # less the heading's line
        per_entry = max(1, entries.picture_lines)
        if lines >= per_entry and "beside" in places:
            beside = word_columns(entries, size, widest,
                                  math.ceil(len(entries) * per_entry / lines),
                                  heading, heading_width, blanks_at)
            found.append(Arrangement("beside", beside, (
                width - beside.width - list_gap("beside", size), height)))
    if not any(option.cell(puzzle) > 0 for option in found):
        widths = entries.widths(measure, sizes[-1])
        longest = max(range(len(entries)), key=widths.__getitem__, default=None)
        long = (heading if longest is None or measure.width(heading, sizes[-1], True)
                > widths[longest] else entries.texts[longest])
        raise LayoutError(f"the word list entry {quoted(long)} is too long to print on this page; "
                          f"use a shorter {'clue' if entries.letters or entries.answers else 'label'}"
                          f" or a wider page.")
    return found


def _wrapped_below(entries: Entries, measure: Measure, size: float, width: float,
                   heading: str, heading_width: float) -> WordColumns | None:
    """A clue list too wide for `width` at `size`, its long clues on several lines, in
    one column under the grid (None if a word of a clue is too wide)."""
    wrapped = entries.wrapped(measure, size, width)
    if wrapped is None:
        return None
    return word_columns(wrapped, size, max(wrapped.widths(measure, size)), 1, heading,
                        heading_width, wrapped.blanks_at(measure, size) if wrapped.letters
                        else 0.0)


def chosen(puzzle: Puzzle, found: Sequence[Arrangement]) -> Arrangement:
    """The largest list that costs the grid little (no more than LIST_TRADE of its
    largest cell); of those, the one with the larger grid."""
    best = max(option.cell(puzzle) for option in found)
    return min((option for option in found if option.cell(puzzle) >= LIST_TRADE * best),
               key=lambda option: (-option.words.size, -option.cell(puzzle)))


def narrowed(words: WordColumns, grid_w: float) -> WordColumns:
    """A list under a grid, in as many columns as fit the grid's width (the list's
    own overhang of a column gap each side allowed): its entries as laid out (a long
    clue broken as it was)."""
    columns = words.columns
    entries = Entries(tuple(t for c in columns for t in c.texts),
                      columns[0].family if columns else "",
                      tuple(n for c in columns for n in c.letters),
                      tuple(a for c in columns for a in c.answers),
                      tuple(p for c in columns for p in c.pictures),
                      columns[0].picture_layout if columns else "")
    return word_columns(entries, words.size, words.widest,
                        int((grid_w + COLUMN_GAP * words.size) // words.pitch),
                        words.heading, words.heading_width, words.blanks_at)
