"""How long a class set takes: 30 copies of a 20-word list on a 15x15 grid, all
directions, default beam, keys four to a page, in one PDF.

    python benchmarks/bench_set.py [--runs N]

Runs the installed `wordsearch` command from process start to the PDF on disk,
with the default jobs (all cores) and with --jobs 1, alternately; prints the
median seconds of each and checks that both PDFs are the same bytes.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from wordlists import draw  # noqa: E402

COPIES, WORDS, SIDE = 30, 20, 15


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each")
    args = parser.parse_args()
    command = Path(sys.executable).parent / "wordsearch"
    words = draw(WORDS, seed=11)
    times: dict[str, list[float]] = {"default jobs": [], "--jobs 1": []}
    with tempfile.TemporaryDirectory() as folder:
        outputs = {}
        for i in range(args.runs):
            for name in (list(times) if i % 2 == 0 else list(times)[::-1]):
                out = Path(folder) / f"{name.replace(' ', '')}.pdf"
                argv = [str(command), "-q", "-g", str(SIDE), "--copies", str(COPIES),
                        "--keys-per-page", "4", "--seed", "bench", "-o", str(out), *words]
                if name == "--jobs 1":
                    argv += ["--jobs", "1"]
                start = time.perf_counter()
                subprocess.run(argv, check=True)
                times[name].append(time.perf_counter() - start)
                outputs[name] = out.read_bytes()
        same = len(set(outputs.values())) == 1
    print(f"{COPIES} copies of {WORDS} words on {SIDE}×{SIDE}, keys 4 to a page "
          f"(median of {args.runs}):")
    for name, values in times.items():
        print(f"  {name:<13} {statistics.median(values):6.2f} s")
    print(f"  the same PDF either way: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
