"""A puzzle's or a set's pages as PageOptions ask, and the largest grid the pages
can print legibly."""
import pytest

import wordsearch
from wordsearch import lang
from wordsearch.puzzle import Sheet
from wordsearch.render import layout, measure as measuring, paper
from wordsearch.render.look import Look, PageOptions
from wordsearch.render.measure import Measure
from wordsearch.render.model import Composite, KeyPage, PuzzlePage
from wordsearch.render.style import MIN_TEXT, margin


def test_pages_come_in_the_order_asked_and_a_set_tiles_its_puzzles():
    puzzle = wordsearch.generate(["sun", "moon", "star"], seed="order")
    key, page = layout.layouts(puzzle, PageOptions(pages=("key", "puzzle")))
    assert isinstance(key, KeyPage) and isinstance(page, PuzzlePage)
    sheets = [Sheet(n, "", f"Pupil {n}", puzzle) for n in range(1, 4)]
    puzzle_pages, key_pages = layout.sheet_layouts(sheets, PageOptions(per_page=2))
    assert [len(p.parts) for p in puzzle_pages] == [2, 1]
    assert all(isinstance(p, Composite) for p in puzzle_pages)
    first = puzzle_pages[0].parts[0][2]
    assert [f.value.text for f in first.fields if f.value] == ["Pupil 1"]  # a Name line added
    assert first.body[-1].text.startswith("Puzzle 1 of 3")
    assert len(key_pages) == 3 and key_pages[0].texts[0].text == "Answer key: Pupil 1"


def test_the_largest_legible_side_shrinks_with_the_share_of_a_page():
    letter = paper.page_size("letter")
    # Two to a portrait page halve its height, four its width too: the grid's height
    # (less the header's share) is what limits it.
    # (less the header's share) is what limits it, inside each share's own margins.
    assert [layout.legible_side(letter, n) for n in (1, 2, 4)] == [40, 19, 19]
    assert layout.legible_side(letter, 1, Look(large_print=True)) < layout.legible_side(letter)


def test_a_set_asks_the_font_for_its_languages_letters_once_not_a_page(monkeypatch):
    puzzles = [wordsearch.generate(["sun", "moon", "star"], seed=f"s{n}") for n in range(3)]
    sheets = [Sheet(n, "", "", puzzle) for n, puzzle in enumerate(puzzles, start=1)]
    asked = []
    missing = Measure.missing
    monkeypatch.setattr(Measure, "missing",
                        lambda self, text, bold=False: asked.append(text) or
                        missing(self, text, bold))
    measuring._missing_letters.cache_clear()
    puzzle_pages, key_pages = layout.sheet_layouts(sheets, PageOptions())
    assert len(puzzle_pages) == 3 and len(key_pages) == 3
    assert asked.count(lang.get("en").alphabet.letters) == 1
    layout.sheet_layouts(sheets, PageOptions(look=Look(font="Gentium Plus")))
    assert asked.count(lang.get("en").alphabet.letters) == 2  # another font is asked anew


# 200 characters of ordinary words: the most the web page takes for a title.
LONG_TITLE = ("Our spring term word search about the animals of the rainforest and the ocean: "
              "where they live, what they eat, how they keep safe from harm, and the names "
              "that scientists gave to each of them long ago")


@pytest.mark.parametrize("size", ["letter", "a4"])
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_the_longest_title_the_web_takes_prints_in_every_layout(size, per_page):
    """On each tile and each key, the whole title, on no more lines than two of the
    whole page's width hold, inside the tile's or key's room."""
    assert len(LONG_TITLE) == 200
    puzzle = wordsearch.generate(["sun", "moon", "star", "comet"], grid=10, seed="tiles")
    sheets = [Sheet(n, LONG_TITLE, f"Pupil {n}", puzzle) for n in range(1, 5)]
    options = PageOptions(size=paper.page_size(size), per_page=per_page,
                          keys_per_page=per_page, fields=("Name", "Date"))
    puzzle_pages, key_pages = layout.sheet_layouts(sheets, options)
    tiles = [page for sheet in puzzle_pages
             for page in (sheet.parts if isinstance(sheet, Composite) else [(0, 0, sheet)])]
    across = 2 if per_page == 4 else 1  # tiles side by side on a portrait page
    for _, _, tile in tiles:
        title = [t for t in tile.header if t.bold]
        assert " ".join(t.text for t in title) == LONG_TITLE
        assert len(title) <= 2 * across
        edge = margin(tile.size)
        for line in title:
            width = Measure().width(line.text, line.size, True)
            assert edge <= line.x and line.x + width <= tile.size[0] - edge
            assert line.size >= MIN_TEXT
        assert all(f.label.baseline - f.label.size > title[-1].baseline for f in tile.fields)
        assert tile.grid.y > title[-1].baseline
    for page in key_pages:
        headings = " ".join(t.text for t in page.texts if t.bold)
        assert headings.count(LONG_TITLE) == len(page.grids)


def least_ink(options: PageOptions) -> float:
    """The closest any ink comes to the paper's edge in the PDF (puzzles, then keys)
    of a set of four puzzles on grids as big as the layout prints (from 10 across
    down), measured on its pages rasterised (print_check.ink)."""
    from wordsearch import export
    from wordsearch.make.classset import build_set
    from wordsearch.make.sections import split_sections
    from wordsearch.render.print_check import ink
    words = ["planet", "comet", "orbit", "galaxy", "rocket", "moon", "star", "sun"]
    for side in range(10, 5, -1):
        made = build_set(split_sections(words), copies=4, seed="edge", grid=side, beam=64,
                         jobs=1)
        try:
            data = export.files(made, export.Output(format="pdf", page=options))[None]
        except wordsearch.WordsearchError:
            continue  # too big for this share of the page: a smaller grid
        found = [page for page in ink(data) if page is not None]
        return min(min(page.left, page.top, page.right, page.bottom) for page in found)
    raise AssertionError("no grid of 6 to 10 across prints in this layout")


SAFE_SIZES = ["letter", "a4", "a5", "legal", "tabloid", "a3", "letter-landscape",
              "a4-landscape", "a5-landscape"]


def check_safe_area(name: str, per_page: int, large_print: bool) -> None:
    from wordsearch.render.style import SAFE_EDGE
    options = PageOptions(size=paper.page_size(name), per_page=per_page,
                          keys_per_page=per_page,
                          title="Space week: planets, comets and the stars at night",
                          fields=("Name", "Date"), look=Look(large_print=large_print))
    try:
        least = least_ink(options)
    except AssertionError:
        # No grid fits large print on a quarter of a small page, nor this title, two
        # fields and eight words on a quarter of a landscape A5 (10.5×7.4 cm).
        assert large_print or (name, per_page) == ("a5-landscape", 4)
        return
    # A pixel a point: ink in pixel 27 lies 27 to 28 pt from the edge.
    assert least >= SAFE_EDGE, (name, per_page, large_print, least)


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("name", ["letter", "a5"])
def test_nothing_prints_within_the_safe_edge_of_the_paper(name, per_page):
    check_safe_area(name, per_page, False)


@pytest.mark.slow
@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("name", SAFE_SIZES)
def test_nothing_prints_within_the_safe_edge_on_any_page_size(name, per_page, large_print):
    check_safe_area(name, per_page, large_print)
