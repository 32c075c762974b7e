"""The worker pool behind `wordsearch serve`: stopping the server, by Ctrl-C or by
SIGTERM (what a service manager sends), ends its worker processes and frees the
pool's queues, so that multiprocessing's resource tracker finds nothing leaked."""
import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# uvicorn stops gracefully on either signal, then ends the process by SIGTERM again.
@pytest.mark.parametrize("signum, exit_code", [(signal.SIGINT, 0),
                                               (signal.SIGTERM, -signal.SIGTERM)])
def test_stopping_the_server_leaks_nothing(tmp_path, signum, exit_code):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wordsearch", "serve", "--port", str(port), "--db",
         str(tmp_path / "db.sqlite3"), "--workers", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(400):
            try:
                urllib.request.urlopen(f"{url}/api/options", timeout=1)
                break
            except OSError:
                assert process.poll() is None, process.stderr.read().decode()
                time.sleep(0.05)
        request = urllib.request.Request(
            f"{url}/api/puzzles", data=json.dumps({"words": ["sun", "moon", "star"]}).encode(),
            headers={"Content-Type": "application/json"})
        assert urllib.request.urlopen(request, timeout=30).status == 201  # a worker ran
        process.send_signal(signum)
        # The resource tracker, a child of the server, writes its warnings to the same
        # stderr, so reading it to its end waits for the tracker too.
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == exit_code, stderr.decode()
    assert "leaked" not in stderr.decode(), stderr.decode()
