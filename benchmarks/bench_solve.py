"""The solver beside the seed's own three Python algorithms, in one run.

    python benchmarks/bench_solve.py [--repeat N] [--seed-repeat N] [--astar-grids N]

The seed (../shared/seeds/003_*.txt) solves grids three ways, written out below as
it describes them: a brute force (every word from every cell in every direction),
a trie of dicts walked along the eight lines from each cell, and A* over states
(cell, letters matched) for one word along free paths. Ours is wordsearch.solve
over the C trie (csrc/ws_dict.c, csrc/ws_solve.c); its C search alone is timed too,
by benchmarks/solve_kernel.c, built here with the core's sources and flags (setup.py)
by the system's C compiler.

Cases (the issue's "Fast" section): listed words on 15x15 and 40x40 puzzles made by
wordsearch.generate; every word of a 100,000-word dictionary on 15x15 and 40x40
grids of letters drawn with English frequencies; free paths for every dictionary
word on 5x5, 10x10 and 15x15. Figures are medians (ms). Targets: --all on 15x15 at
most 1 ms and at least 100 times the seed's trie; a 100,000-word dictionary loaded
in at most 100 ms; free paths at least 100 times the seed's A*.

The dictionary: the 85,918 distinct words of the eleven Latin-script dictionaries
that ship with the package (lang/data/*.words.txt: en es fr de it pt nl pl cs sk
sv), folded to English letters, topped up to 100,000 with two-word compounds of
English dictionary words drawn with random.Random(15): made here, the same in
every run, with no download. The seed's A* finds one path per word (the first it
reaches), ours every path; it is run over every dictionary word on --astar-grids
grids only, as it takes seconds a grid.
"""
from __future__ import annotations

import argparse
import ast
import heapq
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import wordsearch  # noqa: E402
from wordlists import draw  # noqa: E402
from wordsearch import _core, lang  # noqa: E402
from wordsearch.lang import lists  # noqa: E402
from wordsearch.solver import Dictionary, solve  # noqa: E402
from wordsearch.solver.dictionary import encode  # noqa: E402
from wordsearch.solver.grid import encode_grid  # noqa: E402

DICTIONARY_SIZE = 100_000
LATIN = ("en", "es", "fr", "de", "it", "pt", "nl", "pl", "cs", "sk", "sv")
JOINERS = " -'’"

# ---- the seed's algorithms, as it writes them ----

DIRECTIONS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def find_word(grid, word):
    rows, cols = len(grid), len(grid[0])
    for row in range(rows):
        for col in range(cols):
            for dr, dc in DIRECTIONS:
                cells = []
                match = True
                for depth, char in enumerate(word):
                    nr, nc = row + dr * depth, col + dc * depth
                    if not (0 <= nr < rows and 0 <= nc < cols):
                        match = False
                        break
                    if grid[nr][nc] != char:
                        match = False
                        break
                    cells.append((nr, nc))
                if match:
                    return cells
    return None


def seed_solve(grid, words):
    return {word: find_word(grid, word) for word in words}


class TrieNode:
    def __init__(self):
        self.children = {}
        self.word = None


def build_trie(words):
    root = TrieNode()
    for word in words:
        node = root
        for char in word:
            node = node.children.setdefault(char, TrieNode())
        node.word = word
    return root


def find_all_words(grid, trie_root):
    rows, cols = len(grid), len(grid[0])
    found = {}
    for start_row in range(rows):
        for start_col in range(cols):
            for dr, dc in DIRECTIONS:
                node = trie_root
                row, col = start_row, start_col
                cells = []
                while 0 <= row < rows and 0 <= col < cols:
                    char = grid[row][col]
                    if char not in node.children:
                        break
                    node = node.children[char]
                    cells.append((row, col))
                    if node.word:
                        found[node.word] = list(cells)
                    row += dr
                    col += dc
    return found


