"""Several pages to a sheet, each in its tile."""
import pytest

import wordsearch
from wordsearch.render.model import Composite
from wordsearch.render.puzzle_page import puzzle_page
from wordsearch.render.tiling import across_down, tile_size, tiled

PORTRAIT, LANDSCAPE = (612.0, 792.0), (792.0, 612.0)


@pytest.mark.parametrize("per_page, size, expected", [
    (1, PORTRAIT, (1, 1)), (2, PORTRAIT, (1, 2)), (2, LANDSCAPE, (2, 1)),
    (4, PORTRAIT, (2, 2)), (6, PORTRAIT, (2, 3)), (6, LANDSCAPE, (3, 2)),
])
def test_tiles_run_along_the_pages_longer_side(per_page, size, expected):
    assert across_down(per_page, size) == expected


def test_each_page_is_moved_to_its_tile():
    puzzle = wordsearch.generate(["sun", "moon", "star"], grid=6, seed="tiles")
    tile = tile_size(PORTRAIT, 4)
    assert tile == (306.0, 396.0)
    pages = [puzzle_page(puzzle, tile) for _ in range(5)]
    sheets = tiled(pages, PORTRAIT, 4)
    assert all(isinstance(sheet, Composite) for sheet in sheets)
    assert [(dx, dy) for dx, dy, _ in sheets[0].parts] == [(0, 0), (306, 0), (0, 396),
                                                           (306, 396)]
    assert len(sheets[1].parts) == 1
    assert tiled(pages, PORTRAIT, 1) == pages
