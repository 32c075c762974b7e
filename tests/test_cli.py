"""The command, through click's CliRunner (the `run` fixture in conftest.py): exit
codes, messages, files, single puzzles and class sets."""
import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings, strategies as st

from conftest import examples, page_count, pdf_info, pdf_pages_text, pdf_text
from test_sections import LISTS
from wordsearch.cli import main
from wordsearch.make.options import MakeOptions
from wordsearch.render.book import BookOptions
from wordsearch.render.look import Look, PageOptions

ROOT = Path(__file__).resolve().parent.parent
ORIGINAL = ["-s792x612", "--title=Xyzzy", "-fName", "-fDate", "-d", "r,d"]


@pytest.fixture
def lists(tmp_path):
    """lists.txt: two titled lists, as a teacher writes a term's words."""
    (tmp_path / "lists.txt").write_text(LISTS, encoding="utf-8")


def test_the_original_example_prints_a_text_puzzle(run):
    result = run(*ORIGINAL, "--seed", "x", "--", "Hello", "World")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Xyzzy\n\nName: ____") and "\nDate: ____" in out
    assert "Find these words (2; directions: E, S):" in out
    assert "Hello" in out and "World" in out
    assert "Answer key (rows and columns count from 1 at the top left):" in out
    assert "code x (the same code, words and options make this puzzle again)" in out


def test_the_original_example_writes_a_landscape_pdf_with_its_key(run):
    result = run(*ORIGINAL, "-o", "puzzle.pdf", "--", "Hello", "World")
    assert result.exit_code == 0, result.stderr
    info = pdf_info("puzzle.pdf")
    assert "Pages:           2" in info and "Page size:       792 x 612 pts" in info
    text = pdf_text("puzzle.pdf")
    assert text.startswith("Xyzzy\n") and "Name:" in text and "Date:" in text
    assert "Hello" in text and "World" in text and "Answer key: Xyzzy" in text
    assert result.stderr.startswith("wrote puzzle.pdf: ")


@pytest.mark.parametrize("flag, pages, first", [("--no-key", 1, "Pz"),
                                               ("--key-only", 1, "Answer key: Pz")])
def test_no_key_and_key_only(run, flag, pages, first):
    assert run("-t", "Pz", flag, "-o", "p.pdf", "sun", "moon").exit_code == 0
    assert page_count("p.pdf") == pages
    assert pdf_text("p.pdf").splitlines()[0] == first


def test_svg_and_png_pages_go_to_one_file_each(run, tmp_path):
    result = run("--seed", "v", "-o", "p.svg", "sun", "moon")
    assert result.exit_code == 0
    assert result.stderr.startswith("wrote p.svg, p-key.svg: ")
    assert run("-o", "p.png", "--dpi", "72", "--no-key", "sun", "moon").exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["p-key.svg", "p.png", "p.svg"]


def test_a_shaped_puzzle_from_a_built_in_mask_and_the_list_of_masks(run):
    names = run("--list-masks").stdout.split()
    assert len(names) >= 12 and "heart" in names
    result = run("-m", "heart", "--format", "json", "--seed", "m", "apple", "pear", "plum",
                 "grape", "lemon", "melon")
    assert result.exit_code == 0, result.stderr
    assert any("." in row for row in json.loads(result.stdout)["grid"])


def test_a_smallest_grid_for_the_automatic_size(run):
    words = ["apple", "bread", "chair", "daisy", "eagle", "flute", "grape", "horse", "igloo",
             "juice", "kite", "lemon"]
    tight = json.loads(run("--format", "json", "--seed", "k", *words).stdout)
    roomy = run("--format", "json", "--seed", "k", "--min-grid", "10", *words)
    assert roomy.exit_code == 0, roomy.stderr
    doc = json.loads(roomy.stdout)
    assert tight["rows"] < 10 and (doc["rows"], doc["cols"]) == (10, 10)


def test_text_output_honours_no_key_and_key_only(run):
    puzzle = run("--seed", "t", "--no-key", "sun", "moon").stdout
    key = run("--seed", "t", "--key-only", "sun", "moon").stdout
    assert "Find these words (2;" in puzzle and "Answer key" not in puzzle
    assert "Answer key" in key and "Find these" not in key


