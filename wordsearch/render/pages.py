"""Drawing laid-out pages (render/model.py) with Cairo, as PDF, SVG or PNG: nothing
here chooses where things go (render/layout.py) or where the bytes go (export/).

Text is real text in the bundled font (a PDF reader can search and copy it);
cells outside the shape get neither a letter nor a line.
"""
from __future__ import annotations

import io
import math
from collections.abc import Sequence
from importlib.metadata import version

import cairo

from wordsearch.pictures import draw as pictures, source as picture_source
from wordsearch.puzzle import OUTSIDE, Puzzle
from wordsearch.render import font
from wordsearch.render.look import PageOptions
from wordsearch.render.measure import set_font_options
from wordsearch.render.style import MAX_OUTLINE
from wordsearch.render.model import Composite, Field, GridBox, KeyPage, Page, PuzzlePage, Text
from wordsearch.render.paper import INCH

INK = (0.0, 0.0, 0.0)
FILLER = (0.6, 0.6, 0.6)         # answer page: letters that belong to no word
FOOTER = (0.35, 0.35, 0.35)
RULE = (0.82, 0.82, 0.82)        # lines between cells
TINT = (1.0, 0.90, 0.55)         # answer page: the hidden message's cells (grey on a mono printer)
NUMBER_SHARE = 0.24              # a message cell's number, as a share of the cell side
# Answer outlines, after Okabe and Ito's palette for colour-blind readers, darkened to
# stay visible on paper; neighbours in the word list get different colours.
OUTLINES = ((0.0, 0.45, 0.70), (0.84, 0.37, 0.0), (0.0, 0.55, 0.40), (0.80, 0.40, 0.60),
            (0.85, 0.55, 0.0), (0.30, 0.60, 0.85), (0.45, 0.30, 0.70))
# Half the width of an answer outline, as a share of the cell: wide enough to clear the
# word's own letters, narrow enough to clear its neighbours' (closer along diagonals).
OUTLINE_HALF = {True: 0.35, False: 0.40}  # keyed by "is diagonal"
# Lines between cells: a share of the cell, never thinner than prints evenly.
RULE_SHARE = 0.02
# The shape's outline: a share of the cell, kept between a line that holds its own
# against the letters and one that crowds them.
OUTLINE_SHARE, MIN_OUTLINE = 0.06, 0.8
# The thinnest line drawn on any page: print-on-demand services (Amazon KDP's
# interior rules) promise lines of 0.75 pt or more, and a thinner one may break up
# on a classroom printer too.
MIN_LINE = 0.75
FIELD_LINE = MIN_LINE            # a field's line to write on: thin, as on a form
FIELD_LINE_DROP = 1.5            # the line under its label's baseline, clear of the letters
BLANK_LINE = 0.8                 # a message's blanks: each stands alone, so a little bolder
# A message cell's number at its top left: its left side and its baseline this far
# (in the number's size) from the cell's corner.
NUMBER_INSET, NUMBER_DROP = 0.25, 1.05
# A free path on a key: a line this share of a cell wide, a dot at its first cell.
PATH_WIDTH = 0.12
PATH_START = 0.16


def line_width(ctx: cairo.Context, width: float) -> None:
    """Every line's width goes through here: never under MIN_LINE."""
    ctx.set_line_width(max(MIN_LINE, width))


def frame_line(box: GridBox) -> float:
    """The width of the shape's outline; half of it lies outside the grid's cells."""
    return max(MIN_LINE, max(MIN_OUTLINE, min(MAX_OUTLINE, box.cell * OUTLINE_SHARE)) * box.weight)


def draw(ctx: cairo.Context, page: Page) -> None:
    """Everything in reading order (top to bottom), which is the order a PDF reader
    extracts the text in."""
    set_font_options(ctx)
    if isinstance(page, Composite):
        draw_composite(ctx, page)
    elif isinstance(page, KeyPage):
        draw_key_page(ctx, page)
    else:
        draw_puzzle_page(ctx, page)


