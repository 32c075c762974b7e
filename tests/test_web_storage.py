"""Where the server keeps puzzles and uploaded masks (wordsearch.web.storage), on a
real SQLite file: a record comes back as it was saved, ids are URL-safe and never a
path, a daily puzzle's id keeps its first puzzle, an upload is kept once by its
hash, and many threads and processes save and load at once without losing any."""
import multiprocessing
import sqlite3
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from wordsearch.web.storage import (Full, Record, SQLiteStorage, new_secret, open_storage,
                                    schema, valid_id)

RECORD = Record(document={"format": "wordsearch/1", "code": "k3x9", "grid": ["ÉTÉ", "NIÑ"]},
                options={"words": ["été", "niño"], "seed": "k3x9", "language": "es"},
                page={"title": "Café ☕", "fields": ["Name"]})
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


@pytest.fixture(autouse=True)
def _storages_closed(monkeypatch):
    """Every storage a test opens is closed after it: a PostgreSQL pool left to the
    garbage collector is stopped from one of its own threads, which Python reports."""
    opened, original = [], open_storage

    def opening(*args, **kwargs):
        opened.append(original(*args, **kwargs))
        return opened[-1]

    monkeypatch.setitem(globals(), "open_storage", opening)
    yield
    for storage in opened:
        storage.close()


@pytest.fixture
def storage(database):
    """The storage on each database: SQLite, then PostgreSQL."""
    return open_storage(database)


@pytest.fixture
def sqlite_storage(tmp_path):
    return SQLiteStorage(tmp_path / "puzzles.sqlite3")


def sql(storage, text: str, values: tuple = ()):
    """A query straight to the storage's database, as its own queries are sent."""
    return storage._execute(text, values)


def test_a_puzzle_comes_back_as_it_was_saved_under_a_new_url_safe_id(storage):
    first, second = storage.save_puzzle(RECORD), storage.save_puzzle(RECORD)
    assert first != second
    assert valid_id(first) and valid_id(second)
    assert storage.load_puzzle(first) == RECORD == storage.load_puzzle(second)


def test_text_is_kept_as_written_not_escaped(storage):
    id = storage.save_puzzle(RECORD)
    [(page,)] = sql(storage, "SELECT page FROM puzzles WHERE id = ?", (id,))
    assert "Café ☕" in page


def test_a_given_id_keeps_the_puzzle_first_saved_under_it(storage):
    other = Record({"format": "wordsearch/1", "code": "other"}, {}, {})
    assert storage.save_puzzle(RECORD, "daily-2024-03-05") == "daily-2024-03-05"
    assert storage.save_puzzle(other, "daily-2024-03-05") == "daily-2024-03-05"
    assert storage.load_puzzle("daily-2024-03-05") == RECORD


@pytest.mark.parametrize("id", ["nothing-here", "x", "A" * 64])
def test_an_unknown_id_is_none(storage, id):
    assert storage.load_puzzle(id) is None
    assert storage.load_mask(id) is None


@pytest.mark.parametrize("id, valid", [
    ("abc_DEF-123", True), ("a", True), ("a" * 64, True),
    ("", False), ("a" * 65, False), ("abc.pdf", False), ("../db", False), ("a/b", False),
    ("a b", False), ("é", False), ("abc\n", False),
])
def test_an_id_is_1_to_64_url_safe_characters_with_no_dot_or_slash(id, valid):
    assert valid_id(id) is valid


@pytest.mark.parametrize("id", ["../puzzles", "a.b", "x' OR '1'='1", "a" * 65])
def test_an_id_that_is_not_one_finds_nothing_even_when_saved_so(storage, id):
    """save_puzzle takes the ids the server gives (random, or a date's); a request's
    id that is not a valid one is never looked up."""
    storage.save_puzzle(RECORD, id)
    assert storage.load_puzzle(id) is None


def test_an_upload_is_kept_once_by_its_hash_and_comes_back_byte_for_byte(storage):
    id = storage.save_mask(PNG)
    assert valid_id(id) and id.startswith("u") and len(id) == 25
    assert storage.save_mask(PNG) == id
    assert storage.load_mask(id) == PNG
    assert storage.save_mask(PNG + b"\0") != id
    assert sql(storage, "SELECT COUNT(*) FROM masks") == [(2,)]


def test_what_is_saved_is_there_for_the_next_server_on_the_same_file(tmp_path):
    path = tmp_path / "kept.sqlite3"
    id, mask = SQLiteStorage(path).save_puzzle(RECORD), SQLiteStorage(path).save_mask(PNG)
    again = SQLiteStorage(str(path))
    assert again.load_puzzle(id) == RECORD and again.load_mask(mask) == PNG


