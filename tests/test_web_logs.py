"""The server's log (wordsearch.web.logs): JSON lines, an event's own fields kept, a
traceback only for a crash; and a real `wordsearch serve --log-level debug` logging
a refused request as one line without a traceback."""
import json
import logging
import urllib.error
import urllib.request

import pytest

from conftest import serve
from wordsearch.web.logs import JSONLines


def line(record: logging.LogRecord) -> dict:
    return json.loads(JSONLines().format(record))


def test_a_line_is_json_with_the_events_own_fields():
    record = logging.makeLogRecord({"name": "wordsearch.web", "levelno": logging.DEBUG,
                                    "levelname": "DEBUG", "msg": "refused %s", "args": ("now",),
                                    "reason": "puzzles", "status": 429, "client": "10.0.0.7"})
    event = line(record)
    assert event["message"] == "refused now" and event["level"] == "debug"
    assert (event["reason"], event["status"], event["client"]) == ("puzzles", 429, "10.0.0.7")
    assert event["time"].endswith("Z") and "traceback" not in event


def test_a_crash_is_the_line_with_a_traceback():
    try:
        raise ValueError("no")
    except ValueError:
        record = logging.LogRecord("wordsearch.web", logging.ERROR, __file__, 1, "crashed", (),
                                   __import__("sys").exc_info())
    event = line(record)
    assert event["message"] == "crashed" and "ValueError: no" in event["traceback"]


@pytest.mark.slow
def test_the_server_logs_a_refusal_as_one_json_line(tmp_path):
    process, url = serve(tmp_path, "--log-level", "debug", "--workers", "1")
    try:
        request = urllib.request.Request(f"{url}/api/puzzles", data=b'{"words": 3}',
                                         headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request)
        assert refused.value.code == 400
    finally:
        process.terminate()
        process.wait(10)
    lines = [json.loads(text) for text in process.stderr.read().decode().splitlines()
             if text.startswith("{")]
    refusals = [event for event in lines if event["message"] == "refused"]
    assert len(refusals) == 1
    assert (refusals[0]["reason"], refusals[0]["status"], refusals[0]["path"]) == \
        ("bad_request", 400, "/api/puzzles")
    assert not any("traceback" in event for event in lines)
