"""Puzzle codes and the seeds derived from them.

A code is any text; the same code with the same words and options gives the same
puzzle everywhere, because seeds come from SHA-256 of the code, never from
Python's hash() or the platform.
"""
from __future__ import annotations

import hashlib
import secrets
import unicodedata

from wordsearch.errors import InputError, printable

# No 0/o, 1/l/i: a code is read off paper and typed back in.
_CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"
MAX_CODE_LENGTH = 100


def new_code() -> str:
    """A fresh code such as "k3x9-q2mf"."""
    chars = [secrets.choice(_CODE_LETTERS) for _ in range(8)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


def check_code(seed: str) -> str:
    """A code as the user gave it, trimmed, if it can be printed under the puzzle
    and typed back: letters, digits, spaces and the punctuation of a keyboard
    (Latin letters with accents too), so a puzzle can always be made again from
    paper."""
    code = unicodedata.normalize("NFC", printable(str(seed), "the seed", "seed")).strip()
    if not code:
        raise InputError("a seed must not be blank; give any text, or none for a new code.",
                         option="seed")
    if len(code) > MAX_CODE_LENGTH:
        raise InputError(f"a seed must be 1 to {MAX_CODE_LENGTH} characters.", option="seed")
    odd = list(dict.fromkeys(ch for ch in code if not _typeable(ch)))
    if odd:
        shown = " ".join(ch.encode("unicode_escape").decode() if ch.isspace() or not
                         ch.isprintable() else ch for ch in odd)
        raise InputError(f"a seed is printed under the puzzle and typed back to make it again, "
                         f"so it may use letters, digits and keyboard punctuation only, not "
                         f"{shown}.", option="seed")
    return code


def _typeable(ch: str) -> bool:
    if " " <= ch <= "~":
        return True
    return "\u00c0" <= ch <= "\u017f" and unicodedata.category(ch).startswith("L")


def seed_for(code: str, purpose: str) -> int:
    """A 64-bit seed for one use of randomness ("pack", "fill") within a puzzle."""
    digest = hashlib.sha256(f"wordsearch/1\0{purpose}\0{code}".encode()).digest()
    return int.from_bytes(digest[:8], "little")
