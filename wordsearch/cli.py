"""The `wordsearch` command: a click group whose default command makes puzzles.

`wordsearch [OPTIONS] WORD...` is `wordsearch make [OPTIONS] WORD...`: when the
first argument is not a command's name, `make` is meant. A puzzle whose first word
is a command's name is made with `--` before the words (`wordsearch -- make it`)
or with `make` spelled out (`wordsearch make make it`).

Each command parses its options, calls the library and reports; library messages
speak of things, and the command adds the option's name where that helps.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import click

from wordsearch import export, fields, lang, web
from wordsearch.lang import lists
from wordsearch.entry import EXIT_INTERRUPTED
from wordsearch.errors import InputError, OutputError, WordsearchError, quoted
from wordsearch.make import choose, classset, level, message, packer
from wordsearch.make.blocked import Blocked, blocked_words
from wordsearch.make.deadline import DEFAULT_TIME_LIMIT
from wordsearch.make.options import MakeOptions
from wordsearch.make.sections import split_sections
from wordsearch.make.shape import builtin_masks
from wordsearch.puzzle import PICTURE_LAYOUTS, ClassSet
from wordsearch.render import book as book_layout, font, layout, look, paper, print_check
from wordsearch.render.keys import key_heading, key_pages
from wordsearch.render.model import Key
from wordsearch.solver import Dictionary, read_grid, solve
from wordsearch.solver import report as solve_report
from wordsearch.solver.search import DEFAULT_MIN_LENGTH

# A words or students file may be this large: ten thousand lines of long phrases.
MAX_FILE_BYTES = 1 << 20
LINE_ENDS = re.compile(r"\r\n|\r|\n")
EXIT_NO_PUZZLE = 1
EXIT_USAGE = 2
EXIT_TERMINATED = 143   # 128 + SIGTERM
DEFAULT_COMMAND = "make"


class Terminated(BaseException):
    """SIGTERM, raised where the program is, so that it ends as after Ctrl-C: worker
    processes ended, no file written."""


def _terminate(signum, frame) -> None:
    raise Terminated()


def _print(text: str) -> None:
    """A listing or the help on standard output, a line: a write that fails (a full
    disk, a closed pipe) says so and exits 1, as a puzzle's does, not a traceback."""
    with _reported():
        export.write_stdout(f"{text}\n".encode("utf-8"))


def _show_help(ctx: click.Context, param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        _print(ctx.get_help())
        ctx.exit()


class PrintsHelp:
    """A command's or a group's --help, printed by _print."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.callback = _show_help
        return option


class Command(PrintsHelp, click.Command):
    pass


class Commands(PrintsHelp, click.Group):
    """A group that runs DEFAULT_COMMAND unless the first argument names another,
    so that the original program's usage, `wordsearch [OPTIONS] WORD...`, keeps
    working word for word. Its commands are Commands, and its own --help is printed
    as theirs is."""

    command_class = Command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)


class DefaultCommand(Command):
    """The default command's usage line reads as the original program's."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        program = ctx.parent.command_path if ctx.parent else ctx.command_path
        formatter.write_usage(program, f"[{self.name}] [OPTIONS] WORD...")

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        group = ctx.parent.command if ctx.parent else None
        if isinstance(group, click.Group):
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str())
                                    for name, command in sorted(group.commands.items())])


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "-?", "--help"]})
def main() -> None:
    """Word search puzzles in which every word reads exactly once."""


