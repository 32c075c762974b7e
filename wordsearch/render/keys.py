"""Answer key pages: one key or several to a page, each a heading, the grid (no
larger than on its puzzle page), a clue puzzle's clues each with its word under it,
the hidden message under those, and its code line.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wordsearch.errors import InputError
from wordsearch.puzzle import Puzzle
from wordsearch.render import font
from wordsearch.render.look import Look, one_of
from wordsearch.render.measure import (FOOTER_CLEARANCE, Measure, centred, check_font,
                                       fitted_line, footer, sheet_frame, wrapped)
from wordsearch.render.model import Frame, GridBox, Key, KeyPage, Text
from wordsearch.render.style import (FOOTER_SIZE, LIST_SIZES, MIN_KEY_LETTER, NOTE_SIZE, SMALL_HEADING_SIZE,
                                     TITLE_LEADING, TITLE_SIZE, check_legible)
from wordsearch.render.tiling import across_down, title_lines
from wordsearch.render.wordlist import (Arrangement, Entries, chosen, list_arrangements,
                                        list_gap, list_heading)

KEY_LAYOUTS = (1, 2, 4, 6)  # keys to a page: a set's 1, 2 or 4, a book's solutions 4 or 6
KEY_GAP = 24.0              # between keys on one page
# Under a key's heading, in its size: a line's space for a key alone; less when
# several share a page, to leave their grids more room.
HEADING_GAP = 1.0
SHARED_HEADING_GAP = 0.6
# With several keys to a page, each code line sits at the foot of its key's box,
# and the grid ends this many footer sizes above it (the line's height, and as much
# again apart). A key alone keeps to the puzzle page's footer (FOOTER_CLEARANCE).
SHARED_FOOTER_CLEARANCE = 2.0
# The hidden message under a key's grid: this many of its sizes kept for it, and its
# baseline a little less far down, so that its descenders stay inside that room.
NOTE_ROOM = 2.0
NOTE_DROP = 1.8
CODE_PITCH = 1.3  # a code line broken in two: the label's baseline over the code's
# A clue puzzle's list on its key: the puzzle page's sizes for a key alone, smaller
# ones where several keys share a page (the key is the teacher's).
SHARED_KEY_LIST_SIZES = (10.0, 9.0, 8.0)
ANSWER_MARK = " — "  # between a clue and its word on the key


def key_heading(labels: Mapping[str, str], title: str, student: str = "") -> str:
    named = " · ".join(part for part in (title, student) if part)
    return f"{labels['answer_key']}: {named}" if named else labels["answer_key"]


def key_pages(keys: Sequence[Key], size: tuple[float, float], per_page: int = 1,
              measure: Measure | None = None, *, look: Look = Look(),
              frame: Frame | None = None, gap: float = KEY_GAP) -> list[KeyPage]:
    """Answer keys, `per_page` (one of KEY_LAYOUTS) to a page, each in its box inside
    `frame` (the page's margin by default), the boxes `gap` apart."""
    if per_page not in KEY_LAYOUTS:
        raise InputError(f"{per_page} answer keys to a page is not a layout; use "
                         f"{one_of(KEY_LAYOUTS)}.", option="keys_per_page")
    family = look.family(keys[0].puzzle) if keys else font.FAMILY
    measure = measure or Measure.of(family)
    for key in keys[:1]:
        check_font(key.puzzle, measure)
    frame = frame or sheet_frame(size, measure, TITLE_SIZE, FOOTER_SIZE)
    boxes = _Boxes.on(size, frame, per_page, gap)
    return [_key_page(keys[first:first + per_page], boxes, size, measure, family, look)
            for first in range(0, len(keys), per_page)]


@dataclass(frozen=True)
class _Boxes:
    """Where the keys of a page go: `across` boxes a row, `gap` apart, from the
    frame's top left."""
    left: float
    top: float
    across: int
    width: float
    height: float
    gap: float
    alone: bool  # one key to a page
    heading_lines: int  # the most a long heading takes

    @classmethod
    def on(cls, size: tuple[float, float], frame: Frame, per_page: int, gap: float) -> _Boxes:
        across, down = across_down(per_page, size)
        return cls(frame.left, frame.top, across,
                   (frame.width(size) - (across - 1) * gap) / across,
                   (size[1] - frame.top - frame.bottom - (down - 1) * gap) / down,
                   gap, per_page == 1, title_lines(per_page, size))

    def corner(self, slot: int) -> tuple[float, float]:
        return (self.left + slot % self.across * (self.width + self.gap),
                self.top + slot // self.across * (self.height + self.gap))


def _key_page(keys: Sequence[Key], boxes: _Boxes, size: tuple[float, float],
              measure: Measure, family: str, look: Look) -> KeyPage:
    laid = [_key_box(key, *boxes.corner(slot), boxes, measure, size, look)
            for slot, key in enumerate(keys)]
    paths = tuple(key.paths for key in keys)
    return KeyPage(size, tuple(text for box in laid for text in box.texts),
                   tuple((key.puzzle, box.grid) for key, box in zip(keys, laid)),
                   paths if any(paths) else (), tuple(box.note for box in laid if box.note),
                   family, look, tuple(text for box in laid for text in box.clues))


@dataclass(frozen=True)
class _KeyBox:
    """One key laid out in its box."""
    heading: tuple[Text, ...]  # its lines
    grid: GridBox
    code_lines: tuple[Text, ...]  # one, or two when one is wider than the box
    note: Text | None
    clues: tuple[Text, ...] = ()  # a clue puzzle's list, each clue with its word

    @property
    def texts(self) -> tuple[Text, ...]:
        return *self.heading, *self.code_lines


def _key_box(key: Key, x: float, y: float, boxes: _Boxes, measure: Measure,
             size: tuple[float, float], look: Look) -> _KeyBox:
    """A key in the box at (x, y), alone on its page or sharing it."""
    box_w, box_h, alone = boxes.width, boxes.height, boxes.alone
    heading_size, lines = wrapped(key.heading, measure,
                                  TITLE_SIZE if alone else SMALL_HEADING_SIZE, box_w, True,
                                  "title", boxes.heading_lines)
    baseline = y + measure.cap_height(heading_size, True)
    heading = tuple(centred(line, measure, heading_size,
                            baseline + k * heading_size * TITLE_LEADING, x + box_w / 2, True)
                    for k, line in enumerate(lines))
    baseline = heading[-1].baseline
    top = baseline + heading_size * (HEADING_GAP if alone else SHARED_HEADING_GAP)
    # The code line sits in the page's bottom margin or at the foot of its box.
    code_line = y + box_h + (FOOTER_SIZE if alone else 0)
    code_lines = _code_lines(footer(key.puzzle, measure, x + box_w, code_line, key.label),
                             x, measure)
    bottom = y + box_h - FOOTER_SIZE * (FOOTER_CLEARANCE if alone else SHARED_FOOTER_CLEARANCE) \
        - (code_lines[-1].baseline - code_lines[0].baseline)
    puzzle = key.puzzle
    note = _message_note(puzzle)
    note_size = (fitted_line(note, measure, NOTE_SIZE if alone else FOOTER_SIZE, box_w, False,
                             "note") if note else 0.0)
    room = bottom - top - note_size * NOTE_ROOM
    listed = _clue_list(puzzle, look, measure, box_w, room, alone) if puzzle.has_clues else None
    cell = min(key.max_cell, box_w / puzzle.cols,
               (room if listed is None else listed.room[1]) / puzzle.rows)
    check_legible(puzzle, cell, size, MIN_KEY_LETTER, "answer key")
    block = puzzle.rows * cell
    if listed is not None:
        block += list_gap("below", listed.words.size) + listed.words.height
    grid = GridBox(x + (box_w - puzzle.cols * cell) / 2, top + (room - block) / 2,
                   cell, puzzle.rows, puzzle.cols)
    clues: tuple[Text, ...] = ()
    if listed is not None:
        words = listed.words
        list_x = x + (box_w - words.width) / 2
        texts, _, _ = words.placed(list_x, grid.y + puzzle.rows * cell
                                   + list_gap("below", words.size),
                                   list_x + (words.width - words.heading_width) / 2, measure)
        clues = tuple(texts)
    placed_note = (Text(note, x + (box_w - measure.width(note, note_size)) / 2,
                        grid.y + block + note_size * NOTE_DROP, note_size)
                   if note else None)
    return _KeyBox(heading, grid, code_lines, placed_note, clues)


def key_entries(puzzle: Puzzle, look: Look) -> Entries:
    """A clue puzzle's list on its key: each numbered clue (in its own font) with its
    word (in the page's), in the puzzle page's order; an added word as itself."""
    pairs = look.listed(puzzle)
    listed = [p for _, p in pairs]
    texts = tuple(f"{label}{ANSWER_MARK}" if p.clue else label for label, p in pairs)
    family = "" if puzzle.clue_language == puzzle.language else puzzle.clue_font
    return Entries(texts, family, answers=tuple(puzzle.printed(p.label) if p.clue else ""
                                                for p in listed))


def _clue_list(puzzle: Puzzle, look: Look, measure: Measure, width: float, height: float,
               alone: bool) -> Arrangement:
    """The clue list under a key's grid: the largest size that costs the grid little."""
    entries = key_entries(puzzle, look)
    entries.check(measure)
    found = list_arrangements(puzzle, entries, list_heading(puzzle, False), measure, width,
                              height, LIST_SIZES if alone else SHARED_KEY_LIST_SIZES,
                              places=("below",))
    return chosen(puzzle, found)


def _code_lines(line: Text, left: float, measure: Measure) -> tuple[Text, ...]:
    """The code line, or, when it is wider than its box (from `left`), its label over
    its code, both at the box's right: a book's "Puzzle 1034 of 1034 · page 620 ·
    code …" on a small page's shared keys would otherwise reach into the gutter."""
    if line.x >= left or " · " not in line.text:
        return (line,)
    label, _, code = line.text.rpartition(" · ")
    right = line.x + measure.width(line.text, line.size)
    return tuple(Text(text, right - measure.width(text, line.size), baseline, line.size,
                      muted=True)
                 for text, baseline in ((label, line.baseline - line.size * CODE_PITCH),
                                        (code, line.baseline)))


def _message_note(puzzle: Puzzle) -> str:
    """The hidden message, for the teacher to read off the key ("" if none)."""
    if not puzzle.message:
        return ""
    return f"{puzzle.labels['hidden_message']}: {puzzle.message_label or puzzle.message}"
