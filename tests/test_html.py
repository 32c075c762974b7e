"""The play page as HTML (render/html.py): the word list as the printed page has
it (in the order asked for, or hidden), the answers and hidden words veiled, and
the page that `-o puzzle.html` writes."""
import base64
import html
import json
import re
from html.parser import HTMLParser

import pytest

import wordsearch
from wordsearch.render import html as play
from wordsearch.render.look import Look

WORDS = ["sun", "moon", "star", "planet", "comet", "orbit"]
GIVEN = [w.capitalize() for w in WORDS]


@pytest.fixture(scope="module")
def space():
    return wordsearch.generate(WORDS, seed="html", beam=256)


def data_of(page: str) -> dict:
    return json.loads(re.search(r'id="puzzle-data">(.*?)</script>', page, re.S).group(1))


def unveil(text: str, salt: str):
    """play.js's unveil(): the XOR with the salt undone."""
    key = salt.encode()
    return json.loads(bytes(b ^ key[i % len(key)] for i, b in
                            enumerate(base64.b64decode(text))).decode())


def heading(page: str) -> str:
    return html.unescape(re.search(r'<div class="wordlist[^"]*"[^>]*>.*?<h2>(.*?)</h2>', page).group(1))


def hashes(puzzle, placements) -> list[str]:
    key = play.salt(puzzle)
    return [play.line_hash(play.ends_key(key, p.cells()[0], p.cells()[-1])) for p in placements]


def test_the_list_is_alphabetical_under_its_heading_by_default(space):
    page = play.play_page(space, "Space")
    data = data_of(page)
    assert [w["label"] for w in data["words"]] == sorted(GIVEN)
    assert [w["hash"] for w in data["words"]] == hashes(space, space.alphabetical())
    assert heading(page) == "Find these words" and data["hide_words"] is False


def test_list_order_given_lists_and_answers_the_words_as_given(space):
    data = data_of(play.play_page(space, look=Look(list_order="given")))
    assert [w["label"] for w in data["words"]] == GIVEN
    assert [w["hash"] for w in data["words"]] == hashes(space, space.words)
    assert unveil(data["answers"], data["salt"]) == [[p.row, p.col, p.direction]
                                                    for p in space.words]


def test_hidden_words_are_counted_and_their_labels_veiled(space):
    page = play.play_page(space, look=Look(hide_words=True, list_order="given"))
    data = data_of(page)
    assert heading(page) == "Hidden words: 6 (no list: find them all)"
    assert 'class="wordlist hidden-words"' in page
    assert data["hide_words"] is True
    assert [unveil(w["label"], data["salt"]) for w in data["words"]] == GIVEN
    assert [w["hash"] for w in data["words"]] == hashes(space, space.words)
    for word in GIVEN:  # the grid has the words, in capitals; the list had labels
        assert not re.search(rf"\b{word}\b", page)  # (Star, not Start again's)


def test_the_hidden_count_speaks_the_puzzles_language():
    puzzle = wordsearch.generate(["Straße", "Mädchen", "Apfel"], language="de", seed="de",
                                 beam=64, lowercase=True)
    page = play.play_page(puzzle, look=Look(hide_words=True))
    assert heading(page) == "Versteckte Wörter: 3 (ohne Liste: finde sie alle)"
    data = data_of(page)
    assert sorted(unveil(w["label"], data["salt"]) for w in data["words"]) == \
        ["apfel", "mädchen", "straße"]


def test_the_command_writes_the_page_with_its_print_options(run):
    result = run("--seed", "cli", "--hide-words", "--list-order", "given", "-o", "p.html",
                 *WORDS)
    assert result.exit_code == 0, result.output
    with open("p.html", encoding="utf-8") as f:
        page = f.read()
    data = data_of(page)
    assert heading(page) == "Hidden words: 6 (no list: find them all)"
    assert [unveil(w["label"], data["salt"]) for w in data["words"]] == GIVEN
    result = run("--seed", "cli", "--list-order", "sideways", "-o", "q.html", *WORDS)
    assert result.exit_code == 2 and "Traceback" not in result.output