def test_a_puzzle_is_found_by_its_teachers_secret_and_only_by_it(storage):
    secret = new_secret()
    assert valid_id(secret) and len(secret) == 16 and secret != new_secret()
    kept = Record(RECORD.document, RECORD.options, RECORD.page, secret)
    id = storage.save_puzzle(kept)
    assert storage.load_puzzle(id) == kept
    assert storage.load_teacher(secret) == (id, kept)
    for wrong in (secret[:-1], secret.upper() if secret.upper() != secret else "x", id, "",
                  "a.b", "../x"):
        assert storage.load_teacher(wrong) is None, wrong


def test_a_puzzle_without_a_secret_is_for_pupils_only(storage):
    id = storage.save_puzzle(RECORD)
    assert storage.load_puzzle(id).secret is None
    assert storage.load_teacher("") is None


# The schema before the teacher's secret, as a server of that version made it.
OLD_SCHEMA = ("CREATE TABLE puzzles (id TEXT PRIMARY KEY, created REAL, document TEXT, "
              "options TEXT, page TEXT)",
              "CREATE TABLE masks (id TEXT PRIMARY KEY, created REAL, png BLOB)")


def test_a_database_made_before_the_teachers_secret_opens_and_its_puzzles_load(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        for statement in OLD_SCHEMA:
            db.execute(statement)
        db.execute("INSERT INTO puzzles VALUES ('old1', 0, ?, ?, ?)",
                   ('{"format": "wordsearch/1", "code": "k3x9"}', '{"seed": "k3x9"}',
                    '{"title": "Old"}'))
        db.execute("INSERT INTO masks VALUES ('u1', 0, ?)", (PNG,))
    db.close()
    storage = SQLiteStorage(path)
    old = storage.load_puzzle("old1")
    assert old == Record({"format": "wordsearch/1", "code": "k3x9"}, {"seed": "k3x9"},
                         {"title": "Old"}, None)  # pupil-only: no one was given a secret
    assert storage.load_mask("u1") == PNG
    secret = new_secret()
    id = storage.save_puzzle(Record(RECORD.document, RECORD.options, RECORD.page, secret))
    assert storage.load_teacher(secret)[0] == id
    again = SQLiteStorage(path)  # opened again (or by another process): nothing to do
    assert again.load_puzzle("old1") == old and again.load_teacher(secret)[0] == id
    with sqlite3.connect(path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(puzzles)")]
    db.close()
    assert columns == ["id", "created", "document", "options", "page", "secret"]


def test_the_file_is_in_wal_mode_so_readers_go_on_while_a_puzzle_is_written(sqlite_storage):
    storage = sqlite_storage
    with sqlite3.connect(storage.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        db.execute("BEGIN IMMEDIATE")  # a writer is in the middle of saving
        db.execute("INSERT INTO puzzles (id, created, document, options, page) "
                   "VALUES ('held', 0, '{}', '{}', '{}')")
        assert storage.load_puzzle("held") is None  # read meanwhile, not after the timeout
        db.rollback()


def _record(n: int) -> Record:
    return Record({"format": "wordsearch/1", "code": f"c{n}"}, {"n": n}, {"title": f"T{n}"})


@pytest.mark.slow
def test_many_threads_save_and_load_at_once_and_lose_nothing(storage):
    def round_trip(n: int) -> tuple[str, Record | None]:
        id = storage.save_puzzle(_record(n))
        return id, storage.load_puzzle(id)

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(round_trip, range(200)))
    assert [record for _, record in results] == [_record(n) for n in range(200)]
    assert len({id for id, _ in results}) == 200


def _save_many(path: str, start: int) -> list[str]:
    storage = SQLiteStorage(path)
    return [storage.save_puzzle(_record(n)) for n in range(start, start + 50)]


@pytest.mark.slow
def test_several_processes_save_to_one_file_at_once(tmp_path):
    """Several server processes on one machine share the file."""
    path = str(tmp_path / "shared.sqlite3")
    SQLiteStorage(path)
    with ProcessPoolExecutor(3, mp_context=multiprocessing.get_context("fork")) as pool:
        ids = [id for batch in pool.map(_save_many, [path] * 3, [0, 50, 100]) for id in batch]
    storage = SQLiteStorage(path)
    assert sorted(storage.load_puzzle(id).options["n"] for id in ids) == list(range(150))


def test_what_is_past_its_time_is_purged(database):
    storage = open_storage(database, keep_days=10, upload_days=2)
    old, new = storage.save_puzzle(RECORD), storage.save_puzzle(RECORD)
    mask = storage.save_mask(PNG)
    sql(storage, "UPDATE puzzles SET created = created - 11 * 86400 WHERE id = ?", (old,))
    sql(storage, "UPDATE masks SET created = created - 3 * 86400")
    assert storage.purge() == (1, 1)
    assert storage.load_puzzle(old) is None and storage.load_puzzle(new) == RECORD
    assert storage.load_mask(mask) is None
    assert storage.purge() == (0, 0)


def test_an_upload_uploaded_again_is_kept_from_then(database):
    storage = open_storage(database, upload_days=2)
    mask = storage.save_mask(PNG)
    sql(storage, "UPDATE masks SET created = created - 3 * 86400")
    assert storage.save_mask(PNG) == mask  # once more: its time starts again
    assert storage.purge() == (0, 0) and storage.load_mask(mask) == PNG


def test_past_its_most_the_storage_refuses_to_keep_more_and_says_so(tmp_path):
    storage = SQLiteStorage(tmp_path / "small.sqlite3", max_mb=0.1)
    big = Record({**RECORD.document, "grid": ["X" * 1000] * 20}, RECORD.options, RECORD.page)
    kept = []
    with pytest.raises(Full) as full:
        for _ in range(200):
            kept.append(storage.save_puzzle(big))
    assert full.value.status == 507 and "at most 0 MB" not in str(full.value)
    assert "has no room for more" in str(full.value)
    assert 2 <= len(kept) < 200 and all(storage.load_puzzle(id) == big for id in kept)
    with sqlite3.connect(storage.path) as db:  # a purge frees pages the next puzzles use
        db.execute("UPDATE puzzles SET created = 0")
    storage.purge()
    assert storage.load_puzzle(storage.save_puzzle(RECORD)) == RECORD


def test_the_size_is_the_pages_in_use(sqlite_storage):
    storage = sqlite_storage
    empty = storage.size()
    storage.save_puzzle(Record({"grid": ["Y" * 50_000]}, {}, {}))
    assert empty + 45_000 < storage.size() < empty + 60_000


def test_a_database_of_the_previous_schema_is_brought_up_to_date_and_keeps_its_puzzles(database):
    """A database as the previous version left it (schema step 1: puzzles and uploads,
    no sets, no limits) opens with its puzzles, takes the one step after, and then
    keeps sets and limits; opened again it has nothing to take."""
    previous = open_storage(database, upgrade=False)
    steps = schema.SQLITE if isinstance(previous, SQLiteStorage) else schema.POSTGRES
    with previous._connect() as db:
        db.execute(schema.VERSION_TABLE)
        for statement in steps[0]:
            db.execute(statement)
        db.execute("INSERT INTO schema_version VALUES (1)")
    kept = previous.save_puzzle(RECORD)
    assert previous.upgrade() == schema.VERSION - 1
    assert previous.load_puzzle(kept) == RECORD
    assert previous.take("puzzles someone", 1, 10, 1.0) is None
    assert previous.count_sets()["queued"] == 0
    assert open_storage(database).upgrade() == 0


def test_an_empty_database_takes_every_step(database):
    assert open_storage(database, upgrade=False).upgrade() == schema.VERSION


def test_a_database_of_a_later_version_is_refused_not_written(database):
    storage = open_storage(database)
    sql(storage, "UPDATE schema_version SET version = ?", (schema.VERSION + 1,))
    with pytest.raises(RuntimeError, match="made by a later version of wordsearch"):
        open_storage(database)


def _opened(database: str) -> int:
    return open_storage(database, upgrade=False).upgrade()


@pytest.mark.slow
def test_processes_starting_together_take_each_step_once(database):
    with ProcessPoolExecutor(4, mp_context=multiprocessing.get_context("spawn")) as pool:
        taken = list(pool.map(_opened, [database] * 4))
    assert sorted(taken) == [0, 0, 0, schema.VERSION]
    assert sql(open_storage(database), "SELECT version FROM schema_version") == [
        (schema.VERSION,)]


def test_a_storage_lets_go_of_its_connections_as_its_with_block_ends(database):
    """What `wordsearch serve`, `purge`, `worker` and `db upgrade` rely on to leave
    no PostgreSQL connection to be cut when the process ends."""
    with open_storage(database) as storage:
        id = storage.save_puzzle(RECORD)
    if database.startswith("postgresql"):
        assert storage.pool.closed
    else:  # SQLite holds nothing between calls: the file is there to read again
        assert storage.load_puzzle(id) == RECORD
