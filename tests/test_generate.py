"""generate(): options, honest failures, reproducibility."""
import json
import re
import subprocess
import sys

import pytest

import reference
import wordsearch
from wordlists import draw, read_list
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, PackingError
from wordsearch.make.generate import usable_cores
from wordsearch.puzzle import Puzzle


def check(puzzle: Puzzle, words, directions=None):
    forms = [wordsearch.parse_words([w]).words[0].form for w in words]
    reference.verify(puzzle.to_dict(), forms, list(directions or puzzle.directions))


def test_a_puzzle_hides_every_word_exactly_once():
    words = draw(12, seed=1)
    puzzle = wordsearch.generate(words, seed="abc")
    check(puzzle, words, wordsearch.directions.COMPASS)
    assert [p.label for p in puzzle.words] == [w.capitalize() for w in words]


@pytest.mark.parametrize("difficulty, allowed", [("easy", {"E", "S"}),
                                                 ("medium", {"E", "S", "SE", "SW"})])


@pytest.mark.slow
def test_only_allowed_directions_are_used(difficulty, allowed):
    for seed in range(5):
        puzzle = wordsearch.generate(draw(10, seed=seed), difficulty=difficulty, seed=str(seed))
        assert set(puzzle.directions) == allowed
        assert {p.direction for p in puzzle.words} <= allowed


def test_palindromes_count_once():
    words = ["level", "racecar", "noon", "kayak", "refer"]
    for seed in range(10):
        check(wordsearch.generate(words, seed=str(seed)), words)


@pytest.mark.slow
def test_the_same_code_gives_the_same_puzzle_and_threads_never_change_it():
    words = draw(15, seed=3)
    first = wordsearch.generate(words, seed=None, threads=1)
    assert first.code
    for threads in (1, 2, 3):
        again = wordsearch.generate(words, seed=first.code, threads=threads)
        assert again.to_json() == first.to_json()


def test_packing_threads_are_capped_at_the_usable_cores(packs):
    wordsearch.generate(["apple", "banana", "cherry"], seed="t1", threads=64)
    wordsearch.generate(["apple", "banana", "cherry"], seed="t1")
    assert [pack["threads"] for pack in packs] == [usable_cores(), usable_cores()]


@pytest.mark.slow
def test_different_codes_give_different_layouts():
    words = draw(10, seed=4)
    grids = {wordsearch.generate(words, seed=str(s), grid=12).grid for s in range(5)}
    assert len(grids) == 5


@pytest.mark.slow  # processes of their own
def test_same_seed_in_separate_processes_gives_identical_json(tmp_path):
    script = ("import sys, wordsearch; sys.stdout.write(wordsearch.generate("
              "['planet', 'rocket', 'galaxy', 'orbit', 'comet', 'star'], seed='same', "
              "difficulty='hard').to_json())")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=True, cwd=tmp_path, env={"PYTHONHASHSEED": str(n)}).stdout
               for n in (1, 2)}
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["code"] == "same"


@pytest.mark.slow
def test_the_automatic_size_is_small_and_reported():
    puzzle = wordsearch.generate(["hello"], seed="x")
    assert (puzzle.rows, puzzle.cols) == (5, 5)
    words = draw(20, seed=5)
    puzzle = wordsearch.generate(words, seed="x")
    letters = sum(len(w) for w in words)
    assert puzzle.rows == puzzle.cols and puzzle.rows ** 2 < 1.6 * letters
    check(puzzle, words)


# Twelve words a child might read, which the automatic grid packs into 8 x 8.
CHILDREN = ["apple", "bread", "chair", "daisy", "eagle", "flute", "grape", "horse", "igloo",
            "juice", "kite", "lemon"]


