"""Words to look for (wordsearch.solver.dictionary): entries folded by a language
into grid forms, each once with its first spelling as its label, every bad entry
named with its line; the whole text folded at once, through bytes when it is long,
exactly as word by word; letter codes in the order of code points; and the trie
built once."""
import random

import numpy as np
import pytest

import wordsearch
from wordsearch import _core, lang
from wordsearch.errors import InputError
from wordsearch.solver import Dictionary
from wordsearch.solver.dictionary import MAX_LETTERS, encode, fold_entries, letter_codes

EN = lang.get("en")


def test_entries_fold_to_grid_forms_each_once_with_its_first_spelling():
    forms, labels, problems = fold_entries(
        ["Ice cream", "ice-cream", "", "  ", "Café", "rock 'n' roll", "CAFE"], EN)
    assert forms == ["ICECREAM", "CAFE", "ROCKNROLL"]
    assert labels == ["Ice cream", "Café", "rock 'n' roll"]
    assert problems == []


@pytest.mark.parametrize("code, entries, forms", [
    ("de", ["Straße", "STRASSE"], ["STRASSE"]),
    ("es", ["niño", "nino"], ["NIÑO", "NINO"]),        # Ñ is a letter of its own
    ("en", ["niño"], ["NINO"]),                         # accents are dropped
    ("en", ["a\u200bb"], ["AB"]),                       # an invisible format character
])
def test_folding_is_the_languages(code, entries, forms):
    assert fold_entries(entries, lang.get(code))[0] == forms


def test_an_entry_with_a_line_break_or_a_combining_accent_is_one_word():
    forms, labels, _ = fold_entries(["line\nbreak", "Cafe\u0301"], EN)
    assert forms == ["LINEBREAK", "CAFE"] and labels == ["line break", "Café"]


def test_every_bad_entry_is_named_with_its_line_and_the_rest_are_kept():
    forms, _, problems = fold_entries([(1, "ok"), (2, "a1b"), (3, "---"), (4, "x" * 65)], EN)
    assert forms == ["OK"]
    assert problems[0].startswith('"a1b" (line 2) has \'1\', which is not a letter of '
                                  "English grids; a word may use the letters A–Z")
    assert problems[1:] == ['"---" (line 3) has no letters.',
                            f'"{"x" * 60}…" (line 4) has 65 letters; a word may have at most '
                            f"{MAX_LETTERS}."]


@pytest.mark.slow
def test_a_long_text_folds_through_bytes_exactly_as_word_by_word():
    rng = random.Random(24)
    words = ["".join(rng.choices("abcdefghij -'", k=rng.randint(1, 12))) for _ in range(3000)]
    forms, labels, problems = fold_entries(words, EN)
    one_by_one = [fold_entries([word], EN) for word in words]
    expected = dict.fromkeys(f[0][0] for f in one_by_one if f[0])
    assert forms == list(expected)
    assert len(problems) == sum(len(f[2]) for f in one_by_one) > 0
    first_label = {}
    for f in one_by_one:
        if f[0]:
            first_label.setdefault(f[0][0], f[1][0])
    assert labels == [first_label[form] for form in forms]


def test_something_that_is_not_text_is_refused():
    with pytest.raises(InputError, match="1 is not a word: give each word as text"):
        Dictionary([(1, "ok"), 1])


def test_a_dictionary_names_its_source_and_every_bad_entry():
    with pytest.raises(InputError) as refused:
        Dictionary([(1, "ok"), (2, "b@d"), (4, "99")], source="words.txt")
    lines = str(refused.value).splitlines()
    assert lines[0] == "in words.txt:"
    assert [line[:15] for line in lines[1:]] == ['"b@d" (line 2) ', '"99" (line 4) h']


def test_a_dictionary_holds_its_words_once_and_knows_them_in_any_spelling():
    dictionary = Dictionary(["cat", "Cat", "act", "Ice cream"], "en")
    assert len(dictionary) == 3
    assert dictionary.forms == ("CAT", "ACT", "ICECREAM")
    assert dictionary.labels == ("cat", "act", "Ice cream")
    assert "ice-cream" in dictionary and "CAT" in dictionary
    assert "dog" not in dictionary and 5 not in dictionary
    assert dictionary.form("Ice-Cream") == "ICECREAM" and dictionary.form("1") == ""
    assert repr(dictionary) == "<Dictionary of 3 English words>"


def test_a_languages_own_dictionary():
    spanish = Dictionary.of_language("es")
    assert spanish.language is lang.get("es") and spanish.source == "the Spanish dictionary"
    assert len(spanish) > 1000 and "niño" in spanish
    assert Dictionary.of_language().language is lang.get(lang.DEFAULT)


def test_letter_codes_follow_code_points_not_the_alphabet():
    codes = letter_codes(lang.get("es"))
    assert list(codes) == sorted(codes) and list(codes.values()) == list(range(1, 28))
    assert codes["Z"] < codes["Ñ"]


def test_forms_are_encoded_as_codes_back_to_back_with_offsets():
    letters, offsets = encode(["CAB", "", "ZA"], EN)
    assert letters.dtype == np.uint8 and offsets.dtype == np.int32
    codes = letter_codes(EN)
    assert letters.tolist() == [codes[ch] for ch in "CABZA"]
    assert offsets.tolist() == [0, 3, 3, 5]
    empty, none = encode([], EN)
    assert empty.size == 0 and none.tolist() == [0]


def test_the_trie_is_compact_and_finds_its_words():
    words = [f"{a}{b}{c}" for a in "ABCDEFGH" for b in "ABCDEFGH" for c in "ABCDEFGH"]
    dictionary = Dictionary(words)
    trie = dictionary.trie
    assert trie.nodes == 1 + 8 + 64 + 512 and trie.quads == 0  # no word has 4 letters
    # A record and a letter a node, and tables of children costing at most 16 bytes
    # a node (csrc/ws_dict.h).
    assert trie.nbytes <= (12 + 1 + 16) * trie.nodes + 2048
    codes = wordsearch.lang.get("en").alphabet.encode
    assert trie.find(codes("CAB")) == words.index("CAB")
    assert trie.find(codes("CA")) == -1 and trie.find(codes("CABA")) == -1
    assert trie.find(np.zeros(0, dtype=np.uint8)) == -1
    with pytest.raises(ValueError):
        _core.Trie(np.array([0], dtype=np.uint8), np.array([0, 1], dtype=np.int32))
