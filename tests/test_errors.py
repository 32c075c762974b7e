"""The library's errors: the option at fault travels with them, across processes too."""
import pickle

import pytest

from wordsearch.errors import (InputError, LayoutError, NoRoom, OutputError, PackingError,
                               WordsearchError)


@pytest.mark.parametrize("cls", [InputError, PackingError, LayoutError, OutputError])
def test_an_error_keeps_its_message_and_option_through_pickling(cls):
    error = pickle.loads(pickle.dumps(cls("a beam of 0 is out of range.", option="beam")))
    assert type(error) is cls and str(error) == "a beam of 0 is out of range."
    assert error.option == "beam" and isinstance(error, WordsearchError)


def test_errors_are_the_builtin_kinds_callers_expect():
    assert issubclass(InputError, ValueError) and issubclass(OutputError, OSError)
    assert InputError("x").option is None
    assert NoRoom(3).word_index == 3 and pickle.loads(pickle.dumps(NoRoom(3))).word_index == 3
