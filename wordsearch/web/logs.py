"""The server's log: one JSON object a line (time, level, logger, message, and the
fields an event adds, such as the path, the status and the reason of a refusal),
which a log collector reads without a parser of its own. A crash is the one event
with a traceback (its "traceback" field, one string); a refused request is a debug
line at most and counted in /metrics: a flood of them cannot fill the disk."""
from __future__ import annotations

import json
import logging
import time

# What a LogRecord has of its own; anything else on it came from `extra=` and is kept.
_OWN = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JSONLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        event = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                 + f".{int(record.msecs):03d}Z",
                 "level": record.levelname.lower(), "logger": record.name,
                 "message": record.getMessage()}
        event.update({k: v for k, v in vars(record).items() if k not in _OWN})
        if record.exc_info:
            event["traceback"] = self.formatException(record.exc_info)
        return json.dumps(event, ensure_ascii=False, default=str)


def configure(level: str = "info") -> None:
    """Every logger of the process (the app's, uvicorn's) to standard error as JSON
    lines; uvicorn's own access log off (/metrics counts the answers)."""
    handler = logging.StreamHandler()
    handler.setFormatter(JSONLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    logging.getLogger("uvicorn.access").disabled = True
