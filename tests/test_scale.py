"""Many processes on one PostgreSQL, as the README's deployment on many machines
runs them (deploy/nginx-many.conf, its addresses changed, nothing else): two web
processes and two workers behind nginx, on the loopback address.

Fifty clients at once make puzzles and class sets. Every puzzle is checked by the
solver and against what its client asked (its words, its code, its teacher's
document fetched again through either process: no answer from another's puzzle).
In the middle, a worker making a set is killed (SIGKILL) and both web processes are
restarted, one after the other; then every set has ended done exactly once: one
result each, the killed worker's set begun again by the other worker, each set's
queued job run to one success, its PDF holding its own codes. Bounded: 50 clients,
a few requests each, every request with a timeout, the whole within SCALE_SECONDS."""
import http.client
import json
import os
import signal
import threading
import time
from pathlib import Path

import psycopg
import pytest

import wordsearch
from conftest import free_port, nginx, pdf_text, serve, stop, worker
from wordsearch.web.storage import open_storage

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "deploy" / "nginx-many.conf"
WORDS = ["planet", "comet", "orbit", "moon", "star", "sun", "galaxy", "meteor", "rocket",
         "nebula", "saturn", "venus"]
CLIENTS = 50
SET_EVERY = 5        # every fifth client also makes a class set
COPIES = 12
SET_WORDS = ["planet", "comet", "orbit", "moon", "star", "galaxy", "meteor", "rocket", "nebula",
             "saturn", "venus", "jupiter", "mars", "pluto", "crater"]
SCALE_SECONDS = 300  # the whole test's bound


def call(port: int, method: str, path: str, body: dict | None = None, source: str = "127.0.0.1",
         tries: int = 20) -> tuple[int, bytes]:
    """A request through nginx from `source`; tried again while no web process
    answers (both restarting: 502), within `tries` half-seconds."""
    for _ in range(tries):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                                source_address=(source, 0))
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data,
                               headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            status, content = answer.status, answer.read()
        except OSError:
            status, content = 0, b""
        finally:
            connection.close()
        if status not in (0, 502):
            return status, content
        time.sleep(0.5)
    return status, content


class Deployment:
    def __init__(self, folder: Path, database: str) -> None:
        self.folder, self.database = folder, database
        self.web_ports = [free_port(), free_port()]
        self.webs = [self._web(port) for port in self.web_ports]
        self.workers = [worker(database, "--processes", "1", "--concurrency", "1")
                        for _ in range(2)]
        self.port = free_port()
        site = SITE.read_text()
        assert "listen 80;" in site and site.count("server 10.0.0.1") == 2
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        for n, port in enumerate(self.web_ports, 1):
            site = site.replace(f"server 10.0.0.1{n}:8000", f"server 127.0.0.1:{port}")
        self.nginx = nginx(folder, site, self.port)

    def _web(self, port: int):
        process, _ = serve(self.folder, "--workers", "1", "--trusted-proxy", "127.0.0.1",
                           db=self.database, port=port)
        return process

    def restart_webs(self) -> None:
        """Each web process stopped and started again, one after the other."""
        for n, port in enumerate(self.web_ports):
            stop(self.webs[n])
            self.webs[n] = self._web(port)

    def close(self) -> None:
        for process in [self.nginx, *self.webs, *self.workers]:
            if process.poll() is None:
                stop(process)


@pytest.fixture
def deployed(tmp_path, postgres):
    open_storage(postgres).close()  # the tables and the queue's, before anyone looks
    deployment = Deployment(tmp_path, postgres)
    yield deployment
    deployment.close()


