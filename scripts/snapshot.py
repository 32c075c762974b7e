#!/usr/bin/env python3
"""Snapshot of wordsearch's outputs, to check that a refactor changes none of them.

Usage (from a checkout, with that checkout's own venv, so that its installed
`wordsearch` is the one imported):

    .venv/bin/python scripts/snapshot.py /tmp/after
    git worktree add /tmp/base BASE_COMMIT && (cd /tmp/base && ./install.sh \
        && .venv/bin/python scripts/snapshot.py /tmp/before)   # or an older copy of this file
    diff -r /tmp/before /tmp/after && echo identical

OUTDIR must not exist or be empty; the case being run is logged to OUTDIR.log (beside
it), so that a hang shows where it was. Exit status 0, or 1 when a case crashed (the
tracebacks in OUTDIR/_crashes/) or a process hung (stopped after PROCESS_TIMEOUT,
recorded as "exit: TIMEOUT" with its stacks). Every case writes into OUTDIR/<case>/: the files
the run wrote (by their own names), and _run.txt (the arguments, the exit status
and any exception), _stdout.txt and _stderr.txt. Cases:

  cli-*     `wordsearch ...` in-process through click's CliRunner (fast), each in a
            fresh empty folder with its inputs in in/ (inputs are not copied back);
            always -j 1: runs with a pool of processes are proc-* cases only
            (see PROCESS_CASES); *-beam8192 cases repeat others at the default beam
  proc-*    the same through real `python -m wordsearch` subprocesses
  book-*    `wordsearch book`
  solve-*   `wordsearch solve`
  lib-*     the library: generate(), to_dict(), solve(), build_set(), export.files()
  web/      the web API through Starlette's TestClient: per request, in order,
            NNN-label.head.txt (method, URL, status, request JSON, headers) and
            NNN-label.body; a class set's start as NNN-set-label-start.txt

Normalised (non-deterministic by design, replaced so that runs compare):
  - puzzle ids from POST /api/puzzles (random token_urlsafe) -> PUZZLE1, PUZZLE2, ...
    in every later URL, body and header; class set ids likewise -> SET1, ...
  - a class set's "done" count in the POST answer and while polling (timing) is not
    recorded; only the final state is.
  - /daily redirects to today's date: the date in its Location is replaced by TODAY.
  - response headers date, etag, last-modified (the installed file's mtime) and
    content-length are left out; the others are recorded sorted.
  - the scratch folder's path, should it appear in any output, reads <work>.
Python warnings are silenced in-process (they print once per process, so they
would depend on the order of cases); the proc-* cases keep theirs.
"""
from __future__ import annotations

import base64
import dataclasses
import faulthandler
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path

os.environ["COLUMNS"] = "80"      # click's help is wrapped to the terminal's width
os.environ.pop("CI", None)

BEAM = ["--beam", "64"]
SPACE = ["sun", "moon", "star", "planet", "comet", "orbit", "galaxy", "nebula", "rocket"]
FRUIT = ["Crème brûlée", "Dragon fruit", "apple", "banana", "cherry", "grape", "lemon",
         "mango", "peach", "plum", "kiwi", "lime", "orange", "papaya", "apricot"]
LANG_WORDS = {
    "es": ["niño", "canción", "pingüino", "corazón", "mañana", "playa"],
    "de": ["Mädchen", "Straße", "Apfel", "Brücke", "Käse", "Schule"],
    "ru": ["кошка", "собака", "ёлка", "молоко", "школа"],
    "el": ["γάτα", "σκύλος", "θάλασσα", "ήλιος", "βιβλίο"],
    "fr": ["garçon", "cœur", "château", "forêt", "école", "pomme"],
}

# A 24x20 drawing (a fat arrow), made once with PIL and kept as bytes, so that the
# input does not depend on the PIL a venv has.
MASK_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAABgAAAAUAQAAAAC/zsAuAAAAO0lEQVR4nAXBQRHCQBRAsewb7kUCUpBWaZVSGRx2+knWkEdGnHHF7XTEL3Y8MbGieJl9xDs+8TV7svwBcTYPOqPQ3JIAAAAASUVORK5CYII=")

# Made with zlib alone: a 2,100 x 2,000 black image (over the web page's 4,000,000 pixels)
# and a 40 x 40 white one (no shape in it).
def _png(width: int, height: int, white: bool) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    row = b"\0" + (b"\xff" if white else b"\0") * ((width + 7) // 8)
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b""))


BIG_PNG = _png(2100, 2000, white=False)
BLANK_PNG = _png(40, 40, white=True)

# word-search-generator's own files (its JSON, and its CSV of a circle-masked puzzle),
# made once with it (random.seed 3 and 4) and kept here, so it need not be installed.
WSG_JSON = (
    '{"puzzle": [["W", "H", "O", "R", "S", "E", "Z", "N", "M", "X"], ["Z", "S", "O", "E", '
    '"L", "D", "B", "E", "P", "G"], ["I", "V", "N", "C", "Y", "U", "J", "N", "Q", "M"], '
    '["S", "L", "A", "R", "S", "N", "S", "H", "K", "V"], ["A", "T", "I", "T", "V", "W", "E", '
    '"F", "W", "N"], ["K", "R", "S", "S", "D", "W", "S", "U", "G", "O"], ["U", "S", "I", "J", '
    '"D", "C", "U", "P", "U", "I"], ["P", "C", "L", "Z", "C", "N", "O", "E", "A", "L"], '
    '["J", "N", "Y", "N", "D", "B", "M", "D", "O", "G"], ["Z", "E", "B", "R", "A", "T", "T", '
    '"Y", "B", "M"]], "words": ["CAT", "DOG", "HORSE", "LION", "MOUSE", "ZEBRA"], "key": '
    '{"CAT": {"start_row": 2, "start_col": 3, "direction": "SW", "secret": false}, "DOG": '
    '{"start_row": 8, "start_col": 7, "direction": "E", "secret": false}, "HORSE": '
    '{"start_row": 0, "start_col": 1, "direction": "E", "secret": false}, "LION": '
    '{"start_row": 7, "start_col": 9, "direction": "N", "secret": false}, "MOUSE": '
    '{"start_row": 8, "start_col": 6, "direction": "N", "secret": false}, "ZEBRA": '
    '{"start_row": 9, "start_col": 0, "direction": "E", "secret": false}}}')
WSG_CSV = """WORD SEARCH
,,,B,B,B,X,,,
,F,T,V,M,O,U,S,E,
,E,T,B,R,P,S,H,K,
B,D,Q,J,Y,N,U,G,P,G
H,O,N,P,B,C,A,T,H,N
D,O,G,O,Z,E,B,R,A,H
U,N,G,L,I,O,N,P,G,B
,B,I,I,H,O,R,S,E,
,H,Q,G,Y,H,N,I,E,
,,,K,B,K,S,,,
""
Word List:
CAT,DOG,HORSE,LION,MOUSE,ZEBRA
"* Words can go SE, E, NE, and, S."
""
Answer Key (*Secret Words): 
"CAT E @ (6, 5)","DOG E @ (1, 6)","HORSE E @ (5, 8)","LION E @ (4, 7)","MOUSE E @ (5, 2)","ZEBRA E @ (5, 6)"
"""

