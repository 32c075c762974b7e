"""Reading a finished PDF as a printer would: where its ink lies, and whether a book's
interior keeps a print-on-demand service's published rules.

The rules are Amazon KDP's for a paperback's interior (Paperback Submission
Guidelines and Paperback Interior Design, kdp.amazon.com/help), the ones most
services share: a trim of 4 to 8.5 in across and 6 to 11.69 in high; 24 to 828
pages; with bleed, pages 0.125 in wider and 0.25 in taller than the trim, the bleed
on the outside, top and bottom only (the inside edge is the spine); the inside
margin (gutter) by the page count's table, the outside, top and bottom margins at
least 0.25 in (0.375 in with bleed); lines at least 0.75 pt; every font embedded;
no bookmarks, annotations (links) or metadata.

The ink is found by rasterising each page with poppler's pdftoppm and taking its
outermost non-white pixel, so that whatever drew it (text, lines, a clipped path)
is measured as it prints.
"""
from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wordsearch.errors import InputError

INCH = 72.0
BLEED = 0.125 * INCH
WIDTHS = (4 * INCH, 8.5 * INCH)          # KDP's paperback trims, custom ones included
HEIGHTS = (6 * INCH, 11.69 * INCH)
TRIM_TOLERANCE = 0.01 * INCH
PAGES = (24, 828)
# (most pages, least inside margin) from KDP's margin table; beyond: WIDEST_GUTTER.
GUTTERS = ((150, 0.375 * INCH), (300, 0.5 * INCH), (500, 0.625 * INCH), (700, 0.75 * INCH))
WIDEST_GUTTER = 0.875 * INCH
OUTSIDE = {False: 0.25 * INCH, True: 0.375 * INCH}  # keyed by "has bleed"
MIN_LINE = 0.75
# The thinnest line the check accepts: a PDF stores widths in decimals, rounded.
LINE_TOLERANCE = 0.005
RASTER_DPI = 72   # a pixel a point: margins are measured to the point
WHITE = 250       # grey levels at or above this (of 255) count as paper
TOLERANCE = 1.0   # points: a pixel touched by the edge of a stroke counts as ink
STROKES = {"S", "s", "B", "B*", "b", "b*"}


def gutter(page_count: int) -> float:
    """The least inside margin KDP asks of a book of `page_count` pages."""
    return next((inside for most, inside in GUTTERS if page_count <= most), WIDEST_GUTTER)


@dataclass(frozen=True)
class Ink:
    """How far a page's outermost ink lies from each edge of its MediaBox, in points
    (None for a blank page)."""
    left: float
    top: float
    right: float
    bottom: float


def ink(data: bytes, dpi: int = RASTER_DPI) -> list[Ink | None]:
    """Each page's ink margins, measured on the page rasterised at `dpi`."""
    import numpy as np

    if not shutil.which("pdftoppm"):
        raise InputError("reading a PDF's ink needs poppler's pdftoppm; install "
                         "poppler-utils.")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(data)
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(source),
                        str(Path(folder) / "p")], check=True, capture_output=True)
        out: list[Ink | None] = []
        for image in sorted(Path(folder).glob("p-*.pgm"),
                            key=lambda p: int(p.stem.split("-")[-1])):
            pixels = _pgm(image.read_bytes(), np)
            dark = np.argwhere(pixels < WHITE)
            if not len(dark):
                out.append(None)
                continue
            (top, left), (bottom, right) = dark.min(axis=0), dark.max(axis=0)
            height, width = pixels.shape
            scale = INCH / dpi
            out.append(Ink(left * scale, top * scale, (width - 1 - right) * scale,
                           (height - 1 - bottom) * scale))
        return out


def _pgm(raw: bytes, np):
    """A binary PGM (P5, 8 bits) as a 2-D array."""
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:
        while raw[at:at + 1].isspace():
            at += 1
        end = at
        while not raw[end:end + 1].isspace():
            end += 1
        fields.append(raw[at:end])
        at = end
    width, height = int(fields[1]), int(fields[2])
    return np.frombuffer(raw, np.uint8, width * height, at + 1).reshape(height, width)


