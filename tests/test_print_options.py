"""How a puzzle prints: large print, the font, the word list (hidden, in the order
given, counted) and the answer key's style, alone and in class sets, measured on
the PDF as a reader sees it (pdftotext -bbox, pdffonts)."""
import json
import math
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import wordsearch
from conftest import (page_count, pdf_fonts, pdf_of, pdf_pages_text, pdf_words, png_of,
                      text_height)
from wordlists import draw
from wordsearch.errors import LayoutError
from wordsearch.render import font, layout, paper
from wordsearch.render.look import Look, PageOptions
from wordsearch.render.measure import Measure
from wordsearch.render.model import GridBox

WORDS = ["apple", "banana", "cherry", "grape", "lemon", "mango", "peach", "plum", "kiwi",
         "lime", "orange", "papaya"]
GIVEN = [w.capitalize() for w in WORDS]


@pytest.fixture(scope="module")
def fruit12():
    return wordsearch.generate(WORDS, seed="print", beam=256)


def grid_letters(page_words):
    """The page's words that are grid letters: single capital letters."""
    return [w for w in page_words if len(w[0]) == 1 and w[0].isupper()]


def test_large_print_letters_are_at_least_18_pt_and_the_list_16(fruit12):
    data = pdf_of(fruit12, look=Look(large_print=True), pages=("puzzle",))
    words = pdf_words(data)[0]
    letters = grid_letters(words)
    assert len(letters) == fruit12.rows * fruit12.cols
    smallest = min(y1 - y0 for _, _, y0, _, y1 in letters)
    assert smallest >= text_height(18, bold=True) - 0.01
    listed = [w for w in words if w[0] in GIVEN]
    assert len(listed) == len(WORDS)
    assert min(y1 - y0 for _, _, y0, _, y1 in listed) >= text_height(16) - 0.01
    # The regular page of the same puzzle prints its list smaller: the test can fail.
    regular = [w for w in pdf_words(pdf_of(fruit12, pages=("puzzle",)))[0] if w[0] in GIVEN]
    assert max(y1 - y0 for _, _, y0, _, y1 in regular) < text_height(16) - 0.01


def outline_width(png: bytes, box: GridBox, scale: float) -> int:
    """Dark pixels across the grid's left border, half a cell down."""
    ink = np.asarray(Image.open(__import__("io").BytesIO(png)).convert("L")) < 128
    row = int((box.y + box.cell / 2) * scale)
    left = int((box.x - 6) * scale)
    return int(ink[row, left:left + int(12 * scale)].sum())


@pytest.mark.slow
def test_large_print_draws_heavier_lines():
    puzzle = wordsearch.generate(["sun", "moon", "star"], grid=6, seed="lines")
    widths = []
    for large in (False, True):
        options = dict(look=Look(large_print=large), pages=("puzzle",), dpi=144)
        page = layout.layouts(puzzle, PageOptions(**options))[0]
        widths.append(outline_width(png_of(puzzle, **options)[0], page.grid, 2))
    assert widths[1] >= 1.5 * widths[0] > 0


def test_a_grid_too_big_for_large_print_is_refused_saying_what_fits():
    puzzle = wordsearch.generate(WORDS, grid=20, seed="big", beam=64)
    with pytest.raises(LayoutError) as caught:
        pdf_of(puzzle, look=Look(large_print=True))
    message = str(caught.value)
    assert "in large print (grid letters of at least 18 pt) the letter page holds a grid of " \
           "at most" in message and "this puzzle's is 20×20" in message
    cols, rows = map(int, message.split("at most ")[1].split(" cells")[0].split("×"))
    fitting = wordsearch.generate(WORDS, grid=f"{min(cols, rows)}", seed="fits", beam=256)
    pdf_of(fitting, look=Look(large_print=True))  # what the message offers fits
    page = layout.layouts(fitting, PageOptions(look=Look(large_print=True)))[0]
    assert page.grid.letter_size >= 18


@pytest.mark.parametrize("count", [6, 10, 15, 20, 25])
def test_large_print_grid_letters_are_the_regular_pages_or_larger_and_at_least_18_pt(count):
    puzzle = wordsearch.generate(draw(count, seed=count), seed=f"lp{count}", beam=64)
    printed = 0
    for name in ("letter", "a4", "a5", "letter-landscape"):
        size = paper.page_size(name)
        regular = layout.layouts(puzzle, PageOptions(size=size, pages=("puzzle",)))[0]
        try:
            large = layout.layouts(puzzle, PageOptions(size=size, pages=("puzzle",),
                                                       look=Look(large_print=True)))[0]
        except LayoutError as refused:
            # Refused only when no arrangement gives letters that large: said so.
            assert ("smaller than the regular page's" in str(refused)
                    or "holds a grid of at most" in str(refused)), str(refused)
            continue
        printed += 1
        assert large.grid.letter_size >= max(regular.grid.letter_size, 18) - 1e-6, name
        assert min(t.size for t in large.body if not t.muted) >= 16  # the list too
    assert printed  # letter and A4 print each of these lists in large print


