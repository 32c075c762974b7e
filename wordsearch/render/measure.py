"""Measuring text in the page's font, and setting the lines every page has: a line
fitted to its width (a title: broken onto a few), a centred line, the footer with
the puzzle's code.

Widths come from Cairo with hinting off, so that a layout made here matches what
every surface (PDF, SVG, PNG) draws.
"""
from __future__ import annotations

import math
from functools import cache

import cairo

from wordsearch import lang
from wordsearch.errors import InputError, LayoutError, quoted
from wordsearch.puzzle import Puzzle
from wordsearch.render import font
from wordsearch.render.model import Frame, Text
from wordsearch.render.style import (FOOTER_SIZE, LARGE_PRINT, MAX_OUTLINE, MIN_TEXT, SAFE_EDGE,
                                     margin)

# Any size will do to ask whether the font has a glyph: the answer is the same at all.
PROBE_SIZE = 10.0
# A line too long for its width is set smaller, rounded down to a tenth of a point.
STEPS_PER_POINT = 10
# The option that gives each kind of line, for an error about it.
LINE_OPTIONS = {"title": "title", "field": "field", "Name field's value": "students",
                "subject": "subject", "author": "author"}
# Letters of a missing alphabet an error names before it says "…".
SHOWN_MISSING = 12
# A page's content ends this many footer sizes above the bottom margin, so that the
# footer, set one footer size down into the margin, stands apart from the grid or list.
FOOTER_CLEARANCE = 2.5
# A line too long for its width keeps at least this share of its size before it
# breaks onto another line (where it may take more than one: a title).
WRAP_SHARE = 0.75


def set_font_options(ctx: cairo.Context) -> None:
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    ctx.set_font_options(options)


class Measure:
    """Text widths in a bundled font, with hinting off so they match every surface."""

    def __init__(self, family: str = font.FAMILY) -> None:
        self.family = family
        self.ctx = cairo.Context(cairo.ImageSurface(cairo.FORMAT_A8, 1, 1))
        set_font_options(self.ctx)

    @staticmethod
    @cache
    def of(family: str) -> Measure:
        """One Measure a family for the process (layouts measure thousands of texts)."""
        return Measure(family)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        return self.ctx.text_extents(text).x_advance

    def missing(self, text: str, bold: bool = False) -> list[str]:
        """The characters of `text` the font has no glyph for (they would print as boxes)."""
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(PROBE_SIZE)
        glyphs = self.ctx.get_scaled_font().text_to_glyphs(0, 0, text, False)
        return [ch for ch, glyph in zip(text, glyphs) if glyph.index == 0 and not ch.isspace()]

    def ascent_descent(self, size: float, bold: bool = False) -> tuple[float, float]:
        """How far the font's lines reach above and below the baseline (more than
        its letters do): the box a PDF reader gives each word."""
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        ascent, descent, *_ = self.ctx.font_extents()
        return ascent, descent

    def cap_height(self, size: float, bold: bool = False) -> float:
        self.ctx.set_font_face(font.face(bold, self.family))
        self.ctx.set_font_size(size)
        return -self.ctx.text_extents("H").y_bearing


def fitted_line(text: str, measure: Measure, size: float, width: float, bold: bool,
                what: str) -> float:
    """The largest size up to `size` at which `text` fits `width` on one line,
    refusing a line the font cannot print or that would print smaller than MIN_TEXT."""
    return wrapped(text, measure, size, width, bold, what, 1)[0]


def wrapped(text: str, measure: Measure, size: float, width: float, bold: bool, what: str,
            most: int) -> tuple[float, tuple[str, ...]]:
    """`text`'s size and lines to fit `width`: one line, set smaller while it keeps
    WRAP_SHARE of `size` (so a short title prints as it always has); else broken at
    spaces into the fewest balanced lines, up to `most`, that keep that share, or
    into those that print largest. A long title reads better on two lines than in
    small type. Refuses text the font cannot print, or that would print smaller than
    MIN_TEXT even on `most` lines, saying how many characters fit."""
    unknown = measure.missing(text, bold)
    option = LINE_OPTIONS.get(what)
    if unknown:
        raise LayoutError(f"the {what} {quoted(text)} has characters the font {measure.family} "
                          f"cannot print ({' '.join(unknown)}); leave them out.", option=option)
    best = 0.0, (text,)
    for count in range(1, most + 1):
        lines = balanced(text, count, measure, size, bold)
        if lines is None:
            break
        fit = _fitted(lines, measure, size, width, bold)
        if count == 1 or fit > best[0]:
            best = fit, lines
        if fit >= size * WRAP_SHARE:
            break
    if best[0] < MIN_TEXT:
        where = "one line" if most == 1 else f"{most} lines"
        raise LayoutError(f"the {what} {quoted(text)} is too long to print on {where} of this "
                          f"page: {_most_characters(text, measure, width, bold, most)} of its "
                          f"{len(text)} characters fit; shorten it or use a wider page.",
                          option=option)
    return best


