"""Grids to solve, from wherever they come: rows of letters given in Python, plain
text, our own JSON document, and the JSON and CSV that word-search-generator (the
best-known Python generator) writes.

Every reader gives a GridFile: the rows in grid form ("." for a cell outside the
shape), the words the file lists (if it lists any), its language (if it says), and
the file's own answer key (if it has one), so that a solution can be set beside it.
Messages name the line (and column) at fault.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordsearch import _core, lang
from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import InputError, quoted
from wordsearch.puzzle import FORMAT, OUTSIDE, Puzzle
from wordsearch.solver.dictionary import letter_codes

# A grid may be this large: the C core's limits on a side and on its cells
# (WS_MAX_SIDE, WS_MAX_CELLS in csrc/ws_common.h).
MAX_SIDE = _core.MAX_SIDE
MAX_CELLS = _core.MAX_CELLS
# word-search-generator's CSV starts with this line; its key entries read
# "WORD DIR @ (column, row)", counting from 1 (a secret word starts with "*").
PEER_CSV_HEADING = "WORD SEARCH"
_PEER_KEY = re.compile(r"^\*?(?P<word>.+?) (?P<dir>[NESW]{1,2}) @ \((?P<col>\d+), (?P<row>\d+)\)$")
# The last line of our own text output: "12×10 grid · code k3x9-q2mf (...)".


@dataclass(frozen=True)
class KeyEntry:
    """Where a file's own answer key says a word is: rows and columns from 0."""
    word: str
    row: int
    col: int
    direction: str  # a compass code

    def cells(self, up: int = 0, left: int = 0) -> tuple[tuple[int, int], ...]:
        """The word's cells, with the key moved `up` rows and `left` columns."""
        dr, dc = STEPS[self.direction]
        return tuple((self.row - up + i * dr, self.col - left + i * dc)
                     for i in range(len(self.word)))

    def spelled(self, rows: Sequence[str], up: int = 0, left: int = 0) -> bool:
        """Whether the cells (moved so) lie in the grid and spell the word."""
        return all(0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] == ch
                   for (r, c), ch in zip(self.cells(up, left), self.word))


@dataclass(frozen=True)
class GridFile:
    rows: tuple[str, ...]          # grid form, OUTSIDE for a cell outside the shape
    words: tuple[str, ...] = ()    # the words the file lists, as it spells them
    language: str | None = None    # the code the file gives, if any
    key: tuple[KeyEntry, ...] = ()
    kind: str = "text"             # text, wordsearch, word-search-generator json / csv
    code: str = ""                 # a puzzle's code, when the file has one

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0]) if self.rows else 0


def _fail(name: str, line: int | None, message: str) -> InputError:
    where = f"{name}, line {line}" if line is not None else name
    return InputError(f"{where}: {message}")


def grid_rows(cells: Sequence[Sequence[str]], language: lang.Language, name: str,
              lines: Sequence[int | None] | None = None) -> tuple[str, ...]:
    """Rows of single cells (a letter in any case, or OUTSIDE) in grid form, every
    row as long as the first; messages name `lines[r]` for row r."""
    if not cells:
        raise InputError(f"{name} has no grid: give one row of letters a line.")
    lines = lines or [None] * len(cells)
    width = len(cells[0])
    if width == 0:
        raise _fail(name, lines[0], "the first row has no cells.")
    if len(cells) > MAX_SIDE or width > MAX_SIDE or len(cells) * width > MAX_CELLS:
        raise InputError(f"{name} is {width}×{len(cells)} cells; a grid may have at most "
                         f"{MAX_SIDE:,} a side and {MAX_CELLS:,} in all.")
    if all(len(row) == width for row in cells):
        text = "".join("".join(row) for row in cells)
        if all(ch == OUTSIDE or language.alphabet.is_letter(ch) for ch in set(text)) and \
                len(text) == len(cells) * width:
            return tuple("".join(row) for row in cells)  # already in grid form
    out = []
    for r, row in enumerate(cells):
        if len(row) != width:
            raise _fail(name, lines[r], f"row {r + 1} has {len(row)} cells, but row 1 has "
                                        f"{width}; every row needs as many (mark a cell "
                                        f"outside the shape with {OUTSIDE!r}).")
        letters = []
        for c, cell in enumerate(row):
            if cell == OUTSIDE:
                letters.append(OUTSIDE)
                continue
            folded = language.fold(cell) if len(cell) == 1 else cell
            if len(folded) != 1 or not language.alphabet.is_letter(folded):
                raise _fail(name, lines[r], f"column {c + 1} holds {quoted(cell)}, which is "
                                            f"not a letter of {language.name} grids; every "
                                            f"cell should be one of "
                                            f"{language.alphabet.letters} or {OUTSIDE!r}.")
            letters.append(folded)
        out.append("".join(letters))
    return tuple(out)


