"""Hidden-message puzzles as users see them: the puzzle page's blanks, the key's
numbered cells, the text page, and the command's --message, --no-added-words and
> lines in a words file."""
import io
import json
import math

import numpy as np
import pytest
from PIL import Image

import wordsearch
from conftest import pdf_text, png_of
from test_pages import cell_pixels
from wordsearch.render import blanks, layout, pages, puzzle_page
from wordsearch.render.measure import Measure, sheet_frame
from wordsearch.render.look import Look, PageOptions
from wordsearch.render.style import FOOTER_SIZE, LARGE_PRINT, TITLE_SIZE, margin
from wordsearch.render.text import render_text

REPTILES = ["snake", "lizard", "turtle", "gecko", "iguana", "cobra", "python", "viper"]
PUNCHLINE = "Two snakes? They were lizards."


@pytest.fixture(scope="module")
def reptiles():
    return wordsearch.generate(REPTILES, message=PUNCHLINE, seed="m1", beam=256)


def groups(blanks):
    """Blanks of one row split where the gap is wider than between letters."""
    out, last = [], None
    for blank in blanks:
        if last is None or blank.y != last.y or blank.x0 - last.x1 > blank.x1 - blank.x0:
            out.append(0)
        out[-1] += 1
        last = blank
    return out


def test_the_puzzle_page_has_a_blank_a_letter_grouped_as_the_messages_words(reptiles):
    page = puzzle_page.puzzle_page(reptiles, (612, 792))
    assert len(page.blanks) == len(reptiles.message) == 24
    assert groups(page.blanks) == [3, 6, 4, 4, 7]
    texts = [t.text for t in page.body]
    assert "Hidden message" in texts and "?" in texts and "." in texts
    grid_bottom = page.grid.y + page.grid.rows * page.grid.cell
    list_bottom = max(t.baseline for t in page.body if t.text in {"Snake", "Viper", "Cobra"})
    footer = page.body[-1]
    assert all(max(grid_bottom, list_bottom) < b.y < footer.baseline - 8 for b in page.blanks)
    edge = margin((612, 792))
    assert all(edge <= b.x0 < b.x1 <= 612 - edge for b in page.blanks)
    text = pdf_text(pages.pdf([page], PageOptions()))
    assert "Hidden message" in text and "SNAKE" not in text.split("Hidden message")[1]


def test_a_long_message_wraps_at_its_words_within_the_page():
    message = "The quick brown fox jumps over the lazy dog while seven wizards quietly hex"
    puzzle = wordsearch.generate(["fox", "dog"], message=message, grid=12, seed="long",
                                 beam=64)
    page = puzzle_page.puzzle_page(puzzle, (420, 595))  # a5
    assert len(page.blanks) == len(puzzle.message)
    rows = sorted({b.y for b in page.blanks})
    assert 2 <= len(rows) <= blanks.MESSAGE_ROWS
    assert sum(groups(page.blanks)) == len(puzzle.message)
    assert sorted(groups(page.blanks)) == sorted(len(w) for w in message.upper().split())
    edge = margin((420, 595))
    assert all(edge <= b.x0 and b.x1 <= 420 - edge for b in page.blanks)


@pytest.mark.slow
def test_the_key_tints_and_numbers_the_message_cells_and_prints_the_message(reptiles):
    chosen = dict(pages=("key",), dpi=72)
    (page,) = layout.layouts(reptiles, PageOptions(**chosen))
    rgb = np.asarray(Image.open(io.BytesIO(png_of(reptiles, **chosen)[0])).convert("RGB"))
    leftover = set(reptiles.leftover_cells())

    def tinted(r, c):
        """The tint is yellow: the cell's commonest colour (its paper, however many
        answer outlines cross it; the median was theirs in a cell four crossed) has
        little blue."""
        pixels = cell_pixels(rgb, page.grid, r, c, scale=1, inset=0.05).reshape(-1, 3)
        colours, counts = np.unique(pixels, axis=0, return_counts=True)
        return colours[counts.argmax()][2] < 200

    cells = [(r, c) for r in range(reptiles.rows) for c in range(reptiles.cols)]
    assert all(tinted(*cell) == (cell in leftover) for cell in cells)
    text = pdf_text(pages.pdf([page], PageOptions(pages=("key",))))
    assert f"Hidden message: {PUNCHLINE}" in text
    numbers = [int(w) for w in text.split() if w.isdigit()]
    assert sorted(numbers) == list(range(1, 25))


def test_the_text_page_has_the_blanks_and_the_key_the_message(reptiles):
    out = render_text(reptiles)
    # Each letter's blank apart, so that a child can count them and write in each.
    assert ("Hidden message: _ _ _   _ _ _ _ _ _?   _ _ _ _   _ _ _ _   _ _ _ _ _ _ _.\n"
            in out)
    assert f"Hidden message: {PUNCHLINE} (TWOSNAKESTHEYWERELIZARDS)\n" in out


@pytest.mark.slow
def test_the_label_is_the_languages():
    puzzle = wordsearch.generate(["gato", "perro"], language="es", message="¡Muy bien!",
                                 grid=9, seed="es", beam=64)
    assert puzzle.message == "MUYBIEN"
    page = puzzle_page.puzzle_page(puzzle, (612, 792))
    assert "Mensaje oculto" in [t.text for t in page.body]
    assert groups(page.blanks) == [3, 4]


