"""The puzzle page: nothing overlaps, nothing prints too small, and what cannot be
printed legibly is refused before a file is touched."""
import re

import pytest

import wordsearch
from wordlists import draw
from wordsearch.errors import InputError, LayoutError
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render import paper, style
from wordsearch.render.look import Look
from wordsearch.render.measure import Measure
from wordsearch.render.puzzle_page import puzzle_page


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
    measure = Measure()
    if size == "a5" and side >= 20:  # a pocket page: too small for these
        with pytest.raises(LayoutError, match=f"a {side}×{side} grid would print with letters"):
            puzzle_page(puzzle, page_size, "A title", fields, True, measure)
        return
    page = puzzle_page(puzzle, page_size, "A title", fields, True, measure)
    assert len(page.fields) == len(fields)
    _assert_inside_and_apart(page, measure)
    grid = page.grid
    assert grid.letter_size >= style.MIN_LETTER
    assert sum(t.text in labels for t in page.texts) == count


def _assert_inside_and_apart(page, measure):
    """Every text, field and the grid inside the page's margins (the footer in the
    bottom one), and none overlapping another."""
    boxes = [(t.x, t.baseline - t.size, t.x + measure.width(t.text, t.size, t.bold),
              t.baseline + t.size * 0.25) for t in page.texts]
    boxes += [(f.label.x, f.label.baseline - f.label.size,
               max(f.line_to, f.label.x + measure.width(f.label.text, f.label.size)),
               f.label.baseline + 2) for f in page.fields]
    grid = page.grid
    boxes.append((grid.x, grid.y, grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell))
    edge = style.margin(page.size) - 0.01
    reach = max(12, page.look.style.footer * 1.25)  # the footer, in the bottom margin
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        assert edge <= x0 and x1 <= page.size[0] - edge, boxes[i]
        assert edge - 12 <= y0 and y1 <= page.size[1] - edge + reach, boxes[i]
        for other in boxes[i + 1:]:
            assert x1 <= other[0] or other[2] <= x0 or y1 <= other[1] or other[3] <= y0, \
                (boxes[i], other)


def test_a_forty_grid_prints_on_letter_and_a4_but_not_on_a5():
    puzzle = Puzzle("c", tuple("A" * 40 for _ in range(40)), ("E",),
                    tuple(Placement(w, w.upper(), 0, 0, "E") for w in draw(90, seed=5)))
    for size in ("letter", "a4"):
        page = puzzle_page(puzzle, paper.page_size(size))
        assert page.grid.letter_size >= style.MIN_LETTER
    with pytest.raises(LayoutError) as caught:
        puzzle_page(puzzle, paper.page_size("a5"))
    assert str(caught.value).startswith("a 40×40 grid would print with letters ")
    assert "pt high on the a5 page; 7 pt is the smallest that reads well. Use a larger page " \
           "size, a smaller grid or fewer words." in str(caught.value)
    assert caught.value.option == "size"


# 200 characters of ordinary words: the most the web page takes for a title.
LONG_TITLE = ("Our spring term word search about the animals of the rainforest and the ocean: "
              "where they live, what they eat, how they keep safe from harm, and the names "
              "that scientists gave to each of them long ago")
assert len(LONG_TITLE) == 200


@pytest.mark.parametrize("size", ["letter", "a4"])
@pytest.mark.parametrize("large_print", [False, True])
def test_a_long_title_breaks_onto_two_balanced_lines_above_the_fields(size, large_print):
    # Large print's grid is no smaller than the regular page's: under a title of two
    # lines at 30 pt, a smaller one.
    side = 9 if large_print else 12
    puzzle = wordsearch.generate(draw(12, seed=2, max_len=8), grid=side, seed="long")
    measure = Measure()
    page = puzzle_page(puzzle, paper.page_size(size), LONG_TITLE, ("Name", "Date"), True,
                       measure, look=Look(large_print=large_print))
    first, second = page.header[:2]
    assert f"{first.text} {second.text}" == LONG_TITLE
    assert first.size == second.size >= style.MIN_TEXT and first.bold and second.bold
    assert second.baseline - first.baseline == pytest.approx(first.size * style.TITLE_LEADING)
    widths = [measure.width(t.text, t.size, True) for t in (first, second)]
    assert abs(widths[0] - widths[1]) < 0.1 * max(widths)  # balanced, not one full, one short
    assert all(f.label.baseline - f.label.size > second.baseline for f in page.fields)
    _assert_inside_and_apart(page, measure)


