"""The README documents every option of each command and of the web API, and the
command and the API offer the same options but for those stated to belong to one of
them: a new option is added to both front ends and to the README, or said here to
be one front end's own."""
import re
from pathlib import Path

import click
import pytest

from wordsearch.cli import main
from wordsearch.web import options as web_options

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")

# The README section (its heading, up to the next heading) whose tables document
# each command's options; an option another command shares with `make` (the same
# names and help: the puzzle options a book takes) is documented in make's.
SECTIONS = {"make": "Using it", "book": "Puzzle books", "check-book": "Puzzle books",
            "solve": "Solving a grid", "serve": "The web page", "purge": "The web page",
            "worker": "Many machines", "db": "Many machines"}
API_SECTION = "The web page"

# The command's options the web API does not offer, by long option.
COMMAND_ONLY = {
    # Files, processes and the terminal, which a request has no use for.
    "output", "format", "words_file", "block_words", "keys", "dpi", "jobs", "threads",
    "quiet",
    # The server's own --time-limit holds for every puzzle.
    "time_limit",
    # A puzzle made on the web has its key as a link of its own; the make page shows
    # its own choices (GET /api/options) instead of listing them.
    "no_key", "key_only", "list_masks", "list_fonts", "list_themes",
    # Page options the make page does not offer yet.
    "large_print", "font", "key_style", "per_page", "no_blocklist",
    # A picture file on the machine the command runs on: a request may not name the
    # server's files (the built-in pictures come with "pictures").
    "picture",
}
# The API's options the command does not offer.
API_ONLY: set[str] = {
    # The served pupils' page only: a file written by -o puzzle.html is the teacher's
    # to hand out, and keeps Show answers.
    "show_answers",
}


def api_options() -> set[str]:
    """The option names a puzzle or class-set request takes (web/options.py); the one
    place that reads the web's table of options."""
    return set(web_options.OPTIONS) | set(web_options.SET_OPTIONS)


def command_options(name: str) -> list[click.Option]:
    return [p for p in main.commands[name].params if isinstance(p, click.Option)]


def long_name(option: click.Option) -> str:
    """`--no-key` -> `no_key`: the form the API's names and COMMAND_ONLY take."""
    return next(o for o in option.opts if o.startswith("--"))[2:].replace("-", "_")


def api_names(option: click.Option) -> set[str]:
    """What the API may call a command option: its long option with underscores, or
    its parameter's name (`fields` for --field, `page_size` for --size)."""
    return {long_name(option), option.name}


def section_tables(heading: str) -> str:
    """The table rows of a README section, from its heading to the next heading
    (lines in code blocks are not headings)."""
    rows, inside, fenced = [], False, False
    for line in README.splitlines():
        fenced ^= line.startswith("```")
        if not fenced and re.match(r"#+ ", line):
            inside = line.lstrip("#").strip() == heading
        elif inside and line.startswith("|"):
            rows.append(line)
    assert rows, f'the README has no section "{heading}" with a table'
    return "\n".join(rows)


def named(text: str, name: str) -> bool:
    """Whether `text` holds the option `name` (`-t`, `--title`) as a word of its own."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def test_every_command_has_its_readme_sections():
    assert set(main.commands) == set(SECTIONS)


@pytest.mark.parametrize("command", sorted(SECTIONS))
def test_every_option_of_a_command_is_in_its_readme_table(command):
    shared = {(tuple(o.opts), o.help) for o in command_options("make")}
    for option in command_options(command):
        same = (tuple(option.opts), option.help) in shared
        heading = SECTIONS["make" if same else command]
        missing = [name for name in option.opts if not named(section_tables(heading), name)]
        assert not missing, (f"README.md, section {heading}: add {', '.join(missing)} of "
                             f"`wordsearch {command}` to the table")


def test_every_api_option_is_in_the_readme_table():
    tables = section_tables(API_SECTION)
    missing = sorted(name for name in api_options()
                     if not re.search(rf'["`]{re.escape(name)}["`]', tables))
    assert not missing, (f"README.md, section {API_SECTION}: add the API's "
                         f"{', '.join(missing)} to the table")


def test_the_command_and_the_api_offer_the_same_options_but_the_stated_ones():
    make = command_options("make")
    api = api_options()
    only_command = sorted(long_name(o) for o in make
                          if not api_names(o) & api and long_name(o) not in COMMAND_ONLY)
    assert not only_command, (f"the command offers {', '.join(only_command)} and the API "
                              f"does not: add to web/options.py, or to COMMAND_ONLY")
    known = set().union(*map(api_names, make))
    only_api = sorted(api - known - API_ONLY)
    assert not only_api, (f"the API offers {', '.join(only_api)} and `wordsearch make` "
                          f"does not: add to the command, or to API_ONLY")
    stale = sorted((COMMAND_ONLY - {long_name(o) for o in make}) | (COMMAND_ONLY & api)
                   | (API_ONLY - api) | (API_ONLY & known))
    assert not stale, f"COMMAND_ONLY and API_ONLY should not name {', '.join(stale)}"
