"""Class sets (wordsearch.web.sets), kept in each database and made by a real
worker process through the server's own queue: the PDF is the command's own for the
same code, progress is counted, a set that cannot be made says why and gives its
place back, a set is cancelled from the storage (as any process would), one nobody
polls or whose worker died is ended by the sweep, and only the latest attempt of a
set writes its result."""
import asyncio

import pytest

import wordsearch
from conftest import pdf_text
from wordsearch.errors import WordsearchError
from wordsearch.web import options, sets
from wordsearch.web.queue import LocalQueue
from wordsearch.web.storage import CANCELLED, DONE, FAILED, WORKING, open_storage
from wordsearch.web.workers import Busy, TooMany, Workers

WORDS = ["sun", "moon", "star"]


@pytest.fixture(scope="module")
def workers():
    pool = Workers(1, waiting=2)
    yield pool
    pool.close()


@pytest.fixture
def storage(database, monkeypatch):
    monkeypatch.setattr(sets, "BEAT", 0.05)  # a working set's signs of life, often
    return open_storage(database)


def made(workers, storage, *bodies, time_limit=20.0, until=None):
    """Starts a set for each body, as post_set does, and waits until every one has
    ended (or `until(queue, rows)` is true): each set's row as it ended."""
    async def go():
        queue = LocalQueue(storage, workers)
        rows = []
        for body in bodies:
            queue.admit("teacher")
            row = sets.new_set(options.parse(body, with_set=True), None, "teacher", time_limit)
            storage.add_set(row)
            await queue.submit(row)
            rows.append(row)
        while queue.tasks and not (until and until(storage, rows)):
            await asyncio.sleep(0.01)
        while queue.tasks or workers.running:
            await asyncio.sleep(0.01)
        return [storage.load_set(row.id) for row in rows]
    return asyncio.run(go())


@pytest.mark.slow
def test_a_set_is_the_commands_own_pdf_for_its_code(workers, storage, run):
    body = {"words": WORDS, "copies": 3, "seed": "myset", "title": "Space"}
    first = sets.new_set(options.parse(body, with_set=True), None, "teacher", 20.0)
    assert sets.progress(first) == {"id": first.id, "code": "myset", "state": "working",
                                    "done": 0, "total": 3, "puzzles": 3}
    [row] = made(workers, storage, body)
    progress = sets.progress(row)
    [apart] = progress.pop("apart")
    # A copy too alike an earlier one is made again, and counted in the total.
    assert progress == {"id": row.id, "code": "myset", "state": "done", "done": row.total,
                        "total": row.total, "puzzles": 3, "pdf": f"/api/sets/{row.id}.pdf"}
    assert row.total >= 3 and row.attempt == 1
    assert apart["copies"] == 3 and apart["words"] == 3
    assert 3 * apart["most_shared"] <= apart["words"]
    assert apart["says"].startswith("3 copies share at most")
    result = run("--copies", "3", "--seed", "myset", "--title", "Space", "-o", "set.pdf",
                 *WORDS)
    assert result.exit_code == 0, result.output
    with open("set.pdf", "rb") as command:
        assert storage.set_pdf(row.id) == ("myset", command.read())
    assert workers.admitted == 0


@pytest.mark.slow
def test_each_student_gets_a_puzzle_with_their_name(workers, storage):
    [row] = made(workers, storage, {"words": WORDS, "students": ["Ada", "Bo"], "seed": "kids"})
    assert row.state == DONE and row.apart[0]["copies"] == 2
    text = pdf_text(storage.set_pdf(row.id)[1])
    assert "Ada" in text and "Bo" in text and "kids-1" in text and "kids-2" in text


@pytest.mark.slow
def test_a_set_that_cannot_be_made_says_why_and_gives_its_place_back(workers, storage):
    words = ["elephant", "giraffe", "crocodile"]
    with pytest.raises(WordsearchError) as library:
        wordsearch.generate(words, grid=4)
    [row] = made(workers, storage, {"words": words, "grid": 4, "copies": 2})
    assert row.state == FAILED and storage.set_pdf(row.id) is None
    assert (row.error, row.option) == (str(library.value), "grid")
    progress = sets.progress(row)
    assert progress["error"] == row.error and progress["option"] == "grid"
    assert "pdf" not in progress
    assert workers.admitted == 0


@pytest.mark.slow
def test_a_set_past_its_time_limit_fails_with_the_librarys_message(workers, storage):
    words = [f"{a}{b}{c}{d}long" for a in "abcd" for b in "efgh" for c in "ij" for d in "kl"]
    [row] = made(workers, storage, {"words": words, "beam": 8192}, time_limit=0.05)
    assert row.state == FAILED and "stopped at the time limit of 0.05 s" in row.error
    assert workers.admitted == 0


