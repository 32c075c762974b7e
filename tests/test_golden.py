"""The golden puzzle table: a code keeps giving the same puzzle in later versions.

Every case in tests/data/golden.json is made again and must give its document
exactly. A change that must alter puzzles says so and runs scripts/update_golden.py
in the same commit."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = json.loads((ROOT / "tests" / "data" / "golden.json").read_text(encoding="utf-8"))
_spec = importlib.util.spec_from_file_location("update_golden", ROOT / "scripts" / "update_golden.py")
update_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(update_golden)


def test_the_table_covers_sets_masks_and_options():
    assert len(CASES) >= 10
    assert any(c.get("set") for c in CASES) and any("mask" in c["options"] for c in CASES)
    assert all(c["document"] for c in CASES)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_code_gives_the_same_puzzle_as_before(case):
    assert update_golden.document(case) == case["document"]
