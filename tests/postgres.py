"""A real PostgreSQL server for the tests: Debian's (install.sh installs it), a
cluster of its own in a temporary folder on a free loopback port, started once a
session and stopped after it (fsync off: nothing in it must outlive the run). As
root it runs as the postgres user, which refuses to run as root. WORDSEARCH_TEST_POSTGRES
names a server to use instead (postgresql://user@host:port)."""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

_names = itertools.count(1)


def _bin(tool: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{tool}"),
                   key=lambda path: int(path.split("/")[4]))
    assert found or shutil.which(tool), \
        f"PostgreSQL's {tool} is missing: install.sh installs Debian's postgresql"
    return found[-1] if found else shutil.which(tool)


def _as_owner(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else args


class Server:
    """A cluster, and fresh databases in it for the tests."""

    def __init__(self) -> None:
        given = os.environ.get("WORDSEARCH_TEST_POSTGRES")
        self.folder = None
        if given:
            self.base = given.rstrip("/")
            return
        self.folder = Path(tempfile.mkdtemp(prefix="ws-pg-"))
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        data = self.folder / "data"
        subprocess.run(_as_owner([_bin("initdb"), "-D", str(data), "-A", "trust", "-U",
                                  "postgres", "--no-sync"]), check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run(_as_owner([
            _bin("pg_ctl"), "-D", str(data), "-w", "-l", str(self.folder / "log"), "-o",
            f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            f"-c synchronous_commit=off -c full_page_writes=off -c max_connections=300", "start"]),
            check=True, stdout=subprocess.DEVNULL)
        self.base = f"postgresql://postgres@127.0.0.1:{port}"

    def database(self) -> str:
        """A new, empty database's address."""
        name = f"t{os.getpid()}_{next(_names)}"
        with psycopg.connect(f"{self.base}/postgres", autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return f"{self.base}/{name}"

    def stop(self) -> None:
        if self.folder is None:
            return
        subprocess.run(_as_owner([_bin("pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast",
                                  "-w", "stop"]), stdout=subprocess.DEVNULL)
        for _ in range(50):
            if not (self.folder / "data" / "postmaster.pid").exists():
                break
            time.sleep(0.1)
        shutil.rmtree(self.folder, ignore_errors=True)
