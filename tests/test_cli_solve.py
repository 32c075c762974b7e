"""`wordsearch solve`: its reports, answer keys, and exit codes (0 every word once,
1 a word missing or repeated, 2 a usage error), through click's CliRunner."""
import json
import re

import pytest

import wordsearch
from conftest import page_count, pdf_text

WORDS = ["sun", "moon", "star", "planet", "comet", "orbit"]


@pytest.fixture(scope="module")
def puzzle():
    return wordsearch.generate(WORDS, grid=10, seed="cli-solve")


@pytest.fixture
def doc(tmp_path, puzzle):
    path = tmp_path / "p.json"
    path.write_text(puzzle.to_json(), encoding="utf-8")
    return path


def test_a_document_reads_every_word_once(run, doc, puzzle):
    result = run("solve", str(doc))
    assert result.exit_code == 0, result.stderr
    assert "Every word reads exactly once." in result.stdout
    for p in puzzle.words:
        assert re.search(rf"^  {p.label} +1  row {p.row + 1}, column {p.col + 1}, "
                         rf"{p.direction}$", result.stdout, re.M)
    assert result.stderr == ""


def test_missing_and_repeated_words_exit_1_naming_them(run, tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("S U N X\nA B C S\nS U N U\nQ W E N\n", encoding="utf-8")
    result = run("solve", str(grid), "sun", "venus")
    assert result.exit_code == 1
    assert "venus does not read in the grid." in result.stderr
    assert "sun reads 3 times: row 1, column 1, E; row 2, column 4, S; row 3, column 1, E." \
        in result.stderr
    assert "2 of 2 words do not read exactly once: 1 missing, 1 more than once." in result.stdout


def test_words_from_a_file_and_from_standard_input(run, tmp_path, puzzle):
    rows = "\n".join(puzzle.grid) + "\n"
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    result = run("solve", "-", "--words-file", str(words), input=rows)
    assert result.exit_code == 0, result.stderr
    assert "Words (6):" in result.stdout


def test_json_report(run, doc, puzzle):
    result = run("solve", str(doc), "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["format"] == "wordsearch-solution/1" and report["every_word_once"]
    assert report["code"] == puzzle.code
    entry = report["words"][0]
    p = puzzle.words[0]
    assert entry["word"] == p.word and entry["count"] == 1
    assert entry["readings"][0] == {"row": p.row, "col": p.col, "direction": p.direction,
                                    "cells": [list(c) for c in p.cells()]}


def test_all_dictionary_words_with_a_language_or_a_file(run, tmp_path, doc):
    result = run("solve", str(doc), "--all", "--min-length", "5", "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["min_length"] == 5 and report["dictionary"] == "the English dictionary"
    found = {f["word"] for f in report["found"]}
    assert {"PLANET", "COMET", "ORBIT"} <= found
    assert all(len(w) >= 5 for w in found)
    words = tmp_path / "dict.txt"
    words.write_text("planet\ncomet\nzzzz\n", encoding="utf-8")
    result = run("solve", str(doc), "--dictionary", str(words), "--format", "json")
    report = json.loads(result.stdout)
    assert [f["word"] for f in report["found"]] == ["COMET", "PLANET"]
    assert report["dictionary"] == f"dictionary file {words}"


def test_all_on_a_grid_without_words_exits_0(run, tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("HOUSE\nXXXXX\n", encoding="utf-8")
    result = run("solve", str(grid), "--all")
    assert result.exit_code == 0, result.stderr
    assert "house" in result.stdout


def test_free_paths(run, tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("C A X\nX T X\n", encoding="utf-8")
    result = run("solve", str(grid), "cat", "--free-path", "--format", "json")
    assert result.exit_code == 0, result.stderr
    reading = json.loads(result.stdout)["words"][0]["readings"][0]
    assert reading["cells"] == [[0, 0], [0, 1], [1, 1]] and reading["direction"] is None


@pytest.mark.parametrize("name", ["key.pdf", "key.svg", "key.png"])
def test_an_answer_key_is_drawn(run, doc, tmp_path, name):
    result = run("solve", str(doc), "-o", str(tmp_path / name), "-t", "Space")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith("wrote ")
    written = tmp_path / name
    assert written.exists() and written.stat().st_size > 1000
    if name.endswith(".pdf"):
        assert page_count(written) == 1
        text = pdf_text(written)
        assert "Answer key: Space" in text and "Answer key · code cli-solve" in text


def test_a_free_path_key_is_drawn(run, tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("C A X\nX T X\n", encoding="utf-8")
    result = run("solve", str(grid), "cat", "--free-path", "-o", str(tmp_path / "k.pdf"))
    assert result.exit_code == 0, result.stderr
    assert "Answer key" in pdf_text(tmp_path / "k.pdf")


@pytest.mark.parametrize("args, message", [
    (["missing.txt", "a"], "cannot read grid file missing.txt"),
    (["g.txt"], "give the words to find"),
    (["g.txt", "a", "-o", "k.txt"], "the answer key is drawn as PDF, SVG or PNG"),
    (["g.txt", "a", "--min-length", "0", "--all"], "a minimum length of 0"),
    (["bad.txt", "a"], "grid file bad.txt, line 2: row 2 has 2 cells, but row 1 has 3"),
    (["g.txt", "a1"], '"a1" has \'1\''),
    (["g.txt", "a", "--dictionary", "nothere.txt"], "cannot read dictionary file nothere.txt"),
    (["g.txt", "a", "-o", "nofolder/k.pdf"], "cannot write nofolder/k.pdf"),
    (["big.txt", "a", "-o", "k.pdf", "-s", "a5"], "would print with letters"),
])
@pytest.mark.slow
def test_usage_errors_exit_2(run, tmp_path, args, message):
    (tmp_path / "g.txt").write_text("ABC\nDEF\n", encoding="utf-8")
    (tmp_path / "bad.txt").write_text("ABC\nDE\n", encoding="utf-8")
    (tmp_path / "big.txt").write_text(("A" * 120 + "\n") * 120, encoding="utf-8")
    result = run("solve", *args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert message in result.stderr


def test_the_group_lists_solve(run):
    result = run("--help")
    assert "solve" in result.stdout
    result = run("solve", "--help")
    assert result.exit_code == 0 and "--free-path" in result.stdout
