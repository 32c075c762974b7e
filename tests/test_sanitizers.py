"""The C core without Python, under AddressSanitizer + UndefinedBehaviorSanitizer
and under ThreadSanitizer: scripts/sanitize.sh builds ctests/ws_selftest.c with
the core and runs it (reference cases, a random sweep on 1-3 threads, one
workspace across sizes, blocklists, the solver, message fills, the grouping of
readings), many of whose lists hold words inside others, with the core's asserts
on. About 20 s on two cores, twice that with the check that a mismatch fails it."""
import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "sanitize.sh"


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_asserts_are_on_in_the_sanitizer_builds_and_off_in_the_release_build():
    """The core states its invariants with assert: checked where the sanitizers
    run, compiled out where the puzzles are made."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    flags = next(ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and node.targets[0].id == "C_FLAGS")
    assert "-DNDEBUG" in flags
    script = SCRIPT.read_text(encoding="utf-8")
    assert "-UNDEBUG" in script and "-DNDEBUG" not in script


@pytest.mark.slow
@pytest.mark.sanitizers
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
    assert result.stdout.count("\ngrouping: ") == 2, result.stdout


@pytest.mark.slow
@pytest.mark.sanitizers
def test_the_self_test_fails_on_a_mismatch():
    """--self-check-fail corrupts one expected grid and one output on purpose."""
    result = run_script("--self-check-fail")
    assert result.returncode != 0
    assert "MISMATCH reference" in result.stderr and "MISMATCH sweep" in result.stderr
