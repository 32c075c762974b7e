"""The part of SVG that OpenMoji's pictures use, read into flat shapes that draw.py
hands to pycairo: pycairo cannot read SVG, and this subset is small (paths and the
basic shapes, solid fills and strokes, groups, transforms). Drawing it ourselves keeps
a picture vector in the PDF and SVG on the same pycairo surface as the page, with no
second cairo binding. Anything outside the subset is refused, naming it, rather than
drawn wrongly (tests/test_pictures_svg.py reads every OpenMoji SVG this way).
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import cairo

from wordsearch.errors import InputError

SVG_NS = "{http://www.w3.org/2000/svg}"
# Elements that carry nothing to draw (titles, metadata): skipped with their children.
SILENT = {"title", "desc", "metadata", "defs"}
SHAPES = {"path", "circle", "ellipse", "rect", "line", "polyline", "polygon"}
# Presentation attributes this reader honours; fill and stroke ones are inherited.
PAINT = {"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
         "stroke-miterlimit", "stroke-dasharray", "fill-rule", "fill-opacity",
         "stroke-opacity", "paint-order"}
# Attributes that change nothing drawn: names, editors' notes, and the colour and
# clip rule, which matter only to currentColor and clip paths (which are refused).
IGNORED = {"id", "class", "version", "docname", "color", "stop-color", "clip-rule",
           "xml:space", "enable-background", "data-name"}
GEOMETRY = {"path": {"d"}, "circle": {"cx", "cy", "r"}, "ellipse": {"cx", "cy", "rx", "ry"},
            "rect": {"x", "y", "width", "height", "rx", "ry"},
            "line": {"x1", "y1", "x2", "y2"}, "polyline": {"points"}, "polygon": {"points"},
            "g": set(), "svg": {"viewBox", "width", "height", "x", "y", "preserveAspectRatio"}}
# Per element, besides geometry: the leaf shapes take opacity (drawn as a group).
OWN = {"transform", "display", "style"}
LEAF_ONLY = {"opacity"}
# SVG's defaults for what a shape does not say.
DEFAULTS = {"fill": "#000", "stroke": "none", "stroke-width": "1", "stroke-linecap": "butt",
            "stroke-linejoin": "miter", "stroke-miterlimit": "4", "stroke-dasharray": "none",
            "fill-rule": "nonzero", "fill-opacity": "1", "stroke-opacity": "1",
            "paint-order": "normal"}
CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND,
         "bevel": cairo.LINE_JOIN_BEVEL}
RULES = {"nonzero": cairo.FILL_RULE_WINDING, "evenodd": cairo.FILL_RULE_EVEN_ODD}
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
COMMAND = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]")
# How many numbers each path command takes per repetition.
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")
# A circle's quarter drawn as one cubic: the control points' distance along the
# tangents, as a share of the radius (the usual 4/3·tan(π/8)).
KAPPA = 4 / 3 * math.tan(math.pi / 8)

Op = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
RGBA = tuple[float, float, float, float]


@dataclass(frozen=True)
class Shape:
    """One shape in the picture's own coordinates: its outline as absolute path ops,
    its matrix (every enclosing transform), and how it is filled and stroked."""
    ops: tuple[Op, ...]
    matrix: tuple[float, float, float, float, float, float]
    fill: RGBA | None
    stroke: RGBA | None
    width: float
    cap: int
    join: int
    miter: float
    dash: tuple[float, ...]
    rule: int
    stroke_first: bool
    opacity: float


@dataclass(frozen=True)
class Drawing:
    """A whole SVG: its view box (x, y, width, height) and its shapes in order."""
    box: tuple[float, float, float, float]
    shapes: tuple[Shape, ...]


class Refused(InputError):
    """An SVG that uses more than this reader draws."""


def read(data: bytes, name: str) -> Drawing:
    """The drawing in an SVG file's bytes; `name` names the picture in errors."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise Refused(f'the picture "{name}" is not a readable SVG file ({error}).') from None
    if root.tag != SVG_NS + "svg":
        raise Refused(f'the picture "{name}" is not an SVG file (its first element is '
                      f"<{local(root.tag)}>).")
    box = view_box(root, name)
    shapes: list[Shape] = []
    walk(root, dict(DEFAULTS), cairo.Matrix(), shapes, name)
    return Drawing(box, tuple(shapes))


