"""The library's errors: the option at fault travels with them, across processes too."""
import pickle

import pytest

from wordsearch.errors import (InputError, LayoutError, NoRoom, OutputError, PackingError,
                               WordsearchError, printable)


@pytest.mark.parametrize("cls", [InputError, PackingError, LayoutError, OutputError])
def test_an_error_keeps_its_message_and_option_through_pickling(cls):
    error = pickle.loads(pickle.dumps(cls("a beam of 0 is out of range.", option="beam")))
    assert type(error) is cls and str(error) == "a beam of 0 is out of range."
    assert error.option == "beam" and isinstance(error, WordsearchError)


def test_errors_are_the_builtin_kinds_callers_expect():
    assert issubclass(InputError, ValueError) and issubclass(OutputError, OSError)
    assert InputError("x").option is None
    assert NoRoom(3).word_index == 3 and pickle.loads(pickle.dumps(NoRoom(3))).word_index == 3


@pytest.mark.parametrize("text, shown, where, why", [
    ("Space\x00", "\\x00", 6, "a control character"),
    ("\x1b[31mred", "\\x1b", 1, "a control character"),
    ("caf\udce9", "\\udce9", 4, "it is not UTF-8 text"),
    ("\ud83d", "\\ud83d", 1, "it is not UTF-8 text"),
    ("del\x7f", "\\x7f", 4, "a control character"),
])
def test_text_no_page_can_print_is_refused_naming_the_field_and_the_character(text, shown,
                                                                              where, why):
    with pytest.raises(InputError) as refused:
        printable(text, "field 2", "fields")
    assert str(refused.value) == (f'field 2 has "{shown}" at character {where}, which no page '
                                  f"can print ({why}); remove it or type it again.")
    assert refused.value.option == "fields"


def test_printable_text_passes_white_space_and_all_as_it_is():
    for text in ("", "Ice cream", "Año 3\tB", "Ελληνικά 😀", "a\u200db"):
        assert printable(text, "the title") == text
