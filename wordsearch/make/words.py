"""From what a person typed to the words a grid holds.

Each entry keeps its label (what the word list prints, accents kept) and its
grid form (upper-case letters only), plus where it came from, so that every
message can quote the line at fault.

An entry may carry a clue, which the list prints instead of the word: "kitten: a
baby cat". The first colon of the entry followed by a space (or a tab) separates
the word from its clue; everything after it is the clue, so a clue may hold more
colons ("clock: it says 10:30", "web: see https://example.org: home"). A word never
holds a colon (it is not a letter), so no literal one is needed on the word's side;
a colon with no space after it ("cat:kitten") is refused, since it may be either.
A list is all clues or none: a clue puzzle's list shows no words.

An entry may name its own picture after an equals sign, before any clue: "elephant =
1F418" (an emoji's codepoints) or "cat = pics/cat.png" (a PNG or SVG file).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from wordsearch import _core, lang
from wordsearch.inside import containers as forms_inside
from wordsearch.errors import MAX_PROBLEMS, InputError, capped, printable, quoted

MIN_LETTERS = 3
# Between a word and its clue: the first colon followed by white space.
CLUE_MARK = ":"
# Between a word and its own picture (before any clue): the first equals sign.
PICTURE_MARK = "="
# Characters of one clue: a line of the word list on a page, even in a narrow column.
MAX_CLUE = 100
# The C core's limit on one word (WS_MAX_WORD in csrc/ws_common.h).
MAX_LETTERS = _core.MAX_WORD
_JOINERS = "-'’"
# A puzzle's list may have this many words: the largest grid (100 x 100) holds
# about a thousand words of average length, and every check stays quick.
MAX_WORDS = 2000


@dataclass(frozen=True)
class Word:
    label: str
    form: str
    source: str = ""
    line: int | None = None
    clue: str = ""  # what the list prints instead of the word ("" for none)
    picture: str = ""  # its own picture: a file's path or an emoji's codepoints ("": none)

    def where(self) -> str:
        """The entry as a message quotes it: '"ice-cream" (line 4)'."""
        text = quoted(self.source or self.label)
        return f"{text} (line {self.line})" if self.line is not None else text


@dataclass(frozen=True)
class WordList:
    words: tuple[Word, ...]
    language: lang.Language  # the one the grid forms are spelled in
    # (kept, dropped) pairs: entries whose grid forms are the same.
    duplicates: tuple[tuple[Word, Word], ...] = ()

    @cached_property
    def inside(self) -> tuple[tuple[int, ...], ...]:
        """For each word, the indices of the other words it lies inside, forwards or
        backwards (Kansas in Arkansas): its readings within their placements do not
        count, and it is hidden on its own as well."""
        return containers(self.words)

    def warnings(self) -> list[str]:
        return capped([
            f"{dropped.where()} is the same word as {kept.where()} in the grid "
            f"({kept.form}); it is listed once."
            for kept, dropped in self.duplicates
        ])


def make_label(text: str) -> str:
    """A readable title for an entry typed in any case: "ice cream" -> "Ice Cream";
    mixed case ("iPhone") is kept."""
    text = " ".join(text.split())
    if text != text.lower() and text != text.upper():
        return text
    out, start = [], True
    for ch in text.lower():
        # A letter's title case, not its upper case, where they differ: the ligature
        # ﬁ starts "Fish", not "FIsh"; the digraph ǆ starts "ǅungla".
        out.append(ch.title() if start else ch)
        start = ch in " -"
    return "".join(out)


def written_label(text: str) -> str:
    """The label of a word of the language's own data (its themes, its dictionary),
    which is written as the language writes it ("ice cream", "pomme de terre", "North
    Pole"): its first letter raised, the rest as written ("Ice cream", "Pomme de
    terre"). make_label's title case is a guess for words typed in any case, and would
    print "Pomme De Terre"."""
    text = " ".join(text.split())
    return text[:1].title() + text[1:]


# Scripts a grid of letters read in eight directions cannot hold: written right to
# left, or with a character a word (or a syllable) instead of an alphabet.
_UNSUPPORTED_SCRIPTS = {
    "ARABIC": "Arabic script (written right to left)",
    "HEBREW": "Hebrew script (written right to left)",
    "SYRIAC": "Syriac script (written right to left)",
    "THAANA": "Thaana script (written right to left)",
    "CJK": "Chinese characters",
    "HIRAGANA": "Japanese kana",
    "KATAKANA": "Japanese kana",
    "HANGUL": "Korean hangul",
}


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    return next((what for prefix, what in _UNSUPPORTED_SCRIPTS.items()
                 if name.startswith(prefix)), None)


def refusal(bad: list[str], language: lang.Language) -> str:
    """Why characters that fold to no letter of `language` cannot be in a word: a
    script no grid can hold, letters of another alphabet, or symbols."""
    shown = ", ".join(repr(ch) for ch in bad[:MAX_PROBLEMS])
    scripts = list(dict.fromkeys(filter(None, map(_script, bad))))
    if scripts:
        return (f"is written in {' and '.join(scripts)}, which this program cannot put in a "
                f"grid; it makes puzzles in {', '.join(lang.names())}.")
    letters = [ch for ch in bad if unicodedata.category(ch).startswith("L")]
    if letters:
        which = ", ".join(repr(ch) for ch in letters[:MAX_PROBLEMS])
        return (f"has {which}, {'a letter' if len(letters) == 1 else 'letters'} "
                f"{language.name} does not use: a word in {language.name} may use "
                f"{language.letters_described}; spell it with those letters, or make the "
                f"puzzle in the word's own language.")
    return (f"has {shown}: a word in {language.name} may use {language.letters_described}, "
            f"spaces, hyphens and apostrophes only; remove or spell out the rest.")


def spell(text: str, language: lang.Language) -> tuple[str, str, list[str]]:
    """An entry as typed, cleaned (`source`), its grid form, and the characters that
    fold to no letter of `language`, each once. Invisible format characters (zero-width
    spaces, soft hyphens, a stray byte-order mark) come along when words are copied
    from a web page; an accent typed as a letter and a combining mark is the same
    letter as the accented one."""
    source = unicodedata.normalize("NFC", "".join(
        ch for ch in text if unicodedata.category(ch) != "Cf")).strip()
    letters, bad = [], []
    for ch in source:
        if ch.isspace() or ch in _JOINERS:
            continue
        folded = language.fold(ch)
        if folded and all(language.alphabet.is_letter(c) for c in folded):
            letters.append(folded)
        elif ch not in bad:
            bad.append(ch)
    return source, "".join(letters), bad


def split_clue(text: str, line: int | None) -> tuple[str, str]:
    """An entry's word and its clue ("" for none), split at the first colon followed
    by white space (or ending the entry). Refuses a colon with no space after it, a
    clue with no word before it, an empty clue and one a page cannot print, naming
    the line."""
    mark = text.find(CLUE_MARK)
    if mark < 0:
        return text, ""
    word, after = text[:mark], text[mark + len(CLUE_MARK):]
    shown = quoted(text.strip()) + (f" (line {line})" if line is not None else "")
    if after and not after[0].isspace():
        raise InputError(f"{shown} has a colon with no space after it; to give a word a clue, "
                         f"write the word, a colon and a space, then the clue, such as "
                         f"kitten: a baby cat.")
    clue = " ".join(unicodedata.normalize("NFC", "".join(
        ch for ch in after if unicodedata.category(ch) != "Cf")).split())
    if not word.strip():
        raise InputError(f"{shown} has a clue but no word before its colon; write the word "
                         f"first, such as kitten: a baby cat.")
    if not clue:
        raise InputError(f"{shown} has a colon but no clue after it; write the clue after the "
                         f"colon and a space, or remove the colon.")
    printable(clue, f"the clue of {shown}")
    if len(clue) > MAX_CLUE:
        raise InputError(f"the clue of {shown} has {len(clue):,} characters; a clue may have "
                         f"at most {MAX_CLUE}, to print on one line of the word list.")
    return word, clue


def split_picture(text: str, line: int | None) -> tuple[str, str]:
    """An entry's word and its own picture ("" for none), split at its first equals
    sign (a word never holds one: it is not a letter): "elephant = 1F418", "cat =
    pics/cat.png", and with a clue "kitten = kitten.png: a baby cat". Refuses an
    equals sign with nothing after it, naming the line."""
    word, mark, picture = text.partition(PICTURE_MARK)
    if not mark:
        return text, ""
    if not picture.strip():
        shown = quoted(text.strip()) + (f" (line {line})" if line is not None else "")
        raise InputError(f"{shown} has an equals sign but no picture after it; write the "
                         f"word, = and a PNG or SVG file or an emoji's codepoints, such as "
                         f"elephant = 1F418.")
    return word, picture.strip()


def parse_entry(text: str, line: int | None, language: lang.Language, *,
                written: bool = False) -> Word | None:
    """One entry, with its clue if it has one; None for a blank line. Raises
    InputError quoting the entry. `written`: the entry is the language's own data,
    labelled as written (written_label), not as typed (make_label)."""
    text, clue = split_clue(text, line)
    text, picture = split_picture(text, line)
    source, form, bad = spell(text, language)
    if not source:
        return None
    where = f' (line {line})' if line is not None else ""
    if bad:
        raise InputError(f"{quoted(source)}{where} {refusal(bad, language)}")
    if len(form) < MIN_LETTERS:
        raise InputError(
            f'{quoted(source)}{where} has {len(form)} letter{"s" if len(form) != 1 else ""}; '
            f"a word needs at least {MIN_LETTERS}.")
    if len(form) > MAX_LETTERS:
        raise InputError(
            f"{quoted(source)}{where} has {len(form):,} letters; a word may have at most "
            f"{MAX_LETTERS}.")
    return Word(label=written_label(source) if written else make_label(source), form=form,
                source=source, line=line, clue=clue, picture=picture)


def parse_words(entries: Iterable[str | tuple[int, str] | Word], *,
                language: lang.Language | str | None = None,
                strict: bool = False) -> WordList:
    """Normalise entries (one word or phrase each) into a checked WordList.

    An entry read from a file comes as (line number, text), so that messages can
    name the line. Every problem is reported at once, one per line of the message.
    `language` is a Language or its code; the default language when None. A word
    inside another is hidden on its own too; `strict` refuses such lists instead,
    for a puzzle maker who wants no word inside another.
    """
    language = lang.resolve(language)
    entries = list(entries)
    given = len({e.form if isinstance(e, Word) else (e[1] if isinstance(e, tuple) else e).strip()
                 for e in entries} - {""})
    if given > MAX_WORDS:
        raise InputError(f"{given:,} words are more than one puzzle can hold; give at most "
                         f"{MAX_WORDS:,} (or split them into several puzzles with # lines).")
    problems: list[str] = []
    seen: dict[str, Word] = {}
    duplicates: list[tuple[Word, Word]] = []
    for entry in entries:
        try:
            if isinstance(entry, Word):
                word = entry
            elif isinstance(entry, tuple):
                word = parse_entry(entry[1], entry[0], language)
            else:
                word = parse_entry(entry, None, language)
        except InputError as exc:
            problems.append(str(exc))
            continue
        if word is None:
            continue
        if word.form in seen:
            duplicates.append((seen[word.form], word))
        else:
            seen[word.form] = word
    words = tuple(seen.values())
    problems.extend(mixed_clues(words))
    if strict:
        problems.extend(strict_conflicts(words))
    if problems:
        raise InputError("\n".join(capped(problems)))
    if not words:
        raise InputError("no words given; list at least one word to hide.")
    return WordList(words, language, tuple(duplicates))


def mixed_clues(words: tuple[Word, ...]) -> list[str]:
    """A list with some clues and some bare words, refused: a clue puzzle's list shows
    no words, and a word with no clue would have nothing to be found by."""
    with_clue = next((w for w in words if w.clue), None)
    bare = next((w for w in words if not w.clue), None)
    if with_clue is None or bare is None:
        return []
    return [f"{bare.where()} has no clue, but {with_clue.where()} has one; give every word "
            f"a clue (word: clue) or none."]


def containers(words: tuple[Word, ...]) -> tuple[tuple[int, ...], ...]:
    """For each word, the indices of the other words whose letters also spell it."""
    return forms_inside([w.form for w in words])


def strict_conflicts(words: tuple[Word, ...]) -> list[str]:
    """Pairs where one word (or its reversal) reads inside another, which the strict
    rule does not allow: shorter words first, each pair once."""
    def rank(w: Word) -> tuple[int, str]:
        return len(w.form), w.form

    inside = containers(words)
    problems = []
    for i in sorted(range(len(words)), key=lambda i: rank(words[i])):
        short = words[i]
        for long in sorted((words[j] for j in inside[i] if rank(words[j]) > rank(short)),
                           key=rank):
            if short.form in long.form:
                how = "lies inside"
            elif len(short.form) < len(long.form):
                how = "read backwards lies inside"
            else:
                how = "is the reverse of"
            problems.append(
                f"{short.where()} {how} {long.where()}, and the strict rule allows no word "
                f"inside another; remove one of them, or leave the rule off to hide each "
                f"word on its own.")
    return problems
