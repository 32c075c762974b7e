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


def kind(value) -> str:
    """A JSON value's kind, as a message names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {str: "text", int: "a number", float: "a number", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)
