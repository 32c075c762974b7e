"""The tables, as numbered steps from an empty database to today's, for each
database. A database records the last step it took (schema_version); opening it
takes the steps after that one, each in one transaction with its number, so that a
database made by any earlier version comes up to date and one made by this version
is left alone. Two processes starting at once take the steps once: SQLite lets one
writer in at a time, PostgreSQL holds an advisory lock while it reads and steps.

Step 1 is the schema before steps were numbered (puzzles, with the teacher's
secret, and uploads); an SQLite file made before the secret gains its column there.
Step 2 keeps class sets and the clients' limits in the database, so that any web
process answers any poll and a client's limit is the same whichever process it
reaches."""
from __future__ import annotations

SQLITE = (
    # 1: puzzles and uploads (the secret's column for a file made before it: sqlite.py)
    ("CREATE TABLE IF NOT EXISTS puzzles (id TEXT PRIMARY KEY, created REAL, document TEXT, "
     "options TEXT, page TEXT, secret TEXT)",
     "CREATE TABLE IF NOT EXISTS masks (id TEXT PRIMARY KEY, created REAL, png BLOB)",
     "CREATE UNIQUE INDEX IF NOT EXISTS puzzles_secret ON puzzles (secret)"),
    # 2: class sets and limits
    ("CREATE TABLE sets (id TEXT PRIMARY KEY, code TEXT NOT NULL, client TEXT NOT NULL, "
     "request TEXT NOT NULL, puzzles INTEGER NOT NULL, total INTEGER NOT NULL, "
     "state TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '', "
     "option TEXT, apart TEXT NOT NULL DEFAULT '[]', attempt INTEGER NOT NULL DEFAULT 0, "
     "created REAL NOT NULL, asked REAL NOT NULL, beat REAL NOT NULL, runner TEXT, pdf BLOB)",
     "CREATE INDEX sets_client ON sets (client, state)",
     "CREATE TABLE buckets (key TEXT PRIMARY KEY, level REAL NOT NULL, at REAL NOT NULL)"),
)

POSTGRES = (
    ("CREATE TABLE IF NOT EXISTS puzzles (id TEXT PRIMARY KEY, created DOUBLE PRECISION, "
     "document TEXT, options TEXT, page TEXT, secret TEXT)",
     "CREATE TABLE IF NOT EXISTS masks (id TEXT PRIMARY KEY, created DOUBLE PRECISION, "
     "png BYTEA)",
     "CREATE UNIQUE INDEX IF NOT EXISTS puzzles_secret ON puzzles (secret)"),
    ("CREATE TABLE sets (id TEXT PRIMARY KEY, code TEXT NOT NULL, client TEXT NOT NULL, "
     "request TEXT NOT NULL, puzzles INTEGER NOT NULL, total INTEGER NOT NULL, "
     "state TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '', "
     "option TEXT, apart TEXT NOT NULL DEFAULT '[]', attempt INTEGER NOT NULL DEFAULT 0, "
     "created DOUBLE PRECISION NOT NULL, asked DOUBLE PRECISION NOT NULL, "
     "beat DOUBLE PRECISION NOT NULL, runner TEXT, pdf BYTEA)",
     "CREATE INDEX sets_client ON sets (client, state)",
     "CREATE TABLE buckets (key TEXT PRIMARY KEY, level DOUBLE PRECISION NOT NULL, "
     "at DOUBLE PRECISION NOT NULL)"),
)

VERSION = len(SQLITE)
assert len(POSTGRES) == VERSION

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


def pending(found: int, steps: tuple) -> list[tuple[int, tuple[str, ...]]]:
    """The steps a database at step `found` still has to take, numbered; a database
    from a later version than this one is refused rather than written wrongly."""
    if found > len(steps):
        raise RuntimeError(f"the database was made by a later version of wordsearch (schema "
                           f"{found}; this one knows {len(steps)}); upgrade wordsearch.")
    return [(n, steps[n - 1]) for n in range(found + 1, len(steps) + 1)]
