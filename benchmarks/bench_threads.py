"""One thread against several on bench_pack's 20-word case, in alternating rounds.

    python benchmarks/bench_threads.py [--rounds R] [--threads N]

Each round packs the same 15 lists on one thread, then on N threads, and prints
both medians and their ratio, so that a busy spell on the machine falls on both
sides of the ratio rather than on one.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from wordlists import draw  # noqa: E402
from wordsearch.generator import usable_cores  # noqa: E402
from wordsearch.packer import DEFAULT_BEAM  # noqa: E402

WORDS, SIDE, LISTS = 20, 15, 15  # bench_pack's "20 words 15x15 hard"


def median_ms(lists: list[list[str]], threads: int) -> float:
    times = []
    for i, words in enumerate(lists):
        start = time.perf_counter()
        wordsearch.generate(words, grid=SIDE, difficulty="hard", seed=f"bench{i}",
                            threads=threads)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--threads", type=int, default=usable_cores())
    args = parser.parse_args()
    lists = [draw(WORDS, seed=1000 * WORDS + i) for i in range(LISTS)]
    print(f"{WORDS} words on {SIDE}x{SIDE}, beam {DEFAULT_BEAM}, "
          f"median ms of {LISTS} lists")
    print(f"{'round':>5}  {'1 thread':>9}  {f'{args.threads} threads':>10}  ratio")
    for r in range(1, args.rounds + 1):
        one, many = median_ms(lists, 1), median_ms(lists, args.threads)
        print(f"{r:>5}  {one:>9.1f}  {many:>10.1f}  {one / many:.2f}", flush=True)


if __name__ == "__main__":
    main()
