"""The compiled core: that it is the one in use, and that it agrees with the
plain-Python reference (tests/reference.py) case for case."""
import importlib.machinery

import numpy as np
import pytest
from hypothesis import given, strategies as st

import reference
from conftest import examples
from wordsearch import _core
from wordsearch.make import fill, packer
from wordsearch import lang
from wordlists import draw
from wordsearch.errors import AllBlocked, NoRoom, NoUnique


def test_the_compiled_extension_is_in_use():
    assert _core.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert packer._core is _core and fill._core is _core
    assert type(_core.pack).__name__ in {"cython_function_or_method", "builtin_function_or_method"}


def test_python_limits_match_the_core():
    assert all(len(lang.get(code).alphabet) <= _core.MAX_LETTER for code in lang.codes())
    assert packer.MAX_BEAM // packer.BEAM_PER_THREAD <= _core.MAX_THREADS


@st.composite
def pack_cases(draw):
    rows, cols = draw(st.integers(3, 11)), draw(st.integers(3, 11))
    cells = [[0] * cols for _ in range(rows)]
    for r, c in draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                              max_size=4)):
        cells[r][c] = _core.BLOCKED
    alphabet = draw(st.integers(2, 5))
    longest = max(2, min(rows, cols))
    words = draw(st.lists(st.lists(st.integers(1, alphabet), min_size=2, max_size=longest),
                          min_size=1, max_size=5))
    mask = draw(st.integers(1, 255))
    beam = draw(st.sampled_from([1, 2, 3, 5, 8, 20, 64]))
    seed = draw(st.integers(0, 2**64 - 1))
    rows_span = st.tuples(st.integers(0, rows - 1), st.integers(0, rows - 1)).map(sorted)
    cols_span = st.tuples(st.integers(0, cols - 1), st.integers(0, cols - 1)).map(sorted)
    regions = [(*draw(rows_span), *draw(cols_span))
               for _ in range(draw(st.integers(0, len(words))))]
    return cells, words, mask, beam, seed, regions


def run_core(cells, words, mask, beam, seed, regions, threads, workspace=None, room=4,
             blocked=(), prune=False):
    """The C packer on a case, with room for `room` finished puzzles; each word's
    containers are found as the library finds them, so that lists with words inside
    others are packed by the inside rule. `blocked`: letter lists no finished puzzle
    should spell, and with `prune` no partial layout kept."""
    letters = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    inside_offsets, inside_words = packer.inside_arrays(reference.containers(words))
    automaton = (_core.Blocklist(np.array([x for w in blocked for x in w], dtype=np.uint8),
                                 np.cumsum([0] + [len(w) for w in blocked]).astype(np.int32),
                                 _core.MAX_LETTER) if blocked else None)
    try:
        grids, starts, dirs = _core.pack(np.array(cells, dtype=np.uint8), letters, offsets,
                                         mask, beam, seed, threads, room,
                                         np.array(regions, dtype=np.int32).reshape(-1, 4),
                                         workspace, inside_offsets=inside_offsets,
                                         inside_words=inside_words, blocked=automaton,
                                         prune_blocked=prune, give_up_blocked=True)
    except NoRoom as exc:
        return ("no room", exc.word_index)
    except NoUnique as exc:
        assert 0 <= exc.word_index < len(words)
        return ("no unique",)
    except AllBlocked as exc:
        assert 0 <= exc.blocked_index < len(blocked)
        return ("all blocked",)
    return ([g.tolist() for g in grids], starts.tolist(), dirs.tolist())


def run_reference(cells, words, mask, beam, seed, regions, blocked=(), prune=False):
    try:
        return tuple(reference.pack(cells, words, mask, beam, seed, 4, regions,
                                    reference.containers(words), blocked, prune))
    except LookupError as exc:
        return ("no room", exc.args[0])
    except ValueError:
        return ("no unique",)
    except reference.AllBlocked:
        return ("all blocked",)


