"""How much the words stand out from the filler, per language and blend.

    python benchmarks/filler_standout.py [--puzzles N] [--languages en,es,...]

A guesser sees only a cell's letter and knows the puzzle's counts: how many cells
of each letter are word cells and how many filler. Its best guess for a letter is
whichever is more common; its accuracy over all cells, less the base rate (always
guessing the more common kind of cell), is the lift: how much the letters alone
give the words away, in percentage points. With filler that follows the words'
letters exactly (prior 0), lift is near zero but a short list leaves a grid of a
few letters; the language's own frequencies (prior: that many letters of ordinary
text blended in) bring the other letters back. The table shows both, and the
number of distinct letters in the filler.
"""
from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

import wordsearch
from wordsearch import lang
from wordsearch.lang import lists
from wordsearch.make import fill

PRIORS = (0, 20, 60, 150)
CASES = [(4, 15), (12, 15), (20, 15)]  # (words, grid side)


def lift(puzzle) -> tuple[float, int]:
    word_cells = {cell for p in puzzle.words for cell in p.cells()}
    word, filler = Counter(), Counter()
    cells = 0
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            cells += 1
            (word if (r, c) in word_cells else filler)[ch] += 1
    guessed = sum(max(word[ch], filler[ch]) for ch in set(word) | set(filler))
    base = max(sum(word.values()), sum(filler.values()))
    return 100 * (guessed - base) / cells, len(filler)


def words_of(code: str, count: int, rng: random.Random) -> list[str]:
    pool = [w for w in lists.dictionary(code) if 4 <= len(lang.get(code).fold(w)) <= 8]
    return rng.sample(pool, count)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--languages", default=",".join(lang.codes()))
    args = parser.parse_args()
    print(f"{'lang':5} {'words':>5} " + " ".join(f"{'prior ' + str(p):>16}" for p in PRIORS))
    for code in args.languages.split(","):
        for count, side in CASES:
            cells = []
            for prior in PRIORS:
                fill.PRIOR_LETTERS = prior
                rng = random.Random(f"{code}{count}")
                lifts, kinds = [], []
                for i in range(args.puzzles):
                    puzzle = wordsearch.generate(words_of(code, count, rng), language=code,
                                                 grid=side, seed=f"standout{i}", beam=64)
                    a, k = lift(puzzle)
                    lifts.append(a)
                    kinds.append(k)
                cells.append(f"{statistics.mean(lifts):5.1f} pt {statistics.mean(kinds):4.1f} ltr")
            print(f"{code:5} {count:>5} " + " ".join(f"{c:>16}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
