"""The packer's rules, and property tests over random lists and options."""
import string

import numpy as np
import pytest
from hypothesis import event, given, strategies as st

import reference
import wordsearch
from wordlists import draw
from wordsearch import lang
from wordsearch.directions import COMPASS
from wordsearch.make import packer
from wordsearch.make.shape import Shape
from wordsearch.make.words import parse_words
from wordsearch.size import GridSize

ENGLISH = lang.get("en")


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


@pytest.mark.parametrize("words, message, side", [
    (["sun", "moon"], 20, 6),      # 27 letters: a 6×6 grid's cells
    (["abcdefgh"], 1, 8),          # the longest word
    ([], 11, 10),                  # a message alone: a side one less than it is long
    ([], 2, 3),                    # ... but never less than the smallest grid
    (["sun"], 30, 6),              # with words of one's own, the letters only
])
def test_a_hidden_message_needs_cells_of_its_own(words, message, side):
    listed = parse_words(words).words if words else ()
    assert packer.first_side(listed, message) == side
    shapes = list(packer.automatic_shapes(listed, COMPASS, message=message))
    assert [(s.rows, s.cols) for s in shapes] == [(n, n) for n in range(side, side + 11)]


def test_an_automatic_grid_too_large_says_what_to_shorten():
    with pytest.raises(wordsearch.PackingError) as caught:
        next(packer.automatic_shapes((), COMPASS, message=150))
    assert str(caught.value) == ("a message of 150 letters with these words needs a grid of "
                                 "about 149×149 cells; the largest is 100×100. Use a shorter "
                                 "message or fewer words.")
    assert caught.value.option == "message"
    many = parse_words([f"{a}{b}{c}wordsxyz" for a in "abcdefghij" for b in "abcdefghij"
                        for c in "abcdefghij"][:1000]).words
    with pytest.raises(wordsearch.PackingError) as caught:
        next(packer.automatic_shapes(many, COMPASS))
    assert str(caught.value).startswith("1,000 words with 11,000 letters need a grid of about "
                                        "105×105 cells; the largest is 100×100 (10,000 cells).")
    assert caught.value.option == "grid"


seeds = st.text(alphabet=string.ascii_letters + string.digits + "-é ", min_size=1,
                max_size=8).filter(str.strip)


def without_inside(words: list[str]) -> list[str]:
    """The list less every word that lies inside a kept one, either way round (those
    are refused up front, and tested in test_words.py), so that every example packs."""
    kept: list[str] = []
    for word in sorted(words, key=lambda w: (-len(w), w)):
        if not any(word in other or word[::-1] in other for other in kept):
            kept.append(word)
    return sorted(kept, key=words.index)


words_strategy = st.lists(st.text(alphabet="ABCDEFGHIJ", min_size=3, max_size=7),
                          min_size=1, max_size=8, unique=True).map(without_inside)


@given(words=words_strategy, side=st.integers(4, 12),
       directions=st.sets(st.sampled_from(COMPASS), min_size=1),
       beam=st.sampled_from([1, 4, 32, 256]), seed=seeds,
       threads=st.integers(1, 3))
def test_any_list_gives_a_verified_puzzle_or_an_honest_error(words, side, directions, beam,
                                                             seed, threads):
    try:
        puzzle = wordsearch.generate(words, grid=side, directions=sorted(directions), beam=beam,
                                     seed=seed, threads=threads)
    except wordsearch.PackingError as exc:
        message = str(exc)
        assert "did not fit" in message or "longer than" in message or "twice" in message
        event("refused")
        return
    reference.verify(puzzle.to_dict(), words, [d for d in COMPASS if d in directions])
    event("built")


@given(words=words_strategy, seed=seeds)
def test_automatic_size_always_builds_a_verified_puzzle(words, seed):
    puzzle = wordsearch.generate(words, seed=seed, beam=64)
    reference.verify(puzzle.to_dict(), words, list(COMPASS))


def test_a_tight_grid_scatters_nothing():
    from wordlists import COMPACT_25
    words = parse_words(COMPACT_25).words
    assert packer.scatter_regions(words, Shape.rectangle(GridSize(cols=14, rows=14)), seed=1).shape == (0, 4)


