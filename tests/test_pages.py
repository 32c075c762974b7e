"""The printed pages: what a PDF reader, a printer and a teacher see.

Poppler's command-line tools (pdfinfo, pdffonts, pdftotext; installed by
install.sh) read the PDFs as any reader would; pixels are checked on the pages
drawn to PNG."""
import io
import math

import numpy as np
import pytest
from PIL import Image

import wordsearch
from conftest import FRUIT, pdf_info, pdf_of, pdf_text, png_of
from wordlists import draw
from wordsearch.make.shape import builtin_masks
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render import layout, pages, paper
from wordsearch.render.look import PageOptions
from wordsearch.render.model import GridBox


def test_a_pdf_has_the_puzzle_then_the_key_at_the_page_size(fruit):
    data = pdf_of(fruit, size=paper.page_size("a4-landscape"), title="Fruit")
    info = pdf_info(data)
    assert "Pages:           2" in info
    assert "Page size:       841.89 x 595.28 pts (A4)" in info or \
        "Page size:       841.89 x 595.28 pts" in info
    assert "Title:           Fruit" in info


def test_the_puzzle_page_text_is_the_grid_row_by_row_the_word_list_and_the_code(fruit):
    data = pdf_of(fruit, title="Fruit", fields=("Name", "Date"), show_directions=True)
    lines = pdf_text(data, 1).splitlines()
    rows = ["".join(line.split()) for line in lines]
    start = rows.index(fruit.grid[0])
    assert rows[start:start + fruit.rows] == list(fruit.grid)
    text = "\n".join(lines)
    assert lines[0] == "Fruit" and "Name:" in text and "Date:" in text
    assert "Words run in all eight directions: ↑ ↗ → ↘ ↓ ↙ ← ↖" in text
    for word in FRUIT:  # labels as typed, accents kept
        assert word.capitalize() in text or word in text, word
    assert f"Puzzle · code {fruit.code}" in text


def test_the_key_page_names_the_title_and_carries_the_same_code(fruit):
    data = pdf_of(fruit, title="Fruit")
    key = pdf_text(data, 2)
    assert key.startswith("Answer key: Fruit\n")
    assert f"Answer key · code {fruit.code}" in key
    rows = ["".join(line.split()) for line in key.splitlines()]
    assert fruit.grid[0] in rows


def test_no_key_and_key_only(fruit):
    assert "Pages:           1" in pdf_info(pdf_of(fruit, pages=("puzzle",)))
    only_key = pdf_of(fruit, pages=("key",))
    assert "Pages:           1" in pdf_info(only_key)
    assert pdf_text(only_key, 1).startswith("Answer key\n")


def test_the_same_puzzle_gives_the_same_bytes(fruit):
    """Two PDFs made in the same second are alike even with a date in them, so the
    date itself must be missing: Cairo writes one unless told not to."""
    data = pdf_of(fruit, title="T")
    assert data == pdf_of(fruit, title="T")
    assert b"/CreationDate" not in data and b"/ModDate" not in data


# Three shapes in the quick tier (a round one, one with points, one with holes in
# its outline), every one in the full run.
QUICK_MASKS = ("heart", "star", "cat")


@pytest.mark.parametrize("name", [name if name in QUICK_MASKS else
                                  pytest.param(name, marks=pytest.mark.slow)
                                  for name in builtin_masks()])
def test_every_built_in_mask_renders_with_no_ink_outside_the_shape(name):
    puzzle = wordsearch.generate(draw(10, seed=7, max_len=7), mask=name, seed=name, beam=256)
    chosen = dict(title=name.capitalize(), dpi=72)
    data = pdf_of(puzzle, **chosen)
    assert "Pages:           2" in pdf_info(data)
    rows = ["".join(line.split()) for line in pdf_text(data, 1).splitlines()]
    letters = [row.replace(".", "") for row in puzzle.grid]
    start = rows.index(letters[0])
    assert rows[start:start + len(letters)] == letters
    for page, image in zip(layout.layouts(puzzle, PageOptions(**chosen)), png_of(puzzle, **chosen)):
        ink = ink_map(image)
        box = page.grid
        for r, row in enumerate(puzzle.grid):
            for c, ch in enumerate(row):
                if ch == ".":
                    assert not cell_pixels(ink, box, r, c, scale=1).any(), (name, page, r, c)
                else:
                    assert cell_pixels(ink, box, r, c, scale=1).any(), (name, r, c)


def ink_map(png: bytes) -> np.ndarray:
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    return (pixels < 250).any(axis=-1)


def cell_pixels(ink: np.ndarray, box: GridBox, r: int, c: int, scale: float,
                inset: float = 0.12) -> np.ndarray:
    """The pixels of a cell, less a border where lines between cells may fall."""
    x0, y0 = box.x + (c + inset) * box.cell, box.y + (r + inset) * box.cell
    x1, y1 = box.x + (c + 1 - inset) * box.cell, box.y + (r + 1 - inset) * box.cell
    return ink[math.ceil(y0 * scale):int(y1 * scale), math.ceil(x0 * scale):int(x1 * scale)]


@pytest.mark.slow
def test_answer_outlines_lie_along_their_words_and_nowhere_else(fruit):
    chosen = dict(pages=("key",), dpi=144)
    scale = 2
    (page,) = layout.layouts(fruit, PageOptions(**chosen))
    (image,) = png_of(fruit, **chosen)
    pixels = np.asarray(Image.open(io.BytesIO(image)).convert("RGB")).astype(int)
    coloured = (pixels.max(axis=-1) - pixels.min(axis=-1)) > 60  # not white, grey or black
    box = page.grid
    ys, xs = np.nonzero(coloured)
    px, py = xs / scale, ys / scale
    nearest = np.full(px.shape, np.inf)
    for p in fruit.words:
        (x0, y0), (x1, y1) = box.centre(*p.cells()[0]), box.centre(*p.cells()[-1])
        dx, dy = x1 - x0, y1 - y0
        t = np.clip(((px - x0) * dx + (py - y0) * dy) / max(dx * dx + dy * dy, 1e-9), 0, 1)
        distance = np.hypot(px - (x0 + t * dx), py - (y0 + t * dy))
        nearest = np.minimum(nearest, distance)
        # Both long sides of the outline are drawn beside every letter of the word.
        half = pages.OUTLINE_HALF[dx != 0 and dy != 0] * box.cell
        nx, ny = -dy / math.hypot(dx, dy), dx / math.hypot(dx, dy)
        for r, c in p.cells():
            cx, cy = box.centre(r, c)
            for side in (-1, 1):
                x, y = (cx + side * half * nx) * scale, (cy + side * half * ny) * scale
                window = coloured[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3]
                assert window.any(), (p.label, r, c, side)
    widest = max(pages.OUTLINE_HALF.values()) * box.cell + box.cell * 0.06
    assert nearest.max() <= widest, "colour away from every word"


def test_filler_is_lighter_than_word_letters_on_the_key():
    puzzle = Puzzle("k", ("SUN", "QXZ", "JVW"), ("E",), (Placement("Sun", "SUN", 0, 0, "E"),))
    chosen = dict(pages=("key",), dpi=72)
    (page,) = layout.layouts(puzzle, PageOptions(**chosen))
    pixels = np.asarray(Image.open(io.BytesIO(png_of(puzzle, **chosen)[0])).convert("L"))

    def darkest(r, c):
        return cell_pixels(pixels, page.grid, r, c, scale=1, inset=0.25).min()

    assert all(darkest(0, c) < 60 for c in range(3))
    assert all(120 < darkest(r, c) < 200 for r in (1, 2) for c in range(3))


