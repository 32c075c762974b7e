"""A picture drawn into a pycairo context, fitted into a box and centred in it: an
SVG as vector paths (so a PDF or SVG page keeps it sharp at any size), a PNG as an
image at its own resolution (cairo embeds it whole in a PDF and resamples it only
for a PNG page)."""
from __future__ import annotations

import base64
import functools
import io

import cairo

from wordsearch.errors import InputError
from wordsearch.pictures.source import Picture
from wordsearch.pictures.svg import Drawing, Shape, read


@functools.lru_cache(maxsize=512)
def drawing(picture: Picture) -> Drawing:
    """The picture's SVG read once per process: a class set draws the same few
    pictures on every copy."""
    return read(picture.data, picture.name)


@functools.lru_cache(maxsize=64)
def image(picture: Picture) -> cairo.ImageSurface:
    try:
        return cairo.ImageSurface.create_from_png(io.BytesIO(picture.data))
    except (cairo.Error, MemoryError):  # cairo says "out of memory" of any broken file
        raise InputError(f'the picture "{picture.name}" is not a readable PNG file.') from None


def check(picture: Picture) -> None:
    """Refuses a picture that cannot be drawn (an SVG beyond what svg.py reads, a
    broken PNG) before any page is made, naming it."""
    if picture.kind == "svg":
        drawing(picture)
    else:
        image(picture)


def size(picture: Picture) -> tuple[float, float]:
    """The picture's own width and height (its view box, or its pixels)."""
    if picture.kind == "svg":
        box = drawing(picture).box
        return box[2], box[3]
    surface = image(picture)
    return float(surface.get_width()), float(surface.get_height())


def draw(ctx: cairo.Context, picture: Picture, x: float, y: float, width: float,
         height: float) -> None:
    """The picture as large as fits the box (x, y, width, height), centred in it."""
    own_w, own_h = size(picture)
    scale = min(width / own_w, height / own_h)
    ctx.save()
    ctx.translate(x + (width - own_w * scale) / 2, y + (height - own_h * scale) / 2)
    ctx.scale(scale, scale)
    if picture.kind == "svg":
        box = drawing(picture).box
        ctx.translate(-box[0], -box[1])
        for shape in drawing(picture).shapes:
            draw_shape(ctx, shape)
    else:
        ctx.set_source_surface(image(picture), 0, 0)
        ctx.get_source().set_filter(cairo.FILTER_BEST)
        ctx.paint()
    ctx.restore()


def draw_shape(ctx: cairo.Context, shape: Shape) -> None:
    ctx.save()
    ctx.transform(cairo.Matrix(*shape.matrix))
    if shape.opacity < 1:
        ctx.push_group()
    ctx.new_path()
    for op in shape.ops:
        if op[0] == "M":
            ctx.move_to(*op[1:])
        elif op[0] == "L":
            ctx.line_to(*op[1:])
        elif op[0] == "C":
            ctx.curve_to(*op[1:])
        else:
            ctx.close_path()
    paints = (_stroke, _fill) if shape.stroke_first else (_fill, _stroke)
    for paint in paints:
        paint(ctx, shape)
    ctx.new_path()
    if shape.opacity < 1:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(shape.opacity)
    ctx.restore()


def _fill(ctx: cairo.Context, shape: Shape) -> None:
    if shape.fill is not None:
        ctx.set_source_rgba(*shape.fill)
        ctx.set_fill_rule(shape.rule)
        ctx.fill_preserve()


def _stroke(ctx: cairo.Context, shape: Shape) -> None:
    if shape.stroke is not None and shape.width > 0:
        ctx.set_source_rgba(*shape.stroke)
        ctx.set_line_width(shape.width)
        ctx.set_line_cap(shape.cap)
        ctx.set_line_join(shape.join)
        ctx.set_miter_limit(shape.miter)
        ctx.set_dash(shape.dash)
        ctx.stroke_preserve()


@functools.lru_cache(maxsize=512)
def data_uri(picture: Picture) -> str:
    """The picture as a data: URI for a web page's <img>: an SVG drawn again by this
    drawer (so the page gets only what it draws: no script or link a file may hold),
    a PNG as it is."""
    if picture.kind == "png":
        image(picture)  # refused here if broken
        return "data:image/png;base64," + base64.b64encode(picture.data).decode()
    width, height = size(picture)
    out = io.BytesIO()
    surface = cairo.SVGSurface(out, width, height)
    draw(cairo.Context(surface), picture, 0, 0, width, height)
    surface.finish()
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode()
