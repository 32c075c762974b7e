"""How far apart the copies of class sets are: 30 copies of each of 20 held lists
(15 words drawn from tests/data/common_words.txt with seeds 1 to 20) at automatic
grids, all directions, made by build_set as the command's --copies makes them.

    python benchmarks/copies_apart.py [--lists N] [--copies N] [--jobs N]

Prints, for each list, the grid its copies were made on (and the size it grew
from, when its tightest grid had too few different layouts), the identical pairs
(all placements in common), the most placements two copies share and the copies
made again; then the totals. With --unruled, the same for each copy's first code
made alone (generate(), as sets were made before the rule). Placements are
counted here from each puzzle's words and cells, not with the library's own
footprint.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from wordlists import draw  # noqa: E402

from wordsearch.directions import STEPS  # noqa: E402
from wordsearch.make.classset import build_set  # noqa: E402
from wordsearch.make.generate import generate  # noqa: E402
from wordsearch.make.sections import split_sections  # noqa: E402

WORDS = 15


def places(puzzle) -> set:
    out = set()
    for w in puzzle.words:
        dr, dc = STEPS[w.direction]
        out.add((w.word, tuple(sorted((w.row + k * dr, w.col + k * dc)
                                      for k in range(len(w.word))))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lists", type=int, default=20)
    parser.add_argument("--copies", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--unruled", action="store_true",
                        help="each copy's first code alone, without the rule")
    args = parser.parse_args()
    identical_total, most_total, again_total = 0, 0, 0
    start = time.perf_counter()
    print(f"{args.copies} copies of {WORDS} words, automatic grid, code list-N:")
    for n in range(1, args.lists + 1):
        words = draw(WORDS, seed=n)
        if args.unruled:
            puzzles = [generate(words, seed=f"list-{n}-{k}", threads=1)
                       for k in range(1, args.copies + 1)]
            grown = ""
        else:
            made = build_set(split_sections(words), copies=args.copies, seed=f"list-{n}",
                             jobs=args.jobs)
            puzzles = [sheet.puzzle for sheet in made.sheets]
            [note] = made.apart
            grown = f" (grown from {note.grown_from}×{note.grown_from})" if note.grown_from \
                else ""
        sets = [places(puzzle) for puzzle in puzzles]
        shares = [len(a & b) for i, a in enumerate(sets) for b in sets[:i]]
        identical = sum(share == WORDS for share in shares)
        again = sum("." in puzzle.code for puzzle in puzzles)
        sizes = sorted({f"{p.cols}×{p.rows}" for p in puzzles})
        print(f"  list {n:2}: {', '.join(sizes)}{grown}; identical pairs {identical}; "
              f"most shared {max(shares)} of {WORDS}; copies made again {again}")
        identical_total += identical
        most_total = max(most_total, max(shares))
        again_total += again
    print(f"all {args.lists} lists: identical pairs {identical_total}; most shared "
          f"{most_total} of {WORDS} (the rule allows {WORDS // 3}); copies made again "
          f"{again_total}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
