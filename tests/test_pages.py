"""The printed pages: what a PDF reader, a printer and a teacher see.

Poppler's command-line tools (pdfinfo, pdffonts, pdftotext; installed by
install.sh) read the PDFs as any reader would; pixels are checked on the pages
drawn to PNG."""
import io
import math
from importlib import resources
from pathlib import Path
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

import wordsearch
from wordlists import draw
from wordsearch.errors import InputError, LayoutError
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render import layout, pages, paper
from wordsearch.shape import builtin_masks

WORDS = ["Crème brûlée", "Dragon fruit", "apple", "banana", "cherry", "grape", "lemon",
         "mango", "peach", "plum", "kiwi", "lime", "orange", "papaya", "apricot"]


def poppler(tool: str, *args: str, data: bytes) -> str:
    assert shutil.which(tool), f"{tool} is missing: install.sh installs poppler-utils"
    return subprocess.run([tool, *args, "-"], input=data, capture_output=True,
                          check=True).stdout.decode("utf-8")


def pdf_text(data: bytes, page: int) -> str:
    return poppler("pdftotext", "-raw", "-f", str(page), "-l", str(page), "-", data=data)


def pdf_info(data: bytes) -> str:
    return poppler("pdfinfo", data=data)


@pytest.fixture(scope="module")
def fruit():
    return wordsearch.generate(WORDS, grid=15, difficulty="hard", seed="fruit", beam=512)


def options(**kw) -> pages.PageOptions:
    return pages.PageOptions(**kw)


def test_a_pdf_has_the_puzzle_then_the_key_at_the_page_size(fruit):
    data = pages.pdf(fruit, options(size=paper.page_size("a4-landscape"), title="Fruit"))
    info = pdf_info(data)
    assert "Pages:           2" in info
    assert "Page size:       841.89 x 595.28 pts (A4)" in info or \
        "Page size:       841.89 x 595.28 pts" in info
    assert "Title:           Fruit" in info


def test_the_font_comes_from_the_installed_package():
    folder = Path(str(resources.files("wordsearch.fonts")))
    assert "site-packages" in folder.parts
    assert {"Andika-Regular.ttf", "Andika-Bold.ttf", "OFL.txt"} <= {p.name for p in
                                                                    folder.iterdir()}


def test_the_bundled_font_is_embedded():
    data = pages.pdf(wordsearch.generate(["sun", "moon"], seed="f"), options())
    fonts = [line.split() for line in poppler("pdffonts", data=data).splitlines()[2:]]
    assert fonts, "no fonts listed"
    for row in fonts:
        name, embedded = row[0], row[-5]
        assert name.split("+")[-1].startswith("Andika") and embedded == "yes", row


def test_the_puzzle_page_text_is_the_grid_row_by_row_the_word_list_and_the_code(fruit):
    data = pages.pdf(fruit, options(title="Fruit", fields=("Name", "Date"),
                                    show_directions=True))
    lines = pdf_text(data, 1).splitlines()
    rows = ["".join(line.split()) for line in lines]
    start = rows.index(fruit.grid[0])
    assert rows[start:start + fruit.rows] == list(fruit.grid)
    text = "\n".join(lines)
    assert lines[0] == "Fruit" and "Name:" in text and "Date:" in text
    assert "Words run in all eight directions: ↑ ↗ → ↘ ↓ ↙ ← ↖" in text
    for word in WORDS:  # labels as typed, accents kept
        assert word.capitalize() in text or word in text, word
    assert f"Puzzle · code {fruit.code}" in text


def test_the_key_page_names_the_title_and_carries_the_same_code(fruit):
    data = pages.pdf(fruit, options(title="Fruit"))
    key = pdf_text(data, 2)
    assert key.startswith("Answer key: Fruit\n")
    assert f"Answer key · code {fruit.code}" in key
    rows = ["".join(line.split()) for line in key.splitlines()]
    assert fruit.grid[0] in rows


def test_no_key_and_key_only(fruit):
    assert "Pages:           1" in pdf_info(pages.pdf(fruit, options(pages=("puzzle",))))
    only_key = pages.pdf(fruit, options(pages=("key",)))
    assert "Pages:           1" in pdf_info(only_key)
    assert pdf_text(only_key, 1).startswith("Answer key\n")


def test_the_same_puzzle_gives_the_same_bytes(fruit):
    assert pages.pdf(fruit, options(title="T")) == pages.pdf(fruit, options(title="T"))