def local(tag: str) -> str:
    return tag.rpartition("}")[2]


def view_box(root: ET.Element, name: str) -> tuple[float, float, float, float]:
    if root.get("preserveAspectRatio", "xMidYMid meet") != "xMidYMid meet":
        raise Refused(f'the picture "{name}" asks for preserveAspectRatio '
                      f'"{root.get("preserveAspectRatio")}"; only the default is drawn.')
    if "viewBox" in root.attrib:
        box = numbers(root.get("viewBox"), name, "viewBox")
    else:
        box = [0.0, 0.0, length(root.get("width"), name, "width"),
               length(root.get("height"), name, "height")]
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        raise Refused(f'the picture "{name}" has no usable size (its viewBox, or width '
                      f"and height, must give a width and height above 0).")
    return box[0], box[1], box[2], box[3]


def length(text: str | None, name: str, what: str) -> float:
    if text is None:
        raise Refused(f'the picture "{name}" has no viewBox and no {what}.')
    match = re.fullmatch(r"\s*(" + NUMBER.pattern + r")\s*(px)?\s*", text)
    if not match:
        raise Refused(f'the picture "{name}" gives its {what} as "{text}"; '
                      f"only plain numbers (or px) are drawn.")
    return float(match.group(1))


def numbers(text: str | None, name: str, what: str) -> list[float]:
    text = text or ""
    if re.sub(r"[\s,]", "", NUMBER.sub("", text)):
        raise Refused(f'the picture "{name}" has a {what} that is not a list of numbers: '
                      f'"{text[:40]}".')
    return [float(n) for n in NUMBER.findall(text)]


def attributes(element: ET.Element, tag: str, name: str) -> dict[str, str]:
    """The element's own attributes (its style attribute's declarations over them),
    refusing one this reader would not draw as the SVG means."""
    own: dict[str, str] = {}
    for key, value in element.attrib.items():
        if key.startswith("{"):
            continue  # another namespace's (an editor's notes, xlink): nothing drawn
        own[key] = value
    for declaration in own.pop("style", "").split(";"):
        if declaration.strip():
            key, _, value = declaration.partition(":")
            own[key.strip()] = value.strip()
    allowed = PAINT | IGNORED | OWN | GEOMETRY[tag] | (LEAF_ONLY if tag in SHAPES else set())
    for key in own:
        if key not in allowed:
            raise Refused(f'the picture "{name}" has an attribute {key}="{own[key][:30]}" on '
                          f"<{tag}> that this program cannot draw.")
    return own


def walk(element: ET.Element, style: dict[str, str], matrix: cairo.Matrix,
         shapes: list[Shape], name: str) -> None:
    """Each drawn element in document order, its style and matrix inherited."""
    for child in element:
        if not isinstance(child.tag, str) or not child.tag.startswith(SVG_NS):
            continue  # comments, and other namespaces' elements (an editor's notes)
        tag = local(child.tag)
        if tag in SILENT:
            continue
        if tag not in SHAPES and tag != "g":
            raise Refused(f'the picture "{name}" has an element <{tag}> that this program '
                          f"cannot draw.")
        own = attributes(child, tag, name)
        if own.get("display") == "none":
            continue
        inner = {**style, **{k: v for k, v in own.items() if k in PAINT}}
        placed = matrix
        if "transform" in own:
            placed = transform(own["transform"], name).multiply(matrix)
        if tag == "g":
            walk(child, inner, placed, shapes, name)
        else:
            shape = make_shape(tag, own, inner, placed, name)
            if shape is not None:
                shapes.append(shape)


