"""When a run must be through. Every run is bounded: the packer stops at the
deadline (the C core looks at the clock before each block of parents), and the
message then says what the limit was and what to change.

The deadline is a moment on the monotonic clock, which the C core reads too
(CLOCK_MONOTONIC)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from wordsearch.errors import InputError

DEFAULT_TIME_LIMIT = 60.0  # seconds
MAX_TIME_LIMIT = 24 * 3600.0


@dataclass(frozen=True)
class Deadline:
    at_ns: int               # time.monotonic_ns() when the run must stop; 0: never
    limit: float | None      # the limit it was set from, in seconds, for messages

    @classmethod
    def after(cls, limit: float | None) -> Deadline:
        """The deadline `limit` seconds from now (None: none)."""
        check_time_limit(limit)
        if limit is None:
            return cls(0, None)
        return cls(time.monotonic_ns() + int(limit * 1e9), limit)


def check_time_limit(limit: float | None) -> None:
    """Refuses a limit no run can keep: none at all is fine, not 0, nan or a week."""
    if limit is not None and not 0 < limit <= MAX_TIME_LIMIT:
        raise InputError(f"a time limit of {limit:g} s is out of range; use more than 0 "
                         f"and at most {MAX_TIME_LIMIT:g} seconds.", option="time_limit")
