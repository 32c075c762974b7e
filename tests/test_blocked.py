"""Blocked words: the C automaton against a brute force, and no finished grid
spelling one outside the listed words."""
import json

import numpy as np
import pytest
from hypothesis import given, strategies as st

import reference
from conftest import kept_out
from wordlists import read_list
import wordsearch
from wordsearch import _core, lang
from wordsearch.lang import lists
from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import AllBlocked, InputError, Unfilled
from wordsearch.make import choose, fill, packer
from wordsearch.make.blocked import blocked_words
from wordsearch.make.words import parse_words
from wordsearch.puzzle import Puzzle

ENGLISH = lang.get("en")


def brute_readings(grid: np.ndarray, words: list[list[int]]) -> set[tuple[int, frozenset]]:
    """(word, cells) of every reading, in all eight directions, by trying each."""
    rows, cols = grid.shape
    found = set()
    for w, word in enumerate(words):
        for r in range(rows):
            for c in range(cols):
                for d in COMPASS:
                    dr, dc = STEPS[d]
                    cells = [(r + k * dr, c + k * dc) for k in range(len(word))]
                    if all(0 <= y < rows and 0 <= x < cols and grid[y, x] == word[k]
                           for k, (y, x) in enumerate(cells)):
                        found.add((w, frozenset(cells)))
    return found


@st.composite
def grids_and_words(draw):
    letters = draw(st.integers(2, 4))
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    cell = st.one_of(st.integers(1, letters), st.sampled_from([_core.EMPTY, _core.BLOCKED]))
    grid = np.array(draw(st.lists(cell, min_size=rows * cols, max_size=rows * cols)),
                    dtype=np.uint8).reshape(rows, cols)
    words = draw(st.lists(st.lists(st.integers(1, letters), min_size=2, max_size=5),
                          min_size=1, max_size=8))
    return letters, grid, words


@pytest.mark.slow
@given(grids_and_words())
def test_the_automaton_finds_what_a_brute_force_finds(case):
    letters, grid, words = case
    flat = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    found_words, starts, dirs = _core.Blocklist(flat, offsets, letters).scan(grid)
    cols = grid.shape[1]
    got = []
    for w, start, d in zip(found_words.tolist(), starts.tolist(), dirs.tolist()):
        dr, dc = STEPS[COMPASS[d]]
        r, c = divmod(start, cols)
        got.append((w, frozenset((r + k * dr, c + k * dc) for k in range(len(words[w])))))
    assert len(got) == len(set(got)), "a reading reported twice"
    assert set(got) == brute_readings(grid, words)


def test_a_word_of_one_letter_cannot_be_blocked():
    with pytest.raises(ValueError):
        _core.Blocklist(np.array([1], dtype=np.uint8), np.array([0, 1], dtype=np.int32), 26)


COMMON = ["THE", "AND", "ENT", "ION", "TIO", "ERE", "HER", "ATE", "TER", "RES", "EST"]


@pytest.mark.slow
def test_filler_never_spells_a_blocked_word_outside_the_listed_words():
    """Short, common trigrams blocked: 200 puzzles checked by the independent verifier."""
    blocked = blocked_words(ENGLISH, COMMON, blocklist=False)
    words = ["tree", "river", "stone", "cloud", "meadow", "forest"]
    for i in range(200):
        puzzle = wordsearch.generate(words, grid=10, seed=f"b{i}", beam=32, block_words=blocked)
        doc = puzzle.to_dict()
        reference.verify(doc, [w.upper() for w in words], list(COMPASS), blocked=COMMON)
        assert doc["block_words"] == sorted(COMMON) and doc["blocklist"] is False


def test_a_blocked_word_inside_a_listed_word_is_allowed_there_only():
    puzzle = wordsearch.generate(["caterpillar", "dog", "fish"], grid=12, seed="in",
                                 block_words=["cat", "pill"], blocklist=False)
    reference.verify(puzzle.to_dict(), ["CATERPILLAR", "DOG", "FISH"], list(COMPASS),
                     blocked=["CAT", "PILL"])


def test_a_layout_whose_own_letters_spell_a_blocked_word_is_passed_over():
    """CAT, OWL and WEB stacked: the first column reads COW in word letters alone."""
    words = parse_words(["cat", "owl", "web"]).words
    grid = np.zeros((4, 4), dtype=np.uint8)
    for r, form in enumerate(["CAT", "OWL", "WEB"]):
        grid[r, :3] = ENGLISH.alphabet.encode(form)
    layout = fill.Layout(grid, ((0, 0, "E"), (1, 0, "E"), (2, 0, "E")))
    blocked = blocked_words(ENGLISH, ["cow"], blocklist=False)
    with pytest.raises(Unfilled) as caught:
        fill.fill(layout, words, ENGLISH, _core.Rng(1), (), blocked)
    assert caught.value.args == ("COW", True, True)  # form, blocked, by_words
    assert isinstance(fill.fill(layout, words, ENGLISH, _core.Rng(1)), np.ndarray)


