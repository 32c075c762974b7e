"""PostgreSQL: the store that web processes and workers on many machines share
(`--db postgresql://...`, or WORDSEARCH_DB). psycopg 3 with its connection pool:
each call borrows a connection for one transaction and gives it back.

Opening the database brings it up to date (schema.py) under an advisory lock, so
that web processes and workers starting together take each step once; the task
queue's own tables (procrastinate's) are made there too, the first time."""
from __future__ import annotations

import contextlib
from typing import Iterator

import psycopg
from psycopg_pool import ConnectionPool

from wordsearch.web import DEFAULT_KEEP_DAYS, DEFAULT_MAX_MB, DEFAULT_UPLOAD_DAYS
from wordsearch.web.storage import schema
from wordsearch.web.storage.records import Full
from wordsearch.web.storage.sql import SQLStorage

UPGRADE_LOCK = 0x77736368  # the advisory lock's number ("wsch"): one upgrader at a time
RETRY_LOCK = 0x77737274    # ("wsrt"): one process at a time queues a dead worker's jobs
POOL_SIZE = 8               # connections a process keeps at most
POOL_WAIT = 10.0            # seconds a call waits for one before it fails
CONNECT_WAIT = 5            # seconds to reach the server when the storage is opened
TABLES = ("puzzles", "masks", "sets", "buckets")


class PostgresStorage(SQLStorage):
    least = "LEAST"

    def __init__(self, url: str, *, max_mb: float = DEFAULT_MAX_MB,
                 keep_days: float = DEFAULT_KEEP_DAYS,
                 upload_days: float = DEFAULT_UPLOAD_DAYS, upgrade: bool = True) -> None:
        super().__init__(max_mb=max_mb, keep_days=keep_days, upload_days=upload_days)
        self.url = url
        # One connection first, so that a wrong address or a server that is down is
        # said at once, not after the pool has tried in the background for POOL_WAIT.
        psycopg.connect(url, connect_timeout=CONNECT_WAIT).close()
        self.pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, timeout=POOL_WAIT,
                                   open=True, name="wordsearch")
        if upgrade:
            try:
                self.upgrade()
            except BaseException:
                self.pool.close()  # refused (a later version's database): no threads left
                raise

    def close(self) -> None:
        self.pool.close()

    def upgrade(self) -> int:
        """Takes the schema's steps this database has not taken; how many."""
        with self._connect() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (UPGRADE_LOCK,))
            db.execute(schema.VERSION_TABLE)
            found = db.execute("SELECT max(version) FROM schema_version").fetchone()[0] or 0
            steps = schema.pending(found, schema.POSTGRES)
            for number, statements in steps:
                for statement in statements:
                    db.execute(statement)
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (%s)", (number,))
            if db.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()[0] is None:
                from procrastinate.schema import SchemaManager

                db.execute(SchemaManager.get_schema())
        return len(steps)

    def retry_stalled(self, seconds: float, priority: int) -> list[tuple[int, str]]:
        """The task queue's jobs held by a worker silent for `seconds` (dead), queued
        again at `priority`: their ids and task names. One transaction under an
        advisory lock, reading the jobs as they are now, so that two web processes
        sweeping at once queue a job once and never one a live worker has taken
        since. (Procrastinate's own retry, the function its job manager calls.)"""
        with self._connect() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (RETRY_LOCK,))
            rows = db.execute(
                "SELECT j.id, j.task_name FROM procrastinate_jobs j LEFT JOIN "
                "procrastinate_workers w ON w.id = j.worker_id WHERE j.status = 'doing' AND "
                "(j.worker_id IS NULL OR w.last_heartbeat < now() - make_interval(secs => %s)) "
                "FOR UPDATE OF j", (seconds,)).fetchall()
            for id, _ in rows:
                db.execute("SELECT procrastinate_retry_job_v2(%s, now(), %s, NULL, NULL)",
                           (id, priority))
        return rows

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s")

    @contextlib.contextmanager
    def _connect(self) -> Iterator[psycopg.Connection]:
        try:
            with self.pool.connection() as db:
                yield db
        except psycopg.errors.DiskFull:
            raise Full("the server's disk is full, so nothing more can be kept; try again "
                       "later.", 503) from None

    def size(self) -> int:
        """Bytes the tables take, their indexes and TOAST included (the space a purge
        frees is used again once vacuumed, which PostgreSQL does on its own); a table a
        database of an earlier schema lacks counts nothing."""
        with self._connect() as db:
            return int(db.execute("SELECT coalesce(sum(pg_total_relation_size(to_regclass(t))), "
                                  "0) FROM unnest(%s::text[]) AS t", (list(TABLES),))
                       .fetchone()[0])
