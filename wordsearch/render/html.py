"""The play page: a puzzle to solve in a browser, served by `wordsearch serve` or
written whole into one file (`-o puzzle.html`) for a class website or an email.

The page carries the grid and the word list, but not the answers in plain sight:
each word comes with a hash of its two end cells (salted with the puzzle's code),
which the page compares with the hash of a selection, so a selection counts only
when it covers exactly a word's cells, either way round. Show Answers needs the
placements themselves, so they are there too, XORed with the salt and in base64:
not secret (the page's script can read them, and so can anyone who runs it), but
not readable off the page source, which is what spoils a puzzle for a child.
A page made with Show answers off has no button and no placements at all, veiled
or not: nothing in it gives a word's place away but the grid itself.

A hidden-message puzzle shows the message's label and one blank a letter, grouped
as its words, under the list, as the printed page does; only that shape is in the
HTML (and the punctuation, which the printed page prints too): the letters are in
the data, veiled, for the script to fill the blanks in once every word is found.

The page lists the words as the printed page does (Look: in the order asked for,
or no list at all, only how many words are hidden). With the list hidden, each
word's label is veiled too, and the page lists the words as they are found. A clue
puzzle lists its numbered clues in clear and veils the words' labels the same way:
each is shown beside its clue once it is found.
A picture puzzle's list shows each word's picture (as a data: URI, an SVG drawn
again by wordsearch/pictures); a list of pictures alone veils the labels as a clue
list does, each written beside its picture once found.

Everything the page shows from the puzzle (the title, the labels) is escaped here
or set as text by the script, never parsed as HTML. The served page links its
script and style sheet (the server's Content-Security-Policy allows no inline
script); the single file inlines them and allows exactly them by their hashes.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib import resources

from wordsearch import lang
from wordsearch.directions import COMPASS
from wordsearch.lang import ui
from wordsearch.pictures import draw as pictures, source as picture_source
from wordsearch.puzzle import Puzzle
from wordsearch.render.look import Look
from wordsearch.render.blanks import BLANK, blank_units
from wordsearch.render.wordlist import list_heading

STATIC = "static"  # wordsearch/static/: every file a browser is sent
MANIFEST = "/manifest.webmanifest"  # the web app manifest, served from the root
THEME = "#1d4f91"
SCRIPT, STYLE = "play.js", "style.css"
MASK32 = 0xFFFFFFFF
BLANK_SPAN = '<span class="blank"></span>'  # one letter of a hidden message, to fill in


def asset(name: str) -> str:
    """The text of one of the package's browser files."""
    return resources.files("wordsearch").joinpath(STATIC, name).read_text(encoding="utf-8")


def _imul(a: int, b: int) -> int:
    return (a * b) & MASK32


def line_hash(text: str) -> str:
    """cyrb53, a 53-bit string hash, as hex, over the UTF-16 code units JavaScript
    sees: the twin of lineHash() in play.js, which has to be small and synchronous
    (SubtleCrypto needs a secure origin, and a page on a class website may not be
    one)."""
    h1, h2 = 0xDEADBEEF, 0x41C6CE57
    data = text.encode("utf-16-le")
    for i in range(0, len(data), 2):
        unit = data[i] | data[i + 1] << 8
        h1 = _imul(h1 ^ unit, 2654435761)
        h2 = _imul(h2 ^ unit, 1597334677)
    h1 = _imul(h1 ^ (h1 >> 16), 2246822507)
    h1 ^= _imul(h2 ^ (h2 >> 13), 3266489909)
    h2 = _imul(h2 ^ (h2 >> 16), 2246822507)
    h2 ^= _imul(h1 ^ (h1 >> 13), 3266489909)
    return format(((h2 & 0x1FFFFF) << 32) | (h1 & MASK32), "x")


def salt(puzzle: Puzzle) -> str:
    """The puzzle's own salt: from its code, so the same puzzle makes the same page."""
    return hashlib.sha256(f"wordsearch-play\0{puzzle.code}".encode()).hexdigest()[:16]


