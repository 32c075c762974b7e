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
    assert [layout.legible_side(letter, n) for n in (1, 2, 4)] == [40, 20, 20]
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
