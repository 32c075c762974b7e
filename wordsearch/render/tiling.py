"""Several pages to a sheet: each laid out at a tile's size, the tiles side by side
and one over the other."""
from __future__ import annotations

from collections.abc import Sequence

from wordsearch.render.model import Composite, KeyPage, Page, PuzzlePage
from wordsearch.render.style import TITLE_LINES


def across_down(per_page: int, size: tuple[float, float]) -> tuple[int, int]:
    """Tiles (puzzles or keys) across and down a page of `size` for `per_page` of
    them: two side by side on a landscape page, one over the other on a portrait one;
    four two by two; six three by two, the longer way along the page's longer side."""
    if per_page == 1:
        return 1, 1
    if per_page == 2:
        return (2, 1) if size[0] > size[1] else (1, 2)
    if per_page == 4:
        return 2, 2
    return (3, 2) if size[0] > size[1] else (2, 3)


def title_lines(per_page: int, size: tuple[float, float]) -> int:
    """The lines a long title may take on each of `per_page` tiles of a page of
    `size`: TITLE_LINES for each tile across, so that a title that prints on a page
    alone prints on its narrower tiles too."""
    return TITLE_LINES * across_down(per_page, size)[0]


def tile_size(size: tuple[float, float], per_page: int) -> tuple[float, float]:
    across, down = across_down(per_page, size)
    return size[0] / across, size[1] / down


def tiled(pages: Sequence[PuzzlePage | KeyPage], size: tuple[float, float],
          per_page: int) -> list[Page]:
    """Pages laid out at a tile's size, `per_page` of them to a sheet of `size`
    (one to a sheet: the pages themselves)."""
    if per_page == 1:
        return list(pages)
    across, down = across_down(per_page, size)
    tile_w, tile_h = size[0] / across, size[1] / down
    return [Composite(size, tuple((k % across * tile_w, k // across * tile_h, page)
                                  for k, page in enumerate(pages[first:first + per_page])),
                      family=pages[first].family)
            for first in range(0, len(pages), per_page)]
