"""The `wordsearch` command: parse options, call the library, report errors."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from wordsearch import packer
from wordsearch.errors import InputError, PackingError
from wordsearch.generator import generate
from wordsearch.output import write_atomically
from wordsearch.render.text import render_text
from wordsearch.words import parse_words

EXIT_NO_PUZZLE = 1
EXIT_USAGE = 2
_FORMATS = {".json": "json", ".txt": "text"}
_NOT_YET = {".pdf", ".svg", ".png"}
_PAGE_SIZE = re.compile(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)")


def _page_size(ctx, param, value: str) -> tuple[float, float]:
    match = _PAGE_SIZE.fullmatch(value.strip().lower())
    if not match or min(float(match.group(1)), float(match.group(2))) <= 0:
        raise click.BadParameter(f'"{value}" is not a page size; write WxH in points, '
                                 f"for example 612x792.")
    return float(match.group(1)), float(match.group(2))


def _read_lines(name: str) -> list[tuple[int, str]]:
    """Numbered lines of a words file ("-" for standard input)."""
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        text = data.decode("utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot read words file {name}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise InputError(f"words file {name} is not UTF-8 text; save it as UTF-8.") from None
    return list(enumerate(text.splitlines(), start=1))


def _output_format(output: str | None, fmt: str | None) -> str:
    if output is None:
        return fmt or "text"
    suffix = Path(output).suffix.lower()
    if suffix in _NOT_YET:
        raise InputError(f"{suffix[1:].upper()} output is not available yet; write "
                         f"NAME.json or NAME.txt, or leave out -o to print the puzzle.")
    if suffix not in _FORMATS:
        raise InputError(f'cannot tell the format of "{output}"; end the name in .json or .txt.')
    if fmt is not None and fmt != _FORMATS[suffix]:
        raise InputError(f'--format {fmt} does not match the output file "{output}".')
    return _FORMATS[suffix]


@click.command(context_settings={"help_option_names": ["-h", "-?", "--help"]})
@click.argument("words", nargs=-1)
@click.option("-t", "--title", default="", help="Puzzle title.")
@click.option("-f", "--field", "fields", multiple=True,
              help="A field to write in, such as Name or Date (repeatable).")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Output file (.json or .txt); prints text to stdout if omitted.")
@click.option("-s", "--size", "page_size", default="612x792", callback=_page_size,
              show_default=True, help="Page size in points, WxH.")
@click.option("-d", "--dir", "directions", multiple=True,
              help="Allowed directions, comma-separated: N NE E SE S SW W NW or aliases "
                   "such as right, down, downright. Default: all eight.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]),
              help="easy: E, S; medium: adds SE, SW; hard: all eight.")
@click.option("-g", "--grid", help="Grid size, N or WxH (columns x rows). Default: automatic.")
@click.option("--seed", help="Any text; the same seed, words and options give the same puzzle.")
@click.option("--beam", type=click.IntRange(1, packer.MAX_BEAM), default=packer.DEFAULT_BEAM,
              show_default=True, help="Partial puzzles kept per word.")
@click.option("--threads", type=click.IntRange(1, 256),
              help="Packing threads; default all cores. Never changes the puzzle.")
@click.option("--words-file", multiple=True,
              help="A file with one word or phrase per line; - reads standard input.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]),
              help="Output format; default from the -o name, else text.")
@click.option("-q", "--quiet", is_flag=True, help="No report on standard error.")
def main(words, title, fields, output, page_size, directions, difficulty, grid, seed, beam,
         threads, words_file, fmt, quiet):
    """Make a word search puzzle from WORD... and/or --words-file.

    Example: wordsearch -s792x612 --title=Xyzzy -fName -fDate -d r,d -- Hello World
    """
    if not words and not words_file:
        raise click.UsageError("give at least one WORD or --words-file.")
    try:
        fmt = _output_format(output, fmt)
        entries: list = list(words)
        for name in words_file:
            entries += _read_lines(name)
        word_list = parse_words(entries)
        for warning in word_list.warnings():
            click.echo(f"warning: {warning}", err=True)
        puzzle = generate(word_list, grid=grid, directions=directions or None,
                          difficulty=difficulty, seed=seed, beam=beam, threads=threads)
        text = puzzle.to_json() if fmt == "json" else render_text(puzzle, title, fields)
        if output is None:
            click.echo(text, nl=False)
            return
        write_atomically(output, text.encode("utf-8"))
        if not quiet:
            click.echo(f"wrote {output}: {puzzle.cols}×{puzzle.rows} grid, "
                       f"{len(puzzle.words)} words, code {puzzle.code}", err=True)
    except InputError as exc:
        _fail(str(exc), EXIT_USAGE)
    except PackingError as exc:
        _fail(str(exc), EXIT_NO_PUZZLE)
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror or exc}.", EXIT_NO_PUZZLE)


def _fail(message: str, status: int) -> None:
    for line in message.splitlines():
        click.echo(f"error: {line}", err=True)
    sys.exit(status)