def test_a_title_that_fills_one_line_keeps_it_and_a_longer_one_takes_two():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    letter = paper.page_size("letter")
    short = puzzle_page(puzzle, letter, "Sun and moon")
    assert short.header[0].size == style.TITLE_SIZE and len(short.header) == 1
    slightly = puzzle_page(puzzle, letter, LONG_TITLE[:55])  # a little smaller, one line
    assert len(slightly.header) == 1 and 18 <= slightly.header[0].size < style.TITLE_SIZE
    longer = puzzle_page(puzzle, letter, LONG_TITLE[:90])
    assert len(longer.header) == 2 and longer.header[0].size > 18
    # The grid makes room for the second line.
    assert longer.grid.y > short.grid.y or longer.grid.cell < short.grid.cell


def test_a_title_too_long_for_two_lines_is_refused_saying_how_much_fits():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError) as caught:
        puzzle_page(puzzle, paper.page_size("letter"), f"{LONG_TITLE} {LONG_TITLE}")
    message = str(caught.value)
    assert message.startswith('the title "Our spring term')
    fit = int(re.search(r"is too long to print on 2 lines of this page: (\d+) of its 401 "
                        r"characters fit; shorten it or use a wider page\.$", message)[1])
    assert caught.value.option == "title"
    assert 250 < fit < 401
    puzzle_page(puzzle, paper.page_size("letter"), LONG_TITLE + LONG_TITLE[:fit - 201])
    # One word cannot break: it is set smaller, down to the smallest size, as before.
    with pytest.raises(LayoutError, match=r'the title "W{60}…" is too long to print on 2 lines '
                                          r"of this page: \d+ of its 200 characters fit"):
        puzzle_page(puzzle, paper.page_size("a5"), "W" * 200)
    page = puzzle_page(puzzle, paper.page_size("a5"), "W" * 30)
    assert len(page.header) == 1 and style.MIN_TEXT <= page.texts[0].size < style.TITLE_SIZE


def test_text_the_font_cannot_print_is_refused_not_printed_as_boxes():
    puzzle = wordsearch.generate(["sun", "moon"], seed="t")
    with pytest.raises(LayoutError) as caught:
        puzzle_page(puzzle, paper.page_size("letter"), "Spring 🌸 春")
    assert str(caught.value) == ('the title "Spring 🌸 春" has characters the font Andika '
                                 "cannot print (🌸 春); leave them out.")
    # A puzzle read from a JSON document may carry any label.
    odd = Puzzle("c", ("SUN",), ("E",), (Placement("Sun ☀", "SUN", 0, 0, "E"),))
    with pytest.raises(LayoutError, match='the word "Sun ☀" has characters the font Andika '
                                          r"cannot print \(☀\)."):
        puzzle_page(odd, paper.page_size("letter"))
    page = puzzle_page(puzzle, paper.page_size("letter"), "Ça déborde – Ærø Ōsaka",
                              ("Prénom",))
    assert page.texts[0].text == "Ça déborde – Ærø Ōsaka"


# Clue lists: numbered clues in their own font, a blank a letter of each word.

CLUED = ["kitten: a baby cat", "clock: it says 10:30", "puppy: a young dog",
         "owl: a bird awake at night"]


