"""How it looks: the options value of the rendering stage, made and validated once
by every front end (the command, the web options, a class set, a book).

Look is carried whole onto the page models (page.look) and handed to the play page
and the text, so that an option of how a puzzle looks is a field here and a reading
of it in the renderer that uses it, and nothing in between. PageOptions is the
document around the pages: paper, title, fields, which pages, how many to a sheet,
the resolution.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordsearch import lang
from wordsearch.errors import InputError, printable
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render import font, paper
from wordsearch.render.style import LARGE_PRINT, REGULAR, Style

KEYS_PER_PAGE = (1, 2, 4)
PER_PAGE = (1, 2, 4)     # puzzles on one page
LIST_ORDERS = ("alphabetical", "given")
KEY_STYLES = ("outline", "letters")
PAGES = ("puzzle", "key")
DEFAULT_DPI = 150
MIN_DPI, MAX_DPI = 36, 600


def one_of(choices: Sequence[object]) -> str:
    """The choices as a message offers them: "1, 2 or 4"."""
    said = [str(choice) for choice in choices]
    return f"{', '.join(said[:-1])} or {said[-1]}" if len(said) > 1 else said[0]


@dataclass(frozen=True)
class Look:
    """How a puzzle prints, whatever the page: its font (a bundled family or a font
    file; "" for its language's), large print, the word list hidden or in the order
    given, and the answer key's style (each word outlined, or only its letters)."""
    font: str = ""
    large_print: bool = False
    hide_words: bool = False
    list_order: str = "alphabetical"
    key_style: str = "outline"

    def __post_init__(self) -> None:
        if self.list_order not in LIST_ORDERS:
            raise InputError(f'"{self.list_order}" is not an order for the word list; use '
                             f"{one_of(LIST_ORDERS)}.", option="list_order")
        if self.key_style not in KEY_STYLES:
            raise InputError(f'"{self.key_style}" is not a style of answer key; use '
                             f"{one_of(KEY_STYLES)}.", option="key_style")
        if self.font:
            font.family(self.font)  # refused now, before any puzzle is made

    def family(self, puzzle: Puzzle) -> str:
        return font.family(self.font) if self.font else puzzle.font

    @property
    def style(self) -> Style:
        return LARGE_PRINT if self.large_print else REGULAR

    def placements(self, puzzle: Puzzle) -> list[Placement]:
        """The words in the order asked for: what the list prints, and the play page
        lists (or, with the list hidden, shows the answers in). A clue list in
        alphabetical order is sorted by its clues, as their language sorts: sorted by
        the hidden words, it would give their first letters away."""
        if self.list_order != "alphabetical":
            return list(puzzle.words)
        if puzzle.has_clues:
            return lang.get(puzzle.clue_language).collate(puzzle.words, key=puzzle.entry)
        return puzzle.alphabetical()

    def listed(self, puzzle: Puzzle) -> list[tuple[str, Placement]]:
        """The word list as it prints, each entry with its word, in the order asked
        for: the words, or a clue puzzle's numbered clues (an added word of its hidden
        message as itself). Sorted once a call: a clue list's collation is the slow
        part of laying it out."""
        self.check(puzzle)
        placements = self.placements(puzzle)
        if not puzzle.has_clues:
            return [(puzzle.printed(p.label), p) for p in placements]
        return [(f"{n}. {puzzle.entry(p)}", p) for n, p in enumerate(placements, start=1)]

    def check(self, puzzle: Puzzle) -> None:
        """Refuses a hidden list for a clue puzzle: its clues are what the player
        finds the words by."""
        if self.hide_words and puzzle.has_clues:
            raise InputError("a clue puzzle's list cannot be hidden: its clues are how the "
                             "words are found. Leave the list shown, or give words without "
                             "clues.", option="hide_words")


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
    per_page: int = 1               # puzzles on one page
    look: Look = Look()

    def __post_init__(self) -> None:
        if not self.pages or any(page not in PAGES for page in self.pages):
            raise ValueError(f"pages are some of {PAGES}, not {self.pages}")
        printable(self.title, "the title", "title")
        for number, text in enumerate(self.fields, start=1):
            printable(text, f"field {number}", "fields")
        if self.keys_per_page not in KEYS_PER_PAGE:
            raise InputError(f"{self.keys_per_page} answer keys to a page is not a layout; "
                             f"use {one_of(KEYS_PER_PAGE)}.", option="keys_per_page")
        if self.per_page not in PER_PAGE:
            raise InputError(f"{self.per_page} puzzles to a page is not a layout; use "
                             f"{one_of(PER_PAGE)}.", option="per_page")
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise InputError(f"a resolution of {self.dpi} dpi is out of range; use "
                             f"{MIN_DPI} to {MAX_DPI}.", option="dpi")
