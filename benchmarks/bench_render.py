"""How long the printed pages take.

    python benchmarks/bench_render.py [--repeat N] [--commands N]

1. Drawing: median milliseconds to draw the puzzle page and the answer key into
   one PDF (export.files, laying out and drawing, in this process), for finished puzzles of 15x15, 20x20,
   25x25 and a heart-shaped grid, and the 15x15 and 20x20 ones again with a clue for
   each word (numbered clues with a blank a letter, the key's clue and word lines), in
   English and in Greek (a second font). Packing is not included.
2. What clues add: the 15x15 and 20x20 puzzles drawn with and without a clue for each
   word (English, Greek), interleaved, in CPU time (process_time: less swayed by
   other processes on a shared machine than the wall clock). Median milliseconds.
3. What pictures add: 20 words of the zoo theme on 15x15 drawn without pictures, with
   a picture beside each word and with the pictures alone, the same way (the
   pictures read once per process, before timing, as for any page after a run's
   first).
4. The whole command, from process start to the PDF on disk, for 20 words on a
   15x15 grid in all eight directions: `wordsearch` and word-search-generator's
   `word-search` (pip install '.[bench]'), run alternately on the same lists, each
   writing a new file. Median wall-clock milliseconds of each.
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

import wordsearch  # noqa: E402
from wordlists import draw  # noqa: E402
from wordsearch import export  # noqa: E402
from wordsearch.render.look import PageOptions  # noqa: E402

DRAWING_CASES = [("15×15, 20 words", 20, dict(grid=15)),
                 ("20×20, 30 words", 30, dict(grid=20)),
                 ("25×25, 45 words", 45, dict(grid=25)),
                 ("heart, 20 words", 20, dict(mask="heart")),
                 ("15×15, 20 clues", 20, dict(grid=15, clue_language="en")),
                 ("15×15, 20 Greek clues", 20, dict(grid=15, clue_language="el")),
                 ("20×20, 30 clues", 30, dict(grid=20, clue_language="en"))]
# A clue as long as a child's definition (the built-in ones are 20 to 66 characters).
CLUE = {"en": "clue {n}: as long as a definition for a child",
        "el": "στοιχείο {n}: όσο ένας ορισμός για ένα παιδί"}
COMMAND_WORDS, COMMAND_SIDE = 20, 15


def median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def drawing(repeat: int) -> None:
    print(f"Drawing puzzle + key into one PDF (median of {repeat}):")
    for name, count, options in DRAWING_CASES:
        words = draw(count, seed=count)
        if "clue_language" in options:  # the same words, each with a clue
            words = [f"{w}: {CLUE[options['clue_language']].format(n=n)}"
                     for n, w in enumerate(words, 1)]
        puzzle = wordsearch.generate(words, seed="bench", **options)
        output = export.Output(format="pdf",
                               page=PageOptions(title="Benchmark", fields=("Name", "Date")))
        export.files(puzzle, output)  # the font is loaded once per process
        ms = median_ms(lambda: export.files(puzzle, output), repeat)
        print(f"  {name:<22} {ms:7.1f} ms")


def clue_cost(repeat: int) -> None:
    print(f"What clues add, CPU time, interleaved (median of {repeat}):")
    output = export.Output(format="pdf",
                           page=PageOptions(title="Benchmark", fields=("Name", "Date")))
    for count, side in ((20, 15), (30, 20)):
        words = draw(count, seed=count)
        cases = {"no clues": wordsearch.generate(words, seed="bench", grid=side)}
        for code in CLUE:
            cases[f"{code} clues"] = wordsearch.generate(
                [f"{w}: {CLUE[code].format(n=n)}" for n, w in enumerate(words, 1)],
                seed="bench", grid=side, clue_language=code)
        times: dict[str, list[float]] = {name: [] for name in cases}
        for puzzle in cases.values():
            export.files(puzzle, output)  # each font loaded once
        for _ in range(repeat):
            for name, puzzle in cases.items():
                start = time.process_time()
                export.files(puzzle, output)
                times[name].append((time.process_time() - start) * 1000)
        base = statistics.median(times["no clues"])
        print(f"  {side}×{side}, {count} words: " + ", ".join(
            f"{name} {statistics.median(values):.1f} ms"
            + ("" if name == "no clues" else f" (+{statistics.median(values) - base:.1f})")
            for name, values in times.items()))


def picture_cost(repeat: int) -> None:
    print(f"What pictures add, CPU time, interleaved (median of {repeat}):")
    output = export.Output(format="pdf",
                           page=PageOptions(title="Benchmark", fields=("Name", "Date")))
    words = [p.label for p in wordsearch.generate(theme="zoo", random=20, seed="bench",
                                                  grid=15, pictures="only").words]
    cases = {layout or "no pictures": wordsearch.generate(words, seed="bench", grid=15,
                                                          pictures=layout)
             for layout in (None, "beside", "only")}
    times: dict[str, list[float]] = {name: [] for name in cases}
    for puzzle in cases.values():
        export.files(puzzle, output)  # the font and the pictures read once
    for _ in range(repeat):
        for name, puzzle in cases.items():
            start = time.process_time()
            export.files(puzzle, output)
            times[name].append((time.process_time() - start) * 1000)
    base = statistics.median(times["no pictures"])
    print("  15×15, 20 words: " + ", ".join(
        f"{name} {statistics.median(values):.1f} ms"
        + ("" if name == "no pictures" else f" (+{statistics.median(values) - base:.1f})")
        for name, values in times.items()))


def commands(runs: int) -> None:
    bin_dir = Path(sys.executable).parent
    ours, peer = bin_dir / "wordsearch", bin_dir / "word-search"
    if not peer.exists():
        print("word-search-generator is not installed: pip install '.[bench]' to compare "
              "the whole command with its `word-search`.")
        peer = None
    times: dict[str, list[float]] = {"wordsearch": [], "word-search": []}
    with tempfile.TemporaryDirectory() as folder:
        for i in range(runs):
            words = draw(COMMAND_WORDS, seed=1000 + i)
            runs_now = [("wordsearch", [str(ours), "-q", "-g", str(COMMAND_SIDE), "--seed",
                                        f"b{i}", "-o", f"{folder}/ours{i}.pdf", *words])]
            if peer:  # the peer writes puzzle and key unless told otherwise
                runs_now.append(("word-search", [str(peer), "-s", str(COMMAND_SIDE), "-d",
                                                 "N,NE,E,SE,S,SW,W,NW", "-o",
                                                 f"{folder}/peer{i}.pdf", *words]))
            for name, argv in (runs_now if i % 2 == 0 else runs_now[::-1]):
                start = time.perf_counter()
                subprocess.run(argv, check=True, capture_output=True)
                times[name].append((time.perf_counter() - start) * 1000)
    print(f"Whole command, {COMMAND_WORDS} words on {COMMAND_SIDE}×{COMMAND_SIDE}, all "
          f"directions, to PDF (median of {runs} runs, alternating):")
    for name, values in times.items():
        if values:
            print(f"  {name:<12} {statistics.median(values):7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30, help="drawings per case")
    parser.add_argument("--commands", type=int, default=15, help="command runs per program")
    args = parser.parse_args()
    drawing(args.repeat)
    clue_cost(args.repeat)
    picture_cost(args.repeat)
    commands(args.commands)


if __name__ == "__main__":
    main()