def test_a_clue_list_prints_numbered_clues_with_a_blank_a_letter():
    puzzle = wordsearch.generate(CLUED, seed="clue-page")
    page = puzzle_page(puzzle, paper.page_size("letter"))
    texts = [t.text for t in page.body]
    # sorted by clue, never by the hidden word (that would give its first letter away)
    assert texts[1:5] == ["1. a baby cat", "2. a bird awake at night", "3. a young dog",
                          "4. it says 10:30"]
    assert not any(p.label in " ".join(texts) for p in puzzle.words)
    assert len(page.write_ins) == sum(len(p.word) for p in puzzle.words)
    # each entry's blanks on its own line, all starting in one column after the clues
    entries = page.body[1:5]
    starts = {round(b.x0, 3) for b in page.write_ins if abs(b.y - entries[0].baseline) < 5}
    assert len(starts) == len("KITTEN")
    first = min(b.x0 for b in page.write_ins)
    measure = Measure.of(page.family)
    assert all(first > t.x + measure.width(t.text, t.size) for t in entries)
    for entry, word in zip(entries, ["KITTEN", "OWL", "PUPPY", "CLOCK"]):
        on_line = [b for b in page.write_ins if 0 < b.y - entry.baseline < entry.size]
        assert len(on_line) == len(word), entry.text
        assert min(b.x0 for b in on_line) == pytest.approx(first)


def test_clues_in_another_language_print_in_its_font():
    greek = wordsearch.generate(["cat: γάτα", "dog: σκύλος", "horse: άλογο"], seed="el-clue",
                                clue_language="el")
    page = puzzle_page(greek, paper.page_size("a4"))
    clues = [t for t in page.body if t.text[:2] in ("1.", "2.", "3.")]
    assert len(clues) == 3 and {t.family for t in clues} == {"Gentium Plus"}
    assert page.family == "Andika"
    latin = wordsearch.generate(["γάτα: a cat", "σκύλος: a dog"], language="el",
                                seed="en-clue", clue_language="en")
    page = puzzle_page(latin, paper.page_size("a4"))
    assert page.family == "Gentium Plus"
    assert {t.family for t in page.body if t.text[:2] in ("1.", "2.")} == {"Andika"}


def test_a_clue_puzzles_list_cannot_be_hidden():
    puzzle = wordsearch.generate(CLUED, seed="clue-page")
    with pytest.raises(InputError) as caught:
        puzzle_page(puzzle, paper.page_size("letter"), look=Look(hide_words=True))
    assert str(caught.value).startswith("a clue puzzle's list cannot be hidden")
    assert caught.value.option == "hide_words"


def test_a_clue_the_font_cannot_print_is_refused_naming_it():
    puzzle = wordsearch.generate(["kitten: a baby cat ☃", "puppy: a dog"], seed="snow")
    with pytest.raises(LayoutError, match='the clue "1. a baby cat ☃" has characters the font '
                                          r"Andika cannot print \(☃\)"):
        puzzle_page(puzzle, paper.page_size("letter"))


def test_a_clue_too_long_for_its_line_breaks_under_its_number_clear_of_the_blanks():
    puzzle = wordsearch.generate(CLUED[:3] + ["calf: a young cow that drinks milk from its "
                                              "mother"], seed="long-clue")
    page = puzzle_page(puzzle, paper.page_size("letter"), look=Look(large_print=True))
    measure = Measure.of(page.family)
    listed = [t for t in page.body if t.size == page.body[0].size][1:]
    first = min(b.x0 for b in page.write_ins)
    assert all(t.x + measure.width(t.text, t.size) < first for t in listed)
    broken = [t.text for t in listed]
    at = broken.index("2. a young cow that drinks milk from its")
    assert broken[at + 1] == "mother"
    number = measure.width("2. ", listed[at].size)
    assert listed[at + 1].x == pytest.approx(listed[at].x + number)
    # the entry's blanks on its first line; the next entry under its second
    blanks = [b for b in page.write_ins if 0 < b.y - listed[at].baseline < listed[at].size]
    assert len(blanks) == len("CALF")
    assert listed[at + 2].baseline > listed[at + 1].baseline > listed[at].baseline


# Picture puzzles: the list's pictures on the page, in the PDF, the SVG and the PNG.

