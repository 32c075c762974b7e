"""Where the service keeps what outlives a request: made puzzles (by id, and by
their teacher's secret), uploaded masks, class sets (what was asked, how far they
are, their PDF) and each client's limits. One interface on two databases: SQLite,
one file, the embedded default; PostgreSQL, which web processes and workers on many
machines share (`--db postgresql://...`). The queries are the same (sql.py); the
tables are made and brought up to date by numbered steps (schema.py)."""
from __future__ import annotations

from wordsearch.web.storage.records import (CANCELLED, DONE, FAILED, QUEUED, WORKING, Full,
                                            Record, SetRow, new_id, new_secret, valid_id)
from wordsearch.web.storage.sql import SQLStorage as Storage
from wordsearch.web.storage.sqlite import SQLiteStorage

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(db: str) -> bool:
    return str(db).startswith(POSTGRES_SCHEMES)


def open_storage(db: str, **bounds) -> Storage:
    """The storage `db` names: a PostgreSQL address, or an SQLite file's path."""
    if is_postgres(db):
        from wordsearch.web.storage.postgres import PostgresStorage  # psycopg only when used

        return PostgresStorage(db, **bounds)
    return SQLiteStorage(db, **bounds)


__all__ = ["CANCELLED", "DONE", "FAILED", "QUEUED", "WORKING", "Full", "Record", "SetRow",
           "SQLiteStorage", "Storage", "is_postgres", "new_id", "new_secret", "open_storage",
           "valid_id"]
