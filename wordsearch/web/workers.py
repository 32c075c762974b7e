"""Generation and drawing run in worker processes, so that the web process never
waits on a pack: it awaits a future while it goes on answering other requests.

The queue is bounded: at most `processes + waiting` jobs are admitted at once, and
one more is refused at once with Busy (503) instead of waiting without end. Each
puzzle has the library's own time limit, which the C core keeps to within
milliseconds. Workers are started with "spawn" (no copy of the server's threads
or event loop) and end with the server (classset's parent-death signal)."""
from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from wordsearch.make.classset import worker_starts
from wordsearch.make.generate import usable_cores
from wordsearch.web import DEFAULT_WAITING, jobs


class Busy(Exception):
    """Every worker is busy and the queue is full: a 503 with this message."""


class Workers:
    def __init__(self, processes: int | None = None, waiting: int = DEFAULT_WAITING) -> None:
        self.processes = processes or usable_cores()
        self.limit = self.processes + waiting
        self.admitted = 0
        # A worker's packer threads share the cores with the other workers'.
        self.threads = max(1, usable_cores() // self.processes)
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=worker_starts)

    def warm(self) -> list:
        """Starts every worker now and loads the library in each."""
        return [self._pool.submit(jobs.warm) for _ in range(self.processes)]

    def admit(self) -> None:
        """Takes a place in the queue, or refuses at once when there is none."""
        if self.admitted >= self.limit:
            raise Busy(f"the server is busy making {self.admitted} puzzles; try again in a "
                       f"moment.")
        self.admitted += 1

    def leave(self) -> None:
        self.admitted -= 1

    async def run(self, fn, *args):
        """fn(*args) in a worker, for a job already admitted. A worker that died (out
        of memory, killed) takes the pool with it: a new one is started, and the job
        is reported busy rather than as the user's fault."""
        try:
            return await asyncio.wrap_future(self._pool.submit(fn, *args))
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._start()
            raise Busy("a worker process stopped while making this; try again.") from None

    async def job(self, fn, *args):
        """Admits one job, runs it and leaves."""
        self.admit()
        try:
            return await self.run(fn, *args)
        finally:
            self.leave()

    def close(self) -> None:
        """Cancels the jobs not yet begun, waits for the running ones (each within its
        time limit) and the workers, and lets the pool's queues go now. After a
        SIGTERM, uvicorn stops gracefully and then ends the process by the signal, so
        no exit handler would unlink the queues' semaphores: the resource tracker
        would report them leaked."""
        self._pool.shutdown(wait=True, cancel_futures=True)
