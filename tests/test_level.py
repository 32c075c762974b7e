"""The words the program chooses: a child's words by default, the whole dictionary
at the adult level, and a puzzle's topic first (make/level.py)."""
import pytest

import wordsearch
from wordsearch import lang
from wordsearch.errors import InputError
from wordsearch.lang import lists
from wordsearch.make import level
from wordsearch.make.options import MakeOptions
from wordsearch.make.words import parse_entry

FRUIT = ["apple", "banana", "cherry", "grape", "lemon", "mango", "peach", "pear", "plum", "kiwi"]


def forms(code: str, texts) -> set[str]:
    language = lang.get(code)
    return {parse_entry(w, None, language).form for w in texts}


@pytest.mark.parametrize("given, name", [("child", "child"), (" Adult ", "adult")])
def test_a_level_is_read_in_any_case(given, name):
    assert MakeOptions(level=given).level == name


def test_an_unknown_level_is_refused_naming_the_field_and_both_levels():
    with pytest.raises(InputError) as caught:
        MakeOptions(level="teen")
    assert caught.value.option == "level"
    assert "'teen'" in str(caught.value) and "child" in str(caught.value) \
        and "adult" in str(caught.value)


def test_a_fruit_list_is_about_fruit_and_its_neighbours():
    topics = level.topic(lang.get("en"), forms("en", FRUIT))
    assert "fruit" in topics and "vegetables" in topics and "food" in topics
    assert "dinosaurs" not in topics


def test_one_fruit_among_many_words_is_no_topic():
    words = ["apple", "train", "chair", "river", "happy", "green", "paper", "robot"]
    assert "fruit" not in level.topic(lang.get("en"), forms("en", words))


def test_the_theme_asked_for_is_the_topic():
    assert "farm" in level.topic(lang.get("es"), (), "farm")


def test_a_language_without_themes_has_no_topic():
    assert level.topic(lang.get("sk"), forms("sk", ["pes", "mačka"]), "animals") == ()


def test_topic_words_come_in_the_lowest_tier_and_the_level_decides_the_rest():
    english = lang.get("en")
    child = level.words(english, "child", ("fruit",))
    adult = level.words(english, "adult", ("fruit",))
    assert child["banana"] == level.TOPIC and adult["banana"] == level.TOPIC
    assert set(child) < set(adult)
    assert not set(child) - set(lists.child("en")) - {
        w for t in lists.themes("en").values() for w in t.words}
    themes = {w for t in lists.themes("en").values() for w in t.words}
    assert {t for w, t in child.items() if w in themes - set(lists.themes("en")["fruit"].words)} \
        == {level.THEMES}
    assert {t for w, t in child.items() if w not in themes} == {level.LEVEL}


def added(puzzle) -> list[str]:
    return [w.word for w in puzzle.words if w.added]


@pytest.mark.slow
def test_a_childs_message_puzzle_adds_only_a_childs_words_and_its_topics_first():
    child = forms("en", list(lists.child("en")) + [
        w for t in lists.themes("en").values() for w in t.words])
    topic = forms("en", [w for name in level.topic(lang.get("en"), forms("en", FRUIT))
                         for w in lists.themes("en")[name].words])
    words = []
    for seed in range(4):
        words += added(wordsearch.generate(FRUIT, message="Well done class", seed=f"l{seed}",
                                           min_grid=10, beam=64))
    assert words and set(words) <= child
    # about 200 topic words among some 3,000 a child knows (7%): first, they are a
    # third or more of what is added (letters already on a segment rule most out)
    assert sum(w in topic for w in words) * 3 > len(words), words


@pytest.mark.slow
def test_the_adult_level_may_add_any_dictionary_word():
    child = forms("en", list(lists.child("en")) + [
        w for t in lists.themes("en").values() for w in t.words])
    words = []
    for seed in range(4):
        words += added(wordsearch.generate(["train", "chair", "river", "robot"],
                                           message="See you tomorrow", seed=f"a{seed}",
                                           min_grid=10, beam=64, level="adult"))
    assert set(words) <= forms("en", lists.dictionary("en")) | child
    assert set(words) - child


@pytest.mark.slow
def test_the_command_takes_a_level_and_refuses_an_unknown_one(run):
    made = run("--level", "adult", "--message", "See you soon", "--seed", "cli-level",
               "--format", "json", "train", "chair", "river", "robot")
    assert made.exit_code == 0, made.stderr
    want = wordsearch.generate(["train", "chair", "river", "robot"], message="See you soon",
                               seed="cli-level", level="adult")
    assert '"' + want.grid[0] + '"' in made.stdout
    refused = run("--level", "teen", "sun")
    assert refused.exit_code != 0 and "word level 'teen'" in refused.output
