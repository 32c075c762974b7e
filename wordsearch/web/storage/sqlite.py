"""SQLite: one file, the embedded default (`wordsearch serve` needs nothing else),
safe for the several threads of one server process and for several processes on
one machine (WAL works only for processes on one host: many machines share a
PostgreSQL database instead).

A disk that fills refuses new puzzles with Full (503): SQLite writes a puzzle whole
or not at all, and the next one is kept once there is room again."""
from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path
from typing import Iterator

from wordsearch.web import DEFAULT_DB, DEFAULT_KEEP_DAYS, DEFAULT_MAX_MB, DEFAULT_UPLOAD_DAYS
from wordsearch.web.storage import schema
from wordsearch.web.storage.records import Full
from wordsearch.web.storage.sql import SQLStorage

SQLITE_IOERR, SQLITE_FULL = 10, 13  # sqlite3.Error.sqlite_errorcode, its low byte
LOW_DISK = 1 << 20                    # bytes free under which an I/O error is a full disk


class SQLiteStorage(SQLStorage):
    """One SQLite file. Each call opens its own connection (cheap, and safe from any
    thread); WAL lets readers go on while a puzzle is written."""

    def __init__(self, path: str | Path = DEFAULT_DB, *, max_mb: float = DEFAULT_MAX_MB,
                 keep_days: float = DEFAULT_KEEP_DAYS,
                 upload_days: float = DEFAULT_UPLOAD_DAYS, upgrade: bool = True) -> None:
        super().__init__(max_mb=max_mb, keep_days=keep_days, upload_days=upload_days)
        self.path = str(path)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
        if upgrade:
            self.upgrade()

    def upgrade(self) -> int:
        """Takes the schema's steps this file has not taken (schema.py); how many.
        BEGIN IMMEDIATE lets one process in at a time: the next finds them taken."""
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(schema.VERSION_TABLE)
            found = db.execute("SELECT max(version) FROM schema_version").fetchone()[0] or 0
            steps = schema.pending(found, schema.SQLITE)
            for number, statements in steps:
                if number == 1:
                    _secret_column(db)
                for statement in statements:
                    db.execute(statement)
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (?)", (number,))
            db.execute("COMMIT")
            return len(steps)
        finally:
            db.close()

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for one transaction, closed after it (not left to the garbage
        collector: a traceback that holds it would hold the file open). With WAL,
        NORMAL sync keeps the file whole after a crash and syncs at checkpoints, not
        on every puzzle saved."""
        try:
            db = sqlite3.connect(self.path, timeout=10)
            try:
                db.execute("PRAGMA synchronous=NORMAL")
                with db:
                    yield db
            finally:
                db.close()
        except sqlite3.OperationalError as exc:
            if not self._disk_full(exc):
                raise
            raise Full("the server's disk is full, so nothing more can be kept; try again "
                       "later.", 503) from None

    def _disk_full(self, exc: sqlite3.OperationalError) -> bool:
        """SQLite says "full" when a write finds no room, and "disk I/O error" when
        the write-ahead log's shared memory cannot grow: either, on a full disk."""
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        return code == SQLITE_FULL or (
            code == SQLITE_IOERR and shutil.disk_usage(Path(self.path).resolve().parent).free
            < LOW_DISK)

    def size(self) -> int:
        """Bytes the puzzles, uploads and sets take: the file's pages in use (the
        pages a purge freed are used again before the file grows)."""
        with self._connect() as db:
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            free = db.execute("PRAGMA freelist_count").fetchone()[0]
            size = db.execute("PRAGMA page_size").fetchone()[0]
        return (pages - free) * size


def _secret_column(db: sqlite3.Connection) -> None:
    """A file made before the teacher's secret gains its column. Its puzzles have no
    secret and stay pupil-only (a secret made now would reach no one: their links are
    already given out); the teacher makes the puzzle again from its code."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
    if columns and "secret" not in columns:
        db.execute("ALTER TABLE puzzles ADD COLUMN secret TEXT")