def check_book(data: bytes) -> list[str]:
    """Each way the book's interior breaks the print-on-demand rules, as a sentence
    naming the page; [] when it keeps them all."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    count = len(reader.pages)
    problems: list[str] = []
    if not PAGES[0] <= count <= PAGES[1]:
        problems.append(f"the book has {count} pages; a paperback has {PAGES[0]} to "
                        f"{PAGES[1]}.")
    problems += _document_extras(reader)
    first = _boxes(reader.pages[0])
    bleed = first.bleed
    margins = ink(data)
    for number, page in enumerate(reader.pages, start=1):
        boxes = _boxes(page)
        problems += [f"page {number}: {p}" for p in boxes.problems(number, first)]
        problems += [f"page {number}: {p}" for p in _lines_and_fonts(page)]
        if page.get("/Annots"):
            problems.append(f"page {number}: has annotations (links); a print interior has "
                            f"none.")
        problems += [f"page {number}: {p}"
                     for p in _margins(margins[number - 1], boxes, number, count, bleed)]
    return problems


def _document_extras(reader) -> list[str]:
    root = reader.trailer["/Root"]
    out = []
    outlines = root.get("/Outlines")
    if outlines is not None and outlines.get_object().get("/First") is not None:
        out.append("the PDF has bookmarks; a print interior has none (make it plain).")
    info = reader.trailer.get("/Info")
    if (info is not None and len(info.get_object())) or "/Metadata" in root:
        out.append("the PDF has metadata (title, author, producer); a print interior has "
                   "none (make it plain).")
    return out


@dataclass(frozen=True)
class _Boxes:
    media: tuple[float, float, float, float]
    trim: tuple[float, float, float, float]

    @property
    def bleed(self) -> bool:
        return self.media != self.trim

    @property
    def trim_size(self) -> tuple[float, float]:
        return self.trim[2] - self.trim[0], self.trim[3] - self.trim[1]

    def problems(self, number: int, first: _Boxes) -> list[str]:
        width, height = self.trim_size
        out = []
        if self.trim_size != first.trim_size or self.media != first.media:
            out.append("its size differs from the first page's.")
        # Within a hundredth of an inch: A4's 11.693 in is KDP's 8.27 x 11.69.
        if not (WIDTHS[0] - TRIM_TOLERANCE <= width <= WIDTHS[1] + TRIM_TOLERANCE
                and HEIGHTS[0] - TRIM_TOLERANCE <= height <= HEIGHTS[1] + TRIM_TOLERANCE):
            out.append(f"the trim {width / INCH:.3g}×{height / INCH:.3g} in is outside "
                       f"the paperback trims ({WIDTHS[0] / INCH:g} to {WIDTHS[1] / INCH:g} in "
                       f"wide, {HEIGHTS[0] / INCH:g} to {HEIGHTS[1] / INCH:g} in high).")
        if not self.bleed:
            return out
        media_w, media_h = self.media[2] - self.media[0], self.media[3] - self.media[1]
        if not (_near(media_w, width + BLEED) and _near(media_h, height + 2 * BLEED)):
            out.append(f"with bleed a page is {(width + BLEED) / INCH:g}×"
                       f"{(height + 2 * BLEED) / INCH:g} in (0.125 in on the outside, top "
                       f"and bottom), not {media_w / INCH:g}×{media_h / INCH:g} in.")
        # A right-hand (odd) page's spine is on its left: the trim meets the media there.
        spine = self.trim[0] - self.media[0] if number % 2 else self.media[2] - self.trim[2]
        if not _near(spine, 0) or not _near(self.trim[1] - self.media[1], BLEED):
            out.append("its bleed is not on the outside, top and bottom only (the "
                       "inside edge is the spine).")
        return out


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 0.01


def _box(page, name: str) -> tuple[float, float, float, float]:
    box = page.get(name)
    box = page.mediabox if box is None else box
    return tuple(float(v) for v in box)


def _boxes(page) -> _Boxes:
    return _Boxes(_box(page, "/MediaBox"), _box(page, "/TrimBox"))


def _margins(found: Ink | None, boxes: _Boxes, number: int, count: int,
             bleed: bool) -> list[str]:
    """The ink measured from the trim's edges against the margins the rules ask."""
    if found is None:
        return []
    media, trim = boxes.media, boxes.trim
    # Distances from the trim's edges (the raster is of the MediaBox, y down).
    left = found.left - (trim[0] - media[0])
    right = found.right - (media[2] - trim[2])
    top = found.top - (media[3] - trim[3])
    bottom = found.bottom - (trim[1] - media[1])
    inside, outside = (left, right) if number % 2 else (right, left)
    least = OUTSIDE[bleed]
    out = []
    for name, at, rule in (("inside (gutter)", inside, gutter(count)),
                           ("outside", outside, least), ("top", top, least),
                           ("bottom", bottom, least)):
        if at + TOLERANCE < rule:
            out.append(f"ink {at / INCH:.3f} in from the {name} edge; the {name} margin is "
                       f"at least {rule / INCH:.3f} in.")
    return out