def test_a_smallest_grid_keeps_a_tight_list_from_a_tight_grid():
    assert wordsearch.generate(CHILDREN, seed="kid").rows == 8
    puzzle = wordsearch.generate(CHILDREN, seed="kid", min_grid=10)
    assert (puzzle.rows, puzzle.cols) == (10, 10)
    check(puzzle, CHILDREN, COMPASS)


def test_a_smallest_grid_still_grows_for_a_long_word():
    words = ["constellations", "sun", "moon", "star"]  # 14 letters
    puzzle = wordsearch.generate(words, seed="kid", min_grid=10)
    assert puzzle.rows == puzzle.cols >= 14
    check(puzzle, words, COMPASS)


@pytest.mark.parametrize("min_grid", [3, 8])
def test_a_smallest_grid_below_the_automatic_size_changes_nothing(min_grid):
    assert (wordsearch.generate(CHILDREN, seed="kid", min_grid=min_grid).to_json()
            == wordsearch.generate(CHILDREN, seed="kid").to_json())


def test_a_rectangular_grid_is_columns_by_rows():
    puzzle = wordsearch.generate(draw(6, seed=6), grid="12x8", seed="r")
    assert (puzzle.cols, puzzle.rows) == (12, 8)
    size = wordsearch.GridSize(cols=4, rows=3)
    assert wordsearch.generate(["sun"], grid=size, seed="r").cols == 4


def test_a_word_too_long_for_a_fixed_grid_is_named():
    with pytest.raises(PackingError) as exc:
        wordsearch.generate(["mountaineering", "sun", "hippopotamus"], grid=10, difficulty="easy")
    assert str(exc.value) == (
        '"mountaineering" (14 letters), "hippopotamus" (12 letters) are longer than the 10×10 '
        "grid allows in directions E, S (at most 10 letters); use a bigger grid, more "
        "directions, or remove them.")


def test_a_diagonal_only_puzzle_measures_the_diagonal():
    with pytest.raises(PackingError, match=r"at most 5 letters"):
        wordsearch.generate(["abcdef"], grid="5x9", directions=["se"])


def test_words_that_do_not_fit_a_fixed_grid_fail_naming_one():
    with pytest.raises(PackingError) as exc:
        wordsearch.generate(["apple", "grape", "lemon", "melon", "peach", "mango", "guava",
                             "berry", "olive", "onion"], grid=5, seed="s", difficulty="easy")
    message = str(exc.value)
    assert message.startswith("could not build the puzzle: ")
    assert "did not fit in the 5×5 grid" in message
    assert message.endswith("Try a bigger grid, more directions or fewer words.")


def test_a_word_that_did_not_fit_once_blocked_words_were_set_aside_says_so():
    """The first pack of these twelve words in 8x8 is lost to blocked words spelled
    across their own letters; the second, pruned, finds no room for ALLOW. Saying
    only that ALLOW did not fit would hide that the grid was full of layouts
    spelling blocked words."""
    words = ["library", "reason", "lantern", "limit", "allow", "number", "ticket", "thunder",
             "market", "window", "tomato", "tunnel"]
    with pytest.raises(PackingError) as exc:
        wordsearch.generate(words, grid=8, seed="s75", beam=64)
    assert str(exc.value) == (
        'could not build the puzzle: "allow" did not fit in the 8×8 grid once the layouts '
        "spelling a blocked word, such as ACNE, across the words' own letters were set "
        "aside. Try a bigger grid or fewer words.")


def test_a_grid_whose_every_layout_read_a_word_twice_is_packed_again_dropping_them(packs):
    """Down only, the beam keeps the layouts that stack these words in one column,
    and every one reads NAN twice; 5x5 and 6x6 hold them, so a 10x10 grid must too.
    The pack that drops layouts reading a word twice makes it on the same grid,
    where the grid used to be refused with the advice to make it bigger."""
    words = ["ana", "nan", "naan", "anna"]
    puzzle = wordsearch.generate(words, grid=10, directions=["s"], seed="x")
    assert [pack["prune_blocked"] for pack in packs] == [False, True] and puzzle.rows == 10
    reference.verify(puzzle.to_dict(), [w.upper() for w in words], ["S"])


