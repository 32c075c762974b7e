"""The alphabet table: letters to the codes the C core sees, and back."""
import numpy as np
import pytest

from wordsearch import _core
from wordsearch.lang.alphabet import Alphabet


def test_codes_run_from_one_in_the_order_of_the_letters():
    greek = Alphabet("ΑΒΓΔ")
    assert greek.encode("ΓΑΔ").tolist() == [3, 1, 4]
    assert [greek.decode(c) for c in (1, 2, 3, 4)] == list("ΑΒΓΔ")
    assert greek.is_letter("Β") and not greek.is_letter("B") and len(greek) == 4


def test_a_word_list_as_the_core_takes_it():
    letters, offsets = Alphabet("ABC").encode_list(["CAB", "BA"])
    assert letters.dtype == np.uint8 and offsets.dtype == np.int32
    assert letters.tolist() == [3, 1, 2, 2, 1] and offsets.tolist() == [0, 3, 5]


def test_no_letter_takes_a_reserved_code():
    letters = Alphabet("".join(chr(0x100 + i) for i in range(_core.MAX_LETTER)))
    codes = letters.encode(letters.letters)
    assert _core.EMPTY not in codes and _core.BLOCKED not in codes


def test_a_letter_named_twice_is_refused():
    with pytest.raises(ValueError, match="each letter once"):
        Alphabet("ABA")
