"""Line-by-line feedback on the words while they are typed: each line ready, blank,
a duplicate of an earlier one, or refused. A refusal carries a reason and its
numbers as well as the library's message, so that the page can say what is wrong
in the teacher's language and quote the line (its control characters and lone
surrogates shown as escapes, as the library's messages show them); and it knows
the grid: a word too long for the chosen grid and directions is refused before
Generate."""
from __future__ import annotations

from wordsearch import directions as compass, lang
from wordsearch.errors import QUOTE_LENGTH, InputError, escaped
from wordsearch.make.shape import parse_grid
from wordsearch.make.words import (MAX_CLUE, MAX_LETTERS, MIN_LETTERS, parse_entry, spell,
                                   split_clue)

# How many cells a straight line holds in each direction, by the grid's size.
_ACROSS = {"E": "cols", "W": "cols", "N": "rows", "S": "rows"}


def longest_line(grid: int | str | None, allowed: tuple[str, ...]) -> int | None:
    """The most letters a word may have in a `grid` (None: automatic, no such limit)
    whose words run only in `allowed` directions."""
    if grid is None:
        return None
    size = parse_grid(grid)
    lines = {"cols": size.cols, "rows": size.rows}
    return max(lines[_ACROSS[d]] if d in _ACROSS else min(size.cols, size.rows)
               for d in allowed)


def feedback(words: list[str], language: lang.Language, longest: int | None) -> dict:
    """Each line's state, and how many distinct words are ready."""
    lines, seen = [], {}
    for number, text in enumerate(words, start=1):
        lines.append(_line(number, text, language, seen, longest))
    return {"lines": lines, "ready": len(seen)}


def _line(number: int, text: str, language: lang.Language, seen: dict[str, int],
          longest: int | None) -> dict:
    """One line's feedback; `seen` gains the line's word, by its grid form, when it
    is ready and the first of that form. A line's clue is checked first (its text
    is not the word's letters)."""
    try:
        word_text, _ = split_clue(text, number)
    except InputError as exc:
        return {"line": number, "text": escaped(text.strip()[:QUOTE_LENGTH]), "state": "error",
                "message": str(exc), "reason": "clue", "most": MAX_CLUE}
    source, form, bad = spell(word_text, language)
    where = {"line": number, "text": escaped(source[:QUOTE_LENGTH])}
    try:
        word = parse_entry(text, number, language)
    except InputError as exc:
        return {**where, "state": "error", "message": str(exc), **_reason(form, bad)}
    if word is None:
        return {"line": number, "state": "blank"}
    if longest is not None and len(form) > longest:
        return {**where, "state": "error", "reason": "grid", "letters": len(form),
                "most": longest,
                "message": f"{word.where()} has {len(form)} letters; the longest line of "
                           f"this grid in the chosen directions holds {longest}: choose "
                           f"a larger grid or more directions, or shorten the word."}
    if form in seen:
        return {**where, "state": "duplicate", "label": word.label, "first": seen[form],
                "message": f"{word.where()} is the same word as line {seen[form]} "
                           f"({form}); it is listed once."}
    seen[form] = number
    return {"line": number, "state": "ok", "label": word.label, "form": form,
            **({"clue": word.clue} if word.clue else {})}


def _reason(form: str, bad: list[str]) -> dict:
    if bad:
        return {"reason": "letters", "letters": [escaped(ch) for ch in bad]}
    if len(form) < MIN_LETTERS:
        return {"reason": "short", "least": MIN_LETTERS}
    return {"reason": "long", "letters": len(form), "most": MAX_LETTERS}


def allowed(generate: dict) -> tuple[str, ...]:
    """The directions a request's options allow."""
    return compass.resolve(generate.get("directions"), generate.get("difficulty"))
