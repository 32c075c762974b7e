import pytest

from wordsearch.errors import InputError
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.render.look import Look
from wordsearch.render.text import columns, grid_lines, render_text


def test_columns_fill_top_to_bottom_and_stay_within_the_width():
    items = [f"word{i}" for i in range(10)]
    lines = columns(items, width=30)
    assert all(len(line) <= 30 for line in lines)
    assert lines[0].split()[:2] == ["word0", f"word{len(lines)}"]
    assert sorted(w for line in lines for w in line.split()) == sorted(items)


def test_cells_outside_the_shape_print_blank_and_filler_as_dots():
    puzzle = Puzzle("c", ("SUN.", "XAB."), ("E",), (Placement("Sun", "SUN", 0, 0, "E"),))
    assert grid_lines(puzzle) == ["S U N", "X A B"]
    assert grid_lines(puzzle, {(0, 0), (0, 1), (0, 2)}) == ["S U N", "· · ·"]


def test_the_page_has_title_fields_list_key_and_code():
    puzzle = Puzzle("k3", ("SUN", "XAB", "QRS"), ("E", "S"),
                    (Placement("Sun", "SUN", 0, 0, "E"),))
    text = render_text(puzzle, "Sky", ["Name"])
    assert text.startswith("Sky\n\nName: ____")
    assert "Find these words (1; directions: E, S):\n  Sun\n" in text
    assert "  Sun   row  1, column  1, E" in text
    assert text.endswith("3×3 grid · code k3 (the same code, words and options make this "
                         "puzzle again)\n")


def test_the_text_page_speaks_the_puzzles_language():
    import wordsearch
    text = render_text(wordsearch.generate(["gato", "perro", "niño"], language="es", grid=6,
                                           seed="t"))
    assert "Encuentra estas palabras (3; las ocho direcciones):" in text
    assert "Solución (filas y columnas se cuentan desde 1 arriba a la izquierda):" in text
    assert "fila " in text and ", columna " in text
    assert text.rstrip().endswith("(el mismo código, palabras y opciones dan esta sopa de letras "
                                  "otra vez)")
    assert "row" not in text and "grid" not in text


def test_the_text_page_hides_the_list_or_keeps_the_order_given_as_the_pages_do(run):
    puzzle = Puzzle("k4", ("ZOO", "ABC", "MNO"), ("E", "S"),
                    (Placement("Zoo", "ZOO", 0, 0, "E"), Placement("Abc", "ABC", 1, 0, "E")))
    hidden = render_text(puzzle, look=Look(hide_words=True))
    assert "Hidden words: 2 (no list: find them all) · directions: E, S\n" in hidden
    assert "Find these words" not in hidden and "  Zoo   " not in hidden.split("Answer key")[0]
    assert "Find these words (2; directions: E, S):\n  Zoo   Abc\n" in render_text(
        puzzle, look=Look(list_order="given"))
    assert "  Abc   Zoo\n" in render_text(puzzle)
    result = run("--seed", "t", "--hide-words", "--copies", "2", "sun", "moon", "star")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Hidden words: 3 (no list: find them all)") == 2
    ordered = run("--seed", "t", "--list-order", "given", "zebra", "apple", "moon")
    assert "  Zebra   Apple   Moon\n" in ordered.stdout


def test_a_clue_puzzles_text_lists_the_clues_with_blanks_and_the_key_their_words():
    puzzle = Puzzle("k3", ("CAT", "XOW", "QRL"), ("E", "SE"),
                    (Placement("Cat", "CAT", 0, 0, "E", clue="a pet that purrs"),
                     Placement("Cow", "COW", 0, 0, "SE", clue="it says moo")),
                    clue_language="en")
    text = render_text(puzzle)
    assert "1. a pet that purrs  _ _ _" in text and "2. it says moo       _ _ _" in text
    assert "Cat" not in text.split("Answer key")[0]
    assert "  1. a pet that purrs — Cat   row  1, column  1, E\n" in text
    assert "  2. it says moo — Cow        row  1, column  1, SE\n" in text
    with pytest.raises(InputError, match="a clue puzzle's list cannot be hidden"):
        render_text(puzzle, look=Look(hide_words=True))
