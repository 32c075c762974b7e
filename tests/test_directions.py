import pytest

from wordsearch.directions import COMPASS, DIFFICULTIES, mask, parse_directions, resolve
from wordsearch.errors import InputError

ALIASES = {
    "E": ["east", "right", "e", "r", "E", "Right"],
    "W": ["west", "left", "w", "l"],
    "S": ["south", "down", "s", "d"],
    "N": ["north", "up", "n", "u"],
    "SE": ["southeast", "downright", "se", "dr"],
    "SW": ["southwest", "downleft", "sw", "dl"],
    "NE": ["northeast", "upright", "ne", "ur"],
    "NW": ["northwest", "upleft", "nw", "ul"],
}


@pytest.mark.parametrize("code, alias", [(c, a) for c, names in ALIASES.items() for a in names])
def test_every_alias_names_its_compass_direction(code, alias):
    assert parse_directions([alias]) == (code,)


def test_the_original_example_means_right_and_down():
    assert parse_directions(["r,d"]) == ("E", "S")


def test_lists_combine_and_come_back_in_compass_order():
    assert parse_directions(["w, n", "dr", "n"]) == ("N", "SE", "W")


@pytest.mark.parametrize("spec, message", [
    (["sideways"], '"sideways" is not a direction'),
    ([","], "no directions given"),
])
def test_bad_directions_are_refused(spec, message):
    with pytest.raises(InputError, match=message):
        parse_directions(spec)


@pytest.mark.parametrize("difficulty, expected", [
    ("easy", ("E", "S")), ("medium", ("E", "SE", "S", "SW")), ("hard", COMPASS)])
def test_difficulty_presets(difficulty, expected):
    assert resolve(None, difficulty) == DIFFICULTIES[difficulty] == expected


def test_all_eight_by_default_and_not_both_ways_at_once():
    assert resolve(None, None) == COMPASS
    with pytest.raises(InputError, match="either directions or a difficulty"):
        resolve(["e"], "easy")
    with pytest.raises(InputError, match='"brutal" is not a difficulty'):
        resolve(None, "brutal")


def test_mask_bits_follow_compass_order():
    assert mask(["N"]) == 1 and mask(["NW"]) == 128 and mask(COMPASS) == 255