def test_an_illegible_page_is_refused_and_writes_nothing(run, tmp_path):
    result = run("-g", "45", "-s", "a5", "-o", "p.pdf", "sun", "moon")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: a 45×45 grid would print with letters ")
    assert os.listdir(tmp_path) == []


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
    assert "Find these words (3; all eight directions):" in open("p.txt", encoding="utf-8").read()


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
    (["--strict", "cat", "caterpillar"], 2, '"cat" lies inside "caterpillar", and the strict '
     "rule allows no word inside another"),
    (["-d", "sideways", "cat"], 2, '"sideways" is not a direction'),
    (["-g", "abc", "cat"], 2, 'the grid size "abc" is not a size'),
    (["-g", "²", "cat"], 2, 'the grid size "²" is not a size'),
    (["-g", "9" * 5000, "cat"], 2, "the grid size 999999999999… is out of range"),
    (["-o", "out.png", "--dpi", "600", "-s", "14400x14400", "cat"], 2,
     "would be 120,000×120,000 pixels; the most is 12,000 on a side"),
    (["--seed", "🎲種子", "cat"], 2, "keyboard punctuation only, not 🎲 種 子."),
    (["--seed", "s" * 100, "--copies", "2", "cat"], 2,
     "a seed for a set of 2 puzzles may have at most 96 characters"),
    (["--students", "nope.txt", "cat"], 2, "cannot read students file nope.txt"),
    (["-o", "x.pdf", "-t", "🌸", "cat"], 1, "(option -t/--title)"),
    (["-s", "big", "cat"], 2, '"big" is not a page size'),
    (["-m", "nosuch", "cat"], 2, 'no mask file "nosuch" and no built-in mask of that name'),
    (["--no-key", "--key-only", "cat"], 2, "--no-key and --key-only contradict each other"),
    (["-o", "x.png", "--dpi", "1", "cat"], 2, "a resolution of 1 dpi is out of range"),
    (["-o", "x.pdf", "--format", "json", "cat"], 2, 'the format json does not match the output '
     'file "x.pdf", which is pdf; change one of them. (option --format)'),
    (["--beam", "0", "cat"], 2, "0 is not in the range"),
    (["-o", "x.doc", "cat"], 2, 'cannot tell the format of "x.doc"'),
    (["-o", "x.json", "--format", "text", "cat"], 2, "the format text does not match"),
    (["--min-grid", "10", "-g", "12", "cat"], 2, "Choose one of them. (option --min-grid)"),
    (["--min-grid", "200", "cat"], 2, "a smallest grid side of 200 is out of range; use 3 to "
     "100 cells. (option --min-grid)"),
    ([], 2, "give at least one WORD, --words-file, --theme, --random or --message."),
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
        for option in ("--title", "--field", "--output", "--size", "--mask", "--dir", "--grid",
                       "--seed", "--beam", "--difficulty", "--words-file", "--format",
                       "--no-key", "--key-only", "--show-directions", "--list-masks"):
            assert option in out


def test_a_subcommand_name_as_the_first_word_needs_double_dash_or_make(run):
    """`wordsearch [OPTIONS] WORD...` is `wordsearch make ...`; a first word that names a
    command is a word after -- or after make itself."""
    for args in (["--", "make", "cake"], ["make", "make", "cake"], ["make", "--", "make", "cake"]):
        result = run("--format", "json", "--seed", "m", *args) if args[0] == "--" else \
            run(*args[:1], "--format", "json", "--seed", "m", *args[1:])
        assert result.exit_code == 0, (args, result.stderr)
        assert [w["word"] for w in json.loads(result.stdout)["words"]] == ["MAKE", "CAKE"]
    explicit = run("make", "--format", "json", "--seed", "m", "sun", "moon")
    implicit = run("--format", "json", "--seed", "m", "sun", "moon")
    assert explicit.exit_code == 0 and explicit.stdout == implicit.stdout


def test_help_reads_as_the_original_usage_and_lists_the_commands(run):
    result = run("--help")
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: main [make] [OPTIONS] WORD...")
    commands = result.stdout.split("Commands:\n")[1].splitlines()
    assert [line.split()[0] for line in commands] == ["book", "check-book", "db", "make",
                                                         "purge", "serve", "solve", "worker"]


def test_puzzles_and_keys_on_the_same_path_are_refused_before_any_work(run, tmp_path):
    result = run("--copies", "3", "-o", "out.pdf", "--keys", "out.pdf", "sun", "moon", "star",
                 "planet", "comet", "orbit")
    assert result.exit_code == 2
    assert result.stderr == ("error: the puzzles and the answer keys would both be written to "
                             "out.pdf; give the answer keys a file of their own. (option "
                             "--keys)\n")
    assert os.listdir(tmp_path) == []


def test_a_keys_file_in_a_missing_folder_names_it_and_leaves_no_puzzles(run, tmp_path):
    result = run("--copies", "2", "-o", "out.pdf", "--keys", "nodir/keys.pdf", "--beam", "64",
                 "sun", "moon", "star")
    assert result.exit_code == 1
    assert result.stderr == ("error: cannot write nodir/keys.pdf: the folder nodir does not "
                             "exist; create it or choose another folder.\n")
    assert os.listdir(tmp_path) == []