def encode_grid(rows: Sequence[str], language: lang.Language) -> bytes:
    """Rows in grid form as the C core takes them: letter codes row by row (the
    dictionary's, letter_codes), BLOCKED outside the shape."""
    return "".join(rows).translate(_grid_table(language)).encode("latin-1")


def encoded(rows: Sequence[str], language: lang.Language) -> bytes | None:
    """encode_grid(rows) when the rows are already checked grid form (ASCII letters
    of the language or OUTSIDE, every row as long, within the size limits), checked
    in one bytes.translate and one search for a byte no cell gives, so that a grid
    solved again costs no second check; None when the rows need grid_rows (letters
    to fold, or a message to give)."""
    if not rows or len(rows) > MAX_SIDE:
        return None
    width = len(rows[0])
    text = "".join(rows)
    if not 0 < width <= MAX_SIDE or len(text) > MAX_CELLS or not text.isascii() or \
            len(set(map(len, rows))) != 1:
        return None
    cells = text.encode("ascii").translate(_ascii_table(language))
    return None if WS_EMPTY_BYTE in cells else cells


# No cell of a grid is ever EMPTY (outside the shape is BLOCKED): in _ascii_table
# it marks a character that is not a cell in grid form.
WS_EMPTY_BYTE = _core.EMPTY


@lru_cache(maxsize=None)
def _ascii_table(language: lang.Language) -> bytes:
    table = bytearray(256)
    for ch, code in letter_codes(language).items():
        if ch.isascii():
            table[ord(ch)] = code
    table[ord(OUTSIDE)] = _core.BLOCKED
    return bytes(table)


@lru_cache(maxsize=None)
def _grid_table(language: lang.Language) -> dict[int, str]:
    table = {ord(ch): chr(code) for ch, code in letter_codes(language).items()}
    table[ord(OUTSIDE)] = chr(_core.BLOCKED)
    return table


# ---- plain text ----

def _spaced(line: str) -> bool:
    """Letters separated by single spaces ("A B C", or with spaces for cells outside
    the shape, as our text output prints a shaped grid)."""
    return len(line) >= 3 and all(ch == " " for ch in line[1::2]) and line[::2].strip() != ""


def _cells(line: str) -> list[str]:
    """A text row's cells: every other character when they are spaced out (a space
    there is a cell outside the shape), else every character."""
    if _spaced(line):
        return [OUTSIDE if ch == " " else ch for ch in line[::2]]
    return list(line)


def _row_like(line: str) -> bool:
    """Whether a line of a page's text could be a grid row: spaced single letters (or
    dots), or a run of them with no space."""
    text = line.rstrip()
    if not text:
        return False
    cells = text[::2] if _spaced(text) else text
    if " " in cells.strip() and not _spaced(text):
        return False
    return all(ch.isalpha() or ch == OUTSIDE or ch == " " for ch in cells) and \
        any(ch.isalpha() for ch in cells)


def _is_page(lines: list[str]) -> bool:
    """Whether the text is a page (a title, fields, a word list, the footer), not only
    a grid: some line that is not a row has a colon, or a word of two letters or more
    beside other text. A line like "A # C" is a row with a stray character, which the
    grid's reader then names."""
    for line in lines:
        if not line.strip() or _row_like(line):
            continue
        tokens = line.split()
        if ":" in line or (len(tokens) > 1 and any(len(t) > 1 for t in tokens)):
            return True
    return False


