"""What keeping the language's blocklist out of the grid costs, side by side.

    python benchmarks/bench_blocklist.py [--repeat N] [--language CODE]

The 20-word 15x15 case of bench_pack.py at beam 256, each list made with the
language's blocklist and without it (--no-blocklist), alternating in one run so
that the machine's noise falls on both alike. The issue's target: at most 10%
more. A Blocked value is built once per run, as a class set does; its first build
is timed on its own line.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordsearch  # noqa: E402
from bench_pack import TWENTY_WORDS, case_words  # noqa: E402
from wordsearch import lang  # noqa: E402
from wordsearch.make.blocked import blocked_words  # noqa: E402

BEAM = 256


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    language = lang.get(args.language)
    start = time.perf_counter()
    blocked = blocked_words(language)
    list(blocked.readings(np.ones((15, 15), dtype=np.uint8)))  # builds the automaton
    built = time.perf_counter() - start
    off = blocked_words(language, blocklist=False)
    times: dict[str, list[float]] = {"without": [], "with": []}
    _, side, difficulty = TWENTY_WORDS
    for i in range(args.repeat):
        words = case_words(TWENTY_WORDS, i)
        for name, value in (("without", off), ("with", blocked)):
            t = time.perf_counter()
            wordsearch.generate(words, grid=side, difficulty=difficulty, seed=f"bench{i}",
                                beam=BEAM, block_words=value)
            times[name].append(time.perf_counter() - t)
    without, with_ = (statistics.median(times[k]) * 1000 for k in ("without", "with"))
    print(f"{len(blocked.forms)} blocked words ({language.name}); automaton built and first "
          f"scan in {built * 1000:.2f} ms")
    print(f"20 words, 15x15, beam {BEAM}, {args.repeat} lists: median {without:.1f} ms without "
          f"the blocklist, {with_:.1f} ms with it ({(with_ / without - 1) * 100:+.1f}%)")


if __name__ == "__main__":
    main()
