"""Seconds a puzzle of each teacher list in tests/data/ takes, with the default options.

    python benchmarks/teacher_lists.py [--threads 1,2] [--repeat N] [--lists elements]
        [--no-time-limit] [--seeds d1,d2,...]

The 118 chemical elements, the 50 US states and the compound words, each with an
automatic grid, the default beam and a fixed seed (`teacher-NAME`, as
tests/test_generate.py makes them), timed by the wall clock; prints the median of
the repeats for each list and thread count. The packing issue's target: the
elements under 3 s and every list under 5 s on the 2-core machine.

--no-time-limit lifts the default time limit, for counting instructions under
valgrind (fifty times slower: the limit would stop the pack, and the count would
depend on the machine's speed).

--seeds makes one puzzle of each list with each of these seeds instead, as a teacher
who makes the list again would get them (a puzzle's seed is drawn when none is
given): half of the elements' seeds lose a pack to a blocked word, so one seed's time
is not the list's. Prints each seed's time, side and grid (the first 8 hex digits of
its SHA-256, to tell two installs' puzzles apart), then the median and the most.
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from wordlists import read_list  # noqa: E402

LISTS = ("elements", "us_states", "compound_words")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    parser.add_argument("--repeat", type=int, default=1, help="puzzles per list and count")
    parser.add_argument("--lists", default=",".join(LISTS), help="lists, comma-separated")
    parser.add_argument("--no-time-limit", action="store_true",
                        help="no time limit (the default is the library's)")
    parser.add_argument("--seeds", help="seeds, comma-separated: one puzzle each")
    args = parser.parse_args()
    limit = {"time_limit": None} if args.no_time_limit else {}
    for name in args.lists.split(","):
        words = list(read_list(f"{name}.txt"))
        for threads in (int(t) for t in args.threads.split(",")):
            if args.seeds:
                _by_seed(name, words, threads, args.seeds.split(","), limit)
                continue
            times, side = [], 0
            for _ in range(args.repeat):
                start = time.perf_counter()
                puzzle = wordsearch.generate(words, seed=f"teacher-{name}", threads=threads,
                                             **limit)
                times.append(time.perf_counter() - start)
                side = puzzle.rows
            print(f"{name:<16} {len(words):>4} words {side}x{side} threads={threads}: "
                  f"{statistics.median(times):.2f} s", flush=True)


def _by_seed(name: str, words: list, threads: int, seeds: list[str], limit: dict) -> None:
    times = []
    for seed in seeds:
        start = time.perf_counter()
        puzzle = wordsearch.generate(words, seed=seed, threads=threads, **limit)
        times.append(time.perf_counter() - start)
        grid = hashlib.sha256("\n".join(puzzle.grid).encode()).hexdigest()[:8]
        print(f"{name} threads={threads} seed {seed}: {times[-1]:.2f} s, "
              f"{puzzle.cols}x{puzzle.rows}, grid {grid}", flush=True)
    print(f"{name:<16} {len(words):>4} words threads={threads}, {len(seeds)} seeds: median "
          f"{statistics.median(times):.2f} s, most {max(times):.2f} s", flush=True)


if __name__ == "__main__":
    main()
