"""The solver (wordsearch.solver.search, over csrc/ws_dict.c and csrc/ws_solve.c)
against a plain-Python brute force that shares no code with it: every word tried
from every cell, in every direction or along every path, letter by letter."""
import random
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

import wordsearch
from conftest import examples
from wordsearch.errors import InputError
from wordsearch.solver import Dictionary, solve

COMPASS = [("N", -1, 0), ("NE", -1, 1), ("E", 0, 1), ("SE", 1, 1), ("S", 1, 0),
           ("SW", 1, -1), ("W", 0, -1), ("NW", -1, -1)]


def direction_of(cells):
    """The compass code of cells along a straight line, None for a path that turns
    or a single cell."""
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:])}
    if len(cells) < 2 or len(steps) != 1:
        return None
    (step,) = steps
    return next(code for code, dr, dc in COMPASS if (dr, dc) == step)


def letter(rows, r, c):
    if 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] != ".":
        return rows[r][c]
    return None


def brute_lines(rows, forms, min_length):
    """{word: sorted cell tuples}: a palindrome once, in N, NE, E or SE; a word of one
    letter once, E."""
    out = {}
    for form in dict.fromkeys(forms):
        if len(form) < min_length:
            continue
        found = []
        for r in range(len(rows)):
            for c in range(len(rows[0])):
                for name, dr, dc in COMPASS:
                    if len(form) == 1 and name != "E":
                        continue
                    if len(form) > 1 and form == form[::-1] and name not in ("N", "NE", "E", "SE"):
                        continue
                    if all(letter(rows, r + k * dr, c + k * dc) == ch for k, ch in enumerate(form)):
                        found.append(tuple((r + k * dr, c + k * dc) for k in range(len(form))))
        if found:
            out[form] = sorted(found)
    return out


def brute_paths(rows, forms, min_length):
    """{word: sorted cell tuples} along paths of neighbours, no cell twice; a
    palindrome once, from the end whose cell comes first in reading order."""
    cols = len(rows[0])
    out = {}

    def walk(form, path):
        if len(path) == len(form):
            first, last = path[0], path[-1]
            if len(form) > 1 and form == form[::-1] and first[0] * cols + first[1] > last[0] * cols + last[1]:
                return
            found.append(tuple(path))
            return
        r, c = path[-1]
        for _, dr, dc in COMPASS:
            nxt = (r + dr, c + dc)
            if nxt not in path and letter(rows, *nxt) == form[len(path)]:
                walk(form, path + [nxt])

    for form in dict.fromkeys(forms):
        if len(form) < min_length:
            continue
        found = []
        for r in range(len(rows)):
            for c in range(cols):
                if letter(rows, r, c) == form[0]:
                    walk(form, [(r, c)])
        if found:
            out[form] = sorted(found)
    return out


@st.composite
def grids(draw, side=7):
    rows, cols = draw(st.integers(1, side)), draw(st.integers(1, side))
    letters = draw(st.sampled_from(["AB", "ABC", "ABCD"]))
    cells = st.sampled_from(list(letters) * 4 + ["."])
    return ["".join(draw(st.lists(cells, min_size=cols, max_size=cols))) for _ in range(rows)], letters


@st.composite
def cases(draw, side=7, longest=6):
    rows, letters = draw(grids(side))
    words = draw(st.lists(st.text(letters, min_size=1, max_size=longest), min_size=1, max_size=12))
    # Some palindromes, and some words cut from the grid itself so that many read.
    words += [w + w[-2::-1] for w in draw(st.lists(st.text(letters, min_size=1, max_size=3), max_size=3))]
    for r, c, d, n in draw(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6),
                                              st.integers(0, 7), st.integers(1, 5)), max_size=4)):
        _, dr, dc = COMPASS[d]
        run = [letter(rows, r + k * dr, c + k * dc) for k in range(n)]
        if run and None not in run:
            words.append("".join(run))
    return rows, words, draw(st.integers(1, 4))


def as_found(found):
    return {f.word: sorted(reading.cells for reading in f.readings) for f in found}


@pytest.mark.slow
@given(cases())
def test_straight_lines_are_what_a_brute_force_finds(case):
    rows, words, min_length = case
    solution = solve(rows, dictionary=words, min_length=min_length)
    assert as_found(solution.found) == brute_lines(rows, words, min_length)
    for f in solution.found:
        for r in f.readings:
            assert r.direction == (direction_of(r.cells) or "E")