def test_the_language_list_is_on_by_default_and_can_be_switched_off():
    on = wordsearch.generate(["sun", "moon"], grid=6, seed="x")
    off = wordsearch.generate(["sun", "moon"], grid=6, seed="x", blocklist=False)
    assert on.to_dict()["blocklist"] is True and off.to_dict()["blocklist"] is False


def test_a_document_whose_grid_spells_a_blocked_word_is_refused():
    good = Puzzle(code="d", grid=("SUNX", "QZZA", "BCDE", "FGHI"), directions=tuple(COMPASS),
                  words=(wordsearch.Placement("Sun", "SUN", 0, 0, "E"),), blocklist=False,
                  block_words=("ZZZ",))
    assert Puzzle.from_json(good.to_json()) == good
    bad = json.loads(good.to_json())
    bad["grid"][1] = "ZZZA"
    with pytest.raises(InputError, match="the grid spells the blocked word ZZZ from row 1, "
                                         "column 0 to row 1, column 2"):
        Puzzle.from_dict(bad)


def test_a_bad_blocked_word_names_its_line():
    with pytest.raises(InputError) as caught:
        blocked_words(ENGLISH, [(1, "ok"), (2, "b4d"), (3, "fine")])
    assert str(caught.value).splitlines() == [
        'blocked word "ok" (line 1) has 2 letters; a word needs at least 3.',
        "blocked word \"b4d\" (line 2) has '4': a word in English may use the letters A–Z "
        "(accents are dropped), spaces, hyphens and apostrophes only; remove or spell out "
        "the rest."]


def test_when_every_layout_of_a_pack_spells_a_blocked_word_another_pack_is_tried():
    """Found by the 500-puzzle Dutch run: at beam 32, every layout of the first pack
    spelled ASO in the words' own letters."""
    words = ["skin", "gold", "gros", "rust", "bewonder", "virus", "koos", "zakgeld"]
    puzzle = wordsearch.generate(words, language="nl", grid=11, seed="nl170", beam=32)
    dutch = lang.get("nl")
    reference.verify(puzzle.to_dict(), [dutch.fold(w) for w in words], list(COMPASS),
                     blocked=sorted(blocked_words(dutch).forms))


def test_after_a_pack_lost_to_a_blocked_word_the_next_drops_such_layouts_as_they_are_laid(
        packs):
    """The Dutch case above: its first pack is lost to ASO across the words' own
    letters, so the second prunes, and makes the puzzle on the same grid."""
    words = ["skin", "gold", "gros", "rust", "bewonder", "virus", "koos", "zakgeld"]
    puzzle = wordsearch.generate(words, language="nl", grid=11, seed="nl170", beam=32)
    assert [pack["prune_blocked"] for pack in packs] == [False, True]
    dutch = lang.get("nl")
    reference.verify(puzzle.to_dict(), [dutch.fold(w) for w in words], list(COMPASS),
                     blocked=sorted(blocked_words(dutch).forms))


@pytest.mark.slow
def test_a_pack_whose_every_partial_layout_spells_a_blocked_word_for_good_is_given_up(
        monkeypatch):
    """The elements at seed d2: the whole pool of the first pack spells a blocked word
    that no later element holds well before the last word, so the pack is given up
    there and the next prunes. Run to its end, that pack read Tin twice in every
    layout, and the puzzle went to 32x32."""
    outcomes = []
    real = packer.pack

    def pack(*args, **kwargs):
        try:
            layouts = real(*args, **kwargs)
        except AllBlocked as exc:
            outcomes.append(("given up", kwargs["prune_blocked"], exc.blocked_index))
            raise
        outcomes.append(("packed", kwargs["prune_blocked"]))
        return layouts

    monkeypatch.setattr(packer, "pack", pack)
    words = list(read_list("elements.txt"))
    puzzle = wordsearch.generate(words, seed="d2", threads=2)
    english, blocked = lang.get("en"), blocked_words(lang.get("en"))
    (what, pruning, index), packed = outcomes
    assert (what, pruning) == ("given up", False) and packed == ("packed", True)
    assert puzzle.rows == 31 and 0 <= index < len(blocked.everywhere)
    reference.verify(puzzle.to_dict(), [english.fold(w) for w in words], list(COMPASS),
                     blocked=kept_out("en")[0], filler_only=sorted(blocked.filler_only))