def test_the_core_refuses_thread_counts_out_of_its_range():
    for threads in (0, _core.MAX_THREADS + 1):
        with pytest.raises(AssertionError, match="the packer refused its arguments"):
            run_core([[0, 0], [0, 0]], [[1, 2]], 255, 4, 1, [], threads)


def test_a_kernel_refusing_a_word_list_says_what_it_needs_in_the_core_s_bounds():
    """Blocked words, dictionary words and lexicon words come as they were given:
    a refusal names the kernel's own bounds, as the core sets them."""
    letters = np.ones(_core.MAX_WORD + 1, dtype=np.uint8)
    too_long = np.array([0, _core.MAX_WORD + 1], dtype=np.int32)
    with pytest.raises(ValueError, match=f"blocked words need 2 to {_core.MAX_WORD} letters"):
        _core.Blocklist(letters, too_long, 26)
    with pytest.raises(ValueError, match=f"dictionary words need 1 to {_core.MAX_WORD} "
                                         f"letters, each a code from 1 to {_core.MAX_LETTER}"):
        _core.Trie(letters, too_long)
    with pytest.raises(ValueError, match=f"a lexicon needs words of 3 to {_core.MAX_WORD} "
                                         f"letters"):
        _core.Lexicon(letters, too_long, 26)
    lexicon = _core.Lexicon(letters[:3], np.array([0, 3], dtype=np.int32), 26)
    with pytest.raises(ValueError, match=f"every blocked word of 1 to {_core.MAX_WORD} letters"):
        _core.message_fill(np.zeros((3, 3), dtype=np.uint8), lexicon, 10, 255, 1)


# Kept across examples of every size, as the packer keeps its own across puzzles.
WORKSPACE = _core.Workspace()


@pytest.mark.slow
@given(pack_cases())
def test_packer_matches_the_reference_for_any_thread_count(case):
    expected = run_reference(*case)
    for threads in (1, 2, 3):
        assert run_core(*case, threads) == expected
        assert run_core(*case, threads, WORKSPACE) == expected


@pytest.mark.slow
@given(pack_cases(), st.data())
def test_blocked_words_and_pruning_pack_as_in_the_reference(case, data):
    """Blocked words of the words' own letters, which the layouts often spell: the
    finished puzzles free of them come first (all of them, or the others when none
    is), and with pruning a partial layout that spells one is dropped when chosen.
    Lists with no word of two letters have their lines filtered before a scan (by a
    word of three, or four letters of a longer word), which must drop the same."""
    letters = sorted({x for w in case[1] for x in w})
    shortest = data.draw(st.integers(2, 3))
    blocked = data.draw(st.lists(st.lists(st.sampled_from(letters), min_size=shortest,
                                          max_size=5),
                                 min_size=1, max_size=3))
    for prune in (False, True):
        expected = run_reference(*case, blocked, prune)
        for threads in (1, 3):
            assert run_core(*case, threads, WORKSPACE, blocked=blocked, prune=prune) == expected


@pytest.mark.slow
def test_pruning_blocked_words_changes_some_puzzles_and_frees_more_of_them():
    """The differential test above cannot tell pruning from no pruning if the two
    never differ: on small dense lists they often do, and pruning leaves more packs
    with a puzzle free of the blocked words."""
    rng = np.random.default_rng(5)
    differ = cleaner = dirtier = 0
    for _ in range(examples(120)):
        side = int(rng.integers(5, 8))
        words = [list(map(int, rng.integers(1, 4, size=rng.integers(3, 6))))
                 for _ in range(int(rng.integers(3, 6)))]
        blocked = [list(map(int, rng.integers(1, 4, size=2)))]
        case = ([[0] * side for _ in range(side)], words, 255, 16, int(rng.integers(1 << 62)),
                [])
        plain, pruned = (run_core(*case, 2, blocked=blocked, prune=p) for p in (False, True))
        differ += plain != pruned
        free = [not isinstance(r[0], str) and not any(
            reference.spells_blocked(g, words, list(zip(st_, d)), blocked)
            for g, st_, d in zip(*r)) for r in (plain, pruned)]
        cleaner += free[1] and not free[0]
        dirtier += free[0] and not free[1]
    assert differ > 0 and cleaner > dirtier


