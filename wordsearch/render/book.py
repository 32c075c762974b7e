"""A puzzle book's interior, ready for a print-on-demand service: a title page, a
contents page, the puzzles one or two to a page, and their solutions at the back,
four or six to a page, every page but the title numbered.

Margins follow what such services ask of a bound book (print_check holds their
rules, Amazon KDP's): the inside margin (the gutter) grows with the page count,
since a thicker book opens less far at the spine, and it lies on the left of
right-hand (odd) pages and on the right of left-hand (even) ones. With bleed, each
page is 0.125 in larger on the outside, top and bottom, never at the spine, and the
PDF says where it is trimmed (TrimBox) and how far ink may run (BleedBox). Nothing
is printed outside the live area, not even half a grid's frame. A plain book
leaves out the bookmarks, links and metadata a print interior must not have.
"""
from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import version

import cairo

from wordsearch.errors import InputError, printable
from wordsearch.puzzle import Sheet
from wordsearch.render import pages, paper, style
from wordsearch.render.keys import key_pages
from wordsearch.render.layout import numbered
from wordsearch.render.look import Look
from wordsearch.render.measure import Measure, centred, fitted_line
from wordsearch.render.model import Composite, Frame, Key, Page, Text
from wordsearch.render.paper import INCH
from wordsearch.render.print_check import BLEED, gutter
from wordsearch.render.puzzle_page import puzzle_page

TRIMS = {"6x9": (6 * INCH, 9 * INCH), "8.5x11": (8.5 * INCH, 11 * INCH),
         "8.25x11": (8.25 * INCH, 11 * INCH), "a4": paper.PAPER["a4"], "a5": paper.PAPER["a5"]}
# Outside, top and bottom: above the services' least (0.25 in, 0.375 in with bleed).
OUTSIDE = 0.5 * INCH
MIN_PAGES = 24           # fewer than this, and print-on-demand services refuse a book
PER_PAGE = (1, 2)
SOLUTIONS_PER_PAGE = (4, 6)
FOLIO_SIZE = 10.0        # the page number
FOLIO_ROOM = 2.2 * FOLIO_SIZE   # kept free at the foot of the live area for it
PUZZLE_GAP = 18.0        # between two puzzles on one page
BOOK_TITLE_SIZE = 32.0
AUTHOR_SIZE = 16.0
CONTENTS_SIZE = 12.0
CONTENTS_SPACING = 1.7
# The contents' heading takes this many title sizes: its capitals, and a line's
# space under them.
CONTENTS_HEADING_ROOM = 2
# The title page: the title's baseline this share of the way down the page, where
# the eye falls first; the subject under it (in the title's size); the author lower.
TITLE_DOWN = 0.35
SUBJECT_PITCH = 1.4
AUTHOR_DOWN = 0.6


@dataclass(frozen=True)
class BookOptions:
    trim: str = "6x9"
    bleed: bool = False
    per_page: int = 1            # puzzles on a page
    solutions_per_page: int = 4
    title: str = ""
    author: str = ""
    subject: str = ""
    fields: tuple[str, ...] = ()
    show_directions: bool = False
    plain: bool = False          # no bookmarks, links or metadata
    look: Look = field(default_factory=Look)

    def __post_init__(self) -> None:
        if self.trim not in TRIMS:
            raise InputError(f'"{self.trim}" is not a trim size; use one of '
                             f"{', '.join(TRIMS)}.", option="trim")
        if self.per_page not in PER_PAGE:
            raise InputError(f"a book prints 1 or 2 puzzles to a page, not {self.per_page}.",
                             option="per_page")
        if self.solutions_per_page not in SOLUTIONS_PER_PAGE:
            raise InputError(f"a book prints 4 or 6 solutions to a page, not "
                             f"{self.solutions_per_page}.", option="solutions_per_page")
        for name in ("title", "author", "subject"):
            printable(getattr(self, name), f"the {name}", name)
        for number, text in enumerate(self.fields, start=1):
            printable(text, f"field {number}", "fields")

    @property
    def trim_size(self) -> tuple[float, float]:
        return TRIMS[self.trim]

    @property
    def bleed_width(self) -> float:
        return BLEED if self.bleed else 0.0


