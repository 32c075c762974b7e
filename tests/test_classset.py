"""Class sets: copies and students from several lists, each puzzle with a code that
regenerates it alone, the same set whatever the number of processes."""
import json
import subprocess
import sys

import pytest

import wordsearch
from conftest import numbered
from test_sections import LISTS
from wordsearch.errors import InputError, PackingError
from wordsearch.make.classset import Plan, build_set, plan_set, sheet_codes
from wordsearch.make.sections import split_sections


def test_copies_differ_and_each_code_regenerates_its_puzzle_alone():
    sections = split_sections(numbered(LISTS))
    made = build_set(sections, copies=3, seed="cls", grid=8, beam=256)
    assert made.code == "cls"
    assert [s.puzzle.code for s in made.sheets] == [f"cls-{n}" for n in range(1, 7)]
    assert [s.title for s in made.sheets] == ["Week 1: Fruit"] * 3 + ["Week 2: Space"] * 3
    fruit = [s.puzzle for s in made.sheets[:3]]
    assert len({p.grid for p in fruit}) == 3  # different layouts of the same words
    assert all(sorted(w.word for w in p.words) == ["APPLE", "BANANA", "CHERRY", "GRAPE"]
               for p in fruit)
    for sheet in made.sheets:
        words = ["apple", "banana", "cherry", "grape"] if sheet.number <= 3 else \
            ["sun", "moon", "star", "planet"]
        alone = wordsearch.generate(words, seed=sheet.puzzle.code, grid=8, beam=256)
        assert alone == sheet.puzzle


def shared_cells(a, b) -> int:
    """Placements two puzzles share, counted here without the library's footprint:
    the same word over the same cells, read either way."""
    def places(puzzle):
        steps = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1), "S": (1, 0),
                 "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
        out = set()
        for w in puzzle.words:
            dr, dc = steps[w.direction]
            cells = sorted((w.row + k * dr, w.col + k * dc) for k in range(len(w.word)))
            out.add((w.word, tuple(cells)))
        return out
    return len(places(a) & places(b))


@pytest.mark.parametrize("words, copies, options", [
    (["sun", "moon", "star", "comet"], 8, {}),
    (["sun", "moon", "star", "comet", "mars"], 10, {"beam": 256}),
    (["cat", "dog", "owl"], 6, {"grid": 4}),                # a fixed grid, codes tried again
])
@pytest.mark.slow
def test_no_two_copies_of_a_list_share_more_than_a_third_of_their_placements(
        words, copies, options):
    made = build_set(split_sections(words), copies=copies, seed="apart", jobs=1, **options)
    puzzles = [sheet.puzzle for sheet in made.sheets]
    most = max(shared_cells(a, b) for n, a in enumerate(puzzles) for b in puzzles[:n])
    assert 3 * most <= len(words)
    [note] = made.apart
    assert (note.list, note.copies, note.words, note.most_shared) == (1, copies, len(words), most)
    # Each copy is made from its own code (a copy made again has a try's .N), on
    # one size for the whole list, and the set's JSON records the rule.
    codes = [p.code for p in puzzles]
    assert all(code.split(".")[0] == f"apart-{n}" for n, code in enumerate(codes, 1))
    assert len({(p.rows, p.cols) for p in puzzles}) == 1
    floor = {} if note.min_grid is None else {"min_grid": note.min_grid}
    for puzzle in puzzles:
        assert wordsearch.generate(words, seed=puzzle.code, **options, **floor) == puzzle
    document = json.loads(made.to_json())
    assert document["apart"]["rule"].startswith("no two copies of one list share more than "
                                                "a third")
    assert document["apart"]["lists"] == [note.to_dict()]


@pytest.mark.slow
def test_a_list_whose_tightest_grid_is_too_alike_moves_all_its_copies_up_a_size():
    words = ["sun", "moon", "star", "comet"]
    tight = wordsearch.generate(words, seed="t-1")
    made = build_set(split_sections(words), copies=8, seed="t", jobs=1)
    [note] = made.apart
    assert note.grown_from == tight.cols and note.min_grid == tight.cols + 1
    assert {sheet.puzzle.cols for sheet in made.sheets} == {tight.cols + 1}
    assert note.describe() == (f"8 copies share at most {note.most_shared} of 4 placements; "
                               f"{tight.cols}×{tight.cols} had too few different layouts, so "
                               f"all its copies are at least {tight.cols + 1}×{tight.cols + 1}")


