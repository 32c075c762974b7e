"""The worker pool behind `wordsearch serve`: stopping the server, by Ctrl-C or by
SIGTERM (what a service manager sends), ends its worker processes and frees the
pool's queues, so that multiprocessing's resource tracker finds nothing leaked."""
import json
import signal
import urllib.request

import pytest

from conftest import serve


# uvicorn stops gracefully on either signal, then raises it again: Ctrl-C's
# KeyboardInterrupt it catches (exit 0); SIGTERM ends the process by the signal.
@pytest.mark.parametrize("signum, exit_code", [(signal.SIGINT, 0),
                                               (signal.SIGTERM, -signal.SIGTERM)])
def test_stopping_the_server_leaks_nothing(tmp_path, signum, exit_code):
    process, url = serve(tmp_path, "--workers", "1")
    try:
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
