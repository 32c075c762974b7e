"""No function of the package or the C core is too tangled to read: cyclomatic
complexity (lizard's count) at most MOST, so that a new option or mode goes into a
small function of its own instead of another branch of a large one. The README's
Development section gives the command that prints the same figures."""
from pathlib import Path

import lizard
import pytest

ROOT = Path(__file__).resolve().parent.parent
MOST = 25
# Cython's generated C is not ours to read.
GENERATED = {ROOT / "wordsearch" / "_core.c"}


def sources(folder: str, pattern: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob(pattern) if p not in GENERATED)


@pytest.mark.slow
@pytest.mark.parametrize("folder, pattern", [("wordsearch", "*.py"), ("csrc", "*.c")])
def test_no_function_is_over_the_most_complexity(folder, pattern):
    tangled = [f"{path.relative_to(ROOT)}:{fn.start_line} {fn.name} ({fn.cyclomatic_complexity})"
               for path in sources(folder, pattern)
               for fn in lizard.analyze_file(str(path)).function_list
               if fn.cyclomatic_complexity > MOST]
    assert not tangled, f"over {MOST}: " + "; ".join(tangled)