def _list_masks(ctx, param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        _print("\n".join(builtin_masks()))
        ctx.exit()


def _list_fonts(ctx, param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        width = max(map(len, font.FILES))
        _print("\n".join(f"{name.ljust(width)}  {font.ABOUT[name]}" for name in font.FILES))
        ctx.exit()


def _numbers(choices: tuple[int, ...]) -> click.Choice:
    """A short list of numbers to choose from, as click offers them (1|2|4)."""
    return click.Choice([str(n) for n in choices])


def _count(ctx, param, value: str | None) -> int | None:
    """A number chosen from a short list (--per-page 1, 2 or 4), as a number."""
    return None if value is None else int(value)


def _pictures(ctx, param, values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """--picture WORD=FILE, each as a (word, file) pair."""
    pairs = []
    for value in values:
        word, equals, picture = value.partition("=")
        if not equals or not word.strip() or not picture.strip():
            raise click.BadParameter(f"{quoted(value)} is not WORD=FILE; write the word, an equals "
                                     f"sign and the picture, such as cat=cat.png.")
        pairs.append((word.strip(), picture.strip()))
    return tuple(pairs)


def _file_label(name: str, what: str) -> str:
    """A file as messages name it: "words file w.txt", or "standard input" for -."""
    return "standard input" if name == "-" else f"{what} {name}"


def _read_text(name: str, what: str, limit: int, needs: str = "") -> str:
    """A whole file's text ("-" for standard input), as messages name it; `needs`
    says why `limit` is enough, in the message for a larger file."""
    shown = _file_label(name, what)
    try:
        if name == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(name, "rb") as f:
                data = f.read(limit + 1)
        if len(data) > limit:
            raise InputError(f"{shown} is larger than {limit >> 20} MB{needs}; give a smaller "
                             f"file.")
        return data.decode("utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot read {shown}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise InputError(f"{shown} is not UTF-8 text; save it as UTF-8.") from None


def _read_lines(name: str, what: str = "words file",
               limit: int = MAX_FILE_BYTES) -> list[tuple[int, str]]:
    """Numbered lines, as messages name them, of a file ("-" for standard input).
    Lines end only where an editor ends them (\\n, \\r\\n, \\r), so that line numbers
    agree with the editor's even with a form feed or U+2028 inside a line."""
    needs = f", more than any list of {'words' if limit > MAX_FILE_BYTES else 'puzzles'} needs"
    lines = LINE_ENDS.split(_read_text(name, what, limit, needs))
    if lines and lines[-1] == "":
        lines.pop()
    return list(enumerate(lines, start=1))


def _pages(no_key: bool, key_only: bool, keys: str | None) -> tuple[str, ...]:
    if no_key and key_only:
        raise InputError("--no-key and --key-only contradict each other; give one of them.")
    if keys and (no_key or key_only):
        raise InputError(f"--keys {keys} writes the answer keys, which --no-key or --key-only "
                         f"rules out; give one of them.")
    return ("key",) if key_only else ("puzzle",) if no_key else look.PAGES


def _students(name: str | None) -> list[str]:
    if name is None:
        return []
    students = [text.strip() for _, text in _read_lines(name, "students file") if text.strip()]
    if not students:
        raise InputError(f"{_file_label(name, 'students file')} has no names; write one name per "
                         f"line.")
    return students


def puzzle_options(command):
    """The options of the puzzles themselves and how they print, which `make` and
    `book` share: one definition, so that both spell and explain them alike."""
    for option in reversed(PUZZLE_OPTIONS):
        command = option(command)
    return command


PUZZLE_OPTIONS = [
    click.option("-t", "--title", default="", help="Puzzle title (a book's: on its title "
                                                    "page and in its metadata)."),
    click.option("-f", "--field", "fields", multiple=True,
                  help="A field to write in, such as Name or Date (repeatable)."),
    click.option("-m", "--mask", help="Shape the grid like a PNG image (white or transparent "
                                       "= no cell), or name a built-in mask (--list-masks)."),
    click.option("--list-masks", is_flag=True, expose_value=False, is_eager=True,
                  callback=_list_masks, help="Name the built-in masks and exit."),
    click.option("-d", "--dir", "directions", multiple=True,
                  help="Allowed directions, comma-separated: N NE E SE S SW W NW or aliases "
                       "such as right, down, downright. Default: all eight."),
    click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]),
                  help="easy: E, S; medium: adds SE, SW; hard: all eight."),
    click.option("-g", "--grid", help="Grid size, N or WxH (columns x rows). Default: automatic."),
    click.option("--min-grid", type=int,
                  help="The automatic grid's smallest side: at least N x N, larger if the "
                       "words need it (with --mask, the square the shape is drawn across). "
                       "Not with --grid."),
    click.option("--show-directions", is_flag=True,
                  help="Print which directions the words run in on the puzzle page."),
    click.option("--strict", is_flag=True,
                  help="Refuse a word that lies inside another (Kansas in Arkansas) instead of "
                       "hiding it on its own too."),
    click.option("--language", default=lang.DEFAULT, show_default=True,
                  type=click.Choice(lang.codes(), case_sensitive=False),
                  help="The language the words are in: its letters fill the grid."),
    click.option("--clue-language", type=click.Choice(lang.codes(), case_sensitive=False),
                  help="The language of the clues (word: clue lines, or --clues), printed in "
                       "its own font; only the words are checked in --language. Default: "
                       "--language."),
    click.option("--block-words", help="A file of words the grid must never spell, one per line, "
                                        "besides the language's list of rude words."),
    click.option("--no-blocklist", is_flag=True,
                  help="Let the grid spell words of the language's lists of rude words and "
                       "of words unsuitable for children (it never spells them unless told "
                       "so)."),
    click.option("--level", default=level.DEFAULT_LEVEL, show_default=True,
                  help="The words the program chooses (added to hide a --message, drawn by "
                       "--random): child, words a primary-school child knows, on the puzzle's "
                       "topic first; adult, the whole dictionary (puzzle books for grown-ups)."),
    click.option("--lowercase", is_flag=True, help="Print the grid and the word list in lower case."),
    click.option("--seed", help="Any text; the same seed, words and options give the same puzzle."),
    click.option("--beam", type=click.IntRange(1, packer.MAX_BEAM), default=packer.DEFAULT_BEAM,
                  show_default=True, help="Partial puzzles kept per word."),
    click.option("--threads", type=click.IntRange(1, 256),
                  help="Packing threads; default and at most all cores. Never changes the puzzle."),
    click.option("--large-print", is_flag=True,
                  help="Grid letters of at least 18 pt, the word list at least 16 pt, heavier "
                       "lines; a grid too big for that is refused, saying what fits."),
    click.option("--font", default="",
                  help="Print in this font: a bundled one (--list-fonts) or a .ttf or .otf file. "
                       "Default: the language's (Andika; Gentium Plus for Greek)."),
    click.option("--list-fonts", is_flag=True, expose_value=False, is_eager=True,
                  callback=_list_fonts, help="Name the bundled fonts and exit."),
    click.option("--hide-words", is_flag=True,
                  help="Print no word list, only how many words are hidden."),
    click.option("--list-order", type=click.Choice(look.LIST_ORDERS),
                  default=look.LIST_ORDERS[0], show_default=True,
                  help="The word list sorted as its language sorts, or in the order given."),
    click.option("--key-style", type=click.Choice(look.KEY_STYLES), default=look.KEY_STYLES[0],
                  show_default=True, help="Answer keys: each word outlined, or only the words' "
                                          "letters printed (other cells blank)."),
    click.option("-j", "--jobs", type=click.IntRange(1, 256),
                  help="Puzzles made at once, in separate processes; default all cores. Never "
                       "changes the puzzles."),
    click.option("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, show_default=True,
                  help="Seconds each puzzle may take; the run stops with a message after them."),
    click.option("--pictures", type=click.Choice(PICTURE_LAYOUTS), is_flag=False,
                  flag_value=PICTURE_LAYOUTS[0],
                  help="A picture beside each word of the list (the built-in ones, OpenMoji's, "
                       "for the themes' words in en es fr de), or only the pictures "
                       "(--pictures only, for children who cannot read yet: every word needs "
                       "one)."),
    click.option("--picture", "picture", multiple=True, callback=_pictures,
                  help="WORD=FILE: this word's picture, a PNG or SVG file (or an emoji's "
                       "codepoints, such as 1F418); repeatable. Implies --pictures."),
    click.option("-q", "--quiet", is_flag=True, help="No report or progress on standard error.")
]


def _stoppable(command: Callable) -> Callable:
    """Ctrl-C and SIGTERM end every command alike, wherever in it they come: one line,
    exit 130 or 143 (the output step is all or nothing, so nothing was written)."""
    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt:
            _stopped("interrupted", EXIT_INTERRUPTED)
        except Terminated:
            _stopped("terminated", EXIT_TERMINATED)
    return run


@main.command(DEFAULT_COMMAND, cls=DefaultCommand,
              short_help="Make puzzles from words (the default command).")
@puzzle_options
@click.argument("words", nargs=-1)
@click.option("-o", "--output",
              help=f"Output file: {export.formats.described()}. Prints text to stdout if "
                   f"omitted.")
@click.option("-s", "--size", "page_size", default=paper.DEFAULT, show_default=True,
              help="Page size: WxH in points, or letter, legal, tabloid, a5, a4, a3, each "
                   "also as NAME-landscape.")
@click.option("--no-key", is_flag=True, help="Leave out the answer key.")
@click.option("--key-only", is_flag=True, help="Write only the answer key.")
@click.option("--theme", help="Make the puzzle from a built-in themed list (--list-themes) "
                              "instead of words of your own.")
@click.option("--random", type=int,
              help="Draw this many words of the --level from the language's words (or, with "
                   "--theme, from the theme), different for every copy.")
@click.option("--clues", is_flag=True,
              help="With --theme: list the theme's built-in clues instead of its words (in "
                   "the --clue-language: definitions in the puzzle's own, translations in "
                   "another); the grid hides the words.")
@click.option("--list-themes", is_flag=True,
              help="Name the built-in themes of the --language and exit.")
@click.option("--message", help="Hide a message: the letters left once every word is found, "
              "read left to right and top to bottom, spell it. Words of the language's "
              "dictionary are added to the list to leave exactly that many letters.")
@click.option("--no-added-words", is_flag=True,
              help="With --message: add no words; find a grid your own words leave exactly "
                   "the message's letters free in.")
@click.option("--dpi", type=int,
              default=look.DEFAULT_DPI, show_default=True,
              help="Resolution of PNG pages.")
@click.option("--words-file", multiple=True,
              help="A file with one word or phrase per line; - reads standard input.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]),
              help="Output format; default from the -o name, else text.")
@click.option("--copies", type=click.IntRange(1, classset.MAX_COPIES), default=1,
              show_default=True, help="Different puzzles (same words) made from each list.")
@click.option("--students", help="A file of names, one per line: one puzzle per student for "
                                 "each list, the name printed on the Name line.")
@click.option("--keys", help="Write the answer keys to this PDF instead of after the puzzles.")
@click.option("--keys-per-page", callback=_count, type=_numbers(look.KEYS_PER_PAGE),
              help="Answer keys printed on one page. Default: as many as --per-page puts "
                   "puzzles on one.")
@click.option("--per-page", callback=_count, type=_numbers(look.PER_PAGE), default="1",
              show_default=True, help="Puzzles printed on one page, each with its title, "
                                      "list and code.")
@_stoppable
def make(words: tuple[str, ...], **given) -> None:
    """Make word search puzzles from WORD... and/or --words-file.

    In a words file, a line starting with # begins a new puzzle and gives its title;
    the words follow, one per line. A line "kitten: a baby cat" gives the word a clue,
    which the list prints instead of the word (the first colon followed by a space
    separates them; the clue may hold more colons). With several lists, --copies or --students, one run
    makes a class set: all puzzle pages first, then the answer keys.

    `wordsearch make` is the default command: `wordsearch [OPTIONS] WORD...` means
    the same. Put -- before the words when the first word is a command's name.

    Example: wordsearch -s792x612 --title=Xyzzy -fName -fDate -d r,d -o puzzle.pdf -- Hello World
    """
    if given["list_themes"]:
        _list_themes(lang.get(given["language"].lower()))
        return
    _check_usage(words, given)
    signal.signal(signal.SIGTERM, _terminate)
    with _reported():
        given["title"] = _title(given)
        target = _output(given)
        sections = split_sections(_entries(words, given["words_file"]),
                                  language=given["language"], strict=given["strict"])
        blocked = _blocked(given)
        names = _students(given["students"])
        is_set = (len(sections) > 1 or sections[0].line is not None or given["copies"] > 1
                  or bool(names))
        export.check(target, is_set=is_set)
        _warn_duplicates(sections)
        options = _make_options(given, blocked, layout.legible_side(
            target.page.size, target.page.per_page, target.page.look))
        puzzle_set = _build(sections, options, given, names, is_set)
        if not given["quiet"] and options.grid is not None and options.added_words:
            _advise_length(puzzle_set, is_set)
        written = export.write(puzzle_set if is_set else puzzle_set.sheets[0].puzzle, target)
        if written and not given["quiet"]:
            click.echo(f"wrote {', '.join(map(str, written))}: {_summary(puzzle_set, is_set)}",
                       err=True)


def _title(given: dict) -> str:
    """The title given, or a theme's own."""
    if given["theme"] is None or given["title"]:
        return given["title"]
    return choose.theme_words(lang.get(given["language"].lower()), given["theme"]).title


def _check_usage(words: tuple[str, ...], given: dict) -> None:
    """What to make: some words, a source of them or a message, and not two sources."""
    chosen_list = given["theme"] is not None or given["random"] is not None
    if not words and not given["words_file"] and not chosen_list and given["message"] is None:
        raise click.UsageError("give at least one WORD, --words-file, --theme, --random or "
                               "--message.")
    if given["no_added_words"] and given["message"] is None:
        raise click.UsageError("--no-added-words goes with --message: it says how the "
                               "message is hidden.")
    if chosen_list and (words or given["words_file"]):
        raise click.UsageError("give your own words (WORD... or --words-file) or --theme / "
                               "--random, not both.")


def _entries(words: tuple[str, ...], files: tuple[str, ...]) -> list:
    """The words given and the numbered lines of the words files, in that order."""
    entries: list = list(words)
    for name in files:
        lines = _read_lines(name)
        if not words and len(files) == 1 and not any(text.strip() for _, text in lines):
            raise InputError(f"no words given: {_file_label(name, 'words file')} is empty; "
                             f"write one word or phrase per line.")
        entries += lines
    return entries


def _look(given: dict) -> look.Look:
    """How the puzzles print: the Look's fields are the command's options."""
    return look.Look(**fields.named(look.Look, given))


def _output(given: dict) -> export.Output:
    """Where the puzzles go, and how their pages look: the PageOptions' and the Look's
    fields are the command's options."""
    page = look.PageOptions(
        size=paper.page_size(given["page_size"]),
        pages=_pages(given["no_key"], given["key_only"], given["keys"]), look=_look(given),
        **fields.named(look.PageOptions, {
            **given, "keys_per_page": given["keys_per_page"] or given["per_page"]}))
    return export.Output(path=given["output"], format=given["fmt"], keys_path=given["keys"],
                         page=page)


def _make_options(given: dict, blocked: Blocked, legible_side: int) -> MakeOptions:
    """What to make: MakeOptions' fields are the command's options, checked in the
    order the command always checked them (after the words, the students and the
    output); the negated flags and the directions are read here. --strict was
    applied as the words were read: a theme's words are the program's own list,
    which it has never refused."""
    return MakeOptions(**fields.named(MakeOptions, {
        **given, "language": blocked.language, "strict": False, "block_words": blocked,
        "added_words": not given.get("no_added_words", False),
        "directions": given["directions"] or None, "legible_side": legible_side}))


def _warn_duplicates(sections) -> None:
    for section in sections:
        for warning in section.words.warnings() if section.entries else ():
            click.echo(f"warning: {warning}", err=True)


def _build(sections, options: MakeOptions, given: dict, names: list[str],
           is_set: bool) -> ClassSet:
    """The puzzles, with a progress bar for a set or the grid tried for one puzzle."""
    quiet = given["quiet"]
    bar = None if quiet or not is_set else _progress(
        len(sections) * (len(names) or given.get("copies", 1)))
    status = None if quiet or is_set else Status()
    try:
        return classset.build_set(sections, options, title=given["title"],
                                  copies=given.get("copies", 1), students=names,
                                  jobs=given["jobs"],
                                  on_done=bar.update if bar else None, progress=status)
    finally:
        if bar:
            bar.close()
        if status:
            status.close()


def _advise_length(puzzle_set: ClassSet, is_set: bool) -> None:
    """The seed's advice on the message's length, for a grid the user chose (an
    automatic one is the words' size, and --no-added-words has lengths the layouts
    dictate)."""
    advice = ((sheet.title, message.length_advice(sheet.puzzle)) for sheet in puzzle_set.sheets)
    for title, warning in dict.fromkeys((t, a) for t, a in advice if a):
        where = f'in the puzzle "{title}": ' if is_set and title else ""
        click.echo(f"warning: {where}{warning}", err=True)


@main.command("book", short_help="Make a puzzle book's interior: a print-ready PDF.")
@puzzle_options
@click.option("--words-file", multiple=True, required=True,
              help="A words file of many sections (# Title, then its words): one puzzle each.")
@click.option("-o", "--output", required=True, help=f"The book: "
              f"{export.formats.file_names([r for r in export.formats.FORMATS if r.book])}.")
@click.option("--trim", type=click.Choice(list(book_layout.TRIMS)), default="6x9",
              show_default=True, help="Trim size: 6x9, 8.5x11, 8.25x11 (inches), a4 or a5.")
@click.option("--bleed", is_flag=True,
              help="Pages 0.125 in larger on the outside, top and bottom (not at the spine), "
                   "with TrimBox and BleedBox set.")
@click.option("--plain", is_flag=True,
              help="Leave out bookmarks, links and metadata, as print-on-demand services "
                   "ask of an interior.")
@click.option("--per-page", callback=_count, type=_numbers(book_layout.PER_PAGE), default="1",
              show_default=True, help="Puzzles on a page.")
@click.option("--solutions-per-page", callback=_count, default="4", show_default=True,
              type=_numbers(book_layout.SOLUTIONS_PER_PAGE),
              help="Solutions on a page, at the back of the book.")
@click.option("--author", default="", help="The author, on the title page and in the metadata.")
@click.option("--subject", default="", help="A subtitle, on the title page and in the "
                                            "metadata's subject.")
@_stoppable
def book_command(**given) -> None:
    """Make a puzzle book from --words-file: a title page, a contents page, one puzzle
    (or two) a page, and the solutions at the back, with page numbers, the gutter
    print-on-demand services ask for, bookmarks and page labels (--plain: none of the
    bookmarks, links and metadata). `wordsearch check-book` checks the PDF.

    Example: wordsearch book --words-file animals.txt --title "Animal Puzzles" --trim 6x9 -o book.pdf
    """
    signal.signal(signal.SIGTERM, _terminate)
    with _reported(book_command):
        book = book_layout.BookOptions(look=_look(given),
                                       **fields.named(book_layout.BookOptions, given))
        target = export.Output(path=given["output"])
        export.check_book(target, given["output"])
        entries = [line for name in given["words_file"] for line in _read_lines(name)]
        sections = split_sections(entries, language=given["language"], strict=given["strict"])
        blocked = _blocked(given)
        _warn_duplicates(sections)
        options = _make_options(given, blocked, layout.legible_side(book.trim_size,
                                                                    book.per_page, book.look))
        puzzle_set = _build(sections, options, given, [], is_set=True)
        laid_out = book_layout.book_pages(puzzle_set.sheets, book)
        export.commit({target.path: book_layout.pdf(laid_out)})
        for warning in laid_out.warnings():
            click.echo(f"warning: {warning}", err=True)
        if not given["quiet"]:
            click.echo(f"wrote {given['output']}: {len(laid_out.pages)} pages, "
                       f"{len(puzzle_set.sheets)} puzzles, set code {puzzle_set.code}", err=True)


EXIT_BOOK_PROBLEMS = 1


@main.command("check-book", short_help="Check a book's PDF against print-on-demand rules.")
@click.argument("file")
def check_book_command(file: str) -> None:
    """Read FILE, a book's interior as a PDF, as a print-on-demand service would
    (Amazon KDP's rules): its trim, bleed and page count, the margins and gutter its
    ink keeps, its lines' widths, its fonts, and bookmarks, links or metadata. Says
    each problem, naming its page, and exits with 1 if there is any.

    Example: wordsearch check-book book.pdf
    """
    with _reported(check_book_command):
        try:
            data = Path(file).read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read {file}: {exc.strerror or exc}.") from None
        problems = print_check.check_book(data)
        for problem in problems:
            click.echo(problem)
        if problems:
            sys.exit(EXIT_BOOK_PROBLEMS)
        click.echo(f"{file}: keeps the print-on-demand rules.")


# A grid file may be this large: the largest grid the core takes (2^20 cells), spaced
# out, with room to spare; a dictionary file holds a few hundred thousand words.
MAX_GRID_BYTES = 8 << 20
MAX_DICTIONARY_BYTES = 64 << 20
EXIT_NOT_ONCE = 1


@main.command("solve", short_help="Find the words in a grid: where each reads, and how often.")
@click.argument("file")
@click.argument("words", nargs=-1)
@click.option("--words-file", multiple=True,
              help="A file with one word or phrase per line; - reads standard input.")
@click.option("--all", "find_all", is_flag=True,
              help="Also every word of the language's dictionary (or --dictionary) that "
                   "reads in the grid.")
@click.option("--dictionary", "dictionary_file",
              help="A file of words, one per line, to find with --all (implies --all).")
@click.option("--min-length", type=int, default=DEFAULT_MIN_LENGTH, show_default=True,
              help="The shortest dictionary word --all reports.")
@click.option("--free-path", is_flag=True,
              help="Words along any path of neighbouring cells (eight neighbours, no cell "
                   "twice), as in Boggle, instead of straight lines.")
@click.option("--language", type=click.Choice(lang.codes(), case_sensitive=False),
              help="The language of the grid's letters and of the words. Default: the "
                   "document's, else en.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]),
              help="Report format: a text table (default) or JSON.")
@click.option("-o", "--output",
              help=f"Draw the answer key for this grid: "
                   f"{export.formats.file_names(export.formats.drawn(), 'FILE')}.")
@click.option("-t", "--title", default="", help="Title of the answer key.")
@click.option("-s", "--size", "page_size", default=paper.DEFAULT, show_default=True,
              help="Page size of the answer key (as for make).")
@click.option("--dpi", type=int, default=look.DEFAULT_DPI, show_default=True,
              help="Resolution of a PNG answer key.")
@click.option("-q", "--quiet", is_flag=True, help="No report on standard error.")
@_stoppable
def solve_command(file, words, words_file, find_all, dictionary_file, min_length, free_path,
                  language, fmt, output, title, page_size, dpi, quiet):
    """Find WORDS (or --words-file, or the document's words) in the grid in FILE
    (- reads standard input), and say how often and where each reads.

    FILE is plain text (one row a line, letters optionally separated by single
    spaces, . for a cell outside the shape; our own text output, and the text
    "pdftotext -raw" takes from our PDFs, work too, with their word lists), our
    JSON document, or the JSON or CSV that word-search-generator writes.

    Exits 0 when every word reads exactly once, 1 when a word is missing or reads
    more than once (naming them), 2 for a usage error (or a key that cannot be
    drawn or written).
    """
    signal.signal(signal.SIGTERM, _terminate)
    # Exit 1 says that a word does not read once; anything else that stops the
    # command (a bad file, a key too large for the page or not writable) is 2.
    with _reported(solve_command, status=EXIT_USAGE):
        chosen = lang.get(language.lower()) if language else None
        target = None
        if output is not None:
            target = export.Output(path=output, page=look.PageOptions(
                size=paper.page_size(page_size), title=title, pages=("key",), dpi=dpi))
            export.check_key(target, output)
        text = _read_text(file, "grid file", MAX_GRID_BYTES)
        grid = read_grid(text, chosen, _file_label(file, "grid file"))
        entries: list = list(words)
        for name in words_file:
            entries += _read_lines(name)
        dictionary = None
        if dictionary_file is not None or find_all:
            grid_language = chosen or lang.get(grid.language or lang.DEFAULT)
            if dictionary_file is not None:
                lines = _read_lines(dictionary_file, "dictionary file", MAX_DICTIONARY_BYTES)
                dictionary = Dictionary(lines, grid_language,
                                        source=_file_label(dictionary_file, "dictionary file"))
            else:
                dictionary = Dictionary.of_language(grid_language)
        if not entries and not grid.words and dictionary is None:
            raise click.UsageError("give the words to find (WORD... or --words-file), or "
                                   "--all to find every dictionary word; the grid file "
                                   "lists none.")
        solution = solve(grid, entries or None, dictionary=dictionary, free_path=free_path,
                         min_length=min_length, language=chosen)
        report = (json.dumps(solution.to_dict(), ensure_ascii=False, indent=2) + "\n"
                  if fmt == "json" else solve_report.text(solution))
        written = _write_key(solution, target) if target is not None else []
        export.write_stdout(report.encode("utf-8"))
        if written and not quiet:
            click.echo(f"wrote {', '.join(map(str, written))}", err=True)
        wrong = solve_report.problems(solution)
        if wrong:
            for line in wrong if not quiet else ():
                click.echo(line, err=True)
            sys.exit(EXIT_NOT_ONCE)


DB_OPTION = click.option(
    "--db", envvar="WORDSEARCH_DB", default=web.DEFAULT_DB, show_default=True,
    help="Where the service keeps its puzzles and sets: an SQLite file, or the address of a "
         "PostgreSQL database (postgresql://user:password@host/name) that web processes and "
         "workers on several machines share. Also read from WORDSEARCH_DB.")


@main.command("serve", short_help="Serve the web page: make, print and play puzzles.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 lets other machines in.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@DB_OPTION
@click.option("--workers", type=click.IntRange(1, 256),
              help="Worker processes making puzzles and pages; default all cores.")
@click.option("--waiting", type=click.IntRange(0, 10_000), default=web.DEFAULT_WAITING,
              show_default=True,
              help="Requests that may wait for a worker; more are told the server is busy.")
@click.option("--time-limit", type=float, default=web.DEFAULT_TIME_LIMIT, show_default=True,
              help="Seconds one puzzle may take.")
@click.option("--per-client", type=click.IntRange(1, 10_000), default=web.DEFAULT_PER_CLIENT,
              show_default=True,
              help="Of those, how many one client (one address) may have at once; more are "
                   "told to wait (429).")
@click.option("--trusted-proxy", "trusted_proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy (address or network) whose X-Forwarded-For names the "
                   "client; repeat for several. None: the connection's address is the client.")
@click.option("--max-connections", type=click.IntRange(1, 1_000_000),
              default=web.DEFAULT_MAX_CONNECTIONS, show_default=True,
              help="Connections open at once (fewer if the process may not open that many "
                   "files); more are answered 503 and closed.")
@click.option("--keep-days", type=click.FloatRange(0.01, 36_500), default=web.DEFAULT_KEEP_DAYS,
              show_default=True, help="Days a puzzle is kept after it is made.")
@click.option("--upload-days", type=click.FloatRange(0.01, 36_500),
              default=web.DEFAULT_UPLOAD_DAYS, show_default=True,
              help="Days an uploaded shape is kept after it was last uploaded.")
@click.option("--max-mb", type=click.FloatRange(1, 10**7), default=web.DEFAULT_MAX_MB,
              show_default=True,
              help="Megabytes the database may hold; past it, new puzzles are refused (507).")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="A host name the server answers to, as browsers ask for it (repeatable); "
                   "a request for any other is refused. Default: any.")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]),
              default="info", show_default=True,
              help="The least a log line says (JSON lines on standard error); debug adds each "
                   "refused request.")