@pytest.mark.parametrize("side, words, mask, seed, blocked", [
    ((6, 6), [[1, 2], [2, 2, 1, 2, 1], [1, 2, 2, 2], [1, 2, 2]], 7, 18315205041527519162,
     [[2, 2]]),
    ((8, 7), [[2, 2, 2], [2, 1], [1, 2, 2, 2], [1, 2, 2, 2], [2, 2]], 8, 14687394004142589645,
     [[1, 1, 2, 1]]),
])
def test_a_word_whose_last_container_is_laid_is_read_again_as_in_the_reference(
        side, words, mask, seed, blocked):
    """Pruning drops a layout that reads a word again where it can never be laid;
    while a container of the word is still to come, one may be laid over the
    reading, so the readings that count change when the last is laid, away from
    the cells it filled. Rare in drawn lists (two in 1,800 such packs), so two of
    them here: the packer must look at them then, as the reference does."""
    case = ([[0] * side[1] for _ in range(side[0])], words, mask, 3, seed, [])
    expected = run_reference(*case, blocked, prune=True)
    assert expected[0] == "no room"  # every layout dropped, the pool ran dry
    assert run_reference(*case, blocked, prune=False) == ("no unique",)
    for threads in (1, 3):
        assert run_core(*case, threads, WORKSPACE, blocked=blocked, prune=True) == expected


def test_a_run_holding_more_readings_than_the_scan_has_room_for_is_counted_whole():
    """A word of 64 A's holds 306 readings of the A's from 2 to 6 letters, more
    than a run's scan has room for: the packer counts every word over the grid
    instead, and drops what the reference drops (found by a review; the packer had
    dropped the layout at once, and said the word of six did not fit)."""
    words = [[1] * n for n in (64, 6, 5, 4, 3, 2)]
    case = ([[0] * 64 for _ in range(3)], words, 4, 4, 12345, [])
    expected = run_reference(*case, [[2, 2]], prune=True)
    assert expected == ("no room", 3)
    for threads in (1, 2):
        assert run_core(*case, threads, WORKSPACE, blocked=[[2, 2]], prune=True) == expected


@pytest.mark.slow
def test_words_inside_others_pack_by_the_rule_as_in_the_reference():
    """Lists that hold words inside others (over three letters, most do) pack in C
    as in the reference, on one and two threads, and many of them succeed: the
    differential test above then covers the inside rule too."""
    rng = np.random.default_rng(11)
    packed, lists = 0, examples(150)
    for _ in range(lists):
        rows, cols = rng.integers(4, 8, size=2)
        words = [list(map(int, rng.integers(1, 4, size=rng.integers(2, 6))))
                 for _ in range(rng.integers(2, 5))]
        if not any(reference.containers(words)):
            continue
        case = ([[0] * cols for _ in range(rows)], words, 255, 16, int(rng.integers(1 << 62)),
                [])
        expected = run_reference(*case)
        assert run_core(*case, 1) == run_core(*case, 2) == expected
        packed += not isinstance(expected[0], str)
    assert packed >= 40 * lists // 150, packed  # in CI, 61 of the 67 such lists drawn


def first_of(result, room):
    """A run_core result cut to its first `room` puzzles; an outcome as it is."""
    return result if isinstance(result[0], str) else tuple(part[:room] for part in result)


