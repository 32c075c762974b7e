"""Hidden-message puzzles: once every listed word is crossed out, the letters left,
read left to right and top to bottom, spell a message.

The words are packed as usual; then words of the language's dictionary are added
in C (csrc/ws_message.c, the seed's greedy fill) until exactly as many cells are
empty as the message has letters, the message is poured into them in reading
order, and the grid is checked like any other: every word (added ones too) reads
exactly once, no blocked word anywhere. Such a grid has no filler letter, so the
unsuitable strings kept out of filler only (Blocked.filler_only: PEE, GIT) are not
looked for: every letter is a word's or the message's. A round the checks refuse is
followed by the fill's next round.
"""
from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from wordsearch import _core, directions as compass
from wordsearch.directions import COMPASS
from wordsearch.errors import InputError, NoMessage, PackingError, Unhidden, printable, quoted
from wordsearch.lang import Language, lists
from wordsearch.make import fill, level as levels, packer
from wordsearch.make.level import DEFAULT_LEVEL
from wordsearch.make.blocked import Blocked, free_of
from wordsearch.make.packer import Layout, inside_arrays
from wordsearch.make.shape import LEGIBLE_SIDE, MAX_SIDE, MIN_SIDE, Mask, Shape
from wordsearch.puzzle import OUTSIDE
from wordsearch.size import GridSize
from wordsearch.make.words import MAX_LETTERS, MIN_LETTERS, Word, parse_entry


# Layouts of one pack the fill is tried on before the grid is given up.
LAYOUTS = 8


@dataclass(frozen=True, eq=False)
class Lexicon:
    """The words the fill may add (make/level.py: the level's words, the puzzle's
    topic first) as the fill takes them: each grid form once, sorted by length,
    tier and form, with the word the list prints for it. Left out: every word that
    holds a blocked word, forwards or backwards (GOSSIP, which reads PISS right to
    left): a blocked word inside a teacher's own word is that word's letters, but
    the program chooses these, and a child reads them. The unsuitable strings do
    not count here (see Blocked.rude)."""
    words: tuple[Word, ...]
    core: _core.Lexicon


def lexicon(language: Language, blocked: Blocked | None = None, level: str = DEFAULT_LEVEL,
            topic: levels.Topic = levels.NO_TOPIC) -> Lexicon:
    """The words the fill may add at `level`, those of the `topic` first
    (level.topic), built once per process for each set of blocked words, level
    and topic."""
    return _lexicon(language, blocked.rude if blocked is not None else (), level, topic)


@lru_cache(maxsize=64)
def _lexicon(language: Language, blocked: tuple[str, ...], level: str,
             topic: levels.Topic) -> Lexicon:
    """`blocked`: the blocked grid forms no chosen word may hold, the teacher's among
    them."""
    parsed = _parsed(language, blocked)
    tiered: dict[str, tuple[int, Word]] = {}
    for text, tier in levels.words(language, level, topic).items():
        word = parsed.get(text)
        if word is not None and (word.form not in tiered or tier < tiered[word.form][0]):
            tiered[word.form] = (tier, word)
    kept = sorted(tiered.values(), key=lambda tw: (len(tw[1].form), tw[0], tw[1].form))
    if kept:
        letters, offsets = language.alphabet.encode_list([w.form for _, w in kept])
    else:
        letters, offsets = np.zeros(0, dtype=np.uint8), np.zeros(1, dtype=np.int32)
    tiers = np.array([t for t, _ in kept], dtype=np.uint8)
    return Lexicon(tuple(w for _, w in kept),
                   _core.Lexicon(letters, offsets, len(language.alphabet), tiers))


