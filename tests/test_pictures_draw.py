"""Drawing pictures: our SVG reader's drawing against cairosvg's (the same libcairo,
another reader) pixel by pixel, PNGs at their own resolution, vectors in SVG and PDF,
and the fit into a box."""
import io

import cairo
import cairosvg  # the test extras' reference reader of SVG
import numpy as np
import pypdf
import pytest

from wordsearch.pictures import draw, source
from wordsearch.pictures.mapping import all_codepoints

SIDE = 144  # pixels: two per unit of OpenMoji's 72-unit view box
# Per picture: the mean difference per channel (of 255) and the share of pixels that
# differ by more than a quarter of full scale. Both readers drive the same libcairo, so
# only curve flattening differs; a misread attribute costs far more (a wrong colour in
# one small part moves the mean by several units).
MEAN_LIMIT, FAR, FAR_SHARE = 1.0, 64, 0.005


def pixels(surface: cairo.ImageSurface) -> np.ndarray:
    surface.flush()
    side = surface.get_width()
    rows = np.ndarray((side, surface.get_stride()), np.uint8, surface.get_data())
    return rows[:, :side * 4].reshape(side, side, 4)[:, :, 2::-1].astype(int)  # BGRA in memory: RGB


def ours(picture: source.Picture) -> np.ndarray:
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIDE, SIDE)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    draw.draw(ctx, picture, 0, 0, SIDE, SIDE)
    return pixels(surface)


def theirs(picture: source.Picture) -> np.ndarray:
    png = cairosvg.svg2png(bytestring=picture.data, output_width=SIDE, output_height=SIDE,
                           background_color="white")
    return pixels(cairo.ImageSurface.create_from_png(io.BytesIO(png)))


def assert_alike(picture: source.Picture) -> None:
    diff = np.abs(ours(picture) - theirs(picture))
    far = (diff.max(axis=2) > FAR).mean()
    assert diff.mean() < MEAN_LIMIT and far < FAR_SHARE, (picture.name, diff.mean(), far)


HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72">'
# Each feature of the reader on its own, large enough that a mistake shows.
FEATURES = {
    "arcs": '<path d="M10 36a26 20 30 1 1 52 0A26 20 -30 0 0 10 36z" fill="#3f7fbf" '
            'stroke="#000" stroke-width="2"/>',
    "smooth": '<path d="M6 60C6 10 36 10 36 36S66 62 66 12M6 30Q20 0 36 30T66 30" fill="none" '
              'stroke="#d22" stroke-width="3"/>',
    "rounded": '<rect x="8" y="12" width="56" height="40" rx="12" fill="#fcea2b" stroke="#000" '
               'stroke-width="2" transform="rotate(15 36 36)"/>',
    "shapes": '<circle cx="20" cy="20" r="12" fill="#92d3f5"/><ellipse cx="50" cy="50" rx="16" '
              'ry="8" fill="#b1cc33" transform="skewX(20)"/><polygon points="40,5 60,30 40,30" '
              'fill="#ea5a47"/><polyline points="5,60 20,45 35,60" fill="none" stroke="#000" '
              'stroke-width="4" stroke-linejoin="bevel"/><line x1="5" y1="68" x2="67" y2="68" '
              'stroke="#000" stroke-width="3" stroke-linecap="square"/>',
    "opacity": '<g transform="matrix(1 0 0 1 2 2)"><circle cx="30" cy="36" r="20" fill="#f00" '
               'opacity="0.5"/><circle cx="44" cy="36" r="20" fill="#0f0" fill-opacity="0.4" '
               'stroke="#000" stroke-opacity="0.6"/></g>',
    "evenodd": '<path fill-rule="evenodd" d="M6 6h60v60h-60zM20 20h32v32h-32z" fill="#000"/>',
    "dashes": '<path d="M6 36H66" stroke="#000" stroke-width="4" stroke-dasharray="6 3 2"/>',
    "style": '<path d="M6 6L66 66" style="stroke:#a00;stroke-width:5;fill:none"/>',
}


