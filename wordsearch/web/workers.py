"""Generation and drawing run in worker processes, so that the web process never
waits on a pack: it awaits a future while it goes on answering other requests.

Two bounds keep it fair. The service's: at most `processes + waiting` jobs are
admitted at once (a class set is one job), and one more is refused at once with
Busy (503) instead of waiting without end. Each client's: at most `per_client` of
those are one client's, and its next is refused with TooMany (429), so that one
client cannot fill the queue for everyone.

And the workers are shared in turn: each client has its own line of tasks (a
single puzzle is one task, a set's puzzles many), and a free worker takes the next
task of the client that had its turn longest ago, so that a teacher's one puzzle
waits for at most one task of each client ahead of it, never behind another's
1,600. Background tasks (a set's) take at most all workers but one, so that a
puzzle someone is waiting for at the page finds a worker free even while sets of
40x40 puzzles run. At most `processes` tasks are in the pool at once: the rest
wait here, where they can be cancelled (a set stopped) before they start.

Each puzzle has the library's own time limit, which the C core keeps to within
milliseconds. Workers are started with "spawn" (no copy of the server's threads or
event loop) and end with the server (classset's parent-death signal)."""
from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections import Counter, deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Callable

from wordsearch.make.classset import worker_starts
from wordsearch.make.generate import usable_cores
from wordsearch.web import DEFAULT_PER_CLIENT, DEFAULT_WAITING, jobs


class Busy(Exception):
    """Every worker is busy and the queue is full: a 503 with this message."""


class TooMany(Exception):
    """This client has as many jobs waiting as one client may: a 429 with this
    message (the service itself has room for others)."""


@dataclass
class Task:
    done: asyncio.Future
    fn: object
    args: tuple
    client: str
    background: bool = False
    retried: bool = False
    queued: float = field(default_factory=time.monotonic)
    started: float = 0.0