def serve(host, port, db, workers, waiting, time_limit, per_client, trusted_proxies,
          max_connections, keep_days, upload_days, max_mb, allowed_hosts, log_level):
    """Serve the web page and its JSON API (see README: The web page) until Ctrl-C."""
    from wordsearch.make.deadline import check_time_limit

    try:
        check_time_limit(time_limit)
        import uvicorn

        from wordsearch.web import connections, limits, logs
        from wordsearch.web.app import Config, create_app
        try:
            trusted = limits.networks(trusted_proxies)
        except ValueError as exc:
            raise InputError(f"{exc}.", option="trusted-proxy") from None
        config = Config(db=db, workers=workers, waiting=waiting, time_limit=time_limit,
                        per_client=per_client, trusted_proxies=trusted, keep_days=keep_days,
                        upload_days=upload_days, max_mb=max_mb, allowed_hosts=allowed_hosts)
        protocol = connections.bounded(connections.connection_limit(max_connections))
        storage = _storage(db, keep_days=keep_days, upload_days=upload_days, max_mb=max_mb)
        app = create_app(config, storage)
    except WordsearchError as exc:
        _fail(exc, EXIT_USAGE, serve)
    click.echo(f"serving http://{host}:{port}/ (Ctrl-C stops it)", err=True)
    logs.configure(log_level)
    with storage:
        uvicorn.run(app, host=host, port=port, log_config=None, log_level=log_level,
                    http=protocol, timeout_keep_alive=connections.KEEP_ALIVE_SECONDS)