def draw_composite(ctx: cairo.Context, page: Composite) -> None:
    """Its parts, each moved to its place, then its own texts and links."""
    for dx, dy, part in page.parts:
        ctx.save()
        ctx.translate(dx, dy)
        draw(ctx, part)
        ctx.restore()
    for text in page.texts:
        draw_text(ctx, text, page.family)
    for (x, y, w, h), target in page.links:
        # Cairo 1.16 takes the rectangle in device space, and writes a link to
        # "page=N" with no destination: a named one works.
        x, y = ctx.user_to_device(x, y)
        ctx.tag_begin(cairo.TAG_LINK, f"dest='{page_dest(target)}' "
                                      f"rect=[{x:.2f} {y:.2f} {w:.2f} {h:.2f}]")
        ctx.tag_end(cairo.TAG_LINK)


def draw_key_page(ctx: cairo.Context, page: KeyPage) -> None:
    """Each key: its heading, the message's cells, the answers in the look's key
    style, the grid, its code line; then the clue lists and the hidden messages under
    the grids."""
    family = page.family
    letters_only = page.look.key_style == "letters"
    for k, (puzzle, grid) in enumerate(page.grids):
        heading, code_line = page.texts[2 * k:2 * k + 2]
        paths = page.paths[k] if page.paths else ()
        draw_text(ctx, heading, family)
        if puzzle.message:
            draw_message_cells(ctx, puzzle, grid, family)
        if not letters_only:
            draw_answers(ctx, puzzle, grid, paths)
        draw_grid(ctx, puzzle, grid, family, key=True, paths=paths, filler=not letters_only)
        draw_text(ctx, code_line, family)
    for text in page.clues:
        draw_text(ctx, text, family)
    for note in page.notes:
        draw_text(ctx, note, family)


def draw_puzzle_page(ctx: cairo.Context, page: PuzzlePage) -> None:
    family = page.family
    for text in page.header:
        draw_text(ctx, text, family)
    for f in page.fields:
        draw_field(ctx, f, family)
    draw_grid(ctx, page.puzzle, page.grid, family, key=False)
    for text in page.body:
        draw_text(ctx, text, family)
    ctx.set_source_rgb(*INK)
    line_width(ctx, BLANK_LINE)
    for blank in page.blanks + page.write_ins:
        ctx.move_to(blank.x0, blank.y)
        ctx.line_to(blank.x1, blank.y)
    ctx.stroke()
    for box in page.pictures:
        pictures.draw(ctx, picture_source.named(box.name), box.x, box.y, box.side, box.side)


def draw_field(ctx: cairo.Context, field: Field, family: str) -> None:
    """A field's label, the value written on it if any, and its line."""
    draw_text(ctx, field.label, family)
    if field.value:
        draw_text(ctx, field.value, family)
    ctx.set_source_rgb(*INK)
    line_width(ctx, FIELD_LINE)
    ctx.move_to(field.line_from, field.label.baseline + FIELD_LINE_DROP)
    ctx.line_to(field.line_to, field.label.baseline + FIELD_LINE_DROP)
    ctx.stroke()


def draw_message_cells(ctx: cairo.Context, puzzle: Puzzle, box: GridBox, family: str) -> None:
    """The cells that hide the message tinted, each numbered in reading order at its
    top left, so that a teacher can read the message off the key."""
    cells = puzzle.leftover_cells()
    ctx.set_source_rgb(*TINT)
    for r, c in cells:
        ctx.rectangle(box.x + c * box.cell, box.y + r * box.cell, box.cell, box.cell)
    ctx.fill()
    ctx.set_source_rgb(*FOOTER)
    ctx.set_font_face(font.face(False, family))
    size = box.cell * NUMBER_SHARE
    ctx.set_font_size(size)
    for n, (r, c) in enumerate(cells, start=1):
        ctx.move_to(box.x + c * box.cell + size * NUMBER_INSET,
                    box.y + r * box.cell + size * NUMBER_DROP)
        ctx.show_text(str(n))


def page_dest(number: int) -> str:
    """The name of the destination a PDF's page `number` (1-based) is marked with,
    for links to it (see mark_page)."""
    return f"page-{number}"


def mark_page(ctx: cairo.Context, number: int) -> None:
    """Marks the page being drawn as the destination of links to page `number`."""
    ctx.tag_begin(cairo.TAG_DEST, f"name='{page_dest(number)}'")
    ctx.tag_end(cairo.TAG_DEST)


def draw_text(ctx: cairo.Context, text: Text, family: str) -> None:
    ctx.set_source_rgb(*(FOOTER if text.muted else INK))
    ctx.set_font_face(font.face(text.bold, text.family or family))
    ctx.set_font_size(text.size)
    ctx.move_to(text.x, text.baseline)
    ctx.show_text(text.text)


