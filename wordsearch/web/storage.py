"""Where made puzzles and uploaded masks are kept, behind a narrow interface: save
a record and get its id, load a record by id. SQLite by default (one file, safe for
the several threads of one server process and for several processes on one
machine); a shared database server takes its place by implementing the same four
methods, when one machine is not enough."""
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


class Storage(Protocol):
    def save_puzzle(self, record: Record, id: str | None = None) -> str: ...
    def load_puzzle(self, id: str) -> Record | None: ...
    def save_mask(self, png: bytes) -> str: ...
    def load_mask(self, id: str) -> bytes | None: ...


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
            db.execute("INSERT OR IGNORE INTO puzzles VALUES (?, ?, ?, ?, ?)",
                       (id, time.time(), json.dumps(record.document, ensure_ascii=False),
                        json.dumps(record.options, ensure_ascii=False),
                        json.dumps(record.page, ensure_ascii=False)))
        return id

    def load_puzzle(self, id: str) -> Record | None:
        if not valid_id(id):
            return None
        with self._connect() as db:
            row = db.execute("SELECT document, options, page FROM puzzles WHERE id = ?",
                             (id,)).fetchone()
        return None if row is None else Record(*map(json.loads, row))

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