def test_a_folder_named_like_the_key_page_leaves_no_puzzle_page(run, tmp_path):
    (tmp_path / "out-key.svg").mkdir()
    result = run("-o", "out.svg", "sun", "moon", "star")
    assert result.exit_code == 1
    assert result.stderr == "error: cannot write out-key.svg: it is a folder; choose another name.\n"
    assert os.listdir(tmp_path) == ["out-key.svg"]


def test_a_long_output_name_the_file_system_accepts_is_written(run, tmp_path):
    name = "p" * 250 + ".pdf"
    result = run("-o", name, "sun", "moon")
    assert result.exit_code == 0, result.stderr
    assert os.listdir(tmp_path) == [name]


@pytest.mark.slow
def test_one_pdf_puzzles_first_then_keys_with_matching_codes_and_names(run, lists, tmp_path):
    (tmp_path / "names.txt").write_text("Ann Smith\n\nBo Li\nChloé Dubois\n", encoding="utf-8")
    result = run("--words-file", "lists.txt", "--students", "names.txt", "-f", "Date",
                 "--seed", "c", "-o", "class.pdf")
    assert result.exit_code == 0, result.stderr
    head, *apart = result.stderr.splitlines()
    assert head == "wrote class.pdf: 6 puzzles, set code c (puzzle codes c-1 to c-6)"
    assert [line.split(": ")[0] for line in apart] == ["  list 1", "  list 2"]
    assert all(" 3 copies share at most " in line for line in apart)
    pages = pdf_pages_text("class.pdf")
    assert len(pages) == 12
    students = ["Ann Smith", "Bo Li", "Chloé Dubois"] * 2
    titles = ["Week 1: Fruit"] * 3 + ["Week 2: Space"] * 3
    for n in range(6):
        puzzle, key = pages[n], pages[6 + n]
        assert puzzle.startswith(f"{titles[n]}\n")
        assert f"Name: {students[n]}" in puzzle and "Date:" in puzzle
        assert f"Puzzle {n + 1} of 6 · code c-{n + 1}" in puzzle
        assert key.startswith(f"Answer key: {titles[n]} · {students[n]}\n")
        assert f"Answer key {n + 1} of 6 · code c-{n + 1}" in key


@pytest.mark.slow
def test_keys_in_a_file_of_their_own_and_four_to_a_page(run, lists):
    result = run("--words-file", "lists.txt", "--copies", "5", "--keys", "keys.pdf",
                 "--keys-per-page", "4", "--seed", "k", "-o", "set.pdf")
    assert result.exit_code == 0, result.stderr
    assert page_count("set.pdf") == 10 and page_count("keys.pdf") == 3
    keys = pdf_pages_text("keys.pdf")
    codes = [re.findall(r"Answer key (\d+) of 10 · code (k-\d+)", page) for page in keys]
    assert codes == [[(str(n), f"k-{n}") for n in range(first, min(first + 4, 11))]
                     for first in (1, 5, 9)]


@pytest.mark.slow
def test_the_pdf_is_byte_identical_for_one_or_two_jobs(run, lists):
    for jobs in ("1", "2"):
        assert run("--words-file", "lists.txt", "--copies", "3", "--seed", "b", "-j", jobs,
                   "-o", f"set{jobs}.pdf").exit_code == 0
    assert open("set1.pdf", "rb").read() == open("set2.pdf", "rb").read()


def test_a_json_set(run, lists):
    result = run("--words-file", "lists.txt", "--copies", "2", "--seed", "js", "--format",
                 "json")
    doc = json.loads(result.stdout)
    assert doc["format"] == "wordsearch-set/1" and doc["code"] == "js"
    assert [p["code"] for p in doc["puzzles"]] == ["js-1", "js-2", "js-3", "js-4"]
    assert [p["title"] for p in doc["puzzles"]] == ["Week 1: Fruit"] * 2 + ["Week 2: Space"] * 2
    assert all(p["format"] == "wordsearch/1" and p["student"] == "" for p in doc["puzzles"])


def test_a_list_that_cannot_be_built_fails_the_whole_set_and_writes_nothing(run, lists, tmp_path):
    (tmp_path / "lists.txt").write_text("# Easy\nsun\nmoon\n# Too long\nsun\nextraordinary\n",
                                        encoding="utf-8")
    result = run("--words-file", "lists.txt", "-g", "8", "--copies", "2", "-o", "set.pdf")
    assert result.exit_code == 1
    assert result.stderr.startswith('error: in the puzzle "Too long" (line 4): '
                                    '"extraordinary" (line 6) (13 letters) is longer than')
    assert sorted(os.listdir(tmp_path)) == ["lists.txt"]


