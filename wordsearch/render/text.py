"""The plain-text page: what the command prints when no output file is given."""
from __future__ import annotations

from collections.abc import Sequence

from wordsearch.directions import COMPASS
from wordsearch.puzzle import OUTSIDE, Puzzle, Sheet
from wordsearch.render.look import Look
from wordsearch.render.blanks import BLANK, blank_units
from wordsearch.render.wordlist import balanced, list_heading

_LINE = "_" * 24  # a field to write on
WIDTH = 72        # characters: a line of a terminal or an email
COLUMN_GAP = 3    # between the word list's columns


def columns(items: Sequence[str], width: int = WIDTH, gap: int = COLUMN_GAP) -> list[str]:
    """Items in balanced columns, filled top to bottom, within `width` characters."""
    if not items:
        return []
    cell = max(len(s) for s in items) + gap
    table = balanced(items, width // cell)
    return ["".join(column[r].ljust(cell) for column in table if r < len(column)).rstrip()
            for r in range(len(table[0]))]


def grid_lines(puzzle: Puzzle, shown: set[tuple[int, int]] | None = None) -> list[str]:
    """The grid's rows with letters spaced out; with `shown`, other cells print as "·"."""
    lines = []
    for r, row in enumerate(puzzle.printed_grid):
        chars = []
        for c, ch in enumerate(row):
            if ch == OUTSIDE:
                chars.append(" ")
            elif shown is not None and (r, c) not in shown:
                chars.append("·")
            else:
                chars.append(ch)
        lines.append(" ".join(chars).rstrip())
    return lines


def render_text(puzzle: Puzzle, title: str = "", fields: Sequence[str] = (),
                pages: Sequence[str] = ("puzzle", "key"), look: Look = Look()) -> str:
    """The puzzle and/or its answer key (`pages`) as plain text, ending with the code;
    the word list as the look has it (hidden, or in the order given)."""
    out: list[str] = []
    if title:
        out += [title, ""]
    if "puzzle" in pages:
        out += _puzzle_part(puzzle, fields, look)
    if "key" in pages:
        out += _key_part(puzzle, look)
    out += [puzzle.labels["grid_code"].format(cols=puzzle.cols, rows=puzzle.rows,
                                              code=puzzle.code)]
    return "\n".join(out) + "\n"


def _puzzle_part(puzzle: Puzzle, fields: Sequence[str], look: Look) -> list[str]:
    out = [f"{field}: {_LINE}" for field in fields]
    if fields:
        out.append("")
    out += grid_lines(puzzle)
    ways = (puzzle.labels["all_ways"] if len(puzzle.directions) == len(COMPASS)
            else puzzle.labels["some_ways"].format(directions=", ".join(puzzle.directions)))
    if look.hide_words:
        out += ["", f"{list_heading(puzzle, True)} · {ways}"]
    else:
        out += ["", f"{puzzle.labels['find_words']} ({len(puzzle.words)}; {ways}):"]
    if puzzle.has_inside:
        out.append(puzzle.labels["inside_note"])
    look.check(puzzle)
    labels = [] if look.hide_words else _entries(puzzle, look)
    out += ["  " + line for line in columns(labels)] + [""]
    if puzzle.message:
        blanks = "   ".join(_blanks(word) for word in puzzle.message_words())
        out += [f"{puzzle.labels['hidden_message']}: {blanks}", ""]
    return out


def _entries(puzzle: Puzzle, look: Look) -> list[str]:
    """The list's entries: the words, or the numbered clues each with a blank a
    letter of its word ("1. a baby cat  _ _ _ _ _ _"), the blanks in one column."""
    listed = look.listed(puzzle)
    if not puzzle.has_clues:
        return [label for label, _ in listed]
    width = max(len(label) for label, _ in listed)
    return [f"{label.ljust(width)}  {' '.join('_' * len(p.word))}" if p.clue and not p.added
            else label for label, p in listed]


def _blanks(word) -> str:
    """One word of the message as blanks a letter can be counted and written on,
    "_ _ _?": each unit's blank apart, its punctuation against it."""
    return " ".join("".join("_" if item == BLANK else item for item in unit)
                    for unit in blank_units(word))


def _key_part(puzzle: Puzzle, look: Look) -> list[str]:
    """The key: each word and where it is (a clue puzzle's by their numbered clues, in
    the list's order), then the grid with only the words' letters."""
    out = [f"{puzzle.labels['answer_key']} ({puzzle.labels['key_note']}):"]
    if puzzle.has_clues:
        pairs = look.listed(puzzle)
        listed = [p for _, p in pairs]
        names = [f"{label} — {puzzle.printed(p.label)}" if p.clue else label
                 for label, p in pairs]
    else:
        listed = puzzle.alphabetical()
        names = [puzzle.printed(p.label) for p in listed]
    width = max(map(len, names))
    for name, p in zip(names, listed):
        where = puzzle.labels["position"].format(row=f"{p.row + 1:>2}", col=f"{p.col + 1:>2}",
                                                 direction=p.direction)
        out.append(f"  {name.ljust(width)}   {where}")
    in_words = {cell for p in puzzle.words for cell in p.cells()}
    out += [""] + grid_lines(puzzle, in_words) + [""]
    if puzzle.message:
        out += [f"{puzzle.labels['hidden_message']}: {puzzle.message_label or puzzle.message} "
                f"({puzzle.printed(puzzle.message)})", ""]
    return out


def render_set_text(sheets: Sequence[Sheet], fields: Sequence[str] = (),
                    pages: Sequence[str] = ("puzzle", "key"), look: Look = Look()) -> str:
    """Every puzzle of a set, one after another, each headed by its number and student."""
    parts = []
    for sheet in sheets:
        head = sheet.puzzle.labels["puzzle_of"].format(number=sheet.number, total=len(sheets))
        if sheet.student:
            head += f" · {sheet.student}"
        text = render_text(sheet.puzzle, sheet.title, fields, pages, look)
        parts.append(f"{head}\n\n{text}")
    return f"\n{'=' * WIDTH}\n\n".join(parts)