@pytest.mark.parametrize("name", builtin_masks())
def test_every_built_in_mask_renders_with_no_ink_outside_the_shape(name):
    puzzle = wordsearch.generate(draw(10, seed=7, max_len=7), mask=name, seed=name, beam=256)
    chosen = options(title=name.capitalize(), dpi=72)
    data = pages.pdf(puzzle, chosen)
    assert "Pages:           2" in pdf_info(data)
    rows = ["".join(line.split()) for line in pdf_text(data, 1).splitlines()]
    letters = [row.replace(".", "") for row in puzzle.grid]
    start = rows.index(letters[0])
    assert rows[start:start + len(letters)] == letters
    for page, image in zip(pages.layouts(puzzle, chosen), pages.png(puzzle, chosen)):
        ink = ink_map(image)
        box = page.grid
        for r, row in enumerate(puzzle.grid):
            for c, ch in enumerate(row):
                if ch == ".":
                    assert not cell_pixels(ink, box, r, c, scale=1).any(), (name, page, r, c)
                else:
                    assert cell_pixels(ink, box, r, c, scale=1).any(), (name, r, c)


def ink_map(png: bytes) -> np.ndarray:
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    return (pixels < 250).any(axis=-1)


def cell_pixels(ink: np.ndarray, box: layout.GridBox, r: int, c: int, scale: float,
                inset: float = 0.12) -> np.ndarray:
    """The pixels of a cell, less a border where lines between cells may fall."""
    x0, y0 = box.x + (c + inset) * box.cell, box.y + (r + inset) * box.cell
    x1, y1 = box.x + (c + 1 - inset) * box.cell, box.y + (r + 1 - inset) * box.cell
    return ink[math.ceil(y0 * scale):int(y1 * scale), math.ceil(x0 * scale):int(x1 * scale)]


def test_answer_outlines_lie_along_their_words_and_nowhere_else(fruit):
    chosen = options(pages=("key",), dpi=144)
    scale = 2
    (page,) = pages.layouts(fruit, chosen)
    (image,) = pages.png(fruit, chosen)
    pixels = np.asarray(Image.open(io.BytesIO(image)).convert("RGB")).astype(int)
    coloured = (pixels.max(axis=-1) - pixels.min(axis=-1)) > 60  # not white, grey or black
    box = page.grid
    ys, xs = np.nonzero(coloured)
    px, py = xs / scale, ys / scale
    nearest = np.full(px.shape, np.inf)
    for p in fruit.words:
        (x0, y0), (x1, y1) = box.centre(*p.cells()[0]), box.centre(*p.cells()[-1])
        dx, dy = x1 - x0, y1 - y0
        t = np.clip(((px - x0) * dx + (py - y0) * dy) / max(dx * dx + dy * dy, 1e-9), 0, 1)
        distance = np.hypot(px - (x0 + t * dx), py - (y0 + t * dy))
        nearest = np.minimum(nearest, distance)
        # Both long sides of the outline are drawn beside every letter of the word.
        half = pages.OUTLINE_HALF[dx != 0 and dy != 0] * box.cell
        nx, ny = -dy / math.hypot(dx, dy), dx / math.hypot(dx, dy)
        for r, c in p.cells():
            cx, cy = box.centre(r, c)
            for side in (-1, 1):
                x, y = (cx + side * half * nx) * scale, (cy + side * half * ny) * scale
                window = coloured[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3]
                assert window.any(), (p.label, r, c, side)
    widest = max(pages.OUTLINE_HALF.values()) * box.cell + box.cell * 0.06
    assert nearest.max() <= widest, "colour away from every word"


def test_filler_is_lighter_than_word_letters_on_the_key():
    puzzle = Puzzle("k", ("SUN", "QXZ", "JVW"), ("E",), (Placement("Sun", "SUN", 0, 0, "E"),))
    chosen = options(pages=("key",), dpi=72)
    (page,) = pages.layouts(puzzle, chosen)
    pixels = np.asarray(Image.open(io.BytesIO(pages.png(puzzle, chosen)[0])).convert("L"))

    def darkest(r, c):
        return cell_pixels(pixels, page.grid, r, c, scale=1, inset=0.25).min()

    assert all(darkest(0, c) < 60 for c in range(3))
    assert all(120 < darkest(r, c) < 200 for r in (1, 2) for c in range(3))


