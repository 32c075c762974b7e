"""Where things go on a page. Sizes are chosen so that the grid is as large as the
page allows, nothing overlaps, and nothing prints too small to read; a puzzle that
cannot meet that is refused rather than printed illegibly.

All lengths are in points (1/72 inch), y downwards from the top of the page.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import cairo

from wordsearch import lang
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, LayoutError
from wordsearch.puzzle import Puzzle, Sheet
from wordsearch.render import font, paper
from wordsearch.render.text import balanced

MARGIN_SHARE = 0.06      # of the page's shorter side
MIN_MARGIN, MAX_MARGIN = 18.0, 54.0
TITLE_SIZE = 24.0
FIELD_SIZE = 12.0
FIELD_MIN_LINE = 90.0    # the shortest line worth writing a name on
NOTE_SIZE = 11.0         # the directions line
FOOTER_SIZE = 8.0
LIST_SIZES = (13.0, 12.0, 11.0, 10.0, 9.0, 8.0)
MIN_TEXT = 8.0           # no title or word list entry prints smaller
LETTER_SHARE = 0.6       # a grid letter's font size, as a share of the cell side
MAX_CELL = 48.0          # two thirds of an inch: bigger cells look like a toy
MIN_LETTER = 7.0         # the smallest grid letter still legible on paper
MIN_KEY_LETTER = 5.0     # answer keys are for the teacher, and several may share a page
KEYS_PER_PAGE = (1, 2, 4)
KEY_GAP = 24.0           # between keys on one page
SMALL_HEADING_SIZE = 13.0
# The hidden message's blanks: the pitch a child writes a capital letter in, smaller
# only when a long message would otherwise take more than MESSAGE_ROWS rows.
MESSAGE_SIZES = (16.0, 13.0, 11.0, 9.0)
MESSAGE_ROWS = 3
BLANK_SHARE = 0.9         # a blank's length, as a share of the size
LETTER_GAP_SHARE = 0.35   # between the blanks of one word
WORD_GAP_SHARE = 1.3      # between words
LINE_SPACING = 1.4
# How much smaller the grid may get (as a share) to keep the word list at a larger size.
LIST_TRADE = 0.9

PAGES = ("puzzle", "key")
DEFAULT_DPI = 150
MIN_DPI, MAX_DPI = 36, 600

ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


class Measure:
    """Text widths in a bundled font, with hinting off so they match every surface."""

    def __init__(self, family: str = font.FAMILY) -> None:
        self.family = family
        self.ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_A8, 1, 1))
        set_font_options(self.ctx)

    @staticmethod
    @cache
    def of(family: str) -> Measure:
        """One Measure a family for the process (layouts measure thousands of texts)."""
        return Measure(family)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        return self.ctx.text_extents(text).x_advance

    def missing(self, text: str, bold: bool = False) -> list[str]:
        """The characters of `text` the font has no glyph for (they would print as boxes)."""
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(10)
        glyphs = self.ctx.get_scaled_font().text_to_glyphs(0, 0, text, False)
        return [ch for ch, glyph in zip(text, glyphs) if glyph.index == 0 and not ch.isspace()]

    def cap_height(self, size: float, bold: bool = False) -> float:
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        return -self.ctx.text_extents("H").y_bearing


@dataclass(frozen=True)
class PageOptions:
    """How the pages look, whatever they are written as."""
    size: tuple[float, float] = paper.DEFAULT_SIZE  # width, height in points
    title: str = ""
    fields: tuple[str, ...] = ()
    show_directions: bool = False
    pages: tuple[str, ...] = PAGES  # which of PAGES to make, in order
    keys_per_page: int = 1          # answer keys on one page, in a set
    dpi: int = DEFAULT_DPI          # PNG only

    def __post_init__(self) -> None:
        if not self.pages or any(page not in PAGES for page in self.pages):
            raise ValueError(f"pages are some of {PAGES}, not {self.pages}")
        if self.keys_per_page not in KEYS_PER_PAGE:
            raise InputError(f"{self.keys_per_page} answer keys to a page is not a layout; "
                             f"use 1, 2 or 4.", option="keys_per_page")
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise InputError(f"a resolution of {self.dpi} dpi is out of range; use "
                             f"{MIN_DPI} to {MAX_DPI}.", option="dpi")


def set_font_options(ctx: cairo.Context) -> None:
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    ctx.set_font_options(options)


@dataclass(frozen=True)
class Text:
    text: str
    x: float         # left end of the text
    baseline: float
    size: float
    bold: bool = False
    muted: bool = False  # grey, for the footer


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
class PuzzlePage:
    size: tuple[float, float]
    puzzle: Puzzle
    header: tuple[Text, ...]    # title, directions line: above the fields and the grid
    body: tuple[Text, ...]      # word list, the hidden message's label, footer
    fields: tuple[Field, ...]
    grid: GridBox
    blanks: tuple[Blank, ...] = ()  # a hidden-message puzzle's, in reading order

    @property
    def texts(self) -> tuple[Text, ...]:
        return self.header + self.body

    @property
    def family(self) -> str:
        """The font the page is set in: its puzzle's language's."""
        return self.puzzle.font


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

    @property
    def grid(self) -> GridBox:
        """The first key's grid (the only one on a page with one key)."""
        return self.grids[0][1]

    @property
    def family(self) -> str:
        """The font the page is set in: its puzzles' language's (a set has one)."""
        return self.grids[0][0].font


