"""The packer's rules, and property tests over random lists and options."""
import string

import pytest
from hypothesis import assume, given, strategies as st

import reference
import wordsearch
from wordsearch import packer
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError
from wordsearch.words import parse_words


def test_rare_letters_go_first():
    words = parse_words(["eee", "zzz", "eez", "abc"]).words
    # Letters: E x5, Z x4, A B C x1 each. ABC is least probable, then ZZZ, EEZ, EEE.
    assert [words[i].form for i in packer.difficulty_order(words)] == ["ABC", "ZZZ", "EEZ", "EEE"]


def test_ties_break_alphabetically_and_the_order_is_exact():
    words = parse_words(["bca", "abc", "cab"]).words
    assert [words[i].form for i in packer.difficulty_order(words)] == ["ABC", "BCA", "CAB"]


@pytest.mark.parametrize("words, side", [(["hello"], 5), (["cat", "dog"], 3),
                                         (["a" * 3 + "b" * 17], 20), (["abcd"] * 1, 4)])
def test_first_guess_fits_the_longest_word_and_the_letters(words, side):
    assert packer.first_side(parse_words(words).words) == side


seeds = st.text(alphabet=string.ascii_letters + string.digits + "-é ", min_size=1,
                max_size=8).filter(str.strip)
words_strategy = st.lists(st.text(alphabet="ABCDEFG", min_size=3, max_size=7),
                          min_size=1, max_size=8, unique=True)


@given(words=words_strategy, side=st.integers(4, 12),
       directions=st.sets(st.sampled_from(COMPASS), min_size=1),
       beam=st.sampled_from([1, 4, 32, 256]), seed=seeds,
       threads=st.integers(1, 3))
def test_any_list_gives_a_verified_puzzle_or_an_honest_error(words, side, directions, beam,
                                                             seed, threads):
    try:
        parse_words(words)
    except InputError:
        assume(False)  # one word inside another: refused up front, tested elsewhere
    try:
        puzzle = wordsearch.generate(words, grid=side, directions=sorted(directions), beam=beam,
                                     seed=seed, threads=threads)
    except wordsearch.PackingError as exc:
        message = str(exc)
        assert "did not fit" in message or "longer than" in message or "twice" in message
        return
    reference.verify(puzzle.to_dict(), words, [d for d in COMPASS if d in directions])


@given(words=words_strategy, seed=seeds)
def test_automatic_size_always_builds_a_verified_puzzle(words, seed):
    try:
        parse_words(words)
    except InputError:
        assume(False)
    puzzle = wordsearch.generate(words, seed=seed, beam=64)
    reference.verify(puzzle.to_dict(), words, list(COMPASS))
