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
from wordsearch.render.look import KEYS_PER_PAGE, Look, PageOptions
from wordsearch.render.style import (FIELD_SIZE, FOOTER_SIZE, LIST_SIZES, MIN_LETTER, NOTE_SIZE,
                                     REGULAR, TITLE_SIZE, Style)

MARGIN_SHARE = 0.06      # of the page's shorter side
MIN_MARGIN, MAX_MARGIN = 18.0, 54.0
FIELD_MIN_LINE = 90.0    # the shortest line worth writing a name on
MIN_TEXT = 8.0           # no title or word list entry prints smaller
LETTER_SHARE = 0.6       # a grid letter's font size, as a share of the cell side
MAX_CELL = 48.0          # two thirds of an inch: bigger cells look like a toy
MIN_KEY_LETTER = 5.0     # answer keys are for the teacher, and several may share a page
KEY_GAP = 24.0           # between keys on one page
SMALL_HEADING_SIZE = 13.0
# The hidden message's blanks (see style.MESSAGE_SIZES): at most this many rows.
MESSAGE_ROWS = 3
BLANK_SHARE = 0.9         # a blank's length, as a share of the size
LETTER_GAP_SHARE = 0.35   # between the blanks of one word
WORD_GAP_SHARE = 1.3      # between words
LINE_SPACING = 1.4
# How much smaller the grid may get (as a share) to keep the word list at a larger size.
LIST_TRADE = 0.9

ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