PICTURED = ["elephant", "giraffe", "lion", "zebra", "monkey", "koala", "panda", "cheetah"]


def picture_page(layout: str = "beside", size: str = "letter", words=PICTURED, **choices):
    puzzle = wordsearch.generate(words, seed="pic-page", pictures=layout, **choices)
    return puzzle, puzzle_page(puzzle, paper.page_size(size))


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("layout, size", [("beside", "letter"), ("only", "a5"),
                                          ("beside", "a4-landscape")])
def test_each_pictured_word_has_its_picture_in_the_safe_area(layout, size):
    from wordsearch.render.style import SAFE_EDGE
    from wordsearch.render.wordlist import PICTURE_LINES, PICTURE_PAD
    words = PICTURED[:-1] if layout == "only" else PICTURED  # no picture fits a cheetah
    puzzle, page = picture_page(layout, size, words)
    pictured = [p for p in puzzle.words if p.picture]
    assert sorted(b.name for b in page.pictures) == sorted(p.picture for p in pictured)
    list_size = next(t.size for t in page.body if t.bold)
    side = PICTURE_LINES[layout] * list_size * style.LINE_SPACING - PICTURE_PAD * list_size
    width, height = page.size
    grid = (page.grid.x, page.grid.y, page.grid.x + page.grid.cols * page.grid.cell,
            page.grid.y + page.grid.rows * page.grid.cell)
    boxes = [(b.x, b.y, b.x + b.side, b.y + b.side) for b in page.pictures]
    for box, b in zip(boxes, page.pictures):
        assert b.side == pytest.approx(side) and b.side >= 20  # over a quarter inch
        assert min(box[0], box[1], width - box[2], height - box[3]) >= SAFE_EDGE
        assert not overlaps(box, grid)
    assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    measure = Measure.of(page.family)
    for text in page.texts:  # every text clear of every picture
        span = (text.x, text.baseline - measure.cap_height(text.size),
                text.x + measure.width(text.text, text.size, text.bold), text.baseline)
        assert not any(overlaps(span, box) for box in boxes), text.text


def test_a_pictures_only_list_prints_no_word():
    from conftest import pdf_of, pdf_text
    puzzle, _ = picture_page("only", words=PICTURED[:-1])
    text = pdf_text(pdf_of(puzzle, pages=("puzzle",)))
    assert not any(p.label in text for p in puzzle.words)
    assert "Pictures: OpenMoji" in text and "CC BY-SA 4.0" in text


@pytest.mark.slow
def test_the_pictures_are_drawn_where_the_page_says_and_as_vectors():
    """Rendered at a pixel a point, the page differs from the same page without its
    pictures inside the picture boxes only, and inside each of them; the PDF holds no
    image (OpenMoji's are drawn as paths)."""
    import dataclasses
    import io

    import numpy as np
    from PIL import Image
    from pypdf import PdfReader
    from conftest import pdf_of
    from wordsearch.render import pages
    from wordsearch.render.look import PageOptions
    puzzle, page = picture_page()
    assert not PdfReader(io.BytesIO(pdf_of(puzzle, pages=("puzzle",)))).pages[0].images

    def pixels(shown) -> np.ndarray:
        png = pages.png([shown], PageOptions(dpi=72))[0]
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    drawn = np.abs(pixels(page) - pixels(dataclasses.replace(page, pictures=()))).max(axis=2) > 0
    inside = np.zeros_like(drawn)
    for b in page.pictures:
        x0, y0 = int(b.x) - 1, int(b.y) - 1
        x1, y1 = int(b.x + b.side) + 2, int(b.y + b.side) + 2
        assert drawn[y0:y1, x0:x1].sum() > b.side ** 2 / 10, b.name
        inside[y0:y1, x0:x1] = True
    assert not (drawn & ~inside).any()


