"""Where letters may go: a rows x cols grid of cells, some of them outside the
shape, which may come from a PNG mask."""
from __future__ import annotations

import functools
import io
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path

import warnings

import numpy as np

from wordsearch.directions import STEPS
from wordsearch.errors import InputError, PackingError
from wordsearch.make.likeness import likeness
from wordsearch.size import GridSize, parse_wxh

MIN_SIDE = 3
MAX_SIDE = 100
# A pixel is no cell when it is this light in every channel, or less opaque than this.
WHITE_LEVEL = 240
OPAQUE_LEVEL = 128
# A cell is inside the shape when at least this share of it is covered by the mask's ink.
CELL_COVERAGE = 0.5
# A cell hanging by one side is a stray (see _without_strays) when the drawing runs
# on along that side for this many cells: a corner blunter than about 112 degrees
# (a hexagon's, a dome's crown) is an edge, not a point (a diamond's 110 is one).
STRAY_RUN = 3
# Automatic grids for a mask are at least this many cells across, so the shape shows.
MASK_MIN_SIDE = 10
# ... and grow past the first size the words fit until the cells' likeness to the
# drawing (likeness.py) is at least LIKENESS, by at most LIKENESS_GROWTH sides and
# never past LEGIBLE_SIDE across: what the smallest named page (A5, 369 pt inside its
# margins) prints at the smallest legible letter (7 pt, 11.7 pt a cell) is 31. At
# 0.89 (above the circle at 14 cells, 0.887, which reads as an octagon; the cat's
# best within reach for 10, 15 and 25 words is 0.893) the sizes chosen were seen to
# keep the cloud's dips, the fish's tail, the cat's ears and the circle round.
LIKENESS = Fraction(89, 100)
LIKENESS_GROWTH = 8
LEGIBLE_SIDE = 30
# "100x100" and a little room: a longer grid size is no size at all.
MAX_SPEC_LENGTH = 12
# The largest mask image read, in pixels: a 5,000 x 5,000 drawing, 25 MB as it is
# read; a small file can unpack to far more (a 13,000-pixel-square PNG of 20 KB).
MAX_MASK_PIXELS = 25_000_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_IHDR = slice(12, 24)  # the first chunk's type, then the width and height


def png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height as its header says (the IHDR chunk, which comes first),
    before anything is decoded: a small file can declare billions of pixels, which a
    decoder would try to hold. None when the bytes do not begin as a PNG's."""
    header = data[_IHDR]
    if not data.startswith(PNG_SIGNATURE) or len(header) < 12 or header[:4] != b"IHDR":
        return None
    width, height = struct.unpack(">II", header[4:])
    return width, height


def _head(source: Path | io.BytesIO) -> bytes:
    """The first bytes of a mask's file or upload, as many as png_size reads."""
    if isinstance(source, Path):
        with open(source, "rb") as f:
            return f.read(_IHDR.stop)
    return source.getvalue()[:_IHDR.stop]


# A shape whose cells hold no 2 x 2 block is a drawing of lines: each cell would
# touch the others only at a corner or an edge, and no word could cross another.
BLOCK = 2


def parse_grid(spec: int | str | GridSize) -> GridSize:
    """A grid size from N (N x N), "N", "WxH" (W columns, H rows) or a GridSize."""
    if isinstance(spec, GridSize):
        size = spec
    elif isinstance(spec, int) and not isinstance(spec, bool):
        size = GridSize(cols=spec, rows=spec)
    else:
        text = str(spec).strip()
        if len(text) > MAX_SPEC_LENGTH:
            raise InputError(f"the grid size {text[:12]}… is out of range; use {MIN_SIDE} to "
                             f"{MAX_SIDE} cells a side.", option="grid")
        pair = parse_wxh(text) if not text.isdecimal() else (int(text), int(text))
        if pair is None or any(side != int(side) for side in pair):
            raise InputError(f'the grid size "{spec}" is not a size; write N for N x N or '
                             f"WxH (columns x rows), for example 15 or 20x12.", option="grid")
        size = GridSize(cols=int(pair[0]), rows=int(pair[1]))
    for side in (size.cols, size.rows):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InputError(f"a grid side of {side} is out of range; use {MIN_SIDE} to "
                             f"{MAX_SIDE} cells.", option="grid")
    return size


