"""Puzzle books: page boxes, margins and gutter, page numbers, contents, solutions,
bookmarks and page labels, read from the PDF as a printer or a reader would
(pdfinfo -box, pdftotext -bbox, pypdf); the print-on-demand check (print_check)
on books of every trim, bleed and gutter, and on faulty PDFs drawn here."""
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import pdf_info, pdf_pages_text, pdf_words, poppler
from wordsearch.errors import InputError
from wordsearch.make.classset import build_set
from wordsearch.make.sections import split_sections
from wordsearch.puzzle import Sheet
from wordsearch.render import book, layout, print_check

SECTIONS = {"Farm": "cow horse sheep goat pig hen duck",
            "Ocean": "whale shark octopus squid coral seal",
            "Space": "sun moon star comet orbit planet",
            "Trees": "oak pine birch maple willow cedar",
            "Weather": "rain snow wind cloud storm hail"}


def words_file(path: Path, sections: dict[str, str]) -> Path:
    path.write_text("".join(f"# {title}\n" + "\n".join(words.split()) + "\n"
                            for title, words in sections.items()))
    return path


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A 6x9 book with bleed, and the same book made again."""
    from click.testing import CliRunner
    from wordsearch.cli import main
    folder = tmp_path_factory.mktemp("book")
    source = words_file(folder / "lists.txt", SECTIONS)
    args = ["book", "--words-file", str(source), "--seed", "bk", "--beam", "256", "--bleed",
            "--title", "Nature Puzzles", "--author", "A. Teacher", "--subject", "Grade 3"]
    first = CliRunner().invoke(main, [*args, "-o", str(folder / "book.pdf")])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, [*args, "-o", str(folder / "again.pdf")])
    assert again.exit_code == 0, again.output
    return (folder / "book.pdf").read_bytes(), (folder / "again.pdf").read_bytes(), first.output


def boxes(data: bytes) -> list[dict[str, list[float]]]:
    pages = []
    count = int(re.search(r"Pages:\s+(\d+)", pdf_info(data)).group(1))
    for n in range(1, count + 1):
        out = poppler("pdfinfo", "-box", "-f", str(n), "-l", str(n), "@", source=data)
        pages.append({m.group(1): [float(v) for v in m.group(2).split()] for m in
                      re.finditer(r"Page\s+\d+\s+(\w+Box):\s+([\d. ]+)", out)})
    return pages


def test_a_book_with_bleed_has_it_on_the_outside_top_and_bottom_only(made):
    data = made[0]
    for number, page in enumerate(boxes(data), start=1):
        # 6.125 x 9.25 in: 0.125 in on the outside, top and bottom, none at the spine,
        # which is the left of a right-hand (odd) page and the right of a left-hand one.
        assert page["MediaBox"] == [0, 0, 441, 666]
        assert page["BleedBox"] == [0, 0, 441, 666]
        assert page["TrimBox"] == ([0, 9, 432, 657] if number % 2 else [9, 9, 441, 657])


@pytest.mark.slow
def test_without_bleed_the_trim_box_is_the_page(tmp_path, run):
    source = words_file(tmp_path / "l.txt", dict(list(SECTIONS.items())[:2]))
    result = run("book", "--words-file", str(source), "--trim", "a5", "--seed", "a",
                 "-o", "b.pdf", "-q")
    assert result.exit_code == 0, result.output
    for page in boxes(Path("b.pdf").read_bytes()):
        assert page["TrimBox"] == page["MediaBox"] == [0, 0, 419.53, 595.28]


def test_the_same_book_gives_the_same_bytes(made):
    assert made[0] == made[1]


def test_nothing_prints_in_the_margins_or_the_gutter(made):
    data = made[0]
    bleed, width, height = 9.0, 432.0, 648.0
    pages = pdf_words(data)
    inside = book.gutter(len(pages))
    assert inside == 0.375 * 72
    for number, words in enumerate(pages, start=1):
        assert words, number
        left = inside if number % 2 else book.OUTSIDE
        right = book.OUTSIDE if number % 2 else inside
        shift = 0.0 if number % 2 else bleed  # the bleed is on the outside only
        for text, x0, y0, x1, y1 in words:
            assert shift + left <= x0 and x1 <= shift + width - right, (number, text, x0, x1)
            assert bleed + book.OUTSIDE <= y0 and y1 <= bleed + height - book.OUTSIDE, \
                (number, text, y0, y1)


def folio(words, height: float) -> str:
    """The page number: the lowest word on the page."""
    return max(words, key=lambda w: w[4])[0]


def test_page_numbers_run_in_order_and_match_the_page_labels(made):
    data = made[0]
    pages = pdf_words(data)
    assert [folio(words, 666) for words in pages[1:]] == [str(n) for n in
                                                         range(2, len(pages) + 1)]
    assert PdfReader(io.BytesIO(data)).page_labels == [str(n) for n in
                                                      range(1, len(pages) + 1)]


def test_the_title_page_and_the_metadata(made):
    data = made[0]
    assert pdf_pages_text(data)[0].split("\n")[:3] == ["Nature Puzzles", "Grade 3",
                                                       "A. Teacher"]
    info = pdf_info(data)
    for line in ("Title:           Nature Puzzles", "Author:          A. Teacher",
                 "Subject:         Grade 3"):
        assert line in info


def contents(data: bytes) -> list[tuple[str, int]]:
    lines = pdf_pages_text(data)[1].splitlines()
    assert lines[0] == "Contents"
    return [(m.group(1), int(m.group(2))) for m in
            (re.fullmatch(r"(.+) (\d+)", line) for line in lines[1:-1])]


def test_the_contents_point_at_the_right_pages(made):
    data = made[0]
    texts = pdf_pages_text(data)
    entries = contents(data)
    assert [title for title, _ in entries] == [f"{n}. {t}" for n, t in
                                               enumerate(SECTIONS, 1)] + ["Solutions"]
    for title, page in entries[:-1]:
        assert texts[page - 1].startswith(title + "\n"), (title, page)
    solutions = entries[-1][1]
    assert "Answer key" not in texts[solutions - 2] and texts[solutions - 1].startswith("1. Farm")
    # Each line is a link to its page, and the bookmarks say the same.
    reader = PdfReader(io.BytesIO(data))
    links = [annotation.get_object() for annotation in reader.pages[1]["/Annots"]]
    named = reader.named_destinations
    targets = [reader.get_destination_page_number(named[link["/Dest"]]) + 1 for link in links]
    assert targets == [page for _, page in entries]
    # Each link covers its line: the title's words lie inside its rectangle.
    words = pdf_words(data)[1]
    for link, (title, _) in zip(links, entries):
        x0, y0, x1, y1 = (float(v) for v in link["/Rect"])
        first = next(w for w in words if w[0] == title.split()[0])
        assert x0 <= first[1] and 666 - y1 <= first[2] and first[4] <= 666 - y0 + 1, title
        words.remove(first)
    assert [(o.title, reader.get_destination_page_number(o) + 1) for o in reader.outline] == \
        [("Contents", 2), *entries]


def test_every_solution_matches_its_puzzle_by_code_and_page(made):
    data = made[0]
    texts = pdf_pages_text(data)
    entries = contents(data)[:-1]
    solutions = "\n".join(texts[contents(data)[-1][1] - 1:])
    for n, (title, page) in enumerate(entries, start=1):
        code = re.search(r"code (\S+)", texts[page - 1]).group(1)
        assert code == f"bk-{n}"
        assert f"Puzzle {n} of {len(entries)} · page {page} · code {code}" in solutions
        # The puzzle's grid rows are the solution's rows (word letters and filler alike).
        rows = [line for line in texts[page - 1].splitlines() if re.fullmatch(r"([A-Z] )+[A-Z]", line)]
        assert rows and all(row in solutions for row in rows), title


def test_a_book_under_24_pages_gets_a_warning(made):
    assert "warning: the book has 9 pages; print-on-demand services need at least 24." \
        in made[2]
    # Printed one to a page already: the warning asks only for more puzzles.
    assert "need at least 24. Add puzzles.\n" in made[2]


def test_a_book_two_to_a_page_is_told_it_may_print_one_instead(tmp_path, run):
    source = words_file(tmp_path / "l.txt", {"Sky": "sun moon star", "Sea": "fish crab seal"})
    result = run("book", "--words-file", str(source), "--seed", "two", "--beam", "32",
                 "--per-page", "2", "-o", "b.pdf")
    assert result.exit_code == 0, result.output
    assert "Add puzzles, or print one to a page." in result.output


@pytest.mark.slow
def test_a_book_of_24_pages_or_more_gets_none(tmp_path, run):
    sections = {f"List {n}": "sun moon star comet" for n in range(1, 19)}
    source = words_file(tmp_path / "l.txt", sections)
    result = run("book", "--words-file", str(source), "--seed", "many", "--beam", "32",
                 "--solutions-per-page", "6", "-o", "b.pdf")
    assert result.exit_code == 0, result.output
    # title, contents, 18 puzzles, 3 pages of six solutions
    assert "wrote b.pdf: 23 pages" in result.output and "warning: the book has 23" in result.output
    sections["List 19"] = "rain snow wind hail"
    words_file(tmp_path / "l.txt", sections)
    result = run("book", "--words-file", str(source), "--seed", "many", "--beam", "32",
                 "--solutions-per-page", "4", "-o", "b.pdf")
    assert "wrote b.pdf: 26 pages" in result.output and "warning" not in result.output


@pytest.mark.slow
def test_two_puzzles_a_page_and_six_solutions_a_page(tmp_path, run):
    source = words_file(tmp_path / "l.txt", SECTIONS)
    result = run("book", "--words-file", str(source), "--seed", "two", "--per-page", "2",
                 "--solutions-per-page", "6", "--trim", "8.5x11", "-o", "b.pdf", "-q")
    assert result.exit_code == 0, result.output
    texts = pdf_pages_text(Path("b.pdf").read_bytes())
    assert len(texts) == 1 + 1 + 3 + 1  # title, contents, 5 puzzles two a page, 5 solutions
    assert texts[2].startswith("1. Farm") and "2. Ocean" in texts[2]
    assert all(f"code two-{n}" in texts[5] for n in range(1, 6))


@pytest.mark.parametrize("pages, inches", [(24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5),
                                           (301, 0.625), (500, 0.625), (501, 0.75),
                                           (700, 0.75), (701, 0.875), (828, 0.875)])
def test_the_gutter_grows_with_the_page_count(pages, inches):
    assert book.gutter(pages) == inches * 72
    right_hand, left_hand = (book.live_frame(n, pages) for n in (3, 4))
    assert right_hand.left == left_hand.right == inches * 72
    assert right_hand.right == left_hand.left == book.OUTSIDE >= 0.375 * 72


def test_book_options_are_checked(run, tmp_path):
    with pytest.raises(InputError, match='"7x10" is not a trim size'):
        book.BookOptions(trim="7x10")
    with pytest.raises(InputError, match="4 or 6 solutions to a page, not 5"):
        book.BookOptions(solutions_per_page=5)
    source = words_file(tmp_path / "l.txt", SECTIONS)
    result = run("book", "--words-file", str(source), "-o", "book.txt")
    assert result.exit_code == 2 and 'a book is a PDF; name it NAME.pdf, not "book.txt"' \
        in result.output
    assert run("book", "-o", "b.pdf").exit_code == 2  # no words file


def repeated_book(count: int, options: book.BookOptions) -> bytes:
    """A book of `count` puzzles: two made once, printed again and again (the layout
    and the rules depend on the page count, not on which puzzles)."""
    sections = split_sections([(1, "# Farm"), (2, "cow"), (3, "horse"), (4, "sheep"),
                               (5, "# Sea"), (6, "whale"), (7, "shark"), (8, "squid")])
    made = build_set(sections, seed="rep", beam=64, jobs=1,
                     min_grid=layout.legible_side(options.trim_size, options.per_page,
                                                  options.look) // 2)
    sheets = [Sheet(k + 1, made.sheets[k % 2].title, "", made.sheets[k % 2].puzzle)
              for k in range(count)]
    return book.pdf(book.book_pages(sheets, options))


def puzzles_for(pages: int, options: book.BookOptions) -> int:
    """The fewest puzzles that make a book of at least `pages` pages."""
    count = 1
    while book._Plan.of(count, options).total < pages:
        count += 1
    return count


@pytest.mark.slow
def test_a_plain_book_has_no_bookmarks_links_or_metadata_and_keeps_the_rules(run, tmp_path):
    options = book.BookOptions(trim="6x9", bleed=True, plain=True)
    data = repeated_book(puzzles_for(24, options), options)
    reader = PdfReader(io.BytesIO(data))
    assert reader.outline == [] and reader.metadata is None
    assert not any(page.get("/Annots") for page in reader.pages)
    assert print_check.check_book(data) == []
    Path("plain.pdf").write_bytes(data)
    result = run("check-book", "plain.pdf")
    assert result.exit_code == 0
    assert result.stdout == "plain.pdf: keeps the print-on-demand rules.\n"


def test_the_check_names_what_a_service_would_refuse(made, run):
    Path("b.pdf").write_bytes(made[0])  # 9 pages, bookmarks, links and metadata
    result = run("check-book", "b.pdf")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:3] == [
        "the book has 9 pages; a paperback has 24 to 828.",
        "the PDF has bookmarks; a print interior has none (make it plain).",
        "the PDF has metadata (title, author, producer); a print interior has none "
        "(make it plain)."]
    assert "page 2: has annotations (links); a print interior has none." in result.stdout


def faulty(pages: int, *, bleed_all_round=False, line=1.0, ink_at=36.0) -> bytes:
    """A 6x9 PDF drawn here with Cairo alone: a box `ink_at` points from each edge of
    the trim, stroked `line` wide, and bleed on all four sides if asked."""
    import cairo
    out = io.BytesIO()
    bleed = 9.0 if bleed_all_round else 0.0
    surface = cairo.PDFSurface(out, 432 + 2 * bleed, 648 + 2 * bleed)
    ctx = cairo.Context(surface)
    for _ in range(pages):
        ctx.set_line_width(line)
        ctx.rectangle(bleed + ink_at, bleed + ink_at, 432 - 2 * ink_at, 648 - 2 * ink_at)
        ctx.stroke()
        ctx.show_page()
    surface.finish()
    data = out.getvalue()
    if not bleed:
        return data
    from pypdf import PdfWriter
    from pypdf.generic import RectangleObject
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        page.trimbox = RectangleObject((9, 9, 441, 657))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


@pytest.mark.slow
def test_the_check_finds_thin_lines_ink_in_the_margins_and_bleed_at_the_spine():
    strip = [p.split(": ", 1)[1] for p in print_check.check_book(faulty(24, line=0.3))
             if p.startswith("page 1:")]
    assert strip == ["a line 0.30 pt wide; lines are at least 0.75 pt."]
    near = [p for p in print_check.check_book(faulty(24, ink_at=10)) if p.startswith("page 2:")]
    assert [p.split(" from the ")[1].split(" edge")[0] for p in near] == [
        "inside (gutter)", "outside", "top", "bottom"]
    assert near[0].startswith("page 2: ink 0.1") and near[0].endswith(
        "the inside (gutter) margin is at least 0.375 in.")
    wide = print_check.check_book(faulty(24, bleed_all_round=True))
    assert "page 1: with bleed a page is 6.125×9.25 in (0.125 in on the outside, top and " \
           "bottom), not 6.25×9.25 in." in wide
    assert "page 1: its bleed is not on the outside, top and bottom only (the inside edge " \
           "is the spine)." in wide
    assert print_check.check_book(faulty(24)) == ["the PDF has metadata (title, author, "
                                                 "producer); a print interior has none "
                                                 "(make it plain)."]


SWEEP_PAGES = (24, 151, 301, 501, 701)  # the first page count of each gutter


@pytest.mark.slow
@pytest.mark.parametrize("pages", SWEEP_PAGES)
@pytest.mark.parametrize("bleed", [False, True])
@pytest.mark.parametrize("trim", list(book.TRIMS))
def test_every_trim_bleed_and_page_count_keeps_the_print_on_demand_rules(trim, bleed, pages):
    options = book.BookOptions(trim=trim, bleed=bleed, plain=True, per_page=2,
                               solutions_per_page=6)
    data = repeated_book(puzzles_for(pages, options), options)
    assert len(PdfReader(io.BytesIO(data)).pages) >= pages
    assert print_check.check_book(data) == []


@pytest.mark.slow
@pytest.mark.parametrize("trim", list(book.TRIMS))
def test_each_trim_keeps_the_rules_at_its_least_page_count(trim):
    for per_page, solutions in ((1, 4), (2, 6)):
        options = book.BookOptions(trim=trim, bleed=trim == "6x9", plain=True,
                                   per_page=per_page, solutions_per_page=solutions)
        assert print_check.check_book(repeated_book(puzzles_for(24, options), options)) == []


@pytest.mark.slow
def test_a_book_of_clue_puzzles_prints_the_clues_and_their_words_in_its_solutions(tmp_path,
                                                                                 run):
    (tmp_path / "l.txt").write_text(
        "# Sky\nsun: it shines by day\nmoon: it shines at night\nstar: a twinkle far away\n"
        "# Sea\nfish: it swims and has fins\ncrab: it walks sideways\nseal: it barks on the "
        "rocks\n", encoding="utf-8")
    result = run("book", "--words-file", "l.txt", "--seed", "clue-book", "--beam", "32",
                 "-o", "b.pdf")
    assert result.exit_code == 0, result.output
    pages = pdf_pages_text(tmp_path / "b.pdf")
    puzzles = [page for page in pages if "Words to find" in page and " — " not in page]
    solutions = "".join(page for page in pages if " — " in page)
    assert len(puzzles) == 2 and "Sun" not in puzzles[0] + puzzles[1]
    for line in ("it shines by day — Sun", "it swims and has fins — Fish",
                 "it barks on the rocks — Seal"):
        assert line in solutions
