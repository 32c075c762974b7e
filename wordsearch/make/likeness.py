"""How closely a mask's cells follow its drawing: outline and features.

A shape reads as its picture by its outline (a cat's ears, a house's roof and
chimney, a star's points), not by its area: a 9 x 10 blob of cells covers most of
a cat's ink and still looks like nothing. So the measure compares outlines, as
Csurka, Larlus and Perronnin's BF score does for image segmentation (BMVC 2013):
the cells and the drawing are both laid over one lattice of SAMPLES points across
the drawing's longer side, each exactly where Mask.cover puts it (no stretching),
the cells smoothed to the line through the middle of their stair steps (what the
eye sees of a slope of letters), and their outline points (inside points with a
neighbour outside) are compared.

- precision: the share of the cells' outline within a tolerance of the drawing's;
- recall: the share of the drawing's outline within it of the cells';
- outline score: their harmonic mean, 2PR / (P + R), averaged over TOLERANCES.

An average along the outline forgives a lost feature, a small share of it: the
old cloud, a dome with its dips filled, scored 0.96. So the likeness is the lesser
of the outline score and a feature score, the share of the drawing's features
(parts that stick out, notches: see _feature_score) the cells keep. A stray cell
lowers the outline score at the finer tolerance; Mask.cover drops such cells.

The score rises as the cells get finer, and faster for a drawing whose features
are small, but not monotonically: at some sizes a feature happens to fall across
two cells and vanishes (the tree scores 0.90 at 16 cells, 0.82 at 17), so a
size is chosen by its own score.

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
# the other outline and still count as on it, at two scales whose scores are
# averaged. At 2.5 %, a 40-cell grid's steps are all within it and a 10-cell
# grid's half-cell steps (5 %) are not; at 1/60 the corners of a circle's stair
# steps count too (a 10-cell circle reads as an octagon, a 12-cell one as round).
TOLERANCES = (Fraction(1, 40), Fraction(1, 60))
# A feature is a part of the drawing thinner than twice this (as a share of its
# longer side) that sticks out, or a notch as narrow.
FEATURE_RADIUS = Fraction(1, 20)


def likeness(ink: np.ndarray, cells: np.ndarray) -> Fraction:
    """How closely `cells` (bool, rows x cols, the grid a drawing was scaled to
    before any empty margin is cropped) follow `ink` (nonzero where the drawing
    is), whose whole extent the cells span: the lesser of the outline score (the
    boundary F-score at two scales, TOLERANCES) and the feature score (the share
    of the drawing's features, FEATURE_RADIUS, that the cells keep). An average
    along the whole outline forgives a lost feature, which is a small share of
    it: a cloud of one dome scores 0.96 on the outline alone."""
    drawing, shape = _lattices(ink, cells)
    outline = sum((_outline_score(drawing, shape, reach) for reach in _reaches()),
                  Fraction(0)) / len(TOLERANCES)
    return min(outline, _feature_score(drawing, shape))


def _reaches() -> list[int]:
    """The tolerances in lattice points, at least one each."""
    return [max(1, int(share * SAMPLES + Fraction(1, 2))) for share in TOLERANCES]


def _lattices(ink: np.ndarray, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The drawing and the smoothed cells on one lattice of SAMPLES points across
    the drawing's longer side."""
    height, width = ink.shape
    longer = max(height, width)
    across = max(1, (width * SAMPLES + longer // 2) // longer)
    down = max(1, (height * SAMPLES + longer // 2) // longer)
    # The centre of lattice point i lies at (2i + 1) / (2n) of the way across.
    ys, xs = 2 * np.arange(down) + 1, 2 * np.arange(across) + 1
    drawing = ink[np.ix_(ys * height // (2 * down), xs * width // (2 * across))] != 0
    return drawing, _smoothed(cells, down, across)


def _outline_score(drawing: np.ndarray, shape: np.ndarray, reach: int) -> Fraction:
    """The boundary F-score at a tolerance of `reach` points."""
    drawn, made = _outline(drawing, reach + 1), _outline(shape, reach + 1)
    found = int((made & _near(drawn, reach)).sum())  # cells' outline on the drawing's
    kept = int((drawn & _near(made, reach)).sum())   # drawing's outline on the cells'
    if not found or not kept:
        return Fraction(0)
    return Fraction(2 * found * kept, found * int(drawn.sum()) + kept * int(made.sum()))


def _feature_score(drawing: np.ndarray, shape: np.ndarray) -> Fraction:
    """The share of the drawing's features the cells keep, within the coarser
    tolerance (a cell's corner cannot follow a point more closely): a point of a
    part that sticks out (an ear, a tail, a point, a chimney: what an opening by
    a disc of FEATURE_RADIUS takes away) is kept when cells are near it, a point
    of a notch (between a cloud's bumps, a cat's ears, a fish's body and tail:
    what a closing fills) when empty points are near it.
    Each point counts alike, so a feature counts by its size, not by its share of
    the outline. A drawing with no features (a circle, a hexagon), or less of
    them than a square of FEATURE_RADIUS, scores 1."""
    radius = max(1, int(FEATURE_RADIUS * SAMPLES + Fraction(1, 2)))
    drawn = np.pad(drawing, radius + 1)
    made = np.pad(shape, radius + 1)
    sticks_out = drawn & ~_grown(~_grown(~drawn, radius), radius)
    notches = ~_grown(~_grown(drawn, radius), radius) & ~drawn
    features = int(sticks_out.sum()) + int(notches.sum())
    if features < radius * radius:  # specks of the drawing's own pixels, no feature
        return Fraction(1)
    reach = max(_reaches())
    kept = (int((sticks_out & _near(made, reach)).sum())
            + int((notches & _near(~made, reach)).sum()))
    return Fraction(kept, features)


def _grown(points: np.ndarray, radius: int) -> np.ndarray:
    """The points within `radius` of one of `points` in an octagon, a disc's
    nearest shape in whole steps: steps along the axes, every other step along
    the diagonals too. A region's opening by the octagon (its erosion grown back)
    is _grown(~_grown(~region)), its closing ~_grown(~_grown(region))."""
    grown = points.copy()
    for step in range(radius):
        before = grown.copy()
        grown[1:, :] |= before[:-1, :]
        grown[:-1, :] |= before[1:, :]
        grown[:, 1:] |= before[:, :-1]
        grown[:, :-1] |= before[:, 1:]
        if step % 2:
            grown[1:, 1:] |= before[:-1, :-1]
            grown[:-1, :-1] |= before[1:, 1:]
            grown[1:, :-1] |= before[:-1, 1:]
            grown[:-1, 1:] |= before[1:, :-1]
    return grown


def _smoothed(cells: np.ndarray, down: int, across: int) -> np.ndarray:
    """The cells on a lattice of down x across points, inside where the cells
    interpolated linearly between their centres (1 in, 0 out) reach one half: the
    outline through the middle of each stair step, as the letters' edge is seen.
    Without it a curve or a slope at 10 cells is half a cell (5 %) off in every
    step, and a circle would score as badly as a cat with its ears gone. The
    cells span the drawing's box, so at the box's edge both end alike: there each
    cell is its own neighbour beyond (padding by the edge), else a square's corners
    would be rounded off. A corner inside the box is rounded by about a third of a
    cell, a little more than the coarser tolerance at 10 cells, a little less at 14."""
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