@pytest.mark.parametrize("args, message", [
    (["--copies", "2", "--students", "names.txt"], "give a number of copies or a list of students, not both: each "
     "student gets one copy of every list. (option --copies)"),
    (["--students", "empty.txt"], "students file empty.txt has no names; write one name per "
                                  "line."),
    (["--copies", "2", "-o", "set.svg"], "a set of puzzles, or puzzles with a keys file, are "
                                         "written as one PDF; name the output NAME.pdf, not "
                                         "SVG (or write JSON or text). (option -o/--output)"),
    (["--keys", "k.pdf", "--no-key", "-o", "s.pdf"], "--keys k.pdf writes the answer keys"),
    (["--keys", "k.pdf"], "a separate answer keys file goes with a PDF of the puzzles; name the "
                          "output NAME.pdf as well. (option --keys)"),
    (["--keys", "k.txt", "-o", "s.pdf"], 'the answer keys file is a PDF; name it NAME.pdf, not '
                                         '"k.txt". (option --keys)'),
    (["-d", "sideways", "--copies", "2"], 'error: "sideways" is not a direction'),
])
def test_set_options_that_do_not_go_together(run, lists, tmp_path, args, message):
    (tmp_path / "names.txt").write_text("Ann\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("\n  \n", encoding="utf-8")
    result = run("--words-file", "lists.txt", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_thirty_student_set(run, lists, tmp_path):
    names = [f"Student {n:02d}" for n in range(1, 31)]
    (tmp_path / "names.txt").write_text("\n".join(names), encoding="utf-8")
    (tmp_path / "week.txt").write_text("# Animals\n" + "\n".join(
        ["zebra", "tiger", "camel", "horse", "eagle", "otter", "sheep", "whale", "koala",
         "moose"]), encoding="utf-8")
    result = run("--words-file", "week.txt", "--students", "names.txt", "--keys-per-page", "4",
                 "--beam", "256", "--seed", "t30", "-o", "class.pdf")
    assert result.exit_code == 0, result.stderr
    pages = pdf_pages_text("class.pdf")
    assert len(pages) == 30 + 8
    for n, name in enumerate(names, start=1):
        assert f"Name: {name}" in pages[n - 1]
        assert f"Puzzle {n} of 30 · code t30-{n}" in pages[n - 1]
        key_page = pages[30 + (n - 1) // 4]
        assert f"Answer key: Animals · {name}" in key_page
        assert f"Answer key {n} of 30 · code t30-{n}" in key_page


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("signum, status, word, args", [
    (signal.SIGINT, 130, "interrupted", ["--copies", "200"]),
    (signal.SIGTERM, 143, "terminated", ["--copies", "200"]),
    (signal.SIGINT, 130, "interrupted", ["--jobs", "1", "--copies", "200"]),
    # One puzzle, stopped inside the C core: the elements at a beam four times the
    # default, some 10 s of packing, as at the default they are nearly done at 1.5 s.
    (signal.SIGINT, 130, "interrupted", ["--beam", "32768"]),
    ("twice", 130, "interrupted", ["--copies", "200"]),  # Ctrl-C, and again 50 ms later
])
def test_a_signal_stops_the_run_at_once_with_no_file_and_no_worker_left(
        tmp_path, signum, status, word, args):
    one_puzzle = "--copies" not in args
    words = ROOT / "tests" / "data" / ("elements.txt" if one_puzzle else "us_states.txt")
    (tmp_path / "old.pdf").write_bytes(b"last week's")
    process = subprocess.Popen([str(Path(sys.executable).with_name("wordsearch")),
                                "--words-file", str(words), *args, "-o", "old.pdf", "-q"],
                               cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    workers = children(process.pid)
    sent = time.monotonic()
    if signum == "twice":
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
        signum = signal.SIGINT
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=30)
    assert time.monotonic() - sent < 1.0
    assert process.returncode == status
    assert stderr == f"error: {word}; nothing was written.\n"
    assert sorted(os.listdir(tmp_path)) == ["old.pdf"]
    assert (tmp_path / "old.pdf").read_bytes() == b"last week's"
    time.sleep(0.3)
    assert not [pid for pid in workers if alive(pid)]
    if "--jobs" not in args and not one_puzzle:
        assert len(workers) >= 2, "the set ran in worker processes"


@pytest.mark.slow
def test_the_time_limit_stops_a_run_with_a_message(run):
    result = run("--words-file", str(ROOT / "tests" / "data" / "elements.txt"),
                 "--time-limit", "0.2", "-o", "e.pdf")
    assert result.exit_code == 1
    assert result.stderr.startswith('error: in the puzzle "The 118 chemical elements" (line 1): '
                                    "stopped at the time limit of 0.2 s while packing the words "
                                    "into the ")
    assert result.stderr.endswith("a smaller beam or a longer time limit. "
                                  "(option --time-limit)\n")
    assert not os.path.exists("e.pdf")
    bad = run("--time-limit", "0", "sun")
    assert bad.exit_code == 2 and "a time limit of 0 s is out of range" in bad.stderr


OPTION_VALUES = {
    "-t": st.text(max_size=30), "-f": st.sampled_from(["Name", "Date", "", "Ünïcode"]),
    "-o": st.sampled_from(["p.pdf", "p.svg", "p.png", "p.json", "p.txt", "p.doc", "sub/p.pdf",
                           "", ".pdf", "p"]),
    "-s": st.sampled_from(["a4", "letter-landscape", "300x300", "10x10", "huge", "a5"]),
    "-m": st.sampled_from(["heart", "star", "nosuch", "words.txt"]),
    "-d": st.sampled_from(["e", "r,d", "sideways", "N,NE,E,SE,S,SW,W,NW", ""]),
    "--difficulty": st.sampled_from(["easy", "hard", "extreme"]),
    "-g": st.sampled_from(["3", "6", "12", "8x5", "0", "abc", "200", "x"]),
    "--seed": st.text(max_size=12), "--beam": st.sampled_from(["1", "16", "64", "0", "x"]),
    "--threads": st.sampled_from(["1", "2", "0"]), "--copies": st.sampled_from(["1", "2", "0"]),
    "--keys": st.sampled_from(["k.pdf", "p.pdf", "k.txt"]),
    "--keys-per-page": st.sampled_from(["1", "4", "3"]), "--dpi": st.sampled_from(["36", "5"]),
    "--words-file": st.sampled_from(["words.txt", "missing.txt", "binary.txt", "-"]),
    "--students": st.sampled_from(["names.txt", "missing.txt"]),
    "--format": st.sampled_from(["json", "text", "xml"]),
    "--language": st.sampled_from(["en", "xx"]),
}
FLAGS_ONLY = ["--no-key", "--key-only", "--show-directions", "--strict", "-q"]


@st.composite
def command_lines(draw):
    args = []
    for option in draw(st.lists(st.sampled_from(sorted(OPTION_VALUES)), max_size=3)):
        args += [option, draw(OPTION_VALUES[option])]
    args += draw(st.lists(st.sampled_from(FLAGS_ONLY), max_size=2))
    known = st.sampled_from(["sun", "moon", "star", "kansas", "arkansas", "comet", "mountaineer"])
    words = draw(st.lists(st.one_of(known, known, known, st.text(min_size=1, max_size=12)),
                          max_size=6))
    return args + ["--time-limit", "5", "--"] + words


@settings(max_examples=examples(120),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@pytest.mark.slow
@given(args=command_lines(), stdin=st.binary(max_size=40))
def test_any_command_line_exits_cleanly_and_leaves_no_file_when_it_fails(args, stdin):
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "words.txt").write_text("# Week 1\nsun\nmoon\n# Week 2\nstar\ncomet\n")
        (here / "names.txt").write_text("Ann\nBo\n")
        (here / "binary.txt").write_bytes(b"\xff\xfe\x00apple")
        (here / "sub").mkdir()
        before = sorted(p.name for p in here.rglob("*"))
        cwd = os.getcwd()
        os.chdir(here)
        try:
            result = CliRunner().invoke(main, args, input=stdin)
        finally:
            os.chdir(cwd)
        event(f"exit {result.exit_code}")
        assert result.exit_code in (0, 1, 2), (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (args, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code != 0:
            assert sorted(p.name for p in here.rglob("*")) == before, args


def _importing_numpy(pid: int) -> bool:
    """Whether the process has begun loading the package's own imports (numpy's core
    is mapped): past the interpreter's start-up, whose Ctrl-C is Python's to report."""
    try:
        return "_multiarray_umath" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.03, 0.08, 0.12, 0.2])
def test_ctrl_c_while_the_program_is_still_loading_exits_130_in_one_line(tmp_path, delay):
    """From the first imports to the interpreter's shutdown: 130 and one line, or,
    once the run is through, 0 (the later delays land there on this machine)."""
    process = subprocess.Popen([str(Path(sys.executable).with_name("wordsearch")), "sun",
                                "moon"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while not _importing_numpy(process.pid) and process.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.001)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode in (130, 0), stderr  # 0: it was through before the signal
    if process.returncode == 130:
        assert stderr == "error: interrupted; nothing was written.\n"


# The options a command reads itself, which are no field of the values it makes
# (MakeOptions, Look, PageOptions or BookOptions): every other option passes into its
# value by name, so that a renamed field cannot quietly drop an option.
READ_BY_THE_COMMAND = {
    "make": {"words", "words_file", "students", "copies", "jobs", "quiet", "list_themes",
             "output", "fmt", "keys", "page_size", "no_key", "key_only", "no_blocklist",
             "no_added_words"},
    "book": {"words_file", "jobs", "quiet", "output", "no_blocklist"},
}
# The values' fields no option names: made from other options (size from --size,
# pages from --no-key and --key-only, the negated flags, the Look from its options) or
# from the page (legible_side), or a book's own (a book has no theme nor message), or
# the web's alone (picture_files: a request may not name the server's files).
FIELDS_FROM_ELSEWHERE = {
    "make": {"added_words", "blocklist", "legible_side", "look", "pages", "picture_files",
             "size"},
    "book": {"added_words", "blocklist", "clues", "legible_side", "look", "message", "picture_files",
             "random", "theme"},
}


@pytest.mark.parametrize("command, values", [
    ("make", (MakeOptions, Look, PageOptions)), ("book", (MakeOptions, Look, BookOptions))])
def test_every_option_passes_into_a_value_by_name_or_is_read_by_the_command(command, values):
    params = {p.name for p in main.commands[command].params if p.expose_value}
    named = set().union(*({f.name for f in dataclasses.fields(v) if f.init} for v in values))
    assert params - named == READ_BY_THE_COMMAND[command]
    assert named - params == FIELDS_FROM_ELSEWHERE[command]


# Text no page can print, a full standard output, a read-only folder: a message and
# the README's exit code, never a traceback (issue 29).

@pytest.mark.parametrize("args, message", [
    (["-t", "\udcff"], 'the title has "\\udcff" at character 1'),  # the byte 0xFF, not UTF-8
    (["-t", "\udcff", "-o", "p.pdf"], 'the title has "\\udcff" at character 1'),
    (["-t", "\udcff", "-o", "p.html"], 'the title has "\\udcff" at character 1'),
    (["-f", "Name", "-f", "Da\x1bte", "-o", "p.pdf"], 'field 2 has "\\x1b" at character 3'),
])
def test_text_no_page_can_print_is_a_usage_error_naming_the_option(run, args, message):
    result = run(*args, "sun", "moon", "star")
    assert result.exit_code == 2 and not result.stdout
    assert result.stderr.startswith(f"error: {message}, which no page can print")
    assert result.stderr.endswith(f"(option {'-t/--title' if args[0] == '-t' else '-f/--field'})\n")
    assert not Path("p.pdf").exists() and not Path("p.html").exists()


@pytest.mark.parametrize("option, said", [("--author", "the author"),
                                          ("--subject", "the subject"),
                                          ("--title", "the title")])
def test_a_books_text_no_page_can_print_is_a_usage_error(run, lists, option, said):
    result = run("book", "--words-file", "lists.txt", option, "By \udcff", "-o", "b.pdf")
    assert result.exit_code == 2 and not Path("b.pdf").exists()
    assert result.stderr.startswith(f'error: {said} has "\\udcff" at character 4, which no '
                                    f"page can print (it is not UTF-8 text)")


def test_a_students_name_no_page_can_print_is_refused_naming_it(run):
    Path("names.txt").write_text("Ann\nBo\x07b\n", encoding="utf-8")
    result = run("--students", "names.txt", "-o", "s.pdf", "sun", "moon", "star")
    assert result.exit_code == 2 and not Path("s.pdf").exists()
    assert result.stderr == ('error: student name 2 has "\\x07" at character 3, which no page '
                             "can print (a control character); remove it or type it again. "
                             "(option --students)\n")


@pytest.mark.parametrize("args", [["--list-masks"], ["--list-fonts"], ["--list-themes"],
                                  ["--help"], ["book", "--help"], ["solve", "--help"]])
def test_a_listing_or_the_help_to_a_full_disk_says_so_and_exits_1(args, monkeypatch, capsys):
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        with pytest.raises(SystemExit) as stopped:
            main(args, prog_name="wordsearch")
    assert stopped.value.code == 1
    assert capsys.readouterr().err == ("error: cannot write to standard output: No space left "
                                       "on device.\n")


def test_a_read_only_folder_is_refused_before_any_puzzle_is_made(run, monkeypatch):
    from wordsearch.make import classset

    Path("frozen").mkdir()
    Path("frozen").chmod(0o555)
    real_access = os.access
    # As the system answers a user who may not write there (root may write anything).
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False
                        if Path(path).resolve() == Path("frozen").resolve()
                        else real_access(path, mode, **kw))
    monkeypatch.setattr(classset, "build_set", lambda *a, **k: pytest.fail("a set was made"))
    started = time.monotonic()
    result = run("--copies", "50", "-o", "frozen/set.pdf", "sun", "moon", "star")
    assert result.exit_code == 1 and time.monotonic() - started < 2
    assert result.stderr == ("error: cannot write frozen/set.pdf: the folder frozen is "
                             "read-only; make it writable or choose another folder.\n")
    assert os.listdir("frozen") == []


def test_purge_deletes_what_the_server_kept_past_its_time(run, tmp_path):
    import sqlite3

    from wordsearch.web.storage import Record, SQLiteStorage
    db = tmp_path / "served.sqlite3"
    storage = SQLiteStorage(db)
    old, new = (storage.save_puzzle(Record({"code": c}, {}, {})) for c in ("old", "new"))
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE puzzles SET created = created - 40 * 86400 WHERE id = ?", (old,))
    result = run("purge", "--db", str(db), "--keep-days", "30")
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"deleted 1 puzzle older than 30 days and 0 uploads older than "
                             f"30 days from {db}.\n")
    assert storage.load_puzzle(old) is None and storage.load_puzzle(new) is not None
    missing = run("purge", "--db", str(tmp_path / "none.sqlite3"))
    assert missing.exit_code == 2 and "there is no database" in missing.output
    assert not (tmp_path / "none.sqlite3").exists()


def test_db_upgrade_brings_a_database_up_to_date_once(run, tmp_path):
    db = tmp_path / "new.sqlite3"
    first = run("db", "upgrade", "--db", str(db))
    assert first.exit_code == 0, first.output
    assert first.stdout == f"{db}: schema 2, 2 steps taken.\n"
    again = run("db", "upgrade", "--db", str(db))
    assert again.stdout == f"{db}: schema 2, already up to date.\n"


@pytest.mark.parametrize("db, says", [
    ("served.sqlite3", "a worker takes class sets from a PostgreSQL database's queue "
                       "(--db postgresql://...), not from served.sqlite3"),
    ("postgresql://teacher:s3cret@127.0.0.1:1/puzzles",
     "cannot open the PostgreSQL database postgresql://teacher:***@127.0.0.1:1/puzzles: "),
])
def test_a_worker_without_a_postgresql_database_says_why(run, db, says):
    result = run("worker", "--db", db)
    assert result.exit_code == 2 and says in result.stderr
    assert "s3cret" not in result.output and "Traceback" not in result.output


def test_the_database_is_read_from_the_environment(run, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDSEARCH_DB", str(tmp_path / "env.sqlite3"))
    result = run("db", "upgrade")
    assert result.exit_code == 0 and (tmp_path / "env.sqlite3").exists()


def test_purge_and_upgrade_work_on_postgresql(run, postgres):
    from wordsearch.web.storage import Record, open_storage

    assert run("db", "upgrade", "--db", postgres).stdout.endswith("schema 2, 2 steps taken.\n")
    storage = open_storage(postgres)
    old = storage.save_puzzle(Record({"code": "old"}, {}, {}))
    storage._execute("UPDATE puzzles SET created = created - 40 * 86400")
    result = run("purge", "--db", postgres, "--keep-days", "30")
    assert result.exit_code == 0 and result.stdout.startswith("deleted 1 puzzle older than 30")
    assert storage.load_puzzle(old) is None


# Clue puzzles through the command: words files with clues (sections too), a set,
# two languages, and the options that go with clues.

CLUE_FILE = """# Baby animals
kitten: a baby cat
puppy: a young dog (see https://example.org: pets)
calf: a young cow
foal: a young horse
> Moo
# Clock words
clock: it says 10:30
watch: a clock you wear
alarm: it rings at 7:00
"""


@pytest.mark.slow
def test_a_words_file_with_clues_round_trips_through_the_json_document(run, tmp_path):
    from wordsearch.puzzle import Puzzle
    (tmp_path / "clues.txt").write_text(CLUE_FILE, encoding="utf-8")
    result = run("--words-file", "clues.txt", "--seed", "clue-set", "-o", "set.json")
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "set.json").read_text(encoding="utf-8"))
    first, second = (Puzzle.from_dict(d) for d in doc["puzzles"])
    assert [d["title"] for d in doc["puzzles"]] == ["Baby animals", "Clock words"]
    assert {p.word: p.clue for p in first.words if not p.added} == {
        "KITTEN": "a baby cat", "PUPPY": "a young dog (see https://example.org: pets)",
        "CALF": "a young cow", "FOAL": "a young horse"}
    assert first.message == "MOO" and first.clue_language == "en"
    assert [p.clue for p in second.words] == ["it says 10:30", "a clock you wear",
                                               "it rings at 7:00"]
    # the document read back prints the same pages as the run itself
    result = run("--words-file", "clues.txt", "--seed", "clue-set", "-o", "set.pdf")
    assert result.exit_code == 0, result.output
    pages = pdf_pages_text(tmp_path / "set.pdf")
    assert len(pages) == 4
    assert "1. a baby cat" in pages[0] and "Kitten" not in pages[0]
    assert "it says 10:30" in pages[1] and "Alarm" not in pages[1]
    assert "a baby cat — Kitten" in pages[2] and "it rings at 7:00 — Alarm" in pages[3]


@pytest.mark.slow
def test_a_class_set_of_clue_puzzles_copies_the_clues(run, tmp_path):
    (tmp_path / "clues.txt").write_text("\n".join(CLUE_FILE.splitlines()[6:]), encoding="utf-8")
    result = run("--words-file", "clues.txt", "--copies", "3", "--seed", "copies", "-o",
                 "set.json")
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "set.json").read_text(encoding="utf-8"))
    assert len(doc["puzzles"]) == 3 and len({tuple(d["grid"]) for d in doc["puzzles"]}) == 3
    for d in doc["puzzles"]:
        assert sorted(w["clue"] for w in d["words"]) == ["a clock you wear", "it rings at 7:00",
                                                         "it says 10:30"]