@pytest.mark.slow
def test_the_best_finished_puzzles_are_the_same_whatever_room_the_output_has():
    """The last word keeps a few times the output's room of children, not the whole
    beam, and more, up to the whole beam, when too few of them read every word once
    (ws_pack.c, FINISHED_MARGIN): with room for fewer puzzles, the output is the
    start of the same list. Short words of two letters on small grids make most
    layouts read some word twice, so that the last word is expanded again (for 31
    of the 60 lists with room for one puzzle, 35 with room for 16, counted when this
    was written); the English list is the default beam's case."""
    rng = np.random.default_rng(5)
    cases = []
    for _ in range(examples(60)):
        rows, cols = rng.integers(4, 6, size=2)
        words = [list(map(int, rng.integers(1, 3, size=rng.integers(2, 4))))
                 for _ in range(rng.integers(4, 9))]
        cases.append(([[0] * cols for _ in range(rows)], words, 255, 256,
                      int(rng.integers(1 << 62)), []))
    english = [[ord(c) - ord("A") + 1 for c in w.upper()] for w in draw(20, seed=20_000)]
    cases.append(([[0] * 15 for _ in range(15)], english, 255, packer.DEFAULT_BEAM, 7, []))
    outcomes = set()
    for case in cases:
        whole_beam = case[3] // 4  # room for a quarter of the beam: nothing cut
        expected = run_core(*case, 1, room=whole_beam)
        outcomes.add(expected[0] if isinstance(expected[0], str) else "ok")
        for room, threads in ((1, 1), (3, 2), (16, 1)):
            assert run_core(*case, threads, room=room) == first_of(expected, room)
    assert outcomes == {"ok", "no unique"}


EVERY_OUTCOME = {"ok", "no room", "no unique"}


@pytest.mark.slow
def test_reference_cases_include_every_outcome():
    """The differential test is only as good as its cases: make sure the kind of
    case it draws reaches success, no room and no unique layout."""
    outcomes = set()
    rng = np.random.default_rng(7)
    for _ in range(200):
        rows, cols = rng.integers(3, 7, size=2)
        words = [list(rng.integers(1, 4, size=rng.integers(2, 5))) for _ in range(rng.integers(1, 5))]
        result = run_reference([[0] * cols for _ in range(rows)], words, 255, 8,
                               int(rng.integers(1 << 62)), [])
        outcomes.add(result[0] if isinstance(result[0], str) else "ok")
        if outcomes == EVERY_OUTCOME:
            break  # 22 draws in
    assert outcomes == EVERY_OUTCOME


@pytest.mark.slow
@given(st.integers(3, 8), st.integers(3, 8), st.integers(0, 2**32),
       st.lists(st.lists(st.integers(1, 3), min_size=2, max_size=5), min_size=1, max_size=5),
       st.booleans())
def test_scan_finds_exactly_the_readings_the_reference_finds(rows, cols, seed, words, rule):
    """With the inside rule, each word is given a placement (here, where its own
    letters are written into the grid, so that containers' readings are there to
    leave out); readings inside a container's placement are left out."""
    rng = np.random.default_rng(seed)
    grid = rng.integers(0, 4, size=(rows, cols)).astype(np.uint8)
    grid[rng.random((rows, cols)) < 0.1] = _core.BLOCKED
    placed = []
    for word in words:
        d = int(rng.integers(8))
        dr, dc = reference.STEPS[d]
        r0, c0 = int(rng.integers(rows)), int(rng.integers(cols))
        placed.append((r0 * cols + c0, d))
        cells = [(r0 + k * dr, c0 + k * dc) for k in range(len(word))]
        if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
            for (r, c), letter in zip(cells, word):
                grid[r, c] = letter
    letters = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    inside = reference.containers(words) if rule else [[] for _ in words]
    inside_offsets, inside_words = packer.inside_arrays(inside)
    found_words, starts, dirs = _core.scan_words(
        grid, letters, offsets, inside_offsets=inside_offsets, inside_words=inside_words,
        starts=np.array([s for s, _ in placed], dtype=np.int32),
        dirs=np.array([d for _, d in placed], dtype=np.uint8))
    found = [set() for _ in words]
    for w, start, d in zip(found_words.tolist(), starts.tolist(), dirs.tolist()):
        r, c = divmod(start, cols)
        dr, dc = reference.STEPS[d]
        found[w].add(frozenset((r + k * dr, c + k * dc) for k in range(len(words[w]))))
    assert len(found_words) == sum(len(f) for f in found), "a reading reported twice"
    assert found == reference.counted_readings(grid.tolist(), words, inside, placed)


