"""The worker pool behind `wordsearch serve` (wordsearch.web.workers), with real
worker processes: a bounded queue that refuses at once when it is full, jobs run in
another process with Ctrl-C left to the server, a worker that dies replaced, and
stopping the server, by Ctrl-C or by SIGTERM (what a service manager sends), ends
its worker processes and frees the pool's queues, so that multiprocessing's
resource tracker finds nothing leaked."""
import asyncio
import json
import os
import signal
import urllib.request

import pytest

from conftest import serve
from wordsearch.make.generate import usable_cores
from wordsearch.web.workers import Busy, Workers


@pytest.fixture(scope="module")
def workers():
    """One worker process and one waiting place, shared by the tests that run jobs."""
    pool = Workers(1, waiting=1)
    yield pool
    pool.close()


def test_the_queue_admits_the_workers_and_the_waiting_and_refuses_one_more_at_once():
    workers = Workers(2, waiting=3)  # no process starts before a job is sent
    assert workers.limit == 5
    for _ in range(5):
        workers.admit()
    with pytest.raises(Busy, match="the server is busy making 5 puzzles; try again"):
        workers.admit()
    workers.leave()
    workers.admit()
    assert workers.admitted == 5
    workers.close()


@pytest.mark.parametrize("processes", [1, 2, 64])
def test_the_workers_share_the_cores_between_their_packer_threads(processes):
    workers = Workers(processes)
    assert workers.processes == processes
    assert workers.threads == max(1, usable_cores() // processes)
    workers.close()


def test_without_a_number_there_is_a_worker_for_each_usable_core():
    workers = Workers()
    assert workers.processes == usable_cores()
    workers.close()


def test_a_job_runs_in_a_worker_process_that_leaves_ctrl_c_to_the_server(workers):
    async def both():
        return await workers.job(os.getpid), await workers.job(signal.getsignal, signal.SIGINT)

    pid, on_ctrl_c = asyncio.run(both())
    assert pid != os.getpid()
    assert on_ctrl_c == signal.SIG_IGN
    assert workers.admitted == 0


def test_a_job_that_fails_gives_back_its_error_and_its_place(workers):
    with pytest.raises(ValueError, match="invalid literal"):
        asyncio.run(workers.job(int, "not a number"))
    assert workers.admitted == 0


def test_a_full_queue_refuses_a_job_without_running_it(workers):
    workers.admitted = workers.limit
    try:
        with pytest.raises(Busy):
            asyncio.run(workers.job(os.getpid))
        assert workers.admitted == workers.limit
    finally:
        workers.admitted = 0


def test_a_worker_that_dies_is_replaced_and_its_job_reported_busy(workers):
    first = asyncio.run(workers.job(os.getpid))
    with pytest.raises(Busy, match="a worker process stopped while making this; try again"):
        asyncio.run(workers.job(os._exit, 1))
    assert workers.admitted == 0
    assert asyncio.run(workers.job(os.getpid)) not in (first, os.getpid())


def test_warming_starts_every_worker_and_loads_the_library(workers):
    started = workers.warm()
    assert len(started) == workers.processes
    assert [future.result(timeout=60) for future in started] == [None] * workers.processes


# uvicorn stops gracefully on either signal, then raises it again: Ctrl-C's
# KeyboardInterrupt it catches (exit 0); SIGTERM ends the process by the signal.
@pytest.mark.slow  # a server each
@pytest.mark.parametrize("signum, exit_code", [(signal.SIGINT, 0),
                                               (signal.SIGTERM, -signal.SIGTERM)])
def test_stopping_the_server_leaks_nothing(tmp_path, signum, exit_code):
    process, url = serve(tmp_path, "--workers", "1")
    try:
        request = urllib.request.Request(
            f"{url}/api/puzzles", data=json.dumps({"words": ["sun", "moon", "star"]}).encode(),
            headers={"Content-Type": "application/json"})
        assert urllib.request.urlopen(request, timeout=30).status == 201  # a worker ran
        process.send_signal(signum)
        # The resource tracker, a child of the server, writes its warnings to the same
        # stderr, so reading it to its end waits for the tracker too.
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == exit_code, stderr.decode()
    assert "leaked" not in stderr.decode(), stderr.decode()