@pytest.mark.slow
def test_copies_that_cannot_differ_on_a_fixed_grid_are_refused_naming_the_grid():
    with pytest.raises(PackingError, match=r"copy \d+ of 20 shares more than a third of its "
                                           r"placements with an earlier copy in each of 8 tries "
                                           r"on the 3×3 grid") as error:
        build_set(split_sections(["cat", "dog", "owl"]), copies=20, seed="x", grid=3, jobs=1)
    assert error.value.option == "grid"


def test_a_set_of_one_keeps_the_code_of_a_single_puzzle():
    assert sheet_codes("abc", 1) == ["abc"]
    made = build_set(split_sections(["sun", "moon", "star"]), seed="abc", beam=64)
    assert made.sheets[0].puzzle == wordsearch.generate(["sun", "moon", "star"], seed="abc",
                                                        beam=64)


def test_the_set_is_the_same_whatever_the_number_of_jobs():
    sections = split_sections(numbered(LISTS))
    one = build_set(sections, copies=4, seed="j", beam=512, jobs=1)
    two = build_set(sections, copies=4, seed="j", beam=512, jobs=2)
    assert one == two


def test_copies_and_students_together_are_refused():
    with pytest.raises(InputError, match="give a number of copies or a list of students, "
                                         "not both"):
        build_set(split_sections(["sun", "moon"]), copies=2, students=["Ann"])




def test_a_set_is_planned_list_by_list_a_puzzle_for_each_copy_or_student():
    assert plan_set(2, copies=2, seed="p") == Plan("p", ((0, "", "p-1"), (0, "", "p-2"),
                                                         (1, "", "p-3"), (1, "", "p-4")))
    assert plan_set(1, students=["Ann", "Bo"], seed=" q ") == Plan("q", ((0, "Ann", "q-1"),
                                                                        (0, "Bo", "q-2")))
    assert plan_set(1, seed="r") == Plan("r", ((0, "", "r"),))
    fresh = plan_set(1, copies=2)
    assert [code for _, _, code in fresh.puzzles] == [f"{fresh.code}-1", f"{fresh.code}-2"]
    with pytest.raises(InputError, match="1001 copies is out of range"):
        plan_set(1, copies=1001)


# Pools ended at once, as when a set's puzzles all came back before a worker had
# started: with the command's SIGTERM handler and a thread running (as tqdm's), a
# worker ended before worker_starts ran its copy of the handler and could hang, and
# pool.terminate() with it (2 runs in 3 of 30 pools hung before the fix).
ENDED_AT_ONCE = """
import faulthandler, signal, threading, time
from wordsearch import cli
from wordsearch.make import classset
faulthandler.dump_traceback_later(30, exit=True)
signal.signal(signal.SIGTERM, cli._terminate)
stop = threading.Event()
threading.Thread(target=lambda: [time.sleep(0.0001) for _ in iter(stop.is_set, True)],
                 daemon=True).start()
for _ in range(60):
    pool = classset._pool(2)
    pool.terminate()
    pool.join()
print("done")
"""


@pytest.mark.slow
def test_a_pool_ended_before_its_workers_started_never_hangs(tmp_path):
    # Run elsewhere than the repository, so that the installed package is imported.
    ran = subprocess.run([sys.executable, "-c", ENDED_AT_ONCE], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path)
    assert ran.stdout.strip() == "done", ran.stderr[-2000:]


@pytest.mark.parametrize("grown_from, min_grid, says", [
    (None, None, "30 copies share at most 4 of 15 placements"),
    (10, 11, "30 copies share at most 4 of 15 placements; 10×10 had too few different "
             "layouts, so all its copies are at least 11×11"),
    (10, 12, "30 copies share at most 4 of 15 placements; 10×10 and 11×11 had too few "
             "different layouts, so all its copies are at least 12×12"),
])
def test_a_lists_note_says_how_far_apart_its_copies_are(grown_from, min_grid, says):
    from wordsearch.puzzle import Apart
    assert Apart(1, 30, 15, 4, min_grid, grown_from).describe() == says