@dataclass(frozen=True)
class Book:
    options: BookOptions
    pages: tuple[Page, ...]                   # at the trim size; drawn moved by the bleed
    outline: tuple[tuple[str, int], ...]      # bookmark, page (1-based)

    @property
    def media_size(self) -> tuple[float, float]:
        """The trim, and with bleed, the bleed on the outside, top and bottom."""
        width, height = self.options.trim_size
        bleed = self.options.bleed_width
        return width + bleed, height + 2 * bleed

    def warnings(self) -> list[str]:
        if len(self.pages) >= MIN_PAGES:
            return []
        one = ", or print one to a page" if self.options.per_page > 1 else ""
        return [f"the book has {len(self.pages)} pages; print-on-demand services need at "
                f"least {MIN_PAGES}. Add puzzles{one}."]


def live_frame(number: int, page_count: int) -> Frame:
    """The live area of page `number` (1-based): odd pages are right-hand pages, the
    gutter on their left; even pages mirror them."""
    inside = gutter(page_count)
    if number % 2:
        return Frame(inside, OUTSIDE, OUTSIDE, OUTSIDE)
    return Frame(OUTSIDE, OUTSIDE, inside, OUTSIDE)


def _folio(number: int, frame: Frame, size: tuple[float, float], measure: Measure) -> Text:
    """The page number, centred at the foot of the live area, inside it."""
    _, descent = measure.ascent_descent(FOLIO_SIZE)
    return centred(str(number), measure, FOLIO_SIZE, size[1] - frame.bottom - descent,
                   frame.middle(size))


def _content(frame: Frame, measure: Measure, heading: float, look: Look | None = None) -> Frame:
    """The live area less the foot kept for the page number, less, at the top,
    what the font's lines reach above a heading's capitals (pages place a first
    line by its capitals; a reader boxes it by the font's ascent), and less, at the
    sides, the half of a grid's frame that lies outside its cells."""
    ascent, _ = measure.ascent_descent(heading, True)
    reach = 0.0 if look is None else style.MAX_OUTLINE * look.style.weight / 2
    return Frame(frame.left + reach, frame.top + ascent - measure.cap_height(heading, True),
                 frame.right + reach, frame.bottom + FOLIO_ROOM)