BOOK_THEMES = [
    ("Fruit", "apple pear plum fig lime"), ("Pets", "cat dog fish bird frog"),
    ("Space", "sun moon star comet orbit"), ("Farm", "cow pig hen goat sheep"),
    ("Sea", "wave sand shell crab reef"), ("Weather", "rain snow wind hail fog"),
    ("Colours", "red blue green pink gold"), ("Body", "arm leg hand foot nose"),
    ("Home", "door roof wall room sofa"), ("School", "desk book pen chalk bell"),
    ("Sports", "golf polo swim ski run"), ("Music", "drum harp song tune bass"),
    ("Food", "rice bread soup cake corn"), ("Trees", "oak elm ash pine yew"),
    ("Birds", "owl crow dove wren hawk"), ("Tools", "saw drill axe nail rake"),
    ("Clothes", "hat coat sock shoe belt"), ("Town", "shop bank park road mall"),
    ("Kitchen", "pan pot cup fork bowl"), ("Garden", "rose weed seed soil hose"),
    ("Insects", "ant bee moth flea wasp"), ("Family", "mum dad aunt son niece"),
    ("Jobs", "chef cook baker nurse pilot"), ("Shapes", "cube cone oval ring disc"),
    ("Travel", "bus car ship train plane"), ("Time", "hour day week month year"),
]


def inputs() -> dict[str, bytes]:
    """The files every case finds in its in/ folder."""
    sections = "# Week 1: Fruit\napple\nbanana\ncherry\ngrape\n# Week 2: Space\nsun\nmoon\n" \
               "star\ncomet\norbit\n"
    messages = "# Week 1\n> Well done\nsun\nmoon\nstar\n# Week 2\n> See you on Friday\n" \
               "comet\norbit\nplanet\n# Riddle\n> Hello there\n"
    book = "".join(f"# {title}\n" + "\n".join(words.split()) + "\n"
                   for title, words in BOOK_THEMES)
    files = {
        "words.txt": "\n".join(FRUIT) + "\n",
        "space.txt": "\n".join(SPACE) + "\n",
        "sections.txt": sections,
        "messages.txt": messages,
        "book.txt": book,
        "book-short.txt": "".join(f"# {t}\n" + "\n".join(w.split()) + "\n"
                                  for t, w in BOOK_THEMES[:3]),
        "students.txt": "Ann Smith\nBo Li\nCarmen Díaz\n",
        "block.txt": "net\nbat\n",
        "empty.txt": "",
        "grid.txt": "CATX\nBOAX\nXXOX\nDOGS\n",
        "grid-twice.txt": "SUNS\nXXXX\nSUNX\nXXXX\n",
        "grid-bad.txt": "ABCD\nABC\nABCD\n",
        "grid-shaped.txt": "..CAT..\n.BOAXY.\nDOGSXYZ\n.HENXY.\n..EGG..\n",
        "dictionary.txt": "cat\nboa\ndog\ndogs\nhen\negg\nbox\n",
        "wsg.json": WSG_JSON,
        "wsg.csv": WSG_CSV,
        "notpng.png": "this is not a png\n",
    }
    made = {name: text.encode("utf-8") for name, text in files.items()}
    made["mask.png"] = MASK_PNG
    return made


def seed(name: str) -> list[str]:
    return ["--seed", f"snap-{name}"]


