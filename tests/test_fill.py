"""Filler letters and the repair pass."""
from collections import Counter

import numpy as np
import pytest

import reference
from wordsearch import _core, lang
from wordsearch.errors import Unfilled
from wordsearch.make import fill
from wordsearch.make.packer import Layout
from wordsearch.make.words import parse_words

ENGLISH = lang.get("en")


def layout_from(rows: list[str], placements) -> Layout:
    """A layout from text: letters, '.' for empty, '#' for outside the shape."""
    codes = {".": _core.EMPTY, "#": _core.BLOCKED}
    grid = np.array([[codes[ch] if ch in codes else ENGLISH.alphabet.encode(ch)[0] for ch in row]
                     for row in rows],
                    dtype=np.uint8)
    return Layout(grid, tuple(placements))


def filled_text(grid: np.ndarray) -> list[str]:
    return ["".join("." if v == _core.BLOCKED else ENGLISH.alphabet.decode(v) for v in row)
            for row in grid.tolist()]


def test_filler_follows_the_words_own_letters_blended_with_the_language():
    # BANANA's letters weigh as its six letters; English as PRIOR_LETTERS more.
    words = parse_words(["banana"]).words
    layout = layout_from(["BANANA"] + ["......"] * 29, [(0, 0, "E")])
    grid = fill.fill(layout, words, ENGLISH, _core.Rng(1))
    filler = Counter("".join(filled_text(grid)[1:]))
    own = sum(filler[ch] for ch in "BAN") / sum(filler.values())
    general = sum(ENGLISH.frequencies[ENGLISH.alphabet.letters.index(ch)] for ch in "BAN") / sum(
        ENGLISH.frequencies)
    expected = (6 + fill.PRIOR_LETTERS * general) / (6 + fill.PRIOR_LETTERS)
    assert abs(own - expected) < 0.06 and len(filler) > 15


def test_repair_removes_every_extra_copy_and_never_touches_word_cells():
    # Three-letter words over three letters: matched filler spells them everywhere.
    words = parse_words(["abc", "bca", "cab"]).words
    layout = layout_from(["ABC...", "......", "BCA...", "......", "CAB...", "......"],
                         [(0, 0, "E"), (2, 0, "E"), (4, 0, "E")])
    for seed in range(30):
        grid = fill.fill(layout, words, ENGLISH, _core.Rng(seed))
        if grid is None:
            continue
        text = filled_text(grid)
        assert [text[0][:3], text[2][:3], text[4][:3]] == ["ABC", "BCA", "CAB"]
        doc = {"grid": text, "rows": 6, "cols": 6, "directions": ["E"],
               "words": [{"word": w.form, "row": r, "col": c, "direction": d}
                         for w, (r, c, d) in zip(words, layout.placements)]}
        reference.verify(doc, ["ABC", "BCA", "CAB"], ["E"])
        break
    else:
        raise AssertionError("no seed could be repaired")


def test_the_repair_widens_to_other_letters_when_the_words_letters_cannot_do():
    # Every filler letter drawn from {A, B} next to "AB?" risks "ABA"/"ABB"; the
    # blended and uniform stages bring in letters that cannot spell either word.
    words = parse_words(["aba", "abb"]).words
    layout = layout_from(["ABA.", "ABB.", "....", "...."], [(0, 0, "E"), (1, 0, "E")])
    grid = fill.fill(layout, words, ENGLISH, _core.Rng(5))
    assert grid is not None
    letters = set("".join(filled_text(grid)))
    assert letters - {"A", "B"}


def test_a_copy_made_of_word_letters_alone_cannot_be_repaired():
    words = parse_words(["cat", "dog"]).words
    # The second CAT is made of placed letters only (as if another word held them).
    layout = layout_from(["CAT.", "....", "CAT.", "DOG."], [(0, 0, "E"), (3, 0, "E")])
    with pytest.raises(Unfilled) as caught:
        fill.fill(layout, words, ENGLISH, _core.Rng(1))
    assert caught.value.args == ("CAT", False, True)  # form, blocked, by_words


def test_cells_outside_the_shape_stay_outside():
    words = parse_words(["sun"]).words
    layout = layout_from(["#SUN#", "#...#", "#####"], [(0, 1, "E")])
    grid = fill.fill(layout, words, ENGLISH, _core.Rng(2))
    text = filled_text(grid)
    assert text[2] == "....." and text[0][0] == text[0][4] == "."


def test_the_schedule_is_bounded_and_widens():
    layout = layout_from(["SUN"], [(0, 0, "E")])
    schedule = fill.filler_schedule(layout, ENGLISH)
    assert len(schedule) == fill.MATCHED_TRIES + fill.BLENDED_TRIES + fill.UNIFORM_TRIES == 128
    first, blended, last = schedule[0], schedule[fill.MATCHED_TRIES], schedule[-1]
    weights = [np.diff(np.concatenate([[0], c.astype(np.int64)])) for c in (first, blended, last)]
    own = sum(weights[0][ENGLISH.alphabet.letters.index(ch)] for ch in "SUN")
    assert np.all(weights[0] > 0) and own > weights[0].sum() * 3 / (3 + fill.PRIOR_LETTERS)
    assert np.all(weights[1] > 0) and len(set(weights[2].tolist())) == 1