@dataclass(frozen=True)
class _Plan:
    """Where each part of the book starts. How many pages each part takes depends on
    the trim alone, so the page count, and with it the gutter, is known before
    anything is placed."""
    per_contents: int      # entries on a contents page
    contents_pages: int
    first_puzzle: int      # page numbers, 1-based
    first_solution: int
    total: int

    @classmethod
    def of(cls, count: int, options: BookOptions) -> _Plan:
        contents_room = (options.trim_size[1] - 2 * OUTSIDE - FOLIO_ROOM
                         - style.TITLE_SIZE * CONTENTS_HEADING_ROOM)
        per_contents = max(1, int(contents_room // (CONTENTS_SIZE * CONTENTS_SPACING)))
        contents_pages = math.ceil((count + 1) / per_contents)  # and the solutions' entry
        puzzle_count = math.ceil(count / options.per_page)
        solution_count = math.ceil(count / options.solutions_per_page)
        first_puzzle = 2 + contents_pages  # after the title page
        return cls(per_contents, contents_pages, first_puzzle, first_puzzle + puzzle_count,
                   first_puzzle + puzzle_count + solution_count - 1)


def book_pages(sheets: Sequence[Sheet], options: BookOptions) -> Book:
    """Every page of the book, laid out before any is drawn."""
    if not sheets:
        raise InputError("a book needs at least one puzzle.")
    trim = options.trim_size
    family = options.look.family(sheets[0].puzzle)
    measure = Measure.of(family)
    labels = sheets[0].puzzle.labels
    plan = _Plan.of(len(sheets), options)
    entries = [(_puzzle_title(sheet, labels), plan.first_puzzle + k // options.per_page)
               for k, sheet in enumerate(sheets)]
    entries.append((labels["solutions"], plan.first_solution))
    made: list[Page] = [_title_page(options, trim, measure, family, labels)]
    for k in range(plan.contents_pages):
        made.append(_contents_page(entries[k * plan.per_contents:(k + 1) * plan.per_contents],
                                   labels["contents"] if k == 0 else "", 2 + k, plan.total,
                                   trim, measure, family, not options.plain))
    puzzle_pages, keys = _puzzle_pages(sheets, options, plan, measure, family)
    made += puzzle_pages
    made += _solution_pages(keys, options, plan, measure, family)
    outline = ((labels["contents"], 2), *entries)
    return Book(options, tuple(made), outline)


def _puzzle_pages(sheets: Sequence[Sheet], options: BookOptions, plan: _Plan,
                  measure: Measure, family: str) -> tuple[list[Page], list[Key]]:
    """The puzzles, options.per_page to a page, and the key each will have."""
    trim, labels, count = options.trim_size, sheets[0].puzzle.labels, len(sheets)
    made: list[Page] = []
    keys = []
    for start in range(0, count, options.per_page):
        number = plan.first_puzzle + start // options.per_page
        frame = _content(live_frame(number, plan.total), measure, options.look.style.title,
                         options.look)
        slots = _slots(frame, trim, len(sheets[start:start + options.per_page]))
        parts = []
        for sheet, slot in zip(sheets[start:start + options.per_page], slots):
            page = puzzle_page(
                sheet.puzzle, trim, _puzzle_title(sheet, labels), options.fields,
                options.show_directions, None, None,
                numbered(labels, "puzzle", sheet.number, count),
                look=options.look, frame=slot)
            parts.append((0.0, 0.0, page))
            keys.append(Key(sheet.puzzle, _puzzle_title(sheet, labels),
                            f"{numbered(labels, 'puzzle', sheet.number, count)} · "
                            f"{labels['page']} {number}", page.grid.cell))
        made.append(Composite(trim, tuple(parts),
                              (_folio(number, live_frame(number, plan.total), trim,
                                      measure),), family))
    return made, keys


def _solution_pages(keys: Sequence[Key], options: BookOptions, plan: _Plan,
                    measure: Measure, family: str) -> list[Page]:
    """The answer keys at the back, options.solutions_per_page to a page."""
    trim, per_page = options.trim_size, options.solutions_per_page
    made: list[Page] = []
    for start in range(0, len(keys), per_page):
        number = plan.first_solution + start // per_page
        frame = live_frame(number, plan.total)
        key_page, = key_pages(keys[start:start + per_page], trim, per_page, look=options.look,
                              frame=_content(frame, measure, style.SMALL_HEADING_SIZE,
                                             options.look))
        made.append(Composite(trim, ((0.0, 0.0, key_page),),
                              (_folio(number, frame, trim, measure),), family))
    return made


def _puzzle_title(sheet: Sheet, labels) -> str:
    return f"{sheet.number}. {sheet.title or labels['puzzle']}"


def _slots(frame: Frame, trim: tuple[float, float], count: int) -> list[Frame]:
    """The frames of the puzzles on one page: the live area, or its two halves."""
    if count == 1:
        return [frame]
    height = trim[1] - frame.top - frame.bottom
    half = (height - PUZZLE_GAP) / 2
    return [Frame(frame.left, frame.top, frame.right, frame.bottom + half + PUZZLE_GAP),
            Frame(frame.left, frame.top + half + PUZZLE_GAP, frame.right, frame.bottom)]


def _title_page(options: BookOptions, trim: tuple[float, float],
                measure: Measure, family: str, labels) -> Composite:
    frame = live_frame(1, 1)
    width, middle = frame.width(trim), frame.middle(trim)
    title = options.title or labels["puzzle"]
    size = fitted_line(title, measure, BOOK_TITLE_SIZE, width, True, "title")
    y = trim[1] * TITLE_DOWN
    texts = [centred(title, measure, size, y, middle, bold=True)]
    if options.subject:
        y += size * SUBJECT_PITCH
        subject = fitted_line(options.subject, measure, AUTHOR_SIZE, width, False, "subject")
        texts.append(centred(options.subject, measure, subject, y, middle))
    if options.author:
        author = fitted_line(options.author, measure, AUTHOR_SIZE, width, False, "author")
        texts.append(centred(options.author, measure, author, trim[1] * AUTHOR_DOWN, middle))
    return Composite(trim, (), tuple(texts), family)


def _contents_page(entries: Sequence[tuple[str, int]], heading: str, number: int, total: int,
                   trim: tuple[float, float], measure: Measure, family: str,
                   linked: bool) -> Composite:
    """Each entry's title at the left, its page number at the right, and (if
    `linked`) the whole line a link to that page."""
    frame = live_frame(number, total)
    left, right = frame.left, trim[0] - frame.right
    y = _content(frame, measure, style.TITLE_SIZE).top
    texts = []
    if heading:
        y += measure.cap_height(style.TITLE_SIZE, True)
        texts.append(centred(heading, measure, style.TITLE_SIZE, y, frame.middle(trim),
                             bold=True))
        y += style.TITLE_SIZE  # the heading's room: see CONTENTS_HEADING_ROOM
    links = []
    for text, page in entries:
        y += CONTENTS_SIZE * CONTENTS_SPACING
        digits = str(page)
        digits_width = measure.width(digits, CONTENTS_SIZE)
        # The title keeps a space of its own size clear of the page number.
        size = fitted_line(text, measure, CONTENTS_SIZE,
                           right - left - digits_width - CONTENTS_SIZE, False, "title")
        texts.append(Text(text, left, y, size))
        texts.append(Text(digits, right - digits_width, y, CONTENTS_SIZE))
        ascent, descent = measure.ascent_descent(CONTENTS_SIZE)
        links.append(((left, y - ascent, right - left, ascent + descent), page))
    texts.append(_folio(number, frame, trim, measure))
    return Composite(trim, (), tuple(texts), family, tuple(links) if linked else ())


def pdf(book: Book) -> bytes:
    """The book as one PDF: page labels as the pages are numbered, and the trim and
    bleed boxes; unless plain, bookmarks for the contents, every puzzle and the
    solutions, and the title, author and subject. No creation date, so the same book
    gives the same bytes."""
    options = book.options
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, *book.media_size)
    if not options.plain:
        surface.set_metadata(cairo.PDFMetadata.TITLE, options.title or "Word search puzzles")
        if options.author:
            surface.set_metadata(cairo.PDFMetadata.AUTHOR, options.author)
        if options.subject:
            surface.set_metadata(cairo.PDFMetadata.SUBJECT, options.subject)
        surface.set_metadata(cairo.PDFMetadata.CREATOR, f"wordsearch {version('wordsearch')}")
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "")
    ctx = cairo.Context(surface)
    bleed = options.bleed_width
    for number, page in enumerate(book.pages, start=1):
        surface.set_page_label(str(number))
        if not options.plain:
            pages.mark_page(ctx, number)
        ctx.save()
        ctx.translate(_outside_left(number, bleed), bleed)
        pages.draw(ctx, page)
        ctx.restore()
        ctx.show_page()
    for title, page in book.outline if not options.plain else ():
        surface.add_outline(cairo.PDF_OUTLINE_ROOT, title, f"page={page}", 0)
    surface.finish()
    return _boxes(out.getvalue(), options.trim_size, bleed, options.plain)


def _outside_left(number: int, bleed: float) -> float:
    """The bleed at the left of page `number`: a left-hand (even) page's outside edge
    is its left; a right-hand page's left is the spine, which has none."""
    return 0.0 if number % 2 else bleed


def _boxes(data: bytes, trim: tuple[float, float], bleed: float, plain: bool) -> bytes:
    """Sets each page's TrimBox (where the page is cut: at the spine on its inside
    edge) and BleedBox (the whole page), which Cairo does not write, and for a plain
    book takes out the document's metadata (Cairo always names itself as its
    producer). pypdf (pure Python, kept by the py-pdf project) rewrites the file;
    its document ID is derived from the content, so the bytes stay the same for the
    same book."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import RectangleObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    media = RectangleObject((0, 0, trim[0] + bleed, trim[1] + 2 * bleed))
    for number, page in enumerate(writer.pages, start=1):
        left = _outside_left(number, bleed)
        page.trimbox = RectangleObject((left, bleed, left + trim[0], bleed + trim[1]))
        page.bleedbox = media
    if plain:
        writer.metadata = None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