def draw_grid(ctx: cairo.Context, puzzle: Puzzle, box: GridBox, family: str, key: bool,
              paths: Sequence[Sequence[tuple[int, int]]] = (), filler: bool = True) -> None:
    """Lines between cells of the shape, its outline, and the letters (on a key, the
    letters of the words, of `paths` and of a hidden message in ink, the others grey,
    or left out when not `filler`: a key of the words' letters alone)."""
    inside = [[ch != OUTSIDE for ch in row] for row in puzzle.grid]
    draw_rules(ctx, inside, box)
    draw_outline(ctx, inside, box)
    answers = ({cell for p in puzzle.words for cell in p.cells()} |
               {cell for path in paths for cell in path} |
               set(puzzle.leftover_cells() if puzzle.message else ())) if key else None
    draw_letters(ctx, puzzle, box, family, answers, filler)


def draw_rules(ctx: cairo.Context, inside: Sequence[Sequence[bool]], box: GridBox) -> None:
    """A line between each two neighbouring cells of the shape."""
    ctx.set_line_cap(cairo.LINE_CAP_BUTT)
    ctx.set_source_rgb(*RULE)
    line_width(ctx, box.cell * RULE_SHARE * box.weight)
    for r, row in enumerate(inside):
        for c, cell_inside in enumerate(row):
            if not cell_inside:
                continue
            x, y = box.x + c * box.cell, box.y + r * box.cell
            if c + 1 < len(row) and row[c + 1]:
                ctx.move_to(x + box.cell, y)
                ctx.line_to(x + box.cell, y + box.cell)
            if r + 1 < len(inside) and inside[r + 1][c]:
                ctx.move_to(x, y + box.cell)
                ctx.line_to(x + box.cell, y + box.cell)
    ctx.stroke()


def draw_outline(ctx: cairo.Context, inside: Sequence[Sequence[bool]], box: GridBox) -> None:
    """The shape's border, in ink."""
    ctx.set_source_rgb(*INK)
    line_width(ctx, frame_line(box))
    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
    for loop in outline(inside):
        ctx.move_to(box.x + loop[0][0] * box.cell, box.y + loop[0][1] * box.cell)
        for x, y in loop[1:]:
            ctx.line_to(box.x + x * box.cell, box.y + y * box.cell)
        ctx.close_path()
    ctx.stroke()


def draw_letters(ctx: cairo.Context, puzzle: Puzzle, box: GridBox, family: str,
                 answers: set[tuple[int, int]] | None, filler: bool = True) -> None:
    """Each cell's letter centred in it, bold; on a key (`answers` given), the
    answers' letters in ink and the others grey, or left out when not `filler`."""
    ctx.set_font_face(font.face(True, family))
    ctx.set_font_size(box.letter_size)
    middle = -ctx.text_extents("H").y_bearing / 2
    offsets: dict[str, float] = {}
    for r, row in enumerate(puzzle.printed_grid):
        for c, ch in enumerate(row):
            answer = answers is None or (r, c) in answers
            if ch == OUTSIDE or not (answer or filler):
                continue
            if ch not in offsets:
                extents = ctx.text_extents(ch)
                offsets[ch] = extents.x_bearing + extents.width / 2
            cx, cy = box.centre(r, c)
            ctx.set_source_rgb(*(INK if answer else FILLER))
            ctx.move_to(cx - offsets[ch], cy + middle)
            ctx.show_text(ch)