@main.command("purge", short_help="Delete the served puzzles and uploads past their time.")
@DB_OPTION
@click.option("--keep-days", type=click.FloatRange(0.01, 36_500), default=web.DEFAULT_KEEP_DAYS,
              show_default=True, help="Days a puzzle is kept after it is made.")
@click.option("--upload-days", type=click.FloatRange(0.01, 36_500),
              default=web.DEFAULT_UPLOAD_DAYS, show_default=True,
              help="Days an uploaded shape is kept after it was last uploaded.")
def purge(db, keep_days, upload_days):
    """Deletes what `wordsearch serve` keeps past its time (the server does it too,
    hourly), and says how much; safe while the server runs."""
    from wordsearch.web.storage import is_postgres

    if not is_postgres(db) and not Path(db).is_file():
        _fail(InputError(f"there is no database {db}; give the file `wordsearch serve --db` "
                         f"uses."), EXIT_USAGE)
    try:
        with _storage(db, keep_days=keep_days, upload_days=upload_days) as storage:
            puzzles, masks = storage.purge()
    except WordsearchError as exc:
        _fail(exc, EXIT_USAGE)
    _print(f"deleted {_many(puzzles, 'puzzle')} older than {keep_days:g} days and "
           f"{_many(masks, 'upload')} older than {upload_days:g} days from {_shown(db)}.")