def test_a_full_server_refuses_a_set_at_once(workers, storage):
    queue = LocalQueue(storage, workers)
    workers.admitted = workers.limit
    try:
        with pytest.raises(Busy):
            queue.admit("teacher")
    finally:
        workers.admitted = 0


def test_a_client_with_its_share_of_unfinished_sets_is_refused_on_any_process(storage):
    for n in range(2):
        storage.add_set(sets.new_set(options.parse({"words": WORDS}, with_set=True), None,
                                     "busy-teacher", 20.0))
    sets.admit(storage, "busy-teacher", 3)
    sets.admit(storage, "another", 2)
    with pytest.raises(TooMany, match="2 class sets being made"):
        sets.admit(storage, "busy-teacher", 2)


@pytest.mark.slow
def test_a_finished_set_is_kept_for_its_time(workers, storage):
    [row] = made(workers, storage, {"words": WORDS, "seed": "kept"})
    sets.sweep(storage, now=row.asked + sets.KEPT_SECONDS - 1)
    assert storage.load_set(row.id).state == DONE
    sets.sweep(storage, now=row.asked + sets.KEPT_SECONDS + 1)
    assert storage.load_set(row.id) is None and storage.poll_set("no-such-set") is None


@pytest.mark.slow
def test_a_set_cancelled_stops_and_its_puzzles_not_begun_never_start(workers, storage):
    """Cancelled in the storage (DELETE on any process), a set's worker sees it within
    a beat: its puzzles still in its line are dropped, the worker is free for others
    at once, and the set says why."""
    def cancel_once_begun(storage, rows):
        if storage.load_set(rows[0].id).done >= 1:
            storage.cancel_set(rows[0].id, "the set was cancelled.")
        return False
    [row] = made(workers, storage, {"words": WORDS, "copies": 40, "seed": "stop"},
                 until=cancel_once_begun)
    assert row.state == CANCELLED and sets.progress(row)["error"] == "the set was cancelled."
    assert row.done < 40 and storage.set_pdf(row.id) is None
    assert workers.admitted == 0 and workers.waiting == 0 and workers.running == 0


def test_a_set_nobody_asks_about_is_cancelled_and_one_whose_worker_died_failed(storage):
    asked = [sets.new_set(options.parse({"words": WORDS}, with_set=True), None, "t", 20.0,
                          now=1000.0) for _ in range(3)]
    for row in asked:
        storage.add_set(row)
    storage.begin_set(asked[1].id, now=1000.0)
    storage.begin_set(asked[2].id, now=1000.0)
    later = 1000.0 + max(sets.UNPOLLED, sets.STALLED)
    storage.poll_set(asked[1].id, now=later)  # polled, but its worker is silent
    storage.poll_set(asked[2].id, now=later)
    storage.note_progress(asked[2].id, 1, 0, 1, now=later)  # alive
    sets.sweep(storage, now=later + 1)
    gone, dead, alive = (storage.load_set(row.id) for row in asked)
    assert (gone.state, dead.state, alive.state) == (CANCELLED, FAILED, WORKING)
    assert "nobody asked about the set" in gone.error
    assert dead.error == "the worker making the set stopped; make it again."


def test_only_the_latest_attempt_writes_the_result(storage):
    """A worker taken for dead may still be running: once another began the set, the
    first one's progress and result are refused, so the set has one result."""
    row = sets.new_set(options.parse({"words": WORDS}, with_set=True), None, "t", 20.0)
    storage.add_set(row)
    first, second = storage.begin_set(row.id), storage.begin_set(row.id)
    assert (first.attempt, second.attempt) == (1, 2)
    assert not storage.note_progress(row.id, 1, 1, 1)
    assert not storage.end_set(row.id, 1, DONE, pdf=b"%PDF-first")
    assert storage.end_set(row.id, 2, DONE, pdf=b"%PDF-second")
    assert not storage.end_set(row.id, 2, DONE, pdf=b"%PDF-again")
    assert storage.set_pdf(row.id) == (row.code, b"%PDF-second")
    assert storage.begin_set(row.id) is None  # ended: no attempt begins it again


def test_a_set_begun_too_often_fails_and_says_so(workers, storage):
    row = sets.new_set(options.parse({"words": WORDS}, with_set=True), None, "t", 20.0)
    storage.add_set(row)
    for _ in range(sets.MAX_ATTEMPTS):
        storage.begin_set(row.id)
    asyncio.run(sets.make_set(storage, row.id, None, 1))
    ended = storage.load_set(row.id)
    assert ended.state == FAILED and ended.attempt == sets.MAX_ATTEMPTS + 1
    assert "the worker making it stopped each time" in ended.error
