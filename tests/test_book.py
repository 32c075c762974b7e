"""Puzzle books: page boxes, margins and gutter, page numbers, contents, solutions,
bookmarks and page labels, read from the PDF as a printer or a reader would
(pdfinfo -box, pdftotext -bbox, pypdf)."""
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import pdf_info, pdf_pages_text, pdf_words, poppler
from wordsearch.errors import InputError
from wordsearch.render import book

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


def test_a_book_with_bleed_sets_its_trim_and_bleed_boxes(made):
    data = made[0]
    for page in boxes(data):
        assert page["MediaBox"] == [0, 0, 450, 666]  # 6 x 9 in and 0.125 in all round
        assert page["BleedBox"] == [0, 0, 450, 666]
        assert page["TrimBox"] == [9, 9, 441, 657]


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
        for text, x0, y0, x1, y1 in words:
            assert bleed + left <= x0 and x1 <= bleed + width - right, (number, text, x0, x1)
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
