"""What a narrower beam gives up on the automatic grid, and what it saves.

    python benchmarks/beam_widths.py [--beams 8192,4096,2048,1024] [--sizes 10,20,30,50,80]
        [--lists 8] [--threads 1]

The packing issue's question for the product: the default beam (8,192) costs several
times the peer's time, and a narrower one is faster but a change to every puzzle.
This makes the same lists at each beam, with the automatic grid and otherwise the
default options (no time limit, so that a slow spell cannot turn a pack away):
`--lists` lists of each size drawn from tests/data/common_words.txt (as the other
benchmarks draw them), the three teacher lists of tests/data/, and COMPACT_25 (187
letters, the densest list the tests know). For each case and beam it prints the
median milliseconds a puzzle, the mean grid side, the lists whose grid is bigger
than at the first beam, and the mean number of cells two words share (the more, the
tighter the words are woven).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from wordlists import COMPACT_25, draw, read_list  # noqa: E402

TEACHER_LISTS = ("elements", "us_states", "compound_words")


def shared_cells(puzzle: wordsearch.Puzzle) -> int:
    held = Counter(cell for word in puzzle.words for cell in word.cells())
    return sum(1 for count in held.values() if count > 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beams", default="8192,4096,2048,1024", help="beams, comma-separated")
    parser.add_argument("--sizes", default="10,20,30,50,80", help="list sizes, comma-separated")
    parser.add_argument("--lists", type=int, default=8, help="drawn lists a size")
    parser.add_argument("--threads", type=int, default=1, help="threads a puzzle")
    args = parser.parse_args()
    beams = [int(b) for b in args.beams.split(",")]
    cases = [(f"{size} words", [draw(size, seed=100 + i) for i in range(args.lists)])
             for size in map(int, args.sizes.split(","))]
    cases += [(name, [list(read_list(f"{name}.txt"))]) for name in TEACHER_LISTS]
    cases += [("COMPACT_25", [list(COMPACT_25)])]
    print(f"{'case':<16} {'beam':>6} {'ms':>8} {'side':>6} {'bigger':>7} {'shared':>7}")
    for name, lists in cases:
        first_sides = None
        for beam in beams:
            times, sides, shared = [], [], []
            for i, words in enumerate(lists):
                start = time.perf_counter()
                puzzle = wordsearch.generate(words, seed=f"beam-{i}", beam=beam,
                                             threads=args.threads, time_limit=None)
                times.append((time.perf_counter() - start) * 1000)
                sides.append(puzzle.rows)
                shared.append(shared_cells(puzzle))
            first_sides = first_sides or sides
            bigger = sum(side > first for side, first in zip(sides, first_sides))
            print(f"{name:<16} {beam:>6} {statistics.median(times):>8.0f} "
                  f"{statistics.mean(sides):>6.2f} {bigger:>3} of {len(lists):<2} "
                  f"{statistics.mean(shared):>6.1f}", flush=True)


if __name__ == "__main__":
    main()