def read_text(text: str, language: lang.Language, name: str = "the grid") -> GridFile:
    """A grid as text: one row a line, letters optionally separated by single spaces,
    OUTSIDE (or, spaced out, a space) for a cell outside the shape. Our own text
    output and the text pdftotext -raw takes from our PDFs work too: then the grid is
    the longest run of lines that look like rows, and the page's word list and code
    are read."""
    lines = [line.rstrip("\r").rstrip() for line in text.split("\n")]
    numbered = [(n, line) for n, line in enumerate(lines, 1)]
    if _is_page(lines):
        block = _longest_block(numbered)
        if not block:
            raise InputError(f"{name} has no grid: no line reads as a row of letters."
                             f"{_FROM_PDF}")
        try:
            rows = _text_rows(block, language, name)
        except InputError as exc:
            raise InputError(f"{exc}{_FROM_PDF}") from None
        words = _our_word_list(lines) or _pdf_word_list(lines)
        return GridFile(rows, words, None, kind="text", code=_our_code(lines))
    rows = [(n, line) for n, line in numbered if line.strip()]
    if not rows:
        raise InputError(f"{name} is empty: give the grid, one row of letters a line.")
    first, last = rows[0][0], rows[-1][0]
    blank = next((n for n, line in numbered[first - 1:last] if not line.strip()), None)
    if blank is not None:
        raise _fail(name, blank, "a blank line inside the grid; the grid's rows follow one "
                                 "another.")
    return GridFile(_text_rows(rows, language, name), kind="text")


