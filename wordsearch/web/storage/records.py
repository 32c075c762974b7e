"""The values the storage keeps and gives back, and its one failure a user meets."""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

# Ids are URL-safe and never contain a dot or a slash, so that "/p/ID.pdf" parses
# one way only and no id can name a path.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")

# A class set's states: queued (waiting for a worker), working, then one of the last three.
QUEUED, WORKING, DONE, FAILED, CANCELLED = "queued", "working", "done", "failed", "cancelled"
UNFINISHED = (QUEUED, WORKING)


@dataclass(frozen=True)
class Record:
    """A puzzle as it was made: its document, the options it was asked for (so that
    it can be made again) and how its pages look (title, fields, page size)."""
    document: dict
    options: dict
    page: dict
    secret: str | None = None  # the teacher's, for the teacher's link; None: pupil-only


@dataclass(frozen=True)
class SetRow:
    """A class set as the storage keeps it: what was asked (`request`, plain JSON
    values a worker anywhere can make it from) and how far it is. `attempt` counts
    the workers that began it: a worker that died is followed by another, and only
    the latest attempt may write progress or the result."""
    id: str
    code: str
    client: str
    request: dict
    puzzles: int                  # puzzles in the set
    total: int                    # puzzles made and to make, copies made again included
    state: str = QUEUED
    done: int = 0
    error: str = ""
    option: str | None = None
    apart: list = field(default_factory=list)  # the set's Apart notes, once done
    attempt: int = 0
    created: float = 0.0
    asked: float = 0.0            # time of the last poll (the start's, before one)
    beat: float = 0.0             # time the working attempt last said it was alive


class Full(Exception):
    """No room to keep a puzzle or an upload: the storage's most (507) or the disk
    (503), with what to do."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def new_secret() -> str:
    """A teacher's secret: 96 random bits, URL-safe, a valid id (no dot, no slash)."""
    return secrets.token_urlsafe(12)


def new_id() -> str:
    return secrets.token_urlsafe(9)


def valid_id(id: str) -> bool:
    return ID_PATTERN.fullmatch(id) is not None
