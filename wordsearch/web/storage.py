"""Where made puzzles and uploaded masks are kept, behind a narrow interface: save
a record and get its id, load a record by id (the pupil's link) or by its teacher's
secret (the teacher's link). SQLite by default (one file, safe for
the several threads of one server process and for several processes on one
machine); a shared database server takes its place by implementing the same four
methods, when one machine is not enough.

The teacher's secret came after the first puzzles were kept: a database file made
before it gains the column when it is opened, and its puzzles have no secret. They
stay pupil-only (a secret made now would reach no one: their links are already
given out); the teacher makes the puzzle again from its code for a teacher's link."""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from wordsearch.web import DEFAULT_DB

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


def valid_id(id: str) -> bool:
    return ID_PATTERN.fullmatch(id) is not None


class SQLiteStorage:
    """One SQLite file. Each call opens its own connection (cheap, and safe from any
    thread); WAL lets readers go on while a puzzle is written."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = str(path)
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

    def _connect(self) -> sqlite3.Connection:
        """With WAL, NORMAL sync keeps the file whole after a crash and syncs at
        checkpoints, not on every puzzle saved."""
        db = sqlite3.connect(self.path, timeout=10)
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    def save_puzzle(self, record: Record, id: str | None = None) -> str:
        """A new random id, or `id` (a daily puzzle's): kept as first saved."""
        id = id or secrets.token_urlsafe(9)
        with self._connect() as db:
            db.execute("INSERT OR IGNORE INTO puzzles (id, created, document, options, page, "
                       "secret) VALUES (?, ?, ?, ?, ?, ?)",
                       (id, time.time(), json.dumps(record.document, ensure_ascii=False),
                        json.dumps(record.options, ensure_ascii=False),
                        json.dumps(record.page, ensure_ascii=False), record.secret))
        return id

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
        with self._connect() as db:
            db.execute("INSERT OR IGNORE INTO masks VALUES (?, ?, ?)", (id, time.time(), png))
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
        """Bytes the file takes, with its write-ahead log."""
        files = [Path(self.path), Path(self.path + "-wal")]
        return sum(f.stat().st_size for f in files if f.exists())


def _record(row) -> Record:
    document, options, page, secret = row
    return Record(json.loads(document), json.loads(options), json.loads(page), secret)
