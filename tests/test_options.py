"""MakeOptions: what to make, checked once where it is made, the same puzzle however
it reaches generate()."""
import dataclasses

import pytest

from wordsearch import lang
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
