"""The hidden-message fill (csrc/ws_message.c) against the seed's own table.

    python benchmarks/bench_message.py [--grids 300] [--languages en,sk] [--sizes 8,10,...]
                                       [--level child|adult]

For each dictionary and size, --grids empty square grids are filled by
wordsearch._core.message_fill (one call, one thread) until exactly N cells are
empty, N drawn for each grid from side..side+4 (the seed's advice for a message),
each grid with its own seed. The columns are the seed's (000_*.txt, 300 grids a
size, Slovak dictionary, Node.js 22 on a server CPU):

    first try   the first round left exactly N empty cells
    attempts    rounds taken, on average (a grid that never got there counts 100)
    median      the fill's wall time, median, in milliseconds
    words       words the fill added, on average
    diagonal    the share of those words that run diagonally

"failed" counts grids with no round within the bound (WS_MESSAGE_ROUNDS). Beyond
the seed's columns: "kept", the share of first rounds that pass a puzzle's checks
once a message (letters drawn with the language's frequencies) is poured in (no
word twice, no blocked word: make/message.py); "puzzle", the median time of the
whole step as generate() runs it (make.message.hide: fill, pour, check, and the
next round when refused). The
dictionaries are the language's lexicon as puzzles use it (make/message.py):
each grid form once, folded with the language's fold; and as in a puzzle, the
fill keeps the language's blocklist out of the grid and every word to one reading.
--level picks the words the fill may add (make/level.py; the grids have no words
of their own, so no topic): child, the default, as puzzles now do; adult, the
whole dictionary, as every puzzle did before the level.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from wordsearch import _core, lang
from wordsearch.directions import COMPASS
from wordsearch.errors import NoMessage, Unhidden
from wordsearch.make import message
from wordsearch.make.blocked import blocked_words
from wordsearch.make.level import DEFAULT_LEVEL, LEVELS
from wordsearch.make.shape import Shape
from wordsearch.size import GridSize

SIZES = (8, 10, 12, 15, 20, 25)
# The seed's table: first try, average attempts, median ms, words, diagonal share.
SEED = {8: ("78%", "1.30", "1.2", "12.7", "24%"), 10: ("70%", "1.42", "2.2", "20.4", "27%"),
        12: ("57%", "1.73", "4.7", "30.1", "29%"), 15: ("21%", "5.46", "20", "48.7", "33%")}
MESSAGE_SPREAD = 5  # N from side to side + 4
ALL_DIRECTIONS = 0xFF
BENCH_SEED = 0x000B_E7C4


def run(code: str, side: int, grids: int, level: str = DEFAULT_LEVEL) -> dict:
    language = lang.get(code)
    blocked = blocked_words(language)
    lex = message.lexicon(language, blocked, level)
    # The forms a message grid keeps out (no filler: Blocked.everywhere), as
    # message.hide passes them; an older install, without the filler-only ones, all.
    everywhere = getattr(blocked, "everywhere", blocked.forms)
    blocked_letters, blocked_offsets = language.alphabet.encode_list(list(everywhere))
    rng = _core.Rng(BENCH_SEED + side)
    grid = np.zeros((side, side), dtype=np.uint8)
    times, rounds, words, diagonal, first, failed = [], [], [], 0, 0, 0
    kept, puzzle_times = 0, []
    cumulative = np.cumsum(np.array(language.frequencies, dtype=np.uint64))
    shape = Shape.rectangle(GridSize(cols=side, rows=side))
    for _ in range(grids):
        holes = side + rng.below(MESSAGE_SPREAD)
        seed = rng.next()
        text = np.zeros(holes, dtype=np.uint8)  # a message with the language's letters
        rng.draw_letters(text, np.arange(holes, dtype=np.int32), cumulative)
        form = "".join(language.alphabet.decode(v) for v in text.tolist())
        start = time.perf_counter()
        try:
            filled, added, starts, dirs, round_ = _core.message_fill(
                grid, lex.core, holes, ALL_DIRECTIONS, seed, blocked_letters=blocked_letters,
                blocked_offsets=blocked_offsets)
        except NoMessage:
            times.append(time.perf_counter() - start)
            rounds.append(_core.MESSAGE_ROUNDS)
            failed += 1
            continue
        times.append(time.perf_counter() - start)
        rounds.append(round_ + 1)
        first += round_ == 0
        words.append(len(added))
        diagonal += int((dirs % 2 == 1).sum())
        placements = [(s // side, s % side, COMPASS[d])
                      for s, d in zip(starts.tolist(), dirs.tolist())]
        kept += message._fault(message.pour(filled, form, language),
                               [lex.words[w] for w in added.tolist()], placements,
                               [()] * len(placements), language, blocked) is None
        start = time.perf_counter()
        try:
            message.hide(message.empty_layouts(shape), (), (), language, form, lex, COMPASS,
                         seed, blocked)
        except Unhidden:
            pass  # timed all the same: the step as generate runs it, failing or not
        puzzle_times.append(time.perf_counter() - start)
    return {"first": first / grids, "rounds": statistics.mean(rounds), "kept": kept / grids,
            "puzzle": statistics.median(puzzle_times) * 1000 if puzzle_times else 0.0,
            "median": statistics.median(times) * 1000,
            "words": statistics.mean(words) if words else 0.0,
            "diagonal": diagonal / max(1, sum(words)), "failed": failed,
            "dictionary": len(lex.words)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--grids", type=int, default=300)
    parser.add_argument("--languages", default="en,sk")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--level", default=DEFAULT_LEVEL, choices=LEVELS)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    for code in args.languages.split(","):
        rows = [(side, run(code, side, args.grids, args.level)) for side in sizes]
        print(f"\n{lang.get(code).name}, {args.level} level ({rows[0][1]['dictionary']:,} words), "
              f"{args.grids} grids a size; the seed's figures (Slovak, 16,713 words) after |")
        print(f"{'grid':>6} {'first try':>9} {'attempts':>8} {'median':>9} {'words':>6} "
              f"{'diagonal':>8} {'failed':>6} {'kept':>5} {'puzzle':>9} | {'first':>5} "
              f"{'att.':>5} {'ms':>4} {'words':>5} {'diag.':>5}")
        for side, r in rows:
            seed = SEED.get(side, ("-",) * 5)
            print(f"{side:>3}x{side:<2} {r['first']:>9.0%} {r['rounds']:>8.2f} "
                  f"{r['median']:>6.2f} ms {r['words']:>6.1f} {r['diagonal']:>8.0%} "
                  f"{r['failed']:>6} {r['kept']:>5.0%} {r['puzzle']:>6.2f} ms | {seed[0]:>5} {seed[1]:>5} {seed[2]:>4} {seed[3]:>5} "
                  f"{seed[4]:>5}")


if __name__ == "__main__":
    main()