def test_a_roomy_grid_scatters_half_the_words_over_distinct_regions():
    words = parse_words(draw(30, seed=8)).words
    regions = packer.scatter_regions(words, Shape.rectangle(GridSize(cols=20, rows=20)), seed=1)
    assert regions.shape == (15, 4)
    assert len({tuple(r) for r in regions.tolist()}) == 15
    for r0, r1, c0, c1 in regions.tolist():
        assert 0 <= r0 <= r1 < 20 and 0 <= c0 <= c1 < 20 and r1 - r0 == c1 - c0 == 4
    again = packer.scatter_regions(words, Shape.rectangle(GridSize(cols=20, rows=20)), seed=1)
    other = packer.scatter_regions(words, Shape.rectangle(GridSize(cols=20, rows=20)), seed=2)
    assert again.tolist() == regions.tolist() and other.tolist() != regions.tolist()


@pytest.mark.slow
def test_words_spread_over_a_roomy_grid():
    """30 words in a 20x20 grid: gathered around the first word, the largest
    square of filler was 7 wide (median of six seeds: 6 5 7 8 6 7); scattered,
    it is 4 or 5 (6 5 4 4 4 5)."""
    words = draw(30, seed=9)
    widths = []
    for seed in range(6):
        puzzle = wordsearch.generate(words, grid=20, seed=f"spread{seed}")
        covered = {cell for p in puzzle.words for cell in p.cells()}
        widths.append(reference.largest_filler_square(20, covered))
    assert sorted(widths)[len(widths) // 2] <= 5 and max(widths) <= 6


def test_scattering_never_costs_a_puzzle():
    # Ten-letter words read only left to right cannot have their middle letter in
    # the leftmost five columns of a 3-row grid; the packer packs again unscattered.
    words = ["abcdefghij", "klmnopqrst"]
    puzzle = wordsearch.generate(words, grid="20x3", directions=["e"], seed="s")
    reference.verify(puzzle.to_dict(), [w.upper() for w in words], ["E"])



@given(cells=st.lists(st.lists(st.booleans(), min_size=7, max_size=7), min_size=7, max_size=7))
def test_largest_filler_square_agrees_with_the_reference(cells):
    filler = [[not covered for covered in row] for row in cells]
    covered = {(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v}
    assert packer.largest_filler_squares(np.array([filler])) == \
        [reference.largest_filler_square(7, covered)]


def test_the_most_evenly_spread_layout_comes_first():
    words = parse_words(draw(20, seed=4)).words
    layouts = list(packer.pack(words, Shape.rectangle(GridSize(cols=15, rows=15)), list(COMPASS), seed=9,
                                alphabet=ENGLISH.alphabet, beam=256))
    assert len(layouts) > 1
    holes = [reference.largest_filler_square(
        15, {(r, c) for r in range(15) for c in range(15) if layout.grid[r, c]})
        for layout in layouts]
    assert holes == sorted(holes)


@pytest.mark.slow
def test_a_signal_whose_handler_lets_the_program_go_on_changes_nothing(monkeypatch):
    """SIGTERM stops the C core; a handler that only notes it lets the program go on,
    and the puzzle made is the one made without the signal."""
    import os
    import signal
    import threading
    from wordlists import ELEMENTS
    from wordsearch.errors import Disturbed
    from wordsearch.make import packer
    # 118 words at beam 2,048 pack for about half a second: the signal is sent 50 ms
    # after the core starts, so that it reaches the core while it packs, and the
    # sender is waited for before the handler is put back.
    options = dict(seed="calm", threads=2, beam=2048)
    heard, outcomes, senders = [], [], []
    core_pack = packer._core.pack

    def pack_once_disturbed(*args, **kwargs):
        if not senders:
            senders.append(threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGTERM)))
            senders[0].start()
        try:
            result = core_pack(*args, **kwargs)
        except Disturbed:
            outcomes.append("disturbed")
            raise
        outcomes.append("packed")
        return result

    monkeypatch.setattr(packer._core, "pack", pack_once_disturbed)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: heard.append(signum))
    try:
        disturbed = wordsearch.generate(list(ELEMENTS), **options)
    finally:
        for sender in senders:
            sender.join()
        signal.signal(signal.SIGTERM, previous)
    monkeypatch.undo()
    assert heard == [signal.SIGTERM]
    assert outcomes[0] == "disturbed", "the pack ended before the signal reached the core"
    assert disturbed == wordsearch.generate(list(ELEMENTS), **options)