@lru_cache(maxsize=16)
def _parsed(language: Language, blocked: tuple[str, ...]) -> dict[str, Word]:
    """Every word a level may add (the dictionary and the themes), as written ->
    its Word, parsed once; words of the wrong length or holding a blocked word
    left out."""
    texts = dict.fromkeys(levels.words(language, "adult"))
    words: dict[str, Word] = {}
    for text in texts:
        try:
            word = parse_entry(text, None, language, written=True)
        except InputError:
            continue  # the data test keeps these out; a changed alphabet may not
        if word is not None and MIN_LETTERS <= len(word.form) <= MAX_LETTERS:
            words[text] = word
    if blocked:
        clean = free_of([w.form for w in words.values()], blocked, language)
        words = {text: w for (text, w), ok in zip(words.items(), clean) if ok}
    return words


def message_form(text: str, language: Language) -> str:
    """The message's letters as the grid holds them: folded as the language folds,
    spaces and punctuation dropped. Refused when it has no letter, a digit or a
    letter the language does not use."""
    printable(text, "the message", "message")
    letters, bad = [], []
    for ch, folded in (part for word in language.message_words(text) for part in word):
        if folded:
            letters.append(folded)
        elif folded is None and ch not in bad:
            bad.append(ch)
    digits = [ch for ch in bad if unicodedata.category(ch)[0] == "N"]
    if digits:
        raise InputError(f"the message {quoted(text)} has the digit "
                         f"{', '.join(map(repr, digits[:5]))}: a grid holds letters only; "
                         f"write numbers out in words.", option="message")
    others = [ch for ch in bad if unicodedata.category(ch)[0] == "L"]
    if others:
        which = ", ".join(map(repr, others[:5]))
        raise InputError(f"the message {quoted(text)} has {which}, "
                         f"{'a letter' if len(others) == 1 else 'letters'} {language.name} "
                         f"does not use: a message in {language.name} may use "
                         f"{language.letters_described}; spell it with those letters, or "
                         f"make the puzzle in the message's own language.", option="message")
    if bad:
        raise InputError(f"the message {quoted(text)} has {', '.join(map(repr, bad[:5]))}, "
                         f"which a grid cannot hold; a message may use "
                         f"{language.letters_described}, spaces and punctuation.",
                         option="message")
    if not letters:
        raise InputError(f"the message {quoted(text)} has no letters; give a message of "
                         f"at least one letter.", option="message")
    return "".join(letters)


@dataclass(frozen=True)
class Hidden:
    """A grid that hides the message: every cell a word's letter or the message's."""
    grid: np.ndarray                                   # uint8 cell codes, no EMPTY
    placements: tuple[tuple[int, int, str], ...]       # the user's words, in order
    added: tuple[tuple[Word, tuple[int, int, str]], ...]  # words added, as placed

    def rows(self, language: Language) -> tuple[str, ...]:
        """The grid as a document's rows of letters ("." outside the shape)."""
        return tuple("".join(OUTSIDE if v == _core.BLOCKED else language.alphabet.decode(v)
                             for v in row) for row in self.grid.tolist())


def empty_layouts(shape: Shape) -> Iterator[Layout]:
    """The shape with no words in it: a puzzle of the dictionary's words alone."""
    cells = np.where(shape.inside, _core.EMPTY, _core.BLOCKED).astype(np.uint8)
    yield Layout(cells, ())


# Grid sizes tried for a message hidden among the user's words alone, and the
# share of the words' letters their crossings save: the packer keeps the tightest
# layouts, which cross about this much whatever the grid (11-17% in 8-word lists),
# and hardly ever more than MOST_CROSSING.
EXACT_SHAPES = 16
CROSSING_SHARE = 0.15
MOST_CROSSING = 0.3
# Grids from this much wider than tall to this much narrower (pages are portrait).
WIDEST, NARROWEST = 1.25, 0.5


