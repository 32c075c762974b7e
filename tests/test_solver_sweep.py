"""Every puzzle of a generator sweep solved: 2,000 puzzles across sizes, shapes,
directions, beams and lists with words inside others; in each, every listed word
reads exactly once, at its placement, and its readings inside a longer word are the
ones set apart. Some are read back from their own text output first. Outside CI,
the first tenth of them (conftest.examples)."""
import pytest

import wordsearch
from conftest import examples
from wordlists import draw, draw_nested
from wordsearch.render.text import render_text
from wordsearch.solver import read_grid, solve

pytestmark = pytest.mark.slow

CASES = examples(2000)
REQUIRED = CASES * 1900 // 2000  # 1,900 of 2,000 in CI
MASKS = (None, None, None, "heart", "circle", "star", "tree")
PRESETS = ("easy", "medium", "hard")
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E",
            "NW": "SE"}


def case(i: int):
    size = 6 + i % 12
    nested = i % 2 == 1
    count = max(3, size * size // (12 if i // 2 % 3 == 0 else 9))
    words = (draw_nested if nested else draw)(count, seed=10_000 + i, max_len=min(10, size))
    mask = MASKS[i % len(MASKS)]
    return words, dict(grid=None if mask else size, mask=mask,
                       difficulty=PRESETS[i // 7 % 3], beam=(16, 64, 256)[i // 21 % 3],
                       seed=f"solve{i}")


def test_every_generated_puzzle_reads_each_word_once_at_its_placement():
    solved = inside = 0
    for i in range(CASES):
        words, options = case(i)
        try:
            puzzle = wordsearch.generate(words, **options)
        except wordsearch.PackingError:
            continue
        grid = read_grid(render_text(puzzle)) if i % 10 == 0 else puzzle
        solution = solve(grid, [p.label for p in puzzle.words])
        assert solution.rows == puzzle.grid
        for placement, found in zip(puzzle.words, solution.listed):
            assert found.word == placement.word
            cells = tuple(placement.cells())
            # A palindrome reads the same from its other end: it is reported once,
            # running N, NE, E or SE, whichever way it was placed.
            ways = [(cells, placement.direction)]
            if placement.word == placement.word[::-1]:
                ways.append((cells[::-1], OPPOSITE[placement.direction]))
            assert len(found.readings) == 1 and \
                (found.readings[0].cells, found.readings[0].direction) in ways, (i, placement)
            assert {host for _, host in found.inside} <= set(placement.inside), (i, placement)
            inside += bool(found.inside)
        solved += 1
    assert solved >= REQUIRED, f"only {solved} of {CASES} puzzles built"
    assert inside > CASES // 20  # over 100 in CI
