"""Every exception the library raises on purpose.

Messages are written for the person who typed the words: they name the word or
line at fault and say what to change. The command line prints them as they are.
"""
from __future__ import annotations

import unicodedata

# Problems listed in one message; the rest are counted.
MAX_PROBLEMS = 20
# How much of an entry a message quotes.
QUOTE_LENGTH = 60


def quoted(text: str) -> str:
    """`text` as a message quotes it: in double quotes, control characters shown as
    escapes, cut short if long."""
    return f'"{escaped(text[:QUOTE_LENGTH])}{"…" if len(text) > QUOTE_LENGTH else ""}"'


def escaped(text: str) -> str:
    """`text` with its control characters, lone surrogates and line separators shown
    as escapes: a stray ESC must not reach the terminal, and a lone surrogate cannot
    be written as UTF-8 (to a terminal or in a JSON answer)."""
    return "".join(ch if unicodedata.category(ch)[0] != "C"
                   and unicodedata.category(ch) not in ("Zl", "Zp") else
                   ch.encode("unicode_escape").decode("ascii") for ch in text)


def printable(text: str, what: str, option: str | None = None) -> str:
    """`text` if a page can print every character of it; otherwise an InputError
    naming `what` ("the title", "student name 3") and the first character at fault:
    a control character (NUL, ESC; white space such as a tab prints as a space), or
    half of a character (a lone surrogate), which text that is not UTF-8 becomes on a
    command line and which no file or page can hold. The web page and the library
    check text with this one rule, so that both say the same."""
    for number, ch in enumerate(text, start=1):
        category = unicodedata.category(ch)
        if category == "Cs" or (category == "Cc" and not ch.isspace()):
            why = "it is not UTF-8 text" if category == "Cs" else "a control character"
            raise InputError(f"{what} has {quoted(ch)} at character {number}, which no page "
                             f"can print ({why}); remove it or type it again.", option=option)
    return text


def capped(lines: list[str]) -> list[str]:
    """At most MAX_PROBLEMS lines, and a count of the others."""
    if len(lines) <= MAX_PROBLEMS:
        return lines
    return lines[:MAX_PROBLEMS] + [f"… and {len(lines) - MAX_PROBLEMS:,} more."]



class WordsearchError(Exception):
    """Base of the library's own errors. `option` names the option at fault as the
    API spells it (the command's long option without --), so that a front end can
    point at its own control for it; the message itself never names a flag."""

    def __init__(self, *args, option: str | None = None):
        super().__init__(*args)
        self.option = option

    def __reduce__(self):
        """Crosses to and from worker processes with its option."""
        return _rebuild, (type(self), self.args, self.option)


def _rebuild(cls: type, args: tuple, option: str | None) -> WordsearchError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.option = option
    return error


class InputError(WordsearchError, ValueError):
    """The words or options given cannot be used as they are."""


class PackingError(WordsearchError, ValueError):
    """The words are valid but no puzzle can be built with these options."""


class NoRoom(WordsearchError):
    """From the C core: the word at `word_index` found no valid position."""

    @property
    def word_index(self) -> int:
        return self.args[0]


class NoUnique(WordsearchError):
    """From the C core: no finished layout reads every word exactly once; the word at
    `word_index` reads more than once in the best of them."""

    @property
    def word_index(self) -> int:
        return self.args[0]


class AllBlocked(WordsearchError):
    """From the C core: every partial layout of a pool, before the last word, spells
    a blocked word across the words' own letters that no later word holds, so none
    of the pack's puzzles could be free of them; `blocked_index` is the least of
    those words (in the blocklist given)."""

    @property
    def blocked_index(self) -> int:
        return self.args[0]


class TimeUp(WordsearchError):
    """From the C core: the pack stopped at its deadline."""


class SearchSpent(WordsearchError):
    """From the C core: a free-path search took more than its budget of steps (the
    first argument), as a grid of many equal letters does."""

    @property
    def budget(self) -> int:
        return self.args[0]


class Disturbed(WordsearchError):
    """From the C core: a signal stopped the pack, and its handler let the program go
    on (SIGTERM ignored, say); the pack is to be made again."""


class NoMessage(WordsearchError):
    """From the C core: no round of the hidden-message fill left exactly as many
    cells empty as the message has letters."""


class Unfilled(WordsearchError):
    """From the filler: no layout could be filled so that every word reads once and
    no blocked word reads. `form` is the word (a blocked word when `blocked`) last
    seen in the way; `by_words` when the words' own letters spell it, so that no
    filler could help."""

    def __init__(self, form: str = "", blocked: bool = False, by_words: bool = False):
        super().__init__(form, blocked, by_words)

    form = property(lambda self: self.args[0])
    blocked = property(lambda self: self.args[1])
    by_words = property(lambda self: self.args[2])


class Unhidden(WordsearchError):
    """From the hidden-message fill: no layout could hide the message. `free` is the
    most free cells a layout had (too few, or no round of the fill read every word
    once and spelled no blocked word: then `form` is a word that read twice, or a
    blocked word when `blocked`, last seen); `fewest`, with no words added, the
    fewest free cells a layout had (-1 when not counted)."""

    def __init__(self, free: int, form: str = "", blocked: bool = False, fewest: int = -1):
        super().__init__(free, form, blocked, fewest)

    free = property(lambda self: self.args[0])
    form = property(lambda self: self.args[1])
    blocked = property(lambda self: self.args[2])
    fewest = property(lambda self: self.args[3])


class LayoutError(WordsearchError, ValueError):
    """The puzzle cannot be printed legibly on the chosen page."""


class OutputError(WordsearchError, OSError):
    """A file (or standard output) could not be written; the message names it. Nothing
    was left behind: no new file, and every file that was there is as it was."""
