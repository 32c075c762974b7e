"""The API's options: each lands in one stage's value, named as its field, and a
value of the wrong shape or out of the server's range is refused naming it."""
import dataclasses
import json

import pytest

from wordsearch.errors import InputError
from wordsearch.make.options import MakeOptions
from wordsearch.render.look import Look, PageOptions
from wordsearch.web import options


def _names(cls) -> set[str]:
    return {f.name for f in dataclasses.fields(cls) if f.init}


def test_every_option_is_a_field_of_its_stage_value():
    for name, (where, _) in options.OPTIONS.items():
        if where == options.GENERATE:
            assert options.NEGATED.get(name, name) in _names(MakeOptions), name
        else:
            assert name == "page_size" or where == options.PLAY or \
                name in _names(PageOptions) | _names(Look), name


def test_the_play_pages_options_are_kept_with_the_pages():
    request = options.parse({"words": ["apple"], "show_answers": False, "title": "Fruit"})
    assert request.page == {"show_answers": False, "title": "Fruit"}
    assert "show_answers" in request.stored()


def test_options_are_sorted_by_stage_in_the_order_given():
    request = options.parse({"title": "Fruit", "words": ["apple", "pear"], "grid": 8,
                             "hide_words": True, "no_added_words": False, "seed": None})
    assert request.words == ["apple", "pear"]
    assert request.generate == {"grid": 8, "no_added_words": False}
    assert request.page == {"title": "Fruit", "hide_words": True}
    assert options.arguments(request.generate) == {"grid": 8, "added_words": True}
    assert list(request.stored()) == ["words", "grid", "no_added_words", "title", "hide_words"]


@pytest.mark.parametrize("body, wrong", [
    ([], "JSON object"),
    ({"colour": "red"}, 'unknown option "colour"'),
    ({"beam": "wide"}, '"beam" should be a whole number'),
    ({"strict": 1}, '"strict" should be true or false'),
    ({"fields": "Name"}, '"fields" should be a list of text'),
    ({"grid": [15]}, '"grid" should be a number or text'),
    ({"min_grid": "10"}, '"min_grid" should be a whole number'),
    ({"clues": "yes"}, '"clues" should be true or false'),
    ({"clue_language": ["en"]}, '"clue_language" should be text'),
])
def test_a_value_of_the_wrong_shape_is_a_bad_request(body, wrong):
    with pytest.raises(options.BadRequest, match=wrong):
        options.parse(body)


@pytest.mark.parametrize("body, option", [
    ({"beam": options.MAX_BEAM + 1}, "beam"),
    ({"grid": options.MAX_SIDE + 1}, "grid"),
    ({"min_grid": options.MAX_SIDE + 1}, "min_grid"),
    ({"min_grid": 2}, "min_grid"),
    ({"title": "x" * (options.MAX_TEXT + 1)}, "title"),
    ({"mask": "unicorn"}, "mask"),
    ({"list_order": "random"}, "list_order"),
    ({"words": ["w"] * (options.MAX_WORDS + 1)}, "words"),
])
def test_a_value_out_of_range_names_its_option(body, option):
    with pytest.raises(InputError) as caught:
        options.parse(body)
    assert caught.value.option == option


@pytest.mark.parametrize("body, message", [
    ({"beam": 9000}, "a beam of 9,000 is more than the server's most, 8,192; ask for 8,192 or less."),
    ({"beam": 0}, "a beam of 0 is too narrow; ask for at least 1."),
    ({"random": 0}, "0 words drawn at random: ask for at least 1."),
    ({"random": 101}, "101 words drawn at random are more than the 100 a list can have; ask "
                      "for 100 or fewer."),
    ({"copies": 0}, "0 copies: ask for at least 1."),
    ({"copies": 45}, "45 copies is more than the 40 a set can have; ask for 40 or fewer."),
    ({"keys_per_page": 3}, "3 answer keys to a page is not a layout; use 1, 2 or 4."),
    ({"title": "x" * 250}, "the title is 250 characters long; the most is 200."),
    ({"fields": ["Name", "x" * 41]}, "field 2 is 41 characters long; the most is 40."),
    ({"page_size": ""}, "the page size is blank; choose one of letter, letter-landscape, "),
    ({"language": " "}, "the language is blank; choose one of cs, de, el, en, "),
    ({"difficulty": ""}, "the difficulty is blank; choose easy, medium or hard."),
    ({"seed": ""}, "the seed is blank; write any text, or leave it out for a new puzzle."),
    ({"theme": ""}, "the theme is blank; choose a theme, or leave it out to give your own "
                    "words."),
    ({"list_order": ""}, "the list order is blank; choose alphabetical or given."),
    ({"clue_language": ""}, "the clue language is blank; choose one of cs, de, el, en, "),
    ({"mask": ""}, "the mask is blank; choose one of apple, "),
    ({"grid": " "}, "the grid size is blank; write a side such as 15, or columns x rows such "
                    "as 20x12, or leave it out."),
    ({"directions": ["E", " "]}, "direction 2 is blank; name one such as right or down, or "
                                 "remove it."),
    ({"fields": ["Name", ""]}, "field 2 is blank; write a label such as Name, or remove it."),
    ({"students": ["Ana", "Bo", ""]}, "student name 3 is blank; write a name or remove the "
                                      "line."),
])
def test_a_refused_value_is_said_in_plain_words_and_a_blank_one_as_blank(body, message):
    with pytest.raises(InputError) as caught:
        options.parse(body, with_set=True)
    assert str(caught.value).startswith(message)
    assert caught.value.option == next(iter(body))


