"""Every built-in mask's automatic size, before and after the likeness rule.

    python benchmarks/mask_sizes.py [--counts 10,15,25] [--theme pets] [--seed sizes]

For each built-in mask and each count, the first that many words of the English
theme are made into a puzzle with the mask and an automatic size. "before" is the
size the old rule tried first (the first side from MASK_MIN_SIDE whose cells hold
the letters and the longest word), "after" the size the new rule chose (its
likeness at least LIKENESS, or the likest within LIKENESS_GROWTH sides), each with
the cells' likeness to the drawing (make/likeness.py); "puzzle" is the grid
generate() made (larger than "after" only when that did not pack), "letters" the
words' letters as a share of its cells (crossings let it pass 100 %), "ms" the
time the size choice took for a mask read afresh (no likeness known yet).
"""
from __future__ import annotations

import argparse
import time

import wordsearch
from wordsearch import directions as compass
from wordsearch.lang.lists import themes
from wordsearch.puzzle import OUTSIDE
from wordsearch.make.shape import LIKENESS, Mask, builtin_masks
from wordsearch.size import GridSize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="10,15,25")
    parser.add_argument("--theme", default="pets")
    parser.add_argument("--seed", default="sizes")
    args = parser.parse_args()
    words = themes("en")[args.theme].words
    allowed = compass.resolve(None, None)
    print(f"likeness needed: {float(LIKENESS):.2f}; words: the first N of theme {args.theme}")
    print(f"{'mask':9} {'words':>5}  {'before':>14} {'likeness':>8}  {'after':>14} "
          f"{'likeness':>8}  {'puzzle':>7} {'letters':>7} {'ms':>5}")
    for name in builtin_masks():
        for count in map(int, args.counts.split(",")):
            chosen = words[:count]
            puzzle = wordsearch.generate(chosen, mask=name, seed=args.seed)
            letters = sum(len(p.word) for p in puzzle.words)
            longest = max(len(p.word) for p in puzzle.words)
            fresh = Mask._read(_path(name), name)
            start = time.perf_counter()
            side = fresh.automatic_side(letters, longest, allowed)
            took = (time.perf_counter() - start) * 1000
            first = fresh.fitting_side(letters, longest, allowed)
            before = fresh.cover(GridSize(cols=first, rows=first))
            after = fresh.cover(GridSize(cols=side, rows=side))
            cells = sum(ch != OUTSIDE for row in puzzle.grid for ch in row)
            print(f"{name:9} {count:5}  {_size(first, before.shape):>14} "
                  f"{float(fresh.likeness(first)):8.3f}  {_size(side, after.shape):>14} "
                  f"{float(fresh.likeness(side)):8.3f}  {puzzle.cols:>3}×{puzzle.rows:<3} "
                  f"{letters / cells:7.0%} {took:5.0f}")


def _size(side: int, shape: tuple[int, int]) -> str:
    return f"{side} ({shape[1]}×{shape[0]})"


def _path(name: str):
    from importlib import resources
    from pathlib import Path

    return Path(str(resources.files("wordsearch").joinpath("masks", f"{name}.png")))


if __name__ == "__main__":
    main()