def make_cases() -> list[tuple[str, list[str], str | None]]:
    """(case, arguments, standard input) for `wordsearch` (make) runs."""
    c: list[tuple[str, list[str], str | None]] = []

    def add(name, *args, stdin=None, beam=True, seeded=True):
        """The seed (and a small beam) go before any "--", after the command's name; and
        -j 1, since in-process runs must not fork a pool (see PROCESS_CASES)."""
        extra = [*seed(name), *(BEAM if beam else [])] if seeded else []
        extra += ["-j", "1"] if seeded and "-j" not in args else []
        args = list(args)
        at = args.index("--") if "--" in args else len(args)
        c.append((name, args[:at] + extra + args[at:], stdin))

    # Formats.
    add("text-stdout", *SPACE)
    add("text-default-beam", *FRUIT, beam=False)
    add("json", "-o", "p.json", *SPACE)
    add("json-default-beam", "-o", "p.json", *SPACE, beam=False)
    add("txt", "-o", "p.txt", "-t", "Space", *SPACE)
    add("pdf", "-o", "p.pdf", "-t", "Space", "-f", "Name", "-f", "Date", *SPACE)
    add("pdf-default-beam", "-o", "p.pdf", "-t", "Fruit", "-f", "Name", *FRUIT, beam=False)
    add("svg", "-o", "p.svg", "-t", "Space", *SPACE)
    add("png", "-o", "p.png", "--dpi", "40", "-t", "Space", *SPACE)
    add("html", "-o", "p.html", "-t", "Space <b>&", *SPACE)
    add("html-message", "-o", "p.html", "--message", "Well done", "-g", "9", *SPACE[:4])
    add("format-json-stdout", "--format", "json", *SPACE)
    add("format-text-to-file", "--format", "text", "-o", "p.out", *SPACE)
    add("readme-example", "-s792x612", "--title=Xyzzy", "-fName", "-fDate", "-d", "r,d",
        "-o", "puzzle.pdf", "--", "Hello", "World")
    add("make-named", "make", "make", "believe", "-o", "p.json")
    # Page sizes.
    for size in ["a4", "letter-landscape", "792x612", "a5", "legal"]:
        add(f"size-{size}", "-s", size, "-o", "p.pdf", "-t", "Sized", *FRUIT)
    add("size-a4-svg", "-s", "a4", "-o", "p.svg", *FRUIT)
    # Masks.
    add("mask-heart", "-m", "heart", "-o", "p.pdf", "-t", "Valentine", "love", "rose", "kiss",
        "card", "heart", "sweet")
    add("mask-heart-json", "-m", "heart", "-o", "p.json", "love", "rose", "kiss", "card")
    add("mask-cat", "-m", "cat", "-o", "p.svg", *SPACE)
    add("mask-cat-text", "-m", "cat", *SPACE)
    add("mask-png", "-m", "in/mask.png", "-o", "p.pdf", *SPACE[:6])
    add("mask-png-grid", "-m", "in/mask.png", "-g", "16", "--format", "json", *SPACE[:6])
    add("mask-star-default-beam", "-m", "star", "-o", "p.json", *FRUIT[:10], beam=False)
    # Directions, difficulty, grids.
    add("dir-rd", "-d", "r,d", "--format", "json", *SPACE)
    add("dir-repeat", "-d", "E", "-d", "S", "-d", "northeast", "--format", "json", *SPACE)
    for level in ["easy", "medium", "hard"]:
        add(f"difficulty-{level}", "--difficulty", level, "-o", "p.json", *FRUIT)
    add("grid-12", "-g", "12", "-o", "p.json", *SPACE)
    add("grid-15x10", "-g", "15x10", "-o", "p.pdf", *SPACE)
    add("grid-15x10-text", "-g", "15x10", *SPACE)
    add("show-directions", "--show-directions", "--difficulty", "medium", "-o", "p.pdf",
        *SPACE)
    add("show-directions-txt", "--show-directions", "-d", "E,S", "-o", "p.txt", *SPACE)
    add("strict-ok", "--strict", "-o", "p.json", *SPACE)
    add("inside", "-o", "p.json", "kansas", "arkansas", "texas", "ohio", "utah")
    add("inside-pdf", "-o", "p.pdf", "kansas", "arkansas", "tin", "platinum", "nitrogen")
    # Languages.
    for code, words in LANG_WORDS.items():
        add(f"lang-{code}", "--language", code, "-o", "p.pdf", *words)
        add(f"lang-{code}-json", "--language", code, "-o", "p.json", *words)
        add(f"lang-{code}-text", "--language", code, *words)
    add("lang-el-svg", "--language", "el", "-o", "p.svg", *LANG_WORDS["el"])
    # Blocklists, case.
    add("block-words", "--block-words", "in/block.txt", "-o", "p.json", *SPACE)
    add("no-blocklist", "--no-blocklist", "-o", "p.json", *SPACE)
    add("lowercase", "--lowercase", *SPACE)
    add("lowercase-pdf", "--lowercase", "-o", "p.pdf", *SPACE)
    add("lowercase-html", "--lowercase", "-o", "p.html", *SPACE)
    # Hidden messages.
    add("message", "--message", "Two snakes? They were lizards.", "-o", "p.pdf", "-t",
        "Reptiles", "snake", "lizard", "gecko", "cobra", "viper")
    add("message-text", "--message", "Two snakes? They were lizards.", "snake", "lizard",
        "gecko", "cobra", "viper")
    add("message-json", "--message", "Well done", "-g", "10", "-o", "p.json", *SPACE[:5])
    add("message-alone", "--message", "See you at the zoo soon", "-g", "15", "-o", "p.pdf")
    add("message-alone-json", "--message", "See you at the zoo soon", "-g", "15", "--format",
        "json")
    add("message-no-added", "--message", "Hi", "--no-added-words", "--format", "json",
        "sun", "moon", "star", "comet")
    add("message-no-added-2", "--message", "Hello there", "--no-added-words", "-o", "p.txt",
        *SPACE)
    add("message-file", "--words-file", "in/messages.txt", "-o", "p.pdf")
    add("message-file-json", "--words-file", "in/messages.txt", "--format", "json")
    add("message-es", "--language", "es", "--message", "¡Muy bien!", "-o", "p.json",
        *LANG_WORDS["es"])
    # Chosen words.
    add("theme", "--theme", "animals", "-o", "p.pdf")
    add("theme-random", "--theme", "animals", "--random", "8", "--format", "json")
    add("theme-es", "--language", "es", "--theme", "animals", "--format", "json")
    add("random", "--random", "10", "-o", "p.json")
    add("random-copies", "--random", "6", "--copies", "2", "-j", "1", "--format", "json")
    add("list-themes", "--list-themes", seeded=False)
    add("list-themes-es", "--language", "es", "--list-themes", seeded=False)
    add("list-themes-sk", "--language", "sk", "--list-themes", seeded=False)
    add("list-masks", "--list-masks", seeded=False)
    add("list-fonts", "--list-fonts", seeded=False)
    # Print options.
    add("large-print", "--large-print", "-o", "p.pdf", *SPACE)
    add("large-print-svg", "--large-print", "-o", "p.svg", "-t", "Big", "-f", "Name", *SPACE)
    add("font-opendyslexic", "--font", "OpenDyslexic", "-o", "p.pdf", *SPACE)
    add("font-gentium", "--font", "Gentium Plus", "-o", "p.pdf", *SPACE)
    add("font-gentium-svg", "--font", "gentium plus", "-o", "p.svg", *SPACE)
    add("hide-words", "--hide-words", "-o", "p.pdf", *SPACE)
    add("hide-words-text", "--hide-words", *SPACE)
    add("hide-words-html", "--hide-words", "-o", "p.html", *SPACE)
    add("list-order-given", "--list-order", "given", "-o", "p.pdf", *SPACE)
    add("list-order-given-text", "--list-order", "given", *SPACE)
    add("list-order-given-html", "--list-order", "given", "-o", "p.html", *SPACE)
    add("key-style-letters", "--key-style", "letters", "-o", "p.pdf", *SPACE)
    add("key-style-letters-svg", "--key-style", "letters", "-o", "p.svg", *SPACE)
    add("no-key", "--no-key", "-o", "p.pdf", *SPACE)
    add("no-key-svg", "--no-key", "-o", "p.svg", *SPACE)
    add("key-only", "--key-only", "-o", "p.pdf", *SPACE)
    add("key-only-png", "--key-only", "-o", "p.png", "--dpi", "40", *SPACE)
    add("key-only-text", "--key-only", *SPACE)
    # Class sets.
    add("per-page-2", "--per-page", "2", "--copies", "2", "-j", "1", "-o", "p.pdf",
        "-f", "Name", *SPACE)
    add("per-page-2-landscape", "--per-page", "2", "-s", "letter-landscape", "--copies", "2",
        "-j", "1", "-o", "p.pdf", *SPACE)
    add("per-page-4", "--per-page", "4", "--copies", "4", "-j", "1", "-o", "p.pdf", *SPACE)
    add("fail-per-page-4-svg", "--per-page", "4", "--copies", "5", "-j", "1", "-o", "p.svg",
        *SPACE[:5])
    add("per-page-2-single", "--per-page", "2", "-o", "p.pdf", *SPACE)
    add("keys-per-page-2", "--copies", "3", "--keys-per-page", "2", "-j", "1", "-o", "p.pdf",
        *SPACE)
    add("keys-per-page-4", "--copies", "5", "--keys-per-page", "4", "-j", "1", "-o", "p.pdf",
        *SPACE)
    add("copies", "--copies", "3", "-j", "1", "-o", "p.pdf", "-t", "Class", *SPACE)
    add("copies-json", "--copies", "3", "-j", "1", "--format", "json", *SPACE)
    add("copies-text", "--copies", "2", "-j", "1", *SPACE)
    add("fail-copies-svg", "--copies", "2", "-j", "1", "-o", "p.svg", *SPACE)
    add("fail-copies-png", "--copies", "2", "-j", "1", "-o", "p.png", "--dpi", "40", *SPACE)
    add("fail-dpi", "-o", "p.png", "--dpi", "30", *SPACE)
    add("fail-copies-html", "--copies", "2", "-j", "1", "-o", "p.html", *SPACE)
    add("students", "--students", "in/students.txt", "-j", "1", "-o", "p.pdf", "-f", "Date",
        *SPACE)
    add("students-json", "--students", "in/students.txt", "-j", "1", "--format", "json",
        *SPACE)
    add("keys-file", "--copies", "2", "-j", "1", "-o", "p.pdf", "--keys", "keys.pdf", *SPACE)
    add("keys-file-students", "--words-file", "in/sections.txt", "--students",
        "in/students.txt", "-j", "1", "-f", "Date", "-o", "class.pdf", "--keys", "keys.pdf",
        "--keys-per-page", "4")
    add("words-file", "--words-file", "in/words.txt", "-o", "p.pdf")
    add("words-file-sections", "--words-file", "in/sections.txt", "-j", "1", "-o", "p.pdf")
    add("words-file-sections-json", "--words-file", "in/sections.txt", "-j", "1",
        "--format", "json")
    add("words-file-sections-text", "--words-file", "in/sections.txt", "-j", "1")
    add("words-file-two", "--words-file", "in/words.txt", "--words-file", "in/space.txt",
        "--format", "json")
    add("words-file-stdin", "--words-file", "-", "--format", "json",
        stdin="sun\nmoon\nstar\ncomet\n")
    add("words-and-file", "--words-file", "in/space.txt", "--format", "json", "extra", "words")
    add("duplicates", "--format", "json", "ice-cream", "Ice cream", "cake", "jelly", "cake")
    add("quiet", "-q", "-o", "p.pdf", *SPACE)
    add("threads-1", "--threads", "1", "-o", "p.json", *FRUIT)
    add("set-sections-masks", "--words-file", "in/sections.txt", "-m", "heart", "--copies",
        "2", "-j", "1", "-o", "p.pdf", "--per-page", "2")
    # Help.
    add("help", "--help", seeded=False)
    add("help-make", "make", "--help", seeded=False)
    add("help-book", "book", "--help", seeded=False)
    add("help-solve", "solve", "--help", seeded=False)
    add("help-serve", "serve", "--help", seeded=False)
    # Failures: stderr and exit status.
    add("fail-page-size", "-s", "huge", "-o", "p.pdf", *SPACE)
    add("fail-page-size-2", "-s", "10x10", "-o", "p.pdf", *SPACE)
    add("fail-word-too-long", "-g", "5", "sunshine", "moon")
    add("fail-language", "--language", "xx", "sun", "moon")
    add("fail-letter-language", "--language", "fr", "Straße", "pomme")
    add("fail-script", "中文", "sun")
    add("fail-words-file", "--words-file", "in/missing.txt")
    add("fail-words-file-empty", "--words-file", "in/empty.txt")
    add("fail-no-key-key-only", "--no-key", "--key-only", "-o", "p.pdf", *SPACE)
    add("fail-keys-per-page-6", "--keys-per-page", "6", "--copies", "2", *SPACE)
    add("fail-per-page-3", "--per-page", "3", *SPACE)
    add("fail-direction", "-d", "sideways", *SPACE)
    add("fail-difficulty", "--difficulty", "extreme", *SPACE)
    add("fail-strict", "--strict", "kansas", "arkansas")
    add("fail-bad-char", "sun", "m00n")
    add("fail-short-word", "sun", "ox")
    add("fail-no-words", "-o", "p.pdf")
    add("fail-no-added-words-alone", "--no-added-words", "sun")
    add("fail-theme-and-words", "--theme", "animals", "sun")
    add("fail-theme", "--theme", "nosuchtheme")
    add("fail-format", "-o", "p.doc", *SPACE)
    c.append(("fail-seed", ["--seed", "tab\there", *BEAM, *SPACE], None))
    add("fail-font", "--font", "NoSuchFont", "-o", "p.pdf", *SPACE)
    add("fail-font-letters", "--font", "OpenDyslexic", "--language", "ru", "-o", "p.pdf",
        *LANG_WORDS["ru"])
    add("fail-mask", "-m", "nomask", *SPACE)
    add("fail-mask-notpng", "-m", "in/notpng.png", *SPACE)
    add("fail-mask-missing", "-m", "in/missing.png", *SPACE)
    add("fail-large-print", "--large-print", "-g", "30", "-o", "p.pdf", *FRUIT)
    add("fail-too-small-print", "-g", "60", "-o", "p.pdf", *SPACE)
    add("fail-copies-and-students", "--copies", "2", "--students", "in/students.txt", *SPACE)
    add("fail-same-keys", "--copies", "2", "-o", "same.pdf", "--keys", "same.pdf", *SPACE)
    add("fail-output-dir", "-o", "nodir/p.pdf", *SPACE)
    add("fail-message-too-long", "--message", "x" * 80, "-g", "6", "sun", "moon")
    add("fail-no-added-words", "--message", "abcdefghijklmnopq", "--no-added-words",
        "-o", "p.json", "sun", "moon")
    add("fail-grid", "-g", "0", *SPACE)
    add("fail-grid-text", "-g", "big", *SPACE)
    add("fail-block-words-file", "--block-words", "in/missing.txt", *SPACE)
    add("fail-unknown-option", "--colour", "red", *SPACE)
    add("fail-beam", "--beam", "0", *SPACE)
    add("fail-copies", "--copies", "0", *SPACE)
    # Combinations.
    add("fail-format-mismatch", "--format", "json", "-o", "p.txt", *SPACE)
    add("json-lowercase-es", "--lowercase", "--language", "es", "-o", "p.json",
        *LANG_WORDS["es"])
    add("per-page-4-show-directions", "--per-page", "4", "--copies", "4", "-j", "1",
        "--show-directions", "-d", "E,S,SE", "-s", "a4-landscape", "-o", "p.pdf", *SPACE)
    add("per-page-2-large-print", "--per-page", "2", "--copies", "2", "-j", "1",
        "--large-print", "-o", "p.pdf", *SPACE[:5])
    add("per-page-2-hide-words", "--per-page", "2", "--copies", "2", "-j", "1",
        "--hide-words", "--list-order", "given", "-o", "p.pdf", *SPACE)
    add("keys-per-page-4-letters", "--copies", "4", "--keys-per-page", "4", "--key-style",
        "letters", "-j", "1", "-o", "p.pdf", *FRUIT)
    add("set-messages-mask", "--words-file", "in/messages.txt", "-m", "circle", "-j", "1",
        "-o", "p.pdf")
    add("set-lang-de-font", "--words-file", "in/sections.txt", "--language", "de", "--font",
        "OpenDyslexic", "--copies", "2", "-j", "1", "-o", "p.pdf")
    add("set-text-file", "--words-file", "in/sections.txt", "-j", "1", "-o", "p.txt")
    add("set-json-file", "--words-file", "in/sections.txt", "-j", "1", "-o", "p.json")
    add("students-per-page-4", "--students", "in/students.txt", "--per-page", "4", "-j", "1",
        "-o", "p.pdf", "--keys", "k.pdf", *SPACE)
    add("mask-cat-grid-lowercase", "-m", "cat", "-g", "14", "--lowercase", "-o", "p.pdf",
        *SPACE)
    add("mask-html", "-m", "heart", "-o", "p.html", "love", "rose", "kiss", "card")
    add("mask-large-print-a5", "-m", "tree", "--large-print", "-s", "a5", "-o", "p.pdf",
        *SPACE[:5])
    add("lang-el-message", "--language", "el", "--message", "Καλημέρα", "-g", "8", "-o",
        "p.pdf", *LANG_WORDS["el"][:3])
    add("lang-ru-theme-random", "--language", "ru", "--random", "8", "-o", "p.json")
    add("lang-sv", "--language", "sv", "--format", "json", "idé", "åsna", "äpple",
        "öga", "hus")
    add("png-dpi-72-a4", "-o", "p.png", "--dpi", "72", "-s", "a4", "--message", "Hi there",
        *SPACE[:5])
    for name in DEFAULT_BEAM_TOO:
        base = next(args for case, args, _ in c if case == name)
        cut = base.index("--beam")
        c.append((f"{name}-beam8192", base[:cut] + base[cut + 2:],
                  next(stdin for case, _, stdin in c if case == name)))
    return c


