"""A puzzle's or a set's pages, laid out as PageOptions ask: the puzzle pages
(tiled when several share a sheet) and the answer keys, every page placed before
anything is drawn, so that a puzzle that cannot be printed fails before a file is
touched. Each kind of page is laid out by a module of its own (puzzle_page.py,
keys.py, tiling.py).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from wordsearch.puzzle import Puzzle, Sheet
from wordsearch.render.keys import key_heading, key_pages
from wordsearch.render.look import Look, PageOptions
from wordsearch.render.model import Key, Page
from wordsearch.render.puzzle_page import puzzle_page
from wordsearch.render.style import LETTER_SHARE, margin
from wordsearch.render.tiling import tile_size, tiled, title_lines

# The share of a page's height legible_side leaves to the title, fields and list.
HEADER_SHARE = 0.35


def numbered(labels: Mapping[str, str], what: str, number: int, total: int) -> str:
    """"Puzzle", or "Puzzle 3 of 30" in a set, in the puzzle's language."""
    if total == 1:
        return labels[what]
    return labels[f"{what}_of"].format(number=number, total=total)


def legible_side(size: tuple[float, float], per_page: int = 1, look: Look = Look()) -> int:
    """The most cells across a grid can have on pages of `size`, `per_page` puzzles a
    page, with letters of the look's smallest size: what an automatic shape may grow
    to. The room inside a share's margins, less HEADER_SHARE of its height for the title,
    fields and word list: a long list may still refuse a grid of this side."""
    width, height = tile_size(size, per_page)
    edge = margin((width, height))  # each share keeps the margin (style.SAFE_EDGE)
    room = min(width - 2 * edge, (height - 2 * edge) * (1 - HEADER_SHARE))
    return max(1, math.floor(room * LETTER_SHARE / look.style.min_letter))


def sheet_layouts(sheets: Sequence[Sheet],
                  options: PageOptions) -> tuple[list[Page], list[Page]]:
    """The puzzle pages and the key pages of a set, as options.pages asks. In a set
    of several, each page says which of the set it is; a student's name goes on the
    Name line (added if the fields have none). With several puzzles to a page, each
    is laid out in its share of the page."""
    total = len(sheets)
    puzzle_pages, keys = [], []
    tile = tile_size(options.size, options.per_page)
    for sheet in sheets:
        labels = sheet.puzzle.labels
        fields, name = _name_field(options.fields, labels["name"], bool(sheet.student))
        page = puzzle_page(sheet.puzzle, tile, sheet.title, fields,
                           options.show_directions, None,
                           {name: sheet.student} if sheet.student else None,
                           numbered(labels, "puzzle", sheet.number, total),
                           look=options.look,
                           title_lines=title_lines(options.per_page, options.size))
        puzzle_pages.append(page)
        keys.append(Key(sheet.puzzle, key_heading(labels, sheet.title, sheet.student),
                        numbered(labels, "answer_key", sheet.number, total), page.grid.cell))
    key_layouts = (key_pages(keys, options.size, options.keys_per_page, look=options.look)
                   if "key" in options.pages else [])
    return (tiled(puzzle_pages, options.size, options.per_page)
            if "puzzle" in options.pages else [], key_layouts)


def _name_field(fields: tuple[str, ...], label: str,
                student: bool) -> tuple[tuple[str, ...], str]:
    """The fields, with a Name field first if a student's name is to be written and
    none is there (in any case), and that field's name."""
    name = next((f for f in fields if f.casefold() == label.casefold()), label)
    if student and name not in fields:
        fields = (name, *fields)
    return fields, name


def layouts(puzzle: Puzzle, options: PageOptions) -> list[Page]:
    """One puzzle's pages, in the order options.pages gives."""
    puzzle_pages, key_layouts = sheet_layouts([Sheet(1, options.title, "", puzzle)], options)
    return [(puzzle_pages if page == "puzzle" else key_layouts)[0] for page in options.pages]
