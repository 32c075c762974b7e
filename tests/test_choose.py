"""Lists without typing: themes and words drawn from a dictionary."""
import json

import pytest

import wordsearch
from conftest import examples
from wordsearch import lang
from wordsearch.errors import InputError
from wordsearch.lang import lists
from wordsearch.make import choose


def forms(puzzle) -> list[str]:
    return [p.word for p in puzzle.words]


def child_words(code: str) -> set[str]:
    """A child's words: the child list and the themes' words, folded."""
    language = lang.get(code)
    return {language.fold(w) for w in lists.child(code)} | {
        language.fold(w) for t in lists.themes(code).values() for w in t.words}


def test_random_words_come_from_the_childs_words_with_the_puzzles_seed():
    one = wordsearch.generate(random=12, seed="r1", grid=15, beam=64)
    again = wordsearch.generate(random=12, seed="r1", grid=15, beam=64)
    other = wordsearch.generate(random=12, seed="r2", grid=15, beam=64)
    assert one == again and forms(one) != forms(other)
    assert len(one.words) == 12 and set(forms(one)) <= child_words("en")


@pytest.mark.slow
@pytest.mark.parametrize("code", ["en", "de", "sk"])
def test_the_adult_level_draws_from_the_whole_dictionary(code):
    language = lang.get(code)
    dictionary = {language.fold(w) for w in lists.dictionary(code)}
    child = child_words(code)
    drawn = set()
    for seed in range(5):
        drawn |= {language.fold(w) for w in choose.pick(language, theme=None, count=40,
                                                         seed=seed, longest=12, level="adult")}
    assert drawn <= dictionary | child
    assert drawn - child, "200 words of the adult level all at the child level"


def test_no_drawn_word_lies_inside_another():
    for seed in range(examples(20)):
        picked = [lang.get("en").fold(w) for w in choose.pick(
            lang.get("en"), theme=None, count=40, seed=seed, longest=12)]
        for a in picked:
            assert not any(a != b and (a in b or a[::-1] in b) for b in picked), a


def test_drawn_words_fit_a_fixed_grid():
    puzzle = wordsearch.generate(random=8, seed="small", grid=7, beam=64)
    assert max(len(w) for w in forms(puzzle)) <= 7


def test_a_theme_gives_its_words_and_its_title():
    theme = lists.themes("en")["animals"]
    puzzle = wordsearch.generate(theme="animals", seed="t", beam=64)
    assert sorted(p.label.casefold() for p in puzzle.words) == sorted(
        w.casefold() for w in theme.words)
    assert puzzle.to_dict()["theme"] == "animals"
    picked = wordsearch.generate(theme="animals", random=10, seed="t", beam=64)
    assert len(picked.words) == 10 and {p.label.casefold() for p in picked.words} <= {
        w.casefold() for w in theme.words}


@pytest.mark.parametrize("code", ["en", "es", "fr", "de"])
def test_every_theme_is_made_whole_its_words_counted_by_their_grid_letters(code):
    """"Hot chocolate" has 12 letters, not 13: spaces and hyphens are not in the grid;
    and a theme's long words go in a grid grown for them."""
    language = lang.get(code)
    for name, theme in lists.themes(code).items():
        grid_forms = wordsearch.parse_words(list(theme.words), language=code).words
        longest = max(len(word.form) for word in grid_forms)
        assert choose.pick(language, theme=name, count=None, seed=1,
                           longest=longest) == list(theme.words)
    with pytest.raises(InputError, match="longer than"):
        choose.pick(language, theme=next(iter(lists.themes(code))), count=None, seed=1,
                    longest=3)


@pytest.mark.slow
def test_a_theme_with_words_of_two_parts_makes_a_puzzle():
    puzzle = wordsearch.generate(theme="breakfast", seed="two-parts", beam=64)
    assert "HOTCHOCOLATE" in forms(puzzle) and "Hot chocolate" in {p.label for p in puzzle.words}


def test_a_themes_two_word_entries_are_one_word_labelled_as_written():
    """"paddling pool" is the 12 letters PADDLINGPOOL (it was measured with its space,
    13, and the whole theme refused on a grid of 12 across); its label is "Paddling
    pool", as the data writes it, not "Paddling Pool"; French "pomme de terre" is
    "Pomme de terre"."""
    english = lang.get("en")
    assert "paddling pool" in choose.pick(english, theme="summer", count=None, seed=1,
                                          longest=12)
    labels = {p.word: p.label for p in wordsearch.generate(theme="summer", seed="two",
                                                           grid=15, beam=64).words}
    assert labels["ICECREAM"] == "Ice cream" and labels["PADDLINGPOOL"] == "Paddling pool"
    assert labels["FLIPFLOPS"] == "Flip-flops"
    french = {p.word: p.label for p in wordsearch.generate(theme="vegetables", language="fr",
                                                           seed="two", grid=15,
                                                           beam=64).words}
    assert french["POMMEDETERRE"] == "Pomme de terre" and french["CHOUFLEUR"] == "Chou-fleur"


