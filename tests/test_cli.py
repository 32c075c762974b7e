"""The command, through click's CliRunner: exit codes, messages, files."""
import json
import os

import pytest
from click.testing import CliRunner

from wordsearch.cli import main

ORIGINAL = ["-s792x612", "--title=Xyzzy", "-fName", "-fDate", "-d", "r,d"]


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def invoke(*args, input=None):
        return CliRunner().invoke(main, list(args), input=input)
    return invoke


def test_the_original_example_prints_a_text_puzzle(run):
    result = run(*ORIGINAL, "--seed", "x", "--", "Hello", "World")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Xyzzy\n\nName: ____") and "\nDate: ____" in out
    assert "Find these 2 words (directions: E, S):" in out
    assert "Hello" in out and "World" in out
    assert "Answer key (rows and columns count from 1 at the top left):" in out
    assert "code x (--seed x with the same words and options makes this puzzle again)" in out


def test_the_original_example_with_pdf_output_says_pdf_is_not_ready(run):
    result = run(*ORIGINAL, "-o", "puzzle.pdf", "--", "Hello", "World")
    assert result.exit_code == 2
    assert result.stderr == ("error: PDF output is not available yet; write NAME.json or "
                             "NAME.txt, or leave out -o to print the puzzle.\n")
    assert not os.path.exists("puzzle.pdf")


def test_json_file_output_and_report(run):
    result = run("-o", "p.json", "--seed", "abc", "sun", "moon", "star")
    assert result.exit_code == 0
    doc = json.loads(open("p.json", encoding="utf-8").read())
    assert doc["format"] == "wordsearch/1" and doc["code"] == "abc"
    assert result.stderr == f"wrote p.json: {doc['cols']}×{doc['rows']} grid, 3 words, code abc\n"
    assert run("-q", "-o", "q.json", "sun", "moon", "star").stderr == ""


def test_json_to_stdout_and_the_same_seed_gives_the_same_document(run):
    first = run("--format", "json", "--seed", "s1", "apple", "pear", "plum")
    again = run("--format", "json", "--seed", "s1", "--threads", "1", "apple", "pear", "plum")
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert json.loads(first.stdout)["code"] == "s1"


def test_text_file_output(run):
    assert run("-o", "p.txt", "sun", "moon", "star").exit_code == 0
    assert "Find these 3 words (all eight directions):" in open("p.txt", encoding="utf-8").read()


def test_words_file_with_line_numbers_and_stdin(run, tmp_path):
    (tmp_path / "words.txt").write_text("apple\n\n  pear  \nb4nana\n", encoding="utf-8")
    result = run("--words-file", "words.txt")
    assert result.exit_code == 2
    assert "error: \"b4nana\" (line 4) has '4'" in result.stderr
    ok = run("--words-file", "-", "--format", "json", "cherry", input="apple\npear\n")
    assert ok.exit_code == 0
    assert [w["word"] for w in json.loads(ok.stdout)["words"]] == ["CHERRY", "APPLE", "PEAR"]


def test_a_words_file_that_is_missing_or_not_text(run, tmp_path):
    result = run("--words-file", "nope.txt")
    assert result.exit_code == 2
    assert result.stderr == "error: cannot read words file nope.txt: No such file or directory.\n"
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfeapple")
    assert "is not UTF-8 text" in run("--words-file", "bin.txt").stderr


def test_duplicates_are_a_warning_not_an_error(run):
    result = run("--seed", "d", "ice cream", "Ice-cream", "waffle")
    assert result.exit_code == 0
    assert result.stderr == ('warning: "Ice-cream" is the same word as "ice cream" in the grid '
                             "(ICECREAM); it is listed once.\n")


@pytest.mark.parametrize("args, status, message", [
    (["-g", "5", "-d", "e", "mountain"], 1, '"mountain" (8 letters) is longer than the 5×5'),
    (["-g", "4", "--difficulty", "easy", "abcd", "efgh", "ijkl", "mnop", "qrst"], 1,
     "did not fit in the 4×4 grid"),
    (["cat", "caterpillar"], 2, '"cat" lies inside "caterpillar"'),
    (["-d", "sideways", "cat"], 2, '"sideways" is not a direction'),
    (["-g", "abc", "cat"], 2, 'grid "abc" is not a size'),
    (["-s", "big", "cat"], 2, '"big" is not a page size'),
    (["--beam", "0", "cat"], 2, "0 is not in the range"),
    (["-o", "x.doc", "cat"], 2, 'cannot tell the format of "x.doc"'),
    (["-o", "x.json", "--format", "text", "cat"], 2, "--format text does not match"),
    ([], 2, "give at least one WORD or --words-file."),
    (["--words-file", "-"], 2, "no words given"),
])
def test_failures_exit_with_a_message_and_no_traceback(run, args, status, message):
    result = run(*args)
    assert result.exit_code == status
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_failed_run_leaves_an_existing_file_untouched_and_no_temporary_files(run, tmp_path):
    (tmp_path / "p.json").write_text("precious", encoding="utf-8")
    result = run("-o", "p.json", "-g", "4", "--difficulty", "easy",
                 "abcd", "efgh", "ijkl", "mnop", "qrst")
    assert result.exit_code == 1
    assert (tmp_path / "p.json").read_text(encoding="utf-8") == "precious"
    assert sorted(os.listdir(tmp_path)) == ["p.json"]


def test_a_successful_run_replaces_the_file_whole(run, tmp_path):
    (tmp_path / "p.json").write_text("old", encoding="utf-8")
    assert run("-o", "p.json", "sun", "moon").exit_code == 0
    assert json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["rows"] >= 3
    assert sorted(os.listdir(tmp_path)) == ["p.json"]


def test_help_lists_the_original_options(run):
    for flag in ("-h", "-?", "--help"):
        out = run(flag).stdout
        for option in ("--title", "--field", "--output", "--size", "--dir", "--grid", "--seed",
                       "--beam", "--difficulty", "--words-file", "--format"):
            assert option in out
