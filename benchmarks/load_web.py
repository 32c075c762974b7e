"""A bounded load test of `wordsearch serve` on the loopback address: CLIENTS
clients at once, each making PUZZLES puzzles through POST /api/puzzles, every
answer checked (201, and every word reads exactly once in the grid returned, by
the solver, which shares no code with the packer's C path). Prints the median and
95th-percentile time of a request beside the library's own time for the same
puzzles made one after another in this process.

    .venv/bin/python benchmarks/load_web.py [--clients 20] [--puzzles 10] [--workers N]
    .venv/bin/python benchmarks/load_web.py --table    # 1, 2, 4 workers; SQLite, PostgreSQL

--table runs each worker count on SQLite and on PostgreSQL (a server of its own,
started as the tests start one: tests/postgres.py, a new database each run), side
by side in one run, and prints puzzles a second and the median and 95th percentile.

Each client sends from its own loopback address (127.0.0.2, 127.0.0.3, …), so
that the server counts each as a client of its own (its limits are a client's);
traffic goes to 127.0.0.1 only; the run ends by itself after CLIENTS x PUZZLES
requests, each with a 120 s timeout.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import wordsearch  # noqa: E402
from conftest import serve, stop  # noqa: E402

WORDS = ["planet", "comet", "orbit", "moon", "star", "sun", "galaxy", "meteor", "rocket",
         "nebula", "saturn", "venus"]


def request_body(client: int, n: int) -> dict:
    return {"words": WORDS, "seed": f"load-{client}-{n}", "difficulty": "medium", "grid": 12}


def verified(body: dict, answer: dict) -> bool:
    """Every word once, where the document says, by the independent solver."""
    puzzle = wordsearch.Puzzle.from_dict(answer["puzzle"])
    solution = wordsearch.solve(puzzle)
    forms = [w.form for w in wordsearch.parse_words(body["words"]).words]
    return solution.every_word_once and [p.word for p in puzzle.words] == forms


def load(url: str, clients: int, puzzles: int) -> dict:
    """Every client's requests, at once; the times of those that were made."""
    times: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(clients)

    host, port = url.removeprefix("http://").rsplit(":", 1)

    def client(k: int) -> None:
        start.wait()
        for n in range(puzzles):
            body = request_body(k, n)
            began = time.perf_counter()
            # each client from its own loopback address: to the server, a client of its own
            connection = http.client.HTTPConnection(host, int(port), timeout=120,
                                                    source_address=(f"127.0.0.{k + 2}", 0))
            try:
                connection.request("POST", "/api/puzzles", body=json.dumps(body).encode(),
                                   headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                status, text = response.status, response.read()
            finally:
                connection.close()
            if status != 201:
                with lock:
                    errors.append(f"{status}: {text.decode()[:200]}")
                continue
            answer = json.loads(text)
            took = time.perf_counter() - began
            ok = status == 201 and verified(body, answer)
            with lock:
                (times.append(took) if ok else errors.append(f"not verified: {body['seed']}"))

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"times": times, "errors": errors, "wall": time.perf_counter() - began}


def library_time(count: int) -> float:
    """The median time of generate() alone for the same kind of puzzle, one thread."""
    took = []
    for n in range(count):
        body = request_body(99, n)
        began = time.perf_counter()
        wordsearch.generate(body["words"], seed=body["seed"], difficulty="medium", grid=12,
                            threads=1)
        took.append(time.perf_counter() - began)
    return statistics.median(took)


def run(clients: int = 20, puzzles: int = 10, workers: int | None = None,
        db: str | None = None) -> dict:
    """`db`: a PostgreSQL database's address; None: an SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        process, url = serve(Path(folder), "--waiting", "64",
                             *(("--workers", str(workers)) if workers else ()), db=db)
        try:
            result = load(url, clients, puzzles)
        finally:
            stop(process)
    times = sorted(result["times"])
    result["median"] = statistics.median(times) if times else float("nan")
    result["p95"] = times[max(0, int(round(0.95 * len(times))) - 1)] if times else float("nan")
    result["library"] = library_time(20)
    result["rate"] = len(times) / result["wall"]
    return result


def table(clients: int, puzzles: int) -> None:
    from postgres import Server

    server = Server()
    try:
        print("| workers | SQLite puzzles/s | p50 | p95 | PostgreSQL puzzles/s | p50 | p95 |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for workers in (1, 2, 4):
            cells = []
            for db in (None, server.database()):
                result = run(clients, puzzles, workers, db)
                assert not result["errors"], result["errors"][:3]
                cells += [f"{result['rate']:.1f}", f"{result['median'] * 1000:.0f} ms",
                          f"{result['p95'] * 1000:.0f} ms"]
            print(f"| {workers} | " + " | ".join(cells) + " |", flush=True)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--db", help="a PostgreSQL database's address (default: SQLite)")
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    if args.table:
        table(args.clients, args.puzzles)
        return
    result = run(args.clients, args.puzzles, args.workers, args.db)
    print(f"{args.clients} clients x {args.puzzles} puzzles: {len(result['times'])} made and "
          f"verified, {len(result['errors'])} errors, {result['wall']:.1f} s in all")
    print(f"request median {result['median'] * 1000:.0f} ms, 95th percentile "
          f"{result['p95'] * 1000:.0f} ms; generate() alone {result['library'] * 1000:.1f} ms "
          f"(median, one thread); throughput "
          f"{result['rate']:.1f} puzzles/s")
    for error in result["errors"][:5]:
        print("error:", error)


if __name__ == "__main__":
    main()