# Cases run a second time at the default beam (8192), the packer's real path.
DEFAULT_BEAM_TOO = [
    "text-stdout", "json", "pdf", "svg", "png", "html", "format-json-stdout", "readme-example",
    "size-a4", "size-letter-landscape", "mask-heart", "mask-cat", "mask-png", "dir-rd",
    "difficulty-easy", "difficulty-medium", "grid-15x10", "inside", "lang-es", "lang-de",
    "lang-ru", "lang-el", "lang-fr-json", "block-words", "lowercase", "message",
    "message-alone", "message-no-added", "message-no-added-2", "message-file", "theme-random",
    "random", "large-print", "font-opendyslexic", "hide-words", "list-order-given",
    "key-style-letters", "per-page-2", "per-page-4", "keys-per-page-2", "copies", "students",
    "keys-file-students", "words-file-sections", "set-messages-mask",
]


def book_cases() -> list[tuple[str, list[str], str | None]]:
    def book(name, *args, beam=True):
        return (name, ["book", *args, *seed(name), *(BEAM if beam else [])], None)
    return [
        book("book-6x9", "--words-file", "in/book.txt", "-t", "Puzzle Book", "-o", "book.pdf",
             "-j", "1"),
        book("book-letter-bleed", "--words-file", "in/book.txt", "--trim", "8.5x11",
             "--bleed", "--title", "Animal Puzzles", "--author", "A. Teacher", "--subject",
             "Word searches for grade 3", "-o", "book.pdf", "-j", "1"),
        book("book-a4-2-6", "--words-file", "in/book.txt", "--trim", "a4", "--per-page", "2",
             "--solutions-per-page", "6", "-t", "Two Up", "-f", "Name", "-o", "book.pdf",
             "-j", "1"),
        book("book-a5-options", "--words-file", "in/book.txt", "--trim", "a5", "--difficulty",
             "medium", "--hide-words", "--key-style", "letters", "-t", "Hard", "-o",
             "book.pdf", "-j", "1"),
        book("book-8.25x11-large", "--words-file", "in/book.txt", "--trim", "8.25x11",
             "--large-print", "--list-order", "given", "--show-directions", "-o", "book.pdf",
             "-j", "1"),
        book("book-short-warning", "--words-file", "in/book-short.txt", "-t", "Short",
             "-o", "book.pdf", "-j", "1"),
        book("book-short-mask", "--words-file", "in/book-short.txt", "-m", "heart",
             "--lowercase", "-o", "book.pdf", "-j", "1"),
        book("book-fail-txt", "--words-file", "in/book.txt", "-o", "book.txt", "-j", "1"),
        book("book-fail-missing", "--words-file", "in/missing.txt", "-o", "book.pdf",
             "-j", "1"),
        book("book-fail-no-words-file", "-o", "book.pdf", "-j", "1"),
        book("book-fail-trim", "--words-file", "in/book.txt", "--trim", "9x12",
             "-o", "book.pdf", "-j", "1"),
        book("book-fail-grid", "--words-file", "in/book.txt", "-g", "3", "-o", "book.pdf",
             "-j", "1"),
    ]