def outline(inside: Sequence[Sequence[bool]]) -> list[list[tuple[int, int]]]:
    """The shape's border as closed loops of grid corners (x = column, y = row).

    Each inside cell contributes the sides it shares with the outside, directed
    clockwise, so that the sides join end to start into loops."""
    rows, cols = len(inside), len(inside[0])

    def filled(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and inside[r][c]

    sides: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            if not inside[r][c]:
                continue
            for (nr, nc), start, end in (((r - 1, c), (c, r), (c + 1, r)),
                                         ((r, c + 1), (c + 1, r), (c + 1, r + 1)),
                                         ((r + 1, c), (c + 1, r + 1), (c, r + 1)),
                                         ((r, c - 1), (c, r + 1), (c, r))):
                if not filled(nr, nc):
                    sides.setdefault(start, []).append(end)
    loops = []
    for start in sorted(sides):
        while sides.get(start):
            loop = [start]
            point = sides[start].pop()
            while point != start:
                loop.append(point)
                point = sides[point].pop()
            loops.append(_corners(loop))
    return loops


def _corners(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The loop without the points where it runs straight on."""
    kept = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % len(loop)]
        if (x - px, y - py) != (nx - x, ny - y):
            kept.append((x, y))
    return kept


def draw_answers(ctx: cairo.Context, puzzle: Puzzle, box: GridBox,
                 paths: Sequence[Sequence[tuple[int, int]]] = ()) -> None:
    """A rounded outline along each word, as a person would circle it, kept inside
    the shape (a diagonal outline would otherwise cut the corners of cells outside);
    each path that turns, a line through its cells' centres with a dot at its
    start."""
    ctx.save()
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            if ch != OUTSIDE:
                ctx.rectangle(box.x + c * box.cell, box.y + r * box.cell, box.cell, box.cell)
    ctx.clip()
    # As wide as the shape's outline at its least, whatever the cell: never capped.
    line_width(ctx, max(MIN_OUTLINE, box.cell * OUTLINE_SHARE))
    for k, p in enumerate(puzzle.words):
        first, last = p.cells()[0], p.cells()[-1]
        (x0, y0), (x1, y1) = box.centre(*first), box.centre(*last)
        half = OUTLINE_HALF[first[0] != last[0] and first[1] != last[1]] * box.cell
        angle = math.atan2(y1 - y0, x1 - x0)
        length = math.hypot(x1 - x0, y1 - y0)
        ctx.save()
        ctx.translate(x0, y0)
        ctx.rotate(angle)
        ctx.new_sub_path()
        ctx.arc(length, 0, half, -math.pi / 2, math.pi / 2)
        ctx.arc(0, 0, half, math.pi / 2, 3 * math.pi / 2)
        ctx.close_path()
        ctx.restore()
        ctx.set_source_rgb(*OUTLINES[k % len(OUTLINES)])
        ctx.stroke()
    ctx.set_line_cap(cairo.LINE_CAP_ROUND)
    ctx.set_line_join(cairo.LINE_JOIN_ROUND)
    for k, path in enumerate(paths, start=len(puzzle.words)):
        ctx.set_source_rgb(*OUTLINES[k % len(OUTLINES)])
        line_width(ctx, box.cell * PATH_WIDTH)
        ctx.move_to(*box.centre(*path[0]))
        for cell in path[1:]:
            ctx.line_to(*box.centre(*cell))
        ctx.stroke()
        ctx.arc(*box.centre(*path[0]), box.cell * PATH_START, 0, 2 * math.pi)
        ctx.fill()
    ctx.restore()


def pdf(pages: Sequence[Page], options: PageOptions) -> bytes:
    """Laid-out pages in one PDF. No creation date is written, so the same puzzles
    and options always give the same bytes."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, *options.size)
    surface.set_metadata(cairo.PDFMetadata.TITLE, options.title or "Word search")
    surface.set_metadata(cairo.PDFMetadata.CREATOR, f"wordsearch {version('wordsearch')}")
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, "")
    ctx = cairo.Context(surface)
    for page in pages:
        draw(ctx, page)
        ctx.show_page()
    surface.finish()
    return out.getvalue()


def svg(pages: Sequence[Page], options: PageOptions) -> list[bytes]:
    """One SVG document per page (SVG has no pages)."""
    documents = []
    for page in pages:
        out = io.BytesIO()
        surface = cairo.SVGSurface(out, *options.size)
        surface.restrict_to_version(cairo.SVG_VERSION_1_1)
        draw(cairo.Context(surface), page)
        surface.finish()
        documents.append(out.getvalue())
    return documents


def png(pages: Sequence[Page], options: PageOptions) -> list[bytes]:
    """One image per page at options.dpi, on a white background."""
    scale = options.dpi / INCH
    images = []
    for page in pages:
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, math.ceil(options.size[0] * scale),
                                     math.ceil(options.size[1] * scale))
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        ctx.scale(scale, scale)
        draw(ctx, page)
        out = io.BytesIO()
        surface.write_to_png(out)
        images.append(out.getvalue())
    return images