@dataclass(frozen=True, eq=False)
class Shape:
    inside: np.ndarray  # bool, rows x cols: True where a letter goes
    mask_name: str = ""  # the mask it was cut from, for messages

    @classmethod
    def rectangle(cls, size: GridSize) -> Shape:
        return cls(np.ones((size.rows, size.cols), dtype=bool))

    @property
    def rows(self) -> int:
        return self.inside.shape[0]

    @property
    def cols(self) -> int:
        return self.inside.shape[1]

    def describe(self) -> str:
        """As in "did not fit in the <...>"."""
        grid = f"{self.cols}×{self.rows} grid"
        return f"{grid} shaped by mask {self.mask_name}" if self.mask_name else grid

    def longest_line(self, directions: Iterable[str]) -> int:
        """The most letters one word can have along any allowed direction."""
        steps = {STEPS[name] for name in directions}
        if self.inside.all():  # a plain grid, the common case, needs no search
            return max(self.cols if dr == 0 else self.rows if dc == 0
                       else min(self.rows, self.cols) for dr, dc in steps)
        best = 0
        for dr, dc in steps:
            starts = self.inside  # cells that begin a run of `length + 1` inside cells
            length = 0
            while starts.any():
                length += 1
                starts = starts & _shifted(self.inside, length * dr, length * dc)
            best = max(best, length)
        return best


