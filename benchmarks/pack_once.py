"""Packs the first word lists of bench_pack's 20-word case once each, on one thread.

    valgrind --tool=callgrind --toggle-collect=ws_pack \\
        .venv/bin/python benchmarks/pack_once.py [--lists N]

Made to be counted: callgrind counts instructions, which, unlike time, do not
move with a busy machine, and --toggle-collect=ws_pack counts the packer alone
(not Python starting up). Valgrind prints the count as "Collected".
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from wordlists import draw  # noqa: E402
from wordsearch.packer import DEFAULT_BEAM  # noqa: E402

WORDS, SIDE = 20, 15  # bench_pack's "20 words 15x15 hard"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=4, help="word lists to pack")
    args = parser.parse_args()
    for i in range(args.lists):
        words = draw(WORDS, seed=1000 * WORDS + i)
        wordsearch.generate(words, grid=SIDE, difficulty="hard", seed=f"bench{i}", threads=1)
    print(f"packed {args.lists} lists of {WORDS} words on a {SIDE}x{SIDE} grid, beam "
          f"{DEFAULT_BEAM}, one thread")


if __name__ == "__main__":
    main()
