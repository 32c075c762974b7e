"""Writes packing cases and what tests/reference.py makes of them, for the C
self-test (ctests/ws_selftest.c) to check the core against, result for result.

    python3 scripts/export_reference_cases.py OUT [--count N] [--seed S]

Needs only the standard library and tests/reference.py, not the built package:
scripts/sanitize.sh runs it before building the sanitized core.

The expected results apply the inside rule: a word inside another is packed with
its containers (reference.pack's `inside`), so its readings on a container's
placement do not count. Small alphabets give many such lists; besides, some
cases get a run cut from one of their words (forwards or backwards, up to the
whole word reversed), so that a good share of the cases hold one.

Version 1 had no containers line (and expected results without the rule).

The file is whitespace-separated integers: a header line "wsref 2 <count>",
then for each case
    rows cols dir_mask beam seed capacity nwords nregions
    the rows*cols cell codes
    each word: its length, then its letter codes
    the regions, four numbers each (first row, last row, first column, last column)
    each word: how many words it lies inside, then their indices (its containers,
        reference.containers: forwards or backwards a run of their letters)
    status stuck_word count   (status: ws_common.h's ws_status code)
    count times: the grid's rows*cols codes, the nwords starts, the nwords directions
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import reference  # noqa: E402

# ws_status codes (csrc/ws_common.h).
WS_OK, WS_NO_ROOM, WS_NO_UNIQUE = 0, 3, 4
CAPACITY = 4
BEAMS = (1, 2, 3, 5, 8, 20)
# Share of the cases that get a run cut from one of their words as a word of its own.
RUN_SHARE = 0.3


def draw_case(rng: random.Random):
    """A small case, drawn the way tests/test_core.py's pack_cases draws them."""
    rows, cols = rng.randint(3, 8), rng.randint(3, 8)
    cells = [[reference.EMPTY] * cols for _ in range(rows)]
    for _ in range(rng.randint(0, 4)):
        cells[rng.randrange(rows)][rng.randrange(cols)] = reference.BLOCKED
    alphabet = rng.randint(2, 5)
    longest = max(2, min(rows, cols))
    words = [[rng.randint(1, alphabet) for _ in range(rng.randint(2, longest))]
             for _ in range(rng.randint(1, 5))]
    if rng.random() < RUN_SHARE:
        words.insert(rng.randint(0, len(words)), cut_run(rng, rng.choice(words)))
    mask = rng.randint(1, 255) if rng.random() < 0.6 else 255
    beam = rng.choice(BEAMS)
    seed = rng.getrandbits(64)
    regions = []
    for _ in range(rng.randint(0, len(words)) if rng.random() < 0.3 else 0):
        r0, r1 = sorted((rng.randrange(rows), rng.randrange(rows)))
        c0, c1 = sorted((rng.randrange(cols), rng.randrange(cols)))
        regions.append((r0, r1, c0, c1))
    return cells, words, mask, beam, seed, regions


def cut_run(rng: random.Random, word: list[int]) -> list[int]:
    """A run of `word`'s letters, at least two, maybe reversed; all of them only
    reversed (rats in star), never a plain copy."""
    length = rng.randint(2, len(word))
    at = rng.randint(0, len(word) - length)
    run = word[at:at + length]
    return run[::-1] if length == len(word) or rng.random() < 0.5 else run


def expected(cells, words, mask, beam, seed, regions, inside):
    try:
        grids, starts, dirs = reference.pack(cells, words, mask, beam, seed, CAPACITY, regions,
                                             inside=inside)
    except LookupError as exc:
        return WS_NO_ROOM, exc.args[0], []
    except ValueError:
        return WS_NO_UNIQUE, -1, []
    return WS_OK, -1, list(zip(grids, starts, dirs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = [f"wsref 2 {args.count}"]
    outcomes = {WS_OK: 0, WS_NO_ROOM: 0, WS_NO_UNIQUE: 0}
    nested = nested_ok = 0  # cases with a word inside another; of those, packed
    for _ in range(args.count):
        cells, words, mask, beam, seed, regions = draw_case(rng)
        inside = reference.containers(words)
        rows, cols = len(cells), len(cells[0])
        status, stuck, done = expected(cells, words, mask, beam, seed, regions, inside)
        outcomes[status] += 1
        if any(inside):
            nested += 1
            nested_ok += status == WS_OK
        lines.append(f"{rows} {cols} {mask} {beam} {seed} {CAPACITY} {len(words)} {len(regions)}")
        lines.append(" ".join(str(v) for row in cells for v in row))
        lines.append(" ".join(" ".join(map(str, [len(w), *w])) for w in words))
        lines.append(" ".join(str(v) for region in regions for v in region) or "")
        lines.append(" ".join(" ".join(map(str, [len(c), *c])) for c in inside))
        lines.append(f"{status} {stuck} {len(done)}")
        for grid, starts, dirs in done:
            lines.append(" ".join(str(v) for row in grid for v in row))
            lines.append(" ".join(map(str, starts)))
            lines.append(" ".join(map(str, dirs)))
    args.out.write_text("\n".join(lines) + "\n", encoding="ascii")
    print(f"{args.count} reference cases: {outcomes[WS_OK]} packed, {outcomes[WS_NO_ROOM]} "
          f"no room, {outcomes[WS_NO_UNIQUE]} no unique layout; {nested} with words inside "
          f"others, {nested_ok} of them packed", file=sys.stderr)


if __name__ == "__main__":
    main()
