"""Thousands of puzzles across sizes, masks, difficulty presets, beam widths and thread
counts, each checked by the independent verifier in tests/reference.py. A list
that cannot be packed must fail with a PackingError, never with a wrong puzzle.
Outside CI, the first tenth of each sweep (conftest.examples)."""
import pytest

import reference
import wordsearch
from conftest import examples
from wordlists import draw, draw_nested
from wordsearch.make.shape import Mask, builtin_masks

pytestmark = pytest.mark.slow

PRESETS = ("easy", "medium", "hard")
# Cells per word: denser for the presets with more directions.
CELLS_PER_WORD = {"easy": 14, "medium": 11, "hard": 9}
BEAMS = (16, 64, 256, 1024)
CASES = examples(5200)
REQUIRED = CASES * 5000 // 5200  # 5,000 of 5,200 in CI


def honest_failure(message: str) -> bool:
    """A list the packer could not place, said so: a word that did not fit, every
    layout repeating a word, or (2 of the 5,200 cases here, at beams 16 and 64 in dense
    grids) every layout's own letters spelling a blocked word."""
    return "did not fit" in message or "twice" in message or "spelled a blocked word" in message


def sweep_case(i: int):
    size = 6 + i % 20
    difficulty = PRESETS[i // 20 % 3]
    beam = 8192 if i % 97 == 0 and size <= 12 else BEAMS[i // 60 % 4]
    count = max(3, size * size // CELLS_PER_WORD[difficulty])
    words = draw(count, seed=i, max_len=min(10, size))
    return words, dict(grid=size, difficulty=difficulty, beam=beam, seed=f"sweep{i}",
                       threads=1 + i % 2)


def test_sweep_of_verified_puzzles():
    built = 0
    failed = []
    for i in range(CASES):
        words, options = sweep_case(i)
        try:
            puzzle = wordsearch.generate(words, **options)
        except wordsearch.PackingError as exc:
            assert honest_failure(str(exc)), str(exc)
            failed.append(i)
            continue
        reference.verify(puzzle.to_dict(), [w.upper() for w in words],
                         list(wordsearch.directions.DIFFICULTIES[options["difficulty"]]))
        built += 1
    assert built >= REQUIRED, f"only {built} built; failed: {failed[:20]}"


NESTED_CASES = examples(2000)
NESTED_REQUIRED = NESTED_CASES * 1950 // 2000  # 1,950 of 2,000 in CI (1,993 built here)


def test_sweep_of_verified_puzzles_with_words_inside_others():
    """Lists in which many words lie inside others (compound words, elements, runs
    of longer words forwards and backwards, chains): every puzzle passes the
    verifier, which applies the inside rule on its own."""
    built = inside = 0
    for i in range(NESTED_CASES):
        size = 6 + i % 15
        difficulty = PRESETS[i // 15 % 3]
        count = max(3, size * size // CELLS_PER_WORD[difficulty])
        words = draw_nested(count, seed=i, max_len=min(10, size))
        try:
            puzzle = wordsearch.generate(words, grid=size, difficulty=difficulty,
                                         beam=BEAMS[i // 45 % 4], seed=f"nested{i}",
                                         threads=1 + i % 2)
        except wordsearch.PackingError as exc:
            assert honest_failure(str(exc)), str(exc)
            continue
        reference.verify(puzzle.to_dict(), [w.upper() for w in words],
                         list(wordsearch.directions.DIFFICULTIES[difficulty]))
        built += 1
        inside += puzzle.has_inside
    assert built >= NESTED_REQUIRED, f"only {built} of {NESTED_CASES} built"
    assert inside >= 0.9 * built, f"only {inside} of {built} had a word inside another"


MASK_CASES = examples(1300)
MASK_REQUIRED = MASK_CASES * 1200 // 1300  # 1,200 of 1,300 in CI


def test_sweep_of_verified_shaped_puzzles():
    """Every built-in mask at grids of 10 to 24 cells across: no word crosses a
    blank cell, and blank cells stay blank."""
    masks = builtin_masks()
    built = 0
    for i in range(MASK_CASES):
        mask = Mask.load(masks[i % len(masks)])
        side = 10 + i // len(masks) % 15
        shape = mask.across(side)
        difficulty = PRESETS[i % 3]
        count = max(3, int(shape.inside.sum()) // CELLS_PER_WORD[difficulty])
        words = draw(count, seed=i, max_len=min(8, side // 2 + 2))
        try:
            puzzle = wordsearch.generate(words, grid=side, mask=mask, difficulty=difficulty,
                                         beam=BEAMS[i % 3], seed=f"mask{i}", threads=1 + i % 2)
        except wordsearch.PackingError as exc:
            assert honest_failure(str(exc)) or "longer" in str(exc), str(exc)
            continue
        reference.verify(puzzle.to_dict(), [w.upper() for w in words],
                         list(wordsearch.directions.DIFFICULTIES[difficulty]))
        blank = [["." if not v else "#" for v in row] for row in shape.inside.tolist()]
        assert [["." if ch == "." else "#" for ch in row] for row in puzzle.grid] == blank
        built += 1
    assert built >= MASK_REQUIRED, f"only {built} of {MASK_CASES} shaped puzzles built"
