"""A request's JSON to the library's arguments, with the server's limits.

Options are named as the command's long options (`page_size` for --size) and pass
through by name: one table says which go to MakeOptions and which to the page, and
what shape each value must have. A value of the wrong shape is the request's fault
(BadRequest, 400); a value the library or a limit refuses is an InputError with the
library's own message (422), so the page and the command say the same thing.

The JSON itself is read here too (read_json), with bounds on what the parser is
asked to do: how deep lists and objects nest, counted before it runs, and how many
digits a number has, counted before any is converted. Every text is checked for
what a page can print (errors.printable, the library's own rule) and named as the
page names it.
"""
from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from wordsearch import lang
from wordsearch.directions import DIFFICULTIES
from wordsearch.errors import InputError, printable, quoted
from wordsearch.json_values import LongNumber, is_flag, is_text, is_whole, kind
from wordsearch.make.level import LEVELS
from wordsearch.make.packer import DEFAULT_BEAM
from wordsearch.make.shape import MIN_SIDE, builtin_masks, parse_grid
from wordsearch.render import paper
from wordsearch.render.look import KEYS_PER_PAGE, LIST_ORDERS, Look, PageOptions, one_of

MAX_BODY = 64 * 1024              # bytes of JSON in one request
MAX_WORDS = 100                   # entries in one list
MAX_SIDE = 40                     # cells a side: what still prints legibly on Letter or A4
MAX_BEAM = DEFAULT_BEAM           # the command's default is the most the server spends
MAX_COPIES = 40                   # puzzles in one class set
MAX_TEXT = 200                    # characters of a title, a field or a student's name
MAX_FIELDS = 6
UPLOAD_PREFIX = "upload:"
MAX_DEPTH = 8      # lists and objects inside each other: a request needs 2 (a list in an object)
MAX_DIGITS = 20    # digits of a number: the largest any option takes (a beam) has 4
NOT_JSON = ('the request is not JSON; send a JSON object such as {"words": ["sun", "moon"]}.')
# Strings (their brackets are text) and the brackets that nest, for counting the depth.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class BadRequest(Exception):
    """The request is not what the API takes (not JSON, a list where text goes, an
    unknown option): a 400 with this message."""


