"""Each client's limits (wordsearch.web.limits): buckets that allow a burst and
refill at their rate, a 429's Retry-After that is long enough, and the client's
address believed from X-Forwarded-For only behind a trusted proxy."""
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from wordsearch.web import limits
from wordsearch.web.limits import Limits, OverLimit, Rule
from wordsearch.web.storage import open_storage

TRUSTED = limits.networks(["127.0.0.1", "10.0.0.0/8"])


@pytest.fixture
def small(database) -> Limits:
    """Small limits whose buckets are kept in each database."""
    return Limits(open_storage(database), {"puzzles": Rule(3, 1.0, "over: {size} then {retry}"),
                                           "upload": Rule(100, 10.0, "{size}, {retry}")})


def test_a_burst_then_the_rate(small):
    rules = small
    for _ in range(3):
        rules.take("a", "puzzles", now=0.0)
    with pytest.raises(OverLimit) as refused:
        rules.take("a", "puzzles", now=0.0)
    assert (str(refused.value), refused.value.retry_after, refused.value.kind) == \
        ("over: 3 then 1 s", 1, "puzzles")
    rules.take("b", "puzzles", now=0.0)  # another client has its own
    rules.take("a", "puzzles", now=1.0)  # one more a second later
    with pytest.raises(OverLimit):
        rules.take("a", "puzzles", now=1.5)


def test_a_refusal_takes_nothing_and_says_when_there_is_room(small):
    rules = small
    rules.take("a", "upload", 90, now=0.0)
    with pytest.raises(OverLimit) as refused:
        rules.take("a", "upload", 50, now=0.0)
    assert refused.value.retry_after == 4  # 40 bytes more at 10 a second
    rules.take("a", "upload", 50, now=4.0)


def test_buckets_that_filled_again_are_purged_with_the_storage(small):
    for n in range(5):
        small.take(f"c{n}", "puzzles", now=1000.0)
    small.take("late", "puzzles", now=1000.0 + 86400 - 1)
    small.buckets.purge(now=1000.0 + 86400 + 1)
    keys = [key for key, in small.buckets._execute("SELECT key FROM buckets")]
    assert keys == ["puzzles late"]


def _take_many(database: str, client: str) -> int:
    rules = Limits(open_storage(database), {"puzzles": Rule(50, 0.001, "{size} {retry}")})
    taken = 0
    for _ in range(40):
        try:
            rules.take(client, "puzzles")
            taken += 1
        except OverLimit:
            pass
    return taken


@pytest.mark.slow
def test_a_clients_limit_holds_across_processes(database):
    """Three processes take from one client's bucket of 50 at once: 50 in all, none
    lost and none over, whichever process each request reached."""
    open_storage(database)
    with ProcessPoolExecutor(3, mp_context=multiprocessing.get_context("spawn")) as pool:
        taken = list(pool.map(_take_many, [database] * 3, ["one"] * 3))
    assert sum(taken) == 50


@pytest.mark.parametrize("peer, forwarded, trusted, client", [
    ("203.0.113.9", None, (), "203.0.113.9"),
    ("203.0.113.9", "198.51.100.1", (), "203.0.113.9"),          # no proxy trusted
    ("203.0.113.9", "198.51.100.1", TRUSTED, "203.0.113.9"),     # not from a trusted proxy
    ("127.0.0.1", "198.51.100.1", TRUSTED, "198.51.100.1"),
    ("127.0.0.1", "6.6.6.6, 198.51.100.1", TRUSTED, "198.51.100.1"),  # the client wrote 6.6.6.6
    ("127.0.0.1", "198.51.100.1, 10.1.2.3", TRUSTED, "198.51.100.1"),  # two proxies
    ("127.0.0.1", "not-an-address", TRUSTED, "127.0.0.1"),
    ("127.0.0.1", None, TRUSTED, "127.0.0.1"),
    (None, None, (), ""),
])
def test_the_client_is_the_peer_or_what_a_trusted_proxy_says(peer, forwarded, trusted, client):
    assert limits.client_of(peer, forwarded, trusted) == client


def test_a_trusted_proxy_that_is_not_an_address_is_named():
    with pytest.raises(ValueError, match='"proxy.example" is not an address'):
        limits.networks(["127.0.0.1", "proxy.example"])
