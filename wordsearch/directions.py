"""Compass directions: the names other people rely on (see DESIGN.md).

E reads left to right and S top to bottom. The order N NE E SE S SW W NW is the
order of the direction codes the C core uses.
"""
from __future__ import annotations

from collections.abc import Iterable

from wordsearch.errors import InputError, printable

COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

STEPS = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}

_ALIASES = {
    "E": ("east", "right", "e", "r"),
    "W": ("west", "left", "w", "l"),
    "S": ("south", "down", "s", "d"),
    "N": ("north", "up", "n", "u"),
    "SE": ("southeast", "downright", "se", "dr"),
    "SW": ("southwest", "downleft", "sw", "dl"),
    "NE": ("northeast", "upright", "ne", "ur"),
    "NW": ("northwest", "upleft", "nw", "ul"),
}
_BY_NAME = {alias: code for code, names in _ALIASES.items() for alias in names}

DIFFICULTIES = {
    "easy": ("E", "S"),
    "medium": ("E", "SE", "S", "SW"),
    "hard": COMPASS,
}
EASIEST = "easy"  # the youngest children's: left to right and down


def parse_directions(specs: Iterable[str]) -> tuple[str, ...]:
    """Direction names and aliases, comma-separated or one per item, in compass order."""
    chosen = set()
    for number, spec in enumerate(specs, start=1):
        for name in printable(spec, f"direction {number}", "directions").split(","):
            key = name.strip().lower()
            if not key:
                continue
            if key not in _BY_NAME:
                raise InputError(
                    f'"{name.strip()}" is not a direction; use compass names '
                    f"({', '.join(COMPASS)}) or words such as right, down, downright, up.",
                    option="directions")
            chosen.add(_BY_NAME[key])
    if not chosen:
        raise InputError("no directions given; name at least one, for example right,down.",
                         option="directions")
    return tuple(d for d in COMPASS if d in chosen)


def resolve(directions: Iterable[str] | None, difficulty: str | None) -> tuple[str, ...]:
    """The directions a puzzle allows: given outright, by difficulty, or all eight."""
    if directions is not None and difficulty is not None:
        raise InputError("give either directions or a difficulty, not both.",
                         option="directions")
    if difficulty is not None:
        if difficulty not in DIFFICULTIES:
            raise InputError(
                f'"{difficulty}" is not a difficulty; use one of {", ".join(DIFFICULTIES)}.',
                option="difficulty")
        return DIFFICULTIES[difficulty]
    if directions is None:
        return COMPASS
    if isinstance(directions, str):
        directions = [directions]
    return parse_directions(directions)


def mask(directions: Iterable[str]) -> int:
    """The bit set the C core takes: bit i for COMPASS[i]."""
    return sum(1 << COMPASS.index(d) for d in set(directions))