def test_large_print_through_the_command_exits_1_past_the_cap(run):
    result = run("--large-print", "-g", "25", "--seed", "x", "-o", "p.pdf", *WORDS)
    assert result.exit_code == 1 and "holds a grid of at most" in result.output
    assert not Path("p.pdf").exists()


def test_list_fonts_names_every_bundled_font(run):
    result = run("--list-fonts")
    assert result.exit_code == 0
    assert [line.split("  ")[0] for line in result.output.splitlines()] == list(font.FILES)


@pytest.mark.parametrize("name", ["OpenDyslexic", "opendyslexic"])
def test_a_bundled_font_by_name_is_embedded_and_subset(fruit12, name):
    fonts = pdf_fonts(pdf_of(fruit12, look=Look(font=name)))
    rows = [line.split() for line in fonts.splitlines()[2:]]
    assert rows and all(r[0].split("+")[1].startswith("OpenDyslexic") for r in rows), fonts
    assert all(r[-5:-3] == ["yes", "yes"] for r in rows), fonts  # embedded, subset
    assert all(len(r[0].split("+")[0]) == 6 for r in rows)      # a subset's tag


def own_font(tmp_path: Path) -> Path:
    """Andika renamed, as a user's own font file would be: a family no one bundles."""
    from fontTools.ttLib import TTFont
    source = Path(str(__import__("importlib.resources").resources.files("wordsearch")
                      .joinpath("fonts", "Andika-Regular.ttf")))
    ttf = TTFont(source)
    for record in ttf["name"].names:
        if record.nameID in (1, 4, 6, 16):
            record.string = {1: "Classroom Test", 4: "Classroom Test", 6: "ClassroomTest",
                             16: "Classroom Test"}[record.nameID]
    path = tmp_path / "classroom.ttf"
    ttf.save(path)
    return path


def test_a_font_file_of_ones_own_is_embedded_and_subset(fruit12, tmp_path):
    path = own_font(tmp_path)
    data = pdf_of(fruit12, look=Look(font=str(path)))
    fonts = pdf_fonts(data)
    rows = [line.split() for line in fonts.splitlines()[2:]]
    # The file's one weight, and the bold grid letters emboldened from it, which Cairo
    # embeds under a name of its own: no other font.
    assert sorted(r[0].split("+")[1] for r in rows) == ["CairoFont-0-0", "ClassroomTest"]
    assert all(r[-5:-3] == ["yes", "yes"] for r in rows), fonts
    assert data == pdf_of(fruit12, look=Look(font=str(path)))
    measure, andika = Measure.of("Classroom Test"), Measure.of("Andika")
    assert measure.width("WMIl", 10, True) == andika.width("WMIl", 10)  # its own shapes


def test_a_font_lacking_a_letter_of_the_puzzle_is_refused_naming_it(run):
    result = run("--language", "ru", "--font", "OpenDyslexic", "-o", "r.pdf", "кошка",
                 "собака")
    assert result.exit_code == 2
    assert ("error: the font OpenDyslexic has no letter 'А', which Russian puzzles use"
            in result.output) and "(option --font)" in result.output
    assert not Path("r.pdf").exists()


def test_the_word_count_is_shown_and_hide_words_prints_only_the_count(fruit12):
    shown = pdf_pages_text(pdf_of(fruit12))[0]
    assert "Words to find: 12" in shown and all(w in shown for w in GIVEN)
    hidden = pdf_pages_text(pdf_of(fruit12, look=Look(hide_words=True)))
    assert "Hidden words: 12 (no list: find them all)" in hidden[0]
    assert not any(w in hidden[0] for w in GIVEN)
    assert all(w in hidden[1] or w.upper() in hidden[1] for w in ["Answer"])  # the key stays


def listed(page_text: str) -> list[str]:
    return [line for line in page_text.splitlines() if line in GIVEN]


def test_list_order_given_keeps_the_order_of_the_words(fruit12):
    data = pdf_of(fruit12, look=Look(list_order="given"), pages=("puzzle",))
    columns = [w for w in pdf_words(data)[0] if w[0] in GIVEN]
    # Filled top to bottom, column by column: sort by column, then by line.
    in_order = [w[0] for w in sorted(columns, key=lambda w: (round(w[1]), w[2]))]
    assert in_order == GIVEN
    alphabetical = [w for w in pdf_words(pdf_of(fruit12, pages=("puzzle",)))[0] if w[0] in GIVEN]
    assert [w[0] for w in sorted(alphabetical, key=lambda w: (round(w[1]), w[2]))] == \
        sorted(GIVEN)


