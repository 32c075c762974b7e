"""The words of the pages themselves (labels, hints, buttons, messages) in each
language the puzzles speak, so that a teacher's page speaks the teacher's language
whatever the puzzle's. One JSON file a language under data/ui, the same keys in
every file (tests/test_ui.py checks the keys and their {placeholders})."""
from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from wordsearch import lang

SOURCE = "en"                      # the language the texts are written in first
_PLACE = re.compile(r"\{\{\s*([a-z0-9_.]+)\s*\}\}")


@cache
def texts(code: str) -> Mapping[str, str]:
    """The page texts of `code` (one of lang.codes()), by key."""
    if code not in lang.codes():
        raise KeyError(code)
    file = resources.files("wordsearch.lang").joinpath("data", "ui", f"{code}.json")
    return MappingProxyType(json.loads(file.read_text(encoding="utf-8")))


def choose(asked: str | None, accepted: str | None) -> str:
    """The page's language: the one `asked` for (the switch's ?lang=), else the
    browser's first choice that we speak (its Accept-Language header), else English."""
    if asked in lang.codes():
        return asked
    ranked = []
    for position, part in enumerate((accepted or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                continue
        ranked.append((-quality, position, tag.strip().lower().split("-")[0]))
    for _, _, code in sorted(ranked):
        if code in lang.codes():
            return code
    return SOURCE


def plural(code: str, n: int) -> str:
    """The CLDR plural category of the whole number `n` in `code`, as the browser's
    Intl.PluralRules(code).select(n) gives it, for the texts the server writes itself."""
    if code in ("pl", "ru"):
        tens, units = n % 100, n % 10
        if n == 1 or (code == "ru" and units == 1 and tens != 11):
            return "one"
        return "few" if 2 <= units <= 4 and not 12 <= tens <= 14 else "many"
    if code in ("cs", "sk"):
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    if code == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def count(code: str, key: str, n: int, /, **values: object) -> str:
    """The text `key` of `code` in the plural form for `n` (else its .other), with
    {n} and the other {placeholders} filled in: the twin of count() in the pages' scripts."""
    words = texts(code)
    text = words.get(f"{key}.{plural(code, n)}", words[f"{key}.other"])
    for name, value in {"n": n, **values}.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def fill(template: str, code: str, **markup: str) -> str:
    """`template` with each {{key}} replaced by that text of `code`, escaped for HTML,
    or by the `markup` of that name as it is (the page's own, already escaped)."""
    words = texts(code)
    return _PLACE.sub(lambda m: markup[m.group(1)] if m.group(1) in markup
                      else html.escape(words[m.group(1)]), template)