def ends_key(salt_text: str, a: tuple[int, int], b: tuple[int, int]) -> str:
    """What is hashed for a line: its end cells in reading order, whichever way it
    was traced."""
    (r1, c1), (r2, c2) = sorted([a, b])
    return f"{salt_text}|{r1},{c1}|{r2},{c2}"


def veiled(value, salt_text: str) -> str:
    """A JSON value XORed with the salt and in base64: unveil() in play.js reverses it."""
    data = json.dumps(value, ensure_ascii=False).encode("utf-8")
    key = salt_text.encode("ascii")
    return base64.b64encode(bytes(b ^ key[i % len(key)] for i, b in enumerate(data))).decode()


def play_data(puzzle: Puzzle, title: str = "", look: Look = Look()) -> dict:
    """What the page's script is given: the grid, the words in list order each with
    its length and the hash of its ends (and its label, veiled when the list is
    hidden or shows clues: a label in clear would give the word away; a clue
    puzzle's numbered clue, and the clues' language), and the answers veiled: a
    hint, a found word's outline and progress kept across a reload need them, with
    Show answers or without."""
    key = salt(puzzle)
    pairs = look.listed(puzzle)
    listed = [p for _, p in pairs]

    def label(p) -> str:
        shown = puzzle.printed(p.label)
        hidden = look.hide_words or puzzle.has_clues or puzzle.pictures == "only"
        return veiled(shown, key) if hidden else shown

    data = {
        "title": title,
        "code": puzzle.code,
        "language": puzzle.language,
        "grid": list(puzzle.printed_grid),
        "directions": [d for d in COMPASS if d in puzzle.directions],
        "salt": key,
        "hide_words": look.hide_words,
        "words": [{"label": label(p), "length": len(p.word),
                   "hash": line_hash(ends_key(key, *_ends(p))),
                   **({"clue": entry} if puzzle.has_clues else {}),
                   **({"picture": pictures.data_uri(picture_source.named(p.picture))}
                      if p.picture else {})} for entry, p in pairs],
    }
    if puzzle.pictures:
        data["pictures"] = puzzle.pictures
    if puzzle.has_clues:
        data["clue_language"] = puzzle.clue_language
    data["answers"] = veiled([[p.row, p.col, p.direction] for p in listed], key)
    if puzzle.message:
        letters = [puzzle.printed_grid[r][c] for r, c in puzzle.leftover_cells()]
        data["message"] = veiled({"text": puzzle.message_label or puzzle.message,
                                  "letters": letters}, key)
    return data


def _message_blanks(puzzle: Puzzle, code: str) -> str:
    """The hidden message's label and blanks (an empty string for other puzzles):
    a blank for each grid letter a typed character stands for, punctuation in place,
    as the printed page has them (render/blanks.py). The text beside them, for a
    screen reader, says (in the page's language `code`) what the blanks are until
    the script writes the message there."""
    if not puzzle.message:
        return ""
    words = [f'<span class="message-word">{_message_word(word)}</span>'
             for word in puzzle.message_words()]
    letters = ui.count(code, "play.message_letters", len(puzzle.message))
    return (f'<section id="message" class="message" aria-labelledby="message-label">'
            f'<h2 id="message-label">{html.escape(puzzle.labels["hidden_message"])}</h2>'
            f'<p id="blanks" class="blanks" aria-hidden="true">{" ".join(words)}</p>'
            f'<p id="message-text" class="visually-hidden">{html.escape(letters)}</p></section>')


def _message_word(word) -> str:
    """One word's blanks, each unit (a blank with the punctuation that stays beside
    it) in a span the line never breaks inside: a comma does not start a line of
    its own."""
    spans = []
    for unit in blank_units(word):
        inner = "".join(BLANK_SPAN if item == BLANK else
                        f'<span class="mark">{html.escape(item)}</span>' for item in unit)
        spans.append(inner if unit == (BLANK,) else f'<span class="keep">{inner}</span>')
    return "".join(spans)


def _ends(p) -> tuple[tuple[int, int], tuple[int, int]]:
    cells = p.cells()
    return cells[0], cells[-1]