def margin(size: tuple[float, float]) -> float:
    return min(MAX_MARGIN, max(MIN_MARGIN, MARGIN_SHARE * min(size)))


def directions_line(directions: Sequence[str], labels: Mapping[str, str]) -> str:
    arrows = " ".join(ARROWS[d] for d in COMPASS if d in directions)
    if len(directions) == len(COMPASS):
        return f"{labels['all_directions']} {arrows}"
    return f"{labels['some_directions']} {arrows}"


def footer(puzzle: Puzzle, measure: Measure, right: float, baseline: float, what: str) -> Text:
    """The puzzle's code, at the bottom right: what the key and a remake are matched by
    (a grid solved from elsewhere may have none)."""
    text = f"{what} · {puzzle.labels['code']} {puzzle.code}" if puzzle.code else what
    return Text(text, right - measure.width(text, FOOTER_SIZE), baseline, FOOTER_SIZE,
                muted=True)


# The option that gives each kind of line, for an error about it.
LINE_OPTIONS = {"title": "title", "field": "field", "Name field's value": "students"}


def fitted_line(text: str, measure: Measure, size: float, width: float, bold: bool,
                what: str) -> float:
    """The largest size up to `size` at which `text` fits `width`."""
    unknown = measure.missing(text, bold)
    option = LINE_OPTIONS.get(what)
    if unknown:
        raise LayoutError(f'the {what} "{text}" has characters the bundled font cannot print '
                          f"({' '.join(unknown)}); leave them out.", option=option)
    natural = measure.width(text, size, bold)
    if natural <= width:
        return size
    smaller = math.floor(size * width / natural * 10) / 10
    if smaller < MIN_TEXT:
        raise LayoutError(f'the {what} "{text}" is too long to print on one line of this '
                          f"page; shorten it or use a wider page.", option=option)
    return smaller


def centred(text: str, measure: Measure, size: float, baseline: float, page_width: float,
            bold: bool = False) -> Text:
    return Text(text, (page_width - measure.width(text, size, bold)) / 2, baseline, size, bold)


def field_rows(fields: Sequence[str], measure: Measure, left: float,
               width: float) -> list[list[tuple[str, float, float]]]:
    """Fields side by side as far as each keeps a line of FIELD_MIN_LINE: rows of
    (label, slot left, slot width)."""
    if not fields:
        return []
    per_row = len(fields)
    while per_row > 1 and any(measure.width(f"{f}:", FIELD_SIZE) + FIELD_MIN_LINE + 18
                              > width / per_row for f in fields):
        per_row -= 1
    slot = width / per_row
    return [[(f, left + k * slot, slot) for k, f in enumerate(fields[i:i + per_row])]
            for i in range(0, len(fields), per_row)]


