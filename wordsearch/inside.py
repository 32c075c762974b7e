"""Which words lie inside which: the rule that a word inside a longer listed word
(Kansas in Arkansas) is hidden on its own too, its readings inside the longer word
not counting, needs the same answer wherever a list is read or a document checked."""
from __future__ import annotations

from collections.abc import Sequence


def containers(forms: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """For each grid form, the indices of the other forms in which it, or its
    reversal, is a run of letters. Found through every run of every form that is as
    long as some form, so that a long list costs its letters, not its pairs."""
    index = {form: i for i, form in enumerate(forms)}
    lengths = sorted(set(map(len, forms)))
    found: list[set[int]] = [set() for _ in forms]
    for j, other in enumerate(forms):
        for length in lengths:
            if length > len(other):
                break
            for start in range(len(other) - length + 1):
                run = other[start:start + length]
                for i in (index.get(run), index.get(run[::-1])):
                    if i is not None and i != j:
                        found[i].add(j)
    return tuple(tuple(sorted(f)) for f in found)