def read_json(data: bytes):
    """The request's JSON value. Lists and objects nested deeper than MAX_DEPTH are
    refused before the parser runs (it recurses, and would fail at Python's limit), and
    a number of more than MAX_DIGITS digits is kept as a LongNumber, never converted,
    for the option's own check to refuse."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(NOT_JSON) from None
    steps = (1 if bracket in "[{" else -1 for bracket in _BRACKET.findall(_STRING.sub("", text)))
    deepest = max(itertools.accumulate(steps), default=0)
    if deepest > MAX_DEPTH:
        raise BadRequest(f"the request has lists or objects {deepest:,} deep; an option's "
                         f"value is text, a number, true or false, or a list of text, as in "
                         f'{{"words": ["sun", "moon"]}}.')
    try:
        return json.loads(text, parse_int=_whole)
    except ValueError:  # JSONDecodeError, or a number Python cannot read
        raise BadRequest(NOT_JSON) from None


def _whole(literal: str) -> int | LongNumber:
    """A whole number of the JSON, or a LongNumber for one of too many digits."""
    if len(literal.lstrip("-")) > MAX_DIGITS:
        return LongNumber(literal)
    return int(literal)


# What to write instead of a blank value, for each text option that needs one (a
# blank title, message or mask is checked as any other value).
INSTEAD = {
    "page_size": lambda: f"choose one of {one_of(paper.names())}",
    "language": lambda: f"choose one of {one_of(lang.codes())}",
    "difficulty": lambda: f"choose {one_of(list(DIFFICULTIES))}",
    "seed": lambda: "write any text, or leave it out for a new puzzle",
    "theme": lambda: "choose a theme, or leave it out to give your own words",
    "clue_language": lambda: f"choose one of {one_of(lang.codes())}, or leave it out for "
                             f"the puzzle's language",
    "level": lambda: f"choose {one_of(list(LEVELS))}",
    "list_order": lambda: f"choose {one_of(LIST_ORDERS)}",
    "mask": lambda: f"choose one of {', '.join(builtin_masks())}, or upload a PNG image",
}
# A list's entries, as a message names one ("student name 3"), and what to write
# instead of a blank one (words may be blank: a blank line of the list is skipped).
ENTRIES = {"fields": ("field", "write a label such as Name, or remove it"),
           "students": ("student name", "write a name or remove the line"),
           "directions": ("direction", "name one such as right or down, or remove it"),
           "words": ("word", "")}
# Text the library checks character by character itself, naming the entry and its line
# as it does for the command: a word's every character must be a letter, or space.
OWN_CHECK = ("words",)


def _text(name: str, limit: int = MAX_TEXT, said: str = "") -> Callable:
    """Text of at most `limit` characters, not blank if INSTEAD says what to write;
    `said` names it in a message (by default "the page size" for page_size)."""
    said = said or f"the {name.replace('_', ' ')}"

    def check(value):
        if not is_text(value):
            raise BadRequest(f'"{name}" should be text, not {kind(value)}.')
        if name not in OWN_CHECK:
            printable(value, said, name)
        if len(value) > limit:
            raise InputError(f"{said} is {len(value):,} characters long; the most is "
                             f"{limit:,}.", option=name)
        if name in INSTEAD and not value.strip():
            raise InputError(f"{said} is blank; {INSTEAD[name]()}.", option=name)
        return value
    return check


def _texts(name: str, count: int, limit: int = MAX_TEXT) -> Callable:
    entry, instead = ENTRIES[name]

    def check(value):
        if not isinstance(value, list):
            raise BadRequest(f'"{name}" should be a list of text, not {kind(value)}.')
        if len(value) > count:
            raise InputError(f"{len(value):,} {name} are more than the {count:,} the web "
                             f"page takes.", option=name)
        for number, item in enumerate(value, start=1):
            _text(name, limit, f"{entry} {number}")(item)
            if instead and not item.strip():
                raise InputError(f"{entry} {number} is blank; {instead}.", option=name)
        return value
    return check


def _yes_no(name: str) -> Callable:
    def check(value):
        if not is_flag(value):
            raise BadRequest(f'"{name}" should be true or false, not {kind(value)}.')
        return value
    return check


def _number(name: str, low: int, high: int, over: str, under: str) -> Callable:
    """A whole number from `low` to `high`; `over` and `under` say why another is
    refused, formatted with the value and the limits."""
    def check(value):
        if isinstance(value, LongNumber):
            said = under if value.negative else over
            raise InputError(said.format(value=value, low=low, high=high), option=name)
        if not is_whole(value):
            raise BadRequest(f'"{name}" should be a whole number, not {kind(value)}.')
        if not low <= value <= high:
            said = over if value > high else under
            raise InputError(said.format(value=value, low=low, high=high), option=name)
        return value
    return check


def _keys_per_page(value):
    if isinstance(value, LongNumber):
        raise InputError(f"{value} answer keys to a page is not a layout; use "
                         f"{one_of(KEYS_PER_PAGE)}.", option="keys_per_page")
    if not is_whole(value):
        raise BadRequest(f'"keys_per_page" should be a whole number, not {kind(value)}.')
    PageOptions(keys_per_page=value)  # the library's message for a layout it does not have
    return value


def _grid(value):
    if isinstance(value, LongNumber):
        raise InputError(f"a grid side of {value} is more than the web page makes; use at "
                         f"most {MAX_SIDE} cells a side.", option="grid")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise BadRequest(f'"grid" should be a number or text such as "15x12", not '
                         f"{kind(value)}.")
    if isinstance(value, str) and not value.strip():
        raise InputError("the grid size is blank; write a side such as 15, or columns x "
                         "rows such as 20x12, or leave it out.", option="grid")
    size = parse_grid(value)  # the library's own messages first
    if max(size.cols, size.rows) > MAX_SIDE:
        raise InputError(f"a grid side of {max(size.cols, size.rows)} is more than the web "
                         f"page makes; use at most {MAX_SIDE} cells a side.", option="grid")
    return value


def _directions(value):
    if isinstance(value, str):
        return [_text("directions", MAX_TEXT, "the list of directions")(value)]
    return _texts("directions", 8, 40)(value)


def _mask(value):
    _text("mask", 40)(value)  # text, printable, not blank, short enough to name
    if value.startswith(UPLOAD_PREFIX) or value in builtin_masks():
        return value
    raise InputError(f'there is no built-in mask called "{value[:40]}"; choose one of '
                     f"{', '.join(builtin_masks())}, or upload a PNG image.", option="mask")


def _list_order(value):
    _text("list_order", 20)(value)
    Look(list_order=value)  # the library's message for an order it does not know
    return value


# Each option: where it goes (MakeOptions or the page: PageOptions or the Look, by
# its field's name, or the served play page alone) and how its value is checked.
# The play page's options are kept with the page's (Request.page, a record's page):
# no printed page reads them.
GENERATE, PAGE, PLAY = "generate", "page", "play"
OPTIONS: dict[str, tuple[str, Callable]] = {
    "title": (PAGE, _text("title")),
    "fields": (PAGE, _texts("fields", MAX_FIELDS, 40)),
    "page_size": (PAGE, _text("page_size", 40)),
    "show_directions": (PAGE, _yes_no("show_directions")),
    "hide_words": (PAGE, _yes_no("hide_words")),
    "list_order": (PAGE, _list_order),
    # the pupils' play page: a Show answers button (and the veiled answers it needs)
    "show_answers": (PLAY, _yes_no("show_answers")),
    "grid": (GENERATE, _grid),
    "min_grid": (GENERATE, _number("min_grid", MIN_SIDE, MAX_SIDE,
                                   "a smallest grid of {value:,} cells a side is more than the "
                                   "web page makes; ask for {high:,} or fewer.",
                                   "a smallest grid of {value:,} cells a side is too small; ask "
                                   "for at least {low:,}.")),
    "difficulty": (GENERATE, _text("difficulty", 20)),
    "directions": (GENERATE, _directions),
    "mask": (GENERATE, _mask),
    "seed": (GENERATE, _text("seed")),
    "beam": (GENERATE, _number("beam", 1, MAX_BEAM,
                               "a beam of {value:,} is more than the server's most, "
                               "{high:,}; ask for {high:,} or less.",
                               "a beam of {value:,} is too narrow; ask for at least {low:,}.")),
    "language": (GENERATE, _text("language", 10)),
    "strict": (GENERATE, _yes_no("strict")),
    "lowercase": (GENERATE, _yes_no("lowercase")),
    "level": (GENERATE, _text("level", 20, "the word level")),
    "theme": (GENERATE, _text("theme", 40)),
    "clues": (GENERATE, _yes_no("clues")),
    "clue_language": (GENERATE, _text("clue_language", 10, "the clue language")),
    "random": (GENERATE, _number("random", 1, MAX_WORDS,
                                 "{value:,} words drawn at random are more than the {high:,} "
                                 "a list can have; ask for {high:,} or fewer.",
                                 "{value:,} words drawn at random: ask for at least {low:,}.")),
    "message": (GENERATE, _text("message")),
    "no_added_words": (GENERATE, _yes_no("no_added_words")),
    "pictures": (GENERATE, _text("pictures", 10)),
}
# Options whose MakeOptions field reads the other way round from the command's flag.
NEGATED = {"no_added_words": "added_words"}
SET_OPTIONS: dict[str, Callable] = {
    "copies": _number("copies", 1, MAX_COPIES,
                      "{value:,} copies is more than the {high:,} a set can have; ask for "
                      "{high:,} or fewer.", "{value:,} copies: ask for at least {low:,}."),
    "students": _texts("students", MAX_COPIES),
    "keys_per_page": _keys_per_page,
}


@dataclass
class Request:
    """A checked request: the words, MakeOptions' options, the page's, and a set's."""
    words: list[str]
    generate: dict = field(default_factory=dict)
    page: dict = field(default_factory=dict)
    set: dict = field(default_factory=dict)

    def stored(self) -> dict:
        """What is kept with the puzzle, to make it again: everything asked for."""
        return {"words": self.words, **self.generate, **self.page}


def parse(body, *, with_set: bool = False) -> Request:
    """The checked request, options in the order given. Null means "the default"."""
    if not isinstance(body, dict):
        raise BadRequest(f"the request should be a JSON object, not {kind(body)}.")
    known = dict.fromkeys(["words", *OPTIONS, *(SET_OPTIONS if with_set else ())])
    unknown = [name for name in body if name not in known]
    if unknown:
        raise BadRequest(f"unknown option {quoted(unknown[0])}; the options are "
                         f"{', '.join(known)}.")
    words = body.get("words")
    words = [] if words is None else _texts("words", MAX_WORDS, 200)(words)
    request = Request(words)
    for name, value in body.items():
        if name == "words" or value is None:
            continue
        if name in SET_OPTIONS:
            request.set[name] = SET_OPTIONS[name](value)
            continue
        where, check = OPTIONS[name]
        (request.generate if where == GENERATE else request.page)[name] = check(value)
    return request


def arguments(generate: dict) -> dict:
    """MakeOptions' fields from the checked options."""
    return {NEGATED.get(name, name): (not value if name in NEGATED else value)
            for name, value in generate.items()}