def test_an_svg_page_keeps_the_pictures_as_paths():
    from wordsearch.render import pages
    from wordsearch.render.look import PageOptions
    puzzle, page = picture_page()
    plain = wordsearch.generate(PICTURED, seed="pic-page")
    with_pictures = pages.svg([page], PageOptions())[0].decode()
    without = pages.svg([puzzle_page(plain, paper.page_size("letter"))], PageOptions())[0].decode()
    assert "<image" not in with_pictures
    assert with_pictures.count("<path") > without.count("<path") + 7 * 5


def test_ones_own_png_is_embedded_at_its_own_resolution_and_fits_its_box(tmp_path):
    import io

    import cairo
    from pypdf import PdfReader
    from conftest import pdf_of, pdf_text, poppler
    own = tmp_path / "nellie.png"
    cairo.ImageSurface(cairo.FORMAT_RGB24, 300, 200).write_to_png(str(own))
    puzzle, page = picture_page(words=["elephant", "aardvark"], picture={
        "aardvark": str(own)}, size="letter")
    pdf = pdf_of(puzzle, pages=("puzzle",))
    (image,) = PdfReader(io.BytesIO(pdf)).pages[0].images
    assert image.image.size == (300, 200)
    # pdfimages -list: the image's resolution on the page gives its printed width
    row = poppler("pdfimages", "-list", "@", source=pdf).splitlines()[2].split()
    printed_width = 300 / float(row[12]) * 72
    box = next(b for b in page.pictures if b.name == str(own))
    assert printed_width == pytest.approx(box.side, rel=0.02)
    assert "Pictures: OpenMoji" in pdf_text(pdf)  # the elephant is OpenMoji's
    alone, _ = picture_page(words=["aardvark", "okapi"], picture={
        "aardvark": str(own), "okapi": str(own)})
    assert "OpenMoji" not in pdf_text(pdf_of(alone, pages=("puzzle",)))


def test_the_picture_credit_fits_a_quarter_sheet():
    from conftest import pdf_text
    from wordsearch import export
    from wordsearch.make.classset import build_set
    from wordsearch.make.sections import split_sections
    from wordsearch.render.look import PageOptions
    made = build_set(split_sections(PICTURED[:5]), copies=4, seed="quarter", pictures="beside",
                     jobs=1)
    data = export.files(made, export.Output(format="pdf", page=PageOptions(
        size=paper.page_size("letter"), per_page=4, pages=("puzzle",))))[None]
    text = " ".join(pdf_text(data).split())
    assert text.count("Pictures: OpenMoji (openmoji.org), CC BY-SA 4.0") == 4


def test_a_page_too_narrow_for_the_picture_credit_is_refused_saying_what_to_do():
    puzzle = wordsearch.generate(["cat", "dog"], seed="narrow", pictures="beside")
    with pytest.raises(LayoutError, match="the credit OpenMoji's licence asks for .* does not "
                                          "fit on 2 lines .* use a larger page"):
        puzzle_page(puzzle, (200.0, 400.0))


def test_a_clue_list_with_pictures_keeps_its_blanks_clear_of_them():
    puzzle = wordsearch.generate(["cat: a pet that purrs", "dog: a pet that barks",
                                  "horse: you can ride it"], seed="clue-pic", pictures="beside")
    page = puzzle_page(puzzle, paper.page_size("letter"))
    assert len(page.pictures) == 3 and len(page.write_ins) == 3 + 3 + 5
    right = max(b.x + b.side for b in page.pictures)
    clues = [t for t in page.body if "pet" in t.text or "ride" in t.text]
    assert len(clues) == 3 and all(t.x > right for t in clues)
    ends = max(t.x + Measure.of(page.family).width(t.text, t.size) for t in clues)
    assert all(blank.x0 > ends for blank in page.write_ins)


def test_a_hidden_list_shows_no_pictures_and_so_no_credit():
    puzzle = wordsearch.generate(["cat", "dog"], seed="hidden", pictures="beside")
    page = puzzle_page(puzzle, paper.page_size("letter"), look=Look(hide_words=True))
    assert not page.pictures and not any("OpenMoji" in t.text for t in page.texts)