@main.command("worker", short_help="Make class sets from a PostgreSQL database's queue.")
@DB_OPTION
@click.option("--processes", type=click.IntRange(1, 256),
              help="Worker processes making the sets' puzzles; default all cores.")
@click.option("--concurrency", type=click.IntRange(1, 1000), default=2, show_default=True,
              help="Sets made at once (their puzzles share the processes in turn).")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]),
              default="info", show_default=True, help="The least a log line says.")
def worker(db, processes, concurrency, log_level):
    """Takes class sets from the queue in a PostgreSQL database that `wordsearch serve
    --db postgresql://...` processes share, and makes them, until Ctrl-C or SIGTERM
    (a set being made is then given to another worker). Run as many as the load
    needs, on any machine that reaches the database (README: Deployment)."""
    from wordsearch.web.storage import is_postgres

    if not is_postgres(db):
        _fail(InputError(f"a worker takes class sets from a PostgreSQL database's queue "
                         f"(--db postgresql://...), not from {db}: with SQLite, `wordsearch "
                         f"serve` makes its sets itself.", option="db"), EXIT_USAGE, worker)
    import asyncio

    from wordsearch.web import logs, queue
    from wordsearch.web.workers import Workers

    try:
        storage = _storage(db)
    except WordsearchError as exc:
        _fail(exc, EXIT_USAGE)
    logs.configure(log_level)
    workers = Workers(processes, waiting=0)
    workers.warm()
    click.echo(f"taking class sets from {_shown(db)} (Ctrl-C stops)", err=True)
    try:
        with storage:
            asyncio.run(queue.work(db, storage, workers, concurrency))
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    finally:
        workers.close()