@pytest.mark.parametrize("grid, clue, lines, shown", [
    ("es", "en", ["perro: the dog", "gato: the cat", "caballo: the horse", "niño: the boy"],
     ["1. the boy", "4. the horse", "the boy — Niño"]),
    ("el", "en", ["σκύλος: the dog", "γάτα: the cat", "άλογο: the horse", "ψάρι: the fish"],
     ["1. the cat", "4. the horse", "the fish — Ψάρι"]),
])
def test_a_grid_in_one_language_with_clues_in_another(run, tmp_path, grid, clue, lines, shown):
    (tmp_path / "words.txt").write_text("\n".join(lines), encoding="utf-8")
    result = run("--words-file", "words.txt", "--language", grid, "--clue-language", clue,
                 "--seed", f"{grid}-{clue}", "-o", "two.pdf")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "two.pdf")
    for line in shown:
        assert line in text
    from conftest import pdf_fonts
    fonts = pdf_fonts(tmp_path / "two.pdf")
    assert "Andika" in fonts and ("Gentium" in fonts) == (grid == "el")


@pytest.mark.parametrize("args, message", [
    (["--hide-words", "kitten: a baby cat", "puppy: a young dog"],
     "a clue puzzle's list cannot be hidden"),
    (["--clues", "kitten", "puppy"], "built-in clues come with a theme"),
    (["--clue-language", "fr", "kitten", "puppy"], "a clue language (French) is given, but "
                                                    "the words have no clues"),
    (["kitten:a baby cat", "puppy"], '"kitten:a baby cat" has a colon with no space after it'),
    (["--theme", "animals", "--clues", "--clue-language", "el"],
     'the theme "animals" has no built-in clues in Greek'),
])
def test_clue_options_that_make_no_sense_are_refused_by_the_command(run, args, message):
    result = run("--seed", "x", *args)
    assert result.exit_code != 0 and message in result.output, result.output