def transform(text: str, name: str) -> cairo.Matrix:
    """An SVG transform list as one matrix (the rightmost applies first)."""
    result = cairo.Matrix()
    rest = text
    while rest.strip():
        match = TRANSFORM.match(rest)
        if not match:
            raise Refused(f'the picture "{name}" has a transform "{text[:40]}" this '
                          f"program cannot read.")
        kind, args = match.group(1), numbers(match.group(2), name, "transform")
        result = one_transform(kind, args, name).multiply(result)
        rest = rest[match.end():]
    return result


def one_transform(kind: str, a: list[float], name: str) -> cairo.Matrix:
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
              "skewX": (1,), "skewY": (1,)}
    if len(a) not in counts[kind]:
        raise Refused(f'the picture "{name}" has {kind}() with {len(a)} numbers.')
    if kind == "matrix":
        return cairo.Matrix(*a)
    if kind == "translate":
        return cairo.Matrix(x0=a[0], y0=a[1] if len(a) > 1 else 0.0)
    if kind == "scale":
        return cairo.Matrix(xx=a[0], yy=a[1] if len(a) > 1 else a[0])
    if kind == "skewX":
        return cairo.Matrix(xy=math.tan(math.radians(a[0])))
    if kind == "skewY":
        return cairo.Matrix(yx=math.tan(math.radians(a[0])))
    turn = cairo.Matrix.init_rotate(math.radians(a[0]))
    if len(a) == 3:  # about (cx, cy): move there, turn, move back
        return (cairo.Matrix(x0=-a[1], y0=-a[2]).multiply(turn)
                .multiply(cairo.Matrix(x0=a[1], y0=a[2])))
    return turn


def colour(value: str, opacity: float, name: str) -> RGBA | None:
    value = value.strip()
    if value == "none":
        return None
    hexes = value[1:]
    if value.startswith("#") and len(hexes) in (3, 6) and re.fullmatch(r"[0-9a-fA-F]+", hexes):
        if len(hexes) == 3:
            hexes = "".join(c * 2 for c in hexes)
        r, g, b = (int(hexes[i:i + 2], 16) / 255 for i in (0, 2, 4))
        return r, g, b, opacity
    named = {"black": (0, 0, 0), "white": (1, 1, 1)}
    if value in named:
        return (*named[value], opacity)
    raise Refused(f'the picture "{name}" has the colour "{value[:30]}"; only #rgb, '
                  f"#rrggbb, black, white and none are drawn.")


def one_number(style: dict[str, str], key: str, name: str) -> float:
    found = numbers(style[key], name, key)
    if len(found) != 1:
        raise Refused(f'the picture "{name}" has {key}="{style[key]}", not one number.')
    return found[0]


def choice(style: dict[str, str], key: str, table: dict, name: str):
    if style[key] not in table:
        raise Refused(f'the picture "{name}" has {key}="{style[key]}"; this program draws '
                      f"{', '.join(table)}.")
    return table[style[key]]


def make_shape(tag: str, own: dict[str, str], style: dict[str, str], matrix: cairo.Matrix,
               name: str) -> Shape | None:
    ops = outline(tag, own, name)
    if not ops:
        return None
    dash = () if style["stroke-dasharray"] == "none" else tuple(
        numbers(style["stroke-dasharray"], name, "stroke-dasharray"))
    if len(dash) % 2:
        dash = dash * 2  # SVG repeats an odd list to make it even
    order = style["paint-order"].split()
    return Shape(
        ops=tuple(ops), matrix=tuple(matrix),
        fill=colour(style["fill"], one_number(style, "fill-opacity", name), name),
        stroke=colour(style["stroke"], one_number(style, "stroke-opacity", name), name),
        width=one_number(style, "stroke-width", name),
        cap=choice(style, "stroke-linecap", CAPS, name),
        join=choice(style, "stroke-linejoin", JOINS, name),
        miter=one_number(style, "stroke-miterlimit", name),
        dash=dash if any(dash) else (),
        rule=choice(style, "fill-rule", RULES, name),
        stroke_first=bool(order) and order[0] == "stroke",
        opacity=float(own.get("opacity", "1")))


