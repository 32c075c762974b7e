"""Fuzzes the library's parsers and the C core with atheris (libFuzzer for Python).

    python scripts/fuzz.py TARGET [--seconds N] [--runs N] [libFuzzer args]

TARGET is one of:

  words     parse_entry and parse_words on lines of text, numbered or not
  sections  split_sections over numbered lines, then each section's words
  mask      Mask.load on the bytes of a file (raw, or a PNG drawn from the input),
            then .fit on a few grid sizes
  json      Puzzle.from_json on text (raw, or a good document with one value replaced)
  grid      the solver's read_grid on text (plain rows, our JSON, the peer's JSON and
            CSV, or garbage), then solve() of what it read with its own words
  core      _core.pack, _core.scan_words and _core.Blocklist on grids up to 8x8 and words
            of letters 1..5

The contract the Python targets check: bad input raises a WordsearchError
(InputError, PackingError, LayoutError) and nothing else. The core target accepts
NoRoom, NoUnique and TimeUp, ValueError from the wrapper's own checks, and the
wrapper's AssertionError ("the C core refused its arguments") only when the target
gave invalid containers on purpose; every finished layout must read each word once.

Each run starts from a seed corpus written to a temporary folder (the new inputs
libFuzzer finds go there too and are dropped at the end). A crash is written to
tests/data/fuzz/TARGET/crashes/ (unless -artifact_prefix= is given), where
tests/test_fuzz.py replays it with the seeds; keep it there as the regression
input for the fix. Replay one input with `python scripts/fuzz.py TARGET FILE`.

Coverage guides the search on the Python side only: the wordsearch modules and
this script are instrumented as they are imported, but the C extension is not,
unless it is rebuilt with clang's -fsanitize=fuzzer. A crash in C (a segfault, an
abort) still stops the run and is saved. To catch the memory errors that do not
crash, run the core target against a copy of the extension built with gcc's
AddressSanitizer, outside the working copy:

    git clone -q . /tmp/ws-asan
    CFLAGS="-fsanitize=address -fno-omit-frame-pointer" LDFLAGS=-fsanitize=address \
        .venv/bin/pip wheel -q --no-deps -w /tmp/ws-asan/dist /tmp/ws-asan
    (cd /tmp/ws-asan/dist && python3 -m zipfile -e *.whl x && cp x/wordsearch/_core*.so \
        ../wordsearch/)
    PYTHONPATH=/tmp/ws-asan LD_PRELOAD=$(gcc -print-file-name=libasan.so) \
        ASAN_OPTIONS=detect_leaks=0 .venv/bin/python /tmp/ws-asan/scripts/fuzz.py core --seconds 60

(crashes then land in /tmp/ws-asan/tests/data/fuzz/core/crashes/).
atheris's own asan_with_fuzzer.so is clang's runtime and refuses a gcc build; with
gcc's runtime preloaded, libFuzzer loses its coverage (it says so), so that run is
a blind mutation of the seeds, every input checked by ASan.
"""
from __future__ import annotations

import argparse
import contextlib
import ctypes
import inspect
import io
import json
import sys
import tempfile
import time
from pathlib import Path

import atheris
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "fuzz"

# Only the library is instrumented: numpy and Pillow would slow every input down.
with (atheris.instrument_imports(include=["wordsearch"]) if __name__ == "__main__"
      else contextlib.nullcontext()):
    from wordsearch import _core, lang
    from wordsearch.directions import COMPASS, STEPS
    from wordsearch.errors import NoRoom, NoUnique, TimeUp, WordsearchError
    from wordsearch.make.sections import split_sections
    from wordsearch.make.shape import MAX_SIDE, MIN_SIDE, Mask
    from wordsearch.make.words import MAX_LETTERS, MIN_LETTERS, parse_entry, parse_words
    from wordsearch.puzzle import Puzzle
    from wordsearch.solver import read_grid, solve
    from wordsearch.size import GridSize

LANGUAGES = lang.codes()


