"""Choosing where the words go: difficulty order, the C beam search, grid growth."""
from __future__ import annotations

import math
import signal
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from wordsearch import _core, directions as compass
from wordsearch.errors import Disturbed, InputError, NoRoom, NoUnique, PackingError
from wordsearch.lang.alphabet import Alphabet
from wordsearch.make.blocked import Blocked
from wordsearch.make.deadline import Deadline
from wordsearch.make.shape import LEGIBLE_SIDE, MAX_SIDE, MIN_SIDE, Mask, Shape
from wordsearch.make.words import MIN_LETTERS, Word
from wordsearch.size import GridSize

DEFAULT_BEAM = 8192
MAX_BEAM = 1 << 17
# Finished layouts to choose from: the most evenly spread is taken, and the others
# are spares in case filling one cannot avoid a repeat.
FINISHED_LAYOUTS = 64
# Each thread needs a share of the pool at least this big to pay for itself (measured:
# 20 words on 15x15, beam 128 takes as long on two threads as on one, beam 256 less).
BEAM_PER_THREAD = 128
# A grid is roomy when its words' letters fill less than this share of its cells;
# then the first words are scattered over regions of about this side (see
# scatter_regions).
ROOMY = 0.7
REGION_SIDE = 5
# How far the automatic grid may grow past its first guess.
AUTOMATIC_GROWTH = 10
# The packer holds two pools of partial puzzles; beyond this it would crowd the machine.
MAX_POOL_BYTES = 2 << 30


@dataclass(frozen=True, eq=False)
class Layout:
    """Words placed on a grid of cell codes; filler cells are still empty."""
    grid: np.ndarray                          # uint8 rows x cols
    placements: tuple[tuple[int, int, str], ...]  # (row, col, direction), in word order


def difficulty_order(words: Sequence[Word]) -> list[int]:
    """Word indices, least probable first: a word's probability is the product of
    its letters' shares of all the letters in the list (exact fractions, so the
    order is the same on every machine); ties go alphabetically."""
    counts = Counter("".join(w.form for w in words))
    total = sum(counts.values())

    def probability(i: int) -> Fraction:
        form = words[i].form
        return Fraction(math.prod(counts[ch] for ch in form), total ** len(form))

    return sorted(range(len(words)), key=lambda i: (probability(i), words[i].form))