def readings_by_text(grid: np.ndarray, forms: dict[tuple[int, ...], int]) -> set:
    """(word, cells) of every reading, from each cell in each direction, by looking
    each run of letters up: a second brute force, quick with a thousand words."""
    rows, cols = grid.shape
    longest = max(map(len, forms))
    found = set()
    for r in range(rows):
        for c in range(cols):
            for d in COMPASS:
                dr, dc = STEPS[d]
                run, cells = (), []
                y, x = r, c
                while 0 <= y < rows and 0 <= x < cols and len(run) < longest:
                    if grid[y, x] in (_core.EMPTY, _core.BLOCKED):
                        break
                    run += (int(grid[y, x]),)
                    cells.append((y, x))
                    if run in forms:
                        found.add((forms[run], frozenset(cells)))
                    y, x = y + dr, x + dc
    return found


@pytest.mark.parametrize("code", lang.codes())
def test_the_automaton_of_a_languages_lists_finds_what_a_brute_force_finds(code):
    """The language's blocklist and unsuitable strings (a thousand or so) in grids of
    its letters, drawn by its frequencies, with some of the words written in."""
    blocked = blocked_words(lang.get(code))
    language = blocked.language
    assert set(blocked.unsuitable) < set(blocked.forms) and blocked.rude
    encoded = {tuple(language.alphabet.encode(f).tolist()): w for w, f in enumerate(blocked.forms)}
    rng = np.random.default_rng(27)
    weights = np.array(language.frequencies, dtype=float) / sum(language.frequencies)
    for _ in range(3):
        grid = rng.choice(np.arange(1, len(weights) + 1), size=(14, 14), p=weights).astype(np.uint8)
        written = 0
        while written < 8:
            form = blocked.forms[rng.integers(len(blocked.forms))]
            d = COMPASS[rng.integers(8)]
            r, c = rng.integers(14, size=2)
            cells = [(r + k * STEPS[d][0], c + k * STEPS[d][1]) for k in range(len(form))]
            if all(0 <= y < 14 and 0 <= x < 14 for y, x in cells):
                for (y, x), letter in zip(cells, language.alphabet.encode(form)):
                    grid[y, x] = letter
                written += 1
                last = (blocked.forms.index(form), frozenset(cells))
        cols = grid.shape[1]
        got = set()
        for form, start, d in blocked.readings(grid):
            r, c = divmod(start, cols)
            got.add((blocked.forms.index(form),
                     frozenset((r + k * STEPS[d][0], c + k * STEPS[d][1]) for k in range(len(form)))))
        assert got == readings_by_text(grid, encoded)
        assert last in got  # the last word written, whole
        # The packer's and a message grid's automaton: the same less the filler-only.
        assert set(blocked.readings(grid, filler=False)) == {
            (f, s, d) for f, s, d in blocked.readings(grid) if f not in blocked.filler_only}


@pytest.mark.slow
def test_the_filler_never_spells_an_unsuitable_word():
    """The issue's puzzles: 4 short words on 15x15. Before, 60 of them spelled ANUS 9
    times, HATE 7, ACNE 5 (and more) in the filler; and PEE, WEE, GIT, POO while the
    three-letter strings were left out."""
    blocked, filler_only = kept_out("en")
    assert {"ANUS", "HATE", "ACNE", "DEAD", "RIOT", "TUSH"} <= set(blocked)
    assert {"PEE", "WEE", "GIT", "POO"} <= set(filler_only)
    for i in range(40):
        puzzle = wordsearch.generate(["cat", "dog", "sun", "hat"], grid=15, seed=f"sw{i}")
        reference.verify(puzzle.to_dict(), ["CAT", "DOG", "SUN", "HAT"], list(COMPASS),
                         blocked=blocked, filler_only=filler_only)


def test_a_short_unsuitable_string_is_kept_from_the_filler_only():
    """PEE across the ends of SHIP and EEL is the words' own letters: the fill keeps
    the layout (a teacher's own PEE, blocked everywhere, passes it over), and draws no
    filler letter that spells one."""
    words = parse_words(["ship", "eel"]).words
    grid = np.zeros((3, 8), dtype=np.uint8)
    grid[1, :7] = ENGLISH.alphabet.encode("SHIPEEL")
    layout = fill.Layout(grid, ((1, 0, "E"), (1, 4, "E")))
    blocked = blocked_words(ENGLISH)
    assert "PEE" in blocked.filler_only and "PEE" not in blocked.everywhere
    for seed in range(8):
        filled = fill.fill(layout, words, ENGLISH, _core.Rng(seed), (), blocked)
        rows = ["".join(ENGLISH.alphabet.decode(v) for v in row) for row in filled.tolist()]
        doc = {"grid": rows, "rows": 3, "cols": 8, "directions": list(COMPASS),
               "words": [{"word": "SHIP", "row": 1, "col": 0, "direction": "E"},
                         {"word": "EEL", "row": 1, "col": 4, "direction": "E"}]}
        reference.verify(doc, ["SHIP", "EEL"], list(COMPASS), blocked=kept_out("en")[0],
                         filler_only=sorted(blocked.filler_only))
        assert rows[1].startswith("SHIPEEL")
    own = blocked_words(ENGLISH, ["pee"])
    assert "PEE" in own.everywhere and "PEE" not in own.filler_only
    with pytest.raises(Unfilled) as caught:
        fill.fill(layout, words, ENGLISH, _core.Rng(1), (), own)
    assert caught.value.args == ("PEE", True, True)  # form, blocked, by_words