@main.group("db", short_help="The service's database: bring it up to date.")
def db_group():
    """The database `wordsearch serve` keeps its puzzles in."""


@db_group.command("upgrade", short_help="Bring the database's tables up to date.")
@DB_OPTION
def db_upgrade(db):
    """Makes the tables, or brings a database made by an earlier version up to date
    (the server does it too when it starts); safe to run again, and while servers
    run."""
    from wordsearch.web.storage import schema

    try:
        with _database(db):
            with _storage(db, upgrade=False) as storage:
                steps = storage.upgrade()
    except WordsearchError as exc:
        _fail(exc, EXIT_USAGE)
    _print(f"{_shown(db)}: schema {schema.VERSION}, " +
           (f"{_many(steps, 'step')} taken." if steps else "already up to date."))


def _storage(db: str, **bounds):
    """The storage `db` names, opened (and brought up to date unless upgrade=False),
    or an InputError saying why not and what to check."""
    from wordsearch.web.storage import open_storage

    with _database(db):
        return open_storage(db, **bounds)


@contextlib.contextmanager
def _database(db: str):
    """A database's failures as an InputError naming it and what to check."""
    try:
        yield
    except sqlite3.Error as exc:
        raise InputError(f"cannot open the database {db}: {exc}.", option="db") from None
    except RuntimeError as exc:  # made by a later version (schema.pending)
        raise InputError(f"cannot use the database {_shown(db)}: {exc}", option="db") from None
    except Exception as exc:
        if type(exc).__module__.split(".")[0] not in ("psycopg", "psycopg_pool"):
            raise
        raise InputError(f"cannot open the PostgreSQL database {_shown(db)}: "
                         f"{str(exc).strip().splitlines()[0]}; check the address, and that the "
                         f"server runs and lets this machine in.", option="db") from None


