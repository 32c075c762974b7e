"""The build itself: the C compiles cleanly, the command is installed."""
import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def c_flags() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "C_FLAGS":
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py defines no C_FLAGS")


@pytest.mark.parametrize("source", sorted(p.name for p in (ROOT / "csrc").glob("*.c")))
def test_the_c_core_compiles_without_warnings(source):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler is needed to build the package"
    flags = c_flags()
    assert {"-Wall", "-Wextra", "-std=c99"} <= set(flags)
    result = subprocess.run([compiler, *flags, "-Werror", "-fsyntax-only", f"csrc/{source}"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_c_core_does_not_include_python():
    for path in (ROOT / "csrc").iterdir():
        assert "Python.h" not in path.read_text(encoding="utf-8"), path.name


@pytest.mark.slow  # a process of its own
def test_the_installed_command_runs(tmp_path):
    """Run outside the source tree, so that the installed package is the one used:
    with a built-in mask and a PDF, its masks and font are the installed ones."""
    command = Path(sys.executable).with_name("wordsearch")
    result = subprocess.run([str(command), "--seed", "t", "--format", "json", "sun", "moon"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"code": "t"' in result.stdout
    shaped = subprocess.run([str(command), "-q", "-m", "heart", "-o", "h.pdf", "love", "rose",
                             "kiss", "card"], capture_output=True, text=True, cwd=tmp_path)
    assert shaped.returncode == 0, shaped.stderr
    assert (tmp_path / "h.pdf").read_bytes().startswith(b"%PDF")
    module = subprocess.run([sys.executable, "-m", "wordsearch", "--help"], capture_output=True,
                            text=True, cwd=tmp_path)
    assert module.returncode == 0 and "Usage: wordsearch" in module.stdout
