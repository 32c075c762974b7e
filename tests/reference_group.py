"""Plain-Python twin of csrc/ws_group.c, written from the rule, not from the C:
the solver's readings grouped by word (there a radix sort, here Python's stable
sort) and the direction of a free path that runs straight."""
from __future__ import annotations

from reference import STEPS


def group_order(words: list[int], keys: list[int] | None = None) -> list[int]:
    """Reading indices grouped by the key of their word (keys[w], else w itself),
    keys increasing, each group's readings in the order they came in."""
    return sorted(range(len(words)), key=lambda k: words[k] if keys is None else keys[words[k]])


def path_direction(path: list[int], cols: int) -> int | None:
    """The direction (an index into STEPS) every step of the path takes, when it
    takes one and the same step to a neighbour each time; else None."""
    cells = [divmod(cell, cols) for cell in path]
    steps = {(r2 - r1, c2 - c1) for (r1, c1), (r2, c2) in zip(cells, cells[1:])}
    if len(steps) != 1:
        return None
    step = steps.pop()
    return STEPS.index(step) if step in STEPS else None
