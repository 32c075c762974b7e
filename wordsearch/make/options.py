"""What to make: every choice of the making stage in one frozen value, checked once
where it is made. The command, a class set, a book and the web page all build a
MakeOptions and hand it to generate(), so that a new choice is added here (and to
the front ends' option lists) instead of to every signature on the way."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wordsearch import directions as compass, lang, seeds
from wordsearch.errors import InputError
from wordsearch.make.blocked import Blocked
from wordsearch.make.level import DEFAULT_LEVEL, check_level
from wordsearch.make.deadline import DEFAULT_TIME_LIMIT, check_time_limit
from wordsearch.make.packer import DEFAULT_BEAM, MAX_BEAM
from wordsearch.make.shape import LEGIBLE_SIDE, MAX_SIDE, MIN_SIDE, Mask, parse_grid
from wordsearch.pictures import draw as picture_draw, source as picture_source
from wordsearch.puzzle import PICTURE_LAYOUTS
from wordsearch.size import GridSize


@dataclass(frozen=True)
class MakeOptions:
    """How a puzzle is made, whatever its words.

    `language` (a Language or its code; None: the words', else English) gives the
    letters the words are spelled in and the filler is drawn from. `strict` refuses a
    word inside another instead of hiding it on its own too. The grid spells no word
    of the language's blocklist (unless `blocklist` is False) nor of `block_words`
    (entries as parse_words takes them, or a Blocked value made once to share among
    many puzzles; it brings its own choice of the blocklist), except inside a listed
    word. Instead of words, a built-in `theme` (its words, or `random` of them) or
    `random` dictionary words, drawn with the puzzle's seed; with `clues`, the theme's
    built-in clues in `clue_language` (None: the puzzle's own language, which gives
    definitions; another gives translations). Clues of one's own ("kitten: a baby
    cat") come with the words, and `clue_language` says which language they are in
    (their font; None: the puzzle's). The words the program
    chooses itself (drawn, or added to hide a message) come from a `level`: "child"
    (the default: words a primary-school child knows, the puzzle's topic first) or
    "adult" (the whole dictionary, for puzzle books for grown-ups). `lowercase` prints the
    grid and the list in lower case. With a `message`, dictionary words are added
    (unless `added_words` is False, when a grid and layout of the words alone that
    leave exactly the message's letters free are looked for). `grid` fixes the size
    (N, "WxH" or a GridSize; None: the smallest that works); `min_grid` is instead a
    floor under the automatic size, for lists that would land in a grid too tight to
    read: at least min_grid x min_grid, larger when the words need it (refused beside
    `grid`, which leaves nothing to choose). `mask` (a PNG file, a built-in mask's
    name or a Mask) shapes it, at most `legible_side` across when it grows; with a
    mask, min_grid is the side of the square the shape is scaled into, as `grid` N
    is (the shape's longer side; the shorter follows the drawing). `directions`
    (compass names or aliases) or a `difficulty`; all eight by default. The same
    `seed` (the puzzle's code; None: a new one each time), words and options give the
    same puzzle; `threads` never changes it. A run stops after `time_limit` seconds
    (None: never). `pictures` ("beside" or "only") lists a picture with each word, or
    instead of it: the built-in mapping's, or one's own from `picture` (a word's
    picture file, PNG or SVG, or an emoji's codepoints, by word; giving one implies
    "beside"; so does a word's own picture given with it, "cat = cat.png");
    `picture_files` False refuses picture files (a web request may not name the
    server's files). Pictures never change the grid.
    """
    language: lang.Language | str | None = None
    strict: bool = False
    blocklist: bool = True
    block_words: Blocked | Iterable[str | tuple[int, str]] = ()
    theme: str | None = None
    random: int | None = None
    clues: bool = False
    clue_language: lang.Language | str | None = None
    level: str = DEFAULT_LEVEL
    lowercase: bool = False
    message: str | None = None
    added_words: bool = True
    grid: GridSize | int | str | None = None
    min_grid: int | None = None
    mask: Mask | str | Path | None = None
    legible_side: int = LEGIBLE_SIDE
    directions: Iterable[str] | str | None = None
    difficulty: str | None = None
    seed: str | None = None
    beam: int = DEFAULT_BEAM
    threads: int | None = None
    time_limit: float | None = DEFAULT_TIME_LIMIT
    pictures: str | None = None
    picture: Mapping[str, str] | Iterable[tuple[str, str]] = ()
    picture_files: bool = True
    allowed: tuple[str, ...] = field(init=False, repr=False)  # the directions, resolved

    def __post_init__(self) -> None:
        # Among themselves, in the order generate() always checked them. The words are
        # read after the options now (generate() read them first), so that a call with
        # a bad word and a bad option is told of the option; the command reads its
        # words, students and output before it makes its options, as it always did.
        check_time_limit(self.time_limit)
        if self.seed is not None:
            self._set("seed", seeds.check_code(self.seed))
        if self.language is not None:
            self._set("language", lang.resolve(self.language))
        if self.clue_language is not None:
            self._set("clue_language", resolve_clue_language(self.clue_language))
        if self.clues and self.theme is None:
            raise InputError("built-in clues come with a theme; choose a theme, or write "
                             "your own clues after the words (kitten: a baby cat).",
                             option="clues")
        self._set("level", check_level(self.level))
        if not isinstance(self.block_words, Blocked):
            self._set("block_words", tuple(self.block_words))
        if self.directions is not None and not isinstance(self.directions, str):
            self._set("directions", tuple(self.directions))
        # A list of pictures alone is for children who cannot read yet: left to right
        # and down, the youngest preset's directions, unless directions are given.
        youngest = (self.pictures == PICTURE_LAYOUTS[1] and self.directions is None
                    and self.difficulty is None)
        self._set("allowed", compass.resolve(self.directions,
                                             compass.EASIEST if youngest else self.difficulty))
        if not 1 <= self.beam <= MAX_BEAM:
            raise InputError(f"a beam of {self.beam} is out of range; use 1 to {MAX_BEAM}.",
                             option="beam")
        if isinstance(self.mask, (str, Path)):
            self._set("mask", Mask.load(self.mask))
        if self.grid is not None:
            self._set("grid", parse_grid(self.grid))
        if self.min_grid is not None:
            _check_min_grid(self.min_grid, self.grid)
        self._set("picture", _own_pictures(self.picture, self.picture_files))
        if self.picture and self.pictures is None:
            self._set("pictures", PICTURE_LAYOUTS[0])
        if self.pictures is not None and self.pictures not in PICTURE_LAYOUTS:
            raise InputError(f'pictures "{self.pictures}" is not a way to show them; use '
                             f"{' or '.join(PICTURE_LAYOUTS)}.", option="pictures")

    def _set(self, name: str, value) -> None:
        object.__setattr__(self, name, value)

    def but(self, **changes) -> MakeOptions:
        """The same options with some changed (checked again)."""
        return dataclasses.replace(self, **changes)


def resolve_clue_language(code: lang.Language | str) -> lang.Language:
    """The clues' language, refused as clue_language (not as the grid's language)."""
    try:
        return lang.resolve(code)
    except InputError as exc:
        raise InputError(f"the clue language: {exc}", option="clue_language") from None
def _own_pictures(given: Mapping[str, str] | Iterable[tuple[str, str]],
                  files: bool) -> tuple[tuple[str, str], ...]:
    """One's own pictures as (word, file or codepoints) pairs, each read and checked
    now, so that a missing file or an SVG beyond what can be drawn is told before any
    packing."""
    pairs = tuple(given.items() if isinstance(given, Mapping) else given)
    for word, value in pairs:
        if not word.strip():
            raise InputError(f'the picture "{value}" is given for no word; write the word, '
                             f"an equals sign and the picture, such as cat=cat.png.",
                             option="picture")
        picture_draw.check(picture_source.named(value, files))
    return pairs


def _check_min_grid(side, grid: GridSize | None) -> None:
    """The automatic grid's floor: a side a grid may have, and no fixed grid beside it."""
    if isinstance(side, bool) or not isinstance(side, int):
        raise InputError(f"the smallest grid side {side!r} is not a number; give a whole "
                         f"number of cells, for example 10.", option="min_grid")
    if not MIN_SIDE <= side <= MAX_SIDE:
        raise InputError(f"a smallest grid side of {side} is out of range; use {MIN_SIDE} to "
                         f"{MAX_SIDE} cells.", option="min_grid")
    if grid is not None:
        raise InputError(f"a fixed grid size ({grid}) and a smallest automatic grid side "
                         f"({side}) together: a fixed grid never grows, so the smallest side "
                         f"has nothing to choose. Choose one of them.", option="min_grid")
