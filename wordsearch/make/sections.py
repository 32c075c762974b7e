"""Words files that hold several puzzles: a line starting with # begins a puzzle
and gives its title; the words follow, one per line. A line starting with > gives
the puzzle's hidden message (a quotation, as in e-mail and Markdown: what the
leftover letters say). A file with no # line is one puzzle."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from wordsearch import lang
from wordsearch.errors import InputError, printable
from wordsearch.make.words import WordList, parse_words

HEADING = "#"
MESSAGE = ">"


@dataclass(frozen=True)
class Section:
    title: str                             # "" for words before any # line
    line: int | None                       # the # line's number
    entries: tuple[str | tuple[int, str], ...]
    language: lang.Language
    strict: bool = False  # refuse a word inside another (see parse_words)
    message: str | None = None  # from its > line, as typed

    def where(self) -> str:
        """As messages name it: 'the puzzle "Week 2" (line 7)'."""
        if self.line is None:
            return "the words before the first # line"
        return f'the puzzle "{self.title}" (line {self.line})'

    @cached_property
    def words(self) -> WordList:
        """The section's checked words, parsed once; errors name a titled section."""
        try:
            return parse_words(self.entries, language=self.language, strict=self.strict)
        except InputError as exc:
            if self.line is None:
                raise
            raise InputError(f"in {self.where()}:\n{exc}") from None


def _check_message(message: str, line: int, language: lang.Language) -> None:
    """A > line's message refused where it is written (a digit, a letter the
    language does not use), naming its line: it is the file's, not --message's."""
    from wordsearch.make.message import message_form  # the fill's C core, only here
    try:
        message_form(message, language)
    except InputError as exc:
        raise InputError(f"line {line}: {exc}") from None


def split_sections(entries: Iterable[str | tuple[int, str]], *,
                   language: lang.Language | str | None = None,
                   strict: bool = False) -> list[Section]:
    """Sections in order. Entries are words from the command line (plain strings)
    and numbered lines of words files; a numbered line starting with # opens a
    section. Words before the first # line make a puzzle of their own. Every
    section's words are in `language` (a Language or its code; None: the default);
    `strict` refuses a word inside another."""
    language = lang.resolve(language)
    sections: list[Section] = []
    title, line, current, message, message_line = "", None, [], None, None
    for entry in entries:
        text = entry[1].strip() if isinstance(entry, tuple) else None
        if text is not None and text.startswith(HEADING):
            sections.append(Section(title, line, tuple(current), language, strict, message))
            title, line, current = text[len(HEADING):].strip(), entry[0], []
            message = message_line = None
        elif text is not None and text.startswith(MESSAGE):
            if message_line is not None:
                raise InputError(f"line {entry[0]}: a second hidden message for one puzzle "
                                 f"(the first is on line {message_line}); give each puzzle "
                                 f"one > line.")
            message, message_line = text[len(MESSAGE):].strip(), entry[0]
            if not message:
                raise InputError(f"line {entry[0]}: a > line needs the hidden message after "
                                 f"the >, such as > See you at the zoo.")
            _check_message(message, entry[0], language)
        else:
            current.append(entry)
    sections.append(Section(title, line, tuple(current), language, strict, message))
    first = sections[0]
    if (first.line is None and first.message is None and len(sections) > 1
            and not any(_has_text(e) for e in first.entries)):
        sections.pop(0)
    for section in sections:
        if section.line is not None and not section.title:
            raise InputError(f"line {section.line}: a # line needs a title after the #, "
                             f"such as # Week 1.")
        if section.line is not None:
            printable(section.title, f"the title on line {section.line}")
        if (not any(_has_text(e) for e in section.entries) and section.line is not None
                and section.message is None):
            raise InputError(f"{section.where()} has no words; list them one per line "
                             f"after its # line (or give only a > line: a hidden message "
                             f"with words of the dictionary).")
    return sections


def _has_text(entry: str | tuple[int, str]) -> bool:
    return bool((entry[1] if isinstance(entry, tuple) else entry).strip())
