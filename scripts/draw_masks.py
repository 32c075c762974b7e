"""Draws the built-in masks in wordsearch/masks/: black shapes on white, SIZE x SIZE pixels.

Run `python scripts/draw_masks.py` after changing a drawing; tests/test_masks.py checks
that the PNG files are what this script draws. Coordinates are in a unit square,
x to the right and y downwards, so each drawing reads like the picture it makes.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 256
INK = 0
PAPER = 255
Point = tuple[float, float]


class Pen:
    """ImageDraw in unit coordinates."""

    def __init__(self, draw: ImageDraw.ImageDraw):
        self.draw = draw

    @staticmethod
    def _px(x: float, y: float) -> tuple[float, float]:
        return x * (SIZE - 1), y * (SIZE - 1)

    def polygon(self, points: Sequence[Point], fill: int = INK) -> None:
        self.draw.polygon([self._px(x, y) for x, y in points], fill=fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float | None = None,
                fill: int = INK) -> None:
        ry = rx if ry is None else ry
        self.draw.ellipse([self._px(cx - rx, cy - ry), self._px(cx + rx, cy + ry)], fill=fill)

    def rectangle(self, x0: float, y0: float, x1: float, y1: float, fill: int = INK) -> None:
        self.draw.rectangle([self._px(x0, y0), self._px(x1, y1)], fill=fill)


def regular_polygon(sides: int, radius: float, turn: float = 0.0,
                    centre: Point = (0.5, 0.5)) -> list[Point]:
    return [(centre[0] + radius * math.sin(turn + 2 * math.pi * k / sides),
             centre[1] - radius * math.cos(turn + 2 * math.pi * k / sides)) for k in range(sides)]


def circle(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.48)


def heart(pen: Pen) -> None:
    points = []
    for k in range(360):
        t = 2 * math.pi * k / 360
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((0.5 + x / 34, 0.45 - y / 34))
    pen.polygon(points)


def star(pen: Pen) -> None:
    outer = regular_polygon(5, 0.5, centre=(0.5, 0.54))
    inner = regular_polygon(5, 0.25, math.pi / 5, centre=(0.5, 0.54))
    pen.polygon([p for pair in zip(outer, inner) for p in pair])


def diamond(pen: Pen) -> None:
    pen.polygon([(0.5, 0.0), (0.85, 0.5), (0.5, 1.0), (0.15, 0.5)])


def triangle(pen: Pen) -> None:
    pen.polygon([(0.5, 0.05), (1.0, 0.92), (0.0, 0.92)])


def hexagon(pen: Pen) -> None:
    pen.polygon(regular_polygon(6, 0.5, math.pi / 6))


def tree(pen: Pen) -> None:
    # Each tier's corners stand out past the top of the tier below by a tenth of
    # the drawing (two cells at 16 across): tiers that overlapped more merged into
    # one slope at the sizes a page prints.
    for top, bottom, half in ((0.0, 0.36, 0.24), (0.26, 0.62, 0.36), (0.5, 0.86, 0.48)):
        pen.polygon([(0.5, top), (0.5 + half, bottom), (0.5 - half, bottom)])
    pen.rectangle(0.42, 0.84, 0.58, 1.0)


def apple(pen: Pen) -> None:
    pen.ellipse(0.36, 0.62, 0.32, 0.36)
    pen.ellipse(0.64, 0.62, 0.32, 0.36)
    pen.rectangle(0.46, 0.1, 0.54, 0.34)
    pen.polygon([(0.52, 0.26), (0.62, 0.06), (0.86, 0.02), (0.76, 0.22)])


def house(pen: Pen) -> None:
    pen.polygon([(0.5, 0.05), (1.0, 0.45), (0.0, 0.45)])
    pen.rectangle(0.12, 0.45, 0.88, 1.0)
    pen.rectangle(0.7, 0.1, 0.82, 0.35)


def cat(pen: Pen) -> None:
    # Ears as wide at the base as a third of the head, their inner edges meeting
    # the head well below its top, their tips cut flat a cell wide at 17 cells:
    # narrower, sharp ears lost their tips at any size a page prints, and the
    # head's crown between them stood up as a single cell.
    pen.ellipse(0.5, 0.6, 0.44, 0.36)
    pen.polygon([(0.08, 0.0), (0.2, 0.0), (0.46, 0.32), (0.1, 0.56)])
    pen.polygon([(0.92, 0.0), (0.8, 0.0), (0.54, 0.32), (0.9, 0.56)])


def fish(pen: Pen) -> None:
    # The tail meets the body at a waist a third of the body's height, and spreads
    # wider than the body: at 13 cells the old tail, joined along most of the body's
    # end, made a rectangle with a one-cell tip.
    pen.ellipse(0.38, 0.5, 0.36, 0.3)
    pen.polygon([(0.66, 0.5), (1.0, 0.12), (1.0, 0.88)])


def cloud(pen: Pen) -> None:
    # Three bumps that barely overlap, on a flat base: at 15 cells across the dips
    # between them are a cell wide and deep. The four deeply overlapping bumps
    # drawn before made one dome at any size.
    for cx, cy, r in ((0.2, 0.5, 0.15), (0.5, 0.4, 0.17), (0.8, 0.5, 0.15)):
        pen.ellipse(cx, cy, r)
    pen.rectangle(0.2, 0.5, 0.8, 0.65)


def moon(pen: Pen) -> None:
    pen.ellipse(0.5, 0.5, 0.48)
    pen.ellipse(0.74, 0.38, 0.4, fill=PAPER)


MASKS: dict[str, Callable[[Pen], None]] = {
    f.__name__: f for f in (circle, heart, star, diamond, triangle, hexagon, tree, apple,
                            house, cat, fish, cloud, moon)
}


def draw(name: str) -> Image.Image:
    image = Image.new("L", (SIZE, SIZE), PAPER)
    MASKS[name](Pen(ImageDraw.Draw(image)))
    return image


if __name__ == "__main__":
    here = Path(__file__).resolve().parent.parent / "wordsearch" / "masks"
    for mask_name in MASKS:
        draw(mask_name).save(here / f"{mask_name}.png", optimize=True)
        print(f"wrote {mask_name}.png")