def test_a_pruned_pack_looks_past_the_beam_for_a_last_word_that_reads_once(packs):
    """Down-right only, every one of the beam's 8,192 finished layouts read AAAAA
    twice, in the pack that prunes too, though 6x6 to 15x15 hold the words. The last
    word's children after the beam's hold layouts that read each word once, and the
    20x20 grid is made where it was refused."""
    words = ["aaa", "aaaa", "aaaaa"]
    puzzle = wordsearch.generate(words, grid=20, directions=["se"], seed="x")
    assert [pack["prune_blocked"] for pack in packs] == [False, True] and puzzle.rows == 20
    reference.verify(puzzle.to_dict(), [w.upper() for w in words], ["SE"])


@pytest.mark.parametrize("kwargs, message", [
    ({"beam": 0}, "a beam of 0 is out of range; use 1 to 131072."),
    ({"grid": "3x"}, 'the grid size "3x" is not a size; write N for N x N or WxH (columns x '
                     'rows), for example 15 or 20x12.'),
    ({"grid": 200}, "a grid side of 200 is out of range; use 3 to 100 cells."),
    ({"seed": "  "}, "a seed must not be blank; give any text, or none for a new code."),
    ({"directions": ["e"], "difficulty": "easy"}, "give either directions or a difficulty, not both."),
    ({"beam": 131072, "grid": 100}, "a beam of 131072 on a 100×100 grid needs 2502 MB of memory; "
                                    "use a smaller beam."),
])
def test_bad_options_are_input_errors(kwargs, message):
    with pytest.raises(InputError) as exc:
        wordsearch.generate(["sun", "moon"], **kwargs)
    assert str(exc.value) == message


@pytest.mark.slow
@pytest.mark.parametrize("name", ["us_states", "elements", "compound_words"])
def test_lists_as_teachers_write_them_make_verified_puzzles(name):
    """Kansas in Arkansas, Tin in Platinum and Nitrogen, Erbium in Terbium in
    Ytterbium, ball in football: at the default beam, with an automatic grid."""
    words = list(read_list(f"{name}.txt"))
    puzzle = wordsearch.generate(words, seed=f"teacher-{name}")
    reference.verify(puzzle.to_dict(), [w.upper().replace(" ", "") for w in words],
                     list(COMPASS))
    assert puzzle.has_inside and puzzle.to_dict()["inside"] == "ignored"


def test_a_word_inside_several_others_chains_reversals_and_palindromes():
    words = ["tin", "actinium", "platinum", "nitrogen", "erbium", "terbium", "ytterbium",
             "rats", "star", "level", "bevel", "noon", "afternoon"]
    puzzle = wordsearch.generate(words, seed="chains", beam=1024)
    reference.verify(puzzle.to_dict(), [w.upper() for w in words], list(COMPASS))
    inside = {p.word: set(p.inside) for p in puzzle.words}
    assert inside["TIN"] == {"ACTINIUM", "PLATINUM", "NITROGEN"}
    assert inside["ERBIUM"] == {"TERBIUM", "YTTERBIUM"} and inside["TERBIUM"] == {"YTTERBIUM"}
    assert inside["RATS"] == {"STAR"} and inside["STAR"] == {"RATS"}
    assert inside["LEVEL"] == inside["BEVEL"] == set()
    assert inside["NOON"] == {"AFTERNOON"}  # a palindrome: its two readings are one
    with pytest.raises(InputError, match='"tin" lies inside "actinium"'):
        wordsearch.generate(words, seed="chains", strict=True)


