"""What keeping the language's blocked words out of the grid costs, side by side.

    python benchmarks/bench_blocklist.py [--repeat N] [--language CODE] [--case N]
    valgrind --tool=callgrind python benchmarks/bench_blocklist.py --only rude [--repeat N]

A case of bench_pack.py (the 20-word 15x15 one unless --case) at beam 256, each list
made four ways: with no blocked word (--no-blocklist), with the language's
blocklist alone (rude words, as before issue 27), with it and the unsuitable words
of four letters or more, blocked everywhere (as before the three-letter ones were
kept from the filler: "long"), and with the blocklist and all the unsuitable words
(the default now), alternating in one run so that the machine's noise falls on all
alike. The targets: the blocklist at most 10% over none; the unsuitable words'
bigger automaton at most 5% over the blocklist alone, and the three-letter strings
at most 5% over "long". A Blocked
value is built once per run, as a class set does; its first build is timed on its
own line.

On a busy machine the times move by more than that: `--only SET` makes the lists
with one of the three, untimed, for callgrind to count instructions, which do not
move (run it with PYTHONHASHSEED=0, and with --repeat 1 to subtract what reading
the lists and starting up cost).
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
from bench_pack import CASES, TWENTY_WORDS, case_words  # noqa: E402
from wordsearch import lang  # noqa: E402
from wordsearch.make.blocked import blocked_words  # noqa: E402

BEAM = 256
SETS = ("none", "rude", "long", "both")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--language", default="en")
    parser.add_argument("--case", type=int, default=CASES.index(TWENTY_WORDS),
                        help="which of bench_pack's cases (0, 1, 2)")
    parser.add_argument("--only", choices=SETS, help="make the lists with this set, untimed")
    parser.add_argument("--threads", type=int, default=None,
                        help="the packer's threads (default: the machine's); 1 for callgrind, "
                             "whose counts of threads waiting on each other move from run to run")
    args = parser.parse_args()
    language = lang.get(args.language)
    start = time.perf_counter()
    both = blocked_words(language)
    list(both.readings(np.ones((15, 15), dtype=np.uint8)))  # builds the automaton
    built = time.perf_counter() - start
    values = {"none": blocked_words(language, blocklist=False),
              "rude": blocked_words(language, list(both.rude), blocklist=False),
              "long": blocked_words(language, list(both.everywhere), blocklist=False),
              "both": both}
    case = CASES[args.case]
    nwords, side, difficulty = case
    times: dict[str, list[float]] = {name: [] for name in SETS}
    for i in range(args.repeat):
        words = case_words(case, i)
        for name in [args.only] if args.only else SETS:
            t = time.perf_counter()
            wordsearch.generate(words, grid=side, difficulty=difficulty, seed=f"bench{i}",
                                beam=BEAM, block_words=values[name], threads=args.threads)
            times[name].append(time.perf_counter() - t)
    if args.only:
        return
    none, rude, long, with_both = (statistics.median(times[k]) * 1000 for k in SETS)
    print(f"{len(both.forms)} blocked words ({language.name}: {len(both.rude)} of the "
          f"blocklist); automaton built and first scan in {built * 1000:.2f} ms")
    print(f"{nwords} words, {side}x{side}, beam {BEAM}, {args.repeat} lists: median {none:.1f} ms "
          f"with no blocked word, {rude:.1f} ms with the blocklist ({(rude / none - 1) * 100:+.1f}%), "
          f"{with_both:.1f} ms with it and the unsuitable words ({(with_both / rude - 1) * 100:+.1f}% "
          f"over the blocklist alone, {(with_both / long - 1) * 100:+.1f}% over {long:.1f} ms "
          f"with the four-letter ones or longer alone)")


if __name__ == "__main__":
    main()