def pack(words: Sequence[Word], shape: Shape, directions: Sequence[str], *, seed: int,
         alphabet: Alphabet, inside: Sequence[Sequence[int]] = (), beam: int = DEFAULT_BEAM,
         threads: int = 1, deadline: Deadline = Deadline(0, None),
         blocked: Blocked | None = None, prune_blocked: bool = False,
         give_up_blocked: bool = False) -> Iterator[Layout]:
    """Finished layouts, best first, each reading every word exactly once. Best
    is the smallest largest square of cells left to filler (words spread evenly over
    the grid, with no empty corner), then the fewest letters. Each is made when it is
    asked for: the first usually fills, and making all of them cost half a millisecond.

    `inside[i]` are the indices of the words that word i lies inside (see
    WordList.inside): its readings within their placements do not count.
    With `blocked`, layouts whose own letters spell a blocked word outside a
    placement come only when no other layout of the pack is free of them (the words
    blocked everywhere: a filler-only string, PEE across two words, is no fault).
    With `prune_blocked` too, a partial layout is dropped as soon as its letters
    spell one, or read a word a second time where no later word can take the
    reading away, so that the beam's places go to layouts that can still finish:
    other layouts than without, worth it where a pack was lost to them.

    Raises NoRoom with the index (in `words`) of a word that found no position,
    NoUnique when every layout repeats a word, AllBlocked (with `give_up_blocked`,
    without `prune_blocked`) when every partial layout spells a blocked word that no
    later word holds, with its index in `blocked.everywhere`, TimeUp at the
    deadline; Ctrl-C stops it at once (KeyboardInterrupt) where Python would raise
    one.
    """
    # Two pools, each a grid and every word's start (4 bytes) and direction (1) a puzzle.
    pool_bytes = 2 * beam * (shape.rows * shape.cols + 5 * len(words))
    if pool_bytes > MAX_POOL_BYTES:
        raise InputError(f"a beam of {beam} on a {shape.describe()} needs "
                         f"{pool_bytes >> 20} MB of memory; use a smaller beam.", option="beam")
    threads = max(1, min(threads, beam // BEAM_PER_THREAD))
    order = difficulty_order(words)
    letters, offsets = alphabet.encode_list([words[i].form for i in order])
    cells = np.where(shape.inside, _core.EMPTY, _core.BLOCKED).astype(np.uint8)
    regions = scatter_regions([words[i] for i in order], shape, seed)
    rank = {i: k for k, i in enumerate(order)}
    inside_offsets, inside_words = inside_arrays([[rank[j] for j in inside[i]] for i in order]
                                                 if inside else [])

    def run(regions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        while True:  # again after a signal whose handler let the program go on
            try:
                return _core.pack(cells, letters, offsets, compass.mask(directions), beam,
                                  seed, threads, FINISHED_LAYOUTS, regions, _workspace(),
                                  inside_offsets=inside_offsets, inside_words=inside_words,
                                  deadline_ns=deadline.at_ns, catch_signals=_interruptible(),
                                  blocked=(blocked.words_automaton if blocked is not None
                                           else None),
                                  prune_blocked=prune_blocked,
                                  give_up_blocked=give_up_blocked)
            except Disturbed:
                continue

    try:
        try:
            grids, starts, dirs = run(regions)
        except (NoRoom, NoUnique):
            if not len(regions):
                raise
            # Scattering only spreads the words out; it must never cost a puzzle.
            grids, starts, dirs = run(regions[:0])
    except (NoRoom, NoUnique) as exc:
        raise type(exc)(order[exc.word_index]) from None
    except MemoryError:
        raise PackingError(f"the {shape.describe()} ran out of memory at a beam of "
                           f"{beam}; use a smaller beam.", option="beam") from None
    holes = largest_filler_squares(grids == _core.EMPTY)
    best_first = sorted(range(len(grids)), key=lambda i: (holes[i], i))
    return (_layout(grids[i], starts[i], dirs[i], order, shape.cols) for i in best_first)


def inside_arrays(inside: Sequence[Sequence[int]]) -> tuple[np.ndarray | None,
                                                           np.ndarray | None]:
    """Each word's containers as the C core takes them (offsets into one array), or
    (None, None) when no word lies inside another: then nothing is checked for it."""
    if not any(inside):
        return None, None
    offsets = np.zeros(len(inside) + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(c) for c in inside])
    return offsets, np.array([j for c in inside for j in c], dtype=np.int32)


def _layout(grid: np.ndarray, starts: np.ndarray, dirs: np.ndarray, order: Sequence[int],
            cols: int) -> Layout:
    """A finished layout, its placements back in the caller's order of words."""
    placed: list[tuple[int, int, str]] = [(0, 0, "")] * len(order)
    for k, i in enumerate(order):
        row, col = divmod(int(starts[k]), cols)
        placed[i] = (row, col, compass.COMPASS[dirs[k]])
    return Layout(grid, tuple(placed))


def _interruptible() -> bool:
    """Whether Ctrl-C should stop the C core: on the main thread, while Python's own
    handler would raise KeyboardInterrupt (not in a worker process that ignores it)."""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)


_local = threading.local()


def _workspace() -> _core.Workspace:
    """This thread's packer memory, kept from puzzle to puzzle: fetching and faulting
    in fresh pages for every puzzle cost about 5% at the default beam."""
    if not hasattr(_local, "workspace"):
        _local.workspace = _core.Workspace()
    return _local.workspace


def largest_filler_squares(filler: np.ndarray) -> list[int]:
    """For each grid of a stack (n x rows x cols, True where only filler goes), the
    side of the largest square made of filler cells alone."""
    n = filler.shape[0]
    largest = np.zeros(n, dtype=np.int64)
    # corners[i, r, c]: grid i has a k x k square of filler with its top left at (r, c);
    # a square one bigger is four such squares, one cell apart.
    corners = filler
    for k in range(1, min(filler.shape[1:]) + 1):
        found = corners.any(axis=(1, 2))
        if not found.any():
            break
        largest[found] = k
        corners = (corners[:, :-1, :-1] & corners[:, 1:, :-1]
                   & corners[:, :-1, 1:] & corners[:, 1:, 1:])
    return largest.tolist()


def scatter_regions(words: Sequence[Word], shape: Shape, seed: int) -> np.ndarray:
    """Regions for the first words to be scattered to, one each, as rows
    (first row, last row, first column, last column) for the word's middle letter.

    In a roomy grid, packing for the fewest letters gathers every word around the
    first one and leaves a band of filler. Scattering the first (hardest) words,
    crossing nothing, one to each region of about REGION_SIDE x REGION_SIDE cells,
    gives the rest several centres to gather around. A tight grid scatters none."""
    inside = shape.inside
    letters = sum(len(w.form) for w in words)
    none = np.zeros((0, 4), dtype=np.int32)
    if letters > ROOMY * int(inside.sum()):
        return none
    down = max(1, round(shape.rows / REGION_SIDE))
    across = max(1, round(shape.cols / REGION_SIDE))
    regions = []
    for i in range(down):
        r0, r1 = i * shape.rows // down, (i + 1) * shape.rows // down - 1
        for j in range(across):
            c0, c1 = j * shape.cols // across, (j + 1) * shape.cols // across - 1
            if inside[r0:r1 + 1, c0:c1 + 1].mean() >= 0.5:
                regions.append((r0, r1, c0, c1))
    # A seeded shuffle, so that the hardest word is not always in the top left.
    rng = _core.Rng(seed)
    for k in range(len(regions) - 1, 0, -1):
        m = rng.below(k + 1)
        regions[k], regions[m] = regions[m], regions[k]
    count = min(len(words) // 2, len(regions))
    return np.array(regions[:count], dtype=np.int32).reshape(count, 4) if count else none


def first_side(words: Sequence[Word], message: int = 0) -> int:
    """The automatic grid's first guess: room for the longest word, and about as
    many cells as letters, a hidden message's `message` letters among them (sharing
    makes up for the cells a shape wastes). A message with no words: the seed's
    advice read backwards, a side one less than the message is long (it advises a
    message of one to four letters more than the side)."""
    letters = sum(len(w.form) for w in words) + message
    first = max(MIN_SIDE, _longest(words), math.isqrt(letters - 1) + 1)
    return first if words else max(first, message - 1)


def _longest(words: Sequence[Word]) -> int:
    """The longest word's letters; with none (a message alone), the shortest word
    the dictionary may add."""
    return max((len(w.form) for w in words), default=MIN_LETTERS)


def automatic_shapes(words: Sequence[Word], directions: Sequence[str],
                     mask: Mask | None = None, legible: int = LEGIBLE_SIDE, *,
                     message: int = 0, min_grid: int | None = None) -> Iterator[Shape]:
    """Grids from the first guess upwards, one cell at a time, a bounded number of
    times: a list that fits none of them is not going to fit at all. Square grids,
    or the mask's shape at growing sizes; `message`, a hidden message's letters,
    which need cells of their own. The first guess is at least `min_grid` across
    (a floor for lists whose smallest grid is too tight to read)."""
    if mask is not None:
        yield from mask.automatic(sum(len(w.form) for w in words) + message, _longest(words),
                                  directions, AUTOMATIC_GROWTH, legible, min_grid)
        return
    first = max(first_side(words, message), min_grid or 0)
    if first > MAX_SIDE and message:
        raise PackingError(f"a message of {message:,} letters with these words needs a grid "
                           f"of about {first}×{first} cells; the largest is "
                           f"{MAX_SIDE}×{MAX_SIDE}. Use a shorter message or fewer words.",
                           option="message")
    if first > MAX_SIDE:
        letters = sum(len(w.form) for w in words)
        raise PackingError(
            f"{len(words):,} words with {letters:,} letters need a grid of about "
            f"{first}×{first} cells; the largest is {MAX_SIDE}×{MAX_SIDE} "
            f"({MAX_SIDE * MAX_SIDE:,} cells). Use fewer words, or split them into several "
            f"puzzles.", option="grid")
    for side in range(first, min(first + AUTOMATIC_GROWTH, MAX_SIDE) + 1):
        yield Shape.rectangle(GridSize(cols=side, rows=side))