def script_json(value: dict) -> str:
    """JSON safe inside a <script> element: no <, > or & that could end it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def play_page(puzzle: Puzzle, title: str = "", *, links: dict[str, str] | None = None,
              static: str | None = "/static", look: Look = Look(),
              ui_language: str | None = None, switch: bool = False,
              show_answers: bool = True) -> str:
    """The page as HTML. With `static` (the URL the server serves the package's
    browser files under), the script and style sheet are linked; with None, they
    are written into the page, which then needs nothing else: no server, no network.
    Of `look`, the page takes what a screen can show: the list's order, or no list.

    The page's own words (help, buttons, what the script says) are in `ui_language`
    (a code of lang.codes(); by default the puzzle's language), the script's among
    them in a JSON block as the puzzle's data is; the puzzle's own (its title, the
    list's heading, its words) stay in the puzzle's language. With `switch`, the
    header has a form to read the page in another language (?lang=, for the server).
    Without `show_answers`, the page has no Show answers button (its answers stay
    veiled in the data, for hints and for the outlines of the words found).

    `links` names what the header links to: "make" and "daily" (the site's pages),
    "pdf" (the pupils' sheet), and for a teacher "pdf_key" (the PDF with its key),
    "key_svg", "json" and "pupil" (the pupils' page). A page for pupils is given
    none of the teacher's."""
    code = ui_language or puzzle.language
    words = ui.texts(code)

    def say(key: str) -> str:
        return html.escape(words[key])

    shown = title or words["play.title"]
    data = script_json(play_data(puzzle, title, look))
    texts = script_json({key: text for key, text in words.items()
                         if key.startswith("play.") and key not in NAV_TEXTS})
    heading = (list_heading(puzzle, True) if look.hide_words
               else puzzle.labels["find_words"])
    list_class = ("wordlist hidden-words" if look.hide_words else
                  "wordlist clue-list" if puzzle.has_clues else
                  "wordlist pictures-only" if puzzle.pictures == "only" else "wordlist")
    escaped = html.escape(shown)
    # the puzzle's own words, when the page speaks another language
    own = f' lang="{html.escape(puzzle.language)}"' if puzzle.language != code else ""
    title_lang = own if title else ""
    nav = "".join(f'<a href="{html.escape(url)}">{html.escape(text)}</a>'
                  for text, url in _nav(links or {}, words))
    if switch:
        nav += _switch(code, words)
    show = (f'<button type="button" id="show" class="quiet">{say("play.show")}</button>'
            if show_answers else "")
    if static is None:
        script, style = asset(SCRIPT), asset(STYLE)
        policy = (f"default-src 'none'; script-src {_csp_hash(script)}; "
                  f"style-src {_csp_hash(style)}; img-src data:; base-uri 'none'; "
                  f"form-action 'none'")
        head = (f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
                f"<style>{style}</style>")
        tail = f"<script>{script}</script>"
    else:
        # served: installable, and playable offline once opened (static/sw.js)
        head = (f'<link rel="stylesheet" href="{html.escape(static)}/{STYLE}">'
                f'<link rel="manifest" href="{MANIFEST}?lang={html.escape(code)}">'
                f'<meta name="theme-color" content="{THEME}">')
        tail = f'<script src="{html.escape(static)}/{SCRIPT}"></script>'
    return f"""<!doctype html>
<html lang="{html.escape(code)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title{title_lang}>{escaped}</title>
<link rel="icon" href="data:,">
{head}
</head>
<body class="play">
<header><h1{title_lang}>{escaped}</h1><nav>{nav}</nav></header>
<main>
<p id="help">{say("play.help")}</p>
<div class="status"><span id="count"></span>
<span>{say("play.time")} <span id="timer" role="timer">0:00</span></span>
<span id="hints">{html.escape(words["play.hints"].replace("{n}", "0"))}</span>
<button type="button" id="hint" class="secondary">{say("play.hint")}</button></div>
<p id="say" class="say" role="status"></p>
{_ending(words, links or {})}
<div class="play-area">
<div class="grid-box"><div id="zoom" class="zoom" role="group" aria-label="{say("play.zoom")}" hidden>
<button type="button" id="zoom-out" class="secondary" aria-label="{say("play.zoom_out")}">−</button>
<button type="button" id="zoom-in" class="secondary" aria-label="{say("play.zoom_in")}">+</button></div>
<div id="viewport" class="viewport"><div class="board"><svg id="marks" aria-hidden="true" focusable="false"></svg>
<div id="grid" role="grid" aria-label="{say("play.grid")}" aria-describedby="help"{own}></div></div></div></div>
<div class="{list_class}"{own}><div id="tray" class="tray"><div class="tray-head"><h2>{html.escape(heading)}</h2>
<button type="button" id="tray-toggle" class="tray-toggle secondary small" aria-expanded="true" aria-controls="words"
 aria-label="{say("play.tray")}"><span aria-hidden="true"></span></button></div><ul id="words"></ul></div>
{_message_blanks(puzzle, code)}
<p class="give-up"><button type="button" id="again" class="quiet">{say("play.again")}</button>
{show}</p></div>
</div>
<dialog id="confirm" class="confirm" aria-labelledby="confirm-question">
<p id="confirm-question"></p>
<p class="confirm-buttons"><button type="button" id="confirm-yes" class="secondary"></button>
<button type="button" id="confirm-no" autofocus>{say("play.keep_playing")}</button></p>
</dialog>
<noscript><p>{say("play.noscript")}</p></noscript>
</main>
<script type="application/json" id="ui-texts">{texts}</script>
<script type="application/json" id="puzzle-data">{data}</script>
{tail}
</body>
</html>
"""


# The header's links in order, each with its text's key. The texts of the links a
# page does not have are not in it either (the script is given none of them).
NAV = (("make", "common.make"), ("pdf", "play.pdf"), ("pdf_key", "play.pdf_key"),
       ("key_svg", "play.key"), ("json", "play.json"), ("pupil", "play.pupil_link"),
       ("daily", "common.daily"))
NAV_TEXTS = frozenset(key for _, key in NAV)


def _ending(words, links: dict[str, str]) -> str:
    """The ending, hidden until every word is found (or shown): what it took, a
    small celebration, and what to do next: when served, a new layout of the same
    words (a form's POST to links["again"]) and today's puzzle."""
    def say(key: str) -> str:
        return html.escape(words[key])

    new = (f'<form method="post" action="{html.escape(links["again"])}" id="new-layout">'
           f'<button type="submit">{say("play.new_layout")}</button></form>'
           if "again" in links else "")
    today = (f'<a class="button secondary" id="today" href="{html.escape(links["daily"])}">'
             f'{say("play.today")}</a>' if "daily" in links else "")
    again = ' class="secondary"' if new else ""
    dots = "".join("<span></span>" for _ in range(12))
    return (f'<section id="ending" class="ending" aria-labelledby="ending-title" tabindex="-1" hidden>'
            f'<div class="confetti" aria-hidden="true">{dots}</div>'
            f'<h2 id="ending-title"></h2><p id="ending-summary"></p>'
            f'<div class="actions">{new}<button type="button" id="play-again"{again}>'
            f'{say("play.play_again")}</button>{today}'
            f'<button type="button" id="print" class="secondary">'
            f'{say("play.print")}</button></div></section>')


def _nav(links: dict[str, str], words) -> list[tuple[str, str]]:
    return [(words[key], links[name]) for name, key in NAV if name in links]


def _switch(chosen: str, words) -> str:
    """The served page's language switch: the make page's (form.ui-lang), sending
    ?lang= to the page's own address."""
    options = "".join(f'<option value="{code}"{" selected" if code == chosen else ""}>'
                      f"{html.escape(lang.get(code).native_name)}</option>"
                      for code in lang.codes())
    return (f'<form class="ui-lang" method="get">'
            f'<label for="ui-lang">{html.escape(words["common.page_language"])}</label>'
            f'<select id="ui-lang" name="lang">{options}</select>'
            f'<button type="submit" class="secondary small">'
            f'{html.escape(words["common.switch"])}</button></form>')
