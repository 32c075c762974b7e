"""The hidden-message fill in C (csrc/ws_message.c through _core.message_fill)
against its plain-Python twin (tests/reference_message.py), output for output."""
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import reference
import reference_message
from conftest import CI, examples, kept_out
from wordsearch import _core
from wordsearch.errors import NoMessage, Unhidden

# Rounds the reference runs past the one asked for: a round that fails costs the
# reference its 2,000 attempts, so a case compares a window of rounds.
WINDOW = 2


def length_weights() -> list[int]:
    """The seed's length mixture (50% N(6, 2), 30% N(5, 1), each rounded to the
    nearest length, 20% exactly 3; lengths under 3 count as 3), in parts of a
    million by largest remainders, lengths from 3 on with the zeros at the end cut."""
    def phi(x):
        return 0.5 * (1 + math.erf(x / math.sqrt(2)))

    def mass(mu, sd, length):
        low = 0.0 if length == 3 else phi((length - 0.5 - mu) / sd)
        return phi((length + 0.5 - mu) / sd) - low

    shares = [0.5 * mass(6, 2, n) + 0.3 * mass(5, 1, n) + (0.2 if n == 3 else 0.0)
              for n in range(3, 65)]
    parts = [math.floor(p * reference_message.LENGTH_PARTS) for p in shares]
    left = reference_message.LENGTH_PARTS - sum(parts)
    for i in sorted(range(len(shares)), key=lambda i: parts[i] - shares[i] * 1e6)[:left]:
        parts[i] += 1
    while parts[-1] == 0:
        parts.pop()
    return parts


def test_the_length_table_is_the_seeds_mixture():
    assert reference_message.LENGTH_WEIGHTS == length_weights()
    assert sum(reference_message.LENGTH_WEIGHTS) == reference_message.LENGTH_PARTS


def test_the_reference_generator_is_the_cores():
    for seed in (0, 1, 2**64 - 1, 0x5EED):
        rng, ours = _core.Rng(seed), reference.Rng(seed)
        assert [rng.next() for _ in range(5)] == reference.xoshiro_stream(seed, 5)
        assert [ours.next() for _ in range(5)] == reference.xoshiro_stream(seed, 5)
        for bound in (1, 2, 3, 7, 1000, 2**63 + 5):
            assert rng.below(bound) == ours.below(bound)


def _put(grid, rows, cols, word, start, d, words):
    """Writes `word` at start/d if the rules let it (in the shape, letters agreeing,
    at most one cell shared with each word): its cells, else None."""
    r, c = divmod(start, cols)
    dr, dc = reference.STEPS[d]
    cells = []
    for k in range(len(word)):
        y, x = r + k * dr, c + k * dc
        if not (0 <= y < rows and 0 <= x < cols):
            return None
        cells.append(y * cols + x)
    if any(grid[x] == _core.BLOCKED or grid[x] not in (_core.EMPTY, word[k])
           for k, x in enumerate(cells)):
        return None
    if any(len(set(cells) & on) > 1 for on in words):
        return None
    for k, x in enumerate(cells):
        grid[x] = word[k]
    return set(cells)


