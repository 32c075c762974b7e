"""The packer benchmark's cases in two installs of wordsearch, side by side.

    python benchmarks/bench_installs.py OLD_PYTHON NEW_PYTHON [--repeat N] [--beams 8192,256]
        [--threads N]

Each install runs in a worker process of its own (its Python, started outside any
source tree so that the installed package is the one imported); the puzzles of
bench_pack.py's cases go to one and then the other, alternating, so that the
machine's noise, shared with other people, falls on both alike. Each puzzle is timed
in CPU seconds of its worker (the packer runs on one thread here), and the table
gives the median per case and install and the new one's change; each worker makes
one puzzle untimed first (reading its data, building its automaton). "paired" is the
median of the puzzles' own changes (each list timed by both installs back to back,
so that lists of unlike difficulty and the machine's slow spells fall out), with a
95% bootstrap interval, which is wider the more the machine moved. One install
against itself (2026-12-03, nothing else running): on two threads, 61 lists, the
medians' change reached 5.2% and the paired one 5.0%, every interval holding 0; on
one thread, 31 lists, the medians' change reached 10.8% (20 words) where the paired
one was 1.4%, and one interval was +1.0% to +2.3%. So a change of a few percent is
not shown by one run: repeat it, and swap the two installs. With --threads
above 1 the puzzles are timed by the wall clock instead, as the CPU time of several
threads adds up their waiting too. What a change to
the packer, the filler or the blocked words costs: the issue's target for the
bigger automaton of the unsuitable lists was at most 5%.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
TESTS = BENCHMARKS.parent / "tests"

# Reads "case i beam threads" lines, makes that puzzle, answers its milliseconds: of
# CPU on one thread, of the wall clock on more.
WORKER = f"""
import sys, time
sys.path[:0] = [{str(BENCHMARKS)!r}, {str(TESTS)!r}]
from bench_pack import CASES, case_words, pack_case
for line in sys.stdin:
    case, i, beam, threads = map(int, line.split())
    words = case_words(CASES[case], i)
    clock = time.process_time if threads == 1 else time.perf_counter
    start = clock()
    pack_case(CASES[case], i, words, beam=beam, threads=threads)
    print(1000 * (clock() - start), flush=True)
"""


def paired_change(old: list[float], new: list[float], draws: int = 2000) -> tuple[float, ...]:
    """The median of new/old over the puzzles, and its 95% bootstrap interval, as
    percent changes; the draws are seeded, so one set of timings gives one answer."""
    logs = [math.log(b / a) for a, b in zip(old, new)]
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(logs, k=len(logs))) for _ in range(draws))
    ends = (medians[int(0.025 * draws)], medians[int(0.975 * draws) - 1])
    return tuple(100 * (math.exp(x) - 1) for x in (statistics.median(logs), *ends))


class Worker:
    def __init__(self, python: str, where: str):
        self.process = subprocess.Popen([python, "-c", WORKER], cwd=where, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def time(self, case: int, i: int, beam: int, threads: int) -> float:
        self.process.stdin.write(f"{case} {i} {beam} {threads}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"the worker stopped on case {case}, puzzle {i}, beam {beam}")
        return float(answer)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the Python of the install to compare against")
    parser.add_argument("new", help="the Python of the install measured")
    parser.add_argument("--repeat", type=int, default=15, help="puzzles per case")
    parser.add_argument("--beams", default="8192,256")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    if args.threads < 1:
        parser.error("--threads must be 1 or more")
    sys.path[:0] = [str(BENCHMARKS), str(TESTS)]
    from bench_pack import CASES

    beams = [int(b) for b in args.beams.split(",")]
    with tempfile.TemporaryDirectory() as where:
        old, new = Worker(args.old, where), Worker(args.new, where)
        for worker in (old, new):
            worker.time(0, 0, beams[-1], args.threads)
        clock = "CPU" if args.threads == 1 else f"wall-clock, {args.threads} threads,"
        print(f"old: {args.old}\nnew: {args.new}\n{args.repeat} puzzles per case, "
              f"median {clock} ms per puzzle, alternating")
        print(f"{'case':<28}{'beam':>6}{'old':>10}{'new':>10}{'change':>9}"
              f"{'paired (95% interval)':>30}")
        for beam in beams:
            for c, (words, side, difficulty) in enumerate(CASES):
                times = {"old": [], "new": []}
                for i in range(args.repeat):
                    first, second = (old, new) if i % 2 == 0 else (new, old)
                    for worker in (first, second):
                        side_taken = "old" if worker is old else "new"
                        times[side_taken].append(worker.time(c, i, beam, args.threads))
                a, b = statistics.median(times["old"]), statistics.median(times["new"])
                paired, low, high = paired_change(times["old"], times["new"])
                print(f"{f'{words} words, {side}x{side}, {difficulty}':<28}{beam:>6}{a:>10.1f}"
                      f"{b:>10.1f}{100 * (b - a) / a:>+8.1f}%"
                      f"{f'{paired:+.1f}% ({low:+.1f}% to {high:+.1f}%)':>30}", flush=True)
                print(json.dumps({"case": c, "beam": beam, **times}), file=sys.stderr)
        old.close()
        new.close()


if __name__ == "__main__":
    main()