def test_a_letters_only_key_prints_the_words_letters_and_nothing_else(fruit12):
    cells = {cell for p in fruit12.words for cell in p.cells()}
    for style, count in (("outline", fruit12.rows * fruit12.cols), ("letters", len(cells))):
        data = pdf_of(fruit12, look=Look(key_style=style), pages=("key",))
        assert len(grid_letters(pdf_words(data)[0])) == count, style
    page = layout.layouts(fruit12, PageOptions(look=Look(key_style="letters"),
                                                      pages=("key",)))[0]
    png = png_of(fruit12, look=Look(key_style="letters"), pages=("key",), dpi=72)[0]
    rgb = np.asarray(Image.open(__import__("io").BytesIO(png)).convert("RGB")).astype(int)
    coloured = np.abs(rgb - rgb.mean(axis=2, keepdims=True)).max(axis=2) > 40
    assert not coloured.any(), "a letters-only key draws no coloured outline"
    assert page.look.key_style == "letters"


OPTIONS = [("--large-print",), ("--font", "OpenDyslexic"), ("--hide-words",),
           ("--list-order", "given"), ("--key-style", "letters"), ("--per-page", "2"),
           ("--per-page", "4")]


@pytest.mark.slow
@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: " ".join(o))
def test_every_print_option_works_in_a_class_set(run, option):
    args = ["--copies", "4", "--seed", "set", "-g", "8", "--beam", "64", "-q", *option,
            "sun", "moon", "star", "comet", "orbit", "venus"]
    result = run(*args, "-j", "1", "-o", "set.pdf")  # no process pool: quicker
    assert result.exit_code == 0, result.output
    data = Path("set.pdf").read_bytes()
    per_page = int(option[1]) if option[0] == "--per-page" else 1
    assert page_count(data) == 2 * math.ceil(4 / per_page)
    texts = pdf_pages_text(data)
    codes = [f"code set-{n}" for n in range(1, 5)]
    puzzle_text = "".join(texts[:len(texts) // 2])
    key_text = "".join(texts[len(texts) // 2:])
    assert all(code in puzzle_text and code in key_text for code in codes)
    if option == ("--hide-words",):
        assert "Hidden words: 6" in puzzle_text and "Venus" not in puzzle_text
    else:
        assert puzzle_text.count("Words to find: 6") == 4
    if option[0] == "--font":
        assert "OpenDyslexic" in pdf_fonts(data) and "Andika" not in pdf_fonts(data)
    assert run(*args, "-o", "again.pdf").exit_code == 0
    assert Path("again.pdf").read_bytes() == data  # byte-identical for the same code, any jobs


@pytest.mark.slow
def test_four_to_a_page_puts_each_puzzle_and_its_code_in_its_quarter(run):
    result = run("--copies", "4", "--per-page", "4", "--seed", "q", "-g", "7", "-q",
                 "-o", "q.pdf", "sun", "moon", "star", "comet")
    assert result.exit_code == 0, result.output
    data = Path("q.pdf").read_bytes()
    width, height = paper.page_size("letter")
    for page in pdf_words(data):  # the puzzle page, then the key page
        for n in range(1, 5):
            # A copy made again to keep the set's copies apart has the code q-N.2.
            x0, y0, x1, y1 = next(w[1:] for w in page if w[0].split(".")[0] == f"q-{n}")
            column, row = (n - 1) % 2, (n - 1) // 2
            assert column * width / 2 < x0 and x1 < (column + 1) * width / 2
            assert row * height / 2 < y0 and y1 < (row + 1) * height / 2
        assert len(grid_letters(page)) == 4 * 7 * 7


CATS = ["cat", "kitten", "whiskers", "paw", "tail", "purr", "milk", "mouse", "yarn", "meow",
        "tabby", "fur", "claw", "nap", "cream"]


def test_an_automatic_shape_grows_no_bigger_than_large_print_can_print(run):
    a5 = paper.page_size("a5")
    assert layout.legible_side(a5, 1, Look(large_print=True)) == 11
    assert layout.legible_side(a5) == 30  # regular print: the likeness's own bound
    result = run("--large-print", "-s", "a5", "-m", "cat", "--seed", "c", "-o", "cat.json",
                 *CATS)
    assert result.exit_code == 0, result.stderr
    doc = json.loads(open("cat.json", encoding="utf-8").read())
    assert max(doc["rows"], doc["cols"]) <= 11
    regular = run("-s", "a5", "-m", "cat", "--seed", "c", "-o", "big.json", *CATS)
    assert json.loads(open("big.json", encoding="utf-8").read())["rows"] > 11
