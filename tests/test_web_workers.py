"""The workers' queue (wordsearch.web.workers) with real worker processes: the
service's bound and each client's, the clients' tasks taken in turn, a task
cancelled while it waits never starting, and a worker's death failing only the
task that killed it."""
import asyncio
import concurrent.futures
import os
import time

import pytest

from wordsearch.web.workers import Busy, TooMany, Workers


@pytest.fixture
def one():
    pool = Workers(1, waiting=50, per_client=40)
    yield pool
    pool.close()


async def in_order(workers, tasks):
    """Runs (client, fn, args) tasks, started in this order, and gives the clients in
    the order their tasks finished (one worker: the order the workers took them)."""
    finished = []

    async def one(client, fn, args):
        await workers.run(fn, *args, client=client)
        finished.append(client)

    await asyncio.gather(*(one(*task) for task in tasks))
    return finished


@pytest.mark.slow
def test_the_clients_tasks_are_taken_in_turn(one):
    """Twenty of one client's tasks, then one of another's: the other's is taken
    second (after the task already in the worker), not twenty-first."""
    tasks = [("flood", time.sleep, (0.01,)) for _ in range(20)] + [("one", time.sleep, (0,))]
    finished = asyncio.run(in_order(one, tasks))
    assert finished.index("one") <= 2, finished
    # three clients: round after round, one task of each
    tasks = [(c, time.sleep, (0.005,)) for c in "aaaabbbbcccc"]
    assert asyncio.run(in_order(one, tasks)) == list("abcabcabcabc")


@pytest.mark.slow
def test_a_task_cancelled_while_it_waits_never_starts(one, tmp_path):
    marker = tmp_path / "started"

    async def go():
        first = asyncio.ensure_future(one.run(time.sleep, 0.3, client="a"))
        waiting = asyncio.ensure_future(one.run(os.mkdir, str(marker), client="a"))
        await asyncio.sleep(0.05)
        waiting.cancel()
        await first
        await asyncio.sleep(0.1)
    asyncio.run(go())
    assert not marker.exists() and one.waiting == 0 and one.running == 0


def test_each_client_has_its_share_of_the_queue_and_the_service_its_bound():
    workers = Workers(1, waiting=3, per_client=2)
    try:
        workers.admit("a")
        workers.admit("a")
        with pytest.raises(TooMany, match="2 puzzles or sets being made"):
            workers.admit("a")
        workers.admit("b")
        workers.admit("c")
        with pytest.raises(Busy):
            workers.admit("d")  # four admitted: the service's bound, whoever asks
        workers.leave("a")
        workers.admit("d")
        assert workers.admitted == 4 and dict(workers.clients) == {"a": 1, "b": 1, "c": 1, "d": 1}
    finally:
        workers.close()


@pytest.mark.slow
def test_a_worker_that_dies_fails_only_the_task_that_killed_it():
    """os._exit in a worker breaks the pool and every task it held: the others are
    run again on a new pool and succeed; the killer, run again, fails as busy."""
    workers = Workers(2, waiting=10)

    async def go():
        others = [asyncio.ensure_future(workers.run(time.sleep, 0.2, client=f"c{n}"))
                  for n in range(3)]
        await asyncio.sleep(0.05)
        killer = asyncio.ensure_future(workers.run(os._exit, 3, client="killer"))
        results = await asyncio.gather(*others, killer, return_exceptions=True)
        return results
    try:
        *others, killer = asyncio.run(go())
        assert others == [None, None, None]
        assert isinstance(killer, Busy) and "worker process stopped" in str(killer)
        assert workers.alive() and workers.running == 0
    finally:
        workers.close()


@pytest.mark.slow
def test_background_tasks_leave_a_worker_for_someone_waiting():
    """A set's tasks (background) take one of two workers: a puzzle asked for at the
    page starts at once, not after a 1-second task of the set."""
    workers = Workers(2, waiting=50, per_client=40)
    concurrent.futures.wait(workers.warm())  # both processes started, as the server does
    waited = []

    async def go():
        flood = [asyncio.ensure_future(workers.run(time.sleep, 1.0, client="sets",
                                                   background=True)) for _ in range(4)]
        await asyncio.sleep(0.3)
        assert workers.running == 1 and workers.waiting == 3
        started = time.monotonic()
        await workers.run(time.sleep, 0, client="teacher")
        waited.append(time.monotonic() - started)
        for task in flood:
            task.cancel()
        while workers.running:
            await asyncio.sleep(0.01)
    try:
        asyncio.run(go())
        assert waited[0] < 0.5
    finally:
        workers.close()


@pytest.mark.slow
def test_an_answer_that_never_comes_back_leaves_no_worker_taken(one):
    """A task still in a worker when its event loop ends: its answer cannot reach
    the loop, yet the worker is free for the next loop's tasks (what is running is
    read from the pool's futures, not counted by answers)."""
    async def leave_one_running():
        asyncio.ensure_future(one.run(time.sleep, 0.3, client="gone"))
        await asyncio.sleep(0.05)
    asyncio.run(leave_one_running())

    async def next_one():
        return await asyncio.wait_for(one.run(os.getpid, client="next"), timeout=10)
    assert isinstance(asyncio.run(next_one()), int)
    assert one.running == 0 and one.waiting == 0