def test_a_theme_with_its_clues_prints_its_definitions(run):
    from wordsearch.lang import lists
    result = run("--theme", "colours", "--clues", "--random", "5", "--seed", "defs")
    assert result.exit_code == 0, result.output
    clues = lists.clues("en", "en")["colours"]
    listed = [line.strip().split(". ", 1)[1].rsplit("  ", 1)[0].strip()
              for line in result.output.split("Answer key")[0].splitlines()
              if re.match(r"\s+\d\. ", line)]
    assert len(listed) == 5 and set(listed) <= set(clues.values())


def test_pictures_and_ones_own_picture_on_the_command(tmp_path):
    own = tmp_path / "cat.png"
    png(own)
    result = CliRunner().invoke(main, ["cat", "dog", "--picture", f"cat={own}", "--seed",
                                       "pic-ture", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["pictures"] == "beside"
    assert [w["picture"] for w in doc["words"]] == [str(own), "openmoji:1F415"]
    result = CliRunner().invoke(main, ["cat", "--picture", "cat", "--format", "json"])
    assert result.exit_code == 2 and '"cat" is not WORD=FILE' in result.output


def png(path: Path) -> None:
    """A PNG file of 4 by 3 pixels."""
    import cairo
    cairo.ImageSurface(cairo.FORMAT_RGB24, 4, 3).write_to_png(str(path))


def test_a_words_file_gives_each_puzzle_its_own_pictures(run, tmp_path):
    png(tmp_path / "kitten.png")
    (tmp_path / "words.txt").write_text("# Farm\ncow\npig = 1F416\n# Pets\n"
                                        "kitten = kitten.png: a baby cat\npuppy = 1F436: a young dog\n",
                                        encoding="utf-8")
    result = run("--words-file", "words.txt", "--seed", "own-pictures", "-o", "set.json")
    assert result.exit_code == 0, result.output
    farm, pets = json.loads((tmp_path / "set.json").read_text(encoding="utf-8"))["puzzles"]
    assert [w["picture"] for w in farm["words"]] == ["openmoji:1F404", "openmoji:1F416"]
    assert [(w["picture"], w["clue"]) for w in pets["words"]] == [
        ("kitten.png", "a baby cat"), ("openmoji:1F436", "a young dog")]