def solve_cases() -> list[tuple[str, list[str], str | None, list[list[str]]]]:
    """(case, arguments, stdin, preparation runs whose outputs go to in/)."""
    made = [["-o", "in/p.json", "--seed", "solve-me", *BEAM, *SPACE],
            ["-o", "in/p.txt", "--seed", "solve-me", *BEAM, *SPACE],
            ["-o", "in/shaped.json", "-m", "heart", "--seed", "solve-shaped", *BEAM,
             "love", "rose", "kiss", "card"],
            ["-o", "in/inside.json", "--seed", "solve-inside", *BEAM, "kansas", "arkansas",
             "texas"],
            ["-o", "in/es.json", "--language", "es", "--seed", "solve-es", *BEAM,
             *LANG_WORDS["es"]]]

    def solve(name, *args, stdin=None):
        return (name, ["solve", *args], stdin, made)
    return [
        solve("solve-json-doc", "in/p.json"),
        solve("solve-json-doc-json", "in/p.json", "--format", "json"),
        solve("solve-text-doc", "in/p.txt"),
        solve("solve-shaped", "in/shaped.json", "--format", "json"),
        solve("solve-inside", "in/inside.json"),
        solve("solve-inside-json", "in/inside.json", "--format", "json"),
        solve("solve-es", "in/es.json", "--format", "json"),
        solve("solve-key-pdf", "in/p.json", "-o", "key.pdf", "-t", "Solved"),
        solve("solve-key-svg", "in/shaped.json", "-o", "key.svg"),
        solve("solve-key-png", "in/p.json", "-o", "key.png", "--dpi", "40", "-s", "a4"),
        solve("solve-all", "in/p.json", "--all"),
        solve("solve-all-json", "in/p.json", "--all", "--min-length", "5", "--format", "json"),
        solve("solve-dictionary", "in/grid.txt", "--dictionary", "in/dictionary.txt",
              "--min-length", "3"),
        solve("solve-words", "in/grid.txt", "cat", "boa", "dogs"),
        solve("solve-words-file", "in/grid.txt", "--words-file", "in/dictionary.txt",
              "--format", "json"),
        solve("solve-missing-word", "in/grid.txt", "cat", "venus"),
        solve("solve-twice", "in/grid-twice.txt", "sun"),
        solve("solve-twice-json", "in/grid-twice.txt", "sun", "--format", "json"),
        solve("solve-shaped-text", "in/grid-shaped.txt", "cat", "dog", "hen", "egg", "-o",
              "key.svg"),
        solve("solve-free-path", "in/grid.txt", "--free-path", "cat", "dog", "boxes", "goat"),
        solve("solve-free-path-key", "in/grid.txt", "--free-path", "cat", "dog", "-o",
              "key.pdf"),
        solve("solve-free-path-json", "in/grid.txt", "--free-path", "cab", "toad", "--format",
              "json"),
        solve("solve-stdin", "-", "cat", "dog", stdin="CATX\nBOAX\nXXOX\nDOGS\n"),
        solve("solve-wsg-json", "in/wsg.json"),
        solve("solve-wsg-json-key", "in/wsg.json", "--format", "json", "-o", "key.svg"),
        solve("solve-wsg-csv", "in/wsg.csv"),
        solve("solve-language", "in/grid.txt", "--language", "de", "cat"),
        solve("solve-fail-bad-grid", "in/grid-bad.txt", "abc"),
        solve("solve-fail-missing-file", "in/missing.txt", "abc"),
        solve("solve-fail-no-words", "in/grid.txt"),
        solve("solve-fail-output", "in/grid.txt", "cat", "-o", "key.txt"),
        ("solve-pdftotext", ["solve", "in/p.pdf.txt", "--format", "json"], None,
         [["-o", "in/p.pdf", "-t", "Space", "--seed", "solve-pdf", *BEAM, *SPACE],
          ["!pdftotext", "-raw", "in/p.pdf", "in/p.pdf.txt"]]),
        ("solve-pdftotext-stdin", ["solve", "-"], "<in/p.pdf.txt",
         [["-o", "in/p.pdf", "-m", "heart", "--seed", "solve-pdf-heart", *BEAM, *SPACE[:5]],
          ["!pdftotext", "-raw", "in/p.pdf", "in/p.pdf.txt"]]),
        solve("solve-fail-language", "in/grid.txt", "--language", "xx", "cat"),
    ]


