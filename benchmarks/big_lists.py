"""Seconds a puzzle of many common words takes on the automatic grid, and its side.

    python benchmarks/big_lists.py [--words 100,150,200] [--lists 3] [--threads 2]

Lists of N words of 4 to 9 letters drawn with a fixed seed (list i of a size from
`random.Random(i)`) from tests/data/common_words.txt, each made with the default
options and a fixed seed, as a puzzle-book maker's giant puzzle would be. Prints each
list's wall time and grid side, and the median a size.

Why it is here: letters fill about 95% of such a grid, and the words' own letters then
often spell a blocked word (DEAD, EVIL, RAID) in every finished layout; each such pack
is lost, and the puzzle is tried again with another seed, then on a bigger grid. So a
big list costs several packs, and what each lost one costs shows here.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import wordsearch

COMMON = Path(__file__).resolve().parent.parent / "tests" / "data" / "common_words.txt"


def big_list(count: int, index: int) -> list[str]:
    words = [w.strip() for w in COMMON.read_text(encoding="utf-8").splitlines()
             if 4 <= len(w.strip()) <= 9]
    return random.Random(index).sample(words, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="100,150,200", help="list sizes, comma-separated")
    parser.add_argument("--lists", type=int, default=3, help="lists a size")
    parser.add_argument("--threads", type=int, default=2, help="threads a puzzle")
    args = parser.parse_args()
    for count in map(int, args.words.split(",")):
        times = []
        for index in range(args.lists):
            words = big_list(count, index)
            start = time.perf_counter()
            puzzle = wordsearch.generate(words, threads=args.threads, seed=f"big-{index}",
                                         time_limit=None)
            times.append(time.perf_counter() - start)
            print(f"{count} words, list {index}: {times[-1]:.2f} s, {puzzle.rows}x{puzzle.cols}",
                  flush=True)
        print(f"{count} words: median {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