def _longest_block(numbered: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The page's grid: the longest run of lines with spaced-out letters, as our
    text output and our PDFs print every row, when there is one of two lines or
    more; else the longest run of lines that look like rows. A one-word title just
    above the grid, or a word list of one word a line (as pdftotext gives it) with
    more words than the grid has rows, look like rows too, but are not spaced out."""
    spaced = _longest_run(numbered, lambda line: _row_like(line) and (
        _spaced(line) or len(line.strip()) == 1))  # a shape's row of one cell
    return spaced if len(spaced) >= 2 else _longest_run(numbered, _row_like)


def _longest_run(numbered: list[tuple[int, str]],
                 row: Callable[[str], bool]) -> list[tuple[int, str]]:
    best: list[tuple[int, str]] = []
    run: list[tuple[int, str]] = []
    for n, line in numbered + [(0, "")]:
        if row(line):
            run.append((n, line))
            continue
        if len(run) > len(best):
            best = run
        run = []
    return best


def _text_rows(rows: list[tuple[int, str]], language: lang.Language, name: str) -> tuple[str, ...]:
    cells = [_cells(line) for _, line in rows]
    # Our text output leaves off a row's trailing cells outside the shape; a grid with
    # a row that starts outside the shape is a shape, and its short rows are padded.
    if any(_spaced(line) and line.startswith(" ") for _, line in rows):
        width = max(map(len, cells))
        cells = [row + [OUTSIDE] * (width - len(row)) for row in cells]
    return grid_rows(cells, language, name, [n for n, _ in rows])


# What a page's text that does not read may need: pdftotext's own modes (its
# default and -layout) move a grid's letters into columns of their own.
_FROM_PDF = (" If the text came from a PDF, take it with pdftotext -raw, which keeps each "
             "row of the grid on one line.")


def _labels(key: str) -> set[str]:
    """A label of our pages in every language."""
    return {lang.get(code).labels[key] for code in lang.codes()}


def _our_code(lines: list[str]) -> str:
    """The puzzle's code, from the footer of our text output ("10×10 grid · code X
    (…)") or of our PDF's pages ("Puzzle · code X"), in any language; "" without."""
    footer = re.compile(r" · (?:%s) (\S+)" % "|".join(map(re.escape, _labels("code"))))
    return next((match[1] for match in map(footer.search, lines) if match), "")


def _pdf_word_list(lines: list[str]) -> tuple[str, ...]:
    """The word list of our PDF's puzzle page in the text pdftotext -raw takes from
    it: the N words after the heading "Words to find: N" (in any language), up to
    the footer or the hidden message. pdftotext puts words side by side on one line
    when they share a row of the list, so the list is read a word a line, or a word
    a space, whichever gives N; none when neither does (a word with a space in a
    row of several), and the words are then given as for any grid."""
    headings = [re.compile(re.escape(label).replace(re.escape("{count}"), r"(\d+)"))
                for label in _labels("word_count")]
    ends = re.compile(r" · (?:%s) |^(?:%s)$|^[_ ]+$" % (
        "|".join(map(re.escape, _labels("code"))),
        "|".join(map(re.escape, _labels("hidden_message")))))
    for k, line in enumerate(lines):
        match = next((m for m in (h.fullmatch(line.strip()) for h in headings) if m), None)
        if not match:
            continue
        count, entries = int(match[1]), []
        for entry in lines[k + 1:k + 1 + int(match[1])]:
            if not entry.strip() or ends.search(entry):
                break
            entries.append(entry.strip())
        for words in (entries, " ".join(entries).split()):
            if len(words) == count:
                return tuple(words)
        return ()
    return ()


def _our_word_list(lines: list[str]) -> tuple[str, ...]:
    """The word list of our own text output: the indented lines after the heading
    "Find these words (N; ...):" in any language, entries three or more spaces apart."""
    headings = _labels("find_words")
    for k, line in enumerate(lines):
        if any(line.startswith(f"{heading} (") for heading in headings) and line.endswith(":"):
            words = []
            for entry in lines[k + 1:]:
                if not entry.startswith("  "):
                    if entry.strip() and words:
                        break
                    if not entry.strip():
                        break
                    continue  # the note about words inside others
                words += [w for w in re.split(r"\s{2,}", entry.strip()) if w]
            return tuple(words)
    return ()


# ---- JSON: ours and word-search-generator's ----

def read_json(text: str, language: lang.Language | None, name: str = "the grid") -> GridFile:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(name, exc.lineno, f"not readable JSON: {exc.msg}.") from None
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        return _our_document(doc, language, name)
    if isinstance(doc, dict) and "puzzle" in doc:
        return _peer_json(doc, language or lang.get(lang.DEFAULT), name)
    raise InputError(f'{name} is JSON but not a puzzle: it should be a wordsearch document '
                     f'("format": "{FORMAT}") or word-search-generator\'s ("puzzle", '
                     f'"words", "key").')


def _our_document(doc: dict, language: lang.Language | None, name: str) -> GridFile:
    """Our document, read for solving: its grid, words, language and key, without the
    checks Puzzle.from_json makes (a solver is asked about grids whose key is wrong)."""
    code = doc.get("language", lang.DEFAULT)
    if not isinstance(code, str) or code not in lang.codes():
        raise InputError(f'{name}: "language" is {code!r}, not the code of a language this '
                         f"program knows ({', '.join(lang.codes())}).")
    language = language or lang.get(code)
    grid = doc.get("grid")
    if not isinstance(grid, list) or not all(isinstance(row, str) for row in grid):
        raise InputError(f'{name}: "grid" should be a list of strings, one a row.')
    rows = grid_rows([list(row) for row in grid], language, f'{name}, "grid"')
    words, key = [], []
    entries = doc.get("words", [])
    if not isinstance(entries, list):
        raise InputError(f'{name}: "words" should be a list.')
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("label", entry.get("word")), str):
            raise InputError(f'{name}: word {n} of "words" should have a "label" or "word".')
        words.append(entry.get("label", entry.get("word")))
        if all(isinstance(entry.get(k), int) for k in ("row", "col")) and \
                entry.get("direction") in COMPASS and isinstance(entry.get("word"), str):
            key.append(KeyEntry(entry["word"], entry["row"], entry["col"], entry["direction"]))
    return GridFile(rows, tuple(words), language.code, tuple(key), "wordsearch",
                    str(doc.get("code", "")))


def _peer_json(doc: dict, language: lang.Language, name: str) -> GridFile:
    """word-search-generator's JSON: "puzzle" (rows of one-letter strings, "" for a
    cell outside the mask), "words", and "key" ({word: {start_row, start_col,
    direction}}). Its key counts from the grid before the mask cropped it."""
    puzzle = doc["puzzle"]
    if not isinstance(puzzle, list) or not all(
            isinstance(row, list) and all(isinstance(c, str) for c in row) for row in puzzle):
        raise InputError(f'{name}: "puzzle" should be a list of rows, each a list of letters.')
    cells = [[c.strip() or OUTSIDE for c in row] for row in puzzle]
    rows = grid_rows(cells, language, f'{name}, "puzzle"')
    words = doc.get("words", [])
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise InputError(f'{name}: "words" should be a list of words.')
    key = []
    for word, where in (doc.get("key") or {}).items():
        if isinstance(where, dict) and isinstance(where.get("start_row"), int) and \
                isinstance(where.get("start_col"), int) and where.get("direction") in COMPASS:
            key.append(KeyEntry(word, where["start_row"], where["start_col"], where["direction"]))
    return GridFile(rows, tuple(words), None, _cropped(rows, key), "word-search-generator json")


