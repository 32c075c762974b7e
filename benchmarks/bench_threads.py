"""One thread against several on bench_pack's 20-word case, in alternating rounds.

    python benchmarks/bench_threads.py [--rounds R] [--threads N]

Each round makes the same 15 puzzles on one thread, then on N threads, and prints
the medians and their ratio, so that a busy spell on the machine falls on both
sides of the ratio rather than on one: for whole puzzles, and for the C packer
alone (_core.pack, the part the threads share; the rest runs on one thread).
Last in the round, the machine's own ceiling: the 15 puzzles made on one thread
in N processes at once, against one process alone (N times its time over
theirs, N no more than the usable cores), which is about as much as N threads
could give here.
"""
from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import statistics
import time
from collections.abc import Iterator

from bench_pack import TWENTY_WORDS, case_words, pack_case
from wordsearch import _core
from wordsearch.make.generate import usable_cores
from wordsearch.make.packer import DEFAULT_BEAM

LISTS = 15


@contextlib.contextmanager
def timing_the_core(spent: list[float]) -> Iterator[None]:
    """Adds the seconds each _core.pack call takes to `spent`, while inside."""
    pack = _core.pack

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return pack(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - start)
    _core.pack = timed
    try:
        yield
    finally:
        _core.pack = pack


def medians_ms(lists: list[list[str]], threads: int) -> tuple[float, float]:
    """Median milliseconds of the whole puzzles and of their packing in C."""
    whole, core = [], []
    for i, words in enumerate(lists):
        spent: list[float] = []
        with timing_the_core(spent):
            start = time.perf_counter()
            pack_case(TWENTY_WORDS, i, words, threads=threads)
            whole.append((time.perf_counter() - start) * 1000)
        core.append(sum(spent) * 1000)
    return statistics.median(whole), statistics.median(core)


def make_all(lists: list[list[str]]) -> float:
    """Seconds the lists take on one thread, in the process that runs this."""
    start = time.perf_counter()
    for i, words in enumerate(lists):
        pack_case(TWENTY_WORDS, i, words, threads=1)
    return time.perf_counter() - start


def side_by_side(lists: list[list[str]], processes: int) -> float:
    """How many times one process's work `processes` one-thread processes do
    in the same time, all at once. Both sides are timed inside the pool's
    processes, alone with the others idle and then together, alternating three
    times; the medians are compared, together counting its slowest process."""
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        pool.map(make_all, [lists[:1]] * processes)  # started and warm before timing
        alone, together = [], []
        for _ in range(3):
            alone.append(pool.apply(make_all, (lists,)))
            together.append(max(pool.map(make_all, [lists] * processes, chunksize=1)))
    return processes * statistics.median(alone) / statistics.median(together)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--threads", type=int, default=usable_cores())
    args = parser.parse_args()
    lists = [case_words(TWENTY_WORDS, i) for i in range(LISTS)]
    processes = min(args.threads, usable_cores())  # as generate() caps its threads
    nwords, side, _ = TWENTY_WORDS
    many = f"{args.threads} threads"
    print(f"{nwords} words on {side}x{side}, beam {DEFAULT_BEAM}, median ms of {LISTS} lists")
    print(f"{'':5}  {'whole puzzle':^26}  {'C packer alone':^26}  {'processes':>9}")
    print(f"{'round':>5}  {'1 thread':>9}  {many:>9}  ratio  {'1 thread':>9}  {many:>9}  ratio"
          f"  {'at once':>9}")
    for r in range(1, args.rounds + 1):
        one, one_core = medians_ms(lists, 1)
        several, several_core = medians_ms(lists, args.threads)
        print(f"{r:>5}  {one:>9.1f}  {several:>9.1f}  {one / several:.2f}  "
              f"{one_core:>9.1f}  {several_core:>9.1f}  {one_core / several_core:.2f}"
              f"  {side_by_side(lists, processes):>9.2f}", flush=True)


if __name__ == "__main__":
    main()