def _lines(fdp: atheris.FuzzedDataProvider) -> list[str]:
    """The rest of the input as lines of text, split as a words file is."""
    return fdp.ConsumeUnicode(fdp.remaining_bytes()).split("\n")


def _library_errors(call) -> None:
    """Runs call(); a WordsearchError is the contract's answer to bad input."""
    with contextlib.suppress(WordsearchError):
        call()


# --- words ---------------------------------------------------------------------------

def words_input(data: bytes) -> None:
    """Every line through parse_entry, then all of them through parse_words; a word
    that comes out must have a grid form of 3 to 64 letters of its alphabet."""
    fdp = atheris.FuzzedDataProvider(data)
    language = lang.get(fdp.PickValueInList(LANGUAGES))
    strict, numbered = fdp.ConsumeBool(), fdp.ConsumeBool()
    lines = _lines(fdp)
    for n, text in enumerate(lines, 1):
        _library_errors(lambda: _check_word(parse_entry(text, n if numbered else None,
                                                        language), language))
    entries = [(n, text) for n, text in enumerate(lines, 1)] if numbered else lines
    _library_errors(lambda: [_check_word(w, language) for w in
                             parse_words(entries, language=language, strict=strict).words])


def _check_word(word, language: lang.Language) -> None:
    if word is None:
        return
    assert MIN_LETTERS <= len(word.form) <= MAX_LETTERS, word
    assert all(language.alphabet.is_letter(ch) for ch in word.form), word


def words_seeds() -> list[bytes]:
    return [b"\x00\x00\x00sun\nmoon\nice-cream\n\nKansas\nArkansas",
            b"\x01\x01\x01Cr\xc3\xa8me br\xc3\xbbl\xc3\xa9e\nO'Brien\nab\nx1y",
            b"\x02\x00\x01\xef\xbb\xbfStra\xc3\x9fe\r\nbanana\nBANANA\n\t\n"]


# --- sections ------------------------------------------------------------------------

def sections_input(data: bytes) -> None:
    """A few command-line words, then numbered lines, split into puzzles; each
    puzzle's words are read as the command reads them."""
    fdp = atheris.FuzzedDataProvider(data)
    language = fdp.PickValueInList(LANGUAGES)
    strict = fdp.ConsumeBool()
    given = [fdp.ConsumeUnicode(12) for _ in range(fdp.ConsumeIntInRange(0, 2))]
    entries = given + list(enumerate(_lines(fdp), 1))
    try:
        sections = split_sections(entries, language=language, strict=strict)
    except WordsearchError:
        return
    assert sections
    for section in sections:
        assert section.where()
        _library_errors(lambda: section.words)


def sections_seeds() -> list[bytes]:
    return [b"\x00\x00\x00# Week 1\nsun\nmoon\n# Week 2\nstar\ncomet",
            b"\x00\x01\x01\x03sky# Animals\ncat\n#\n# Empty\n",
            b"\x01\x00\x00words\nbefore\n  # Late\nkansas\narkansas"]


# --- mask ----------------------------------------------------------------------------

# Modes a PNG can hold, as Pillow writes them.
MASK_MODES = ["1", "L", "LA", "P", "RGB", "RGBA", "I;16"]


def mask_input(data: bytes) -> None:
    """The bytes as a file, raw or as a PNG drawn from them; loaded, then fitted to
    two grid sizes the input picks and the smallest and largest."""
    fdp = atheris.FuzzedDataProvider(data)
    sizes = [GridSize(cols=fdp.ConsumeIntInRange(MIN_SIDE, MAX_SIDE),
                      rows=fdp.ConsumeIntInRange(MIN_SIDE, MAX_SIDE)) for _ in range(2)]
    sizes += [GridSize(cols=MIN_SIDE, rows=MIN_SIDE), GridSize(cols=MAX_SIDE, rows=MAX_SIDE)]
    content = _drawn_png(fdp) if fdp.ConsumeBool() else fdp.ConsumeBytes(fdp.remaining_bytes())
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(content)
        file.flush()
        try:
            mask = Mask.load(file.name)
        except WordsearchError:
            return
    for size in sizes:
        _library_errors(lambda: _check_shape(mask.fit(size), size))


