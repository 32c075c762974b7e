"""The daily puzzle: the same for everyone on a date, from a built-in list.

A date picks one of the English themes in turn, twelve of its words drawn with
the code "daily-YYYY-MM-DD", so that any copy of the program makes the same
puzzle for that date (`wordsearch --theme THEME --random 12 --difficulty medium
--seed daily-YYYY-MM-DD`), with or without a server."""
from __future__ import annotations

import datetime

from wordsearch.lang import lists

FIRST = datetime.date(2020, 1, 1)
LAST = datetime.date(2099, 12, 31)
WORDS = 12
LANGUAGE = "en"


def parse_date(text: str) -> datetime.date | None:
    """A date in YYYY-MM-DD within the list's years, else None."""
    try:
        date = datetime.date.fromisoformat(text)
    except ValueError:
        return None
    if len(text) != 10 or not FIRST <= date <= LAST:
        return None
    return date


def puzzle_id(date: datetime.date) -> str:
    return f"daily-{date.isoformat()}"


def request(date: datetime.date) -> dict:
    """The API request that makes the date's puzzle."""
    themes = list(lists.themes(LANGUAGE).values())
    theme = themes[(date - FIRST).days % len(themes)]
    return {"theme": theme.name, "random": WORDS, "difficulty": "medium",
            "language": LANGUAGE, "seed": puzzle_id(date),
            "title": f"{theme.title}: {date.strftime('%-d %B %Y')}"}