def _fitted(lines: tuple[str, ...], measure: Measure, size: float, width: float,
            bold: bool) -> float:
    """The largest size up to `size`, in tenths of a point, at which every line fits
    `width` (it may be less than MIN_TEXT)."""
    natural = max(measure.width(line, size, bold) for line in lines)
    if natural <= width:
        return size
    return math.floor(size * width / natural * STEPS_PER_POINT) / STEPS_PER_POINT


def balanced(text: str, count: int, measure: Measure, size: float,
             bold: bool) -> tuple[str, ...] | None:
    """`text` broken at spaces into `count` lines, the longest as short as it can be
    (`text` itself for one line; None if it has fewer words than `count`)."""
    if count == 1:
        return (text,)
    words = text.split()
    if len(words) < count:
        return None

    @cache
    def span(first: int, end: int) -> float:
        return measure.width(" ".join(words[first:end]), size, bold)

    @cache
    def best(first: int, lines: int) -> tuple[float, tuple[int, ...]]:
        """The widest line and the line ends, for words[first:] on `lines` lines."""
        if lines == 1:
            return span(first, len(words)), (len(words),)
        return min((max(span(first, end), best(end, lines - 1)[0]),
                    (end, *best(end, lines - 1)[1]))
                   for end in range(first + 1, len(words) - lines + 2))

    ends = best(0, count)[1]
    return tuple(" ".join(words[start:end]) for start, end in zip((0, *ends), ends))


def _most_characters(text: str, measure: Measure, width: float, bold: bool, most: int) -> int:
    """How many of `text`'s first characters fit `width` on `most` lines at MIN_TEXT."""
    def fits(length: int) -> bool:
        start = text[:length]
        lines = balanced(start, max(1, min(most, len(start.split()))), measure, MIN_TEXT, bold)
        return _fitted(lines, measure, MIN_TEXT, width, bold) >= MIN_TEXT

    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def centred(text: str, measure: Measure, size: float, baseline: float, middle: float,
            bold: bool = False) -> Text:
    """A line centred on the x `middle`."""
    return Text(text, middle - measure.width(text, size, bold) / 2, baseline, size, bold)


def sheet_frame(size: tuple[float, float], measure: Measure, heading: float,
                footer_size: float) -> Frame:
    """Where a sheet's (or its share's) text and grid go: the margin, or more where
    SAFE_EDGE and the half of the heaviest grid frame (large print's) that lies
    outside its cells need more (the same for both looks, so that large print's grid
    has the regular one's room); at the top, room for what a bold `heading` reaches
    above its capitals (a first line is placed by its capitals); at the foot, room
    for the code line under it (its baseline one `footer_size` into the margin). All
    of it keeps SAFE_EDGE from the paper's edge."""
    edge = max(margin(size), SAFE_EDGE + MAX_OUTLINE * LARGE_PRINT.weight / 2)
    ascent, _ = measure.ascent_descent(heading, True)
    _, descent = measure.ascent_descent(footer_size)
    return Frame(edge, max(edge, SAFE_EDGE + ascent - measure.cap_height(heading, True)),
                 edge, max(edge, SAFE_EDGE + footer_size + descent))


def footer(puzzle: Puzzle, measure: Measure, right: float, baseline: float, what: str,
           size: float = FOOTER_SIZE) -> Text:
    """The puzzle's code, at the bottom right: what the key and a remake are matched by
    (a grid solved from elsewhere may have none)."""
    text = f"{what} · {puzzle.labels['code']} {puzzle.code}" if puzzle.code else what
    return Text(text, right - measure.width(text, size), baseline, size, muted=True)


def check_font(puzzle: Puzzle, measure: Measure) -> None:
    """Refuses a font that lacks a letter the puzzle's language may put in its grid
    (the filler may draw any of them, so the whole alphabet is asked, whatever this
    grid holds), naming the letter, before a box prints in its place."""
    missing = _missing_letters(measure.family, puzzle.language, puzzle.lowercase)
    if missing:
        name = lang.get(puzzle.language).name
        more = " …" if len(missing) > SHOWN_MISSING else ""
        raise InputError(f"the font {measure.family} has no letter {missing[0]!r}, which "
                         f"{name} puzzles use ({len(missing)} such letters: "
                         f"{' '.join(missing[:SHOWN_MISSING])}{more}); "
                         f"choose another font.", option="font")


@cache
def _missing_letters(family: str, language: str, lowercase: bool) -> tuple[str, ...]:
    """The letters of `language` (in lower case, with `lowercase`) that `family` has
    no glyph for: asked once a process, not again for every page of a set."""
    letters = lang.get(language).alphabet.letters
    return tuple(Measure.of(family).missing(
        "".join(ch.lower() if lowercase else ch for ch in letters), True))
