"""Page sizes in PostScript points (1/72 inch): named paper sizes or W x H."""
from __future__ import annotations

from wordsearch.errors import InputError, printable
from wordsearch.size import parse_wxh

INCH = 72.0  # points
PAPER = {
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
    "a5": (419.53, 595.28),
    "a4": (595.28, 841.89),
    "a3": (841.89, 1190.55),
}
LANDSCAPE = "-landscape"
DEFAULT = "letter"
DEFAULT_SIZE = PAPER[DEFAULT]
# Smaller pages leave no room for a puzzle; larger ones exceed what PDF readers accept.
MIN_POINTS = 144.0
MAX_POINTS = 14400.0


def names() -> list[str]:
    return [f"{name}{form}" for name in PAPER for form in ("", LANDSCAPE)]


def page_size(spec: str) -> tuple[float, float]:
    """(width, height) for "a4", "a4-landscape", "Letter" or "612x792"."""
    text = printable(spec, "the page size", "size").strip().lower()
    name = text.removesuffix(LANDSCAPE)
    if name in PAPER:
        width, height = PAPER[name]
        return (height, width) if text.endswith(LANDSCAPE) else (width, height)
    pair = parse_wxh(text)
    if pair is None:
        raise InputError(f'"{spec}" is not a page size; write WxH in points (for example '
                         f"612x792) or a paper name: {', '.join(names())}.", option="size")
    width, height = pair
    if not (MIN_POINTS <= min(width, height) and max(width, height) <= MAX_POINTS):
        raise InputError(f'a page of {spec} points is out of range; each side must be '
                         f"{MIN_POINTS:g} to {MAX_POINTS:g} points (72 points to the inch).",
                         option="size")
    return width, height


def describe(size: tuple[float, float]) -> str:
    """"a4" or "a4-landscape" when the size is a named one, else "612×792 pt"."""
    for name in names():
        if page_size(name) == size:
            return name
    return f"{size[0]:g}×{size[1]:g} pt"
