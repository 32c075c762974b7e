"""How often the filler spells a word unsuitable for children: filler-heavy puzzles
(4 short dictionary words in a 15×15 grid) in every language, each grid read in
all eight directions for the strings of lang/data/CODE.unsuitable.txt and
CODE.blocked.txt outside the listed words' own cells; the unsuitable strings of three
letters (PEE, GIT), which grids keep out of their filler only, where a filler cell is
part of the reading (the "short" column, also in "unsuitable"). Prints a table.

`--dense` makes the puzzles of tests/test_languages.py's sweep instead (6 to 10
words of 4 to 9 letters on 10×10 to 13×13, beams 32 and 256): few filler cells,
where the words' own letters may spell a blocked string in every layout, so that
the failures (refused puzzles) are the figure to watch.

The lists are read from this source tree, not from the installed package, so that
an older install (one that did not block the unsuitable strings) is measured
against the same words: run it with each install's Python to compare, e.g.

    /path/to/old/.venv/bin/python benchmarks/filler_words.py --puzzles 300
    .venv/bin/python benchmarks/filler_words.py --puzzles 300

It counts too the puzzles that failed (the exception's class) and the time each
took, so that the cost of the bigger set shows beside what it buys.
"""
from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from pathlib import Path

import wordsearch
from wordsearch import lang
from wordsearch.directions import COMPASS, STEPS
from wordsearch.lang import lists

DATA = Path(__file__).resolve().parent.parent / "wordsearch" / "lang" / "data"
WORDS = 4
GRID = 15
# lang/lists.py's FILLER_ONLY_LETTERS, written here so that an older install, which
# lacks it, is measured against the same rule.
SHORT = 3


def forms(language: lang.Language, name: str) -> set[str]:
    return {language.fold(line.strip()) for line in (DATA / name).read_text(encoding="utf-8")
            .splitlines() if line.strip() and not line.startswith("#")}


def readings(grid: tuple[str, ...], wanted: set[str], own: list[set]) -> list[str]:
    """Every reading of a wanted string not within one listed word's cells, once per
    set of cells (a palindrome's two readings are one)."""
    rows, cols = len(grid), len(grid[0])
    longest = max(map(len, wanted))
    seen, found = set(), []
    for r in range(rows):
        for c in range(cols):
            for d in COMPASS:
                dr, dc = STEPS[d]
                text, cells = "", []
                y, x = r, c
                while 0 <= y < rows and 0 <= x < cols and len(text) < longest:
                    text += grid[y][x]
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                    if text in wanted:
                        key = (text, frozenset(cells))
                        if key not in seen and not any(key[1] <= o for o in own):
                            seen.add(key)
                            found.append(text)
    return found


def sweep(code: str, puzzles: int, dense: bool) -> dict:
    language = lang.get(code)
    unsuitable = forms(language, f"{code}.unsuitable.txt")
    rude = forms(language, f"{code}.blocked.txt")
    shortest, longest = (4, 9) if dense else (3, 5)
    pool = [w for w in lists.dictionary(code) if shortest <= len(language.fold(w)) <= longest]
    pick = random.Random(code)
    short = {f for f in unsuitable - rude if len(f) <= SHORT}
    hits: collections.Counter[str] = collections.Counter()
    rude_hits, short_hits, failed, times = 0, 0, collections.Counter(), []
    spoiled = 0
    for i in range(puzzles):
        words = pick.sample(pool, 6 + i % 5 if dense else WORDS)
        options = dict(grid=10 + i % 4, beam=32 if i % 2 else 256) if dense else dict(grid=GRID)
        start = time.perf_counter()
        try:
            puzzle = wordsearch.generate(words, language=code, seed=f"fw-{code}-{i}", **options)
        except Exception as exc:  # a failure is a figure here, not an end
            failed[type(exc).__name__] += 1
            continue
        times.append(time.perf_counter() - start)
        own = [set(p.cells()) for p in puzzle.words]
        found = readings(puzzle.grid, unsuitable - rude - short, own)
        over_filler = readings(puzzle.grid, short, [set().union(*own)])
        found += over_filler
        short_hits += len(over_filler)
        hits.update(found)
        spoiled += bool(found)
        rude_hits += len(readings(puzzle.grid, rude, own))
    return {"hits": hits, "spoiled": spoiled, "rude": rude_hits, "short": short_hits,
            "failed": failed,
            "ms": 1000 * statistics.median(times) if times else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=300, help="puzzles a language")
    parser.add_argument("--languages", nargs="*", default=lang.codes())
    parser.add_argument("--dense", action="store_true",
                        help="6-10 words of 4-9 letters on 10x10 to 13x13 instead")
    args = parser.parse_args()
    made = ("6-10 words of 4-9 letters on 10x10 to 13x13, beams 32 and 256" if args.dense
            else f"{WORDS} words of 3-5 letters on {GRID}x{GRID}")
    print(f"wordsearch from {Path(wordsearch.__file__).parent}; {args.puzzles} puzzles a "
          f"language, {made}")
    # unsuitable: readings outside the listed words (three-letter ones: over filler);
    # in puzzles: puzzles with one; short: the three-letter ones among them;
    # rude: readings of the blocklist's words; failed: puzzles not made
    print(f"{'lang':4} {'unsuitable':>10} {'in puzzles':>10} {'short':>5} {'rude':>4} {'failed':>6} "
          f"{'median ms':>9}  most spelled")
    total = 0
    for code in args.languages:
        s = sweep(code, args.puzzles, args.dense)
        total += sum(s["hits"].values())
        top = ", ".join(f"{w} {n}" for w, n in s["hits"].most_common(6))
        failed = sum(s["failed"].values())
        print(f"{code:4} {sum(s['hits'].values()):>10} {s['spoiled']:>10} {s['short']:>5} {s['rude']:>4} "
              f"{failed:>6} {s['ms']:>9.1f}  {top}"
              + (f"  (failed: {dict(s['failed'])})" if failed else ""), flush=True)
    print(f"all  {total:>10}")


if __name__ == "__main__":
    main()
