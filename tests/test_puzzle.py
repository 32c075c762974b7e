import json
import re

import pytest

import wordsearch
from wordsearch.errors import InputError
from wordsearch.puzzle import Puzzle


@pytest.fixture(scope="module")
def puzzle():
    return wordsearch.generate(["Ice cream", "café", "sundae", "waffle"], seed="k3x9-q2",
                               difficulty="medium")


def test_document_has_the_designed_keys(puzzle):
    doc = json.loads(puzzle.to_json())
    assert list(doc) == ["format", "code", "rows", "cols", "grid", "directions", "language",
                         "case", "blocklist", "unsuitable", "short_unsuitable", "words"]
    assert doc["case"] == "upper" and doc["blocklist"] is True and doc["unsuitable"] is True
    assert doc["short_unsuitable"] is True
    assert doc["language"] == "en"
    assert doc["format"] == "wordsearch/1" and doc["code"] == "k3x9-q2"
    assert doc["directions"] == ["E", "SE", "S", "SW"]
    assert len(doc["grid"]) == doc["rows"] and {len(r) for r in doc["grid"]} == {doc["cols"]}
    assert [w["label"] for w in doc["words"]] == ["Ice cream", "Café", "Sundae", "Waffle"]
    assert [w["word"] for w in doc["words"]] == ["ICECREAM", "CAFE", "SUNDAE", "WAFFLE"]
    assert set(doc["words"][0]) == {"label", "word", "row", "col", "direction"}


def test_round_trip(puzzle):
    assert Puzzle.from_json(puzzle.to_json()) == puzzle


def _edited(puzzle, **changes):
    doc = json.loads(puzzle.to_json())
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize("edit, message", [
    (lambda p: "{not json", "not a readable puzzle document"),
    (lambda p: _edited(p, format="other/9"), 'not a puzzle document: "format" should be'),
    (lambda p: _edited(p, rows=99), '"rows" and "cols" do not match "grid"'),
    (lambda p: _edited(p, directions=["E"]), "which the puzzle does not allow"),
    (lambda p: _edited(p, grid=["Q" * p.cols] * p.rows), "is not at row"),
    (lambda p: _edited(p, words=[{"label": "x"}]), "not a readable puzzle document"),
])
def test_a_broken_document_is_refused(puzzle, edit, message):
    with pytest.raises(InputError, match=message):
        Puzzle.from_json(edit(puzzle))


@pytest.mark.parametrize("language", [None, "xx", 3])
def test_a_document_in_an_unknown_language_is_refused(puzzle, language):
    doc = json.loads(puzzle.to_json())
    doc["language"] = language
    with pytest.raises(InputError, match='the document\'s "language" is'):
        Puzzle.from_json(json.dumps(doc))


@pytest.fixture(scope="module")
def states():
    return wordsearch.generate(["Kansas", "Arkansas", "Texas"], seed="in", beam=64)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("inside"), '"inside" is None; it should be "ignored"'),
    (lambda d: d.update(inside="counted"), '"inside" is \'counted\'; it should be "ignored"'),
    (lambda d: d["words"][0].update(inside=["KANSAS"]), '"Kansas" lies inside ARKANSAS, but '
                                                        "the document says ['KANSAS']"),
    (lambda d: d["words"][0].update(inside=[]), '"Kansas" lies inside ARKANSAS, but the '
                                                "document says []"),
    (lambda d: d["words"][2].update(inside=["ARKANSAS"]), '"Texas" lies inside no other word'),
])
def test_a_document_must_name_exactly_the_words_each_lies_inside(states, change, message):
    doc = json.loads(states.to_json())
    assert doc["inside"] == "ignored" and doc["words"][0]["inside"] == ["ARKANSAS"]
    change(doc)
    with pytest.raises(InputError, match=re.escape(message)):
        Puzzle.from_json(json.dumps(doc))


def test_a_document_without_words_inside_others_has_no_inside_key(puzzle):
    doc = json.loads(puzzle.to_json())
    doc["inside"] = "ignored"
    with pytest.raises(InputError, match='"inside" is \'ignored\'; it should be'):
        Puzzle.from_json(json.dumps(doc))


def test_a_picture_puzzles_document_keeps_its_pictures():
    puzzle = wordsearch.generate(["cat", "dog", "aardvark"], seed="pic-ture", pictures="beside")
    doc = puzzle.to_dict()
    assert doc["pictures"] == "beside"
    assert [w.get("picture") for w in doc["words"]] == ["openmoji:1F408", "openmoji:1F415", None]
    assert Puzzle.from_json(puzzle.to_json()) == puzzle


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(pictures="sideways"), '"pictures" is \'sideways\'; it should be one of'),
    (lambda d: d.pop("pictures"), '"Cat" has a "picture", but the document has no "pictures"'),
    (lambda d: d["words"][0].update(picture=7), '"picture" of word 1 in "words" is 7'),
])
def test_a_picture_puzzles_document_is_checked(change, message):
    doc = wordsearch.generate(["cat", "dog"], seed="pic-ture", pictures="beside").to_dict()
    change(doc)
    with pytest.raises(InputError, match=re.escape(message)):
        Puzzle.from_dict(doc)


# Clue puzzles: "clue" per word and "clue_language" kept, and checked, in the document.

@pytest.fixture(scope="module")
def clued():
    return wordsearch.generate(["kitten: a baby cat", "clock: it says 10:30",
                                "puppy: a young dog"], seed="clues-json", language="en",
                               clue_language="es")


def test_a_clue_puzzle_keeps_its_clues_and_their_language(clued):
    doc = json.loads(clued.to_json())
    assert doc["clue_language"] == "es"
    assert [(w["word"], w["clue"]) for w in doc["words"]] == [
        ("KITTEN", "a baby cat"), ("CLOCK", "it says 10:30"), ("PUPPY", "a young dog")]
    assert Puzzle.from_json(clued.to_json()) == clued
    plain = wordsearch.generate(["kitten", "clock"], seed="clues-json")
    assert "clue_language" not in plain.to_dict() and not plain.has_clues
    assert all("clue" not in w for w in plain.to_dict()["words"])


def _clue_edit(puzzle, edit):
    doc = json.loads(puzzle.to_json())
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.pop("clue_language"), '"Kitten" has a "clue", but the document has no '
                                       '"clue_language"'),
    (lambda d: d["words"][1].pop("clue"), '"Clock" has no "clue", but the document\'s other '
                                          "words have"),
    (lambda d: [w.pop("clue") for w in d["words"]], '"clue_language" is given, but no word '
                                                    'has a "clue".'),
    (lambda d: d.update(clue_language="xx"), 'the document\'s "clue_language" is \'xx\''),
    (lambda d: d["words"][0].update(clue=7), '"clue" of word 1 in "words" is 7; it should be '
                                             "a string."),
    (lambda d: d["words"][0].update(clue="a\x07"), 'the "clue" of "Kitten" has "\\x07"'),
])
def test_a_document_with_clues_that_do_not_agree_is_refused(clued, edit, message):
    with pytest.raises(InputError) as caught:
        Puzzle.from_json(_clue_edit(clued, edit))
    assert message in str(caught.value)
