"""Class sets: several lists in one file, copies, students, one PDF with its keys."""
import json
import os
import re
import subprocess

import pytest
from click.testing import CliRunner

import wordsearch
from wordsearch.make.classset import build_set, sheet_codes
from wordsearch.cli import main
from wordsearch.errors import InputError
from wordsearch.make.sections import split_sections

LISTS = """# Week 1: Fruit
apple
banana
cherry
grape

# Week 2: Space
sun
moon
star
planet
"""


def numbered(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), start=1))


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lists.txt").write_text(LISTS, encoding="utf-8")

    def invoke(*args):
        return CliRunner().invoke(main, list(args))
    return invoke


def pdf_pages_text(path: str) -> list[str]:
    text = subprocess.run(["pdftotext", "-raw", path, "-"], capture_output=True, check=True,
                          text=True).stdout
    return text.split("\f")[:-1]


def page_count(path: str) -> int:
    info = subprocess.run(["pdfinfo", path], capture_output=True, check=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def test_a_hash_line_begins_a_titled_puzzle():
    sections = split_sections(numbered(LISTS))
    assert [(s.title, s.line) for s in sections] == [("Week 1: Fruit", 1), ("Week 2: Space", 7)]
    assert [w.form for w in sections[1].words.words] == ["SUN", "MOON", "STAR", "PLANET"]


def test_a_file_without_hash_lines_is_one_puzzle_and_words_before_the_first_are_their_own():
    (only,) = split_sections(["sun", "moon", (1, "star")])
    assert only.title == "" and only.line is None and len(only.entries) == 3
    first, second = split_sections(numbered("sun\nmoon\n# Later\nstar\nplanet"))
    assert (first.title, second.title) == ("", "Later")


@pytest.mark.parametrize("text, message", [
    ("# Week 1\napple\n# Week 2\n\n# Week 3\nsun",
     'the puzzle "Week 2" (line 3) has no words; list them one per line after its # line.'),
    ("#\napple", "line 1: a # line needs a title after the #, such as # Week 1."),
])
def test_bad_sections_are_refused_naming_the_line(text, message):
    with pytest.raises(InputError) as caught:
        split_sections(numbered(text))
    assert str(caught.value) == message


def test_a_bad_word_is_reported_with_its_line_and_section():
    sections = split_sections(numbered("# Week 1\napple\n# Week 2\nsun\nm00n"))
    with pytest.raises(InputError) as caught:
        sections[1].words
    assert str(caught.value).startswith('in the puzzle "Week 2" (line 3):\n"m00n" (line 5) has')


def test_copies_differ_and_each_code_regenerates_its_puzzle_alone():
    sections = split_sections(numbered(LISTS))
    made = build_set(sections, copies=3, seed="cls", grid=8, beam=256)
    assert made.code == "cls"
    assert [s.puzzle.code for s in made.sheets] == [f"cls-{n}" for n in range(1, 7)]
    assert [s.title for s in made.sheets] == ["Week 1: Fruit"] * 3 + ["Week 2: Space"] * 3
    fruit = [s.puzzle for s in made.sheets[:3]]
    assert len({p.grid for p in fruit}) == 3  # different layouts of the same words
    assert all(sorted(w.word for w in p.words) == ["APPLE", "BANANA", "CHERRY", "GRAPE"]
               for p in fruit)
    for sheet in made.sheets:
        words = ["apple", "banana", "cherry", "grape"] if sheet.number <= 3 else \
            ["sun", "moon", "star", "planet"]
        alone = wordsearch.generate(words, seed=sheet.puzzle.code, grid=8, beam=256)
        assert alone == sheet.puzzle


def test_a_set_of_one_keeps_the_code_of_a_single_puzzle():
    assert sheet_codes("abc", 1) == ["abc"]
    made = build_set(split_sections(["sun", "moon", "star"]), seed="abc", beam=64)
    assert made.sheets[0].puzzle == wordsearch.generate(["sun", "moon", "star"], seed="abc",
                                                        beam=64)


def test_the_set_is_the_same_whatever_the_number_of_jobs():
    sections = split_sections(numbered(LISTS))
    one = build_set(sections, copies=4, seed="j", beam=512, jobs=1)
    two = build_set(sections, copies=4, seed="j", beam=512, jobs=2)
    assert one == two


def test_copies_and_students_together_are_refused():
    with pytest.raises(InputError, match="give a number of copies or a list of students, "
                                         "not both"):
        build_set(split_sections(["sun", "moon"]), copies=2, students=["Ann"])


def test_one_pdf_puzzles_first_then_keys_with_matching_codes_and_names(run, tmp_path):
    (tmp_path / "names.txt").write_text("Ann Smith\n\nBo Li\nChloé Dubois\n", encoding="utf-8")
    result = run("--words-file", "lists.txt", "--students", "names.txt", "-f", "Date",
                 "--seed", "c", "-o", "class.pdf")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "wrote class.pdf: 6 puzzles, set code c (puzzle codes c-1 to c-6)\n"
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


def test_keys_in_a_file_of_their_own_and_four_to_a_page(run):
    result = run("--words-file", "lists.txt", "--copies", "5", "--keys", "keys.pdf",
                 "--keys-per-page", "4", "--seed", "k", "-o", "set.pdf")
    assert result.exit_code == 0, result.stderr
    assert page_count("set.pdf") == 10 and page_count("keys.pdf") == 3
    keys = pdf_pages_text("keys.pdf")
    codes = [re.findall(r"Answer key (\d+) of 10 · code (k-\d+)", page) for page in keys]
    assert codes == [[(str(n), f"k-{n}") for n in range(first, min(first + 4, 11))]
                     for first in (1, 5, 9)]


def test_the_pdf_is_byte_identical_for_one_or_two_jobs(run):
    for jobs in ("1", "2"):
        assert run("--words-file", "lists.txt", "--copies", "3", "--seed", "b", "-j", jobs,
                   "-o", f"set{jobs}.pdf").exit_code == 0
    assert open("set1.pdf", "rb").read() == open("set2.pdf", "rb").read()


def test_a_json_set(run):
    result = run("--words-file", "lists.txt", "--copies", "2", "--seed", "js", "--format",
                 "json")
    doc = json.loads(result.stdout)
    assert doc["format"] == "wordsearch-set/1" and doc["code"] == "js"
    assert [p["code"] for p in doc["puzzles"]] == ["js-1", "js-2", "js-3", "js-4"]
    assert [p["title"] for p in doc["puzzles"]] == ["Week 1: Fruit"] * 2 + ["Week 2: Space"] * 2
    assert all(p["format"] == "wordsearch/1" and p["student"] == "" for p in doc["puzzles"])


def test_a_list_that_cannot_be_built_fails_the_whole_set_and_writes_nothing(run, tmp_path):
    (tmp_path / "lists.txt").write_text("# Easy\nsun\nmoon\n# Too long\nsun\nextraordinary\n",
                                        encoding="utf-8")
    result = run("--words-file", "lists.txt", "-g", "8", "--copies", "2", "-o", "set.pdf")
    assert result.exit_code == 1
    assert result.stderr.startswith('error: in the puzzle "Too long" (line 4): '
                                    '"extraordinary" (line 6) (13 letters) is longer than')
    assert sorted(os.listdir(tmp_path)) == ["lists.txt"]


@pytest.mark.parametrize("args, message", [
    (["--copies", "2", "--students", "names.txt"], "give --copies or --students, not both"),
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
def test_set_options_that_do_not_go_together(run, tmp_path, args, message):
    (tmp_path / "names.txt").write_text("Ann\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("\n  \n", encoding="utf-8")
    result = run("--words-file", "lists.txt", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_thirty_student_set(run, tmp_path):
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
