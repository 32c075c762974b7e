"""Sizes: one type for a grid's, named by columns and rows; one W x H parser."""
import dataclasses

import pytest

from wordsearch.size import GridSize, parse_wxh


def test_a_grid_size_is_named_never_a_bare_pair():
    size = GridSize(cols=20, rows=12)
    assert (size.cols, size.rows) == (20, 12) and str(size) == "20×12"
    with pytest.raises(TypeError):
        GridSize(20, 12)
    with pytest.raises(dataclasses.FrozenInstanceError):
        size.cols = 3


@pytest.mark.parametrize("text, pair", [
    ("20x12", (20, 12)), (" 20 x 12 ", (20, 12)), ("20×12", (20, 12)), ("20X12", (20, 12)),
    ("20*12", (20, 12)), ("612.5x792", (612.5, 792)),
])
def test_w_x_h_in_every_spelling(text, pair):
    assert parse_wxh(text) == pair


@pytest.mark.parametrize("text", ["20", "x12", "20x", "20 by 12", "-3x4", "a4"])
def test_what_is_not_w_x_h(text):
    assert parse_wxh(text) is None
