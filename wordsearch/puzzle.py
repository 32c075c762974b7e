"""The values every front end shares: a finished Puzzle, the Sheets of a set, and
their JSON documents (see DESIGN.md). Nothing here knows how a puzzle is made, so a
page, a file or a web preview needs only these."""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from wordsearch.directions import COMPASS, STEPS
from wordsearch.errors import InputError, printable
from wordsearch.inside import containers
from wordsearch.json_values import is_flag, is_text, is_texts, is_whole
from wordsearch import lang
from wordsearch.lang import lists
from wordsearch.lang import DEFAULT as DEFAULT_LANGUAGE

FORMAT = "wordsearch/1"
SET_FORMAT = "wordsearch-set/1"
# The rule for words inside others: their readings inside a container do not count.
INSIDE_IGNORED = "ignored"
OUTSIDE = "."
# How a picture puzzle's list shows its pictures: each beside its word, or alone
# (for children who cannot read yet).
PICTURE_LAYOUTS = ("beside", "only")


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
    # Added from the language's dictionary to a hidden-message puzzle, not the user's.
    added: bool = False
    # What a clue puzzle's list prints instead of the word ("" for none: an added
    # word of a clue puzzle's hidden message is listed as itself).
    clue: str = ""
    # A picture puzzle: the picture's name ("openmoji:1F418", or one's own file's
    # path), "" for a word without one (listed as itself).
    picture: str = ""

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
    blocklist: bool = True  # whether the grid was kept free of the language's blocklist
    # Whether it was kept free of the language's unsuitable words too: documents
    # made before they were blocked lack the key, and are checked as they were made.
    unsuitable: bool = False
    # Whether its filler letters were kept free of the unsuitable list's short strings
    # too (lists.FILLER_ONLY_LETTERS: PEE, GIT), which a grid's words and message
    # may spell; documents made before lack the key, and are checked as they were made.
    short_unsuitable: bool = False
    block_words: tuple[str, ...] = ()  # grid forms of the other words kept out of it
    theme: str = ""  # the built-in list its words came from, if they did
    lowercase: bool = False  # printed in lower case; the grid here stays in grid form
    # A hidden-message puzzle: the letters no word covers, in reading order (grid
    # form), and the message as it was typed; "" for other puzzles.
    message: str = ""
    message_label: str = ""
    # A clue puzzle: the code of the language its clues are in ("" for other puzzles).
    clue_language: str = ""
    pictures: str = ""  # a picture puzzle: one of PICTURE_LAYOUTS ("" for other puzzles)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def alphabetical(self) -> list[Placement]:
        """The words in the order a word list prints them: by label, as the puzzle's
        language sorts (Ñ after N in Spanish, Ä with A in German)."""
        return lang.get(self.language).collate(self.words, key=lambda p: p.label)

    def printed(self, text: str) -> str:
        """A word as the list prints it: in lower case when the puzzle asks (Python's
        lower() writes a word's last Σ as ς, as Greek does)."""
        return text.lower() if self.lowercase else text

    @property
    def printed_grid(self) -> tuple[str, ...]:
        """The rows as the grid prints them: a cell in lower case is lowered on its own
        (Σ is σ in a cell, never the final ς)."""
        if not self.lowercase:
            return self.grid
        return tuple("".join(ch.lower() for ch in row) for row in self.grid)

    @property
    def font(self) -> str:
        """The bundled font family its language is printed in."""
        return lang.get(self.language).font

    @property
    def labels(self) -> Mapping[str, str]:
        """What the pages print, in the puzzle's language."""
        return lang.get(self.language).labels

    def leftover_cells(self) -> list[tuple[int, int]]:
        """The cells no listed word covers, left to right and top to bottom (cells
        outside the shape skipped): where a hidden-message puzzle hides its message."""
        covered = {cell for p in self.words for cell in p.cells()}
        return [(r, c) for r, row in enumerate(self.grid) for c, ch in enumerate(row)
                if ch != OUTSIDE and (r, c) not in covered]

    def leftover(self) -> str:
        """The letters of the leftover cells: a hidden-message puzzle's message."""
        return "".join(self.grid[r][c] for r, c in self.leftover_cells())

    def message_words(self) -> list[list[tuple[str, str]]]:
        """The message as typed, by words, each character with the grid letters it
        stands for ("" for punctuation): what the pages print blanks for."""
        return lang.get(self.language).message_words(self.message_label or self.message)

    @property
    def has_clues(self) -> bool:
        """Whether the list prints clues instead of the words."""
        return bool(self.clue_language)

    def entry(self, p: Placement) -> str:
        """What the list prints for a word: its clue, or (no clue) the word itself."""
        return p.clue or self.printed(p.label)

    @property
    def clue_font(self) -> str:
        """The bundled font family the clues are printed in: their language's."""
        return lang.get(self.clue_language or self.language).font

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
            "case": "lower" if self.lowercase else "upper",
            "blocklist": self.blocklist,
            "unsuitable": self.unsuitable,
            "short_unsuitable": self.short_unsuitable,
        }
        if self.block_words:
            doc["block_words"] = list(self.block_words)
        if self.theme:
            doc["theme"] = self.theme
        if self.message:
            doc["message"] = self.message
            doc["message_label"] = self.message_label
        if self.has_inside:
            doc["inside"] = INSIDE_IGNORED
        if self.clue_language:
            doc["clue_language"] = self.clue_language
        if self.pictures:
            doc["pictures"] = self.pictures
        doc["words"] = [
            {"label": p.label, "word": p.word, "row": p.row, "col": p.col,
             "direction": p.direction, **({"inside": list(p.inside)} if p.inside else {}),
             **({"added": True} if p.added else {}), **({"clue": p.clue} if p.clue else {}),
             **({"picture": p.picture} if p.picture else {})}
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
                blocklist=_yes_no(doc.get("blocklist", True), '"blocklist"'),
                unsuitable=_yes_no(doc.get("unsuitable", False), '"unsuitable"'),
                short_unsuitable=_yes_no(doc.get("short_unsuitable", False),
                                         '"short_unsuitable"'),
                block_words=_texts(doc.get("block_words", []), '"block_words"'),
                theme=_text(doc.get("theme", ""), '"theme"'),
                lowercase=_case(doc.get("case", "upper")),
                message=_text(doc.get("message", ""), '"message"'),
                message_label=_text(doc.get("message_label", ""), '"message_label"'),
                clue_language=_text(doc.get("clue_language", ""), '"clue_language"'),
                pictures=_text(doc.get("pictures", ""), '"pictures"'),
            )
            if not isinstance(puzzle.language, str) or puzzle.language not in lang.codes():
                raise InputError(f'the document\'s "language" is {puzzle.language!r}, not the '
                                 f"code of a language this program knows "
                                 f"({', '.join(lang.codes())}).")
            if puzzle.clue_language and puzzle.clue_language not in lang.codes():
                raise InputError(f'the document\'s "clue_language" is '
                                 f"{_shown(puzzle.clue_language)}, not the code of a language "
                                 f"this program knows ({', '.join(lang.codes())}).")
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
        """A document read back is the puzzle it says: its grid, words, message and
        blocked words agree, so that no wrong puzzle is ever printed from one."""
        language = lang.get(self.language)
        self._check_grid(language)
        self._check_words()
        self._check_clues()
        self._check_pictures()
        self._check_message()
        self._check_blocked(language)

    def _check_grid(self, language: lang.Language) -> None:
        if not self.grid or any(len(row) != self.cols for row in self.grid):
            raise InputError("the grid's rows are not all the same length.")
        strays = sorted({ch for row in self.grid for ch in row
                         if ch != OUTSIDE and not language.alphabet.is_letter(ch)})
        if strays:
            raise InputError(f"the grid holds {', '.join(map(repr, strays[:10]))}, which "
                             f"{language.name} grids do not; every cell should be one of "
                             f"{language.alphabet.letters} or {OUTSIDE!r}.")
        unknown = [d for d in self.directions if d not in COMPASS]
        if unknown:
            raise InputError(f'unknown direction "{unknown[0]}" in the puzzle document.')

    def _check_words(self) -> None:
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
            if not self._reads_at(p):
                raise InputError(f'"{p.label}" is not at row {p.row}, column {p.col}, '
                                 f"direction {p.direction} in the grid.")

    def _check_clues(self) -> None:
        """Every listed word of a clue puzzle has its clue (an added word may not),
        each printable, and other puzzles have none."""
        if self.clue_language and not any(p.clue for p in self.words):
            raise InputError('"clue_language" is given, but no word has a "clue".')
        for p in self.words:
            if p.clue:
                printable(p.clue, f'the "clue" of "{p.label}"')
                if not self.clue_language:
                    raise InputError(f'"{p.label}" has a "clue", but the document has no '
                                     f'"clue_language"; give the language its clues are in.')
            elif self.clue_language and not p.added:
                raise InputError(f'"{p.label}" has no "clue", but the document\'s other words '
                                 f'have; give every listed word its clue.')
    def _check_pictures(self) -> None:
        """A picture puzzle says how it shows its pictures, and only a picture puzzle's
        words have one; the pictures themselves are found when a page draws them."""
        if self.pictures and self.pictures not in PICTURE_LAYOUTS:
            raise InputError(f'"pictures" is {_shown(self.pictures)}; it should be one of '
                             f"{', '.join(PICTURE_LAYOUTS)}.")
        pictured = next((p for p in self.words if p.picture), None)
        if pictured is not None and not self.pictures:
            raise InputError(f'"{pictured.label}" has a "picture", but the document has no '
                             f'"pictures"; say how the list shows them '
                             f"({', '.join(PICTURE_LAYOUTS)}).")

    def _reads_at(self, p: Placement) -> bool:
        return all(0 <= r < self.rows and 0 <= c < self.cols and self.grid[r][c] == p.word[k]
                   for k, (r, c) in enumerate(p.cells()))

    def _check_message(self) -> None:
        if not self.message:
            if self.message_label:
                raise InputError('"message_label" is given, but no "message".')
            return
        left = self.leftover()
        if left != self.message:
            raise InputError(f"the letters no word covers spell {_shown(left)}, not the "
                             f'message {_shown(self.message)}; a hidden-message puzzle\'s '
                             f"leftover letters, read left to right and top to bottom, "
                             f"spell its message.")
        typed = "".join(letters or "" for word in self.message_words() for _, letters in word)
        if typed != self.message:
            raise InputError(f'the "message_label" {_shown(self.message_label)} spells '
                             f"{_shown(typed)}, not the message {_shown(self.message)}; "
                             f"give the message as it was typed.")

    def _check_blocked(self, language: lang.Language) -> None:
        """No blocked word reads outside one listed word's cells; a filler-only
        unsuitable string (lists.FILLER_ONLY_LETTERS) none over a filler cell, that is
        a cell of no word in a puzzle without a message (a message's cells are not
        filler)."""
        blocked = set(self.block_words)
        if self.blocklist:
            blocked.update(language.fold(w) for w in lists.blocklist(self.language))
        short = set()
        if self.unsuitable:
            for form in (language.fold(w) for w in lists.unsuitable(self.language)):
                (short if len(form) <= lists.FILLER_ONLY_LETTERS else blocked).add(form)
        short = short - blocked if self.short_unsuitable and not self.message else set()
        placed = [set(p.cells()) for p in self.words]
        covered = set().union(*placed)
        for form, cells in spelled(self.grid, blocked | short):
            if form in short:
                where = "over filler letters"
                if set(cells) <= covered:
                    continue
            else:
                where = "outside the listed words"
                if any(set(cells) <= on for on in placed):
                    continue
            (r, c), (r2, c2) = cells[0], cells[-1]
            raise InputError(f"the grid spells the blocked word {form} from row {r}, "
                             f"column {c} to row {r2}, column {c2}, {where}; a puzzle "
                             f"must not.")


