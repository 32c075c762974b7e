"""One thread against several on bench_pack's 20-word case, in alternating rounds.

    python benchmarks/bench_threads.py [--rounds R] [--threads N]

Each round packs the same 15 lists on one thread, then on N threads, and prints
both medians and their ratio, so that a busy spell on the machine falls on both
sides of the ratio rather than on one.
"""
from __future__ import annotations

import argparse
import statistics
import time

from bench_pack import TWENTY_WORDS, case_words, pack_case
from wordsearch.generator import usable_cores
from wordsearch.packer import DEFAULT_BEAM

LISTS = 15


def median_ms(lists: list[list[str]], threads: int) -> float:
    times = []
    for i, words in enumerate(lists):
        start = time.perf_counter()
        pack_case(TWENTY_WORDS, i, words, threads=threads)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--threads", type=int, default=usable_cores())
    args = parser.parse_args()
    lists = [case_words(TWENTY_WORDS, i) for i in range(LISTS)]
    nwords, side, _ = TWENTY_WORDS
    print(f"{nwords} words on {side}x{side}, beam {DEFAULT_BEAM}, median ms of {LISTS} lists")
    print(f"{'round':>5}  {'1 thread':>9}  {f'{args.threads} threads':>10}  ratio")
    for r in range(1, args.rounds + 1):
        one, many = median_ms(lists, 1), median_ms(lists, args.threads)
        print(f"{r:>5}  {one:>9.1f}  {many:>10.1f}  {one / many:.2f}", flush=True)


if __name__ == "__main__":
    main()