def _check_shape(shape, size: GridSize) -> None:
    assert 0 < shape.rows <= size.rows and 0 < shape.cols <= size.cols, (shape.inside.shape, size)


def _drawn_png(fdp: atheris.FuzzedDataProvider) -> bytes:
    """A PNG of a mode and size (up to 64 x 64) the input picks, its pixels the
    input's bytes: a well-formed file, so that the fuzzer reaches past the decoder."""
    from PIL import Image

    mode = fdp.PickValueInList(MASK_MODES)
    width, height = fdp.ConsumeIntInRange(1, 64), fdp.ConsumeIntInRange(1, 64)
    needed = len(Image.new(mode, (width, height)).tobytes())
    pixels = fdp.ConsumeBytes(needed)
    image = Image.frombytes(mode, (width, height), pixels + bytes(needed - len(pixels)))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def mask_seeds() -> list[bytes]:
    """A drawn mask of each mode, and the same PNG file raw. The provider takes
    integers from the end of the input, booleans and bytes from the front."""
    seeds = []
    for k, _mode in enumerate(MASK_MODES):
        pixels = bytes(range(0, 256, 3)) * 8
        drawn = b"\x01" + pixels + bytes([11, 9, k, 4, 7, 12, 17])
        raw = b"\x00" + _drawn_png(atheris.FuzzedDataProvider(pixels + bytes([11, 9, k])))
        seeds += [drawn, raw + bytes([4, 7, 12, 17])]
    return seeds


# --- json ----------------------------------------------------------------------------

# A small puzzle whose answer key matches its grid; TAR lies inside STAR.
PUZZLE = {
    "format": "wordsearch/1", "code": "fuzz", "rows": 4, "cols": 4,
    "grid": ["SUNX", "TOAB", "ARCD", "RMEF"], "directions": ["E", "S"], "language": "en",
    "inside": "ignored",
    "words": [
        {"label": "Sun", "word": "SUN", "row": 0, "col": 0, "direction": "E"},
        {"label": "Star", "word": "STAR", "row": 0, "col": 0, "direction": "S"},
        {"label": "Tar", "word": "TAR", "row": 1, "col": 0, "direction": "S",
         "inside": ["STAR"]},
        {"label": "Arc", "word": "ARC", "row": 2, "col": 0, "direction": "E"},
    ],
}
PUZZLE_KEYS = sorted(k for k in PUZZLE if k != "words")
WORD_KEYS = ["label", "word", "row", "col", "direction", "inside"]


def json_input(data: bytes) -> None:
    """The text as a document, or the good document with one value replaced by one
    the input builds; a document that loads must write itself back unchanged."""
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeBool():
        text = fdp.ConsumeUnicode(fdp.remaining_bytes())
    else:
        text = json.dumps(_replaced(fdp))
    try:
        puzzle = Puzzle.from_json(text)
    except WordsearchError:
        return
    assert Puzzle.from_json(puzzle.to_json()) == puzzle


def _replaced(fdp: atheris.FuzzedDataProvider) -> dict:
    doc = json.loads(json.dumps(PUZZLE))
    if fdp.ConsumeBool():
        doc[fdp.PickValueInList(PUZZLE_KEYS)] = _value(fdp, 2)
    else:
        word = doc["words"][fdp.ConsumeIntInRange(0, len(doc["words"]) - 1)]
        word[fdp.PickValueInList(WORD_KEYS)] = _value(fdp, 2)
    return doc