@settings(max_examples=examples(200))
@given(cases(side=5, longest=5))
def test_free_paths_are_what_a_depth_first_search_finds(case):
    rows, words, min_length = case
    solution = solve(rows, dictionary=words, min_length=min_length, free_path=True)
    assert as_found(solution.found) == brute_paths(rows, words, min_length)
    for f in solution.found:
        for r in f.readings:
            assert r.direction == direction_of(r.cells)


@settings(max_examples=examples(200))
@given(cases(), st.booleans())
def test_listed_words_set_apart_exactly_their_readings_inside_a_container(case, free_path):
    """Every listed word is reported; its readings, counted and set apart together,
    are the brute force's; one is set apart when its cells are a run of a reading of
    a longer listed word that contains it, and the runs a word and its reversal of
    the same length share go to each in turn, in the order of their cells."""
    rows, words, _ = case
    if free_path and (len(rows) > 5 or len(rows[0]) > 5):
        rows = [row[:5] for row in rows[:5]]
    solution = solve(rows, words, free_path=free_path)
    brute = (brute_paths if free_path else brute_lines)(rows, words, 1)
    forms = list(dict.fromkeys(words))
    assert [f.word for f in solution.listed] == forms
    for i, f in enumerate(solution.listed):
        everything = sorted([r.cells for r in f.readings] + [r.cells for r, _ in f.inside])
        assert everything == brute.get(f.word, [])
        longer = [g for g in forms if len(g) > len(f.word) and (f.word in g or f.word[::-1] in g)]
        reverse = f.word[::-1] if f.word[::-1] != f.word and f.word[::-1] in forms else None
        runs = sorted(tuple(sorted(cells)) for cells in everything)
        for cells in everything:
            hosts = [g for g in longer if any(run_of(cells, other) for other in brute.get(g, []))]
            if not hosts and reverse is not None:
                mine = 0 if i < forms.index(reverse) else 1
                if runs.index(tuple(sorted(cells))) % 2 != mine:
                    hosts = [reverse]
            assert (cells in [r.cells for r, _ in f.inside]) == bool(hosts)


def run_of(cells, other):
    n = len(cells)
    return any(seq[i:i + n] == cells for seq in (other, other[::-1])
               for i in range(len(other) - n + 1))


def test_a_word_and_its_reversal_share_their_runs_without_a_key_and_not_with_one():
    rows = ["KETXX", "XXXXX", "TEKXX"]
    solution = solve(rows, ["ket", "tek"])
    assert [f.count for f in solution.listed] == [1, 1]
    assert solution.listed[0].readings[0].start == (0, 0)
    assert solution.listed[1].readings[0].start == (2, 0)
    solution = solve(["KETXX", "XXXXX", "XXXXX"], ["ket", "tek"])
    assert [f.count for f in solution.listed] == [1, 0]


def test_a_generated_puzzle_reads_each_word_once_at_its_placement():
    puzzle = wordsearch.generate(["kansas", "arkansas", "texas", "ohio", "iowa", "utah"],
                                 grid=12, seed="solve")
    solution = solve(puzzle)
    assert solution.every_word_once
    for placement, found in zip(puzzle.words, solution.listed):
        assert found.word == placement.word
        assert found.readings[0].cells == tuple(placement.cells())
        assert found.readings[0].direction == placement.direction
    kansas = solution.listed[0]
    assert [host for _, host in kansas.inside] == ["ARKANSAS"]


def test_rows_in_any_case_and_a_shape():
    solution = solve(["cat.", ".xob", "..a."], ["CAT", "box"])
    assert [f.count for f in solution.listed] == [1, 1]
    assert solution.listed[1].readings[0].cells == ((1, 3), (1, 2), (1, 1))
    assert solution.listed[1].readings[0].direction == "W"
    assert solution.rows == ("CAT.", ".XOB", "..A.")


def test_words_fold_with_the_language():
    solution = solve(["NIÑO", "XXXX"], ["niño", "NINO"], language="es")
    assert [(f.word, f.count) for f in solution.listed] == [("NIÑO", 1), ("NINO", 0)]
    solution = solve(["CAFE"], ["Café"])
    assert solution.listed[0].word == "CAFE" and solution.listed[0].count == 1
    assert solution.listed[0].label == "Café"


