"""The storage's queries, one text for both databases: SQLite and PostgreSQL share
the SQL used here (upserts, RETURNING), save the placeholder and the name of the
smaller-of function, which each subclass gives with its connections and its size.

Storage stays bounded: purge() deletes what is past its time (puzzles a school year
and a summer after they were made, uploads a month after their last upload, limits
once they have filled again), and a database over its most refuses new puzzles with
Full (507) rather than filling the disk. Times are wall-clock seconds (time.time()):
the processes that share a database may run on several machines."""
from __future__ import annotations

import contextlib
import hashlib
import json
import time
from typing import Iterator

from wordsearch.web.storage.records import (CANCELLED, DONE, FAILED, QUEUED, UNFINISHED, WORKING,
                                            Full, Record, SetRow, new_id, valid_id)

DAY = 86400.0
NOTE_POLL = 5.0  # seconds between the polls of a set written down
SET_COLUMNS = ("id, code, client, request, puzzles, total, state, done, error, option, apart, "
               "attempt, created, asked, beat")


class SQLStorage:
    least = "MIN"  # the function that gives the smaller of two numbers

    def __init__(self, *, max_mb: float, keep_days: float, upload_days: float) -> None:
        self.max_bytes = max_mb * 2**20
        self.keep_days, self.upload_days = keep_days, upload_days

    def close(self) -> None:
        """Lets go of what the storage holds between calls: PostgreSQL's pool of
        connections and its threads; SQLite holds nothing (a connection a call)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # What each database gives.
    @contextlib.contextmanager
    def _connect(self) -> Iterator:
        """A connection for one transaction, committed at its end (rolled back on an
        error), whose execute(sql, values) returns a cursor."""
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        """The query in the database's own placeholders (written with ?)."""
        return text

    def size(self) -> int:
        raise NotImplementedError

    def _execute(self, sql: str, values: tuple = ()):
        with self._connect() as db:
            cursor = db.execute(self._sql(sql), values)
            return cursor.fetchall() if cursor.description else cursor.rowcount

    # Puzzles and uploads.
    def save_puzzle(self, record: Record, id: str | None = None) -> str:
        """A new random id, or `id` (a daily puzzle's): kept as first saved."""
        id = id or new_id()
        self._write("INSERT INTO puzzles (id, created, document, options, page, secret) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                    (id, time.time(), _json(record.document), _json(record.options),
                     _json(record.page), record.secret))
        return id

    def _write(self, sql: str, values: tuple) -> None:
        """One row written whole, or Full: past the database's most (or the disk
        full, as for every use of the database: _connect)."""
        if self.size() >= self.max_bytes:
            raise Full(f"the server keeps at most {self.max_bytes / 2**20:,g} MB of puzzles "
                       f"and has no room for more; try again later, and tell whoever runs it "
                       f"(wordsearch purge).", 507)
        self._execute(sql, values)

    def load_puzzle(self, id: str) -> Record | None:
        if not valid_id(id):
            return None
        rows = self._execute("SELECT document, options, page, secret FROM puzzles WHERE id = ?",
                             (id,))
        return _record(rows[0]) if rows else None

    def load_teacher(self, secret: str) -> tuple[str, Record] | None:
        """The puzzle whose teacher's secret this is, with its id, or None."""
        if not valid_id(secret):
            return None
        rows = self._execute("SELECT id, document, options, page, secret FROM puzzles "
                             "WHERE secret = ?", (secret,))
        return (rows[0][0], _record(rows[0][1:])) if rows else None

    def save_mask(self, png: bytes) -> str:
        """The id is the image's own hash: the same upload twice is kept once."""
        id = "u" + hashlib.sha256(png).hexdigest()[:24]
        self._write("INSERT INTO masks (id, created, png) VALUES (?, ?, ?) ON CONFLICT (id) "
                    "DO UPDATE SET created = excluded.created", (id, time.time(), png))
        return id

    def load_mask(self, id: str) -> bytes | None:
        if not valid_id(id):
            return None
        rows = self._execute("SELECT png FROM masks WHERE id = ?", (id,))
        return bytes(rows[0][0]) if rows else None

    def ping(self) -> None:
        """Raises if the database cannot be read (for /healthz)."""
        self._execute("SELECT count(*) FROM masks")

    def purge(self, now: float | None = None) -> tuple[int, int]:
        """Deletes the puzzles and the uploads past their time (how many of each),
        and the limits that have filled again (every limit fills within a day)."""
        now = time.time() if now is None else now
        with self._connect() as db:
            puzzles = db.execute(self._sql("DELETE FROM puzzles WHERE created < ?"),
                                 (now - self.keep_days * DAY,)).rowcount
            masks = db.execute(self._sql("DELETE FROM masks WHERE created < ?"),
                               (now - self.upload_days * DAY,)).rowcount
            db.execute(self._sql("DELETE FROM buckets WHERE at < ?"), (now - DAY,))
        return puzzles, masks

    # Class sets.
    def add_set(self, row: SetRow) -> None:
        self._write(f"INSERT INTO sets ({SET_COLUMNS}) VALUES "
                    f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.id, row.code, row.client, _json(row.request), row.puzzles, row.total,
                     row.state, row.done, row.error, row.option, _json(row.apart), row.attempt,
                     row.created, row.asked, row.beat))

    def load_set(self, id: str) -> SetRow | None:
        if not valid_id(id):
            return None
        rows = self._execute(f"SELECT {SET_COLUMNS} FROM sets WHERE id = ?", (id,))
        return _set(rows[0]) if rows else None

    def poll_set(self, id: str, now: float | None = None) -> SetRow | None:
        """The set, its poll noted (a set nobody polls is stopped: sweep_sets). A page
        polls a few times a second; the poll is written at most every NOTE_POLL
        seconds, so that a burst of waiting pages reads the database, and hardly writes."""
        now = time.time() if now is None else now
        row = self.load_set(id)
        if row is not None and now - row.asked >= NOTE_POLL:
            self._execute("UPDATE sets SET asked = ? WHERE id = ?", (now, id))
        return row

    def set_pdf(self, id: str) -> tuple[str, bytes] | None:
        """A finished set's code and PDF."""
        if not valid_id(id):
            return None
        rows = self._execute("SELECT code, pdf FROM sets WHERE id = ? AND state = ? AND "
                             "pdf IS NOT NULL", (id, DONE))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    def begin_set(self, id: str, runner: str = "", now: float | None = None) -> SetRow | None:
        """A worker (`runner`: its process and machine) begins the set (again, after
        one that died): its attempt, with its progress from nothing; None if the set
        has ended (cancelled, say)."""
        now = time.time() if now is None else now
        rows = self._execute(f"UPDATE sets SET state = ?, attempt = attempt + 1, done = 0, "
                             f"total = puzzles, beat = ?, runner = ? WHERE id = ? AND "
                             f"state IN (?, ?) RETURNING {SET_COLUMNS}",
                             (WORKING, now, runner, id, *UNFINISHED))
        return _set(rows[0]) if rows else None

    def note_progress(self, id: str, attempt: int, done: int, total: int,
                      now: float | None = None) -> bool:
        """The attempt's progress, and that it is alive; False when the attempt should
        stop: the set was cancelled or failed, or a later attempt took it over."""
        rows = self._execute("UPDATE sets SET done = ?, total = ?, beat = ? WHERE id = ? AND "
                             "attempt = ? AND state = ? RETURNING state",
                             (done, total, time.time() if now is None else now, id, attempt,
                              WORKING))
        return bool(rows)

    def end_set(self, id: str, attempt: int, state: str, *, error: str = "",
                option: str | None = None, pdf: bytes | None = None, apart: list = (),
                now: float | None = None) -> bool:
        """The attempt's result, written only if it is still the set's working attempt
        (so a set is made into one result, however many workers began it). A finished
        set is kept for a while from now (sweep_sets)."""
        rows = self._execute("UPDATE sets SET state = ?, error = ?, option = ?, pdf = ?, "
                             "apart = ?, asked = ? WHERE id = ? AND attempt = ? AND state = ? "
                             "RETURNING id",
                             (state, error, option, pdf, _json(list(apart)),
                              time.time() if now is None else now, id, attempt, WORKING))
        return bool(rows)

    def cancel_set(self, id: str, why: str) -> None:
        """Stops an unfinished set: its worker sees it at its next progress (or
        within a second: sets.watch) and starts nothing more."""
        self._execute("UPDATE sets SET state = ?, error = ? WHERE id = ? AND state IN (?, ?)",
                      (CANCELLED, why, id, *UNFINISHED))

    def unfinished_sets(self, client: str) -> int:
        """The client's sets queued or being made, on any process."""
        return self._execute("SELECT count(*) FROM sets WHERE client = ? AND state IN (?, ?)",
                             (client, *UNFINISHED))[0][0]

    def count_sets(self) -> dict[str, int]:
        """Sets by state (for /metrics)."""
        found = dict(self._execute("SELECT state, count(*) FROM sets GROUP BY state"))
        return {state: found.get(state, 0) for state in (QUEUED, WORKING, DONE, FAILED,
                                                         CANCELLED)}

    def sweep_sets(self, *, unpolled: float, stalled: float | None, kept: float,
                   now: float | None = None) -> tuple[int, int, int]:
        """Stops the sets nobody asks about (their client has gone), fails those whose
        worker stopped saying it is alive for `stalled` seconds (None: never; the
        task queue gives them to another worker), and drops the finished ones past
        their time: how many of each. Any process may sweep, at any time."""
        now = time.time() if now is None else now
        with self._connect() as db:
            gone = db.execute(self._sql(
                "UPDATE sets SET state = ?, error = ? WHERE state IN (?, ?) AND asked < ?"),
                (CANCELLED, f"nobody asked about the set for {unpolled:.0f} seconds, so it was "
                            f"stopped; make it again.", *UNFINISHED, now - unpolled)).rowcount
            dead = 0 if stalled is None else db.execute(self._sql(
                "UPDATE sets SET state = ?, error = ? WHERE state = ? AND beat < ?"),
                (FAILED, "the worker making the set stopped; make it again.", WORKING,
                 now - stalled)).rowcount
            old = db.execute(self._sql(
                "DELETE FROM sets WHERE state NOT IN (?, ?) AND asked < ?"),
                (*UNFINISHED, now - kept)).rowcount
        return gone, dead, old

    # Limits.
    def take(self, key: str, amount: float, size: float, per_second: float,
             now: float | None = None) -> float | None:
        """Takes `amount` from the bucket `key` (size `size`, filling at `per_second`):
        None when taken, else what the bucket holds (nothing is taken). One statement,
        so two processes taking from one bucket at once take in turn."""
        now = time.time() if now is None else now
        if amount > size:
            return float(size)
        level = f"{self.least}(?, buckets.level + (? - buckets.at) * ?)"
        rows = self._execute(
            f"INSERT INTO buckets (key, level, at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
            f"SET level = {level} - ?, at = ? WHERE {level} >= ? RETURNING level",
            (key, size - amount, now, size, now, per_second, amount, now, size, now, per_second,
             amount))
        if rows:
            return None
        found = self._execute("SELECT level, at FROM buckets WHERE key = ?", (key,))
        return min(size, found[0][0] + (now - found[0][1]) * per_second)


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _record(row) -> Record:
    document, options, page, secret = row
    return Record(json.loads(document), json.loads(options), json.loads(page), secret)


def _set(row) -> SetRow:
    (id, code, client, request, puzzles, total, state, done, error, option, apart, attempt,
     created, asked, beat) = row
    return SetRow(id, code, client, json.loads(request), puzzles, total, state, done, error,
                  option, json.loads(apart), attempt, created, asked, beat)