def _value(fdp: atheris.FuzzedDataProvider, depth: int):
    """A JSON value of any type, nested at most `depth` deep."""
    kind = fdp.ConsumeIntInRange(0, 7 if depth else 5)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-2**70, 2**70)
    if kind == 3:
        return fdp.ConsumeRegularFloat() if fdp.ConsumeBool() else fdp.ConsumeFloat()
    if kind in (4, 5):
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 8))
    if kind == 6:
        return [_value(fdp, depth - 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    return {fdp.ConsumeUnicode(4): _value(fdp, depth - 1)
            for _ in range(fdp.ConsumeIntInRange(0, 3))}


def json_seeds() -> list[bytes]:
    text = json.dumps(PUZZLE).encode()
    return [b"\x01\x00" + text, b"\x01\x00" + text.replace(b'"E"', b'"W"'),
            b"\x00\x01\x00\x06\x02\x04ABCD", b"\x00\x00\x01\x01\x03\x02\xff\xff\xff\xff"]


# --- grid ----------------------------------------------------------------------------

def grid_input(data: bytes) -> None:
    """Text in a language the input picks: read as a grid file, it must be refused
    with a library error or read; what is read is solved for the words it lists (or
    the text's first few) and must raise nothing but a library error."""
    fdp = atheris.FuzzedDataProvider(data)
    language = fdp.PickValueInList(LANGUAGES)
    text = fdp.ConsumeUnicode(fdp.remaining_bytes())
    try:
        found = read_grid(text, language)
        solve(found, list(found.words) or text.split()[:3] or ["sun"], language=language)
    except WordsearchError:
        return


def grid_seeds() -> list[bytes]:
    rows = b"S U N X\nM O O N\nS T A R\nX . . X\n"
    return [b"\x03" + rows, b"\x00" + json.dumps(PUZZLE).encode(),
            b"\x00" + b"row,col\n1,2\n"]


# --- core ----------------------------------------------------------------------------

# Each pack stops here at the latest, so that no input runs long.
CORE_DEADLINE_S = 0.5


def core_input(data: bytes) -> None:
    """A pack on a grid up to 8 x 8 with some cells blocked; each finished layout is
    scanned and must read every word exactly once. Then a scan of a grid of letters
    the input gives, with placements it gives."""
    fdp = atheris.FuzzedDataProvider(data)
    rows, cols = fdp.ConsumeIntInRange(1, 8), fdp.ConsumeIntInRange(1, 8)
    cells = np.array([_core.BLOCKED if fdp.ConsumeIntInRange(0, 3) == 0 else _core.EMPTY
                      for _ in range(rows * cols)], dtype=np.uint8).reshape(rows, cols)
    words = [[fdp.ConsumeIntInRange(1, 5) for _ in range(fdp.ConsumeIntInRange(1, 8))]
             for _ in range(fdp.ConsumeIntInRange(1, 6))]
    letters = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    inside, valid = _inside(fdp, len(words))
    _pack(fdp, cells, letters, offsets, inside, valid)
    grid = np.array([fdp.PickValueInList([0, 1, 2, 3, 4, 5, _core.BLOCKED])
                     for _ in range(rows * cols)], dtype=np.uint8).reshape(rows, cols)
    starts = np.array([fdp.ConsumeIntInRange(0, rows * cols - 1) for _ in words], dtype=np.int32)
    dirs = np.array([fdp.ConsumeIntInRange(0, 7) for _ in words], dtype=np.uint8)
    _scan(grid, letters, offsets, inside, valid, starts, dirs)
    _blocked(grid, words)


def _blocked(grid, words) -> None:
    """The blocklist automaton over the same words: each reading it reports reads there;
    a word of one letter is refused when it is built."""
    letters = np.array([x for w in words for x in w], dtype=np.uint8)
    offsets = np.cumsum([0] + [len(w) for w in words]).astype(np.int32)
    try:
        found, at, directions = _core.Blocklist(letters, offsets, 5).scan(grid)
    except ValueError:
        assert any(len(w) < 2 for w in words)
        return
    assert all(len(w) >= 2 for w in words)
    cols = grid.shape[1]
    for w, start, d in zip(found.tolist(), at.tolist(), directions.tolist()):
        dr, dc = STEPS[COMPASS[d]]
        r, c = divmod(start, cols)
        cells = [(r + k * dr, c + k * dc) for k in range(len(words[w]))]
        assert all(0 <= y < grid.shape[0] and 0 <= x < cols for y, x in cells), (w, start, d)
        assert [int(grid[y, x]) for y, x in cells] == words[w], (w, start, d)


def _inside(fdp: atheris.FuzzedDataProvider, count: int):
    """Containers for some words, as pack() takes them, or (None, None); mostly valid
    (other words' indices), else with an index that is out of range or the word's own.
    Returns the arrays and whether they are valid."""
    if fdp.ConsumeBool():
        return (None, None), True
    valid = fdp.ConsumeIntInRange(0, 7) != 0
    lists = []
    for w in range(count):
        choices = [v for v in range(count) if v != w] if valid else list(range(-1, count + 1))
        lists.append([fdp.PickValueInList(choices) for _ in range(fdp.ConsumeIntInRange(0, 2))]
                     if choices else [])
    valid = all(0 <= v < count and v != w for w, vs in enumerate(lists) for v in vs)
    offsets = np.cumsum([0] + [len(vs) for vs in lists]).astype(np.int32)
    return (offsets, np.array([v for vs in lists for v in vs], dtype=np.int32)), valid


def _pack(fdp, cells, letters, offsets, inside, valid) -> None:
    nwords, (rows, cols) = len(offsets) - 1, cells.shape
    scattered = fdp.ConsumeIntInRange(0, nwords)
    regions = np.array([sorted(fdp.ConsumeIntInRange(0, rows - 1) for _ in range(2)) +
                        sorted(fdp.ConsumeIntInRange(0, cols - 1) for _ in range(2))
                        for _ in range(scattered)], dtype=np.int32).reshape(-1, 4)
    args = dict(dir_mask=fdp.ConsumeIntInRange(1, 255), beam=fdp.ConsumeIntInRange(1, 16),
                seed=fdp.ConsumeIntInRange(0, 2**64 - 1), threads=fdp.ConsumeIntInRange(1, 2),
                capacity=fdp.ConsumeIntInRange(1, 4))
    deadline = time.monotonic_ns() + int(CORE_DEADLINE_S * 1e9)
    try:
        grids, starts, dirs = _core.pack(cells, letters, offsets, args["dir_mask"], args["beam"],
                                         args["seed"], args["threads"], args["capacity"],
                                         regions, inside_offsets=inside[0],
                                         inside_words=inside[1], deadline_ns=deadline)
    except (NoRoom, NoUnique) as exc:
        assert valid and 0 <= exc.word_index < nwords, exc
        return
    except TimeUp:
        return
    except AssertionError as exc:
        assert not valid and "refused its arguments" in str(exc), exc
        return
    assert valid, "the core packed with invalid containers"
    assert 1 <= len(grids) <= args["capacity"]
    for grid, start, direction in zip(grids, starts, dirs):
        assert ((grid == _core.BLOCKED) == (cells == _core.BLOCKED)).all()
        found, _, _ = _core.scan_words(grid, letters, offsets, inside_offsets=inside[0],
                                       inside_words=inside[1], starts=start, dirs=direction)
        assert sorted(found.tolist()) == list(range(nwords)), found


def _scan(grid, letters, offsets, inside, valid, starts, dirs) -> None:
    try:
        found, at, directions = _core.scan_words(grid, letters, offsets,
                                                 inside_offsets=inside[0],
                                                 inside_words=inside[1], starts=starts,
                                                 dirs=dirs)
    except AssertionError as exc:
        assert not valid and "refused its arguments" in str(exc), exc
        return
    assert valid, "the core scanned with invalid containers"
    assert len(found) == len(at) == len(directions)
    assert ((0 <= found) & (found < len(offsets) - 1)).all()
    assert ((0 <= at) & (at < grid.size)).all() and (directions < 8).all()


def core_seeds() -> list[bytes]:
    """Packs that finish: on an open 5 x 5 grid, with and without containers."""
    words = [4, 4] + [1] * 25 + [2, 2, 0, 1, 2, 3, 2, 3, 4, 0, 1, 1, 1]
    pack = [0, 254, 3] + [0] * 8 + [0, 1]
    inside = [1, 0, 1, 1, 0, 0]  # valid; word 0 none, word 1 none, word 2 in word 1
    return [b"\x01" + bytes(reversed(words + pack)),
            b"\x00" + bytes(reversed(words + inside + pack))]


# --- running -------------------------------------------------------------------------

NAMES = ["words", "sections", "mask", "json", "grid", "core"]


def target(name: str):
    """(one_input, seeds) of a target: the functions <name>_input and <name>_seeds."""
    return globals()[f"{name}_input"], globals()[f"{name}_seeds"]


def kept_inputs(target: str) -> list[Path]:
    """The crash inputs kept for a target (tests/data/fuzz/TARGET/crashes/)."""
    folder = DATA / target / "crashes"
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


def _instrument_this_script() -> None:
    """Instruments the targets' own functions too, so that a branch taken in them
    (a drawn PNG, a valid pack) counts as coverage."""
    for name, value in list(globals().items()):
        if inspect.isfunction(value) and value.__module__ == __name__:
            globals()[name] = atheris.instrument_func(value)


class _Fresh:
    """Compares to a new object, as a numpy array does."""
    def __lt__(self, other):  # opid 0 is Py_LT however atheris shifts it
        return object()


def _comparisons_unleaked() -> None:
    """Puts a _trace_cmp in place that gives back the reference atheris's leaks.

    atheris (3.0 and 3.1) returns PyObject_RichCompare's new reference through a
    pybind11 handle, which takes a reference of its own, so the result of every
    comparison in instrumented code is never freed. A bool's does no harm; the
    mask code compares whole images, and each numpy array kept (about 40 KB an
    input) took the mask target past libFuzzer's 2 GB limit within a minute.
    The leak is tested for first: an atheris that has mended it is left alone."""
    traced = atheris._trace_cmp
    probe = traced(_Fresh(), _Fresh(), 0, 0, False)
    if sys.getrefcount(probe) <= 2:  # the name and the call's argument: no leak
        return
    ctypes.pythonapi.Py_DecRef(ctypes.py_object(probe))

    def trace_cmp(left, right, opid, idx, left_is_const):
        result = traced(left, right, opid, idx, left_is_const)
        ctypes.pythonapi.Py_DecRef(ctypes.py_object(result))
        return result

    atheris._trace_cmp = trace_cmp


def _unleaked(one_input):
    """one_input, the comparisons mended on its first call: atheris.Fuzz puts its
    own _trace_cmp in place as it starts, after anything done before it."""
    first = True

    def run(data: bytes) -> None:
        nonlocal first
        if first:
            _comparisons_unleaked()
            first = False
        one_input(data)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=NAMES)
    parser.add_argument("--seconds", type=int, help="stop after this many seconds")
    parser.add_argument("--runs", type=int, help="stop after this many inputs")
    options, libfuzzer_args = parser.parse_known_args()
    _instrument_this_script()
    one_input, seeds = target(options.target)
    flags = [f"-artifact_prefix={DATA / options.target / 'crashes'}/"]
    flags += [f"-max_total_time={options.seconds}"] if options.seconds else []
    flags += [f"-runs={options.runs}"] if options.runs else []
    (DATA / options.target / "crashes").mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"ws-fuzz-{options.target}-") as corpus:
        for k, seed in enumerate(seeds()):
            Path(corpus, f"seed-{k}").write_bytes(seed)
        replay = any(Path(a).is_file() for a in libfuzzer_args)
        atheris.Setup([sys.argv[0], *flags, *libfuzzer_args, *([] if replay else [corpus])],
                      _unleaked(one_input))
        atheris.Fuzz()


if __name__ == "__main__":
    main()