def astar_find_word(grid, word):
    rows, cols = len(grid), len(grid[0])
    heap = []
    for row in range(rows):
        for col in range(cols):
            if grid[row][col] == word[0]:
                g = 1
                h = len(word) - g
                heapq.heappush(heap, (g + h, g, row, col, 1, [(row, col)]))
    while heap:
        f, g, row, col, depth, path = heapq.heappop(heap)
        if depth == len(word):
            return path
        path_set = set(path)
        for dr, dc in DIRECTIONS:
            nr, nc = row + dr, col + dc
            if not (0 <= nr < rows and 0 <= nc < cols):
                continue
            if (nr, nc) in path_set:
                continue
            if grid[nr][nc] != word[depth]:
                continue
            new_g = g + 1
            new_h = len(word) - new_g
            heapq.heappush(heap, (new_g + new_h, new_g, nr, nc, depth + 1, path + [(nr, nc)]))
    return None


# ---- the cases ----

def dictionary_words() -> list[str]:
    en = lang.get("en")
    seen: dict[str, None] = {}
    for code in LATIN:
        for word in lists.dictionary(code):
            form = en.fold("".join(ch for ch in word if ch not in JOINERS))
            if form and all(en.alphabet.is_letter(ch) for ch in form):
                seen.setdefault(form.lower())
    english = [w.lower() for w in lists.dictionary("en") if w.isalpha() and w.isascii()]
    rng = random.Random(15)
    while len(seen) < DICTIONARY_SIZE:
        seen.setdefault(rng.choice(english) + rng.choice(english))
    return list(seen)


def letters_grid(side: int, seed: int) -> list[str]:
    """A grid of letters drawn with English frequencies."""
    en = lang.get("en")
    rng = random.Random(seed)
    return ["".join(rng.choices(en.alphabet.letters, weights=en.frequencies, k=side))
            for _ in range(side)]