class Workers:
    def __init__(self, processes: int | None = None, waiting: int = DEFAULT_WAITING,
                 per_client: int = DEFAULT_PER_CLIENT,
                 on_done: Callable[[str, float, float], None] | None = None) -> None:
        """`on_done(task's name, seconds it waited, seconds it ran)` after each task
        (the metrics)."""
        self.processes = processes or usable_cores()
        self.limit = self.processes + waiting
        self.per_client = per_client
        self.admitted = 0
        self.clients: Counter[str] = Counter()   # jobs admitted, by client
        # A worker's packer threads share the cores with the other workers'.
        self.threads = max(1, usable_cores() // self.processes)
        self.lines: dict[str, deque[Task]] = {}  # each client's tasks, in the order asked
        self.served: dict[str, int] = {}  # when each client with tasks last had a turn
        # The tasks in the pool, by their pool future: what is running is read from the
        # futures themselves, so that no count is left wrong by an answer that never
        # came back to the loop (the loop closed first).
        self.flight: dict[Future, Task] = {}
        self.turns = 0
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop that asked last
        self.most_background = max(1, self.processes - 1)
        self.on_done = on_done
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=worker_starts)

    def _renew(self) -> None:
        """A new pool, its workers started, for a broken one."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start()
        self.warm()

    def warm(self) -> list:
        """Starts every worker now and loads the library in each."""
        return [self._pool.submit(jobs.warm) for _ in range(self.processes)]

    def alive(self) -> bool:
        """Whether every worker process is running (for /healthz). The pool has no
        public list of its processes; its _processes has been there since 3.2."""
        found = list((self._pool._processes or {}).values())  # noqa: SLF001
        return len(found) >= self.processes and all(p.is_alive() for p in found)

    def in_flight(self) -> list[Task]:
        """The tasks in a worker now."""
        for future in [f for f in self.flight if f.done()]:
            del self.flight[future]
        return list(self.flight.values())

    @property
    def running(self) -> int:
        return len(self.in_flight())

    @property
    def waiting(self) -> int:
        """Tasks in the lines, not yet in a worker."""
        return sum(len(line) for line in self.lines.values())

    def admit(self, client: str = "") -> None:
        """Takes a place in the queue for `client`, or refuses at once: TooMany when
        the client has its share, Busy when the service has no room at all."""
        if self.admitted >= self.limit:
            raise Busy(f"the server is busy making {self.admitted} puzzles; try again in a "
                       f"moment.")
        if self.clients[client] >= self.per_client:
            raise TooMany(f"you have {self.clients[client]} puzzles or sets being made, the "
                          f"most one computer may have at once; wait for them to finish.")
        self.admitted += 1
        self.clients[client] += 1

    def leave(self, client: str = "") -> None:
        self.admitted -= 1
        self.clients[client] -= 1
        if self.clients[client] <= 0:
            del self.clients[client]

    async def run(self, fn, *args, client: str = "", background: bool = False):
        """fn(*args) in a worker, for a job already admitted, when its turn in the
        round comes. Cancelled while it waits, it never starts. A worker that died
        (out of memory, killed) takes the pool with it: a new one is started, and the
        tasks it held are reported busy rather than as the user's fault."""
        self.loop = asyncio.get_running_loop()
        done = self.loop.create_future()
        self.lines.setdefault(client, deque()).append(Task(done, fn, args, client, background))
        self._dispatch()
        return await done

    def _dispatch(self) -> None:
        """Free workers take the next task of the client that had its turn longest
        ago (one that has not had one yet first, in the order they came)."""
        while self.lines:
            flying = self.in_flight()
            if len(flying) >= self.processes or any(t.retried for t in flying):
                return  # no worker free, or a task back from a broken pool runs alone
            background = sum(t.background for t in flying)
            ready = [c for c in self.lines if not self.lines[c][0].background
                     or background < self.most_background]
            if not ready:
                return  # only background tasks, and they have their workers
            client = min(ready, key=lambda c: self.served.get(c, -1))
            line = self.lines[client]
            if line[0].retried and flying:
                return  # it waits for the pool to empty
            task = line.popleft()
            self.turns += 1
            self.served[client] = self.turns
            if not line:
                del self.lines[client]
            if task.done.done():  # cancelled while it waited
                self._forget(client)
                continue
            task.started = time.monotonic()
            self._submit(task)

    def _submit(self, task: Task) -> None:
        """The task to the pool (a new pool if this one broke since its last task
        came back); its answer to _finished, in the thread of the loop that asked
        last (the server has one; a closed loop's tasks are answered in the next)."""
        try:
            pool_future = self._pool.submit(task.fn, *task.args)
        except BrokenProcessPool:
            self._renew()
            pool_future = self._pool.submit(task.fn, *task.args)
        pool = self._pool
        self.flight[pool_future] = task

        def done_in_pool(future: Future) -> None:  # in the pool's thread
            try:
                self.loop.call_soon_threadsafe(self._finished, task, pool, future)
            except RuntimeError:  # that loop has closed: the next run() dispatches
                pass

        pool_future.add_done_callback(done_in_pool)

    def _forget(self, client: str) -> None:
        """A client with no task waiting or in a worker is not remembered: when it
        asks again, it is new, and comes first."""
        if client not in self.lines and all(t.client != client for t in self.in_flight()):
            self.served.pop(client, None)

    def _finished(self, task: Task, pool: ProcessPoolExecutor, pool_future: Future) -> None:
        """A task's answer to its waiter. When a worker died, the pool fails every task
        it held, not only the one that killed it: each goes back to the head of its
        line once, to run alone in the new pool, and fails (Busy) only if it breaks
        that one too."""
        exc = BrokenProcessPool() if pool_future.cancelled() else pool_future.exception()
        if isinstance(exc, BrokenProcessPool):
            if pool is self._pool:  # the first of its tasks back: a new pool
                self._renew()
            if not task.retried:
                task.retried = True
                self.lines.setdefault(task.client, deque()).appendleft(task)
                self.served[task.client] = -1  # first in the next turn
                self._dispatch()
                return
            exc = Busy("a worker process stopped while making this; try again.")
        if self.on_done is not None:
            self.on_done(getattr(task.fn, "__name__", "task"), task.started - task.queued,
                         time.monotonic() - task.started)
        if not task.done.done() and not task.done.get_loop().is_closed():
            if exc is not None:
                task.done.set_exception(exc)
            else:
                task.done.set_result(pool_future.result())
        self._forget(task.client)
        self._dispatch()

    async def job(self, fn, *args, client: str = ""):
        """Admits one job, runs it and leaves."""
        self.admit(client)
        try:
            return await self.run(fn, *args, client=client)
        finally:
            self.leave(client)

    def close(self) -> None:
        """Cancels the jobs not yet begun, waits for the running ones (each within its
        time limit) and the workers, and lets the pool's queues go now. After a
        SIGTERM, uvicorn stops gracefully and then ends the process by the signal, so
        no exit handler would unlink the queues' semaphores: the resource tracker
        would report them leaked."""
        for line in self.lines.values():
            for task in line:
                task.done.cancel()
        self.lines.clear()
        self.served.clear()
        self._pool.shutdown(wait=True, cancel_futures=True)
