"""The fuzz targets of scripts/fuzz.py: every seed and every kept crash input
(tests/data/fuzz/TARGET/crashes/) replayed through the same one_input functions,
uninstrumented, so that a bug the fuzzer found stays fixed; and, marked slow and
fuzz, a short fuzzing run of each target, which must find nothing."""
import importlib.util
import subprocess
import sys
import weakref
from pathlib import Path

import atheris
import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fuzz.py"
# Long enough to reach past the seeds: six minutes for the six targets.
SECONDS = 60


def _load_script():
    spec = importlib.util.spec_from_file_location("fuzz_targets", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _load_script()


def _cases():
    for name in fuzz.NAMES:
        _, seeds = fuzz.target(name)
        for k, seed in enumerate(seeds()):
            yield pytest.param(name, seed, id=f"{name}-seed-{k}")
        for path in fuzz.kept_inputs(name):
            yield pytest.param(name, path.read_bytes(), id=f"{name}-{path.name}")


@pytest.mark.parametrize("name, data", list(_cases()))
def test_kept_inputs_keep_the_contract(name, data):
    """one_input raises only for a broken contract: an exception other than the
    library's own, or a result that breaks what the target checks."""
    one_input, _ = fuzz.target(name)
    one_input(data)


@pytest.mark.slow
@pytest.mark.fuzz
@pytest.mark.parametrize("name", fuzz.NAMES)
def test_a_short_fuzzing_run_finds_nothing(name, tmp_path):
    """Crash inputs go to tmp_path, not the repository; the log is shown on failure."""
    result = subprocess.run([sys.executable, str(SCRIPT), name, "--seconds", str(SECONDS),
                             f"-artifact_prefix={tmp_path}/"],
                            capture_output=True, text=True, timeout=SECONDS + 60)
    assert result.returncode == 0, result.stderr[-4000:]


def _below(a, b):
    return a < b


def test_a_comparison_in_instrumented_code_is_freed(monkeypatch):
    """atheris keeps the result of every comparison it traces; a kept numpy array
    a compare took the mask target past libFuzzer's memory limit."""
    monkeypatch.setattr(atheris, "_trace_cmp", atheris._trace_cmp)  # put back after
    fuzz._comparisons_unleaked()
    below = atheris.instrument_func(_below)
    result = weakref.ref(below(np.zeros(1000), np.ones(1000)))
    assert result() is None
    assert below(2, 3) is True and below(np.ones(2), np.zeros(2)).tolist() == [False, False]
