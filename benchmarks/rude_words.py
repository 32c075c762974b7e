"""How often the filler spells a rude word, with the blocklist off and on.

    python benchmarks/rude_words.py [--puzzles N] [--languages en,es,...]

The issue's measurement: puzzles of four short words on a 15x15 grid, where most
cells are filler. Each puzzle is made twice with the same code, without the
language's blocklist (as before it) and with it; every reading of a blocked word
outside the listed words is counted (puzzle.spelled, all eight directions).
"""
from __future__ import annotations

import argparse
import random
from collections import Counter

import wordsearch
from wordsearch import lang
from wordsearch.lang import lists
from wordsearch.puzzle import spelled


def rude(puzzle, forms: set[str]) -> list[str]:
    placed = [set(p.cells()) for p in puzzle.words]
    return [form for form, cells in spelled(puzzle.grid, forms)
            if not any(set(cells) <= on for on in placed)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=120)
    parser.add_argument("--languages", default=",".join(lang.codes()))
    args = parser.parse_args()
    print(f"{'lang':5} {'puzzles':>7} {'off: readings':>14} {'in puzzles':>10} {'on':>4}  "
          f"most common when off")
    for code in args.languages.split(","):
        language = lang.get(code)
        forms = {language.fold(w) for w in lists.blocklist(code)}
        pool = [w for w in lists.dictionary(code) if 3 <= len(language.fold(w)) <= 5]
        rng = random.Random(code)
        off, hit, on = Counter(), 0, 0
        for i in range(args.puzzles):
            words = rng.sample(pool, 4)
            found = rude(wordsearch.generate(words, language=code, grid=15, seed=f"rude{i}",
                                             beam=64, blocklist=False), forms)
            off.update(found)
            hit += bool(found)
            on += len(rude(wordsearch.generate(words, language=code, grid=15, seed=f"rude{i}",
                                               beam=64), forms))
        common = ", ".join(f"{w} {n}" for w, n in off.most_common(4))
        print(f"{code:5} {args.puzzles:>7} {sum(off.values()):>14} {hit:>10} {on:>4}  {common}",
              flush=True)


if __name__ == "__main__":
    main()