def _shifted(cells: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """cells[r + dr, c + dc] at [r, c], False where that lies off the grid."""
    rows, cols = cells.shape
    out = np.zeros_like(cells)
    if abs(dr) < rows and abs(dc) < cols:
        out[max(0, -dr):rows - max(0, dr), max(0, -dc):cols - max(0, dc)] = \
            cells[max(0, dr):rows - max(0, -dr), max(0, dc):cols - max(0, -dc)]
    return out


def _thin(inside: np.ndarray) -> bool:
    """Whether the cells hold no BLOCK x BLOCK block: a drawing of lines."""
    if min(inside.shape) < BLOCK:
        return True
    return not (inside[:-1, :-1] & inside[1:, :-1] & inside[:-1, 1:] & inside[1:, 1:]).any()


def _without_strays(inside: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """The cells, spanning the drawing `ink`, without stray ones, which the drawing
    has not: a cell that touches the others only at one corner (a square adrift;
    a cell touching none is a part of the drawing of its own, and a cell touching
    two a link in a diagonal line: both stay), and a cell that hangs by one side
    along which the drawing runs on for STRAY_RUN cells or more: there the drawing
    has an edge, straight or round, and the cell is a pimple on it, left by the
    half-covered rule (the crown of a cat's head between its ears, the corner of a
    hexagon at 10 cells, which made it a plus sign). A point's, an ear's or a
    tail's tip stays: along the side it hangs by, the drawing is narrow. One pass:
    repeated, it would eat a diagonal line from its ends."""
    held = np.pad(inside, 1).astype(np.int64)
    up, down = held[:-2, 1:-1], held[2:, 1:-1]
    left, right = held[1:-1, :-2], held[1:-1, 2:]
    sides = up + down + left + right
    corners = held[:-2, :-2] + held[:-2, 2:] + held[2:, :-2] + held[2:, 2:]
    stray = inside & (sides == 0) & (corners == 1)
    height, width = ink.shape
    rows, cols = inside.shape
    for r, c in np.argwhere(inside & (sides == 1)):
        if up[r, c] or down[r, c]:  # the row of pixels along the side it hangs by
            line = ink[min(height - 1, (r + int(down[r, c])) * height // rows), :]
            middle, cells = (2 * c + 1) * width // (2 * cols), cols
        else:
            line = ink[:, min(width - 1, (c + int(right[r, c])) * width // cols)]
            middle, cells = (2 * r + 1) * height // (2 * rows), rows
        gaps = np.flatnonzero(line == 0)
        start = gaps[gaps < middle].max(initial=-1) + 1
        stop = gaps[gaps > middle].min(initial=len(line))
        # The run is STRAY_RUN cells or more, in whole numbers: pixels * cells
        # against STRAY_RUN * the line's pixels.
        stray[r, c] = line[middle] != 0 and (stop - start) * cells >= STRAY_RUN * len(line)
    return inside & ~stray


def _rgba(image) -> np.ndarray:
    """The image as 8-bit RGBA. 16- and 32-bit greyscale images are scaled down to 8
    bits first: Pillow's own conversion clips them, so a drawing in dark grey on a
    16-bit image would read as white."""
    if image.mode in ("I;16", "I;16B", "I;16L", "I;16N", "I"):
        grey = np.asarray(image, dtype=np.float64)
        top = 65535.0 if image.mode.startswith("I;16") else max(float(grey.max()), 1.0)
        levels = np.clip(np.rint(grey * 255.0 / top), 0, 255).astype(np.uint8)
        alpha = np.full(levels.shape, 255, dtype=np.uint8)
        return np.dstack([levels, levels, levels, alpha])
    return np.asarray(image.convert("RGBA"))


def builtin_masks() -> list[str]:
    """Names of the masks that ship with the package (wordsearch/masks/)."""
    return sorted(p.name[:-4] for p in resources.files("wordsearch").joinpath("masks").iterdir()
                  if p.name.endswith(".png"))


@functools.lru_cache(maxsize=None)
def _builtin(name: str) -> Mask:
    """A built-in mask, read once: with it the likeness of each size it was asked
    for, which a class set of thirty puzzles would otherwise work out thirty times."""
    return Mask._read(Path(str(resources.files("wordsearch").joinpath("masks", f"{name}.png"))),
                      name)


@dataclass(frozen=True, eq=False)
class Mask:
    """A shape drawn in a PNG image, cropped to its ink, to be laid over a grid."""
    name: str
    ink: np.ndarray  # uint8, 255 where the image has ink, 0 elsewhere
    _likeness: dict[int, Fraction] = field(default_factory=dict, repr=False)

    @classmethod
    def builtin(cls, name: str) -> Mask:
        """A built-in mask by its name alone (never a path: the web page's way in),
        read once a process."""
        if name not in builtin_masks():
            raise InputError(f'no built-in mask "{name}"; the built-in masks are: '
                             f"{', '.join(builtin_masks())}.", option="mask")
        return _builtin(name)

    @classmethod
    def load(cls, spec: str | Path) -> Mask:
        """From a PNG file or, when no such file exists, a built-in mask's name."""
        path = Path(spec)
        if not path.exists() and str(spec) in builtin_masks():
            return cls.builtin(str(spec))
        if not path.exists():
            raise InputError(f'no mask file "{spec}" and no built-in mask of that name; '
                             f"give a PNG file or one of: {', '.join(builtin_masks())}.",
                             option="mask")
        return cls._read(path, str(spec))

    @classmethod
    def from_png(cls, data: bytes, name: str) -> Mask:
        """From a PNG image's bytes (an upload), named `name` in messages: nothing is
        written to disk, so an uploaded file can never be served or run."""
        return cls._read(io.BytesIO(data), name)

    @classmethod
    def _read(cls, source, spec: str) -> Mask:
        from PIL import Image, UnidentifiedImageError

        try:
            # The size from the header, before Pillow reads anything: Pillow refuses a
            # bomb itself only past 178,956,970 pixels, and in words of its own.
            width, height = png_size(_head(source)) or (0, 0)
            if width * height > MAX_MASK_PIXELS:
                raise InputError(
                    f"mask {spec} is {width:,}×{height:,} pixels; a mask may have at most "
                    f"{MAX_MASK_PIXELS:,} (5,000×5,000). Scale the drawing down; a hundred "
                    f"pixels a cell is plenty.", option="mask")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(source) as image:
                    if image.format != "PNG":
                        raise InputError(f"mask {spec} is a {image.format} image, not a PNG; "
                                         f"save it as PNG.", option="mask")
                    rgba = _rgba(image)
        except InputError:
            raise
        # Pillow reports a broken PNG (a chunk cut short, a bad checksum) as SyntaxError
        # or, for a header cut short, ValueError.
        except (OSError, SyntaxError, ValueError, UnidentifiedImageError,
                Image.DecompressionBombError) as exc:
            reason = ("it is not an image" if isinstance(exc, UnidentifiedImageError)
                      else getattr(exc, "strerror", None) or str(exc))
            raise InputError(f"cannot read mask {spec}: {reason}; give a PNG image.",
                             option="mask") from None
        white = (rgba[..., :3] >= WHITE_LEVEL).all(axis=-1)
        ink = ~white & (rgba[..., 3] >= OPAQUE_LEVEL)
        if not ink.any():
            raise InputError(f"mask {spec} has no shape in it: every pixel is white or "
                             f"transparent. Draw the shape in a dark colour on a white or "
                             f"transparent background.", option="mask")
        rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
        cropped = ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
        return cls(spec, cropped.astype(np.uint8) * 255)

    def fit(self, size: GridSize) -> Shape:
        """The shape scaled to fit within `size` (see cover), refused when it is drawn
        in lines too thin to hold a puzzle."""
        inside = self.cover(size)
        if _thin(inside):
            raise self._too_thin(size, inside)
        return Shape(inside, self.name)

    def _too_thin(self, size: GridSize, inside: np.ndarray) -> PackingError:
        return PackingError(f"mask {self.name} is drawn with lines too thin for a puzzle: in "
                            f"a {size.cols}×{size.rows} grid its {int(inside.sum())} cells "
                            f"hold no 2×2 block, so no word could cross another. Draw the "
                            f"shape filled in, or with much thicker lines.", option="mask")

    def cover(self, size: GridSize) -> np.ndarray:
        """The cells of the shape scaled to fit within `size`, keeping its proportions:
        a cell is inside when the ink covers at least CELL_COVERAGE of it."""
        inside = self._scaled(size)
        if not inside.any():
            raise PackingError(f"mask {self.name} leaves no cells in a {size.cols}×"
                               f"{size.rows} grid; use a bigger grid.", option="grid")
        # Thin edges can vanish at a small scale: drop the empty margins they leave.
        used_rows = np.flatnonzero(inside.any(axis=1))
        used_cols = np.flatnonzero(inside.any(axis=0))
        return inside[used_rows[0]:used_rows[-1] + 1, used_cols[0]:used_cols[-1] + 1]

    def _scaled(self, size: GridSize) -> np.ndarray:
        """The drawing scaled to fit within `size`, one cell a pixel: cover's cells
        before the empty margins are cropped, spanning the whole drawing."""
        from PIL import Image

        height, width = self.ink.shape
        scale = min(size.cols / width, size.rows / height)
        scaled = (max(1, min(size.cols, round(width * scale))),
                  max(1, min(size.rows, round(height * scale))))
        coverage = np.asarray(Image.fromarray(self.ink).resize(scaled, Image.Resampling.BOX))
        return _without_strays(coverage >= round(255 * CELL_COVERAGE), self.ink)

    def likeness(self, side: int) -> Fraction:
        """How closely the shape `side` cells across follows the drawing (see
        likeness.py), kept: automatic sizes ask for the same sides again and again."""
        if side not in self._likeness:
            self._likeness[side] = likeness(self.ink, self._scaled(GridSize(cols=side,
                                                                            rows=side)))
        return self._likeness[side]

    def across(self, side: int) -> Shape:
        """The shape with its longer side `side` cells long."""
        return self.fit(GridSize(cols=side, rows=side))

    def automatic(self, letters: int, longest: int, directions: Iterable[str],
                  growth: int, legible: int = LEGIBLE_SIDE,
                  min_grid: int | None = None) -> Iterator[Shape]:
        """Shapes from automatic_side's (or `min_grid` across, if larger: a floor
        for lists whose smallest shape is too tight to read), `growth` sizes on."""
        first = max(self.automatic_side(letters, longest, directions, legible), min_grid or 0)
        for side in range(first, min(first + growth, MAX_SIDE) + 1):
            yield self.across(side)

    def automatic_side(self, letters: int, longest: int, directions: Iterable[str],
                       legible: int = LEGIBLE_SIDE) -> int:
        """The side of the first automatic shape: one that looks like the drawing
        (see likeness). It has a cell for every letter, a line for the longest word
        and, when a size within LIKENESS_GROWTH sides and `legible` across (the
        most the pages print: LEGIBLE_SIDE, or fewer in large print) has it, a
        likeness of at least LIKENESS; else the likest of those sizes. At least
        MASK_MIN_SIDE across."""
        first = self.fitting_side(letters, longest, directions)
        last = max(first, min(first + LIKENESS_GROWTH, legible, LEGIBLE_SIDE, MAX_SIDE))
        # Growth is not always for the better (a feature may fall across two cells),
        # so each size is judged by its own likeness; of two alike, the smaller.
        candidates = [side for side in range(first, last + 1)
                      if not _thin(self.cover(GridSize(cols=side, rows=side)))]
        return next((side for side in candidates if self.likeness(side) >= LIKENESS),
                    max(candidates, key=lambda side: (self.likeness(side), -side)))

    def fitting_side(self, letters: int, longest: int, directions: Iterable[str]) -> int:
        """The first side from MASK_MIN_SIDE whose cells hold `letters` letters and a
        line of `longest`; refused when none up to MAX_SIDE does."""
        allowed = list(directions)
        thin = None  # the last size tried, when its cells held no 2 x 2 block
        for side in range(max(MIN_SIDE, MASK_MIN_SIDE), MAX_SIDE + 1):
            size = GridSize(cols=side, rows=side)
            try:
                inside = self.cover(size)
            except PackingError:
                continue  # no cells yet at this size
            thin = (size, inside) if _thin(inside) else None
            if thin:
                continue
            shape = Shape(inside, self.name)
            if shape.inside.sum() >= letters and shape.longest_line(allowed) >= longest:
                return side
        if thin:
            raise self._too_thin(*thin)  # even at the largest size: the drawing is at fault
        raise PackingError(f"mask {self.name} leaves too few cells for these words even "
                           f"{MAX_SIDE} cells across; use a fuller shape or fewer words.",
                           option="mask")
