"""The `wordsearch` command: parse options, call the library, report errors."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from wordsearch import packer
from wordsearch.errors import InputError, WordsearchError
from wordsearch.generator import generate
from wordsearch.output import write_atomically
from wordsearch.render import pages, paper
from wordsearch.render.text import render_text
from wordsearch.shape import builtin_masks
from wordsearch.words import parse_words

EXIT_NO_PUZZLE = 1
EXIT_USAGE = 2
_TEXT_FORMATS = {".json": "json", ".txt": "text"}
_PAGE_FORMATS = {".pdf", ".svg", ".png"}


def _page_size(ctx, param, value: str) -> tuple[float, float]:
    try:
        return paper.page_size(value)
    except InputError as exc:
        raise click.BadParameter(str(exc)) from None


def _list_masks(ctx, param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo("\n".join(builtin_masks()))
        ctx.exit()


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
    """text, json or pages (PDF, SVG, PNG: drawn by render.pages)."""
    if output is None:
        return fmt or "text"
    suffix = Path(output).suffix.lower()
    if suffix in _PAGE_FORMATS and fmt is None:
        return "pages"
    if suffix not in _TEXT_FORMATS and suffix not in _PAGE_FORMATS:
        raise InputError(f'cannot tell the format of "{output}"; end the name in .pdf, .svg, '
                         f".png, .json or .txt.")
    if fmt is not None and fmt != _TEXT_FORMATS.get(suffix):
        raise InputError(f'--format {fmt} does not match the output file "{output}".')
    return _TEXT_FORMATS[suffix]


def _pages(no_key: bool, key_only: bool) -> tuple[str, ...]:
    if no_key and key_only:
        raise InputError("--no-key and --key-only contradict each other; give one of them.")
    return ("key",) if key_only else ("puzzle",) if no_key else ("puzzle", "key")


@click.command(context_settings={"help_option_names": ["-h", "-?", "--help"]})
@click.argument("words", nargs=-1)
@click.option("-t", "--title", default="", help="Puzzle title.")
@click.option("-f", "--field", "fields", multiple=True,
              help="A field to write in, such as Name or Date (repeatable).")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Output file: .pdf (puzzle and key), .svg or .png (one file a page), "
                   ".json or .txt. Prints text to stdout if omitted.")
@click.option("-s", "--size", "page_size", default="612x792", callback=_page_size,
              show_default=True,
              help="Page size: WxH in points, or letter, legal, tabloid, a5, a4, a3, each "
                   "also as NAME-landscape.")
@click.option("-m", "--mask", help="Shape the grid like a PNG image (white or transparent "
                                   "= no cell), or name a built-in mask (--list-masks).")
@click.option("--list-masks", is_flag=True, expose_value=False, is_eager=True,
              callback=_list_masks, help="Name the built-in masks and exit.")
@click.option("-d", "--dir", "directions", multiple=True,
              help="Allowed directions, comma-separated: N NE E SE S SW W NW or aliases "
                   "such as right, down, downright. Default: all eight.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]),
              help="easy: E, S; medium: adds SE, SW; hard: all eight.")
@click.option("-g", "--grid", help="Grid size, N or WxH (columns x rows). Default: automatic.")
@click.option("--no-key", is_flag=True, help="Leave out the answer key.")
@click.option("--key-only", is_flag=True, help="Write only the answer key.")
@click.option("--show-directions", is_flag=True,
              help="Print which directions the words run in on the puzzle page.")
@click.option("--dpi", type=int, default=pages.DEFAULT_DPI, show_default=True,
              help="Resolution of PNG pages.")
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
def main(words, title, fields, output, page_size, mask, directions, difficulty, grid, no_key,
         key_only, show_directions, dpi, seed, beam, threads, words_file, fmt, quiet):
    """Make a word search puzzle from WORD... and/or --words-file.

    Example: wordsearch -s792x612 --title=Xyzzy -fName -fDate -d r,d -o puzzle.pdf -- Hello World
    """
    if not words and not words_file:
        raise click.UsageError("give at least one WORD or --words-file.")
    try:
        fmt = _output_format(output, fmt)
        chosen = _pages(no_key, key_only)
        entries: list = list(words)
        for name in words_file:
            entries += _read_lines(name)
        word_list = parse_words(entries)
        for warning in word_list.warnings():
            click.echo(f"warning: {warning}", err=True)
        puzzle = generate(word_list, grid=grid, mask=mask, directions=directions or None,
                          difficulty=difficulty, seed=seed, beam=beam, threads=threads)
        if fmt == "pages":
            options = pages.PageOptions(page_size, title, tuple(fields), show_directions,
                                        chosen, dpi)
            files = pages.page_files(output, puzzle, options)
        else:
            text = (puzzle.to_json() if fmt == "json"
                    else render_text(puzzle, title, fields, chosen))
            if output is None:
                click.echo(text, nl=False)
                return
            files = {Path(output): text.encode("utf-8")}
        for path, data in files.items():
            write_atomically(path, data)
        if not quiet:
            click.echo(f"wrote {', '.join(map(str, files))}: {puzzle.cols}×{puzzle.rows} grid, "
                       f"{len(puzzle.words)} words, code {puzzle.code}", err=True)
    except InputError as exc:
        _fail(str(exc), EXIT_USAGE)
    except WordsearchError as exc:
        _fail(str(exc), EXIT_NO_PUZZLE)
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror or exc}.", EXIT_NO_PUZZLE)


def _fail(message: str, status: int) -> None:
    for line in message.splitlines():
        click.echo(f"error: {line}", err=True)
    sys.exit(status)
