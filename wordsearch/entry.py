"""The command's door: Ctrl-C while the program is still loading, or a second one
while it is already stopping, ends it as any interrupted run ends (exit 130, one
line), not with a traceback from whatever module was being imported; one after the
run is through changes nothing."""
from __future__ import annotations

import os
import signal
import sys

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C


def _one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread for each core as numpy is imported, and that
    thread spins for about a tenth of a second waiting for work that never comes:
    nothing here does linear algebra. On a two-core machine the spin takes the
    core the packer's second thread needs while a short command runs (the whole
    command, 20 words on 15x15, 2.6% faster without it). Set before numpy is
    imported; a value the user set is kept."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def run() -> None:
    _one_blas_thread()
    try:
        from wordsearch.cli import main
        main(prog_name="wordsearch")
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a further Ctrl-C changes nothing now
        sys.stderr.write("error: interrupted; nothing was written.\n")
        sys.exit(EXIT_INTERRUPTED)
    except SystemExit:
        # The run is through (its files written, its status chosen): a Ctrl-C while
        # the interpreter shuts down would otherwise end it by the signal, after the
        # work, or reach click as "Aborted!" and exit 1.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise
