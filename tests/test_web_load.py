"""The bounded load test of benchmarks/load_web.py, run as a test: 20 clients
making 10 puzzles each at once against `wordsearch serve` on the loopback address,
no error, every puzzle verified by the solver. The figures are printed (pytest -s)."""
import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "load_web.py"


@pytest.mark.slow
def test_twenty_clients_making_ten_puzzles_each_get_every_puzzle_verified():
    spec = importlib.util.spec_from_file_location("load_web", BENCH)
    load_web = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load_web)
    result = load_web.run(clients=20, puzzles=10)
    print(f"\nload: median {result['median'] * 1000:.0f} ms, p95 {result['p95'] * 1000:.0f} ms, "
          f"generate() {result['library'] * 1000:.1f} ms, {result['wall']:.1f} s in all")
    assert result["errors"] == []
    assert len(result["times"]) == 200
