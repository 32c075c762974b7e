"""The likeness of a mask's cells to its drawing (make/likeness.py) and the
automatic size it chooses (Mask.automatic_side)."""
from fractions import Fraction

import numpy as np
import pytest
from PIL import Image, ImageDraw

import reference
from test_shape import load_drawing_script
import wordsearch
from wordsearch.directions import COMPASS
from wordsearch.lang.lists import themes
from wordsearch.make import likeness as likeness_module
from wordsearch.make.likeness import likeness
from wordsearch.make.shape import (LEGIBLE_SIDE, LIKENESS, LIKENESS_GROWTH, Mask,
                                   builtin_masks)
from wordsearch.size import GridSize

PETS = themes("en")["pets"].words


def drawn(tmp_path, name, draw, size=(240, 240)):
    image = Image.new("L", size, 255)
    draw(ImageDraw.Draw(image))
    path = tmp_path / f"{name}.png"
    image.save(path)
    return Mask.load(str(path))


def test_a_square_mask_is_exactly_like_its_drawing_at_any_size():
    ink = np.full((50, 50), 255, dtype=np.uint8)
    for side in (3, 7, 10, 31):
        assert likeness(ink, np.ones((side, side), dtype=bool)) == 1


def test_the_likeness_is_an_exact_fraction_so_every_machine_chooses_alike():
    value = Mask.load("cat").likeness(12)
    assert isinstance(value, Fraction) and 0 < value < 1


def test_cells_that_miss_a_part_of_the_drawing_score_lower():
    ink = np.full((60, 60), 255, dtype=np.uint8)
    cells = np.ones((12, 12), dtype=bool)
    notched = cells.copy()
    notched[:4, 4:8] = False  # a notch the drawing has not
    assert likeness(ink, notched) < likeness(ink, cells)


def test_a_cat_at_eight_or_ten_cells_is_a_blob_and_at_twenty_four_a_cat():
    cat = Mask.load("cat")
    assert cat.likeness(8) < LIKENESS and cat.likeness(10) < LIKENESS
    assert cat.likeness(24) >= LIKENESS


def _column_filled(cells):
    """The cells with every column filled from its first cell down: a dome's
    outline over the same cells, the dips between bumps filled in."""
    return np.maximum.accumulate(cells, axis=0)


def test_a_cloud_with_its_bumps_scores_higher_than_a_dome_of_the_same_cells():
    cloud = Mask.load("cloud")
    cells = cloud._scaled(GridSize(cols=17, rows=17))
    dome = _column_filled(cells)
    assert (dome != cells).sum() >= 2  # the dips between the bumps were filled
    assert likeness(cloud.ink, cells) >= LIKENESS
    assert likeness(cloud.ink, dome) < likeness(cloud.ink, cells)