def test_every_copy_of_a_set_draws_its_own_words(run, tmp_path):
    result = run("--random", "6", "-g", "10", "--copies", "3", "--seed", "c", "-o",
                 str(tmp_path / "set.json"))
    assert result.exit_code == 0, result.stderr
    doc = json.loads((tmp_path / "set.json").read_text())
    picks = [tuple(w["word"] for w in puzzle["words"]) for puzzle in doc["puzzles"]]
    assert len(set(picks)) == 3


@pytest.mark.parametrize("options, message", [
    (dict(theme="dragons"), '"dragons" is not a theme in English; its themes are: '),
    (dict(random=0), "--random 0 is out of range; draw 1 to 2,000 words."),
    (dict(theme="animals", random=500), 'the theme "animals" has only '),
    (dict(words=["cat"], random=3), "give your own words or a theme or random words, not both."),
])
def test_bad_picks_are_refused_clearly(options, message):
    words = options.pop("words", ())
    with pytest.raises(InputError) as caught:
        wordsearch.generate(words, seed="x", **options)
    assert str(caught.value).startswith(message)


def test_the_command_lists_themes_and_titles_a_theme_puzzle(run):
    listed = run("--list-themes")
    assert listed.exit_code == 0 and listed.stdout.splitlines()[0].split()[0] in lists.themes("en")
    assert len(listed.stdout.splitlines()) == len(lists.themes("en"))
    made = run("--theme", "animals", "--random", "8", "--seed", "a")
    assert made.exit_code == 0 and made.stdout.startswith(lists.themes("en")["animals"].title)
    both = run("--theme", "animals", "cat")
    assert both.exit_code == 2 and "not both" in both.stderr


def test_a_theme_in_another_language_gives_its_words_in_every_copy(run, tmp_path):
    result = run("--language", "es", "--theme", "animals", "--random", "6", "--copies", "2",
                 "-g", "12", "--seed", "es", "-o", str(tmp_path / "set.json"))
    assert result.exit_code == 0, result.stderr
    doc = json.loads((tmp_path / "set.json").read_text())
    spanish = {w.casefold() for w in lists.themes("es")["animals"].words}
    for puzzle in doc["puzzles"]:
        assert puzzle["language"] == "es" and puzzle["theme"] == "animals"
        assert {w["label"].casefold() for w in puzzle["words"]} <= spanish


def test_a_language_without_themes_says_so_and_points_to_random():
    with pytest.raises(InputError) as caught:
        wordsearch.generate(theme="animals", language="it", seed="x")
    assert str(caught.value) == ("Italian has no built-in themes yet (English, Spanish, French "
                                 "and German have); use --random to draw from its dictionary.")


# Built-in clues: lang/data/clues/GRID-CLUE.json, read here from the file itself.

def _clue_file(grid: str, clue: str) -> dict:
    from importlib import resources
    path = resources.files("wordsearch.lang").joinpath("data", "clues", f"{grid}-{clue}.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_built_in_clue_is_for_a_word_of_its_theme_and_prints():
    from wordsearch.errors import printable
    from wordsearch.make.words import MAX_CLUE
    folder = lists._data("clues")
    files = sorted(f.name for f in folder.iterdir() if f.name.endswith(".json"))
    assert "en-en.json" in files
    for name in files:
        grid, clue = name[:-len(".json")].split("-")
        assert grid in lang.codes() and clue in lang.codes(), name
        themes = lists.themes(grid)
        for theme, clues in _clue_file(grid, clue).items():
            assert theme in themes, (name, theme)
            assert set(clues) <= set(themes[theme].words), (name, theme)
            for word, text in clues.items():
                assert text.strip() == text and 0 < len(text) <= MAX_CLUE, (name, word)
                assert ":" not in text[:1] and printable(text, word)
                if grid == clue:  # a definition does not give its word away
                    assert lang.get(grid).fold(word) not in lang.get(grid).fold(text), word


def test_a_themes_clues_are_read_from_its_file():
    assert choose.theme_clues(lang.get("en"), "Animals", lang.get("en")) == \
        _clue_file("en", "en")["animals"]


def test_a_theme_without_clues_in_a_language_is_refused_naming_it():
    with pytest.raises(InputError) as caught:
        choose.theme_clues(lang.get("en"), "animals", lang.get("el"))
    assert str(caught.value).startswith('the theme "animals" has no built-in clues in Greek; '
                                        "it has them in English")
    assert caught.value.option == "clues"