def spelled(grid: Sequence[str], forms: set[str]) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """Every reading of one of `forms` in the grid, in all eight directions, with its
    cells (row, column) in reading order."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    lengths = sorted({len(f) for f in forms})
    for direction in COMPASS:
        dr, dc = STEPS[direction]
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue  # not the first cell of its line
                line, y, x = [], r, c
                while 0 <= y < rows and 0 <= x < cols:
                    line.append((y, x))
                    y, x = y + dr, x + dc
                text = "".join(grid[y][x] for y, x in line)
                for i in range(len(text)):
                    for n in lengths:
                        if i + n <= len(text) and text[i:i + n] in forms:
                            yield text[i:i + n], line[i:i + n]


def _placement(number: int, word: dict) -> Placement:
    """Entry `number` (from 1) of "words": its texts strings, its cell whole numbers."""
    def what(key: str) -> str:
        return f'"{key}" of word {number} in "words"'
    texts = {key: _text(word[key], what(key)) for key in ("label", "word", "direction")}
    return Placement(texts["label"], texts["word"], _number(word["row"], what("row")),
                     _number(word["col"], what("col")), texts["direction"],
                     _texts(word.get("inside", []), what("inside")),
                     _yes_no(word.get("added", False), what("added")),
                     _text(word.get("clue", ""), what("clue")),
                     _text(word.get("picture", ""), what("picture")))


def _shown(value) -> str:
    """A value as a message quotes it, cut short: a document may hold anything."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _text(value, what: str) -> str:
    if not is_text(value):
        raise InputError(f"{what} is {_shown(value)}; it should be a string.")
    return value