class Recorder:
    def __init__(self, out: Path, scratch: Path) -> None:
        self.out = out
        self.scratch = scratch
        self.inputs = inputs()
        self.cases = 0
        self.hung: list[str] = []

    def prepare(self, case: str) -> Path:
        work = self.scratch / case
        (work / "in").mkdir(parents=True)
        for name, data in self.inputs.items():
            (work / "in" / name).write_bytes(data)
        return work

    def clean(self, data: bytes, work: Path) -> bytes:
        for path in {str(work), os.path.realpath(work), str(self.scratch)}:
            data = data.replace(os.fsencode(path), b"<work>")
        return data

    def keep(self, case: str, work: Path, args: list[str], code, stdout: bytes,
             stderr: bytes, extra: str = "") -> None:
        dest = self.out / case
        dest.mkdir(parents=True)
        for path in sorted(work.rglob("*")):
            rel = path.relative_to(work)
            if rel.parts[0] == "in" or path.is_dir():
                continue
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        run = f"args: {json.dumps(args, ensure_ascii=False)}\nexit: {code}\n{extra}"
        (dest / "_run.txt").write_bytes(self.clean(run.encode("utf-8"), work))
        (dest / "_stdout.txt").write_bytes(self.clean(stdout, work))
        (dest / "_stderr.txt").write_bytes(self.clean(stderr, work))
        self.cases += 1

    def invoke(self, args: list[str], stdin: str | None):
        from click.testing import CliRunner

        from wordsearch.cli import main
        result = CliRunner().invoke(main, args, input=stdin, prog_name="wordsearch")
        extra = ""
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            exc = result.exception
            extra = f"exception: {type(exc).__name__}: {exc}\n"
            extra += "".join(traceback.format_exception_only(type(exc), exc))
        return result.exit_code, result.stdout_bytes, result.stderr_bytes or b"", extra

    def cli(self, case: str, args: list[str], stdin: str | None = None,
            prep: list[list[str]] = ()) -> None:
        work = self.prepare(case)
        here = os.getcwd()
        os.chdir(work)
        try:
            for before in prep:
                if before[0].startswith("!"):   # a tool other than ours, e.g. pdftotext
                    subprocess.run([before[0][1:], *before[1:]], check=True)
                    continue
                code, _, err, extra = self.invoke(before, None)
                if code != 0:
                    raise RuntimeError(f"{case}: preparation {before} failed: {err!r} {extra}")
            if stdin is not None and stdin.startswith("<"):   # a file made above
                stdin = Path(stdin[1:]).read_text(encoding="utf-8")
            code, out, err, extra = self.invoke(args, stdin)
        finally:
            os.chdir(here)
        self.keep(case, work, args, code, out, err, extra)

    def process(self, case: str, args: list[str], stdin: str | None = None) -> None:
        """A real process. One that hangs is stopped with SIGABRT after PROCESS_TIMEOUT
        (faulthandler then prints its threads' stacks), recorded as "exit: TIMEOUT" (a
        difference from the baseline) and reported; the run goes on."""
        work = self.prepare(case)
        env = dict(os.environ, PYTHONHASHSEED="0", COLUMNS="80", PYTHONFAULTHANDLER="1")
        child = subprocess.Popen([sys.executable, "-m", "wordsearch", *args], cwd=work,
                                 env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        try:
            out, err = child.communicate(stdin.encode() if stdin is not None else b"",
                                         timeout=PROCESS_TIMEOUT)
            code = child.returncode
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGABRT)
            try:
                out, err = child.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                out, err = child.communicate()
            code = f"TIMEOUT after {PROCESS_TIMEOUT} s (SIGABRT; stacks in _stderr.txt)"
            print(f"snapshot: {case} HUNG: stopped after {PROCESS_TIMEOUT} s; its stacks are in "
                  f"{self.out / case / '_stderr.txt'}", file=sys.stderr)
            self.hung.append(case)
        self.keep(case, work, args, code, out, err)


def library(rec: Recorder) -> None:
    import wordsearch
    from wordsearch import export
    from wordsearch.render import paper
    from wordsearch.render.layout import PageOptions

    def keep(case: str, files: dict[str, bytes]) -> None:
        dest = rec.out / case
        dest.mkdir(parents=True)
        for name, data in files.items():
            (dest / name).write_bytes(data)
        rec.cases += 1

    def doc(puzzle) -> bytes:
        return (json.dumps(puzzle.to_dict(), ensure_ascii=False, indent=1) + "\n").encode()

    made = {
        "basic": wordsearch.generate(["sun", "moon", "star"], grid=10, difficulty="medium",
                                     seed="abc", beam=64),
        "default-beam": wordsearch.generate(FRUIT, seed="lib-fruit"),
        "message": wordsearch.generate(["snake", "bar"], message="They were lizards", grid=12,
                                       seed="j", beam=64),
        "message-alone-sk": wordsearch.generate([], message="Were lizards", grid=10,
                                                language="sk", seed="r", beam=64),
        "gridsize": wordsearch.generate(["apple", "pear"],
                                        grid=wordsearch.GridSize(cols=12, rows=8),
                                        language="en", seed="w", beam=64),
        "mask": wordsearch.generate(["love", "rose", "kiss", "card"], mask="heart", seed="v",
                                    beam=64),
        "directions": wordsearch.generate(SPACE, directions=["E", "S", "SE"], seed="d",
                                          beam=64, lowercase=True),
        "theme": wordsearch.generate(theme="animals", random=12, difficulty="medium",
                                     seed="daily-2026-03-14", beam=64),
        "language-de": wordsearch.generate(LANG_WORDS["de"], language="de", seed="de",
                                           beam=64),
    }
    for name, puzzle in made.items():
        files = {"doc.json": doc(puzzle), "to_json.json": puzzle.to_json().encode(),
                 "repr-fields.txt": (f"grid={puzzle.grid!r}\ncode={puzzle.code!r}\n"
                                     f"language={puzzle.language!r}\n"
                                     f"leftover={puzzle.leftover()!r}\n").encode(),
                 "roundtrip.json": wordsearch.Puzzle.from_json(puzzle.to_json())
                 .to_json().encode()}
        keep(f"lib-generate-{name}", files)

    heart = made["mask"]
    page = PageOptions(size=paper.page_size("a4"), title="Valentine", fields=("Name",))
    files = {}
    svg_puzzle, svg_key = (dataclasses.replace(page, pages=(kind,)) for kind in ("puzzle", "key"))
    for fmt, options in [("pdf", page), ("json", page), ("text", page), ("html", page),
                         ("svg", svg_puzzle), ("svg-key", svg_key)]:
        output = export.Output(format=fmt.removesuffix("-key"), page=options)
        for key, data in export.files(heart, output).items():
            files[f"{fmt}-{key}"] = data if isinstance(data, bytes) else data.encode()
    keep("lib-export-files", files)

    lists = wordsearch.split_sections([(1, "# Week 1"), (2, "apple"), (3, "pear"),
                                       (4, "plum")])
    made_set = wordsearch.build_set(lists, copies=3, seed="term", beam=64, jobs=1)
    files = {"set.json": made_set.to_json().encode()}
    for key, data in export.files(made_set, export.Output(
            format="pdf", page=PageOptions(keys_per_page=4))).items():
        files[f"pdf-{key}"] = data if isinstance(data, bytes) else data.encode()
    keep("lib-build-set", files)

    solved = {
        "listed": wordsearch.solve(["CAT.", "BOAX", "..XX"], ["cat", "boa", "ox"]),
        "dictionary": wordsearch.solve(made["basic"],
                                       dictionary=wordsearch.Dictionary.of_language("en"),
                                       min_length=5),
        "free-path": wordsearch.solve(["CAX", "XTX"], ["cat"], free_path=True),
        "doc": wordsearch.solve(made["default-beam"]),
    }
    keep("lib-solve", {f"{name}.json": (json.dumps(s.to_dict(), ensure_ascii=False, indent=1)
                                        + "\n").encode() for name, s in solved.items()})


