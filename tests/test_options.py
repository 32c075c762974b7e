"""MakeOptions: what to make, checked once where it is made, the same puzzle however
it reaches generate()."""
import dataclasses

import pytest

from wordsearch import lang
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError
from wordsearch.make.generate import generate
from wordsearch.make.options import MakeOptions
from wordsearch.make.shape import Mask
from wordsearch.size import GridSize


def test_loose_values_are_made_exact_once():
    options = MakeOptions(language="ES", grid="12x9", mask="heart", directions=["right", "down"],
                          seed="  abc ", block_words=["uno"])
    assert options.language is lang.get("es")
    assert options.grid == GridSize(cols=12, rows=9)
    assert isinstance(options.mask, Mask)
    assert options.allowed == ("E", "S")
    assert options.seed == "abc"
    assert options.block_words == ("uno",)
    assert options.but(beam=64) == dataclasses.replace(options, beam=64)


@pytest.mark.parametrize("choices, option", [
    ({"beam": 0}, "beam"),
    ({"time_limit": 0}, "time_limit"),
    ({"directions": ["E"], "difficulty": "easy"}, "directions"),
    ({"difficulty": "fiendish"}, "difficulty"),
    ({"grid": "0x0"}, "grid"),
    ({"mask": "no-such-mask"}, "mask"),
    ({"min_grid": 2}, "min_grid"),
    ({"min_grid": 101}, "min_grid"),
    ({"min_grid": "10"}, "min_grid"),
    ({"min_grid": True}, "min_grid"),
    ({"min_grid": 10, "grid": 12}, "min_grid"),
])
def test_a_bad_choice_is_refused_when_the_options_are_made(choices, option):
    with pytest.raises(InputError) as caught:
        MakeOptions(**choices)
    assert caught.value.option == option


def test_changed_options_are_checked_again():
    with pytest.raises(InputError):
        MakeOptions().but(beam=10 ** 9)


def test_the_value_and_its_fields_give_the_same_puzzle():
    words = ["sun", "moon", "star", "comet"]
    by_value = generate(words, MakeOptions(grid=7, difficulty="medium", seed="same", beam=64))
    by_fields = generate(words, grid=7, difficulty="medium", seed="same", beam=64)
    assert by_value == by_fields


def test_a_value_and_fields_at_once_are_refused():
    with pytest.raises(TypeError):
        generate(["sun", "moon"], MakeOptions(), seed="x")


@pytest.mark.parametrize("choices, message", [
    ({"min_grid": 101}, "a smallest grid side of 101 is out of range; use 3 to 100 cells."),
    ({"min_grid": "10"}, "the smallest grid side '10' is not a number; give a whole number of "
                         "cells, for example 10."),
    ({"min_grid": 10, "grid": "12x9"},
     "a fixed grid size (12×9) and a smallest automatic grid side (10) together: a fixed grid "
     "never grows, so the smallest side has nothing to choose. Choose one of them."),
])
def test_a_smallest_grid_is_a_side_a_grid_may_have_and_never_beside_a_fixed_grid(choices,
                                                                                 message):
    with pytest.raises(InputError) as caught:
        MakeOptions(**choices)
    assert str(caught.value) == message


def test_the_smallest_grid_is_none_by_default_and_any_side_a_grid_may_have():
    assert MakeOptions().min_grid is None
    assert MakeOptions(min_grid=3).min_grid == 3 and MakeOptions(min_grid=100).min_grid == 100


@pytest.mark.parametrize("given, allowed", [
    ({}, ("E", "S")),                                  # pre-readers: the youngest's directions
    ({"difficulty": "hard"}, COMPASS),
    ({"directions": "e,se"}, ("E", "SE")),
])
def test_a_list_of_pictures_alone_reads_left_to_right_and_down_unless_told(given, allowed):
    assert MakeOptions(pictures="only", **given).allowed == allowed
    assert MakeOptions(pictures="beside").allowed == COMPASS  # readers: as any list