def outline(tag: str, a: dict[str, str], name: str) -> list[Op]:
    """A shape's outline as absolute M, L, C and Z ops."""
    def num(key: str, default: float = 0.0) -> float:
        return length(a[key], name, key) if key in a else default

    if tag == "path":
        return path_ops(a.get("d", ""), name)
    if tag in ("circle", "ellipse"):
        rx = num("r") if tag == "circle" else num("rx")
        ry = num("r") if tag == "circle" else num("ry")
        return ellipse(num("cx"), num("cy"), rx, ry) if rx > 0 and ry > 0 else []
    if tag == "rect":
        return rect(num("x"), num("y"), num("width"), num("height"), a, name)
    if tag == "line":
        return [("M", num("x1"), num("y1")), ("L", num("x2"), num("y2"))]
    points = numbers(a.get("points"), name, "points")
    pairs = [("L", points[i], points[i + 1]) for i in range(0, len(points) - 1, 2)]
    if not pairs:
        return []
    ops: list[Op] = [("M", *pairs[0][1:]), *pairs[1:]]
    return ops + [("Z",)] if tag == "polygon" else ops


def ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Op]:
    """Four quarter arcs from the rightmost point, clockwise on screen."""
    kx, ky = KAPPA * rx, KAPPA * ry
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def rect(x: float, y: float, w: float, h: float, a: dict[str, str], name: str) -> list[Op]:
    if w <= 0 or h <= 0:
        return []
    rx = length(a["rx"], name, "rx") if "rx" in a else None
    ry = length(a["ry"], name, "ry") if "ry" in a else None
    rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    if rx <= 0 or ry <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    kx, ky = KAPPA * rx, KAPPA * ry
    r, b = x + w, y + h
    return [("M", x + rx, y), ("L", r - rx, y), ("C", r - rx + kx, y, r, y + ry - ky, r, y + ry),
            ("L", r, b - ry), ("C", r, b - ry + ky, r - rx + kx, b, r - rx, b),
            ("L", x + rx, b), ("C", x + rx - kx, b, x, b - ry + ky, x, b - ry),
            ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",)]


def tokens(d: str, name: str) -> list[str | float]:
    """A path's commands and numbers; an arc's two flags may be written without
    separators ("a1 1 0 00.5.5"), so they are read one character each."""
    out: list[str | float] = []
    i, command, count = 0, "", 0
    while i < len(d):
        c = d[i]
        if c in " ,\t\n\r":
            i += 1
        elif COMMAND.match(c):
            out.append(c)
            command, count = c.upper(), 0
            i += 1
        elif command == "A" and count % 7 in (3, 4) and c in "01":
            out.append(float(c))
            count += 1
            i += 1
        else:
            match = NUMBER.match(d, i)
            if not match:
                raise Refused(f'the picture "{name}" has a path with "{d[i:i + 12]}", '
                              f"which this program cannot read.")
            out.append(float(match.group()))
            count += 1
            i = match.end()
    return out


def path_ops(d: str, name: str) -> list[Op]:
    """A path's data as absolute M, L, C and Z ops: relative commands made absolute,
    H and V as lines, quadratics raised to cubics, arcs split into cubics."""
    pen = Pen()
    seq = tokens(d, name)
    i, command = 0, ""
    while i < len(seq):
        if isinstance(seq[i], str):
            command = seq[i]
            i += 1
            if command in "Zz":
                pen.close()
                continue
        elif not command or command in "Zz":
            raise Refused(f'the picture "{name}" has a path that starts with a number.')
        n = ARITY[command.upper()]
        args = seq[i:i + n]
        if len(args) < n or any(isinstance(v, str) for v in args):
            raise Refused(f'the picture "{name}" has a path whose {command} command lacks numbers.')
        i += n
        pen.segment(command, args)
        if command in "Mm":
            command = "l" if command == "m" else "L"  # later pairs are lines
    return pen.ops


class Pen:
    """Where a path's pen is, and what its last curve's control point was (S and T
    reflect it), while its commands are made into absolute ops."""

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.x = self.y = self.start_x = self.start_y = 0.0
        self.control: tuple[float, float] | None = None
        self.kind = ""

    def close(self) -> None:
        self.ops.append(("Z",))
        self.x, self.y = self.start_x, self.start_y
        self.control, self.kind = None, "Z"

    def reflected(self, kinds: str) -> tuple[float, float]:
        """The last control point mirrored through the pen, after a curve of `kinds`;
        else the pen itself."""
        if self.kind in kinds and self.control:
            return 2 * self.x - self.control[0], 2 * self.y - self.control[1]
        return self.x, self.y

    def segment(self, command: str, args: list) -> None:
        kind = command.upper()
        ox, oy = (self.x, self.y) if command.islower() else (0.0, 0.0)
        pts = [v + (oy if n % 2 else ox) for n, v in enumerate(args)]  # x, y pairs moved
        control = None
        if kind == "M":
            self.start_x, self.start_y = self.x, self.y = pts[0], pts[1]
            self.ops.append(("M", self.x, self.y))
        elif kind == "H":
            self.x = args[0] + ox
            self.ops.append(("L", self.x, self.y))
        elif kind == "V":
            self.y = args[0] + oy
            self.ops.append(("L", self.x, self.y))
        elif kind == "L":
            self.x, self.y = pts
            self.ops.append(("L", self.x, self.y))
        elif kind in "CS":
            first = tuple(pts[:2]) if kind == "C" else self.reflected("CS")
            x2, y2, self.x, self.y = pts[-4:]
            self.ops.append(("C", *first, x2, y2, self.x, self.y))
            control = (x2, y2)
        elif kind in "QT":
            qx, qy = tuple(pts[:2]) if kind == "Q" else self.reflected("QT")
            ex, ey = pts[-2:]
            self.ops.append(("C", self.x + 2 / 3 * (qx - self.x), self.y + 2 / 3 * (qy - self.y),
                             ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            self.x, self.y = ex, ey
            control = (qx, qy)
        else:  # A: radii, angle and flags stay as written, the end point moves
            ex, ey = args[5] + ox, args[6] + oy
            self.ops.extend(arc(self.x, self.y, args[0], args[1], args[2], bool(args[3]),
                                bool(args[4]), ex, ey))
            self.x, self.y = ex, ey
        self.control, self.kind = control, kind


def arc(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
        x2: float, y2: float) -> list[Op]:
    """An elliptical arc as cubics of at most a quarter turn each, from the endpoint
    form to the centre form as the SVG specification's appendix F.6.5 gives it."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = px * px / (rx * rx) + py * py / (ry * ry)
    if scale > 1:  # radii too small for the endpoints: enlarged, as SVG says
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    den = rx * rx * py * py + ry * ry * px * px
    root = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = root * rx * py / ry, -root * ry * px / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((py - cyp) / ry, (px - cxp) / rx)
    end = math.atan2((-py - cyp) / ry, (-px - cxp) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)

    def point(t: float, along: float = 0.0) -> tuple[float, float]:
        """The point at angle t, moved `along` its tangent (in radii)."""
        ex = math.cos(t) - along * math.sin(t)
        ey = math.sin(t) + along * math.cos(t)
        return (cx + rx * ex * cos - ry * ey * sin, cy + rx * ex * sin + ry * ey * cos)

    ops: list[Op] = []
    for n in range(pieces):
        t0, t1 = start + n * step, start + (n + 1) * step
        c1, c2, end_point = point(t0, k), point(t1, -k), point(t1)
        ops.append(("C", *c1, *c2, *end_point))
    ops[-1] = ("C", *ops[-1][1:5], x2, y2)  # end exactly where the path says
    return ops