def _shown(db: str) -> str:
    """The database's address without its password (a log or a terminal may be shared)."""
    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", db)


def _many(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def _write_key(solution, target: export.Output) -> list[Path]:
    """The answer key page of a solved grid, drawn as the project draws every key,
    written all or nothing."""
    puzzle = solution.key_puzzle()
    options = target.page
    labels = puzzle.labels
    key = Key(puzzle, key_heading(labels, options.title), labels["answer_key"],
              paths=solution.paths())
    return export.write_pages(key_pages([key], options.size), target)


def _list_themes(language: lang.Language) -> None:
    themes = lists.themes(language.code)
    if not themes:
        _print(f"{language.name} has no built-in themes yet; English, Spanish, French and "
               f"German do.")
        return
    width = max(map(len, themes))
    _print("\n".join(f"{name.ljust(width)}  {theme.title} ({len(theme.words)} words: "
                     f"{', '.join(theme.words[:4])}, …)" for name, theme in themes.items()))


def _blocked(given: dict) -> Blocked:
    """The words no grid of the run may spell (--block-words, and the language's
    list unless --no-blocklist), built once for every puzzle."""
    language, name = lang.get(given["language"].lower()), given["block_words"]
    blocklist = not given["no_blocklist"]
    if name is None:
        return blocked_words(language, blocklist=blocklist)
    lines = _read_lines(name, "block words file")
    try:
        return blocked_words(language, lines, blocklist=blocklist)
    except InputError as exc:
        raise InputError(f"in {_file_label(name, 'block words file')}:\n{exc}",
                         option="block_words") from None


def _stopped(how: str, code: int) -> None:
    """The progress line, if any, is already cleared: build_set's finally did it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C changes nothing now
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    click.echo(f"error: {how}; nothing was written.", err=True)
    sys.exit(code)


class Status:
    """One line on standard error, rewritten in place, for a single puzzle that takes
    more than a second: which grid size is being tried. Only on a terminal; a timer
    shows it while the C core works, since the sizes change only between packs."""

    DELAY = 1.0

    def __init__(self) -> None:
        self.shown = False
        self.message = ""
        self.on = sys.stderr is not None and sys.stderr.isatty()
        self.started = time.monotonic()
        self.timer = threading.Timer(self.DELAY, self._show) if self.on else None
        if self.timer:
            self.timer.daemon = True
            self.timer.start()

    def __call__(self, message: str) -> None:
        self.message = message
        if self.shown:
            self._show()

    def _show(self) -> None:
        if self.message:
            seconds = time.monotonic() - self.started
            sys.stderr.write(f"\r\x1b[K{self.message}… ({seconds:.0f} s)")
            sys.stderr.flush()
            self.shown = True

    def close(self) -> None:
        if self.timer:
            self.timer.cancel()
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def _progress(count: int):
    """A progress bar on standard error for a set: shown after a second, and only
    when standard error is a terminal (tqdm's disable=None)."""
    from tqdm import tqdm  # imported here: a single puzzle does not need it

    return tqdm(total=count, unit="puzzle", file=sys.stderr, delay=1.0, leave=False,
                disable=None)


def _quiet_stdout() -> None:
    """After standard output failed (a closed pipe, a full disk), send what Python
    would still flush at exit nowhere, so that the message above is the only one."""
    if sys.stdout is None:
        return  # closed before the program started: Python flushes nothing
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _summary(puzzle_set: ClassSet, is_set: bool) -> str:
    if not is_set or len(puzzle_set.sheets) == 1:
        puzzle = puzzle_set.sheets[0].puzzle
        return f"{puzzle.cols}×{puzzle.rows} grid, {len(puzzle.words)} words, code {puzzle.code}"
    count = len(puzzle_set.sheets)
    first, last = puzzle_set.sheets[0].puzzle.code, puzzle_set.sheets[-1].puzzle.code
    several = len(puzzle_set.apart) > 1
    apart = "".join(f"\n  {f'list {note.list}: ' if several else ''}{note.describe()}"
                    for note in puzzle_set.apart)
    return (f"{count} puzzles, set code {puzzle_set.code} (puzzle codes {first} to {last})"
            f"{apart}")


def _option_spelling(option: str | None, command: click.Command | None = None) -> str:
    """How this command spells the option a library error names (its API name, which
    is the long option's, or the option's own name): "size" -> "-s/--size"."""
    if option is None:
        return ""
    long = f"--{option.replace('_', '-')}"
    for param in (command or make).params:
        if isinstance(param, click.Option) and (long in param.opts or param.name == option):
            return "/".join(param.opts)
    return ""


@contextlib.contextmanager
def _reported(command: click.Command | None = None, status: int | None = None):
    """The library's errors as a command reports them: a usage error (exit 2) for
    what the user gave, no puzzle (exit 1) for the rest, or `status` for all; after
    a failed write to standard output, nothing more is sent there."""
    try:
        yield
    except WordsearchError as exc:
        if isinstance(exc, OutputError):
            _quiet_stdout()
        _fail(exc, status or (EXIT_USAGE if isinstance(exc, InputError) else EXIT_NO_PUZZLE),
              command)


def _fail(error: WordsearchError, status: int, command: click.Command | None = None) -> None:
    """The library's message, one "error:" line per line, and the option to change."""
    lines = str(error).splitlines()
    flag = _option_spelling(error.option, command)
    if flag:
        lines[-1] += f" (option {flag})"
    for line in lines:
        click.echo(f"error: {line}", err=True)
    sys.exit(status)
