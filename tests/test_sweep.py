"""Thousands of puzzles across sizes, difficulty presets, beam widths and thread
counts, each checked by the independent verifier in tests/reference.py. A list
that cannot be packed must fail with a PackingError, never with a wrong puzzle."""
import reference
import wordsearch
from wordlists import draw

PRESETS = ("easy", "medium", "hard")
# Cells per word: denser for the presets with more directions.
CELLS_PER_WORD = {"easy": 14, "medium": 11, "hard": 9}
BEAMS = (16, 64, 256, 1024)
CASES = 5200
REQUIRED = 5000


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
            assert "did not fit" in str(exc) or "twice" in str(exc), str(exc)
            failed.append(i)
            continue
        reference.verify(puzzle.to_dict(), [w.upper() for w in words],
                         list(wordsearch.directions.DIFFICULTIES[options["difficulty"]]))
        built += 1
    assert built >= REQUIRED, f"only {built} built; failed: {failed[:20]}"
