"""The beam search's reason to exist: a tight grid. 25 common words with 187
letters fit a 14x14 grid (196 cells) for 9 seeds in 10 at the default beam;
word-search-generator 5.0 needs 16x16 for the same list (benchmarks/compare_peer.py)."""
import pytest

import reference
import wordsearch
from wordlists import COMPACT_25

pytestmark = pytest.mark.slow


def test_twenty_five_words_fit_fourteen_by_fourteen():
    assert sum(map(len, COMPACT_25)) == 187
    built = 0
    for seed in range(10):
        try:
            puzzle = wordsearch.generate(COMPACT_25, grid=14, seed=f"compact{seed}")
        except wordsearch.PackingError:
            continue
        reference.verify(puzzle.to_dict(), [w.upper() for w in COMPACT_25],
                         list(wordsearch.directions.COMPASS))
        built += 1
    assert built >= 9


def test_the_automatic_grid_finds_the_same_size():
    puzzle = wordsearch.generate(COMPACT_25, seed="compact")
    assert (puzzle.rows, puzzle.cols) == (14, 14)
