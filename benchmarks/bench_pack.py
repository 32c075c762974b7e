"""Median milliseconds per puzzle for the cases named in the packing issue.

    python benchmarks/bench_pack.py [--repeat N] [--threads N]

Each case draws word lists with a fixed seed and runs generate() on each,
so figures are comparable between runs and machines. The last line sets the
automatic grid beside a fixed grid of the size it chooses, on the 25-word list
of tests/wordlists.py.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from wordlists import COMPACT_25, draw  # noqa: E402

CASES = [  # (words, grid side, difficulty)
    (10, 10, "medium"),
    (20, 15, "hard"),
    (30, 20, "hard"),
]
BEAMS = (8192, 256)
TWENTY_WORDS = CASES[1]  # the case the packing targets are set on


def case_words(case: tuple[int, int, str], i: int) -> list[str]:
    """Word list i of a case: the same in every benchmark that uses it."""
    return draw(case[0], seed=1000 * case[0] + i)


def pack_case(case: tuple[int, int, str], i: int, words: list[str], **options) -> None:
    """Makes puzzle i of a case from its word list, with its own seed."""
    _, side, difficulty = case
    wordsearch.generate(words, grid=side, difficulty=difficulty, seed=f"bench{i}", **options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="puzzles per case")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    print(f"threads={args.threads}, {args.repeat} puzzles per case, median ms per puzzle")
    print(f"{'case':<32}" + "".join(f"{'beam ' + str(b):>12}" for b in BEAMS))
    for case in CASES:
        nwords, side, difficulty = case
        row = f"{nwords} words {side}x{side} {difficulty}".ljust(32)
        for beam in BEAMS:
            times = []
            for i in range(args.repeat):
                words = case_words(case, i)
                start = time.perf_counter()
                pack_case(case, i, words, beam=beam, threads=args.threads)
                times.append((time.perf_counter() - start) * 1000)
            row += f"{statistics.median(times):>12.1f}"
        print(row, flush=True)
    automatic, fixed, sides = [], [], set()
    for i in range(args.repeat):
        start = time.perf_counter()
        puzzle = wordsearch.generate(COMPACT_25, seed=f"auto{i}", threads=args.threads)
        automatic.append((time.perf_counter() - start) * 1000)
        sides.add(puzzle.rows)
        start = time.perf_counter()
        wordsearch.generate(COMPACT_25, grid=puzzle.rows, seed=f"auto{i}", threads=args.threads)
        fixed.append((time.perf_counter() - start) * 1000)
    print(f"25 words (187 letters), automatic grid ({'/'.join(map(str, sorted(sides)))}): "
          f"{statistics.median(automatic):.1f} ms; that grid fixed: {statistics.median(fixed):.1f} ms")


if __name__ == "__main__":
    main()