def test_a_list_no_layout_can_read_once_names_the_word():
    """Over two letters in a 4x3 grid, every layout the packer finishes spells ABB a
    second time in other words' letters; the message says which word."""
    with pytest.raises(PackingError) as caught:
        wordsearch.generate(["abb", "aaaa", "bab", "bbbb"], grid="4x3", seed="t", beam=16)
    assert str(caught.value) == ('could not build the puzzle: every layout in the 4×3 grid '
                                 'spelled "abb" twice. Try a bigger grid or fewer words.')


def test_pictures_never_change_the_grid():
    """(A list of pictures alone only changes the default directions: MakeOptions.)"""
    plain = wordsearch.generate(["cat", "dog", "horse"], seed="pic-ture", difficulty="easy")
    pictured = wordsearch.generate(["cat", "dog", "horse"], seed="pic-ture", pictures="only")
    assert pictured.grid == plain.grid
    beside = wordsearch.generate(["cat", "dog", "horse"], seed="pic-ture", pictures="beside")
    assert beside.grid == wordsearch.generate(["cat", "dog", "horse"], seed="pic-ture").grid
    assert [p.picture for p in pictured.words] == [
        "openmoji:1F408", "openmoji:1F415", "openmoji:1F40E"]


@pytest.mark.slow
def test_a_themes_words_get_its_pictures_and_ones_own_come_first(tmp_path):
    own = tmp_path / "lion.svg"
    own.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">'
                   '<circle cx="1" cy="1" r="1"/></svg>')
    puzzle = wordsearch.generate(theme="animals", random=28, seed="pic-ture",
                                 picture={"Lion": str(own)})
    assert puzzle.pictures == "beside"  # one's own picture implies pictures beside
    pictures = {p.label: p.picture for p in puzzle.words}
    assert pictures["Lion"] == str(own) and pictures["Elephant"] == "openmoji:1F418"
    assert pictures["Cheetah"] == ""  # no picture fits it


def test_pictures_only_refuses_words_without_one():
    with pytest.raises(InputError, match="there is no picture for Aardvark, Okapi; give each"):
        wordsearch.generate(["cat", "aardvark", "okapi"], pictures="only")


@pytest.mark.parametrize("choices, message", [
    (dict(pictures="sideways"), 'pictures "sideways" is not a way to show them'),
    (dict(picture={"cat": "cat.gif"}), 'the picture file "cat.gif" is neither PNG nor SVG'),
    (dict(picture={"cat": "1F4"}), "is not an emoji's codepoints"),
    (dict(picture={"tiger": "1F405"}), 'a picture is given for "tiger", which is not one of'),
])
def test_picture_choices_are_refused_naming_them(choices, message):
    with pytest.raises(InputError, match=re.escape(message)):
        wordsearch.generate(["cat", "dog"], **choices)


# Clue puzzles: the clues come with the words (or a theme's, built in); the grid is
# the same as the words alone make.

def test_clues_do_not_change_the_grid():
    words = ["kitten", "puppy", "calf", "foal"]
    clues = ["a baby cat", "a young dog", "a young cow", "a young horse"]
    plain = wordsearch.generate(words, seed="clue-grid")
    clued = wordsearch.generate([f"{w}: {c}" for w, c in zip(words, clues)], seed="clue-grid")
    assert clued.grid == plain.grid
    assert [(p.word, p.row, p.col, p.direction) for p in clued.words] == \
        [(p.word, p.row, p.col, p.direction) for p in plain.words]
    assert [p.clue for p in clued.words] == clues
    assert clued.clue_language == "en" and plain.clue_language == ""


def test_a_themes_built_in_clues_make_a_definitions_puzzle():
    from importlib import resources
    clues = json.loads(resources.files("wordsearch.lang").joinpath(
        "data", "clues", "en-en.json").read_text(encoding="utf-8"))["fruit"]
    puzzle = wordsearch.generate(theme="fruit", clues=True, random=6, seed="defs")
    assert puzzle.clue_language == "en" and len(puzzle.words) == 6
    for p in puzzle.words:
        assert p.clue == clues[p.label.lower()]
    assert puzzle.grid == wordsearch.generate(theme="fruit", random=6, seed="defs").grid