def exact_shapes(words: Sequence[Word], directions: Sequence[str], mask: Mask | None,
                 letters: int, legible: int = LEGIBLE_SIDE, *,
                 min_grid: int | None = None) -> Iterator[Shape]:
    """Grids whose tightest layouts should leave about `letters` cells free: the
    words' letters, less what their crossings save, and the message's, nearest
    first, and of two alike the squarer; none narrower than `min_grid` either way.
    With a mask, its sizes as they grow."""
    if mask is not None:
        yield from packer.automatic_shapes(words, directions, mask, legible, message=letters,
                                           min_grid=min_grid)
        return
    total = sum(len(w.form) for w in words)
    longest = max(len(w.form) for w in words)
    target = total * (1 - CROSSING_SHARE) + letters
    least = max(MIN_SIDE, min_grid or 0)
    sizes = sorted((abs(cols * rows - target), abs(cols - rows), cols, rows)
                   for rows in range(least, MAX_SIDE + 1)
                   for cols in range(max(least, math.ceil(rows * NARROWEST)),
                                     min(MAX_SIDE, math.floor(rows * WIDEST)) + 1)
                   if max(cols, rows) >= longest
                   and cols * rows >= total * (1 - MOST_CROSSING) + letters)
    if not sizes:
        raise PackingError(f"these words and a message of {letters:,} letters need a grid "
                           f"larger than {MAX_SIDE}×{MAX_SIDE}; use a shorter message or "
                           f"fewer words.", option="message")
    for _, _, cols, rows in sizes[:EXACT_SHAPES]:
        yield Shape.rectangle(GridSize(cols=cols, rows=rows))


def exact(layouts: Iterable[Layout], words: Sequence[Word], inside: Sequence[Sequence[int]],
          language: Language, form: str, blocked: Blocked | None = None) -> Hidden:
    """With no words added: the first layout that leaves exactly len(form) cells free
    and, with the message poured in, reads every word once and no blocked word; else
    Unhidden, with the fewest and most free cells the layouts had."""
    why = Unhidden(free=-1)
    for layout in layouts:
        free = int((layout.grid == _core.EMPTY).sum())
        why = Unhidden(max(free, why.free), why.form, why.blocked,
                       fewest=free if why.fewest < 0 else min(free, why.fewest))
        if free != len(form):
            continue
        full = pour(layout.grid, form, language)
        fault = _fault(full, words, layout.placements, inside, language, blocked)
        if fault is None:
            return Hidden(full, layout.placements, ())
        why = Unhidden(why.free, fault[0], fault[1], why.fewest)
    raise why


def length_advice(puzzle) -> str | None:
    """The seed's advice on a message's length, as a warning: at least the grid's
    side (a shorter one gets lost among the words) and at most four letters more (a
    longer one fills the grid with its letters)."""
    side, letters = max(puzzle.rows, puzzle.cols), len(puzzle.message)
    if not letters or side <= letters <= side + 4:
        return None
    why = ("a shorter one gets lost among the words" if letters < side
           else "a longer one fills the grid with its letters")
    bigger = (f", or make the grid {letters - 4} to {letters} cells a side (--grid)"
              if letters > side + 4 and letters - 4 <= MAX_SIDE else "")
    return (f"the hidden message has {letters} letters and the grid is "
            f"{puzzle.cols}×{puzzle.rows}: a message of {side} to {side + 4} letters hides "
            f"best in it ({why}){bigger}.")


def pour(grid: np.ndarray, form: str, language: Language) -> np.ndarray:
    """The grid with the message's letters written into its empty cells, left to
    right and top to bottom; there must be exactly as many as letters."""
    out = grid.copy()
    flat = out.reshape(-1)
    empty = np.flatnonzero(flat == _core.EMPTY)
    if len(empty) != len(form):
        raise ValueError(f"{len(empty)} empty cells for a message of {len(form)} letters")
    if len(form):
        flat[empty] = language.alphabet.encode(form)
    return out