def _texts(value, what: str) -> tuple[str, ...]:
    if not is_texts(value):
        raise InputError(f"{what} is {_shown(value)}; it should be a list of strings.")
    return tuple(value)


def _yes_no(value, what: str) -> bool:
    if not is_flag(value):
        raise InputError(f"{what} is {_shown(value)}; it should be true or false.")
    return value


def _case(value) -> bool:
    if value not in ("upper", "lower"):
        raise InputError(f'"case" is {_shown(value)}; it should be "upper" or "lower".')
    return value == "lower"


def _number(value, what: str) -> int:
    if not is_whole(value):
        raise InputError(f"{what} is {_shown(value)}; it should be a whole number.")
    return value


@dataclass(frozen=True)
class Sheet:
    """One puzzle of a set, as it is handed out."""
    number: int       # 1-based, in the order of the pages
    title: str
    student: str      # "" when the set is not made per student
    puzzle: Puzzle


# The rule every set's copies of one list keep, as the set's JSON states it.
APART_RULE = "no two copies of one list share more than a third of their words' placements"


@dataclass(frozen=True)
class Apart:
    """How the copies of one list of a set were kept apart (APART_RULE): the most
    placements any two of them share, and the smallest grid they were made on
    (`min_grid`, None when the automatic size was tight enough, or `grown_from`, the
    grid across that had too few different layouts for this many copies)."""
    list: int                   # 1-based, in the order of the lists
    copies: int
    words: int                  # placements each copy has (its listed words)
    most_shared: int            # the most placements two copies share
    min_grid: int | None = None  # the floor the copies were made at, when it was raised
    grown_from: int | None = None

    def describe(self) -> str:
        """One line for a teacher: "30 copies share at most 4 of 15 placements"."""
        shared = (f"{self.copies} copies share at most {self.most_shared} of {self.words} "
                  f"placements")
        if self.grown_from is None or self.min_grid is None:
            return shared
        sizes = [f"{side}×{side}" for side in range(self.grown_from, self.min_grid)]
        tight = " and ".join([", ".join(sizes[:-1]), sizes[-1]] if len(sizes) > 1 else sizes)
        return (f"{shared}; {tight} had too few different layouts, so all its copies are at "
                f"least {self.min_grid}×{self.min_grid}")

    def to_dict(self) -> dict:
        out = {"list": self.list, "copies": self.copies, "words": self.words,
               "most_shared": self.most_shared}
        if self.grown_from is not None:
            out.update(min_grid=self.min_grid, grown_from=self.grown_from)
        return out


@dataclass(frozen=True)
class ClassSet:
    """Every puzzle one run made, in page order. A single puzzle is a set of one."""
    code: str         # regenerates the whole set; each puzzle has a code of its own
    sheets: tuple[Sheet, ...]
    apart: tuple[Apart, ...] = ()  # each list of several copies: how they differ

    def to_json(self) -> str:
        """{"format": "wordsearch-set/1", "code": ..., "puzzles": [puzzle documents,
        each with its "title" and "student" added]}, and with copies, "apart": the rule
        and, for each list, how far apart its copies are."""
        documents = [dict(sheet.puzzle.to_dict(), title=sheet.title, student=sheet.student)
                     for sheet in self.sheets]
        out: dict = {"format": SET_FORMAT, "code": self.code, "puzzles": documents}
        if self.apart:
            out["apart"] = {"rule": APART_RULE,
                            "lists": [note.to_dict() for note in self.apart]}
        return json.dumps(out, ensure_ascii=False, indent=2) + "\n"
