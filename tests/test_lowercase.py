"""Puzzles printed in lower case: the grid and the list; the document keeps grid form."""
import wordsearch
from conftest import pdf_of, pdf_text
from wordsearch.render.text import render_text


def test_lowercase_prints_grid_and_list_in_lower_case_and_records_it():
    puzzle = wordsearch.generate(["Straße", "Äpfel", "Hund"], language="de", grid=8, seed="l",
                                 lowercase=True)
    doc = puzzle.to_dict()
    assert doc["case"] == "lower" and all(row == row.upper() for row in doc["grid"])
    text = render_text(puzzle)
    assert "straße" in text and "äpfel" in text and "Hund" not in text
    assert all(row.replace(" ", "") == row.replace(" ", "").lower()
               for row in text.splitlines()[:8])
    assert wordsearch.Puzzle.from_json(puzzle.to_json()) == puzzle


def test_greek_cells_take_sigma_and_the_list_its_final_form():
    puzzle = wordsearch.generate(["ΟΔΟΣ", "ήλιος", "θάλασσα"], language="el", grid=9, seed="s",
                                 lowercase=True)
    assert "".join(puzzle.printed_grid).count("ς") == 0
    assert "σ" in "".join(puzzle.printed_grid)
    labels = {puzzle.printed(p.label) for p in puzzle.words}
    assert labels == {"οδος", "ήλιος", "θάλασσα"}
    assert "οδος" in pdf_text(pdf_of(puzzle))
