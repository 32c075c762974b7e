"""Every exception the library raises on purpose.

Messages are written for the person who typed the words: they name the word or
line at fault and say what to change. The command line prints them as they are.
"""


class WordsearchError(Exception):
    """Base of the library's own errors."""


class InputError(WordsearchError, ValueError):
    """The words or options given cannot be used as they are."""


class PackingError(WordsearchError, ValueError):
    """The words are valid but no puzzle can be built with these options."""


class NoRoom(WordsearchError):
    """From the C core: the word at `word_index` found no valid position."""

    def __init__(self, word_index: int):
        super().__init__(word_index)
        self.word_index = word_index


class NoUnique(WordsearchError):
    """From the C core: no finished layout reads every word exactly once."""


class LayoutError(WordsearchError, ValueError):
    """The puzzle cannot be printed legibly on the chosen page."""
