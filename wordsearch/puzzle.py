"""The values every front end shares: a finished Puzzle, the Sheets of a set, and
their JSON documents (see DESIGN.md). Nothing here knows how a puzzle is made, so a
page, a file or a web preview needs only these."""
from __future__ import annotations

import json
from dataclasses import dataclass

from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import InputError
from wordsearch.inside import containers
from wordsearch import lang
from wordsearch.lang import DEFAULT as DEFAULT_LANGUAGE

FORMAT = "wordsearch/1"
SET_FORMAT = "wordsearch-set/1"
# The rule for words inside others: their readings inside a container do not count.
INSIDE_IGNORED = "ignored"
OUTSIDE = "."


@dataclass(frozen=True)
class Placement:
    label: str
    word: str  # grid form
    row: int
    col: int
    direction: str
    # The grid forms of the listed words this one lies inside, forwards or backwards
    # (Kansas: "ARKANSAS"): its readings within their placements do not count.
    inside: tuple[str, ...] = ()

    def cells(self) -> list[tuple[int, int]]:
        dr, dc = STEPS[self.direction]
        return [(self.row + k * dr, self.col + k * dc) for k in range(len(self.word))]


@dataclass(frozen=True)
class Puzzle:
    code: str
    grid: tuple[str, ...]  # one string per row; OUTSIDE marks a cell outside the shape
    directions: tuple[str, ...]
    words: tuple[Placement, ...]  # in the order of the word list
    language: str = DEFAULT_LANGUAGE  # the code of the Language its letters are from

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def alphabetical(self) -> list[Placement]:
        """The words in the order a word list prints them: by label, ignoring case."""
        return sorted(self.words, key=lambda p: (p.label.casefold(), p.label))

    @property
    def has_inside(self) -> bool:
        """Whether some word lies inside another, so that the inside rule applies."""
        return any(p.inside for p in self.words)

    def to_dict(self) -> dict:
        """The document. When a word lies inside another, "inside": "ignored" says that
        its readings within the containers' placements do not count, and each such
        word lists its containers, so that any checker can apply the rule."""
        doc = {
            "format": FORMAT,
            "code": self.code,
            "rows": self.rows,
            "cols": self.cols,
            "grid": list(self.grid),
            "directions": list(self.directions),
            "language": self.language,
        }
        if self.has_inside:
            doc["inside"] = INSIDE_IGNORED
        doc["words"] = [
            {"label": p.label, "word": p.word, "row": p.row, "col": p.col,
             "direction": p.direction, **({"inside": list(p.inside)} if p.inside else {})}
            for p in self.words
        ]
        return doc

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        """Reads a document written by to_json, checking that its answer key matches its grid."""
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise InputError(f"not a readable puzzle document: {exc}") from None

    @classmethod
    def from_dict(cls, doc: dict) -> Puzzle:
        """A puzzle from a parsed document; a document without "language" is English,
        as every document was before the key existed."""
        try:
            if doc.get("format") != FORMAT:
                raise InputError(f'not a puzzle document: "format" should be "{FORMAT}".')
            puzzle = cls(
                code=str(doc["code"]),
                grid=_texts(doc["grid"], '"grid"'),
                directions=_texts(doc["directions"], '"directions"'),
                words=tuple(_placement(n, w) for n, w in enumerate(doc["words"], 1)),
                language=doc.get("language", DEFAULT_LANGUAGE),
            )
            if not isinstance(puzzle.language, str) or puzzle.language not in lang.codes():
                raise InputError(f'the document\'s "language" is {puzzle.language!r}, not the '
                                 f"code of a language this program knows "
                                 f"({', '.join(lang.codes())}).")
            if not puzzle.grid:
                raise InputError('"grid" has no rows; it should list one string per row.')
            if (doc["rows"], doc["cols"]) != (puzzle.rows, puzzle.cols):
                raise InputError('"rows" and "cols" do not match "grid".')
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, InputError):
                raise
            raise InputError(f"not a readable puzzle document: {exc}") from None
        puzzle._check()
        rule = doc.get("inside")
        if rule != (INSIDE_IGNORED if puzzle.has_inside else None):
            raise InputError(f'"inside" is {_shown(rule)}; it should be "{INSIDE_IGNORED}" '
                             f"when some word lies inside another, and absent otherwise.")
        return puzzle

    def _check(self) -> None:
        if not self.grid or any(len(row) != self.cols for row in self.grid):
            raise InputError("the grid's rows are not all the same length.")
        unknown = [d for d in self.directions if d not in COMPASS]
        if unknown:
            raise InputError(f'unknown direction "{unknown[0]}" in the puzzle document.')
        forms = [p.word for p in self.words]
        if len(set(forms)) != len(forms):
            raise InputError("a word is listed twice in the puzzle document.")
        for p, inside in zip(self.words, containers(forms)):
            if p.direction not in self.directions:
                raise InputError(f'"{p.label}" runs {p.direction}, which the puzzle does not '
                                 f"allow.")
            if sorted(p.inside) != sorted(forms[j] for j in inside):
                shown = ", ".join(forms[j] for j in inside) or "no other word"
                raise InputError(f'"{p.label}" lies inside {shown}, but the document says '
                                 f'{list(p.inside)}; its "inside" should name exactly the '
                                 f"words whose letters also spell it.")
            for k, (r, c) in enumerate(p.cells()):
                if not (0 <= r < self.rows and 0 <= c < self.cols) or self.grid[r][c] != p.word[k]:
                    raise InputError(f'"{p.label}" is not at row {p.row}, column {p.col}, '
                                     f"direction {p.direction} in the grid.")


def _placement(number: int, word: dict) -> Placement:
    """Entry `number` (from 1) of "words": its texts strings, its cell whole numbers."""
    def what(key: str) -> str:
        return f'"{key}" of word {number} in "words"'
    texts = {key: _text(word[key], what(key)) for key in ("label", "word", "direction")}
    return Placement(texts["label"], texts["word"], _number(word["row"], what("row")),
                     _number(word["col"], what("col")), texts["direction"],
                     _texts(word.get("inside", []), what("inside")))


def _shown(value) -> str:
    """A value as a message quotes it, cut short: a document may hold anything."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _text(value, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{what} is {_shown(value)}; it should be a string.")
    return value


def _texts(value, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{what} is {_shown(value)}; it should be a list of strings.")
    return tuple(value)


def _number(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{what} is {_shown(value)}; it should be a whole number.")
    return value


@dataclass(frozen=True)
class Sheet:
    """One puzzle of a set, as it is handed out."""
    number: int       # 1-based, in the order of the pages
    title: str
    student: str      # "" when the set is not made per student
    puzzle: Puzzle


@dataclass(frozen=True)
class ClassSet:
    """Every puzzle one run made, in page order. A single puzzle is a set of one."""
    code: str         # regenerates the whole set; each puzzle has a code of its own
    sheets: tuple[Sheet, ...]

    def to_json(self) -> str:
        """{"format": "wordsearch-set/1", "code": ..., "puzzles": [puzzle documents,
        each with its "title" and "student" added]}."""
        documents = [dict(sheet.puzzle.to_dict(), title=sheet.title, student=sheet.student)
                     for sheet in self.sheets]
        return json.dumps({"format": SET_FORMAT, "code": self.code, "puzzles": documents},
                          ensure_ascii=False, indent=2) + "\n"