def test_a_fish_whose_waist_is_filled_loses_its_tail():
    fish = Mask.load("fish")
    cells = fish._scaled(GridSize(cols=18, rows=18))
    rectangle = cells.copy()
    rows = np.flatnonzero(cells.any(axis=1))
    rectangle[rows[1]:rows[-1], cells.shape[1] // 2:] = True  # the waist filled in
    assert likeness(fish.ink, cells) >= LIKENESS > likeness(fish.ink, rectangle)


@pytest.mark.parametrize("row, col", [(0, 6), (16, 8), (7, 0)])
def test_a_stray_cell_lowers_the_likeness(row, col):
    # A cell standing out of the top, the bottom or the left of a 15-cell circle,
    # on a grid one cell wider each way (the drawing padded to span it alike).
    circle = Mask.load("circle")
    cells = np.pad(circle._scaled(GridSize(cols=15, rows=15)), 1)
    ink = np.pad(circle.ink, circle.ink.shape[0] // 15)
    stray = cells.copy()
    stray[row, col] = True
    assert not cells[row, col] and likeness(ink, stray) < likeness(ink, cells)


def test_a_circle_of_ten_cells_reads_as_an_octagon_and_of_twelve_as_round():
    circle = Mask.load("circle")
    assert circle.likeness(10) < LIKENESS <= circle.likeness(12)


def test_a_drawing_with_no_features_is_judged_by_its_outline_alone():
    ink = np.full((60, 60), 255, dtype=np.uint8)
    cells = np.ones((12, 12), dtype=bool)
    drawing, shape = likeness_module._lattices(ink, cells)
    assert likeness_module._feature_score(drawing, shape) == 1


@pytest.mark.parametrize("name", builtin_masks())
def test_every_built_in_mask_looks_like_its_picture_at_the_largest_size_grown_to(name):
    mask = Mask.load(name)
    assert mask.likeness(LEGIBLE_SIDE) >= LIKENESS
    assert mask.likeness(LEGIBLE_SIDE) >= mask.likeness(8)  # finer cells, closer outline


def test_a_drawing_too_fine_to_follow_grows_only_so_far(tmp_path):
    # A comb: teeth two pixels wide, which no grid of up to 100 cells follows.
    def comb(d):
        d.rectangle((0, 160, 239, 239), fill=0)
        for x in range(0, 240, 8):
            d.rectangle((x, 0, x + 1, 160), fill=0)
    mask = drawn(tmp_path, "comb", comb)
    first = mask.fitting_side(20, 4, COMPASS)
    chosen = mask.automatic_side(20, 4, COMPASS)
    assert all(mask.likeness(side) < LIKENESS for side in range(first, first + LIKENESS_GROWTH + 1))
    assert first <= chosen <= first + LIKENESS_GROWTH


def test_the_automatic_cat_for_fifteen_words_is_grown_until_its_ears_show():
    words = PETS[:15]
    puzzle = wordsearch.generate(words, mask="cat", seed="cat", beam=512)
    reference.verify(puzzle.to_dict(), [p.word for p in puzzle.words], list(COMPASS))
    assert max(puzzle.rows, puzzle.cols) >= 16
    letters = sum(len(p.word) for p in puzzle.words)
    first = Mask.load("cat").fitting_side(letters, max(len(p.word) for p in puzzle.words),
                                          COMPASS)
    assert first < 16  # the words alone would have taken a blob


def test_a_shape_that_reads_at_the_words_size_is_not_grown():
    words = PETS[:10]
    letters = sum(len(w) for w in words)
    diamond = Mask.load("diamond")
    assert diamond.automatic_side(letters, 8, COMPASS) == diamond.fitting_side(letters, 8,
                                                                               COMPASS)


@pytest.mark.slow
def test_a_house_mask_in_a_hidden_message_puzzle_is_grown_too():
    puzzle = wordsearch.generate(PETS[:8], mask="house", message="HI", seed="m", beam=512)
    house = Mask.load("house")
    sides = [side for side in range(10, LEGIBLE_SIDE + 1)
             if house.across(side).inside.shape == (puzzle.rows, puzzle.cols)]
    assert sides and all(house.likeness(side) >= LIKENESS for side in sides)


def _strays(mask, cells):
    """Cells the drawing has not, found from the drawing's pixels (no code shared
    with Mask._scaled): a cell touching the others at one corner only, or hanging
    by one side along which the drawing runs on three cells or more (a pimple on
    an edge, where a point's or a tail's tip is narrower)."""
    height, width = mask.ink.shape
    rows, cols = cells.shape
    held = np.pad(cells, 1).astype(int)
    found = []
    for r, c in zip(*np.nonzero(cells)):
        up, down = held[r, c + 1], held[r + 2, c + 1]
        left, right = held[r + 1, c], held[r + 1, c + 2]
        corners = held[r, c] + held[r, c + 2] + held[r + 2, c] + held[r + 2, c + 2]
        if up + down + left + right == 0 and corners == 1:
            found.append((int(r), int(c)))
        elif up + down + left + right == 1:
            if up or down:  # the row of pixels along the side it hangs by
                y = min(height - 1, (r + down) * height // rows)
                line, cell = mask.ink[y, :] != 0, width / cols
                centre = (2 * c + 1) * width // (2 * cols)
            else:
                x = min(width - 1, (c + right) * width // cols)
                line, cell = mask.ink[:, x] != 0, height / rows
                centre = (2 * r + 1) * height // (2 * rows)
            gaps = np.flatnonzero(~line)
            start = gaps[gaps < centre].max() + 1 if (gaps < centre).any() else 0
            stop = gaps[gaps > centre].min() if (gaps > centre).any() else len(line)
            if stop - start >= 3 * cell:
                found.append((int(r), int(c)))
    return found


def test_the_old_cats_crown_was_a_stray_cell_and_is_dropped(tmp_path):
    # The cat as drawn before: at 17 cells across, half-covered cells left a single
    # cell of its crown standing between its ears.
    def old_cat(pen):
        pen.ellipse(0.5, 0.58, 0.42, 0.38)
        pen.polygon([(0.1, 0.0), (0.45, 0.28), (0.12, 0.5)])
        pen.polygon([(0.9, 0.0), (0.55, 0.28), (0.88, 0.5)])
    script = load_drawing_script()
    image = Image.new("L", (script.SIZE, script.SIZE), script.PAPER)
    old_cat(script.Pen(ImageDraw.Draw(image)))
    image.save(tmp_path / "old-cat.png")
    mask = Mask.load(str(tmp_path / "old-cat.png"))
    height, width = mask.ink.shape
    side = 17
    scale = min(side / width, side / height)
    coverage = np.asarray(Image.fromarray(mask.ink).resize(
        (round(width * scale), round(height * scale)), Image.Resampling.BOX))
    half_covered = coverage >= 128
    middle = half_covered.shape[1] // 2
    crown = (int(np.flatnonzero(half_covered[:, middle])[0]), middle)  # the head's top
    assert not half_covered[crown[0], middle - 1] and not half_covered[crown[0], middle + 1]
    assert crown in _strays(mask, half_covered)  # found from the drawing's pixels
    cells = mask._scaled(GridSize(cols=side, rows=side))
    assert not cells[crown] and _strays(mask, cells) == []


@pytest.mark.parametrize("name", builtin_masks())
@pytest.mark.parametrize("count", [10, 15, 25])
def test_every_built_in_mask_reads_at_its_automatic_size_with_no_stray_cell(name, count):
    words = [w.replace(" ", "").upper() for w in PETS[:count]]
    mask = Mask.load(name)
    side = mask.automatic_side(sum(map(len, words)), max(map(len, words)), COMPASS)
    assert mask.likeness(side) >= LIKENESS
    cells = mask._scaled(GridSize(cols=side, rows=side))
    assert _strays(mask, cells) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", builtin_masks())
def test_every_built_in_masks_automatic_puzzles_read_as_their_picture(name):
    """The puzzles themselves, as the README's shapes table makes them: verified,
    cut to a size whose likeness passes, with no stray cell in the grid."""
    mask = Mask.load(name)
    for count in (10, 15, 25):
        puzzle = wordsearch.generate(PETS[:count], mask=name, seed="sizes")
        reference.verify(puzzle.to_dict(), [p.word for p in puzzle.words], list(COMPASS))
        cells = np.array([[ch != "." for ch in row] for row in puzzle.grid])
        sides = [side for side in range(10, LEGIBLE_SIDE + 1)
                 if np.array_equal(mask.across(side).inside, cells)]
        assert sides and all(mask.likeness(side) >= LIKENESS for side in sides)
        assert _strays(mask, mask._scaled(GridSize(cols=sides[0], rows=sides[0]))) == []
