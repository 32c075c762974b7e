"""The kinds of JSON value the puzzle document and the web API take, defined once:
a document read back and a request are checked by the same rules (true is not the
number 1, a list of text holds nothing else), each in its own words."""
from __future__ import annotations


def is_text(value) -> bool:
    return isinstance(value, str)


def is_texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def is_flag(value) -> bool:
    return isinstance(value, bool)


def is_whole(value) -> bool:
    """A whole number; JSON's true and false are not numbers, though Python's are."""
    return isinstance(value, int) and not isinstance(value, bool)


class LongNumber:
    """A whole number of more digits than any value takes, as a JSON reader may keep
    it instead of converting it (converting n digits takes time in n squared, and
    Python refuses more than 4,300): its sign, its first digits and how many there
    are, for a message. It is no number to is_whole: each check refuses it."""

    SHOWN = 6  # digits a message quotes

    def __init__(self, literal: str) -> None:
        self.negative = literal.startswith("-")
        self.digits = len(literal.lstrip("-"))
        self.start = literal[:self.SHOWN + self.negative]

    def __format__(self, spec: str) -> str:
        """As a message writes it, whatever the format asked for: 999999… (5,000 digits)."""
        return f"{self.start}… ({self.digits:,} digits)"


def kind(value) -> str:
    """A JSON value's kind, as a message names it."""
    if isinstance(value, LongNumber):
        return f"a number of {value.digits:,} digits"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {str: "text", int: "a number", float: "a number", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)