@pytest.mark.slow
def test_the_command_hides_a_message_and_warns_of_its_length(run):
    result = run("--seed", "c", "--message", PUNCHLINE, "-o", "p.json", *REPTILES)
    assert result.exit_code == 0, result.stderr
    doc = json.loads(open("p.json", encoding="utf-8").read())
    assert doc["message"] == "TWOSNAKESTHEYWERELIZARDS" and doc["message_label"] == PUNCHLINE
    assert any(w.get("added") for w in doc["words"])
    assert "warning" not in result.stderr  # an automatic grid is the words' own size
    fixed = run("--seed", "c", "--message", PUNCHLINE, "-g", "9", "-o", "f.json", *REPTILES)
    assert "warning: the hidden message has 24 letters and the grid is 9×9: a message of 9 " \
           "to 13 letters hides best in it" in fixed.stderr
    alone = run("--seed", "c", "--message", "See you at the zoo", "-g", "15", "-o", "d.json")
    assert alone.exit_code == 0, alone.stderr
    doc = json.loads(open("d.json", encoding="utf-8").read())
    assert all(w["added"] for w in doc["words"]) and doc["message"] == "SEEYOUATTHEZOO"
    assert "warning" in alone.stderr  # 14 letters in a 15x15 grid: fewer than the side


@pytest.mark.slow
def test_with_no_added_words_the_grid_is_chosen_to_fit_or_the_run_says_what_to_change(run):
    words = REPTILES + ["tortoise", "crocodile", "chameleon"]
    made = run("--seed", "n2", "--message", "Well done you", "--no-added-words", "-o",
               "p.json", *words)
    assert made.exit_code == 0, made.stderr
    doc = json.loads(open("p.json", encoding="utf-8").read())
    assert not any(w.get("added") for w in doc["words"]) and doc["message"] == "WELLDONEYOU"
    assert wordsearch.Puzzle.from_json(json.dumps(doc)).leftover() == "WELLDONEYOU"
    failed = run("--seed", "n1", "--message", "Well done", "--no-added-words", *REPTILES[:3])
    assert failed.exit_code == 1 and "Traceback" not in failed.stderr
    assert ("the message has 8 letters, but no grid and layout of the words alone leave "
            "exactly that many cells free (the nearest leave ") in failed.stderr
    assert "Give a message of " in failed.stderr
    assert failed.stderr.rstrip().endswith("(option --no-added-words)")
    alone = run("--message", "hi", "--no-added-words")
    assert alone.exit_code == 2 and "needs words of your own" in alone.stderr
    assert alone.stderr.rstrip().endswith("(option --no-added-words)")
    lost = run("--no-added-words", "sun")
    assert lost.exit_code == 2 and "--no-added-words goes with --message" in lost.stderr


@pytest.mark.slow
def test_a_words_file_gives_each_puzzle_its_own_message(run, tmp_path):
    (tmp_path / "term.txt").write_text(
        "# Week 1\n> Well done\nsun\nmoon\nstar\n# Week 2\ncomet\norbit\nplanet\n"
        "# Week 3\n> Only the dictionary\n", encoding="utf-8")
    result = run("--seed", "t", "--words-file", "term.txt", "--message", "Set message",
                 "--copies", "2", "-g", "10", "--beam", "64", "-o", "set.json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(open("set.json", encoding="utf-8").read())
    messages = [p["message_label"] for p in doc["puzzles"]]
    assert messages == ["Well done"] * 2 + ["Set message"] * 2 + ["Only the dictionary"] * 2
    grids = [tuple(p["grid"]) for p in doc["puzzles"]]
    assert len(set(grids)) == 6  # copies of one list: the same message, other layouts
    for p in doc["puzzles"]:
        assert wordsearch.Puzzle.from_json(json.dumps(p)).leftover() == p["message"]


def test_large_print_writes_the_message_larger(reptiles):
    # Legal: on Letter, large print's list and message leave this 9×9 grid 0.4 pt under
    # the regular page's letters, and large print refuses that (test_print_options)
    regular = puzzle_page.puzzle_page(reptiles, (612, 1008))
    large = puzzle_page.puzzle_page(reptiles, (612, 1008), look=Look(large_print=True))
    assert len(large.blanks) == len(regular.blanks) == 24
    width = large.blanks[0].x1 - large.blanks[0].x0
    assert width > regular.blanks[0].x1 - regular.blanks[0].x0
    assert width >= 16 * blanks.BLANK_SHARE  # a blank for a letter of at least 16 pt
    label = next(t for t in large.body if t.text == "Hidden message")
    assert label.size >= LARGE_PRINT.field


def test_the_message_is_laid_out_once_a_page_and_ends_above_the_footer(reptiles, monkeypatch):
    laid_out = []
    block = blanks.message_block
    monkeypatch.setattr(puzzle_page, "message_block",
                        lambda *args, **kwargs: laid_out.append(block(*args, **kwargs))
                        or laid_out[-1])
    page = puzzle_page.puzzle_page(reptiles, (612, 792))
    message, = laid_out
    assert page.blanks == message.blanks
    # Its last row of blanks, and the room under them, end where the footer's begins.
    last = page.blanks[-1]
    size = (last.x1 - last.x0) / blanks.BLANK_SHARE
    frame = sheet_frame((612, 792), Measure(), TITLE_SIZE, FOOTER_SIZE)
    bottom = 792 - frame.bottom - FOOTER_SIZE * 2.5
    assert math.isclose(last.y + size * 0.6, bottom)
    label = next(t for t in page.body if t.text == "Hidden message")
    assert math.isclose(label.baseline - Measure().cap_height(label.size, True),
                        bottom - message.height)