def client(deployed: Deployment, k: int, out: dict) -> None:
    """Two puzzles (each checked), and for every SET_EVERY-th client a class set."""
    source = f"127.0.0.{k + 2}"
    for n in range(2):
        body = {"words": WORDS, "seed": f"scale-{k}-{n}", "grid": 12}
        status, content = call(deployed.port, "POST", "/api/puzzles", body, source)
        if status != 201:
            out["errors"].append(f"client {k} puzzle {n}: {status} {content[:200]!r}")
            continue
        made = json.loads(content)
        puzzle = wordsearch.Puzzle.from_dict(made["puzzle"])
        again = json.loads(call(deployed.port, "GET", made["links"]["teacher"]["json"],
                                source=source)[1])
        forms = [w.form for w in wordsearch.parse_words(WORDS).words]
        if not (wordsearch.solve(puzzle).every_word_once and puzzle.code == body["seed"]
                and [p.word for p in puzzle.words] == forms and again == made["puzzle"]):
            out["errors"].append(f"client {k} puzzle {n}: a wrong puzzle {made['id']}")
        out["puzzles"] += 1
    if k % SET_EVERY == 0:
        status, content = call(deployed.port, "POST", "/api/sets",
                               {"words": SET_WORDS, "copies": COPIES, "seed": f"set-{k}",
                                "grid": 14}, source)
        if status != 202:
            out["errors"].append(f"client {k} set: {status} {content[:200]!r}")
            return
        id = json.loads(content)["id"]
        out["sets"][id] = (k, source)
        # Polled as a teacher's page polls it, through the worker's death and the
        # web processes' restarts, until it ends.
        while (progress := poll(deployed, id, source))["state"] == "working":
            time.sleep(0.5)
        out["ended"][id] = progress


def poll(deployed: Deployment, id: str, source: str) -> dict:
    status, content = call(deployed.port, "GET", f"/api/sets/{id}", source=source)
    assert status == 200, (status, content)
    return json.loads(content)


def holding_a_set(database: str) -> int | None:
    """The process id of a worker making a set now, if one is."""
    with psycopg.connect(database) as db:
        row = db.execute("SELECT runner FROM sets WHERE state = 'working' LIMIT 1").fetchone()
    return int(row[0].split("@")[0]) if row else None


@pytest.mark.slow
def test_many_processes_lose_nothing_when_a_worker_dies_and_the_web_restarts(deployed):
    started = time.monotonic()
    out = {"errors": [], "puzzles": 0, "sets": {}, "ended": {}}
    threads = [threading.Thread(target=client, args=(deployed, k, out)) for k in range(CLIENTS)]
    for thread in threads:
        thread.start()
    # A worker making a set, killed in the middle of it; then the web restarted.
    killed = None
    while killed is None and time.monotonic() - started < 120:
        killed = holding_a_set(deployed.database)
        if killed is None:
            time.sleep(0.1)
    assert killed is not None, f"no worker was seen making a set: {out}"
    victim = next(p for p in deployed.workers if p.pid == killed)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(10)
    deployed.restart_webs()
    for thread in threads:
        thread.join(max(1.0, SCALE_SECONDS - (time.monotonic() - started)))
    assert not any(thread.is_alive() for thread in threads), "clients still waiting"
    assert out["errors"] == [] and out["puzzles"] == 2 * CLIENTS
    assert len(out["sets"]) == CLIENTS // SET_EVERY
    assert {p["state"] for p in out["ended"].values()} == {"done"}, [
        (p["code"], p["state"], p.get("error")) for p in out["ended"].values()]
    assert sorted(out["ended"]) == sorted(out["sets"])
    for id, (k, source) in out["sets"].items():
        status, pdf = call(deployed.port, "GET", f"/api/sets/{id}.pdf", source=source)
        text = pdf_text(pdf)
        assert status == 200 and all(f"set-{k}-{n}" in text for n in range(1, COPIES + 1))
    with psycopg.connect(deployed.database) as db:
        attempts = dict(db.execute("SELECT id, attempt FROM sets").fetchall())
        jobs = db.execute("SELECT args->>'id', status FROM procrastinate_jobs WHERE "
                          "task_name = 'wordsearch.make_set'").fetchall()
    assert sorted(id for id, _ in jobs) == sorted(out["sets"])  # one job a set
    assert {status for _, status in jobs} == {"succeeded"}
    assert max(attempts.values()) == 2 and set(attempts.values()) <= {1, 2}  # begun again once
    assert time.monotonic() - started < SCALE_SECONDS
