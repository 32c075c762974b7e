"""The bounded load tests of benchmarks/, run as tests against `wordsearch serve` on
the loopback address: 20 clients making 10 puzzles each at once, no error, every
puzzle verified by the solver (load_web.py); and one client flooding 40x40 class
sets while another makes a puzzle every half second (flood_web.py), on SQLite and
on PostgreSQL with two web processes. The figures are printed (pytest -s)."""
import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
FAIR_SECONDS = 5.0  # the most the other client waits for a puzzle while one floods


def benchmark(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_twenty_clients_making_ten_puzzles_each_get_every_puzzle_verified():
    load_web = benchmark("load_web")
    result = load_web.run(clients=20, puzzles=10)
    print(f"\nload: median {result['median'] * 1000:.0f} ms, p95 {result['p95'] * 1000:.0f} ms, "
          f"generate() {result['library'] * 1000:.1f} ms, {result['wall']:.1f} s in all")
    assert result["errors"] == []
    assert len(result["times"]) == 200


@pytest.mark.slow
@pytest.mark.parametrize("postgres", [False, True], ids=["sqlite", "postgres-two-webs"])
def test_one_client_flooding_sets_does_not_hold_up_anothers_puzzle(postgres):
    """The flooder is told to wait (429) once it has its share, and its sets take
    one worker of two: the other client's every puzzle is made, each within
    FAIR_SECONDS (alone, on a quiet machine, a tenth of a second; 40x40 tasks of the
    set take seconds each). On PostgreSQL, with two web processes asked in turn and
    a worker making the sets, the flooder's share holds across the processes."""
    out = benchmark("flood_web").run(seconds=12, postgres=postgres)
    print(f"\nflood: the other client {sorted(out['times'])[-1] * 1000:.0f} ms at most, "
          f"flooder answered {out['answers']}")
    assert set(out["statuses"]) == {201} and len(out["times"]) >= 10
    assert max(out["times"]) < FAIR_SECONDS, out["times"]
    assert out["answers"].get(429, 0) > 0 and set(out["answers"]) <= {202, 429}
    # every set the flooder started has ended when asked to stop (one may also have
    # failed on its own: 100 words on a fixed 40x40 grid, 40 copies kept apart)
    assert "working" not in out["cancelled"]