def timed(fn, repeat: int) -> float:
    """Median milliseconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


@cache
def kernel_program() -> Path:
    """benchmarks/solve_kernel.c built with the C core as setup.py builds it."""
    setup = {node.targets[0].id: ast.literal_eval(node.value)
             for node in ast.parse((ROOT / "setup.py").read_text()).body
             if isinstance(node, ast.Assign) and node.targets[0].id in ("C_SOURCES", "C_FLAGS")}
    program = Path(tempfile.mkdtemp(prefix="solve-kernel-")) / "solve_kernel"
    subprocess.run(["cc", *setup["C_FLAGS"], f"-I{ROOT / 'csrc'}", "-o", str(program),
                    str(ROOT / "benchmarks" / "solve_kernel.c"),
                    *(str(ROOT / source) for source in setup["C_SOURCES"])], check=True)
    return program


def kernel_times(dictionary: Dictionary, grids: list[bytes], shape: tuple[int, int],
                 min_length: int, repeat: int, search: str = "lines",
                 ) -> list[tuple[int, float]]:
    """For each grid, the readings the C search ("lines" or "paths") finds (checked
    against what solve() lists) and its median microseconds."""
    letters, offsets = encode(dictionary.forms, dictionary.language)
    with tempfile.TemporaryDirectory() as folder:
        files = [Path(folder) / name for name in ("letters", "offsets", "grids")]
        files[0].write_bytes(letters.tobytes())
        files[1].write_bytes(offsets.astype("=i4").tobytes())
        files[2].write_bytes(b"".join(grids))
        out = subprocess.run([str(kernel_program()), search, *map(str, files), *map(str, shape),
                              str(min_length), str(repeat)], check=True, capture_output=True,
                             text=True).stdout.split("\n")
    results = [line.split() for line in out if line]
    return [(int(found), float(micro)) for found, micro in results]


def row(name: str, ours: float, kernel: float, seed: float, seed_name: str) -> None:
    print(f"  {name:<32} {ours:9.3f} {kernel:9.3f} {seed:11.3f} {seed / ours:8.0f}× "
          f"{seed / kernel:8.0f}×  ({seed_name})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200, help="runs of ours a case")
    parser.add_argument("--seed-repeat", type=int, default=25, help="runs of the seed's a case")
    parser.add_argument("--astar-grids", type=int, default=1,
                        help="grids a free-path case runs the seed's A* on (seconds each)")
    args = parser.parse_args()

    words = dictionary_words()
    start = time.perf_counter()
    dictionary = Dictionary(words, "en")
    load = (time.perf_counter() - start) * 1000
    loads = [load] + [timed(lambda: Dictionary(words, "en"), 1) for _ in range(4)]
    letters, offsets = encode(dictionary.forms, dictionary.language)
    build = timed(lambda: _core.Trie(letters, offsets), 5)
    seed_build = timed(lambda: build_trie([w.upper() for w in words]), 1)
    trie = dictionary.trie
    print(f"dictionary: {len(dictionary):,} words, {letters.size:,} letters, "
          f"{trie.nodes:,} trie nodes, {trie.nbytes / 1e6:.1f} MB")
    print(f"  loading (Dictionary(words): fold, encode, build), median of 5: "
          f"{statistics.median(loads):.1f} ms (first {load:.1f}); the C trie alone "
          f"{build:.1f} ms; the seed's trie of dicts {seed_build:.0f} ms")
    print()
    print(f"  {'case':<32} {'ours ms':>9} {'C alone':>9} {'seed ms':>11} {'ours/seed':>9} "
          f"{'C/seed':>9}")
    print("  (ours: wordsearch.solve, values out; C alone: the search without Python)")

    # Listed words in generated puzzles.
    for side, count in ((15, 20), (40, 150)):
        word_list = draw(count, seed=side, max_len=10)
        puzzle = wordsearch.generate(word_list, grid=side, seed=f"bench-solve{side}", beam=64)
        forms = [p.word for p in puzzle.words]
        grid = list(puzzle.grid)
        ours = timed(lambda: solve(grid, forms), args.repeat)
        own = Dictionary(forms)
        [(found, kernel)] = kernel_times(own, [encode_grid(grid, own.language)],
                                         (side, side), 1, args.repeat * 10)
        kernel /= 1000
        seed = timed(lambda: seed_solve(grid, forms), args.seed_repeat)
        solution = solve(grid, forms)
        assert all(f.count == 1 for f in solution.listed)
        assert found >= len(forms)  # and the readings inside longer words
        row(f"{count} listed words, {side}x{side}", ours, kernel, seed, "brute force")

    # Every dictionary word, straight lines.
    seed_root = build_trie([w.upper() for w in dictionary.forms])
    for side in (15, 40):
        grids = [letters_grid(side, 100 + k) for k in range(5)]
        ours_t, seed_t = [], []
        kernel = kernel_times(dictionary, [encode_grid(g, dictionary.language) for g in grids],
                              (side, side), 4, args.repeat * 10)
        kernel_t = [micro / 1000 for _, micro in kernel]
        for grid, (readings, _) in zip(grids, kernel):
            ours_t.append(timed(lambda: solve(grid, dictionary=dictionary), args.repeat))
            seed_t.append(timed(lambda: find_all_words(grid, seed_root), args.seed_repeat))
            solution = solve(grid, dictionary=dictionary)
            found = {f.word for f in solution.found}
            seeds = {w for w in find_all_words(grid, seed_root) if len(w) >= 4}
            assert found == seeds, (found ^ seeds)
            assert readings == sum(f.count for f in solution.found)
        row(f"--all, 100k words, {side}x{side}", statistics.median(ours_t),
            statistics.median(kernel_t), statistics.median(seed_t), "trie")

    # Every dictionary word, free paths.
    for side in (5, 10, 15):
        grids = [letters_grid(side, 200 + k) for k in range(max(1, args.astar_grids))]
        ours_t, kernel_t, seed_t = [], [], []
        repeat = max(5, args.repeat // (side // 5) ** 2)
        kernel = kernel_times(dictionary, [encode_grid(g, dictionary.language) for g in grids],
                              (side, side), 4, repeat, "paths")
        for grid, (paths, micro) in zip(grids, kernel):
            ours_t.append(timed(lambda: solve(grid, dictionary=dictionary, free_path=True),
                                repeat))
            kernel_t.append(micro / 1000)
            long_words = [w for w in dictionary.forms if len(w) >= 4]
            seed_t.append(timed(lambda: [astar_find_word(grid, w) for w in long_words], 1))
            solution = solve(grid, dictionary=dictionary, free_path=True)
            ours_words = {f.word for f in solution.found}
            seed_words = {w for w in long_words if astar_find_word(grid, w)}
            assert ours_words == seed_words, (ours_words ^ seed_words)
            assert paths == sum(f.count for f in solution.found)
        row(f"free paths, --all, {side}x{side}", statistics.median(ours_t),
            statistics.median(kernel_t), statistics.median(seed_t), "A*, every word")


if __name__ == "__main__":
    main()