def test_the_scan_leaves_out_only_readings_inside_a_container():
    """KANSAS inside ARKANSAS, placed E on row 0: the reading within ARKANSAS is left
    out; a second KANSAS elsewhere, and the one at its own placement, count."""
    alphabet = lang.get("en").alphabet
    rows = ["ARKANSAS", "KANSASXX", "XXXXXXXX"]
    grid = np.array([alphabet.encode(row.replace("X", "Q")) for row in rows], dtype=np.uint8)
    letters, offsets = alphabet.encode_list(["KANSAS", "ARKANSAS"])
    inside_offsets, inside_words = packer.inside_arrays([[1], []])
    found_words, starts, _ = _core.scan_words(
        grid, letters, offsets, inside_offsets=inside_offsets, inside_words=inside_words,
        starts=np.array([8, 0], dtype=np.int32), dirs=np.array([2, 2], dtype=np.uint8))
    assert sorted(zip(found_words.tolist(), starts.tolist())) == [(0, 8), (1, 0)]
    plain, _, _ = _core.scan_words(grid, letters, offsets)
    assert sorted(plain.tolist()) == [0, 0, 1]


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**64 - 1])
def test_rng_stream_is_the_published_generator(seed):
    rng = _core.Rng(seed)
    assert [rng.next() for _ in range(16)] == reference.xoshiro_stream(seed, 16)


def test_rng_stream_is_pinned():
    """Puzzles made today must come out the same in every later version."""
    rng = _core.Rng(42)
    assert [rng.next() for _ in range(3)] == reference.xoshiro_stream(42, 3) == [
        6667968346354703667, 16249806489848801414, 11489548399102462488]


def test_draw_letters_follows_the_weights_and_never_draws_a_zero_weight_letter():
    grid = np.zeros(20000, dtype=np.uint8)
    cells = np.arange(20000, dtype=np.int32)
    weights = np.array([1, 0, 3, 0], dtype=np.uint64)
    _core.Rng(3).draw_letters(grid, cells, np.cumsum(weights))
    counts = np.bincount(grid, minlength=5)
    assert counts[0] == counts[2] == counts[4] == 0
    assert 0.72 < counts[3] / 20000 < 0.78


def test_draw_letters_touches_only_the_listed_cells():
    grid = np.full(10, 9, dtype=np.uint8)
    _core.Rng(1).draw_letters(grid, np.array([2, 5], dtype=np.int32),
                              np.array([1, 2], dtype=np.uint64))
    assert [v for i, v in enumerate(grid) if i not in (2, 5)] == [9] * 8
    assert set(grid[[2, 5]]) <= {1, 2}


def long_pack_case():
    """A pack that takes seconds (about 2 s on two threads here, 4 s on one): 90 words
    on a 40x40 grid at a beam of 32768."""
    from wordlists import draw
    alphabet = lang.get("en").alphabet
    letters, offsets = alphabet.encode_list([w.upper() for w in draw(90, seed=5)])
    return (np.zeros((40, 40), dtype=np.uint8), letters, offsets, 255, 32768, 1)


@pytest.mark.parametrize("threads", [1, pytest.param(2, marks=pytest.mark.slow),
                                     pytest.param(3, marks=pytest.mark.slow)])
@pytest.mark.slow
def test_a_pack_past_its_deadline_stops_with_no_puzzle(threads):
    import time
    from wordsearch.errors import TimeUp
    cells, letters, offsets, mask, beam, seed = long_pack_case()
    started = time.monotonic()
    with pytest.raises(TimeUp):
        _core.pack(cells, letters, offsets, mask, beam, seed, threads, 4,
                   np.zeros((0, 4), dtype=np.int32),
                   deadline_ns=time.monotonic_ns() + 200_000_000)
    assert time.monotonic() - started < 0.5


