"""Makes many puzzles and checks every one with the independent verifier of
tests/reference.py, which shares no code with the library: a run of at least
100,000 puzzles is the figure the README gives. Not part of CI (minutes of work).

    .venv/bin/python scripts/verify_many.py [--puzzles 100000] [--jobs 2] [--seed 1]

Each puzzle draws, from a fixed seed: a word list (common words, or a list with
words inside others: compound words, elements, runs of longer words), a grid size
or an automatic grid, a built-in mask now and then, directions (a difficulty or a
random set), a beam (16 to 1024, now and then 8192) and one or two threads. It
prints how many were built, how many were refused and why (the first words of the
message), and how many were wrong: that must be 0.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import reference  # noqa: E402
import wordsearch  # noqa: E402
from conftest import kept_out  # noqa: E402
from wordlists import draw, draw_nested  # noqa: E402
from wordsearch.directions import COMPASS, DIFFICULTIES  # noqa: E402
from wordsearch.make.shape import builtin_masks  # noqa: E402

# What no English grid may spell, read from the lists themselves: the blocklist and
# the unsuitable words outside a listed word, the short unsuitable ones over filler.
KEPT_OUT, FILLER_ONLY = kept_out("en")

BEAMS = (16, 64, 256, 1024)


def case(i: int, seed: int) -> tuple[list[str], dict]:
    rng = random.Random(seed * 1_000_003 + i)
    size = rng.randint(6, 22)
    if rng.random() < 0.3:
        directions = sorted(rng.sample(COMPASS, rng.randint(1, 8)), key=COMPASS.index)
    else:
        directions = list(DIFFICULTIES[rng.choice(list(DIFFICULTIES))])
    per_word = 8 + 8 * (8 - len(directions)) // 7
    count = max(2, size * size // per_word)
    max_len = min(10, size)
    words = (draw_nested(count, seed=rng.randrange(1 << 30), max_len=max_len)
             if rng.random() < 0.4 else draw(count, seed=rng.randrange(1 << 30),
                                             max_len=max_len))
    options = dict(directions=",".join(directions), seed=f"many{seed}-{i}",
                   beam=8192 if rng.random() < 0.01 else rng.choice(BEAMS),
                   threads=rng.randint(1, 2), time_limit=60)
    if rng.random() < 0.15:
        options["mask"] = rng.choice(builtin_masks())
        words = words[:max(2, count * 2 // 3)]
    if rng.random() < 0.85:
        options["grid"] = size
    return words, options


def check(job: tuple[int, int]) -> tuple[str, str]:
    """("built", "") or ("refused", why) or ("wrong", what)."""
    i, seed = job
    words, options = case(i, seed)
    try:
        puzzle = wordsearch.generate(words, **options)
    except wordsearch.PackingError as exc:
        text = str(exc)
        why = ("did not fit" if "did not fit" in text else "spelled twice" if "twice" in text
               else "longer than the grid" if "longer than" in text
               else "mask" if text.startswith("mask") else "time limit" if "time limit" in text
               else text[:60])
        return "refused", why
    try:
        reference.verify(puzzle.to_dict(), [w.upper() for w in words],
                         options["directions"].split(","), blocked=KEPT_OUT,
                         filler_only=FILLER_ONLY)
    except AssertionError as exc:
        return "wrong", f"case {i}: {exc}"
    return "built", ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    outcomes: Counter = Counter()
    reasons: Counter = Counter()
    wrong: list[str] = []
    with multiprocessing.Pool(args.jobs) as pool:
        jobs = ((i, args.seed) for i in range(args.puzzles))
        for n, (outcome, detail) in enumerate(pool.imap(check, jobs, chunksize=64), start=1):
            outcomes[outcome] += 1
            if outcome == "refused":
                reasons[detail] += 1
            elif outcome == "wrong":
                wrong.append(detail)
            if n % 10_000 == 0:
                print(f"  {n:,} puzzles, {time.monotonic() - started:.0f} s", flush=True)
    print(f"{args.puzzles:,} puzzles in {time.monotonic() - started:.0f} s: "
          f"{outcomes['built']:,} built and verified, {outcomes['refused']:,} refused, "
          f"{outcomes['wrong']:,} wrong")
    for why, count in reasons.most_common():
        print(f"  refused, {why}: {count:,}")
    for line in wrong[:20]:
        print(f"  WRONG {line}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
