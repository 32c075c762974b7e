"""Fairness under a flood, on the loopback address: one client (127.0.0.1) starts
class sets of 40 copies of 100 words on 40x40 as fast as the server takes them,
while another (from 127.0.0.2, so a different client to the server) makes one
12-word puzzle every half second. Prints the other client's median and 95th
percentile time with and without the flood, what the flooder was answered, and
the bytes one kept puzzle takes in the database.

    .venv/bin/python benchmarks/flood_web.py [--seconds 30] [--workers 2]
    .venv/bin/python benchmarks/flood_web.py --postgres   # two web processes, one worker

With --postgres, the same on a PostgreSQL database of its own (tests/postgres.py):
two web processes, each asked in turn by both clients (as a proxy spreads them),
and one `wordsearch worker` making the sets, so that a client's limits and share
are seen to hold across processes.

Traffic goes to 127.0.0.1 and 127.0.0.2 only; the run ends after --seconds (each
request with a 60 s timeout); the flooder's sets are cancelled at the end.
"""
from __future__ import annotations

import argparse
import http.client
import itertools
import json
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import serve, stop, worker  # noqa: E402

WORDS = ["planet", "comet", "orbit", "moon", "star", "sun", "galaxy", "meteor", "rocket",
         "nebula", "saturn", "venus"]
BIG = [f"{a}{b}{c}" for a in "bdfgklmnprst" for b in "aeiou" for c in "gnt"][:100]


def call(port: int, method: str, path: str, body: dict | None = None,
         source: str = "127.0.0.1") -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                            source_address=(source, 0))
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"{}")
    finally:
        connection.close()


def teacher(ports, until: float, times: list[float], statuses: list[int]) -> None:
    n, ports = 0, itertools.cycle(ports)
    while time.monotonic() < until:
        started = time.monotonic()
        status, _ = call(next(ports), "POST", "/api/puzzles",
                         {"words": WORDS, "seed": f"fair-{n}", "grid": 12}, source="127.0.0.2")
        times.append(time.monotonic() - started)
        statuses.append(status)
        n += 1
        time.sleep(max(0.0, 0.5 - (time.monotonic() - started)))


def flooder(ports, until: float, answers: dict[int, int], sets: list[str]) -> None:
    n, ports = 0, itertools.cycle(ports)
    while time.monotonic() < until:
        status, body = call(next(ports), "POST", "/api/sets", {"words": BIG, "grid": 40, "copies": 40,
                                                        "seed": f"flood-{n}"})
        answers[status] = answers.get(status, 0) + 1
        if status == 202:
            sets.append(body["id"])
        n += 1
        for id in sets:  # keep polling, as the page does, so that none is dropped
            call(next(ports), "GET", f"/api/sets/{id}")
        time.sleep(0.05)


def percentiles(times: list[float]) -> str:
    if len(times) < 2:
        return f"{len(times)} requests"
    q = statistics.quantiles(times, n=20)
    return (f"{len(times)} requests, median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {q[18] * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")


def run(seconds: float, workers: str = "2", postgres: bool = False) -> dict:
    """The other client's times alone and under the flood, its answers, the
    flooder's answers and sets, and the text bytes of one kept puzzle."""
    server = None
    with tempfile.TemporaryDirectory() as folder:
        if postgres:
            from postgres import Server

            server = Server()
            db = server.database()
            webs = [serve(Path(folder), "--workers", workers, db=db) for _ in range(2)]
            making = worker(db, "--processes", "1")
        else:
            db, webs, making = None, [serve(Path(folder), "--workers", workers)], None
        ports = [int(url.rsplit(":", 1)[1]) for _, url in webs]
        out: dict = {"alone": [], "times": [], "statuses": [], "answers": {}, "sets": []}
        try:
            teacher(ports, time.monotonic() + seconds / 3, out["alone"], [])
            until = time.monotonic() + seconds
            flood = threading.Thread(target=flooder, args=(ports, until, out["answers"],
                                                           out["sets"]))
            flood.start()
            teacher(ports, until, out["times"], out["statuses"])
            flood.join()
            out["cancelled"] = [call(ports[0], "DELETE", f"/api/sets/{id}")[1]["state"]
                                for id in out["sets"]]
            out["bytes"] = stored_bytes(db or str(Path(folder) / "db.sqlite3"))
        finally:
            for process, _ in webs:
                stop(process)
            if making is not None:
                stop(making)
            if server is not None:
                server.stop()
    return out


def stored_bytes(db: str) -> float:
    """The text bytes a kept puzzle takes: its document, options and page."""
    query = ("SELECT count(*), sum(length(document) + length(options) + length(page)) "
             "FROM puzzles")
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as connection:
            count, size = connection.execute(query).fetchone()
    else:
        with sqlite3.connect(db) as connection:
            count, size = connection.execute(query).fetchone()
    return size / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", default="2")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    out = run(args.seconds, args.workers, args.postgres)
    print(f"the other client, alone:        {percentiles(out['alone'])}")
    print(f"the other client, under flood:  {percentiles(out['times'])}; answers "
          f"{sorted(set(out['statuses']))}")
    print(f"the flooder's sets: answers {out['answers']}, {len(out['sets'])} admitted and "
          f"cancelled at the end")
    print(f"a kept 12-word puzzle: {out['bytes']:,.0f} bytes of text")


if __name__ == "__main__":
    main()