def balanced(items: Sequence[str], across: int) -> list[list[str]]:
    """Items in at most `across` columns of equal length (the last may be shorter),
    filled top to bottom; as few columns as that length needs. Used by the printed
    word list too."""
    down = -(-len(items) // max(1, min(across, len(items))))
    return [list(items[c:c + down]) for c in range(0, len(items), down)]


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

    def ascent_descent(self, size: float, bold: bool = False) -> tuple[float, float]:
        """How far the font's lines reach above and below the baseline (more than
        its letters do): the box a PDF reader gives each word."""
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        ascent, descent, *_ = self.ctx.font_extents()
        return ascent, descent

    def cap_height(self, size: float, bold: bool = False) -> float:
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        return -self.ctx.text_extents("H").y_bearing


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
class PuzzlePage:
    size: tuple[float, float]
    puzzle: Puzzle
    header: tuple[Text, ...]    # title, directions line: above the fields and the grid
    body: tuple[Text, ...]      # word list, the hidden message's label, footer
    fields: tuple[Field, ...]
    grid: GridBox
    family: str                 # the font the page is set in
    blanks: tuple[Blank, ...] = ()  # a hidden-message puzzle's, in reading order

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
    key_style: str = "outline"  # KEY_STYLES

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


def margin(size: tuple[float, float]) -> float:
    return min(MAX_MARGIN, max(MIN_MARGIN, MARGIN_SHARE * min(size)))


def directions_line(directions: Sequence[str], labels: Mapping[str, str]) -> str:
    arrows = " ".join(ARROWS[d] for d in COMPASS if d in directions)
    if len(directions) == len(COMPASS):
        return f"{labels['all_directions']} {arrows}"
    return f"{labels['some_directions']} {arrows}"


def footer(puzzle: Puzzle, measure: Measure, right: float, baseline: float, what: str,
           size: float = FOOTER_SIZE) -> Text:
    """The puzzle's code, at the bottom right: what the key and a remake are matched by
    (a grid solved from elsewhere may have none)."""
    text = f"{what} · {puzzle.labels['code']} {puzzle.code}" if puzzle.code else what
    return Text(text, right - measure.width(text, size), baseline, size, muted=True)


# The option that gives each kind of line, for an error about it.
LINE_OPTIONS = {"title": "title", "field": "field", "Name field's value": "students"}


def fitted_line(text: str, measure: Measure, size: float, width: float, bold: bool,
                what: str) -> float:
    """The largest size up to `size` at which `text` fits `width`."""
    unknown = measure.missing(text, bold)
    option = LINE_OPTIONS.get(what)
    if unknown:
        raise LayoutError(f'the {what} "{text}" has characters the font {measure.family} '
                          f"cannot print ({' '.join(unknown)}); leave them out.", option=option)
    natural = measure.width(text, size, bold)
    if natural <= width:
        return size
    smaller = math.floor(size * width / natural * 10) / 10
    if smaller < MIN_TEXT:
        raise LayoutError(f'the {what} "{text}" is too long to print on one line of this '
                          f"page; shorten it or use a wider page.", option=option)
    return smaller


def centred(text: str, measure: Measure, size: float, baseline: float, middle: float,
            bold: bool = False) -> Text:
    """A line centred on the x `middle`."""
    return Text(text, middle - measure.width(text, size, bold) / 2, baseline, size, bold)


def check_font(puzzle: Puzzle, measure: Measure) -> None:
    """Refuses a font that lacks a letter the puzzle's language may put in its grid
    (the filler may draw any of them, so the whole alphabet is asked, whatever this
    grid holds), naming the letter, before a box prints in its place."""
    missing = _missing_letters(measure.family, puzzle.language, puzzle.lowercase)
    if missing:
        name = lang.get(puzzle.language).name
        raise InputError(f"the font {measure.family} has no letter {missing[0]!r}, which "
                         f"{name} puzzles use ({len(missing)} such letters: "
                         f"{' '.join(missing[:12])}{' …' if len(missing) > 12 else ''}); "
                         f"choose another font.", option="font")


@cache
def _missing_letters(family: str, language: str, lowercase: bool) -> tuple[str, ...]:
    """The letters of `language` (in lower case, with `lowercase`) that `family` has
    no glyph for: asked once a process, not again for every page of a set."""
    letters = lang.get(language).alphabet.letters
    return tuple(Measure.of(family).missing(
        "".join(ch.lower() if lowercase else ch for ch in letters), True))


def field_rows(fields: Sequence[str], measure: Measure, left: float, width: float,
               size: float = FIELD_SIZE) -> list[list[tuple[str, float, float]]]:
    """Fields side by side as far as each keeps a line of FIELD_MIN_LINE: rows of
    (label, slot left, slot width)."""
    if not fields:
        return []
    per_row = len(fields)
    while per_row > 1 and any(measure.width(f"{f}:", size) + FIELD_MIN_LINE + 18
                              > width / per_row for f in fields):
        per_row -= 1
    slot = width / per_row
    return [[(f, left + k * slot, slot) for k, f in enumerate(fields[i:i + per_row])]
            for i in range(0, len(fields), per_row)]


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
        return self.widest + 2 * self.size

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
    return (1.5 if place == "below" else 2.0) * size


@dataclass(frozen=True)
class Arrangement:
    """The list in one place at one size, and the room it leaves the grid."""
    place: str             # "below" or "beside"
    words: WordColumns
    room: tuple[float, float]  # width, height for the grid

    def cell(self, puzzle: Puzzle) -> float:
        return min(MAX_CELL, self.room[0] / puzzle.cols, self.room[1] / puzzle.rows)


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
            pitch = widest + 2 * size
            below = word_columns(labels, size, widest, int((width + 2 * size) // pitch),
                                 heading, heading_width)
            found.append(Arrangement("below", below, (
                width, height - below.height - list_gap("below", size))))
        lines = int(height // (size * LINE_SPACING)) - 1
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


@dataclass(frozen=True)
class MessageBlock:
    """The hidden message on the puzzle page: its label, then rows of blanks, one a
    letter, grouped as the message's words are, its punctuation printed in place."""
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
        rows = _message_rows(words, measure, size, width)
        if len(rows) <= MESSAGE_ROWS:
            break
    pitch = size * 2.2
    height = label_size * 0.6
    for _ in rows:  # a row at a time, as the baselines below: the same sum to the last bit
        height += pitch
    height += size * 0.6
    top = bottom - height
    texts = [Text(label, left + (width - measure.width(label, label_size, True)) / 2,
                  top + measure.cap_height(label_size, True), label_size, True)]
    blanks = []
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
    return MessageBlock(tuple(texts), tuple(blanks), height)


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


def list_heading(puzzle: Puzzle, hidden: bool) -> str:
    """The line over the word list that counts its words, or, with no list, says how
    many words are hidden."""
    key = "hidden_count" if hidden else "word_count"
    return puzzle.labels[key].format(count=len(puzzle.words))


def puzzle_page(puzzle: Puzzle, size: tuple[float, float], title: str = "",
                fields: Sequence[str] = (), show_directions: bool = False,
                measure: Measure | None = None, filled: Mapping[str, str] | None = None,
                footer_label: str = "", *, look: Look = Look(),
                frame: Frame | None = None) -> PuzzlePage:
    """The puzzle page; `filled` writes values on field lines (a student's name on
    the Name line), `footer_label` starts the footer (the language's word for a
    puzzle if not given). Everything but the footer, which sits in the bottom
    margin, stays inside `frame` (by default the page's margin all round)."""
    family = look.family(puzzle)
    measure = measure or Measure.of(family)
    style = look.style
    check_font(puzzle, measure)
    footer_label = footer_label or puzzle.labels["puzzle"]
    filled = filled or {}
    page_w, page_h = size
    frame = frame or Frame.even(margin(size))
    width, middle = frame.width(size), frame.middle(size)
    header: list[Text] = []
    y = frame.top
    if title:
        title_size = fitted_line(title, measure, style.title, width, True, "title")
        y += measure.cap_height(title_size, True)
        header.append(centred(title, measure, title_size, y, middle, bold=True))
        y += title_size * 0.8
    placed_fields = []
    for row in field_rows(fields, measure, frame.left, width, style.field):
        y += style.field * 2.2
        for name, left, slot in row:
            text = f"{name}:"
            field_size = fitted_line(text, measure, style.field, slot - 18, False, "field")
            start = left + measure.width(text, field_size) + 6
            end = max(start, left + slot - 18)
            value = None
            if filled.get(name):
                value_size = fitted_line(filled[name], measure, style.field,
                                         end - start - 6, False, f"{name} field's value")
                value = Text(filled[name], start + 6, y - 1, value_size)
            placed_fields.append(Field(Text(text, left, y, field_size), start, end, value))
    notes = ([(directions_line(puzzle.directions, puzzle.labels), "directions line")]
             if show_directions else [])
    if puzzle.has_inside:
        notes.append((puzzle.labels["inside_note"], "note"))
    for note, what in notes:
        note_size = fitted_line(note, measure, style.note, width, False, what)
        y += note_size * 2
        header.append(centred(note, measure, note_size, y, middle))
    top = y + (style.field if y > frame.top else 0)
    bottom = page_h - frame.bottom - style.footer * 2.5
    message = None
    if puzzle.message:
        message = message_block(puzzle, measure, frame.left, width, bottom, style)
        bottom -= message.height + FIELD_SIZE

    labels = [] if look.hide_words else look.labels(puzzle)
    for label in labels:
        unknown = measure.missing(label)
        if unknown:
            raise LayoutError(f'the word "{label}" has characters the font {family} cannot '
                              f"print ({' '.join(unknown)}); leave them out "
                              f"or spell them with other letters.")
    heading = list_heading(puzzle, look.hide_words)
    found = list_arrangements(puzzle, labels, heading, measure, width, bottom - top,
                              style.list_sizes)
    # The largest list that costs the grid little; then the larger grid.
    best = max(option.cell(puzzle) for option in found)
    chosen = min((option for option in found if option.cell(puzzle) >= LIST_TRADE * best),
                 key=lambda option: (-option.words.size, -option.cell(puzzle)))
    cell, place, words = chosen.cell(puzzle), chosen.place, chosen.words
    if look.large_print and cell * LETTER_SHARE < style.min_letter:
        raise _too_big_for_large_print(puzzle, found, size, style)
    check_legible(puzzle, cell, size, style.min_letter)

    # The grid and the list, as one block, sit in the middle of the space they have.
    grid_w, grid_h = puzzle.cols * cell, puzzle.rows * cell
    gap = list_gap(place, words.size)
    if place == "below" and labels:
        # A list under a small grid keeps to the grid's width where the page has room.
        narrow = word_columns(labels, words.size, words.widest,
                              int((grid_w + 2 * words.size) // words.pitch),
                              words.heading, words.heading_width)
        if grid_h + gap + narrow.height <= bottom - top:
            words = narrow
    if place == "below":
        grid_y = top + (bottom - top - grid_h - gap - words.height) / 2
        grid_x = middle - grid_w / 2
        list_x, list_y = middle - words.width / 2, grid_y + grid_h + gap
    else:
        grid_y = list_y = top + (bottom - top - max(grid_h, words.height)) / 2
        grid_x = middle - (grid_w + gap + words.width) / 2
        list_x = grid_x + grid_w + gap
    grid = GridBox(grid_x, grid_y, cell, puzzle.rows, puzzle.cols, style.weight)
    body: list[Text] = []
    first = list_y + measure.cap_height(words.size)
    heading_x = (list_x + (words.width - words.heading_width) / 2 if place == "below"
                 else list_x)
    body.append(Text(heading, heading_x, first, words.size, bold=True))
    for c, column in enumerate(words.columns):
        for r, label in enumerate(column):
            body.append(Text(label, list_x + c * words.pitch,
                             first + (r + 1) * words.size * LINE_SPACING, words.size))
    if message is not None:
        body += message.texts
    body.append(footer(puzzle, measure, page_w - frame.right, page_h - frame.bottom +
                       style.footer, footer_label, style.footer))
    return PuzzlePage(size, puzzle, tuple(header), tuple(body), tuple(placed_fields), grid,
                      family, message.blanks if message is not None else ())


def _too_big_for_large_print(puzzle: Puzzle, found: Sequence[Arrangement],
                             size: tuple[float, float], style: Style) -> LayoutError:
    """Large print's limit, said as the largest grid that fits the page with this
    word list."""
    smallest = style.min_letter / LETTER_SHARE
    cols, rows = max(((int(option.room[0] // smallest), int(option.room[1] // smallest))
                      for option in found), key=lambda pair: min(pair))
    return LayoutError(
        f"in large print (grid letters of at least {style.min_letter:g} pt) the "
        f"{paper.describe(size)} page holds a grid of at most {cols}×{rows} cells with "
        f"this word list; this puzzle's is {puzzle.cols}×{puzzle.rows}. Use fewer or "
        f"shorter words, a grid of at most {min(cols, rows)} (option -g/--grid), or a "
        f"larger page.", option="size")


def key_heading(labels: Mapping[str, str], title: str, student: str = "") -> str:
    named = " · ".join(part for part in (title, student) if part)
    return f"{labels['answer_key']}: {named}" if named else labels["answer_key"]


def numbered(labels: Mapping[str, str], what: str, number: int, total: int) -> str:
    """"Puzzle", or "Puzzle 3 of 30" in a set, in the puzzle's language."""
    if total == 1:
        return labels[what]
    return labels[f"{what}_of"].format(number=number, total=total)


def key_grid(per_page: int, size: tuple[float, float]) -> tuple[int, int]:
    """Keys (or puzzles) across and down a page of `size` for `per_page` of them: two
    side by side on a landscape page, one over the other on a portrait one."""
    if per_page == 1:
        return 1, 1
    if per_page == 2:
        return (2, 1) if size[0] > size[1] else (1, 2)
    if per_page == 4:
        return 2, 2
    return (3, 2) if size[0] > size[1] else (2, 3)


def key_pages(keys: Sequence[Key], size: tuple[float, float], per_page: int = 1,
              measure: Measure | None = None, *, look: Look = Look(),
              frame: Frame | None = None, gap: float = KEY_GAP) -> list[KeyPage]:
    """Answer keys, `per_page` (1, 2 or 4; a book's solutions also 6) to a page: each
    a heading, the grid (no larger than on its puzzle page) and its code line at the
    bottom right of its box, all inside `frame` (the page's margin by default)."""
    if per_page not in (*KEYS_PER_PAGE, 6):
        raise InputError(f"{per_page} answer keys to a page is not a layout; use 1, 2 or 4.",
                         option="keys_per_page")
    family = look.family(keys[0].puzzle) if keys else font.FAMILY
    measure = measure or Measure.of(family)
    for key in keys[:1]:
        check_font(key.puzzle, measure)
    page_w, page_h = size
    frame = frame or Frame.even(margin(size))
    across, down = key_grid(per_page, size)
    box_w = (frame.width(size) - (across - 1) * gap) / across
    box_h = (page_h - frame.top - frame.bottom - (down - 1) * gap) / down
    heading_size = TITLE_SIZE if per_page == 1 else SMALL_HEADING_SIZE
    pages = []
    for first in range(0, len(keys), per_page):
        texts: list[Text] = []
        notes: list[Text] = []
        grids = []
        paths = tuple(key.paths for key in keys[first:first + per_page])
        for slot, key in enumerate(keys[first:first + per_page]):
            x = frame.left + slot % across * (box_w + gap)
            y = frame.top + slot // across * (box_h + gap)
            size_now = fitted_line(key.heading, measure, heading_size, box_w, True, "title")
            baseline = y + measure.cap_height(size_now, True)
            texts.append(centred(key.heading, measure, size_now, baseline, x + box_w / 2,
                                 True))
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
                             paths if any(paths) else (), tuple(notes), family,
                             look.key_style))
    return pages


def legible_side(size: tuple[float, float], per_page: int = 1, look: Look = Look()) -> int:
    """The most cells across a grid can have on pages of `size`, `per_page` puzzles a
    page, with letters of the look's smallest size: what an automatic shape may grow
    to. The room inside the margins, less HEADER_SHARE of its height for the title,
    fields and word list: a long list may still refuse a grid of this side."""
    across, down = key_grid(per_page, size)
    edge = margin(size)
    room = min((size[0] - 2 * edge) / across,
               (size[1] - 2 * edge) * (1 - HEADER_SHARE) / down)
    return max(1, math.floor(room * LETTER_SHARE / look.style.min_letter))


# The share of a page's height legible_side leaves to the title, fields and list.
HEADER_SHARE = 0.35


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


Page = PuzzlePage | KeyPage | Composite


def tiled(pages: Sequence[PuzzlePage | KeyPage], size: tuple[float, float],
          per_page: int) -> list[Page]:
    """Pages laid out at a tile's size, `per_page` of them to a sheet of `size`
    (one to a sheet: the pages themselves)."""
    if per_page == 1:
        return list(pages)
    across, down = key_grid(per_page, size)
    tile_w, tile_h = size[0] / across, size[1] / down
    return [Composite(size, tuple((k % across * tile_w, k // across * tile_h, page)
                                  for k, page in enumerate(pages[first:first + per_page])),
                      family=pages[first].family)
            for first in range(0, len(pages), per_page)]


def tile_size(size: tuple[float, float], per_page: int) -> tuple[float, float]:
    across, down = key_grid(per_page, size)
    return size[0] / across, size[1] / down


def sheet_layouts(sheets: Sequence[Sheet],
                  options: PageOptions) -> tuple[list[Page], list[Page]]:
    """The puzzle pages and the key pages of a set, as options.pages asks, laid out
    before anything is drawn, so that a puzzle that cannot be printed fails before a
    file is touched. In a set of several, each page says which of the set it is; a
    student's name goes on the Name line (added if the fields have none). With
    several puzzles to a page, each is laid out in its share of the page."""
    total = len(sheets)
    puzzle_pages, keys = [], []
    tile = tile_size(options.size, options.per_page)
    for sheet in sheets:
        labels = sheet.puzzle.labels
        fields = options.fields
        name_field = labels["name"]
        name = next((f for f in fields if f.casefold() == name_field.casefold()), name_field)
        if sheet.student and name not in fields:
            fields = (name, *fields)
        page = puzzle_page(sheet.puzzle, tile, sheet.title, fields,
                           options.show_directions, None,
                           {name: sheet.student} if sheet.student else None,
                           numbered(labels, "puzzle", sheet.number, total),
                           look=options.look)
        puzzle_pages.append(page)
        keys.append(Key(sheet.puzzle, key_heading(labels, sheet.title, sheet.student),
                        numbered(labels, "answer_key", sheet.number, total), page.grid.cell))
    key_layouts = (key_pages(keys, options.size, options.keys_per_page, look=options.look)
                   if "key" in options.pages else [])
    return (tiled(puzzle_pages, options.size, options.per_page)
            if "puzzle" in options.pages else [], key_layouts)


def layouts(puzzle: Puzzle, options: PageOptions) -> list[Page]:
    """One puzzle's pages, in the order options.pages gives."""
    puzzle_pages, key_layouts = sheet_layouts([Sheet(1, options.title, "", puzzle)], options)
    return [(puzzle_pages if page == "puzzle" else key_layouts)[0] for page in options.pages]
