"""When a run must be through: a deadline from a limit in seconds, or none."""
import math
import time

import pytest

from wordsearch.errors import InputError
from wordsearch.make.deadline import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, Deadline


def test_a_deadline_lies_its_limit_ahead_on_the_monotonic_clock():
    before = time.monotonic_ns()
    deadline = Deadline.after(2.5)
    assert before + 2_500_000_000 <= deadline.at_ns <= time.monotonic_ns() + 2_500_000_000
    assert deadline.limit == 2.5
    assert DEFAULT_TIME_LIMIT == 60.0


def test_no_limit_is_no_deadline():
    never = Deadline.after(None)
    assert never.at_ns == 0 and never.limit is None


@pytest.mark.parametrize("limit", [0, -1, math.nan, math.inf, MAX_TIME_LIMIT * 2])
def test_a_limit_out_of_range_is_refused(limit):
    with pytest.raises(InputError) as caught:
        Deadline.after(limit)
    assert "is out of range" in str(caught.value) and caught.value.option == "time_limit"