def test_a_dictionary_is_built_once_and_reused():
    dictionary = Dictionary(["cat", "act", "tac", "Cat", "dog"], language="en")
    assert len(dictionary) == 4 and "CAT" in dictionary and "cow" not in dictionary
    first = solve(["CAT", "DOG"], dictionary=dictionary, min_length=3)
    second = solve(["TAC"], dictionary=dictionary, min_length=3)
    assert {f.word for f in first.found} == {"CAT", "TAC", "DOG", "ACT"} - {"ACT"}
    assert {f.word for f in second.found} == {"CAT", "TAC"}


@pytest.mark.slow
def test_threads_sharing_a_dictionary_find_what_one_thread_finds():
    """Each search has buffers of its own; a free-path search runs without the GIL."""
    from concurrent.futures import ThreadPoolExecutor
    dictionary = Dictionary.of_language("en")
    rng = random.Random(7)
    cases = [(["".join(rng.choices("AEIRSTNLDO", k=6)) for _ in range(6)], k % 2 == 1)
             for k in range(40)]

    def found(case):
        rows, free_path = case
        return solve(rows, dictionary=dictionary, free_path=free_path).found

    alone = [found(case) for case in cases]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(found, cases)) == alone
    assert sum(map(len, alone)) > 100  # the grids have words to find


@pytest.mark.parametrize("rows, words, message", [
    (["ABC", "AB"], ["ab"], "row 2 has 2 cells, but row 1 has 3"),
    (["AB#"], ["ab"], "column 3 holds \"#\""),
    (["ABC"], ["a1b"], "\"a1b\" has '1'"),
    ([], ["ab"], "has no grid"),
    ("ABC", ["ab"], "a list of rows"),
])
def test_bad_grids_and_words_are_refused_naming_them(rows, words, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        solve(rows, words)


def test_a_dictionary_in_another_language_is_refused():
    with pytest.raises(InputError, match="dictionary is in Spanish"):
        solve(["ABC"], dictionary=Dictionary(["abc"], language="es"), language="en")


def test_a_grid_of_one_letter_stops_the_free_path_search():
    with pytest.raises(InputError, match="more free paths than a search can follow"):
        solve(["A" * 12] * 12, ["A" * 20 + "B"], free_path=True, budget=100_000)


# Every word of one to four letters over ABC: a trie of 121 nodes, enough for the
# width^4 = 256 bits of the table of four-letter prefixes, so that the lines from
# a cell are looked up in it (csrc/ws_dict.h) whenever min_length is 4 or more.
EVERY_ABC_WORD = ["".join(p) for n in range(1, 5) for p in product("ABC", repeat=n)]


@pytest.mark.slow
@settings(max_examples=examples(150))
@given(grids(), st.integers(1, 5))
def test_a_trie_with_the_table_of_prefixes_reads_what_a_brute_force_finds(grid, min_length):
    rows, _ = grid
    dictionary = Dictionary(EVERY_ABC_WORD)
    assert dictionary.trie.quads == 4 ** 4
    solution = solve(rows, dictionary=dictionary, min_length=min_length)
    assert as_found(solution.found) == brute_lines(rows, EVERY_ABC_WORD, min_length)


@pytest.mark.parametrize("language, words, listed", [
    ("es", ["ÑAME", "NADA", "OCA", "ZETA", "ANO", "AÑO"],
     ["ANO", "AÑO", "NADA", "ÑAME", "OCA", "ZETA"]),
    ("sv", ["ÅR", "ÖL", "ÄR", "AR", "OL", "ZOO"], ["AR", "OL", "ZOO", "ÅR", "ÄR", "ÖL"]),
])
def test_dictionary_words_come_as_the_language_sorts(language, words, listed):
    """Not in the trie's order (code points: Ñ after Z): Ñ after N in Spanish, Å Ä Ö
    after Z in Swedish, as the report prints them."""
    rows = [w.ljust(4, ".") for w in words]
    solution = solve(rows, dictionary=Dictionary(words, language), min_length=2)
    assert [f.word for f in solution.found] == listed


def test_a_grid_in_grid_form_and_one_to_fold_are_solved_alike():
    rows = ["CATS", "OXOB", "WAD."]
    folded = solve([row.lower() for row in rows], dictionary=["cat", "cow", "toad"],
                   min_length=3)
    assert folded == solve(rows, dictionary=["cat", "cow", "toad"], min_length=3)
    assert [f.word for f in folded.found] == ["CAT", "COW"]
    with pytest.raises(InputError, match="column 2 holds \"1\""):
        solve(["A1"], dictionary=["ab"])