@dataclass(frozen=True)
class WordColumns:
    """The word list in balanced columns, filled top to bottom."""
    columns: tuple[tuple[str, ...], ...]
    size: float
    widest: float

    @property
    def pitch(self) -> float:
        return self.widest + 2 * self.size

    @property
    def width(self) -> float:
        return (len(self.columns) - 1) * self.pitch + self.widest

    @property
    def height(self) -> float:
        return len(self.columns[0]) * self.size * LINE_SPACING


def word_columns(labels: Sequence[str], size: float, widest: float,
                 across: int) -> WordColumns:
    return WordColumns(tuple(map(tuple, balanced(labels, across))), size, widest)


def list_gap(place: str, size: float) -> float:
    """Space between the grid and the word list set in `size`."""
    return (1.5 if place == "below" else 2.0) * size


def list_arrangements(puzzle: Puzzle, labels: Sequence[str], measure: Measure, width: float,
                      height: float) -> list[tuple[float, str, WordColumns]]:
    """(cell side, "below" or "beside", list) for every list size and each place for
    the list: under the grid, or beside it (which suits landscape pages)."""
    found = []
    for size in LIST_SIZES:
        widest = max(measure.width(s, size) for s in labels)
        if widest <= width:
            pitch = widest + 2 * size
            below = word_columns(labels, size, widest, int((width + 2 * size) // pitch))
            found.append((min(MAX_CELL, width / puzzle.cols,
                              (height - below.height - list_gap("below", size)) / puzzle.rows),
                          "below", below))
        lines = int(height // (size * LINE_SPACING))
        if lines:
            beside = word_columns(labels, size, widest, math.ceil(len(labels) / lines))
            found.append((min(MAX_CELL,
                              (width - beside.width - list_gap("beside", size)) / puzzle.cols,
                              height / puzzle.rows), "beside", beside))
    if not any(cell > 0 for cell, _, _ in found):
        long = max(labels, key=lambda s: measure.width(s, LIST_SIZES[-1]))
        raise LayoutError(f'the word list entry "{long}" is too long to print on this page; '
                          f"use a shorter label or a wider page.")
    return found


@dataclass(frozen=True)
class MessageBlock:
    """The hidden message on the puzzle page: its label, then rows of blanks, one a
    letter, grouped as the message's words are, its punctuation printed in place."""
    texts: tuple[Text, ...]
    blanks: tuple[Blank, ...]
    height: float


def message_block(puzzle: Puzzle, measure: Measure, left: float, width: float,
                  top: float) -> MessageBlock:
    """The block laid out from `top`, its rows centred within `width` from `left`."""
    label = puzzle.labels["hidden_message"]
    label_size = fitted_line(label, measure, FIELD_SIZE, width, True, "note")
    words = puzzle.message_words()
    for size in MESSAGE_SIZES:
        rows = _message_rows(words, measure, size, width)
        if len(rows) <= MESSAGE_ROWS:
            break
    texts = [Text(label, left + (width - measure.width(label, label_size, True)) / 2,
                  top + measure.cap_height(label_size, True), label_size, True)]
    blanks = []
    pitch = size * 2.2
    y = top + label_size * 0.6
    for row in rows:
        y += pitch
        placed = [_set_word(word, measure, size) for word in row]
        x = left + (width - _row_width(placed, size)) / 2
        for items, word_width in placed:
            for dx, ch in items:
                if ch:
                    texts.append(Text(ch, x + dx, y, size))
                else:
                    blanks.append(Blank(x + dx, x + dx + size * BLANK_SHARE, y))
            x += word_width + size * WORD_GAP_SHARE
    return MessageBlock(tuple(texts), tuple(blanks), y + size * 0.6 - top)


def _set_word(word: Sequence[tuple[str, str]], measure: Measure,
              size: float) -> tuple[list[tuple[float, str]], float]:
    """One word of the message: (offset, punctuation, or "" for a blank) for each
    item, and the word's width."""
    items: list[tuple[float, str]] = []
    x = 0.0
    for ch, letters in word:
        if not letters:
            items.append((x, ch))
            x += measure.width(ch, size)
            continue
        for _ in letters:
            if items:
                x += size * LETTER_GAP_SHARE
            items.append((x, ""))
            x += size * BLANK_SHARE
    return items, x


def _row_width(placed: Sequence[tuple[list, float]], size: float) -> float:
    return sum(w for _, w in placed) + max(0, len(placed) - 1) * size * WORD_GAP_SHARE


def _message_rows(words: Sequence[Sequence[tuple[str, str]]], measure: Measure, size: float,
                  width: float) -> list[list[Sequence[tuple[str, str]]]]:
    """Words in rows within `width`; a word too long for a row is cut where it fills one."""
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


def puzzle_page(puzzle: Puzzle, size: tuple[float, float], title: str = "",
                fields: Sequence[str] = (), show_directions: bool = False,
                measure: Measure | None = None, filled: Mapping[str, str] | None = None,
                footer_label: str = "") -> PuzzlePage:
    """The puzzle page; `filled` writes values on field lines (a student's name on
    the Name line), `footer_label` starts the footer (the language's word for a
    puzzle if not given)."""
    measure = measure or Measure.of(puzzle.font)
    footer_label = footer_label or puzzle.labels["puzzle"]
    filled = filled or {}
    page_w, page_h = size
    edge = margin(size)
    width = page_w - 2 * edge
    header: list[Text] = []
    y = edge
    if title:
        title_size = fitted_line(title, measure, TITLE_SIZE, width, True, "title")
        y += measure.cap_height(title_size, True)
        header.append(centred(title, measure, title_size, y, page_w, bold=True))
        y += title_size * 0.8
    placed_fields = []
    for row in field_rows(fields, measure, edge, width):
        y += FIELD_SIZE * 2.2
        for name, left, slot in row:
            text = f"{name}:"
            field_size = fitted_line(text, measure, FIELD_SIZE, slot - 18, False, "field")
            start = left + measure.width(text, field_size) + 6
            end = max(start, left + slot - 18)
            value = None
            if filled.get(name):
                value_size = fitted_line(filled[name], measure, FIELD_SIZE,
                                         end - start - 6, False, f"{name} field's value")
                value = Text(filled[name], start + 6, y - 1, value_size)
            placed_fields.append(Field(Text(text, left, y, field_size), start, end, value))
    notes = ([(directions_line(puzzle.directions, puzzle.labels), "directions line")]
             if show_directions else [])
    if puzzle.has_inside:
        notes.append((puzzle.labels["inside_note"], "note"))
    for note, what in notes:
        note_size = fitted_line(note, measure, NOTE_SIZE, width, False, what)
        y += note_size * 2
        header.append(centred(note, measure, note_size, y, page_w))
    top = y + (FIELD_SIZE if y > edge else 0)
    bottom = page_h - edge - FOOTER_SIZE * 2.5
    message = None
    if puzzle.message:
        height = message_block(puzzle, measure, edge, width, 0).height
        message = message_block(puzzle, measure, edge, width, bottom - height)
        bottom -= height + FIELD_SIZE

    labels = [puzzle.printed(p.label) for p in puzzle.alphabetical()]
    for label in labels:
        if measure.missing(label):
            raise LayoutError(f'the word "{label}" has characters the bundled font cannot '
                              f"print ({' '.join(measure.missing(label))}); leave them out "
                              f"or spell them with other letters.")
    found = list_arrangements(puzzle, labels, measure, width, bottom - top)
    # The largest list that costs the grid little; then the larger grid.
    best = max(cell for cell, _, _ in found)
    cell, place, words = min((option for option in found if option[0] >= LIST_TRADE * best),
                             key=lambda option: (-option[2].size, -option[0]))
    check_legible(puzzle, cell, size)

    # The grid and the list, as one block, sit in the middle of the space they have.
    grid_w, grid_h = puzzle.cols * cell, puzzle.rows * cell
    gap = list_gap(place, words.size)
    if place == "below":
        # A list under a small grid keeps to the grid's width where the page has room.
        narrow = word_columns(labels, words.size, words.widest,
                              int((grid_w + 2 * words.size) // words.pitch))
        if grid_h + gap + narrow.height <= bottom - top:
            words = narrow
    if place == "below":
        grid_y = top + (bottom - top - grid_h - gap - words.height) / 2
        grid_x = (page_w - grid_w) / 2
        list_x, list_y = (page_w - words.width) / 2, grid_y + grid_h + gap
    else:
        grid_y = list_y = top + (bottom - top - max(grid_h, words.height)) / 2
        grid_x = (page_w - grid_w - gap - words.width) / 2
        list_x = grid_x + grid_w + gap
    grid = GridBox(grid_x, grid_y, cell, puzzle.rows, puzzle.cols)
    body: list[Text] = []
    first = list_y + measure.cap_height(words.size)
    for c, column in enumerate(words.columns):
        for r, label in enumerate(column):
            body.append(Text(label, list_x + c * words.pitch,
                             first + r * words.size * LINE_SPACING, words.size))
    if message is not None:
        body += message.texts
    body.append(footer(puzzle, measure, page_w - edge, page_h - edge + FOOTER_SIZE,
                       footer_label))
    return PuzzlePage(size, puzzle, tuple(header), tuple(body), tuple(placed_fields), grid,
                      message.blanks if message is not None else ())


def key_heading(labels: Mapping[str, str], title: str, student: str = "") -> str:
    named = " · ".join(part for part in (title, student) if part)
    return f"{labels['answer_key']}: {named}" if named else labels["answer_key"]


def _numbered(labels: Mapping[str, str], what: str, number: int, total: int) -> str:
    """"Puzzle", or "Puzzle 3 of 30" in a set, in the puzzle's language."""
    if total == 1:
        return labels[what]
    return labels[f"{what}_of"].format(number=number, total=total)


def key_pages(keys: Sequence[Key], size: tuple[float, float], per_page: int = 1,
              measure: Measure | None = None) -> list[KeyPage]:
    """Answer keys, `per_page` (1, 2 or 4) to a page: each a heading, the grid (no
    larger than on its puzzle page) and its code line at the bottom right of its box."""
    if per_page not in KEYS_PER_PAGE:
        raise InputError(f"{per_page} answer keys to a page is not a layout; use 1, 2 or 4.",
                         option="keys_per_page")
    measure = measure or Measure.of(keys[0].puzzle.font if keys else font.FAMILY)
    page_w, page_h = size
    edge = margin(size)
    across, down = (1, 1) if per_page == 1 else (2, 2) if per_page == 4 else \
        ((2, 1) if page_w > page_h else (1, 2))
    box_w = (page_w - 2 * edge - (across - 1) * KEY_GAP) / across
    box_h = (page_h - 2 * edge - (down - 1) * KEY_GAP) / down
    heading_size = TITLE_SIZE if per_page == 1 else SMALL_HEADING_SIZE
    pages = []
    for first in range(0, len(keys), per_page):
        texts: list[Text] = []
        notes: list[Text] = []
        grids = []
        paths = tuple(key.paths for key in keys[first:first + per_page])
        for slot, key in enumerate(keys[first:first + per_page]):
            x = edge + slot % across * (box_w + KEY_GAP)
            y = edge + slot // across * (box_h + KEY_GAP)
            size_now = fitted_line(key.heading, measure, heading_size, box_w, True, "title")
            baseline = y + measure.cap_height(size_now, True)
            texts.append(Text(key.heading, x + (box_w - measure.width(key.heading, size_now,
                                                                       True)) / 2,
                              baseline, size_now, True))
            top = baseline + size_now * (1.0 if per_page == 1 else 0.6)
            # The code line sits in the page's bottom margin or at the foot of its box.
            code_line = y + box_h + (FOOTER_SIZE if per_page == 1 else 0)
            bottom = y + box_h - (FOOTER_SIZE * 2.5 if per_page == 1 else FOOTER_SIZE * 2)
            puzzle = key.puzzle
            note = (f"{puzzle.labels['hidden_message']}: {puzzle.message_label or puzzle.message}"
                    if puzzle.message else "")
            note_size = (fitted_line(note, measure, NOTE_SIZE if per_page == 1 else FOOTER_SIZE,
                                     box_w, False, "note") if note else 0.0)
            room = bottom - top - note_size * 2
            cell = min(key.max_cell, box_w / puzzle.cols, room / puzzle.rows)
            check_legible(puzzle, cell, size, MIN_KEY_LETTER, "answer key")
            grid = GridBox(x + (box_w - puzzle.cols * cell) / 2,
                           top + (room - puzzle.rows * cell) / 2, cell,
                           puzzle.rows, puzzle.cols)
            grids.append((puzzle, grid))
            if note:
                notes.append(Text(note, x + (box_w - measure.width(note, note_size)) / 2,
                                  grid.y + puzzle.rows * cell + note_size * 1.8, note_size))
            texts.append(footer(puzzle, measure, x + box_w, code_line, key.label))
        pages.append(KeyPage(size, tuple(texts), tuple(grids),
                             paths if any(paths) else (), tuple(notes)))
    return pages


def check_legible(puzzle: Puzzle, cell: float, size: tuple[float, float],
                  smallest: float = MIN_LETTER, what: str = "grid") -> None:
    if cell * LETTER_SHARE < smallest:
        fewer = "fewer keys to a page, " if what == "answer key" else ""
        raise LayoutError(
            f"a {puzzle.cols}×{puzzle.rows} {what} would print with letters "
            f"{math.floor(cell * LETTER_SHARE * 10) / 10:.1f} pt high on the "
            f"{paper.describe(size)} page; "
            f"{smallest:g} pt is the smallest that reads well. Use a larger page size, "
            f"{fewer}a smaller grid or fewer words.", option="size")


Page = PuzzlePage | KeyPage


def sheet_layouts(sheets: Sequence[Sheet],
                  options: PageOptions) -> tuple[list[PuzzlePage], list[KeyPage]]:
    """The puzzle pages and the key pages of a set, as options.pages asks, laid out
    before anything is drawn, so that a puzzle that cannot be printed fails before a
    file is touched. In a set of several, each page says which of the set it is; a
    student's name goes on the Name line (added if the fields have none)."""
    total = len(sheets)
    puzzle_pages, keys = [], []
    for sheet in sheets:
        labels = sheet.puzzle.labels
        fields = options.fields
        name_field = labels["name"]
        name = next((f for f in fields if f.casefold() == name_field.casefold()), name_field)
        if sheet.student and name not in fields:
            fields = (name, *fields)
        page = puzzle_page(sheet.puzzle, options.size, sheet.title, fields,
                           options.show_directions, None,
                           {name: sheet.student} if sheet.student else None,
                           _numbered(labels, "puzzle", sheet.number, total))
        puzzle_pages.append(page)
        keys.append(Key(sheet.puzzle, key_heading(labels, sheet.title, sheet.student),
                        _numbered(labels, "answer_key", sheet.number, total), page.grid.cell))
    key_layouts = (key_pages(keys, options.size, options.keys_per_page)
                   if "key" in options.pages else [])
    return puzzle_pages if "puzzle" in options.pages else [], key_layouts


def layouts(puzzle: Puzzle, options: PageOptions) -> list[Page]:
    """One puzzle's pages, in the order options.pages gives."""
    puzzle_pages, key_layouts = sheet_layouts([Sheet(1, options.title, "", puzzle)], options)
    return [(puzzle_pages if page == "puzzle" else key_layouts)[0] for page in options.pages]