def test_a_blank_title_and_blank_lines_of_words_are_allowed():
    assert options.parse({"title": "", "words": ["sun", ""]}).page == {"title": ""}


def test_set_options_only_where_a_set_is_made():
    with pytest.raises(options.BadRequest, match='unknown option "copies"'):
        options.parse({"copies": 3})
    assert options.parse({"copies": 3}, with_set=True).set == {"copies": 3}


def test_a_smallest_grid_goes_to_the_making_and_is_kept_with_the_puzzle():
    request = options.parse({"words": ["sun"], "min_grid": 10})
    assert options.arguments(request.generate) == {"min_grid": 10}
    assert request.stored() == {"words": ["sun"], "min_grid": 10}
    with pytest.raises(InputError) as caught:
        options.parse({"min_grid": 41})
    assert str(caught.value) == ("a smallest grid of 41 cells a side is more than the web page "
                                 "makes; ask for 40 or fewer.")


def test_json_nested_too_deep_is_refused_before_the_parser_runs(monkeypatch):
    # brackets inside strings are text, and escaped quotes do not end a string
    text = br'{"words": [["[[[[[[[[[[[[[[[[[[\"{{{{"]]}'
    assert options.read_json(text) == json.loads(text)
    deep = b"[" * options.MAX_DEPTH + b"]" * options.MAX_DEPTH
    assert options.read_json(deep) == json.loads(deep)
    monkeypatch.setattr(options.json, "loads", lambda *a, **k: pytest.fail("parsed"))
    for text in (b"[" * 100_000, b"[" * (options.MAX_DEPTH + 1) + b"]" * (options.MAX_DEPTH + 1),
                 b'{"a": ' * 9 + b"1" + b"}" * 9):
        with pytest.raises(options.BadRequest, match="lists or objects .* deep"):
            options.read_json(text)


def test_a_long_number_is_kept_uncounted_for_its_option_to_refuse():
    read = options.read_json(b'{"beam": %s, "grid": -%s, "copies": 12345678901234567890}'
                             % (b"7" * 60_000, b"3" * 21))
    assert read["copies"] == 12345678901234567890
    assert isinstance(read["beam"], options.LongNumber) and read["beam"].digits == 60_000
    assert f"{read['grid']}" == "-333333… (21 digits)"
    with pytest.raises(InputError, match="too narrow") as refused:
        options.parse({"words": ["sun"], "beam": read["grid"]})
    assert refused.value.option == "beam"
    with pytest.raises(InputError, match="keys to a page is not a layout; use 1, 2 or 4"):
        options.parse({"words": ["sun"], "keys_per_page": read["beam"]}, with_set=True)
    with pytest.raises(options.BadRequest, match='"title" should be text, not a number of '
                                                 '60,000 digits'):
        options.parse({"words": ["sun"], "title": read["beam"]})


@pytest.mark.parametrize("data", [b"\xff{}", b"{'words': []}", b'{"words": ["sun"]', b""])
def test_what_is_not_json_is_a_bad_request(data):
    with pytest.raises(options.BadRequest, match="the request is not JSON"):
        options.read_json(data)


def test_words_are_left_to_the_librarys_own_check_of_their_letters():
    assert options.parse({"words": ["su\x00n", "ice\tcream"]}).words == ["su\x00n", "ice\tcream"]
    with pytest.raises(InputError, match='the seed has "\\\\x07" at character 2') as refused:
        options.parse({"words": ["sun"], "seed": "a\x07"})
    assert refused.value.option == "seed"
