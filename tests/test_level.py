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


def test_a_fruit_list_is_about_fruit_and_near_its_neighbours():
    topic = level.topic(lang.get("en"), forms("en", FRUIT))
    assert topic.themes == ("fruit",)
    assert "vegetables" in topic.near and "food" in topic.near
    assert "fruit" not in topic.near and "dinosaurs" not in topic.near


def test_one_fruit_among_many_words_is_no_topic():
    words = ["apple", "train", "chair", "river", "happy", "green", "paper", "robot"]
    assert level.topic(lang.get("en"), forms("en", words)) == level.NO_TOPIC


def test_the_theme_asked_for_is_the_topic():
    assert level.topic(lang.get("es"), (), "farm").themes == ("farm",)


def test_a_language_without_themes_has_no_topic():
    assert level.topic(lang.get("sk"), forms("sk", ["pes", "mačka"]), "animals") == level.NO_TOPIC


@pytest.mark.parametrize("code, typed, theme", [
    ("en", ["dog", "cat", "hamster", "parrot", "table"], "pets"),
    ("es", ["vaca", "oveja", "cerdo", "gallina", "mesa"], "farm"),
    ("fr", ["vache", "mouton", "cochon", "poule", "table"], "farm"),
    ("de", ["Kuh", "Schaf", "Schwein", "Huhn", "Tisch"], "farm"),
])
def test_a_teachers_own_list_is_about_the_theme_its_words_are_in(code, typed, theme):
    """No theme asked for: the words themselves name it, in every language with
    themes; its words come first, then those of the themes near it (animals)."""
    topic = level.topic(lang.get(code), forms(code, typed))
    assert topic.themes == (theme,) and "animals" in topic.near
    tiers = level.words(lang.get(code), "child", topic)
    own, animals = (lists.themes(code)[name].words for name in (theme, "animals"))
    assert {tiers[w] for w in own} == {level.TOPIC}
    assert {tiers[w] for w in animals if w not in own} == {level.NEAR}
    assert level.THEMES in tiers.values()


def test_topic_words_come_in_the_lowest_tier_and_the_level_decides_the_rest():
    english = lang.get("en")
    fruit = level.Topic(("fruit",))
    child = level.words(english, "child", fruit)
    adult = level.words(english, "adult", fruit)
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
    about = level.topic(lang.get("en"), forms("en", FRUIT))
    topic = forms("en", [w for name in about.themes + about.near
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
def test_a_pets_sheet_typed_by_a_teacher_gets_pets_words_first():
    """Six pets typed, no theme asked for: the fill takes a pets word wherever one
    fits before the words of the themes near it (animals, house ...). When the
    topic and its neighbours were one tier, 1 added word in 64 was a pet's."""
    pets = forms("en", lists.themes("en")["pets"].words)
    words = []
    for seed in range(6):
        words += added(wordsearch.generate(["dog", "cat", "hamster", "parrot", "rabbit",
                                            "goldfish"], message="Well done class",
                                           seed=f"p{seed}"))
    assert sum(w in pets for w in words) * 5 >= len(words), words


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