@st.composite
def fill_cases(draw):
    """Small grids (some with cells outside the shape), up to three words of the
    caller's, lexicons over few letters (so that words cross), holes from none to
    every empty cell, any directions and rounds."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    rows, cols = rnd.randint(1, 7), rnd.randint(2, 7)
    alphabet = rnd.choice([2, 2, 3, 3, 4, 5])
    outside = rnd.choice([0, 0, 1, 2, 3]) / 10
    grid = [_core.BLOCKED if rnd.random() < outside else _core.EMPTY for _ in range(rows * cols)]
    own, placed, covered = [], [], []
    wanted = rnd.randint(0, 3)
    for _ in range(8 * wanted):
        if len(own) == wanted:
            break
        word = bytes(rnd.randint(1, alphabet) for _ in range(rnd.randint(2, 5)))
        start, d = rnd.randrange(rows * cols), rnd.randrange(8)
        cells = _put(grid, rows, cols, word, start, d, covered)
        if cells is not None:
            own.append(word)
            placed.append((start, d))
            covered.append(cells)
    ntiers = rnd.choice([1, 1, 2, _core.LEXICON_TIERS])
    tiered = sorted(((bytes(rnd.randint(1, alphabet) for _ in range(rnd.randint(3, 6))),
                      rnd.randrange(ntiers)) for _ in range(rnd.randint(0, 80))),
                    key=lambda wt: (len(wt[0]), wt[1]))
    lexicon = [w for w, _ in tiered]
    tiers = [t for _, t in tiered]
    empties = grid.count(_core.EMPTY)
    holes = empties - rnd.randint(0, empties) // rnd.choice([1, 1, 2, 3])
    mask = rnd.choice([255, 255, 255, 0b00010100, 0b01010101, rnd.randint(1, 255)])
    seed = draw(st.integers(0, 2**64 - 1))
    first_round = rnd.choice([0, 0, 0, 1, 3, 7, 99])
    blocked = [bytes(rnd.randint(1, alphabet) for _ in range(rnd.randint(2, 3)))
               for _ in range(rnd.choice([0, 0, 1, 2, 4]))]
    return rows, cols, grid, own, placed, lexicon, holes, mask, seed, first_round, blocked, tiers


def encode(words):
    letters = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    return letters, offsets


def run_core(rows, cols, grid, own, placed, lexicon, holes, mask, seed, first_round,
             blocked=(), tiers=None):
    lex = _core.Lexicon(*encode(lexicon), 5,
                        None if tiers is None else np.array(tiers, dtype=np.uint8))
    letters, offsets = encode(own)
    blocked_letters, blocked_offsets = encode(blocked)
    try:
        g, words, starts, dirs, round_ = _core.message_fill(
            np.array(grid, dtype=np.uint8).reshape(rows, cols), lex, holes, mask, seed,
            letters=letters, offsets=offsets,
            starts=np.array([s for s, _ in placed], dtype=np.int32),
            dirs=np.array([d for _, d in placed], dtype=np.uint8), first_round=first_round,
            blocked_letters=blocked_letters, blocked_offsets=blocked_offsets)
    except NoMessage:
        return None
    return (g.reshape(-1).tolist(), list(zip(words.tolist(), starts.tolist(), dirs.tolist())),
            round_)


def check_case(case):
    """The C's answer equals the reference's over a window of rounds from the one
    asked for: the same round, grid and words, or no round in the window."""
    rows, cols, grid, own, placed, lexicon, holes, mask, seed, first_round, blocked, tiers = case
    got = run_core(*case)
    last = first_round + WINDOW - 1
    want = reference_message.message_fill(grid, rows, cols, own, placed, lexicon, holes, mask,
                                          seed, first_round, last, blocked, tiers)
    if got is not None and got[2] <= last:
        assert want == got
    else:
        assert want is None


@pytest.mark.slow
@settings(max_examples=examples(100))  # the many cases below are slow
@given(fill_cases())
def test_the_core_fills_as_the_reference_does(case):
    check_case(case)


@pytest.mark.slow
@settings(max_examples=examples(3000))
@given(fill_cases())
def test_the_core_fills_as_the_reference_does_in_many_cases(case):
    check_case(case)


def test_a_round_can_be_asked_for_again_and_the_next_one_after_it():
    rows = cols = 6
    grid = [_core.EMPTY] * 36
    lexicon = sorted({bytes(random.Random(i).choices([1, 2, 3], k=3 + i % 4)) for i in range(60)},
                     key=len)
    case = (rows, cols, grid, [], [], lexicon, 8, 255, 42)
    first = run_core(*case, 0)
    assert first is not None
    again = run_core(*case, first[2])
    assert again == first
    later = run_core(*case, first[2] + 1)
    assert later is None or later[2] > first[2]


def test_no_round_left_is_no_message():
    lex = _core.Lexicon(*encode([b"\x01\x02\x03"]), 3)
    with pytest.raises(NoMessage):
        _core.message_fill(np.zeros((3, 3), np.uint8), lex, 0, 255, 1,
                           first_round=_core.MESSAGE_ROUNDS)


def test_bad_arguments_are_refused():
    lex = _core.Lexicon(*encode([b"\x01\x02\x03"]), 3)
    with pytest.raises(ValueError):
        _core.Lexicon(*encode([b"\x01\x02\x03\x01", b"\x01\x02\x03"]), 3)  # not by length
    with pytest.raises(ValueError):
        _core.Lexicon(*encode([b"\x01\x02"]), 3)  # too short
    with pytest.raises(ValueError):  # tiers out of order within a length
        _core.Lexicon(*encode([b"\x01\x02\x03", b"\x01\x02\x01"]), 3, np.array([1, 0], np.uint8))
    with pytest.raises(ValueError):  # a tier out of range
        _core.Lexicon(*encode([b"\x01\x02\x03"]), 3, np.array([_core.LEXICON_TIERS], np.uint8))
    with pytest.raises(ValueError):  # not one tier a word
        _core.Lexicon(*encode([b"\x01\x02\x03"]), 3, np.array([0, 0], np.uint8))
    with pytest.raises(ValueError):
        _core.message_fill(np.zeros((3, 3), np.uint8), lex, 10, 255, 1)  # holes > cells
    with pytest.raises(ValueError):
        _core.message_fill(np.zeros((3, 3), np.uint8), lex, 1, 0, 1)  # no direction
    letters, offsets = encode([b"\x01\x02\x03"])
    with pytest.raises(ValueError):  # the word does not read where it is placed
        _core.message_fill(np.zeros((3, 3), np.uint8), lex, 1, 255, 1, letters=letters,
                           offsets=offsets, starts=np.array([0], np.int32),
                           dirs=np.array([2], np.uint8))


# --- Hidden-message puzzles, made by the library and checked by the verifier. ---

import json  # noqa: E402
from functools import cache  # noqa: E402

import wordsearch  # noqa: E402
from wordsearch import lang  # noqa: E402
from wordsearch.directions import COMPASS  # noqa: E402
from wordsearch.errors import InputError, PackingError  # noqa: E402
from wordsearch.lang import lists  # noqa: E402
from wordsearch.make import choose, message  # noqa: E402
from wordsearch.make.blocked import blocked_words, free_of  # noqa: E402
from wordsearch.make.packer import Layout  # noqa: E402
from wordsearch.make.words import parse_words  # noqa: E402


@pytest.mark.parametrize("code, text, form", [
    ("en", "Were lizards!", "WERELIZARDS"), ("en", "Café, s'il vous plaît", "CAFESILVOUSPLAIT"),
    ("es", "¡Niño!", "NIÑO"), ("de", "Große Straße", "GROSSESTRASSE"), ("el", "Ελλάς", "ΕΛΛΑΣ"),
])
def test_a_message_is_folded_as_the_language_folds_and_keeps_its_letters_only(code, text, form):
    assert message.message_form(text, lang.get(code)) == form


@pytest.mark.parametrize("code, text, refusal", [
    ("en", " ... !", 'the message " ... !" has no letters; give a message of at least one '
                     "letter."),
    ("en", "May 5", "the message \"May 5\" has the digit '5': a grid holds letters only; "
                    "write numbers out in words."),
    ("fr", "Straße", "the message \"Straße\" has 'ß', a letter French does not use: a message "
                     "in French may use the letters A–Z (accents and the cedilla are dropped); "
                     "spell it with those letters, or make the puzzle in the message's own "
                     "language."),
])
def test_a_message_that_cannot_be_hidden_is_refused_saying_why(code, text, refusal):
    with pytest.raises(InputError) as caught:
        wordsearch.generate(["sun", "moon"], language=code, message=text, grid=8, seed="m")
    assert str(caught.value) == refusal
    assert caught.value.option == "message"


@pytest.mark.slow
def test_a_message_too_long_for_the_grid_is_refused_naming_both_numbers():
    with pytest.raises(PackingError) as caught:
        wordsearch.generate(["planet", "comet", "orbit"], message="a" * 60, grid=8, seed="m")
    text = str(caught.value)
    free = 64 - len("PLANETCOMETORBIT")
    assert text.startswith("could not build the puzzle: the message has 60 letters, but the "
                           "8×8 grid has only ")
    assert text.endswith("cells free once the words are in. Try a bigger grid, fewer words or "
                         "a shorter message.")
    assert int(text.split("has only ")[1].split()[0]) <= free + 2


def blocked_forms(code: str) -> list[str]:
    """The blocklist: no word the program adds may hold one."""
    language = lang.get(code)
    return sorted({language.fold(w) for w in lists.blocklist(code)})


def check_puzzle(puzzle, words, code, form):
    language = lang.get(code)
    doc = puzzle.to_dict()
    reference.verify(doc, [language.fold(w) for w in words], list(puzzle.directions),
                     letters=language.alphabet.letters, blocked=kept_out(code)[0],
                     message=form)
    assert wordsearch.Puzzle.from_json(puzzle.to_json()) == puzzle
    return doc


def test_a_puzzle_hides_the_message_in_the_cells_no_word_covers():
    words = ["sun", "moon", "star", "planet", "comet", "orbit"]
    puzzle = wordsearch.generate(words, message="Were lizards", grid=12, seed="snakes")
    assert puzzle.message == "WERELIZARDS" and puzzle.message_label == "Were lizards"
    assert puzzle.leftover() == "WERELIZARDS"
    doc = check_puzzle(puzzle, words, "en", "WERELIZARDS")
    assert doc["message"] == "WERELIZARDS" and doc["message_label"] == "Were lizards"
    own = [w for w in doc["words"] if w["word"] in {w.upper() for w in words}]
    added = [w for w in doc["words"] if w.get("added")]
    assert len(own) == 6 and not any("added" in w for w in own)
    assert added and all(w["added"] is True for w in added)
    assert len(own) + len(added) == len(doc["words"])
    again = wordsearch.generate(words, message="Were lizards", grid=12, seed="snakes")
    assert again == puzzle


def test_a_puzzle_of_the_dictionary_alone():
    puzzle = wordsearch.generate([], message="Two snakes? They were lizards.", grid=15,
                                 seed="d")
    check_puzzle(puzzle, [], "en", "TWOSNAKESTHEYWERELIZARDS")
    assert all(p.added for p in puzzle.words) and len(puzzle.words) > 30
    automatic = wordsearch.generate([], message="Were lizards", seed="d")
    assert automatic.rows == automatic.cols == 10  # the message one cell longer than the side
    check_puzzle(automatic, [], "en", "WERELIZARDS")


def test_reading_a_document_back_checks_its_message():
    puzzle = wordsearch.generate(["sun", "moon"], message="Hello", grid=8, seed="h")
    doc = puzzle.to_dict()
    doc["message"] = "HELLP"
    with pytest.raises(InputError) as caught:
        wordsearch.Puzzle.from_json(json.dumps(doc))
    assert str(caught.value) == ("the letters no word covers spell 'HELLO', not the message "
                                 "'HELLP'; a hidden-message puzzle's leftover letters, read "
                                 "left to right and top to bottom, spell its message.")
    doc = puzzle.to_dict()
    doc["words"] = [w for w in doc["words"] if not w.get("added")]
    with pytest.raises(InputError):
        wordsearch.Puzzle.from_json(json.dumps(doc))  # the added words' letters are left over now


MESSAGES = ["Were lizards", "Knock knock", "See you at the zoo", "Recess", "A",
            "The end of the story"]


@cache
def message_pool(code: str) -> list[str]:
    """The dictionary words a case draws its own words from."""
    language = lang.get(code)
    return [w for w in lists.dictionary(code) if 4 <= len(language.fold(w)) <= 8]


def message_cases(count: int):
    rng = random.Random(count)
    codes = lang.codes()
    for i in range(count):
        code = codes[i % len(codes)]
        language = lang.get(code)
        pool = message_pool(code)
        letters = language.alphabet.letters
        words = rng.sample(pool, rng.choice([0, 3, 5, 8]))
        side = rng.choice([8, 10, 12, 15])
        length = rng.choice([side - 2, side, side + 4, side + 8]) if words or i % 3 else side
        text = "".join(rng.choice(letters) for _ in range(max(1, length)))
        if i % 5 == 0:
            text = rng.choice(MESSAGES) if code in ("en", "fr", "es", "it", "pt", "nl") else text
        mask = "heart" if i % 7 == 0 else None
        directions = None if i % 4 else rng.choice(["E,S", "E,S,SE,SW"])
        yield code, words, text, side, mask, directions, f"{code}-{i}"


def make_and_check(case) -> bool:
    code, words, text, side, mask, directions, seed = case
    try:
        puzzle = wordsearch.generate(words, language=code, message=text, grid=side, mask=mask,
                                     directions=directions, seed=seed, beam=64)
    except PackingError as exc:
        assert "the message has" in str(exc) or "spelled" in str(exc) or \
            "did not fit" in str(exc) or "longer than" in str(exc) or \
            "free for the message" in str(exc), str(exc)
        return False
    check_puzzle(puzzle, words, code, message.message_form(text, lang.get(code)))
    return True


# A quick run takes the cases in three languages of the 13: building a language's
# list of message words takes most of a case's time, once a run.
QUICK_LANGUAGES = ("en", "sk", "el")


@pytest.mark.slow
def test_message_puzzles_across_languages_sizes_masks_and_lengths():
    chosen = [case for case in message_cases(60) if CI or case[0] in QUICK_LANGUAGES]
    made = sum(make_and_check(case) for case in chosen)
    assert made >= len(chosen) * 3 // 4


@pytest.mark.slow
def test_thousands_of_message_puzzles_pass_the_verifier():
    """2,000 made of 2,600 in CI; a tenth of the cases elsewhere."""
    chosen = list(message_cases(2600))[:examples(2600)]
    made = sum(make_and_check(case) for case in chosen)
    assert made >= len(chosen) * 2000 // 2600


@pytest.mark.slow
def test_threads_do_not_change_a_message_puzzle_and_picked_lists_take_a_message():
    words = ["planet", "comet", "orbit", "galaxy", "rocket"]
    one = wordsearch.generate(words, message="To infinity", seed="t", threads=1, beam=512)
    two = wordsearch.generate(words, message="To infinity", seed="t", threads=2, beam=512)
    assert one == two
    themed = wordsearch.generate(theme="animals", random=6, message="You found them all",
                                 seed="t", beam=64)
    own = [p for p in themed.words if not p.added]
    assert len(own) == 6 and themed.theme == "animals" and themed.leftover() == themed.message
    drawn = wordsearch.generate(random=5, message="Great work", seed="t", beam=64)
    assert len([p for p in drawn.words if not p.added]) == 5
    check_puzzle(drawn, [p.label for p in drawn.words if not p.added], "en", "GREATWORK")


@pytest.mark.slow
def test_no_word_the_program_adds_or_draws_holds_a_blocked_word_either_way_round():
    english = lang.get("en")
    added = {w.form for w in message.lexicon(english, blocked_words(english)).words}
    drawn = {english.fold(w) for w in choose.drawable(english)}
    for form in ("GOSSIP", "BRAGGING", "PREPARE", "PLAYGROUND", "ASSEMBLE", "CLASS"):
        assert form in {english.fold(w) for w in lists.dictionary("en")}
        assert form not in added and form not in drawn
    assert "GARDEN" in added and "GARDEN" in drawn
    riddle = wordsearch.generate([], message="See you at the zoo soon", grid=15,
                                 seed="uqf7-m43y")  # spelled PISS inside GOSSIP before
    forms = [p.word for p in riddle.words]
    assert all(free_of(forms, blocked_forms("en"), english))
    puzzle = wordsearch.generate(random=12, seed="r", beam=64)
    assert all(free_of([p.word for p in puzzle.words], blocked_forms("en"), english))


def test_the_poured_message_is_checked_the_fill_cannot_be():
    """The fill's C guarantees the grid before the message is poured in; the
    message's letters can still spell a listed word again or a blocked word (52 of
    the 483 grids checked in 450 message puzzles, nearly all for a blocked word), so
    the full grid is checked, and a refusal names the word."""
    english = lang.get("en")
    cat, = parse_words(["cat"]).words
    blocked = blocked_words(english, ["dog"], blocklist=False)
    grid = np.zeros((3, 3), dtype=np.uint8)
    grid[0] = english.alphabet.encode("CAT")
    layout = Layout(grid, ((0, 0, "E"),))

    def hidden(form):
        return message.exact([layout], [cat], [()], english, form, blocked)

    for form, why in (("CATXYZ", (6, "CAT", False, 6)), ("XYZDOG", (6, "DOG", True, 6))):
        with pytest.raises(Unhidden) as caught:
            hidden(form)
        assert caught.value.args == why  # free, form, blocked, fewest
    made = hidden("XYZWVU")
    assert made.rows(english) == ("CAT", "XYZ", "WVU")


def test_with_no_words_added_a_smallest_grid_leaves_out_the_narrower_sizes():
    words = parse_words(["tortoise", "lizard", "gecko", "iguana", "snake"]).words
    sizes = [(s.cols, s.rows) for s in message.exact_shapes(words, COMPASS, None, 11)]
    assert min(min(size) for size in sizes) < 8
    floored = [(s.cols, s.rows) for s in message.exact_shapes(words, COMPASS, None, 11,
                                                              min_grid=8)]
    assert floored and all(min(size) >= 8 for size in floored)
    kept = [size for size in sizes if min(size) >= 8]
    assert floored[:len(kept)] == kept  # in the same order, nearest the message first


def test_the_fill_takes_a_word_of_the_lowest_tier_that_fits_first():
    """On an empty grid nothing is fixed, so every word of the drawn length fits the
    first segment: the first word added is always one of tier 0, whatever the seed."""
    rnd = random.Random(7)
    low = [bytes([1, 2, 3][:1] * n) for n in range(3, 7)]  # AAA, AAAA, ... one a length
    high = {bytes(rnd.randint(2, 5) for _ in range(rnd.randint(3, 6))) for _ in range(200)}
    tiered = sorted([(w, 0) for w in low] + [(w, 1) for w in high],
                    key=lambda wt: (len(wt[0]), wt[1]))
    lexicon, tiers = [w for w, _ in tiered], [t for _, t in tiered]
    for seed in range(20):
        got = run_core(6, 6, [_core.EMPTY] * 36, [], [], lexicon, 20, 255, seed, 0, (), tiers)
        assert got is not None
        first_word = got[1][0][0]
        assert tiers[first_word] == 0, (seed, lexicon[first_word])


@pytest.mark.slow
def test_a_two_word_theme_entry_is_added_as_one_word_labelled_as_two():
    """Eye patch (pirates) added to hide a message: EYEPATCH in the grid, read once,
    and "Eye patch" in the list, as the theme writes it (not "Eye Patch" nor "Eyepatch")."""
    words = ["cake", "sandwich", "jelly", "popcorn", "juice", "pizza"]
    puzzle = wordsearch.generate(words, message="Enjoy your lunch", seed="ic5", beam=64)
    added = {p.word: p.label for p in puzzle.words if p.added}
    assert added["EYEPATCH"] == "Eye patch"
    check_puzzle(puzzle, words, "en", "ENJOYYOURLUNCH")
    english = lang.get("en")
    labels = {w.form: w.label for w in message.lexicon(english).words}
    assert sum(" " in label for label in labels.values()) > 20
    assert labels["ICECREAM"] == "Ice cream" and labels["NORTHPOLE"] == "North Pole"