@pytest.mark.parametrize("feature", FEATURES)
def test_each_feature_draws_as_cairosvg_draws_it(feature):
    assert_alike(source.Picture("svg", f"{HEAD}{FEATURES[feature]}</svg>".encode(), feature))


def centre_pixel_of_ring(body: str) -> tuple[int, int, int]:
    """Our drawing of a circle of radius 20 with a 12-wide stroke, at a point 3 inside
    the circle's outline: under the stroke's inner half, over the fill."""
    picture = source.Picture("svg", f'{HEAD}<circle cx="36" cy="36" r="20" fill="#f00" '
                                    f'stroke="#00f" stroke-width="12" {body}/></svg>'.encode(), "ring")
    return tuple(ours(picture)[36 * 2, (36 + 17) * 2])


def test_paint_order_stroke_first_puts_the_fill_over_the_strokes_inner_half():
    # cairosvg ignores paint-order (its drawing is the plain order's), so this one is
    # checked by its meaning: SVG 2 paints the stroke, then the fill over it
    assert centre_pixel_of_ring("") == (0, 0, 255)
    assert centre_pixel_of_ring('paint-order="stroke fill markers"') == (255, 0, 0)


def test_opacity_applies_to_the_shape_as_a_whole():
    # SVG's opacity fades fill and stroke drawn together (the stroke hides the fill
    # under it); cairosvg fades each apart, so it is checked by its meaning here
    assert centre_pixel_of_ring('opacity="0.5"') == pytest.approx((127.5, 127.5, 255), abs=1)


@pytest.mark.parametrize("codepoints", ["1F418", "1F33B", "1F680", "1F3BB", "2603"])
def test_some_openmoji_pictures_draw_as_cairosvg_draws_them(codepoints):
    assert_alike(source.openmoji(codepoints))


@pytest.mark.slow
def test_every_mapped_picture_draws_as_cairosvg_draws_it():
    for codepoints in sorted(all_codepoints()):
        assert_alike(source.openmoji(codepoints))


def test_a_picture_fits_its_box_and_is_centred():
    wide = source.Picture("svg", b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2">'
                                 b'<rect width="4" height="2"/></svg>', "wide")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 100, 100)
    draw.draw(cairo.Context(surface), wide, 10, 20, 80, 60)
    alpha = np.ndarray((100, surface.get_stride() // 4), np.uint32, surface.get_data()) >> 24
    rows, cols = np.nonzero(alpha[:, :100] > 127)
    # 80 wide and 40 high, in the middle of the box's 60 height: rows 30 to 69
    assert (cols.min(), cols.max(), rows.min(), rows.max()) == (10, 89, 30, 69)


def test_an_svg_page_keeps_the_picture_as_paths():
    out = io.BytesIO()
    surface = cairo.SVGSurface(out, 100, 100)
    draw.draw(cairo.Context(surface), source.openmoji("1F418"), 0, 0, 100, 100)
    surface.finish()
    text = out.getvalue().decode()
    assert "<path" in text and "<image" not in text


def test_a_png_is_embedded_at_its_own_resolution():
    picture_surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 37, 23)
    ctx = cairo.Context(picture_surface)
    ctx.set_source_rgb(0.2, 0.5, 0.9)
    ctx.paint()
    png = io.BytesIO()
    picture_surface.write_to_png(png)
    picture = source.Picture("png", png.getvalue(), "own.png")
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, 200, 200)
    draw.draw(cairo.Context(surface), picture, 10, 10, 150, 150)
    surface.finish()
    (image,) = pypdf.PdfReader(io.BytesIO(out.getvalue())).pages[0].images
    assert image.image.size == (37, 23)


def test_a_broken_png_is_refused_by_name():
    with pytest.raises(ValueError, match='the picture "x.png" is not a readable PNG'):
        draw.check(source.Picture("png", b"not a png", "x.png"))
