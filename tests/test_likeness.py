"""The likeness of a mask's cells to its drawing (make/likeness.py) and the
automatic size it chooses (Mask.automatic_side)."""
from fractions import Fraction

import numpy as np
import pytest
from PIL import Image, ImageDraw

import reference
import wordsearch
from wordsearch.directions import COMPASS
from wordsearch.lang.lists import themes
from wordsearch.make.likeness import likeness
from wordsearch.make.shape import (LEGIBLE_SIDE, LIKENESS, LIKENESS_GROWTH, Mask,
                                   builtin_masks)

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


def test_a_cat_at_eight_or_ten_cells_is_a_blob_and_at_twenty_a_cat():
    cat = Mask.load("cat")
    assert cat.likeness(8) < LIKENESS and cat.likeness(10) < LIKENESS
    assert cat.likeness(20) >= LIKENESS


def test_the_outline_counts_not_the_area():
    # A circle and a cat at 10 cells: both cover their ink about as well, but only
    # the circle keeps its outline (the cat's ears are a cell or two).
    assert Mask.load("circle").likeness(10) >= LIKENESS > Mask.load("cat").likeness(10)


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
    circle = Mask.load("circle")
    assert circle.automatic_side(letters, 8, COMPASS) == circle.fitting_side(letters, 8, COMPASS)


def test_a_house_mask_in_a_hidden_message_puzzle_is_grown_too():
    puzzle = wordsearch.generate(PETS[:8], mask="house", message="HI", seed="m", beam=512)
    house = Mask.load("house")
    sides = [side for side in range(10, LEGIBLE_SIDE + 1)
             if house.across(side).inside.shape == (puzzle.rows, puzzle.cols)]
    assert sides and all(house.likeness(side) >= LIKENESS for side in sides)