def web(rec: Recorder) -> None:
    import re

    from starlette.testclient import TestClient

    from wordsearch.web.app import Config, create_app

    dest = rec.out / "web"
    dest.mkdir()
    names: dict[str, str] = {}          # random id -> stable name
    count = {"n": 0}
    skipped_headers = {"date", "etag", "last-modified", "content-length"}

    def norm(text: str) -> str:
        for real, stable in names.items():
            text = text.replace(real, stable)
        return text

    def normb(data: bytes) -> bytes:
        for real, stable in names.items():
            data = data.replace(real.encode(), stable.encode())
        return data

    def record(label: str, method: str, url: str, answer, body_note: str = "") -> None:
        count["n"] += 1
        base = f"{count['n']:03d}-{label}"
        headers = sorted((k.lower(), v) for k, v in answer.headers.items()
                         if k.lower() not in skipped_headers)
        head = [f"{method} {norm(url)}", f"status: {answer.status_code}", body_note]
        head += [f"{k}: {norm(v)}" for k, v in headers]
        (dest / f"{base}.head.txt").write_text("\n".join(head) + "\n", encoding="utf-8")
        (dest / f"{base}.body").write_bytes(normb(answer.content))

    def post(client, label, url, **kwargs):
        answer = client.post(url, **kwargs)
        if answer.status_code == 201 and url == "/api/puzzles":
            name_id(answer.json()["id"], "PUZZLE")
        record(label, "POST", url, answer, "request: " + json.dumps(
            kwargs.get("json"), ensure_ascii=False) if "json" in kwargs else "")
        return answer

    def get(client, label, url, **kwargs):
        answer = client.get(url, **kwargs)
        record(label, "GET", url, answer)
        return answer

    def name_id(real: str, prefix: str) -> None:
        if real not in names:
            names[real] = f"{prefix}{sum(v.startswith(prefix) for v in names.values()) + 1}"

    db = rec.scratch / "web.sqlite3"
    puzzles = [
        ("plain", {"words": SPACE, "seed": "web-plain", "beam": 64}),
        ("options", {"words": ["Ice cream", "cake", "jelly"], "grid": "9x7",
                     "difficulty": "medium", "seed": "web-1", "title": "Party",
                     "fields": ["Name", "Class"], "page_size": "a4", "beam": 64}),
        ("default-beam", {"words": FRUIT, "seed": "web-fruit", "title": "Fruit"}),
        ("mask", {"words": ["love", "rose", "kiss", "card"], "mask": "heart", "seed": "web-h",
                  "beam": 64, "show_directions": True}),
        ("message", {"words": SPACE[:5], "message": "Well done", "grid": 10, "seed": "web-m",
                     "beam": 64, "title": "Message"}),
        ("message-alone", {"message": "See you soon", "grid": 12, "seed": "web-ma",
                           "beam": 64}),
        ("language", {"words": LANG_WORDS["es"], "language": "es", "seed": "web-es",
                      "beam": 64, "lowercase": True, "list_order": "given"}),
        ("greek", {"words": LANG_WORDS["el"], "language": "el", "seed": "web-el",
                   "beam": 64}),
        ("theme", {"theme": "animals", "random": 10, "seed": "web-t", "beam": 64,
                   "hide_words": True}),
        ("directions", {"words": SPACE, "directions": ["E", "S"], "strict": True,
                        "seed": "web-d", "beam": 64, "page_size": "letter-landscape"}),
        ("escape", {"words": ["sun", "moon"], "seed": "web-esc", "beam": 64,
                    "title": "<script>alert('x')</script> \"quoted\" {{ braces }}",
                    "fields": ["<b>Name</b>"]}),
        ("inside", {"words": ["kansas", "arkansas", "texas"], "seed": "web-in", "beam": 64,
                    "no_added_words": None}),
    ]
    with TestClient(create_app(Config(db=str(db), workers=1))) as client:
        for path in ["/", "/api/options", "/static/style.css", "/static/make.js",
                     "/static/play.js", "/static/make.html", "/api/masks/heart.png",
                     "/api/masks/cat.png"]:
            get(client, "get" + re.sub(r"[^a-z0-9.]+", "-", path), path)
        for label, body in puzzles:
            answer = post(client, f"puzzle-{label}", "/api/puzzles", json=body)
            if answer.status_code != 201:
                continue
            made = answer.json()
            for kind, link in made["links"].items():
                get(client, f"puzzle-{label}-{kind}", link)
        # A mask upload, then a puzzle cut to it.
        upload = post(client, "mask-upload", "/api/masks", content=MASK_PNG,
                      headers={"content-type": "image/png"})
        mask = upload.json()["mask"]
        answer = post(client, "puzzle-upload", "/api/puzzles",
                      json={"words": SPACE[:6], "mask": mask, "seed": "web-up", "beam": 64})
        if answer.status_code == 201:
            made = answer.json()
            for kind, link in made["links"].items():
                get(client, f"puzzle-upload-{kind}", link)
        post(client, "words", "/api/words",
             json={"words": ["sun", "", "Sun", "m00n", "ice-cream", "Ice cream", "ox"]})
        post(client, "words-es", "/api/words", json={"words": ["niño", "Straße"],
                                                     "language": "es"})
        # Class sets: the first answer without its "done" count (it depends on timing).
        sets = [("copies", {"words": ["sun", "moon", "star"], "copies": 3, "seed": "class",
                            "keys_per_page": 2, "grid": 7, "beam": 64}),
                ("students", {"words": SPACE[:5], "students": ["Ann", "Bo <b>"],
                              "seed": "stud", "title": "Class", "fields": ["Date"],
                              "beam": 64}),
                ("failing", {"words": ["sunshine"], "copies": 2, "grid": 5, "seed": "f"})]
        for label, body in sets:
            answer = client.post("/api/sets", json=body)
            started = answer.json()
            if "id" in started:
                name_id(started["id"], "SET")
                started.pop("done", None)
            count["n"] += 1
            (dest / f"{count['n']:03d}-set-{label}-start.txt").write_text(norm(
                f"POST /api/sets\nrequest: {json.dumps(body)}\nstatus: {answer.status_code}\n"
                f"{json.dumps(started, ensure_ascii=False, sort_keys=True)}\n"),
                encoding="utf-8")
            if "id" not in started:
                continue
            for _ in range(2400):
                progress = client.get(f"/api/sets/{started['id']}").json()
                if progress["state"] != "working":
                    break
                time.sleep(0.05)
            final = get(client, f"set-{label}-final", f"/api/sets/{started['id']}")
            if final.json().get("pdf"):
                get(client, f"set-{label}-pdf", final.json()["pdf"])
        # The daily puzzle: a fixed date (today's would change every day).
        today = client.get("/daily", follow_redirects=False)
        count["n"] += 1
        (dest / f"{count['n']:03d}-daily-redirect.txt").write_text(
            f"status: {today.status_code}\nlocation: "
            f"{re.sub(r'[0-9]{4}-[0-9]{2}-[0-9]{2}', 'TODAY', today.headers['location'])}\n",
            encoding="utf-8")
        get(client, "daily-2026-03-14", "/daily/2026-03-14")
        get(client, "daily-2026-03-14-json", "/p/daily-2026-03-14.json")
        get(client, "daily-2026-03-14-pdf", "/p/daily-2026-03-14.pdf")
        get(client, "daily-2026-03-14-again", "/daily/2026-03-14")
        # Errors.
        for label, body in [
                ("not-object", [1, 2]), ("words-text", {"words": "sun"}),
                ("unknown-option", {"words": ["sun"], "colour": "red"}),
                ("grid-bool", {"words": ["sun"], "grid": True}),
                ("beam-text", {"words": ["sun"], "beam": "wide"}),
                ("beam-range", {"words": ["sun"], "beam": 100000}),
                ("bad-char", {"words": ["sun", "m00n"]}),
                ("too-long", {"words": ["sunshine"], "grid": 5, "difficulty": "easy"}),
                ("direction", {"words": ["sun"], "directions": ["sideways"]}),
                ("page-size", {"words": ["sun"], "page_size": "huge"}),
                ("seed", {"words": ["sun"], "seed": "tab\there"}),
                ("strict", {"words": ["kansas", "arkansas"], "strict": True}),
                ("grid-side", {"words": ["sun"], "grid": 41}),
                ("grid-zero", {"words": ["sun"], "grid": "0"}),
                ("mask-name", {"words": ["sun"], "mask": "../../setup.py"}),
                ("mask-upload-gone", {"words": ["sun"], "mask": "upload:nosuch"}),
                ("too-many-fields", {"words": ["sun"], "fields": ["a"] * 7}),
                ("list-order", {"words": ["sun"], "list_order": "random"}),
                ("language", {"words": ["sun"], "language": "xx"}),
                ("no-words", {})]:
            post(client, f"error-{label}", "/api/puzzles", json=body)
        post(client, "error-not-json", "/api/puzzles", content=b"not json",
             headers={"content-type": "application/json"})
        post(client, "error-too-large", "/api/puzzles", content=b"x" * (65 * 1024),
             headers={"content-type": "application/json"})
        post(client, "error-mask-notpng", "/api/masks", content=b"not a png",
             headers={"content-type": "image/png"})
        post(client, "error-mask-pixels", "/api/masks", content=BIG_PNG,
             headers={"content-type": "image/png"})
        post(client, "error-mask-blank", "/api/masks", content=BLANK_PNG,
             headers={"content-type": "image/png"})
        post(client, "error-set-both", "/api/sets",
             json={"words": ["sun"], "copies": 2, "students": ["A"]})
        post(client, "error-set-copies", "/api/sets", json={"words": ["sun", "moon"],
                                                            "copies": 41})
        for label, url in [("no-puzzle", "/p/nosuch"), ("no-puzzle-json", "/p/nosuch.json"),
                           ("no-puzzle-pdf", "/p/nosuch.pdf"),
                           ("no-puzzle-svg", "/p/nosuch.svg"), ("bad-id", "/p/a.b.c"),
                           ("no-set", "/api/sets/none"), ("no-set-pdf", "/api/sets/none.pdf"),
                           ("no-mask", "/api/masks/nosuch.png"),
                           ("mask-path", "/api/masks/..%2F..%2Fsetup.py.png"),
                           ("nothing", "/nothing"), ("static-escape", "/static/../web/app.py"),
                           ("daily-bad", "/daily/2019-12-31"),
                           ("daily-bad-2", "/daily/2026-3-14"),
                           ("get-puzzles", "/api/puzzles")]:
            get(client, f"error-{label}", url)
        answer = client.put("/api/puzzles", json={})
        record("error-put", "PUT", "/api/puzzles", answer)
    rec.cases += 1


