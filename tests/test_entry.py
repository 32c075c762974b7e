"""The command's door (wordsearch.entry): a run's own exit status passes through;
Ctrl-C while the program is still loading ends it with 130 and one line, not a
traceback; and once the run is through, or is stopping, a further Ctrl-C changes
nothing."""
import importlib.abc
import json
import os
import signal
import subprocess
import sys

import pytest

from wordsearch import entry


@pytest.fixture(autouse=True)
def ctrl_c_restored():
    """run() leaves Ctrl-C ignored, as it should for a process about to end."""
    handler = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, handler)


def command(monkeypatch, tmp_path, *args):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["wordsearch", *args])
    with pytest.raises(SystemExit) as ended:
        entry.run()
    return ended.value.code


class CtrlCOnImport(importlib.abc.MetaPathFinder):
    """Ctrl-C, a real SIGINT, arrives while the command's module is being imported."""

    def find_spec(self, name, path=None, target=None):
        if name == "wordsearch.cli":
            signal.raise_signal(signal.SIGINT)
        return None


def test_a_run_that_is_through_keeps_its_status_and_ignores_ctrl_c_now(monkeypatch,
                                                                       tmp_path):
    assert command(monkeypatch, tmp_path, "-o", "p.json", "--seed", "door", "sun", "moon",
                   "star") == 0
    assert json.loads((tmp_path / "p.json").read_text())["code"] == "door"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    signal.raise_signal(signal.SIGINT)  # changes nothing


@pytest.mark.parametrize("args, status", [(["--grid", "0", "sun"], 2), (["--help"], 0)])
def test_a_runs_own_status_passes_through(monkeypatch, tmp_path, capsys, args, status):
    assert command(monkeypatch, tmp_path, *args) == status
    assert "interrupted" not in capsys.readouterr().err


def test_ctrl_c_while_loading_ends_with_130_and_one_line(monkeypatch, tmp_path, capsys):
    monkeypatch.delitem(sys.modules, "wordsearch.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [CtrlCOnImport(), *sys.meta_path])
    assert command(monkeypatch, tmp_path, "sun") == entry.EXIT_INTERRUPTED == 130
    assert capsys.readouterr().err == "error: interrupted; nothing was written.\n"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # a second one changes nothing
    assert list(tmp_path.iterdir()) == []


def test_a_process_interrupted_while_loading_exits_130_without_a_traceback(tmp_path):
    """The same in a process of its own, as a shell sees it."""
    script = (
        "import importlib.abc, signal, sys\n"
        "class Stop(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'wordsearch.cli':\n"
        "            signal.raise_signal(signal.SIGINT)\n"
        "sys.meta_path.insert(0, Stop())\n"
        "sys.argv = ['wordsearch', '-o', 'p.pdf', 'sun']\n"
        "from wordsearch.entry import run\n"
        "run()\n")
    ended = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60)
    assert ended.returncode == 130
    assert ended.stderr == "error: interrupted; nothing was written.\n"
    assert list(tmp_path.iterdir()) == []


# Threads of the process as it ends, and the value it ran with, on stderr.
THREADS_AT_EXIT = (
    "import atexit, os, sys\n"
    "atexit.register(lambda: print(len(os.listdir('/proc/self/task')),\n"
    "                              os.environ.get('OPENBLAS_NUM_THREADS'), file=sys.stderr))\n")


def threads_at_exit(tmp_path, script, **env):
    clean = {k: v for k, v in os.environ.items()
             if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    ended = subprocess.run([sys.executable, "-c", THREADS_AT_EXIT + script], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60, env={**clean, **env})
    assert ended.returncode == 0, ended.stderr
    threads, value = ended.stderr.splitlines()[-1].split()
    return int(threads), value


RUN_A_PUZZLE = ("sys.argv = ['wordsearch', '-o', 'p.json', '--', 'cat', 'dog', 'bird']\n"
                "from wordsearch.entry import run\n"
                "run()\n")


@pytest.mark.slow  # three processes, each loading numpy
def test_the_command_starts_no_blas_thread_to_spin_beside_the_packer(tmp_path):
    """numpy alone starts a BLAS thread for each further core; the command, which
    does no linear algebra, starts none, and a value the user set is kept."""
    alone, _ = threads_at_exit(tmp_path, "import numpy\n")
    assert alone > 1 or len(os.sched_getaffinity(0)) == 1  # so that the check below can fail
    assert threads_at_exit(tmp_path, RUN_A_PUZZLE) == (1, "1")
    assert threads_at_exit(tmp_path, RUN_A_PUZZLE, OPENBLAS_NUM_THREADS="2") == (
        min(2, alone), "2")
