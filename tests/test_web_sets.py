"""Class sets made in the background (wordsearch.web.sets), with a real worker
process: the PDF is the command's own for the same code, progress is counted, a
set that cannot be made says why and gives its place in the queue back, a full
queue refuses a set at once, and only the most recent sets are kept."""
import asyncio

import pytest

import wordsearch
from conftest import pdf_text
from wordsearch.errors import WordsearchError
from wordsearch.web import options, sets as sets_module
from wordsearch.web.sets import Sets
from wordsearch.web.workers import Busy, Workers

WORDS = ["sun", "moon", "star"]


@pytest.fixture(scope="module")
def workers():
    pool = Workers(1, waiting=2)
    yield pool
    pool.close()


def made(workers, *bodies, time_limit=20.0):
    """Starts a set for each body on one Sets, and waits for all of them: the Sets,
    and each job with its progress as first answered."""
    async def go():
        sets = Sets(workers, time_limit)
        started = []
        for body in bodies:
            job = sets.start(options.parse(body, with_set=True), None)
            started.append((job, job.progress()))
        while any(job.state == "working" for job, _ in started):
            await asyncio.sleep(0.01)
        return sets, started
    return asyncio.run(go())


@pytest.mark.slow
def test_a_set_is_the_commands_own_pdf_for_its_code(workers, run):
    body = {"words": WORDS, "copies": 3, "seed": "myset", "title": "Space"}
    sets, [(job, first)] = made(workers, body)
    assert first == {"id": job.id, "code": "myset", "state": "working", "done": 0, "total": 3,
                     "puzzles": 3}
    progress = job.progress()
    [apart] = progress.pop("apart")
    # A copy too alike an earlier one is made again, and counted in the total.
    assert progress == {"id": job.id, "code": "myset", "state": "done", "done": job.total,
                        "total": job.total, "puzzles": 3, "pdf": f"/api/sets/{job.id}.pdf"}
    assert job.total >= 3
    assert apart["copies"] == 3 and apart["words"] == 3
    assert 3 * apart["most_shared"] <= apart["words"]
    assert apart["says"].startswith("3 copies share at most")
    assert sets.get(job.id) is job
    result = run("--copies", "3", "--seed", "myset", "--title", "Space", "-o", "set.pdf",
                 *WORDS)
    assert result.exit_code == 0, result.output
    with open("set.pdf", "rb") as command:
        assert job.pdf == command.read()
    assert workers.admitted == 0


@pytest.mark.slow
def test_each_student_gets_a_puzzle_with_their_name(workers):
    _, [(job, _)] = made(workers, {"words": WORDS, "students": ["Ada", "Bo"], "seed": "kids"})
    assert job.state == "done" and job.apart[0].copies == 2
    text = pdf_text(job.pdf)
    assert "Ada" in text and "Bo" in text and "kids-1" in text and "kids-2" in text


def test_a_set_that_cannot_be_made_says_why_and_gives_its_place_back(workers):
    words = ["elephant", "giraffe", "crocodile"]
    with pytest.raises(WordsearchError) as library:
        wordsearch.generate(words, grid=4)
    _, [(job, _)] = made(workers, {"words": words, "grid": 4, "copies": 2})
    assert job.state == "failed" and job.pdf is None
    assert (job.error, job.option) == (str(library.value), library.value.option) == (
        job.error, "grid")
    progress = job.progress()
    assert progress["error"] == job.error and "pdf" not in progress
    assert workers.admitted == 0


def test_a_set_past_its_time_limit_fails_with_the_librarys_message(workers):
    words = [f"{a}{b}{c}{d}long" for a in "abcd" for b in "efgh" for c in "ij" for d in "kl"]
    _, [(job, _)] = made(workers, {"words": words, "beam": 8192}, time_limit=0.05)
    assert job.state == "failed"
    assert "stopped at the time limit of 0.05 s" in job.error
    assert workers.admitted == 0


def test_a_full_queue_refuses_a_set_at_once_and_keeps_nothing(workers):
    sets = Sets(workers, 20.0)
    workers.admitted = workers.limit
    try:
        with pytest.raises(Busy):
            asyncio.run(_start(sets, {"words": WORDS}))
        assert sets.jobs == {}
    finally:
        workers.admitted = 0


async def _start(sets, body):
    return sets.start(options.parse(body, with_set=True), None)


def test_only_the_most_recent_finished_sets_are_kept_for_their_time(workers, monkeypatch):
    monkeypatch.setattr(sets_module, "MAX_KEPT", 2)
    sets, started = made(workers, *({"words": WORDS, "seed": f"kept-{n}"} for n in range(3)))
    first, second, third = (job for job, _ in started)
    sets.sweep()
    assert sets.get(first.id) is None
    assert list(sets.jobs.values()) == [second, third]
    assert sets.get("no-such-set") is None
    sets.sweep(now=third.asked + sets_module.KEPT_SECONDS + 1)
    assert sets.jobs == {}


async def settled(job, workers):
    """Until the set has stopped and the task it had in a worker has come back."""
    while job.state == "working" or workers.running:
        await asyncio.sleep(0.01)


def test_a_set_cancelled_stops_and_its_puzzles_not_begun_never_start(workers):
    """Cancelled (DELETE, or nobody polling), a set's puzzles still in its line are
    dropped: the worker is free for others at once, and the set says why."""
    async def go():
        sets = Sets(workers, 20.0)
        job = sets.start(options.parse({"words": WORDS, "copies": 40, "seed": "stop"},
                                       with_set=True), None, "teacher-a")
        while job.done < 1:
            await asyncio.sleep(0.01)
        sets.cancel(job)
        await settled(job, workers)
        return job
    job = asyncio.run(go())
    assert job.state == "cancelled" and job.progress()["error"] == "the set was cancelled."
    assert job.done < 40
    assert workers.admitted == 0 and workers.waiting == 0 and workers.running == 0


def test_a_set_nobody_asks_about_is_cancelled(workers):
    async def go():
        sets = Sets(workers, 20.0)
        job = sets.start(options.parse({"words": WORDS, "copies": 40, "seed": "gone"},
                                       with_set=True), None)
        sets.sweep(now=job.asked + sets_module.UNPOLLED / 2)
        assert job.state == "working"
        sets.get(job.id)  # a poll: another UNPOLLED from now
        sets.sweep(now=job.asked + sets_module.UNPOLLED + 1)
        await settled(job, workers)
        return job
    job = asyncio.run(go())
    assert job.state == "cancelled" and "nobody asked about the set" in job.error