# Runs with a pool of worker processes (a set or a book without -j 1) are only made
# here, in processes of their own: at a2f136f such a run hangs now and then (about one
# run in 70 on a loaded machine: pool.terminate() waits forever in _terminate_pool for
# a forked worker), which a subprocess survives (see Recorder.process) and an
# in-process run would not.
# Seconds before a case counts as hung: each takes a few seconds at most.
PROCESS_TIMEOUT = 120
CASE_TIMEOUT = 300

PROCESS_CASES = [
    ("proc-text", ["--seed", "snap-proc", *BEAM, *SPACE], None),
    ("proc-pdf", ["-o", "p.pdf", "-t", "Space", "--seed", "snap-proc", *BEAM, *SPACE], None),
    ("proc-set-jobs-default", ["--copies", "3", "-o", "set.pdf", "--seed", "snap-proc-set",
                               *BEAM, *SPACE], None),
    ("proc-set-jobs-2", ["--copies", "3", "-j", "2", "-o", "p.pdf", "-t", "Class", "--seed",
                         "snap-copies-jobs-2", *BEAM, *SPACE], None),
    ("proc-set-messages", ["--words-file", "in/messages.txt", "-o", "p.pdf", "--seed",
                           "snap-proc-messages", *BEAM], None),
    ("proc-book-jobs-2", ["book", "--words-file", "in/book.txt", "--trim", "a5",
                          "--difficulty", "medium", "-t", "Hard", "-o", "book.pdf", "-j", "2",
                          "--seed", "snap-book-a5-options", *BEAM], None),
    ("proc-words-stdin", ["--words-file", "-", "--format", "json", "--seed", "snap-proc-in",
                          *BEAM], "sun\nmoon\nstar\n"),
    ("proc-fail", ["-g", "5", "sunshine", "moon"], None),
    ("proc-fail-usage", ["--keys-per-page", "6", "sun"], None),
    ("proc-help", ["--help"], None),
    ("proc-book", ["book", "--words-file", "in/book-short.txt", "-o", "b.pdf", "--seed", "bk",
                   *BEAM], None),
    ("proc-solve", ["solve", "in/grid.txt", "cat", "dog", "venus"], None),
    ("proc-solve-stdin", ["solve", "-", "--format", "json"],
     '{"puzzle": [["C","A","T"],["D","O","G"],["X","X","X"]], "words": ["CAT", "DOG"]}'),
]


def main() -> int:
    if len(sys.argv) != 2:
        print("\n\n".join(__doc__.split("\n\n")[1:3]), file=sys.stderr)
        return 2
    out = Path(sys.argv[1]).resolve()
    if out.exists() and any(out.iterdir()):
        print(f"{out} is not empty; give a new folder.", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    warnings.simplefilter("ignore")
    import wordsearch
    print(f"wordsearch from {Path(wordsearch.__file__).parent}", file=sys.stderr)
    started = time.monotonic()
    timing = []
    crashes: list[str] = []
    # The case being run goes to a log beside OUTDIR, so a hang says where it was.
    progress = open(out.with_name(out.name + ".log"), "w", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="snapshot-") as scratch_name:
        scratch = Path(scratch_name).resolve()
        rec = Recorder(out, scratch)

        def timed(label, job, *args, **kwargs):
            """An in-process case that hangs cannot be stopped alone: after CASE_TIMEOUT
            the whole run ends, printing every thread's stack, instead of waiting on."""
            t = time.monotonic()
            print(f"snapshot: {label}", file=progress, flush=True)
            faulthandler.dump_traceback_later(CASE_TIMEOUT, exit=True)
            try:
                job(*args, **kwargs)
            except Exception:
                # The tool's own use of an API that moved, say: kept as a difference
                # (the baseline has no _crashes folder) and reported, and the run goes on.
                crashes.append(label)
                (out / "_crashes").mkdir(exist_ok=True)
                (out / "_crashes" / f"{label}.txt").write_text(traceback.format_exc(),
                                                               encoding="utf-8")
                print(f"snapshot: {label} CRASHED:\n{traceback.format_exc()}", file=sys.stderr)
            finally:
                faulthandler.cancel_dump_traceback_later()
            timing.append((time.monotonic() - t, label))

        for name, args, stdin in make_cases():
            timed(f"cli-{name}", rec.cli, f"cli-{name}", args, stdin)
        for name, args, stdin in book_cases():
            timed(name, rec.cli, name, args, stdin)
        for name, args, stdin, prep in solve_cases():
            timed(name, rec.cli, name, args, stdin, prep)
        timed("library", library, rec)
        timed("web", web, rec)
        for name, args, stdin in PROCESS_CASES:
            timed(name, rec.process, name, args, stdin)
    progress.close()
    files = sum(1 for p in out.rglob("*") if p.is_file())
    slow = ", ".join(f"{label} {seconds:.1f}s" for seconds, label in sorted(timing)[-5:])
    print(f"snapshot: {rec.cases} cases, {files} files in {out} "
          f"({time.monotonic() - started:.0f} s; slowest: {slow})")
    if crashes:
        print(f"snapshot: WARNING: {', '.join(crashes)} crashed (the tracebacks are in "
              f"{out / '_crashes'}).", file=sys.stderr)
    if rec.hung:
        print(f"snapshot: WARNING: {', '.join(rec.hung)} hung and were stopped (exit: TIMEOUT); "
              f"run the snapshot again to tell an intermittent hang from a real one.",
              file=sys.stderr)
    return 1 if rec.hung or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