class Blanks(HTMLParser):
    """The message's words as the page sets them: "_" a blank, else the mark printed,
    with "[" and "]" around what is kept on one line."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.words: list[list[str]] = []
        self.open: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        kind = dict(attrs).get("class", "")
        self.open.append(kind)
        if kind == "message-word":
            self.words.append([])
        elif kind == "blank":
            self.words[-1].append("_")
        elif kind == "keep":
            self.words[-1].append("[")

    def handle_endtag(self, tag):
        if self.open.pop() == "keep":
            self.words[-1].append("]")

    def handle_data(self, data):
        if self.open and self.open[-1] == "mark":
            self.words[-1].append(data)


@pytest.mark.slow
def test_a_hidden_message_shows_its_label_and_a_blank_a_letter_and_veils_the_letters():
    puzzle = wordsearch.generate(["Apfel", "Birne"], message="Straße, ja!", language="de",
                                 seed="de", lowercase=True, beam=64)
    page = play.play_page(puzzle)
    assert re.search(r'<h2 id="message-label">Geheime Botschaft</h2>', page)
    # ß is SS in the grid: two blanks; the punctuation is printed, as on paper, and
    # kept on the line of the letter before it.
    assert Blanks(page).words == [["_"] * 6 + ["[", "_", ",", "]"], ["_", "[", "_", "!", "]"]]
    assert "9 Buchstaben, die hier stehen, sobald alle Wörter gefunden sind." in page
    assert "9 letters, written here once every word is found." in play.play_page(
        puzzle, ui_language="en")
    data = data_of(page)
    assert unveil(data["message"], data["salt"]) == {
        "text": "Straße, ja!", "letters": list("strasseja")}
    for clear in ("Straße", "STRASSE", "strasse", "Straße, ja!"):
        assert clear not in page


@pytest.mark.parametrize("message, words", [
    ("Isn't it?", [["_", "_", "[", "_", "'", "]", "_"], ["_", "[", "_", "?", "]"]]),
    ("«Oui» - non", [["[", "«", "_", "]", "_", "[", "_", "»", "]"], ["[", "-", "]"],
                     ["_", "_", "_"]]),
])
@pytest.mark.slow
def test_punctuation_stays_with_the_letter_beside_it(message, words):
    puzzle = wordsearch.generate(["soleil", "lune"], message=message, language="fr", seed="p",
                                 beam=64)
    assert Blanks(play.play_page(puzzle)).words == words


def test_a_puzzle_without_a_message_has_no_blanks(space):
    page = play.play_page(space)
    assert 'id="message"' not in page and "message" not in data_of(page)


def test_the_page_speaks_the_language_asked_for_and_the_puzzle_keeps_its_own(space):
    page = play.play_page(space, "Space", ui_language="es")
    assert '<html lang="es">' in page
    assert "Arrastra sobre una palabra" in page and "Ver la solución" in page
    assert "Drag across" not in page
    assert heading(page) == "Find these words"          # the puzzle's own label
    assert 'class="wordlist" lang="en"' in page
    texts = json.loads(re.search(r'id="ui-texts">(.*?)</script>', page, re.S).group(1))
    assert texts["play.not_word"] == "Esa no es una de las palabras."
    assert all(key.startswith("play.") for key in texts)
    assert 'class="ui-lang"' not in page                 # the switch is the server's


def test_by_default_the_page_speaks_the_puzzles_language():
    puzzle = wordsearch.generate(["gato", "perro", "pato", "loro"], seed="es", language="es",
                                 beam=256)
    page = play.play_page(puzzle)
    assert '<html lang="es">' in page and "<title>Sopa de letras</title>" in page
    assert "Arrastra sobre una palabra" in page and ' lang="en"' not in page


def test_the_switch_lists_the_languages_with_the_pages_chosen(space):
    page = play.play_page(space, ui_language="pl", switch=True)
    switch = re.search(r'<form class="ui-lang" method="get">(.*?)</form>', page).group(1)
    assert '<option value="pl" selected>Polski</option>' in switch
    assert switch.count("<option") == len(wordsearch.lang.codes())
    assert "Język tej strony" in switch and "Zmień" in switch


def test_the_single_file_allows_its_script_and_the_texts_are_data(space):
    """The offline page's policy hashes the one executable script; the texts, like the
    puzzle, are a JSON block, which a policy does not need to allow."""
    page = play.play_page(space, static=None, ui_language="fr")
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    runs = [text for attrs, text in scripts if 'type="application/json"' not in attrs]
    assert len(runs) == 1 and play._csp_hash(runs[0]) in page
    assert [a for a, _ in scripts if "ui-texts" in a] == [' type="application/json" id="ui-texts"']


def test_with_show_answers_off_there_is_no_button_and_the_placements_stay_veiled(space):
    on = play.play_page(space, "Space")
    off = play.play_page(space, "Space", show_answers=False)
    assert 'id="show"' in on and 'id="show"' not in off
    assert data_of(off) == data_of(on)  # hints and found words' outlines read the answers
    assert not re.search(r'"(row|col|direction)"', off)


def test_the_header_links_only_what_it_is_given_and_the_script_gets_no_link_text(space):
    pupil = play.play_page(space, links={"make": "/", "pdf": "/p/x.pdf", "daily": "/daily"})
    nav = re.search(r"<nav>(.*?)</nav>", pupil, re.S).group(1)
    assert re.findall(r'href="([^"]*)"', nav) == ["/", "/p/x.pdf", "/daily"]
    texts = json.loads(re.search(r'id="ui-texts">(.*?)</script>', pupil, re.S).group(1))
    assert not set(texts) & play.NAV_TEXTS
    assert "Answer key" not in pupil and "JSON" not in pupil
    teacher = play.play_page(space, links={"pdf_key": "/t/s.pdf", "key_svg": "/t/s.key.svg",
                                           "json": "/t/s.json", "pupil": "/p/x"})
    assert [html.unescape(t) for t in re.findall(r'<a href="[^"]*">([^<]*)</a>', teacher)] == [
        "PDF with answer key", "Answer key", "JSON", "Pupils' page"]


def test_the_single_file_page_is_a_pupils_page_without_links(space, tmp_path):
    page = play.play_page(space, "Space", static=None)
    assert "<a " not in page and ".json" not in page and "Answer key" not in page
    assert '<link rel="manifest"' not in page  # no manifest, so the script starts no worker


def test_a_clue_puzzles_page_lists_the_clues_and_veils_the_words():
    puzzle = wordsearch.generate(["kitten: a baby cat", "puppy: a young dog"], seed="clue-play",
                                 clue_language="fr")
    data = play.play_data(puzzle)
    assert [w["clue"] for w in data["words"]] == ["1. a baby cat", "2. a young dog"]
    assert [unveil(w["label"], data["salt"]) for w in data["words"]] == ["Kitten", "Puppy"]
    assert data["clue_language"] == "fr"
    page = play.play_page(puzzle)
    for word in ("Kitten", "KITTEN", "Puppy", "PUPPY", "kitten", "puppy"):
        assert word not in page  # only in the grid, letter by letter
    assert 'class="wordlist clue-list"' in page
    with pytest.raises(wordsearch.InputError, match="a clue puzzle's list cannot be hidden"):
        play.play_page(puzzle, look=Look(hide_words=True))


def test_a_picture_puzzles_play_data_carries_its_pictures_drawn_again():
    puzzle = wordsearch.generate(["cat", "dog", "aardvark"], seed="pic-play", pictures="beside")
    words = play.play_data(puzzle)["words"]
    assert [w["label"] for w in words] == ["Aardvark", "Cat", "Dog"]  # in clear beside them
    assert "picture" not in words[0]
    svg = base64.b64decode(words[1]["picture"].removeprefix("data:image/svg+xml;base64,"))
    assert svg.startswith(b"<?xml") and b"<path" in svg and b"<script" not in svg


def test_a_list_of_pictures_alone_veils_its_words_on_the_play_page():
    puzzle = wordsearch.generate(["cat", "dog"], seed="pic-play", pictures="only")
    data = play.play_data(puzzle)
    assert data["pictures"] == "only"
    assert not {"Cat", "Dog"} & {w["label"] for w in data["words"]}
    assert "Cat" not in play.play_page(puzzle)
