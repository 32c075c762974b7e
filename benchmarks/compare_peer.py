"""wordsearch beside the best-known Python generator, word-search-generator.

    pip install '.[bench]'
    python benchmarks/compare_peer.py [--puzzles N] [--beams 8192,128] [--compactness]

Both run in this process on the same word lists (drawn with a fixed seed from
tests/data/common_words.txt, 4-10 letters, no word inside another), all eight
directions. For each case it prints the median milliseconds per puzzle, the share
of puzzles with every word placed, the mean share of cells holding word letters,
the mean number of cells shared by two words, the share of words on a diagonal,
and the median side of the largest square of filler-only cells (a small one means
the words are spread out).
"""
from __future__ import annotations

import argparse
from collections import Counter
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import wordsearch  # noqa: E402
from reference import largest_filler_square  # noqa: E402
from wordlists import COMPACT_25, draw  # noqa: E402

try:
    from word_search_generator import WordSearch
except ImportError:  # the peer is an optional benchmark dependency
    WordSearch = None

CASES = [(10, 10), (20, 15), (30, 20)]  # (words, grid side)
DIAGONAL = {"NE", "SE", "SW", "NW"}
STEP_NAMES = {(-1, 0): "N", (-1, 1): "NE", (0, 1): "E", (1, 1): "SE", (1, 0): "S",
              (1, -1): "SW", (0, -1): "W", (-1, -1): "NW"}


@dataclass
class Result:
    ms: float
    complete: bool
    side: int
    paths: list[tuple[str, list[tuple[int, int]]]]  # (direction, cells) per placed word


def ours(words: list[str], side: int, seed: int, beam: int, threads: int) -> Result:
    start = time.perf_counter()
    try:
        puzzle = wordsearch.generate(words, grid=side, seed=f"cmp{seed}", beam=beam,
                                     threads=threads)
    except wordsearch.PackingError:
        return Result((time.perf_counter() - start) * 1000, False, side, [])
    ms = (time.perf_counter() - start) * 1000
    return Result(ms, True, side, [(p.direction, p.cells()) for p in puzzle.words])


def peer(words: list[str], side: int, seed: int) -> Result:
    random.seed(seed)
    start = time.perf_counter()
    puzzle = WordSearch(" ".join(words), size=side, level=3)
    ms = (time.perf_counter() - start) * 1000
    paths = [(STEP_NAMES[(w.direction.r_move, w.direction.c_move)], list(w.coordinates))
             for w in puzzle.placed_words]
    return Result(ms, len(paths) == len(words), side, paths)


def summarise(results: list[Result]) -> str:
    cells = [cell_counts(r) for r in results]
    coverage = statistics.mean(len(c) / r.side ** 2 for c, r in zip(cells, results))
    shared = statistics.mean(sum(1 for n in c.values() if n > 1) for c in cells)
    words = [d for r in results for d, _ in r.paths]
    diagonal = sum(d in DIAGONAL for d in words) / max(1, len(words))
    square = statistics.median(largest_filler_square(r.side, set(c)) for c, r in zip(cells, results))
    return (f"{statistics.median(r.ms for r in results):9.1f} "
            f"{sum(r.complete for r in results) / len(results):9.0%} {coverage:9.0%} "
            f"{shared:8.1f} {diagonal:9.0%} {square:8.0f}")


def cell_counts(result: Result) -> Counter:
    """How many placed words cover each cell."""
    return Counter(cell for _, path in result.paths for cell in path)


def compactness(make, seeds: int = 10, needed: int = 9) -> int:
    """The smallest square side at which `make(words, side, seed)` places every word
    of the 25-word, 187-letter list for at least `needed` of `seeds` seeds."""
    words = list(COMPACT_25)
    side = max(len(w) for w in words)
    while True:
        if sum(make(words, side, s).complete for s in range(seeds)) >= needed:
            return side
        side += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=30, help="puzzles per case")
    parser.add_argument("--beams", default="8192,128", help="our beam widths to show")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--compactness", action="store_true",
                        help="also find the smallest grid for a fixed 25-word list")
    args = parser.parse_args()
    if WordSearch is None:
        sys.exit("word-search-generator is not installed; pip install '.[bench]' to compare.")
    beams = [int(b) for b in args.beams.split(",")]
    print(f"{args.puzzles} puzzles per case, all eight directions, our threads={args.threads}")
    print(f"{'case':<22}{'generator':<18}{'median ms':>9} {'complete':>9} {'coverage':>9} "
          f"{'shared':>8} {'diagonal':>9} {'filler□':>8}")
    for nwords, side in CASES:
        lists = [draw(nwords, seed=nwords * 1000 + i) for i in range(args.puzzles)]
        case = f"{nwords} words {side}x{side}"
        rows = [("word-search 5.0", [peer(w, side, i) for i, w in enumerate(lists)])]
        for beam in beams:
            rows.append((f"wordsearch b={beam}",
                         [ours(w, side, i, beam, args.threads) for i, w in enumerate(lists)]))
        for name, results in rows:
            print(f"{case:<22}{name:<18}{summarise(results)}", flush=True)
    if args.compactness:
        print(f"\nsmallest square grid placing all {len(COMPACT_25)} words "
              f"({sum(map(len, COMPACT_25))} letters) in 9 of 10 seeds:")
        print(f"  word-search 5.0:      {compactness(peer)}")
        for beam in beams:
            side = compactness(lambda w, s, i: ours(w, s, i, beam, args.threads))
            print(f"  wordsearch beam {beam:<5}: {side}")


if __name__ == "__main__":
    main()
