"""Words files that hold several puzzles: # lines, titles, and where errors point."""
import re

import pytest

from conftest import numbered
from wordsearch.errors import InputError
from wordsearch.make.sections import split_sections

LISTS = """# Week 1: Fruit
apple
banana
cherry
grape

# Week 2: Space
sun
moon
star
planet
"""


def test_a_hash_line_begins_a_titled_puzzle():
    sections = split_sections(numbered(LISTS))
    assert [(s.title, s.line) for s in sections] == [("Week 1: Fruit", 1), ("Week 2: Space", 7)]
    assert [w.form for w in sections[1].words.words] == ["SUN", "MOON", "STAR", "PLANET"]


def test_a_file_without_hash_lines_is_one_puzzle_and_words_before_the_first_are_their_own():
    (only,) = split_sections(["sun", "moon", (1, "star")])
    assert only.title == "" and only.line is None and len(only.entries) == 3
    first, second = split_sections(numbered("sun\nmoon\n# Later\nstar\nplanet"))
    assert (first.title, second.title) == ("", "Later")


@pytest.mark.parametrize("text, message", [
    ("# Week 1\napple\n# Week 2\n\n# Week 3\nsun",
     'the puzzle "Week 2" (line 3) has no words; list them one per line after its # line '
     '(or give only a > line: a hidden message with words of the dictionary).'),
    ("# Week 1\n> Hello\napple\n> Bye", "line 4: a second hidden message for one puzzle (the "
     "first is on line 2); give each puzzle one > line."),
    ("# Week 1\n>\napple", "line 2: a > line needs the hidden message after the >, such as "
     "> See you at the zoo."),
    ("#\napple", "line 1: a # line needs a title after the #, such as # Week 1."),
    ("# Week 1\napple\n# Week\x002\nsun", 'the title on line 3 has "\\x00" at character 5, '
     "which no page can print (a control character); remove it or type it again."),
])
def test_bad_sections_are_refused_naming_the_line(text, message):
    with pytest.raises(InputError) as caught:
        split_sections(numbered(text))
    assert str(caught.value) == message


def test_a_bad_word_is_reported_with_its_line_and_section():
    sections = split_sections(numbered("# Week 1\napple\n# Week 2\nsun\nm00n"))
    with pytest.raises(InputError) as caught:
        sections[1].words
    assert str(caught.value).startswith('in the puzzle "Week 2" (line 3):\n"m00n" (line 5) has')


def test_a_quoted_line_gives_its_puzzle_a_hidden_message():
    first, second, third = split_sections(numbered(
        "> Well done\nsun\nmoon\n# Week 2\nstar\n  > See you at the zoo!\nplanet\n"
        "# Week 3\n> Only a message"))
    assert (first.message, first.entries) == ("Well done", ((2, "sun"), (3, "moon")))
    assert second.message == "See you at the zoo!" and len(second.entries) == 2
    assert third.message == "Only a message" and third.entries == ()
    assert split_sections(numbered("sun\n# Week 2\nstar"))[1].message is None
    assert split_sections(["> not a message line"])[0].message is None  # words, not a file


@pytest.mark.parametrize("text, language, message", [
    ("# Week 1\n> Meet at 3\nsun\nmoon", "en",
     "line 2: the message \"Meet at 3\" has the digit '3': a grid holds letters only"),
    ("# Week 1\nsun\n# Week 2\n> Adiós, niño\nsol", "en", None),  # English folds them
    ("# Woche 1\n> Grüße\nHund", "fr", "line 2: the message \"Grüße\" has 'ß'"),
])
def test_a_quoted_lines_message_is_refused_naming_its_line_not_the_option(text, language,
                                                                          message):
    if message is None:
        assert split_sections(numbered(text), language=language)[1].message == "Adiós, niño"
        return
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        split_sections(numbered(text), language=language)
    assert caught.value.option is None  # the file's line, not --message
