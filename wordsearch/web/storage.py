"""Where made puzzles and uploaded masks are kept, behind a narrow interface: save
a record and get its id, load a record by id (the pupil's link) or by its teacher's
secret (the teacher's link). SQLite by default (one file, safe for
the several threads of one server process and for several processes on one
machine); a shared database server takes its place by implementing the same four
methods, when one machine is not enough.

The teacher's secret came after the first puzzles were kept: a database file made
before it gains the column when it is opened, and its puzzles have no secret. They
stay pupil-only (a secret made now would reach no one: their links are already
given out); the teacher makes the puzzle again from its code for a teacher's link.

Storage stays bounded: purge() deletes what is past its time (puzzles a school year
and a summer after they were made, uploads a month after their last upload), and a
file over its most refuses new puzzles with Full (507) rather than filling the disk.
A disk that fills anyway refuses them with Full (503): SQLite writes a puzzle whole
or not at all, and the next one is kept once there is room again."""
from __future__ import annotations

import contextlib
import hashlib
import json
import re
import secrets
import shutil
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Protocol

from wordsearch.web import DEFAULT_DB, DEFAULT_KEEP_DAYS, DEFAULT_MAX_MB, DEFAULT_UPLOAD_DAYS

SQLITE_IOERR, SQLITE_FULL = 10, 13  # sqlite3.Error.sqlite_errorcode, its low byte
LOW_DISK = 1 << 20                    # bytes free under which an I/O error is a full disk
DAY = 86400.0

# Ids are URL-safe and never contain a dot or a slash, so that "/p/ID.pdf" parses
# one way only and no id can name a path.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Record:
    """A puzzle as it was made: its document, the options it was asked for (so that
    it can be made again) and how its pages look (title, fields, page size)."""
    document: dict
    options: dict
    page: dict
    secret: str | None = None  # the teacher's, for the teacher's link; None: pupil-only


class Full(Exception):
    """No room to keep a puzzle or an upload: the storage's most (507) or the disk
    (503), with what to do."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def new_secret() -> str:
    """A teacher's secret: 96 random bits, URL-safe, a valid id (no dot, no slash)."""
    return secrets.token_urlsafe(12)


class Storage(Protocol):
    def save_puzzle(self, record: Record, id: str | None = None) -> str: ...
    def load_puzzle(self, id: str) -> Record | None: ...
    def load_teacher(self, secret: str) -> tuple[str, Record] | None: ...
    def save_mask(self, png: bytes) -> str: ...
    def load_mask(self, id: str) -> bytes | None: ...
    def ping(self) -> None: ...
    def size(self) -> int: ...
    def purge(self, now: float | None = None) -> tuple[int, int]: ...


def valid_id(id: str) -> bool:
    return ID_PATTERN.fullmatch(id) is not None


class SQLiteStorage:
    """One SQLite file. Each call opens its own connection (cheap, and safe from any
    thread); WAL lets readers go on while a puzzle is written."""

    def __init__(self, path: str | Path = DEFAULT_DB, *, max_mb: float = DEFAULT_MAX_MB,
                 keep_days: float = DEFAULT_KEEP_DAYS,
                 upload_days: float = DEFAULT_UPLOAD_DAYS) -> None:
        self.path = str(path)
        self.max_bytes = max_mb * 2**20
        self.keep_days, self.upload_days = keep_days, upload_days
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS puzzles (id TEXT PRIMARY KEY, created REAL, "
                       "document TEXT, options TEXT, page TEXT)")
            db.execute("CREATE TABLE IF NOT EXISTS masks (id TEXT PRIMARY KEY, created REAL, "
                       "png BLOB)")
            self._migrate(db)

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """A file made before the teacher's secret gains its column (and every file
        the index that finds a puzzle by it). Several processes may open the file at
        once: the one that loses the race finds the column there."""
        columns = {row[1] for row in db.execute("PRAGMA table_info(puzzles)")}
        if "secret" not in columns:
            try:
                db.execute("ALTER TABLE puzzles ADD COLUMN secret TEXT")
            except sqlite3.OperationalError as exc:
                if "duplicate column" not in str(exc):
                    raise
        db.execute("CREATE UNIQUE INDEX IF NOT EXISTS puzzles_secret ON puzzles (secret)")

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

    def save_puzzle(self, record: Record, id: str | None = None) -> str:
        """A new random id, or `id` (a daily puzzle's): kept as first saved."""
        id = id or secrets.token_urlsafe(9)
        self._write("INSERT OR IGNORE INTO puzzles (id, created, document, options, page, "
                    "secret) VALUES (?, ?, ?, ?, ?, ?)",
                    (id, time.time(), json.dumps(record.document, ensure_ascii=False),
                     json.dumps(record.options, ensure_ascii=False),
                     json.dumps(record.page, ensure_ascii=False), record.secret))
        return id

    def _write(self, sql: str, values: tuple) -> None:
        """One row written whole, or Full: past the file's most (or the disk full,
        as for every use of the file: _connect)."""
        if self.size() >= self.max_bytes:
            raise Full(f"the server keeps at most {self.max_bytes / 2**20:,g} MB of puzzles "
                       f"and has no room for more; try again later, and tell whoever runs it "
                       f"(wordsearch purge).", 507)
        with self._connect() as db:
            db.execute(sql, values)

    def load_puzzle(self, id: str) -> Record | None:
        if not valid_id(id):
            return None
        with self._connect() as db:
            row = db.execute("SELECT document, options, page, secret FROM puzzles "
                             "WHERE id = ?", (id,)).fetchone()
        return None if row is None else _record(row)

    def load_teacher(self, secret: str) -> tuple[str, Record] | None:
        """The puzzle whose teacher's secret this is, with its id, or None."""
        if not valid_id(secret):
            return None
        with self._connect() as db:
            row = db.execute("SELECT id, document, options, page, secret FROM puzzles "
                             "WHERE secret = ?", (secret,)).fetchone()
        return None if row is None else (row[0], _record(row[1:]))

    def save_mask(self, png: bytes) -> str:
        """The id is the image's own hash: the same upload twice is kept once."""
        id = "u" + hashlib.sha256(png).hexdigest()[:24]
        self._write("INSERT INTO masks VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                    "created = excluded.created", (id, time.time(), png))
        return id

    def load_mask(self, id: str) -> bytes | None:
        if not valid_id(id):
            return None
        with self._connect() as db:
            row = db.execute("SELECT png FROM masks WHERE id = ?", (id,)).fetchone()
        return None if row is None else bytes(row[0])

    def ping(self) -> None:
        """Raises if the file cannot be read (for /healthz)."""
        with self._connect() as db:
            db.execute("SELECT count(*) FROM masks").fetchone()

    def size(self) -> int:
        """Bytes the puzzles and uploads take: the file's pages in use (the pages a
        purge freed are used again before the file grows)."""
        with self._connect() as db:
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            free = db.execute("PRAGMA freelist_count").fetchone()[0]
            size = db.execute("PRAGMA page_size").fetchone()[0]
        return (pages - free) * size

    def purge(self, now: float | None = None) -> tuple[int, int]:
        """Deletes the puzzles and the uploads past their time: how many of each."""
        now = time.time() if now is None else now
        with self._connect() as db:
            puzzles = db.execute("DELETE FROM puzzles WHERE created < ?",
                                 (now - self.keep_days * DAY,)).rowcount
            masks = db.execute("DELETE FROM masks WHERE created < ?",
                               (now - self.upload_days * DAY,)).rowcount
        return puzzles, masks


def _record(row) -> Record:
    document, options, page, secret = row
    return Record(json.loads(document), json.loads(options), json.loads(page), secret)
