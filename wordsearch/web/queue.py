"""Where a class set is made once it is asked for: two queues, one job
(sets.make_set).

LocalQueue (SQLite, one machine): the server's own worker processes, in turn with
the puzzles people wait for at the page (workers.py: a set's puzzles are
background tasks and leave a worker free).

TaskQueue (PostgreSQL, many machines): procrastinate, whose broker is the same
PostgreSQL database, so there is nothing more to run. Web processes defer the job;
`wordsearch worker` processes on any machine take it, each making its sets'
puzzles in worker processes of its own. A worker sends a heartbeat every
HEARTBEAT seconds; one silent for STALLED_WORKER seconds is taken for dead, and the
web processes, as they sweep the sets (every few seconds), queue the jobs a dead
worker held again, first in line, for another worker to begin as a new attempt
(sets.py: only the latest attempt's result is written; a set begun MAX_ATTEMPTS
times is failed). However busy the workers are, such a set is not failed for its
silence (that rule, sets.STALLED, is for a server's own sets: LocalQueue.stalled).
So a set whose worker died is queued again within about 35 seconds, and the other
workers' jobs are not touched. (The web processes
do it, not the workers: a worker's every slot may be busy with a long set.)

Procrastinate was chosen over Celery, RQ and Dramatiq because they need Redis or
RabbitMQ beside the database, one more server to run and keep; procrastinate keeps
its jobs in tables of the database the puzzles are in, with LISTEN/NOTIFY to wake
workers, heartbeats to find dead ones, and cancellation."""
from __future__ import annotations

import asyncio
import logging

from wordsearch.web import sets
from wordsearch.web.storage import SetRow, Storage
from wordsearch.web.workers import Busy, Workers

MAKE_SET = "wordsearch.make_set"
SETS_QUEUE = "sets"
HEARTBEAT = 5.0          # seconds between a worker's heartbeats
STALLED_WORKER = 30.0    # seconds of silence after which a worker is taken for dead
MAX_QUEUED = 2000        # sets waiting for a worker before more are refused (Busy)
FIRST_IN_LINE = 100      # the priority of a set queued again after its worker died
log = logging.getLogger("wordsearch.web")


class LocalQueue:
    """Sets made in this server's worker processes."""

    stalled = sets.STALLED  # a working set silent this long: its server died

    def __init__(self, storage: Storage, workers: Workers) -> None:
        self.storage, self.workers = storage, workers
        self.tasks: dict[asyncio.Task, SetRow] = {}

    def admit(self, client: str) -> None:
        """A place among the server's jobs (Busy or TooMany: workers.admit)."""
        self.workers.admit(client)

    def leave(self, client: str) -> None:
        """The place of a set that did not start."""
        self.workers.leave(client)

    async def submit(self, row: SetRow) -> None:
        """Starts making the set, admitted; its place is given back however it ends."""
        task = asyncio.get_running_loop().create_task(self._make(row))
        self.tasks[task] = row

    async def _make(self, row: SetRow) -> None:
        try:
            await sets.make_set(self.storage, row.id, self._runner(row.client),
                                self.workers.threads)
        finally:
            self.workers.leave(row.client)
            self.tasks.pop(asyncio.current_task(), None)

    def _runner(self, client: str) -> sets.Run:
        def run(fn, *args):
            return self.workers.run(fn, *args, client=client, background=True)
        return run

    async def open(self) -> None:
        pass

    async def sweep(self) -> None:
        """Nothing: the server's sets end with it (close)."""

    async def close(self) -> None:
        """The sets being made end with the server, and say so."""
        for task, row in list(self.tasks.items()):
            task.cancel()
            await asyncio.to_thread(self.storage.cancel_set, row.id,
                                    "the server stopped while making the set; make it again.")

    async def health(self) -> dict:
        return {"kind": "local", "ok": True, "sets_making": len(self.tasks)}


class TaskQueue:
    """Sets deferred to procrastinate, for `wordsearch worker` processes."""

    stalled = None  # a dead worker's sets are queued again (sweep), not failed

    def __init__(self, url: str, storage: Storage) -> None:
        self.storage = storage
        self.app = queue_app(url)

    def admit(self, client: str) -> None:
        """Refuses a set when MAX_QUEUED wait for a worker already: the workers are
        too few for the load, or none is running."""
        waiting = self.storage.count_sets()["queued"]
        if waiting >= MAX_QUEUED:
            raise Busy(f"{waiting:,} class sets are waiting to be made; try again in a few "
                       f"minutes.")

    def leave(self, client: str) -> None:
        """Nothing to give back: the queue's bound is the sets waiting in it."""

    async def submit(self, row: SetRow) -> None:
        await self.app.configure_task(MAKE_SET, queue=SETS_QUEUE).defer_async(id=row.id)

    async def open(self) -> None:
        await self.app.open_async()

    async def sweep(self) -> None:
        """Queues again, first in line, the jobs whose worker is dead (any web process
        may; Storage.retry_stalled takes them in one transaction under a lock, so a
        job is queued again once)."""
        for id, task in await asyncio.to_thread(self.storage.retry_stalled, STALLED_WORKER,
                                                FIRST_IN_LINE):
            log.warning("job %s (%s) held by a dead worker: queued again", id, task)

    async def close(self) -> None:
        await self.app.close_async()

    async def health(self) -> dict:
        """The workers alive (a heartbeat within STALLED_WORKER seconds) and the jobs
        waiting: a queue with work and no worker is not healthy."""
        rows = await self.app.connector.execute_query_all_async(
            "SELECT (SELECT count(*) FROM procrastinate_workers WHERE last_heartbeat > "
            "now() - make_interval(secs => %(stalled)s)) AS workers, "
            "(SELECT count(*) FROM procrastinate_jobs WHERE status = 'todo') AS waiting, "
            "(SELECT count(*) FROM procrastinate_jobs WHERE status = 'doing') AS running",
            stalled=STALLED_WORKER)
        found = rows[0]
        return {"kind": "procrastinate", "ok": found["workers"] > 0 or found["waiting"] == 0,
                "workers": found["workers"], "waiting": found["waiting"],
                "running": found["running"]}


def queue_app(url: str):
    """The procrastinate app with the set job: web processes defer through it,
    `wordsearch worker` runs it."""
    import procrastinate

    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=url))

    # A job whose worker is stopped (SIGTERM, past its grace) is given to another.
    @app.task(name=MAKE_SET, queue=SETS_QUEUE, pass_context=True, retry=sets.MAX_ATTEMPTS)
    async def make_set(context, id: str) -> None:
        given = context.additional_context
        await sets.make_set(given["storage"], id, given["run"](id), given["threads"])

    return app


async def work(url: str, storage: Storage, workers: Workers, concurrency: int) -> None:
    """A `wordsearch worker`: takes sets from the queue, `concurrency` at once, until
    stopped (SIGINT or SIGTERM: the sets being made get a grace period, then go
    back to the queue for another worker)."""
    app = queue_app(url)

    def runner(id: str) -> sets.Run:
        def run(fn, *args):
            return workers.run(fn, *args, client=id)
        return run

    async with app.open_async():
        await app.run_worker_async(
            concurrency=concurrency, name=f"wordsearch {sets.RUNNER}",
            additional_context={"storage": storage, "run": runner, "threads": workers.threads},
            update_heartbeat_interval=HEARTBEAT, stalled_worker_timeout=STALLED_WORKER,
            shutdown_graceful_timeout=sets.STALLED / 2)
