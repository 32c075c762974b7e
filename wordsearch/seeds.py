"""Puzzle codes and the seeds derived from them.

A code is any text; the same code with the same words and options gives the same
puzzle everywhere, because seeds come from SHA-256 of the code, never from
Python's hash() or the platform.
"""
from __future__ import annotations

import hashlib
import secrets

# No 0/o, 1/l/i: a code is read off paper and typed back in.
_CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"
MAX_CODE_LENGTH = 100


def new_code() -> str:
    """A fresh code such as "k3x9-q2mf"."""
    chars = [secrets.choice(_CODE_LETTERS) for _ in range(8)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


def seed_for(code: str, purpose: str) -> int:
    """A 64-bit seed for one use of randomness ("pack", "fill") within a puzzle."""
    digest = hashlib.sha256(f"wordsearch/1\0{purpose}\0{code}".encode()).digest()
    return int.from_bytes(digest[:8], "little")