def _lines_and_fonts(page) -> list[str]:
    """Lines thinner than MIN_LINE, and fonts not embedded, on the page and in the
    forms it draws."""
    thinnest: list[float] = []
    fonts: set[str] = set()
    contents = page.get_contents()
    _walk(contents.get_data() if contents is not None else b"", page.get("/Resources"),
          (1, 0, 0, 1, 0, 0), thinnest, fonts)
    out = []
    if thinnest and min(thinnest) < MIN_LINE - LINE_TOLERANCE:
        out.append(f"a line {min(thinnest):.2f} pt wide; lines are at least {MIN_LINE} pt.")
    out += [f"the font {name} is not embedded." for name in sorted(fonts)]
    return out


# The tokens of a content stream the check reads: strings, arrays and dictionaries
# are skipped whole, numbers and names are kept as operands, anything else is an
# operator. (pypdf's own parser reads every operand as an object: 0.4 s a page.)
_TOKENS = re.compile(rb"""
    (?P<skip>%[^\r\n]*|\((?:\\.|[^\\)])*\)|<<|>>|<[0-9A-Fa-f\s]*>|\[|\])
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<operator>[A-Za-z'"*]+)
""", re.VERBOSE)


def _operations(data: bytes):
    """(operands, operator) of a content stream, its numbers as floats and its names
    as text; operands that are strings or arrays are left out."""
    operands: list = []
    for match in _TOKENS.finditer(data):
        kind = match.lastgroup
        if kind == "number":
            operands.append(float(match.group()))
        elif kind == "name":
            operands.append(match.group().decode("latin-1"))
        elif kind == "operator":
            yield operands, match.group().decode("latin-1")
            operands = []


def _walk(data: bytes, resources, ctm, thinnest: list[float], fonts: set[str]) -> None:
    resources = resources.get_object() if resources is not None else {}
    fonts.update(_unembedded(resources))
    stack = []
    width = 1.0
    for operands, op in _operations(data):
        if op == "q":
            stack.append((ctm, width))
        elif op == "Q" and stack:
            ctm, width = stack.pop()
        elif op == "cm" and len(operands) == 6:
            ctm = _times(tuple(operands), ctm)
        elif op == "w" and operands:
            width = operands[0]
        elif op in STROKES:
            thinnest.append(width * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])))
        elif op == "Do" and operands:
            form = resources.get("/XObject", {}).get(operands[0])
            form = form.get_object() if form is not None else None
            if form is not None and form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(form.get_data(), form.get("/Resources"), _times(matrix, ctm),
                      thinnest, fonts)


def _times(a, b):
    """The PDF matrix product a × b (a applied first)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _unembedded(resources) -> set[str]:
    out = set()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if font.get("/Subtype") == "/Type3":
            continue  # drawn by the PDF's own glyph procedures
        described = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        descriptor = described.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            out.add(str(font.get("/BaseFont", "?")).lstrip("/"))
    return out