def _cropped(rows: tuple[str, ...], key: list[KeyEntry]) -> tuple[KeyEntry, ...]:
    """word-search-generator's JSON key in the grid it wrote. The key counts from
    the grid before a mask cropped it, and the file does not say by how much: the
    shift taken is the one at which the most entries spell their words (the key
    as it is when none does better)."""
    starts = {(k.row - r, k.col - c) for k in key for r, row in enumerate(rows)
              for c, ch in enumerate(row) if k.word[:1] == ch}
    shifts = sorted((up, left) for up, left in starts | {(0, 0)} if up >= 0 and left >= 0)
    up, left = max(shifts, key=lambda shift: (sum(k.spelled(rows, *shift) for k in key),
                                              shift == (0, 0)))
    return tuple(KeyEntry(k.word, k.row - up, k.col - left, k.direction) for k in key)


# ---- CSV: word-search-generator's ----

def read_peer_csv(text: str, language: lang.Language, name: str = "the grid") -> GridFile:
    """word-search-generator's CSV: a "WORD SEARCH" line, one row of letters a line
    (an empty field for a cell outside the mask), a blank line, "Word List:" and the
    words, the directions, and "Answer Key ...:" with entries "WORD DIR @ (col, row)"
    counting from 1."""
    try:
        records = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:  # a stray carriage return or NUL inside a line
        raise InputError(f"{name} is not CSV that word-search-generator writes: {exc}; "
                         f"save it again as CSV.") from None
    numbered = list(enumerate(records, 1))
    body = [(n, r) for n, r in numbered[1:]]
    rows, lines = [], []
    end = len(body)
    for k, (n, record) in enumerate(body):
        if not any(field.strip() for field in record):
            end = k
            break
        rows.append([field.strip() or OUTSIDE for field in record])
        lines.append(n)
    grid = grid_rows(rows, language, name, lines)
    words: list[str] = []
    key: list[KeyEntry] = []
    rest = body[end:]
    for k, (n, record) in enumerate(rest):
        head = record[0].strip() if record else ""
        if head == "Word List:" and k + 1 < len(rest):
            words = [w.strip() for w in rest[k + 1][1] if w.strip()]
        elif head.startswith("Answer Key") and k + 1 < len(rest):
            for entry in rest[k + 1][1]:
                match = _PEER_KEY.match(entry.strip())
                if match and match["dir"] in COMPASS:
                    key.append(KeyEntry(match["word"].upper(), int(match["row"]) - 1,
                                        int(match["col"]) - 1, match["dir"]))
    words = [w for w in words if w != "<ALL SECRET WORDS>"]
    return GridFile(grid, tuple(words), None, tuple(key), "word-search-generator csv")


def read_grid(text: str, language: lang.Language | str | None = None,
              name: str = "the grid") -> GridFile:
    """A grid file in any of the forms this module reads, told apart by its text.
    `language` (a Language or its code) reads the letters; a document that names
    its own language is read in that one unless `language` is given."""
    chosen = lang.resolve(language) if language is not None else None
    text = text.lstrip("\ufeff")
    start = text.lstrip()
    if start.startswith("{"):
        return read_json(text, chosen, name)
    if start.split("\n", 1)[0].strip().strip('"') == PEER_CSV_HEADING:
        return read_peer_csv(text, chosen or lang.get(lang.DEFAULT), name)
    return read_text(text, chosen or lang.get(lang.DEFAULT), name)


def from_puzzle(puzzle: Puzzle) -> GridFile:
    return GridFile(puzzle.grid, tuple(p.label for p in puzzle.words), puzzle.language,
                    tuple(KeyEntry(p.word, p.row, p.col, p.direction) for p in puzzle.words),
                    "wordsearch", puzzle.code)
