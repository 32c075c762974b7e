"""How long pictures take to read and draw.

    python benchmarks/bench_pictures.py [--repeat N]

1. Reading: median milliseconds to read one OpenMoji SVG into shapes (svg.read, the
   cost paid once per picture per process; draw.py keeps what it read), over the
   built-in mapping's pictures.
2. Drawing: median milliseconds to draw 20 of the mapping's pictures, each 36 pt
   square, onto one A4 page as PDF, SVG and PNG at 300 dpi (already read; writing the
   surface included), against the same page with nothing drawn: the cost a page of
   twenty pictures adds.
"""
from __future__ import annotations

import argparse
import io
import statistics
import time

import cairo

from bench_render import median_ms  # this folder's: the same timing for every page
from wordsearch.pictures import draw, mapping, source, svg

A4 = (595.28, 841.89)
SIDE = 36.0
COUNT = 20
DPI = 300


def page(kind: str, pictures: list[source.Picture]) -> None:
    out = io.BytesIO()
    if kind == "png":
        scale = DPI / 72
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, int(A4[0] * scale), int(A4[1] * scale))
        ctx = cairo.Context(surface)
        ctx.scale(scale, scale)
    else:
        surface = (cairo.PDFSurface if kind == "pdf" else cairo.SVGSurface)(out, *A4)
        ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    for n, picture in enumerate(pictures):
        draw.draw(ctx, picture, 40 + (n % 4) * 120, 40 + (n // 4) * 120, SIDE, SIDE)
    if kind == "png":
        surface.write_to_png(out)
    else:
        surface.finish()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    everything = [source.openmoji(c) for c in sorted(mapping.all_codepoints())]
    reads = []
    for picture in everything:
        start = time.perf_counter()
        svg.read(picture.data, picture.name)
        reads.append((time.perf_counter() - start) * 1000)
    print(f"Reading one SVG, {len(everything)} pictures: median {statistics.median(reads):.2f} ms, "
          f"slowest {max(reads):.2f} ms")
    twenty = everything[::len(everything) // COUNT][:COUNT]
    for picture in twenty:
        draw.check(picture)
    print(f"An A4 page with {COUNT} pictures of {SIDE:g} pt (median of {args.repeat}):")
    for kind in ("pdf", "svg", "png"):
        empty = median_ms(lambda: page(kind, []), args.repeat)
        full = median_ms(lambda: page(kind, twenty), args.repeat)
        print(f"  {kind.upper():<4} {full:7.1f} ms, {full - empty:6.1f} ms more than with none "
              f"({(full - empty) / COUNT:.2f} ms a picture)")


if __name__ == "__main__":
    main()