def test_a_theme_word_with_no_clue_is_refused_naming_it(monkeypatch):
    from wordsearch.lang import lists
    real = lists.clues("en", "en")
    partial = {"fruit": {w: c for w, c in real["fruit"].items() if w != "apple"}}
    monkeypatch.setattr(lists, "clues", lambda grid, clue: partial)
    with pytest.raises(InputError) as caught:
        wordsearch.generate(theme="fruit", clues=True, seed="x")
    assert str(caught.value).startswith('the theme "fruit" has no built-in clue in English for '
                                        '"apple"; write your own clues')


def test_a_spanish_grid_takes_english_clues_from_a_theme(monkeypatch):
    """The language learner's puzzle: the Spanish theme's words with English clues
    (the data's es-en.json, given here so that the test does not wait for it)."""
    from wordsearch.lang import lists
    words = lists.themes("es")["animals"].words
    given = {"animals": {w: f"the {w} in English" for w in words}}
    monkeypatch.setattr(lists, "clues",
                        lambda grid, clue: given if (grid, clue) == ("es", "en") else {})
    puzzle = wordsearch.generate(theme="animals", language="es", clues=True,
                                 clue_language="en", random=5, seed="es-en")
    assert puzzle.language == "es" and puzzle.clue_language == "en"
    assert {p.clue for p in puzzle.words} <= set(given["animals"].values())
    assert all(p.clue for p in puzzle.words)


@pytest.mark.parametrize("choices, message, option", [
    ({"clues": True}, "built-in clues come with a theme", "clues"),
    ({"clue_language": "el"}, "a clue language (Greek) is given, but the words have no clues",
     "clue_language"),
    ({"clue_language": "xx"}, 'the clue language: "xx" is not a language', "clue_language"),
])
def test_clue_options_that_make_no_sense_are_refused(choices, message, option):
    with pytest.raises(InputError) as caught:
        wordsearch.generate(["kitten", "puppy"], seed="x", **choices)
    assert message in str(caught.value) and caught.value.option == option


@pytest.mark.slow
def test_a_clue_puzzles_hidden_message_lists_the_added_words_as_themselves():
    puzzle = wordsearch.generate(["kitten: a baby cat", "puppy: a young dog"],
                                 message="hi there", seed="clue-msg")
    assert puzzle.clue_language == "en" and puzzle.leftover() == "HITHERE"
    added = [p for p in puzzle.words if p.added]
    assert added and all(not p.clue for p in added)
    assert all(p.clue for p in puzzle.words if not p.added)
    assert wordsearch.Puzzle.from_json(puzzle.to_json()) == puzzle


def test_a_themes_pictures_alone_draw_only_words_with_a_picture():
    puzzle = wordsearch.generate(theme="farm", random=10, seed="pic-farm", pictures="only")
    assert len(puzzle.words) == 10 and all(p.picture for p in puzzle.words)
    with pytest.raises(InputError, match='the theme "farm" with a picture has only'):
        wordsearch.generate(theme="farm", random=20, seed="pic-farm", pictures="only")


def test_a_words_own_picture_makes_a_picture_puzzle_and_the_web_names_no_file(tmp_path):
    own = tmp_path / "cow.png"
    import cairo
    cairo.ImageSurface(cairo.FORMAT_RGB24, 3, 2).write_to_png(str(own))
    puzzle = wordsearch.generate(["pig = 1f416", f"cow = {own}", "horse"], seed="own-lines")
    assert puzzle.pictures == "beside"
    assert [p.picture for p in puzzle.words] == ["openmoji:1F416", str(own), "openmoji:1F40E"]
    with pytest.raises(InputError, match="is a file, which a puzzle made here may not name"):
        wordsearch.generate([f"cow = {own}", "horse"], picture_files=False)