def hide(layouts: Iterable[Layout], words: Sequence[Word], inside: Sequence[Sequence[int]],
         language: Language, form: str, lexicon: Lexicon, directions: Sequence[str],
         seed: int, blocked: Blocked | None = None, layouts_tried: int = LAYOUTS) -> Hidden:
    """The first layout (of at most `layouts_tried`) whose grid the fill brings to
    exactly len(form) empty cells such that, with the message poured in, every word
    (the user's and those added) reads exactly once and no blocked word reads
    outside a listed word; a refused round is followed by the fill's next round. Else
    Unhidden, saying what stood in the way last."""
    mask = compass.mask(directions)
    own_letters, own_offsets = (language.alphabet.encode_list([w.form for w in words])
                                if words else (np.zeros(0, np.uint8), np.zeros(1, np.int32)))
    blocked_letters, blocked_offsets = (
        language.alphabet.encode_list(list(blocked.everywhere))
        if blocked is not None and blocked.everywhere else (None, None))
    why = Unhidden(free=-1)
    for layout in itertools.islice(layouts, layouts_tried):
        cols = layout.grid.shape[1]
        free = int((layout.grid == _core.EMPTY).sum())
        why = Unhidden(max(free, why.free), why.form, why.blocked)
        if free < len(form):
            continue
        starts = np.array([r * cols + c for r, c, _ in layout.placements], dtype=np.int32)
        dirs = np.array([COMPASS.index(d) for _, _, d in layout.placements], dtype=np.uint8)
        first_round = 0
        while first_round < _core.MESSAGE_ROUNDS:
            try:
                grid, added, added_starts, added_dirs, round_ = _core.message_fill(
                    layout.grid, lexicon.core, len(form), mask, seed, letters=own_letters,
                    offsets=own_offsets, starts=starts, dirs=dirs, first_round=first_round,
                    blocked_letters=blocked_letters, blocked_offsets=blocked_offsets)
            except NoMessage:
                break
            first_round = round_ + 1
            extra = [(lexicon.words[w], (s // cols, s % cols, COMPASS[d]))
                     for w, s, d in zip(added.tolist(), added_starts.tolist(),
                                        added_dirs.tolist())]
            full = pour(grid, form, language)
            fault = _fault(full, list(words) + [w for w, _ in extra],
                           list(layout.placements) + [p for _, p in extra],
                           list(inside) + [()] * len(extra), language, blocked)
            if fault is None:
                return Hidden(full, layout.placements, tuple(extra))
            why = Unhidden(why.free, fault[0], fault[1])
    raise why


def _fault(grid: np.ndarray, words: Sequence[Word],
           placements: Sequence[tuple[int, int, str]], inside: Sequence[Sequence[int]],
           language: Language, blocked: Blocked | None) -> tuple[str, bool] | None:
    """A word that reads more than once (form, False) or a blocked word read outside
    the listed words (form, True) in a full grid; None when there is none."""
    cols = grid.shape[1]
    letters, offsets = language.alphabet.encode_list([w.form for w in words])
    inside_offsets, inside_words = inside_arrays(inside)
    starts = np.array([r * cols + c for r, c, _ in placements], dtype=np.int32)
    dirs = np.array([COMPASS.index(d) for _, _, d in placements], dtype=np.uint8)
    found, found_starts, found_dirs = _core.scan_words(
        grid, letters, offsets, inside_offsets=inside_offsets, inside_words=inside_words,
        starts=starts, dirs=dirs)
    placed = [fill._segment(r * cols + c, d, len(w.form), cols)
              for (r, c, d), w in zip(placements, words)]
    for w, start, d in zip(found.tolist(), found_starts.tolist(), found_dirs.tolist()):
        if fill._segment(start, COMPASS[d], len(words[w].form), cols) != placed[w]:
            return words[w].form, False
    if blocked is not None:
        on_words = [{cell: k for k, cell in enumerate(fill._cells(r * cols + c, d, len(w.form),
                                                                 cols))}
                    for (r, c, d), w in zip(placements, words)]
        for form, start, d in blocked.readings(grid, filler=False):
            reading = fill._cells(start, d, len(form), cols)
            if not fill._within(reading[0], reading[-1], len(form), on_words):
                return form, True
    return None