@pytest.mark.parametrize("size", ["letter", "a4", "a5", "legal-landscape", "a4-landscape"])
@pytest.mark.parametrize("count, side", [(3, 8), (20, 15), (40, 20), (60, 25)])
def test_nothing_overlaps_and_everything_stays_on_the_page(size, count, side):
    words = draw(count, seed=count, max_len=9)
    fields = ("Name", "Class", "Date", "Your teacher's name and the date you hand this in")
    labels = [w.capitalize() + (" extra long label" if i % 7 == 0 else "")
              for i, w in enumerate(words)]
    puzzle = Puzzle("code", tuple("A" * side for _ in range(side)), ("E",),
                    tuple(Placement(label, w.upper(), 0, 0, "E") for label, w in
                          zip(labels, words)))
    page_size = paper.page_size(size)
    measure = layout.Measure()
    if size == "a5" and side >= 20:  # a pocket page: too small for these
        with pytest.raises(LayoutError, match=f"a {side}×{side} grid would print with letters"):
            layout.puzzle_page(puzzle, page_size, "A title", fields, True, measure)
        return
    page = layout.puzzle_page(puzzle, page_size, "A title", fields, True, measure)
    boxes = [(t.x, t.baseline - t.size, t.x + measure.width(t.text, t.size, t.bold),
              t.baseline + t.size * 0.25) for t in page.texts]
    boxes += [(f.label.x, f.label.baseline - f.label.size,
               max(f.line_to, f.label.x + measure.width(f.label.text, f.label.size)),
               f.label.baseline + 2) for f in page.fields]
    assert len(page.fields) == len(fields)
    grid = page.grid
    boxes.append((grid.x, grid.y, grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell))
    edge = layout.margin(page_size) - 0.01
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        assert edge <= x0 and x1 <= page_size[0] - edge, boxes[i]
        assert edge - 12 <= y0 and y1 <= page_size[1] - edge + 12, boxes[i]
        for other in boxes[i + 1:]:
            assert x1 <= other[0] or other[2] <= x0 or y1 <= other[1] or other[3] <= y0, \
                (boxes[i], other)
    assert grid.letter_size >= layout.MIN_LETTER
    assert sum(t.text in labels for t in page.texts) == count


def test_a_forty_grid_prints_on_letter_and_a4_but_not_on_a5():
    puzzle = Puzzle("c", tuple("A" * 40 for _ in range(40)), ("E",),
                    tuple(Placement(w, w.upper(), 0, 0, "E") for w in draw(90, seed=5)))
    for size in ("letter", "a4"):
        page = layout.puzzle_page(puzzle, paper.page_size(size))
        assert page.grid.letter_size >= layout.MIN_LETTER
    with pytest.raises(LayoutError) as caught:
        layout.puzzle_page(puzzle, paper.page_size("a5"))
    assert str(caught.value).startswith("a 40×40 grid would print with letters ")
    assert "pt high on the a5 page; 7 pt is the smallest that reads well. Use a larger page " \
           "(-s), a smaller grid or fewer words." in str(caught.value)


def test_a_title_too_long_for_the_page_is_refused_not_squeezed():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError, match='the title "W+" is too long to print on one line'):
        layout.puzzle_page(puzzle, paper.page_size("a5"), "W" * 200)
    page = layout.puzzle_page(puzzle, paper.page_size("a5"), "W" * 30)
    assert layout.MIN_TEXT <= page.texts[0].size < layout.TITLE_SIZE


def test_text_the_font_cannot_print_is_refused_not_printed_as_boxes():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError) as caught:
        layout.puzzle_page(puzzle, paper.page_size("letter"), "Spring 🌸 春")
    assert str(caught.value) == ('the title "Spring 🌸 春" has characters the bundled font '
                                 "cannot print (🌸 春); leave them out.")
    # A puzzle read from a JSON document may carry any label.
    odd = Puzzle("c", ("SUN",), ("E",), (Placement("Sun ☀", "SUN", 0, 0, "E"),))
    with pytest.raises(LayoutError, match='the word "Sun ☀" has characters the bundled font '
                                          r"cannot print \(☀\)."):
        layout.puzzle_page(odd, paper.page_size("letter"))
    page = layout.puzzle_page(puzzle, paper.page_size("letter"), "Ça déborde – Ærø Ōsaka",
                              ("Prénom",))
    assert page.texts[0].text == "Ça déborde – Ærø Ōsaka"


@pytest.mark.parametrize("spec, size", [
    ("letter", (612, 792)), ("Letter", (612, 792)), ("a4", (595.28, 841.89)),
    ("a4-landscape", (841.89, 595.28)), ("legal", (612, 1008)), ("a5", (419.53, 595.28)),
    ("792x612", (792, 612)), ("500.5 x 700", (500.5, 700)),
])
def test_page_sizes(spec, size):
    assert paper.page_size(spec) == size


@pytest.mark.parametrize("spec", ["a7", "612", "0x792", "100x100", "612x99999", "wide"])
def test_unusable_page_sizes_are_refused(spec):
    with pytest.raises(InputError):
        paper.page_size(spec)


def test_svg_and_png_write_one_file_per_page(fruit, tmp_path):
    files = pages.page_files(tmp_path / "p.svg", fruit, options())
    assert list(files) == [tmp_path / "p.svg", tmp_path / "p-key.svg"]
    assert all(data.startswith(b"<?xml") for data in files.values())
    pngs = pages.page_files(tmp_path / "p.png", fruit, options(dpi=100))
    assert list(pngs) == [tmp_path / "p.png", tmp_path / "p-key.png"]
    assert Image.open(io.BytesIO(pngs[tmp_path / "p.png"])).size == (850, 1100)
    assert list(pages.page_files(tmp_path / "k.png", fruit, options(pages=("key",)))) == \
        [tmp_path / "k.png"]
    with pytest.raises(InputError, match="a resolution of 5 dpi is out of range"):
        pages.page_files(tmp_path / "p.png", fruit, options(dpi=5))
