"""The C core without Python, under AddressSanitizer + UndefinedBehaviorSanitizer
and under ThreadSanitizer: scripts/sanitize.sh builds ctests/ws_selftest.c with
the core and runs it (reference cases, a random sweep on 1-3 threads, one
workspace across sizes), many of whose lists hold words inside others. About
20 s on two cores, twice that with the check that a mismatch fails it."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "sanitize.sh"

pytestmark = [pytest.mark.slow, pytest.mark.sanitizers]


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_the_core_is_clean_under_the_sanitizers():
    result = run_script()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("\nok\n") == 2, result.stdout
    assert "sanitizers: all clean" in result.stdout
    # Both the reference cases and the sweep exercise the inside rule, packed ones too.
    for part in ("reference", "sweep"):
        counts = re.findall(rf"^{part}: .*?(\d+) with words inside others, (\d+) of them packed",
                            result.stdout, re.M)
        assert len(counts) == 2 and all(int(n) > 0 and int(ok) > 0 for n, ok in counts), part


def test_the_self_test_fails_on_a_mismatch():
    """--self-check-fail corrupts one expected grid and one output on purpose."""
    result = run_script("--self-check-fail")
    assert result.returncode != 0
    assert "MISMATCH reference" in result.stderr and "MISMATCH sweep" in result.stderr
