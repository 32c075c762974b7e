"""The built-in mapping from the themes' words to OpenMoji pictures, per language:
lang/data/pictures/CODE.json = {"theme": {"word as in CODE.themes.json": "1F418"}}.
Written by hand for this project and checked by looking (scripts/contact_sheet.py):
only words a child can name from the picture alone have one."""
from __future__ import annotations

import functools
import json
from importlib import resources


@functools.cache
def mapping(language: str) -> dict[str, dict[str, str]]:
    """Each theme's words that have a picture, with their codepoints; empty for a
    language with no mapping."""
    file = resources.files("wordsearch.lang").joinpath("data", "pictures", f"{language}.json")
    if not file.is_file():
        return {}
    return json.loads(file.read_text(encoding="utf-8"))


def languages() -> list[str]:
    """The languages that have a mapping."""
    folder = resources.files("wordsearch.lang").joinpath("data", "pictures")
    return sorted(f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json"))


def all_codepoints() -> set[str]:
    """Every picture that some mapping names."""
    return {cp for code in languages() for words in mapping(code).values() for cp in words.values()}
