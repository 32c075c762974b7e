"""The puzzle page: a header (title, fields to write on, notes), then the grid and
the word list as one block, as large as the page allows, then the hidden message's
blanks and the footer. Sizes are chosen so that nothing overlaps and nothing prints
too small to read; a puzzle that cannot meet that is refused rather than printed
illegibly.

All lengths are in points (1/72 inch), y downwards from the top of the page.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from wordsearch.directions import COMPASS
from wordsearch.errors import LayoutError
from wordsearch.pictures import credit
from wordsearch.puzzle import Puzzle
from wordsearch.render import paper
from wordsearch.render.look import Look
from wordsearch.render.measure import (FOOTER_CLEARANCE, Measure, centred, check_font, fitted_line,
                                       footer, sheet_frame, wrapped)
from wordsearch.render.blanks import message_block
from wordsearch.render.model import Blank, Field, Frame, GridBox, PictureBox, PuzzlePage, Text
from wordsearch.render.style import (FIELD_SIZE, LARGE_PRINT_COMPACT, LETTER_SHARE, LINE_SPACING,
                                     REGULAR, TITLE_LEADING, TITLE_LINES, Style,
                                     check_legible)
from wordsearch.render.wordlist import (Arrangement, Entries, chosen, list_arrangements,
                                        list_gap, list_heading, narrowed)

ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
# Under the title's baseline, in its size: room for its descenders; the next line's
# own pitch follows.
TITLE_GAP = 0.8
# From one row of fields to the next, in the fields' size: room over each line for a
# name written by hand, which stands taller than the printed label.
FIELD_PITCH = 2.2
FIELD_MIN_LINE = 90.0    # the shortest line worth writing a name on
FIELD_GAP = 18.0         # from the end of one field's line to the next field's label
LABEL_GAP = 6.0          # from a field's label to the start of its line
VALUE_INSET = 6.0        # a written value starts this far along its line
# A written value's baseline sits this far above the label's, so that it clears the
# line drawn just under them.
VALUE_RAISE = 1.0
NOTE_PITCH = 2.0         # a note's baseline under the line before, in the note's size
# Between the word list and the hidden message's label: the regular field size,
# whatever the style, since the label itself grows with large print.
MESSAGE_GAP = FIELD_SIZE
# The picture credit's line, in the footer's size: its baseline this far over the
# footer's clearance, the list kept that far above it.
CREDIT_PITCH = 1.5
CREDIT_LINES = 2  # at most: a quarter sheet of Letter or A4 needs both
# A large-print grid may be this much (in points a cell) under the regular page's,
# the rounding of two layouts' arithmetic.
CELL_TOLERANCE = 1e-6


def puzzle_page(puzzle: Puzzle, size: tuple[float, float], title: str = "",
                fields: Sequence[str] = (), show_directions: bool = False,
                measure: Measure | None = None, filled: Mapping[str, str] | None = None,
                footer_label: str = "", *, look: Look = Look(),
                frame: Frame | None = None, title_lines: int = TITLE_LINES) -> PuzzlePage:
    """The puzzle page; `filled` writes values on field lines (a student's name on
    the Name line), `footer_label` starts the footer (the language's word for a
    puzzle if not given), a long title breaks onto up to `title_lines` lines.
    Everything but the footer, which sits in the bottom margin, stays inside `frame`
    (by default the page's margin all round)."""
    family = look.family(puzzle)
    measure = measure or Measure.of(family)
    check_font(puzzle, measure)
    page = (puzzle, size, title, fields, show_directions, measure, filled or {}, footer_label,
            frame, title_lines)
    if not look.large_print:
        return _page(*page, look, look.style)
    # Large print: its grid never smaller than the regular page's; if its own title,
    # fields and notes leave too little room, they take the regular sizes.
    regular = _page(*page, replace(look, large_print=False), REGULAR).grid.cell
    return (_page(*page, look, look.style, regular, refuse=False)
            or _page(*page, look, LARGE_PRINT_COMPACT, regular))


def _page(puzzle: Puzzle, size: tuple[float, float], title: str, fields: Sequence[str],
          show_directions: bool, measure: Measure, filled: Mapping[str, str],
          footer_label: str, frame: Frame | None, title_lines: int, look: Look, style: Style,
          regular: float = 0.0, refuse: bool = True) -> PuzzlePage | None:
    """The page in `style`, its grid's cells no smaller than `regular` (large print:
    the regular page's) or else refused (or None, unless `refuse`)."""
    family = look.family(puzzle)
    frame = frame or sheet_frame(size, measure, style.title, style.footer)
    header, placed_fields, y = _header(puzzle, size, frame, measure, style,
                                       (title, title_lines), fields, filled,
                                       show_directions)
    top = y + (style.field if y > frame.top else 0)  # a field's size under a header
    bottom = size[1] - frame.bottom - style.footer * FOOTER_CLEARANCE
    credited = [] if look.hide_words else _credit(puzzle, measure, frame, size, bottom, style)
    if credited:
        bottom -= credited[-1].baseline - credited[0].baseline + style.footer * CREDIT_PITCH
    message = None
    if puzzle.message:
        message = message_block(puzzle, measure, frame.left, frame.width(size), bottom, style)
        bottom -= message.height + MESSAGE_GAP
    laid = _grid_and_list(puzzle, size, frame, measure, look, style, top, bottom, regular,
                          refuse)
    if laid is None:
        return None
    grid, body, write_ins, pictures = laid
    if message is not None:
        body += message.texts
    body += credited
    # The footer's baseline: one footer size into the bottom margin.
    body.append(footer(puzzle, measure, size[0] - frame.right,
                       size[1] - frame.bottom + style.footer,
                       footer_label or puzzle.labels["puzzle"], style.footer))
    return PuzzlePage(size, puzzle, tuple(header), tuple(body), tuple(placed_fields), grid,
                      family, look, message.blanks if message is not None else (),
                      tuple(write_ins), tuple(pictures))


def _credit(puzzle: Puzzle, measure: Measure, frame: Frame, size: tuple[float, float],
            bottom: float, style: Style) -> list[Text]:
    """The line OpenMoji's licence asks for under a page with its pictures: muted, at
    the foot of the frame, over the footer; smaller, or on two lines, on a narrow
    page (a quarter sheet)."""
    line = credit.credit(p.picture for p in puzzle.words)
    if line is None:
        return []
    try:
        line_size, lines = wrapped(line, measure, style.footer, frame.width(size), False,
                                   "picture credit", CREDIT_LINES)
    except LayoutError:
        raise LayoutError(f"the credit OpenMoji's licence asks for under its pictures "
                          f"({line}) does not fit on {CREDIT_LINES} lines of a "
                          f"{frame.width(size):.0f} pt wide page; use a larger page or fewer "
                          f"puzzles a page.", option="size") from None
    pitch = line_size * LINE_SPACING
    first = bottom - (len(lines) - 1) * pitch
    return [Text(text, frame.left, first + k * pitch, line_size, muted=True)
            for k, text in enumerate(lines)]


def _header(puzzle: Puzzle, size: tuple[float, float], frame: Frame, measure: Measure,
            style: Style, title: tuple[str, int], fields: Sequence[str],
            filled: Mapping[str, str],
            show_directions: bool) -> tuple[list[Text], list[Field], float]:
    """The title (text, most lines), the fields and the notes, top down from the
    frame's top: their texts, the fields, and the last baseline."""
    width, middle = frame.width(size), frame.middle(size)
    header: list[Text] = []
    y = frame.top
    title_size, lines = (wrapped(title[0], measure, style.title, width, True, "title", title[1])
                         if title[0] else (0.0, ()))
    for k, line in enumerate(lines):
        y += title_size * TITLE_LEADING if k else measure.cap_height(title_size, True)
        header.append(centred(line, measure, title_size, y, middle, bold=True))
    if lines:
        y += title_size * TITLE_GAP
    placed = []
    for row in field_rows(fields, measure, frame.left, width, style.field):
        y += style.field * FIELD_PITCH
        placed += [_field(name, left, slot, y, filled.get(name), measure, style.field)
                   for name, left, slot in row]
    for note, what in _notes(puzzle, show_directions):
        note_size = fitted_line(note, measure, style.note, width, False, what)
        y += note_size * NOTE_PITCH
        header.append(centred(note, measure, note_size, y, middle))
    return header, placed, y


def field_rows(fields: Sequence[str], measure: Measure, left: float, width: float,
               size: float = FIELD_SIZE) -> list[list[tuple[str, float, float]]]:
    """Fields side by side as far as each keeps a line of FIELD_MIN_LINE: rows of
    (label, slot left, slot width)."""
    if not fields:
        return []
    per_row = len(fields)
    while per_row > 1 and any(measure.width(f"{f}:", size) + FIELD_MIN_LINE + FIELD_GAP
                              > width / per_row for f in fields):
        per_row -= 1
    slot = width / per_row
    return [[(f, left + k * slot, slot) for k, f in enumerate(fields[i:i + per_row])]
            for i in range(0, len(fields), per_row)]


def _field(name: str, left: float, slot: float, baseline: float, value: str | None,
           measure: Measure, size: float) -> Field:
    """A field's label and the line after it to the end of its slot, with `value`
    written on the line if given."""
    text = f"{name}:"
    label_size = fitted_line(text, measure, size, slot - FIELD_GAP, False, "field")
    start = left + measure.width(text, label_size) + LABEL_GAP
    end = max(start, left + slot - FIELD_GAP)
    written = None
    if value:
        value_size = fitted_line(value, measure, size, end - start - VALUE_INSET, False,
                                 f"{name} field's value")
        written = Text(value, start + VALUE_INSET, baseline - VALUE_RAISE, value_size)
    return Field(Text(text, left, baseline, label_size), start, end, written)


def _notes(puzzle: Puzzle, show_directions: bool) -> list[tuple[str, str]]:
    """The lines under the fields, each with what it is called in an error."""
    notes = ([(directions_line(puzzle.directions, puzzle.labels), "directions line")]
             if show_directions else [])
    if puzzle.has_inside:
        notes.append((puzzle.labels["inside_note"], "note"))
    return notes


def directions_line(directions: Sequence[str], labels: Mapping[str, str]) -> str:
    arrows = " ".join(ARROWS[d] for d in COMPASS if d in directions)
    if len(directions) == len(COMPASS):
        return f"{labels['all_directions']} {arrows}"
    return f"{labels['some_directions']} {arrows}"


def _grid_and_list(puzzle: Puzzle, size: tuple[float, float], frame: Frame,
                   measure: Measure, look: Look, style: Style, top: float, bottom: float,
                   regular: float, refuse: bool
                   ) -> tuple[GridBox, list[Text], list[Blank], list[PictureBox]] | None:
    """The grid and the word list, between `top` and `bottom`, as one block in the
    middle of that space: the grid's box, and the list's texts, blanks and pictures. Large print puts the
    grid first (the arrangement with the largest cells, of at least `regular`: its
    letters no smaller than the regular page's; None if not, unless `refuse`)."""
    entries = list_entries(puzzle, look)
    entries.check(measure)
    heading = list_heading(puzzle, look.hide_words)
    found = list_arrangements(puzzle, entries, heading, measure, frame.width(size),
                              bottom - top, style.list_sizes)
    choice = (max(found, key=lambda option: (option.cell(puzzle), option.words.size))
              if look.large_print else chosen(puzzle, found))
    cell, place, words = choice.cell(puzzle), choice.place, choice.words
    small = look.large_print and cell * LETTER_SHARE < style.min_letter
    if small or look.large_print and cell < regular - CELL_TOLERANCE:
        if not refuse:
            return None
        if small:
            raise _too_big_for_large_print(puzzle, found, size, style)
        raise _smaller_than_regular(puzzle, cell, regular, size)
    check_legible(puzzle, cell, size, style.min_letter)
    grid_w, grid_h = puzzle.cols * cell, puzzle.rows * cell
    gap = list_gap(place, words.size)
    middle = frame.middle(size)
    if place == "below":
        if len(entries):
            narrow = narrowed(words, grid_w)
            if grid_h + gap + narrow.height <= bottom - top:
                words = narrow
        grid_y = top + (bottom - top - grid_h - gap - words.height) / 2
        grid_x = middle - grid_w / 2
        list_x, list_y = middle - words.width / 2, grid_y + grid_h + gap
        heading_x = list_x + (words.width - words.heading_width) / 2
    else:
        grid_y = list_y = top + (bottom - top - max(grid_h, words.height)) / 2
        grid_x = middle - (grid_w + gap + words.width) / 2
        list_x = heading_x = grid_x + grid_w + gap
    grid = GridBox(grid_x, grid_y, cell, puzzle.rows, puzzle.cols, style.weight)
    texts, write_ins, pictures = words.placed(list_x, list_y, heading_x, measure)
    return grid, texts, write_ins, pictures


def list_entries(puzzle: Puzzle, look: Look) -> Entries:
    """The puzzle page's list: its words, or its numbered clues in their own font
    (when it is not the page's) with a blank a letter of each word; none when the
    look hides it."""
    look.check(puzzle)
    if look.hide_words:
        return Entries(())
    listed = look.listed(puzzle)
    texts = tuple(label for label, _ in listed)
    pictures = tuple(p.picture for _, p in listed) if puzzle.pictures else ()
    if not puzzle.has_clues:
        return Entries(texts, pictures=pictures, picture_layout=puzzle.pictures)
    family = "" if puzzle.clue_language == puzzle.language else puzzle.clue_font
    return Entries(texts, family, tuple(0 if p.added or not p.clue else len(p.word)
                                        for _, p in listed), pictures=pictures,
                   picture_layout=puzzle.pictures)


def _smaller_than_regular(puzzle: Puzzle, cell: float, regular: float,
                          size: tuple[float, float]) -> LayoutError:
    """Large print that would print the grid smaller than the regular page does:
    its larger title, fields and list leave the grid too little room. Refused rather
    than printed: a large-print page whose grid is smaller than the regular page's
    defeats its purpose."""
    return LayoutError(
        f"in large print the {puzzle.cols}×{puzzle.rows} grid's letters would be "
        f"{math.floor(cell * LETTER_SHARE * 10) / 10:.1f} pt high on the "
        f"{paper.describe(size)} page, smaller than the regular page's "
        f"{math.floor(regular * LETTER_SHARE * 10) / 10:.1f} pt, since its larger title, fields "
        f"and word list take the room. Use a shorter title, fewer or shorter words, or a "
        f"larger page.",
        option="size")


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
