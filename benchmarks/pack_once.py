"""Packs the first word lists of bench_pack's 20-word case once each, on one thread.

    valgrind --tool=callgrind --toggle-collect=ws_pack \\
        .venv/bin/python benchmarks/pack_once.py [--lists N]

Made to be counted: callgrind counts instructions, which, unlike time, do not
move with a busy machine, and --toggle-collect=ws_pack counts the packer alone
(not Python starting up). Valgrind prints the count as "Collected".
"""
from __future__ import annotations

import argparse

from bench_pack import TWENTY_WORDS, case_words, pack_case
from wordsearch.make.packer import DEFAULT_BEAM


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=4, help="word lists to pack")
    args = parser.parse_args()
    for i in range(args.lists):
        pack_case(TWENTY_WORDS, i, case_words(TWENTY_WORDS, i), threads=1)
    nwords, side, _ = TWENTY_WORDS
    print(f"packed {args.lists} lists of {nwords} words on a {side}x{side} grid, beam "
          f"{DEFAULT_BEAM}, one thread")


if __name__ == "__main__":
    main()