def test_unsuitable_strings_are_kept_from_grids_not_from_chosen_words():
    """LIVE reads EVIL backwards and SKILL holds KILL: the program may still draw or
    add them (their patterns let them into the dictionary), and a listed word's own
    letters may spell an unsuitable string, as they may a blocked word."""
    blocked = blocked_words(ENGLISH)
    assert {"EVIL", "KILL", "ANUS"} <= set(blocked.unsuitable) <= set(blocked.forms)
    assert not {"EVIL", "KILL", "ANUS"} & set(blocked.rude)
    assert {"DIE", "SIN", "ALE"} <= blocked.filler_only  # three letters: see the build
    assert not blocked.filler_only & set(blocked.everywhere)
    assert "TIT" in blocked.rude and "TIT" not in blocked.unsuitable
    assert not blocked_words(ENGLISH, blocklist=False).forms
    drawn = set(choose.drawable(ENGLISH))
    assert {"live", "skill"} <= drawn
    puzzle = wordsearch.generate(["skill", "live", "evil"], grid=8, seed="own")
    reference.verify(puzzle.to_dict(), ["SKILL", "LIVE", "EVIL"], list(COMPASS),
                     blocked=kept_out("en")[0])


def test_a_document_says_whether_its_grid_was_kept_free_of_unsuitable_words():
    """A document made before the unsuitable list was blocked has no "unsuitable"
    key and is read as it was made; one that says it was refuses a grid that spells
    one, as it refuses a blocked word."""
    made = wordsearch.generate(["sun", "moon"], grid=6, seed="x").to_dict()
    assert made["unsuitable"] is True
    assert wordsearch.generate(["sun", "moon"], grid=6, seed="x",
                               blocklist=False).to_dict()["unsuitable"] is False
    good = Puzzle(code="d", grid=("SUNX", "QHAT", "BCDE", "FGHI"), directions=tuple(COMPASS),
                  words=(wordsearch.Placement("Sun", "SUN", 0, 0, "E"),))
    old = good.to_dict()
    del old["unsuitable"]
    assert Puzzle.from_dict(old) == good
    assert Puzzle.from_dict(dict(old, grid=["SUNX", "HATE", "BCDE", "FGHI"])).grid[1] == "HATE"
    new = dict(old, grid=["SUNX", "HATE", "BCDE", "FGHI"], unsuitable=True)
    with pytest.raises(InputError, match="the grid spells the blocked word HATE from row 1, "
                                         "column 0 to row 1, column 3"):
        Puzzle.from_dict(new)
    with pytest.raises(InputError, match='"unsuitable"'):
        Puzzle.from_dict(dict(old, unsuitable="yes"))


def test_a_document_refuses_a_short_unsuitable_string_over_its_filler_only():
    """PEE in a row of filler is refused when the document says its filler was kept
    free of the short strings ("short_unsuitable"); across two words' letters it is
    allowed; a document without the key (made before) is read as it was made."""
    made = wordsearch.generate(["sun", "moon"], grid=6, seed="x").to_dict()
    assert made["short_unsuitable"] is True
    assert wordsearch.generate(["sun", "moon"], grid=6, seed="x",
                               blocklist=False).to_dict()["short_unsuitable"] is False
    words = (wordsearch.Placement("Ship", "SHIP", 0, 0, "E"),
             wordsearch.Placement("Eel", "EEL", 0, 4, "E"))
    across = Puzzle(code="d", grid=("SHIPEEL", "QRTVXYZ"), directions=tuple(COMPASS),
                    words=words, unsuitable=True, short_unsuitable=True)
    assert Puzzle.from_dict(across.to_dict()) == across
    filler = across.to_dict() | {"grid": ["SHIPEEL", "QRPEEYZ"]}
    with pytest.raises(InputError, match="the grid spells the blocked word PEE from row 1, "
                                         "column 2 to row 1, column 4, over filler letters"):
        Puzzle.from_dict(filler)
    del filler["short_unsuitable"]
    assert Puzzle.from_dict(filler).grid[1] == "QRPEEYZ"
    with pytest.raises(InputError, match='"short_unsuitable"'):
        Puzzle.from_dict(across.to_dict() | {"short_unsuitable": 1})
