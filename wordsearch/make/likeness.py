"""How closely a mask's cells follow its drawing: the boundary F-score.

A shape reads as its picture by its outline (a cat's ears, a house's roof and
chimney, a star's points), not by its area: a 9 x 10 blob of cells covers most of
a cat's ink and still looks like nothing. So the measure compares outlines, as
Csurka, Larlus and Perronnin's BF score does for image segmentation (BMVC 2013):
the cells and the drawing are both laid over one lattice of SAMPLES points across
the drawing's longer side, each exactly where Mask.cover puts it (no stretching),
the cells smoothed to the line through the middle of their stair steps (what the
eye sees of a slope of letters), and their outline points (inside points with a
neighbour outside) are compared.

- precision: the share of the cells' outline within TOLERANCE of the drawing's;
- recall: the share of the drawing's outline within TOLERANCE of the cells';
- likeness: their harmonic mean, 2PR / (P + R), from 0 to 1.

A cell's stair-step edge lies at most half a cell from the line it stands for, so
at a tolerance of a share of the drawing the score rises as the cells get finer,
and faster for a drawing whose features are small: a circle at 10 cells scores
about 0.9, a house (a chimney and a roof of a cell or two) about 0.5. It is not
monotone in the side: at some sizes a feature happens to fall across two cells
and vanishes (the tree's trunk at 16), so a size is chosen by its own score.

Everything is integer arithmetic on point counts, and the score is an exact
Fraction: the same mask gives the same size on every machine.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

# Points of the lattice across the drawing's longer side: fine enough that the
# tolerance is several points, small enough to cost about a millisecond a size.
SAMPLES = 240
# How far (as a share of the drawing's longer side) an outline point may be from
# the other outline and still count as on it. At 2.5 %, a 40-cell grid's steps are
# all within it and a 10-cell grid's half-cell steps (5 %) are not.
TOLERANCE = Fraction(1, 40)


def likeness(ink: np.ndarray, cells: np.ndarray) -> Fraction:
    """The boundary F-score of `cells` (bool, rows x cols, the grid a drawing was
    scaled to before any empty margin is cropped) against `ink` (nonzero where the
    drawing is), whose whole extent the cells span."""
    height, width = ink.shape
    longer = max(height, width)
    across = max(1, (width * SAMPLES + longer // 2) // longer)
    down = max(1, (height * SAMPLES + longer // 2) // longer)
    # The centre of lattice point i lies at (2i + 1) / (2n) of the way across.
    ys, xs = 2 * np.arange(down) + 1, 2 * np.arange(across) + 1
    drawing = ink[np.ix_(ys * height // (2 * down), xs * width // (2 * across))] != 0
    shape = _smoothed(cells, down, across)
    reach = max(1, int(TOLERANCE * SAMPLES + Fraction(1, 2)))
    drawn, made = _outline(drawing, reach + 1), _outline(shape, reach + 1)
    found = int((made & _near(drawn, reach)).sum())  # cells' outline on the drawing's
    kept = int((drawn & _near(made, reach)).sum())   # drawing's outline on the cells'
    if not found or not kept:
        return Fraction(0)
    return Fraction(2 * found * kept, found * int(drawn.sum()) + kept * int(made.sum()))


def _smoothed(cells: np.ndarray, down: int, across: int) -> np.ndarray:
    """The cells on a lattice of down x across points, inside where the cells
    interpolated linearly between their centres (1 in, 0 out) reach one half: the
    outline through the middle of each stair step, as the letters' edge is seen.
    Without it a curve or a slope at 10 cells is half a cell (5 %) off in every
    step, and a circle would score as badly as a cat with its ears gone. The
    cells span the drawing's box, so at the box's edge both end alike: there each
    cell is its own neighbour beyond (padding by the edge), else a square's corners
    would be rounded off. A corner inside the box is rounded by about a third of a
    cell, a little more than TOLERANCE at 10 cells, a little less at 14."""
    padded = np.pad(cells.astype(np.int64), 1, mode="edge")
    (row, down_part), (col, across_part) = (_between(cells.shape[0], down),
                                            _between(cells.shape[1], across))
    # Weights out of 2 * down (rows) and 2 * across (columns): whole numbers.
    up, left = 2 * down - down_part, 2 * across - across_part
    total = (padded[np.ix_(row, col)] * np.outer(up, left)
             + padded[np.ix_(row + 1, col)] * np.outer(down_part, left)
             + padded[np.ix_(row, col + 1)] * np.outer(up, across_part)
             + padded[np.ix_(row + 1, col + 1)] * np.outer(down_part, across_part))
    return 2 * total >= (2 * down) * (2 * across)


def _between(cells: int, points: int) -> tuple[np.ndarray, np.ndarray]:
    """For each of `points` lattice points over `cells` cells: the padded index of
    the cell centre before it, and how far past that centre it lies, out of
    2 * points. Point i is (2i + 1) * cells / (2 * points) cells in, which is
    half a cell past the centre of cell (2i + 1) * cells / (2 * points) - 1/2."""
    offset = (2 * np.arange(points) + 1) * cells + points  # in halves of 2 * points, padded
    return offset // (2 * points), offset % (2 * points)


def _outline(points: np.ndarray, pad: int) -> np.ndarray:
    """The points of a region with a neighbour (of eight) outside it, on a canvas
    `pad` points wider each way: a region touching the frame has an outline there."""
    inside = np.pad(points, pad)
    core = inside.copy()
    rows, cols = inside.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            core[1:-1, 1:-1] &= inside[1 + dr:rows - 1 + dr, 1 + dc:cols - 1 + dc]
    return inside & ~core


def _near(points: np.ndarray, reach: int) -> np.ndarray:
    """The points within `reach` of one of `points` along both axes (a square)."""
    near = points.copy()
    for step in range(1, reach + 1):  # along rows, then along columns
        near[step:, :] |= points[:-step, :]
        near[:-step, :] |= points[step:, :]
    wide = near.copy()
    for step in range(1, reach + 1):
        wide[:, step:] |= near[:, :-step]
        wide[:, :-step] |= near[:, step:]
    return wide