@pytest.mark.slow
def test_ctrl_c_stops_a_pack_inside_the_core_and_raises_keyboard_interrupt():
    import os
    import signal
    import threading
    import time
    cells, letters, offsets, mask, beam, seed = long_pack_case()
    sender = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    sender.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            _core.pack(cells, letters, offsets, mask, beam, seed, 2, 4,
                       np.zeros((0, 4), dtype=np.int32), catch_signals=True)
    finally:
        sender.cancel()  # a pack done first must not leave Ctrl-C to stop pytest
        sender.join()
    assert time.monotonic() - started < 0.5
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_wrapper_refuses_word_lists_and_placements_the_core_would_trust():
    grid = np.zeros((3, 3), dtype=np.uint8)
    letters = np.array([1, 2, 3], dtype=np.uint8)
    for offsets in ([0, 4], [1, 3], [0, 2, 1], []):
        with pytest.raises(ValueError, match="offsets"):
            _core.scan_words(grid, letters, np.array(offsets, dtype=np.int32))
    inside_offsets, inside_words = np.array([0, 0], dtype=np.int32), np.zeros(0, dtype=np.int32)
    for start, direction in ((9, 0), (-1, 0), (0, 8)):
        with pytest.raises(ValueError, match="not a cell and a direction of this grid"):
            _core.scan_words(grid, letters, np.array([0, 3], dtype=np.int32),
                             inside_offsets=inside_offsets, inside_words=inside_words,
                             starts=np.array([start], dtype=np.int32),
                             dirs=np.array([direction], dtype=np.uint8))


@given(st.sampled_from([1, 2, 200, 256, 257, 300, 65_536, 70_000]), st.integers(0, 300),
       st.booleans(), st.integers(0, 2**32))
def test_grouping_matches_the_reference(nkeys, count, keyed, seed):
    """One radix pass or none up to 256 keys, two up to 65,536, three past it; keyed
    as Trie.found keys words (by rank), or by the word itself as Trie.grouped does."""
    import reference_group
    rng = np.random.default_rng(seed)
    nwords = int(rng.integers(1, 400)) if keyed else nkeys
    keys = rng.integers(0, nkeys, size=nwords).astype(np.int32) if keyed else None
    words = rng.integers(0, nwords, size=count).astype(np.int32)
    order = _core.group_order(words, nkeys, keys)
    assert order.tolist() == reference_group.group_order(
        words.tolist(), None if keys is None else keys.tolist())


def test_grouping_takes_four_passes_past_2_to_the_24_keys():
    import reference_group
    words = np.array([2**24 + 4, 0, 2**24, 7, 2**24 + 4, 0, 300], dtype=np.int32)
    order = _core.group_order(words, 2**24 + 5)
    assert order.tolist() == reference_group.group_order(words.tolist()) == [1, 5, 3, 6, 2, 0, 4]


def test_grouping_refuses_readings_without_a_key():
    with pytest.raises(ValueError, match="no key"):
        _core.group_order(np.array([3], dtype=np.int32), 3)
    with pytest.raises(ValueError, match="not below"):
        _core.group_order(np.array([0], dtype=np.int32), 3, np.array([3], dtype=np.int32))


@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32))
def test_a_path_direction_matches_the_reference(rows, cols, seed):
    """Straight runs in every direction, walks that turn, single cells, and steps
    that jump (as a path never does, but the rule still holds)."""
    import reference_group
    rng = np.random.default_rng(seed)
    for _ in range(40):
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        dr, dc = reference.STEPS[int(rng.integers(8))]
        path = [(r, c)]
        for _ in range(int(rng.integers(0, 6))):
            if rng.random() < 0.2:
                dr, dc = reference.STEPS[int(rng.integers(8))]
            if rng.random() < 0.05:
                dr, dc = 2 * dr, dc
            r, c = r + dr, c + dc
            if not (0 <= r < rows and 0 <= c < cols):
                break
            path.append((r, c))
        cells = np.array([r * cols + c for r, c in path], dtype=np.int32)
        assert _core.path_direction(cells, cols) == reference_group.path_direction(
            cells.tolist(), cols), path
