"""Languages as data: each one's letters, letter frequencies and fold rules live in
lang/data/CODE.json, and every other module takes a Language value instead of
keeping an alphabet of its own."""
from __future__ import annotations

from wordsearch.lang.language import DEFAULT, Language, codes, get, names, resolve

__all__ = ["DEFAULT", "Language", "codes", "get", "names", "resolve"]
