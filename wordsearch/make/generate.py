"""generate(): from a word list and options to a finished, checked Puzzle."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from wordsearch import directions as compass, lang, seeds
from wordsearch.errors import InputError, NoRoom, NoUnique, PackingError, TimeUp
from wordsearch.make import choose, fill, message as hidden, packer
from wordsearch.make.blocked import Blocked, blocked_words
from wordsearch.make.deadline import DEFAULT_TIME_LIMIT, Deadline
from wordsearch.make.shape import LEGIBLE_SIDE, Mask, Shape, parse_grid
from wordsearch.make.words import Word, WordList, parse_words, strict_conflicts
from wordsearch.puzzle import Placement, Puzzle
from wordsearch.size import GridSize

# Packs of one grid size, each with its own seed, before a bigger one (or failing):
# the finished layouts of one pack share most placements, so when the words'
# own letters spell a blocked word (or a word twice) in all of them, another
# pack's layouts mostly do not.
PACK_TRIES = 3


def generate(words: WordList | Iterable[str | Word] = (), *,
             language: lang.Language | str | None = None,
             strict: bool = False,
             blocklist: bool = True,
             block_words: Blocked | Iterable[str | tuple[int, str]] = (),
             theme: str | None = None,
             random: int | None = None,
             lowercase: bool = False,
             message: str | None = None,
             added_words: bool = True,
             grid: int | str | GridSize | None = None,
             mask: Mask | str | Path | None = None,
             legible_side: int = LEGIBLE_SIDE,
             directions: Iterable[str] | str | None = None,
             difficulty: str | None = None,
             seed: str | None = None,
             beam: int = packer.DEFAULT_BEAM,
             threads: int | None = None,
             time_limit: float | None = DEFAULT_TIME_LIMIT,
             progress: Callable[[str], None] | None = None) -> Puzzle:
    """A puzzle hiding every word exactly once.

    `language` (a Language or its code; English by default) gives the letters the
    words are spelled in and the filler is drawn from; a WordList brings its own.
    A word inside another (Kansas in Arkansas) is hidden on its own too, its
    readings inside the longer word not counting; `strict` refuses such lists.
    The finished grid spells no word of the language's blocklist (unless
    `blocklist` is False) nor of `block_words`, in any direction, except inside a
    listed word; give a Blocked value made once to share it among many puzzles.
    Instead of words, a built-in `theme` (its words, or `random` of them) or
    `random` words of the language's dictionary, drawn with the puzzle's seed.
    `lowercase` prints the grid and the list in lower case.
    With a `message`, words of the language's dictionary are added (marked added)
    until the letters no word covers, read left to right and top to bottom, spell
    the message's letters; with no words of one's own (nor theme nor random), the
    puzzle is the dictionary's alone. Without `added_words`, a grid and layout of
    the words alone are looked for that leave exactly the message's letters free.
    `grid` fixes the size (N, "WxH" or a GridSize); without it the smallest square
    that works is found. `mask` (a PNG file, a built-in mask's name or a Mask)
    shapes the grid: it is scaled to fit `grid`, or grown until the words fit and
    the cells look like the drawing, to at most `legible_side` across (what the
    pages can print; see render.layout.legible_side).
    `directions` takes compass names or aliases; or give a `difficulty` (easy,
    medium, hard); all eight by default. The same `seed` (the puzzle's code),
    words and options always give the same puzzle; the number of `threads` (at
    most the cores this process may use; all of them by default) never changes it.
    The run stops after `time_limit` seconds (None: never), with a PackingError
    that says so. `progress`, if given, hears each grid size tried.
    """
    deadline = Deadline.after(time_limit)
    code = seeds.new_code() if seed is None else seeds.check_code(seed)
    if theme is not None or random is not None:
        words = _picked(words, language, theme, random, code, grid)
    if not isinstance(words, WordList):
        words = list(words)
    if message is not None and not (words.words if isinstance(words, WordList) else words):
        word_list = WordList((), words.language if isinstance(words, WordList)
                             else lang.resolve(language))
    elif isinstance(words, WordList):
        word_list = words
        if language is not None and lang.resolve(language) is not words.language:
            raise InputError(f"the words were read as {words.language.name}, not as "
                             f"{lang.resolve(language).name}; read them in one language.")
        conflicts = strict_conflicts(words.words) if strict else []
        if conflicts:
            raise InputError("\n".join(conflicts))
    else:
        word_list = parse_words(words, language=language, strict=strict)
    language = word_list.language
    form = hidden.message_form(message, language) if message is not None else None
    if form is not None and not added_words and not word_list.words:
        raise InputError("a hidden message with no words added needs words of your own "
                         "to hide it among; give words, or let dictionary words be added.",
                         option="no_added_words")
    blocked = (block_words if isinstance(block_words, Blocked)
               else blocked_words(language, block_words, blocklist=blocklist))
    allowed = compass.resolve(directions, difficulty)
    if not 1 <= beam <= packer.MAX_BEAM:
        raise InputError(f"a beam of {beam} is out of range; use 1 to {packer.MAX_BEAM}.",
                         option="beam")
    # Threads beyond the cores only take turns, and the packer's threads wait on
    # each other between passes: 8 threads on 2 cores packed 3 times slower than 2.
    cores = usable_cores()
    threads = min(threads or cores, cores)
    if isinstance(mask, (str, Path)):
        mask = Mask.load(mask)
    if grid is None and form is not None and not added_words:
        shapes: Iterable[Shape] = hidden.exact_shapes(word_list.words, allowed, mask,
                                                      len(form), legible_side)
    elif grid is None:
        shapes = packer.automatic_shapes(word_list.words, allowed, mask, legible_side,
                                         message=len(form) if form else 0)
    else:
        size = parse_grid(grid)
        shapes = [Shape.rectangle(size) if mask is None else mask.fit(size)]
        _check_lengths(word_list.words, shapes[0], allowed)

    failure = ""
    nearest: dict[int, str] = {}  # with no words added: free cells seen -> the grid
    for shape in shapes:
        if progress is not None:
            progress(f"trying the {shape.describe()}")
        for attempt in range(PACK_TRIES):
            if form is not None and not word_list.words:
                made = hidden.hide(hidden.empty_layouts(shape), (), (), language, form,
                                   hidden.lexicon(language, blocked), allowed,
                                   seeds.seed_for(code, "message"), blocked)
                if isinstance(made, hidden.Hidden):
                    return _message_puzzle(made, word_list, language, form, message, allowed,
                                           code, blocked, theme, lowercase)
                failure = _unhidden(made, shape, form)
                break
            try:
                layouts = packer.pack(word_list.words, shape, allowed,
                                      seed=seeds.seed_for(code, _pack_purpose(attempt)),
                                      alphabet=language.alphabet, inside=word_list.inside,
                                      beam=beam, threads=threads, deadline=deadline,
                                      blocked=blocked)
            except NoRoom as exc:
                failure = (f"{word_list.words[exc.word_index].where()} did not fit in the "
                           f"{shape.describe()}")
                break
            except NoUnique as exc:
                failure = (f"every layout in the {shape.describe()} spelled "
                           f"{word_list.words[exc.word_index].where()} twice")
                break
            except TimeUp:
                raise _time_up(deadline, shape, failure, grid is not None,
                               len(allowed) < len(compass.COMPASS)) from None
            if form is not None:
                made = (hidden.hide(layouts, word_list.words, word_list.inside, language, form,
                                    hidden.lexicon(language, blocked), allowed,
                                    seeds.seed_for(code, "message"), blocked)
                        if added_words else
                        hidden.exact(layouts, word_list.words, word_list.inside, language,
                                     form, blocked))
                if isinstance(made, hidden.Hidden):
                    return _message_puzzle(made, word_list, language, form, message, allowed,
                                           code, blocked, theme, lowercase)
                failure = _unhidden(made, shape, form)
                if not added_words:
                    for free in (made.fewest, made.free):
                        nearest.setdefault(free, shape.describe())
                if made.free < len(form):
                    break  # too few free cells: another pack of this grid is no roomier
                continue
            filled = fill.fill_first(layouts, word_list.words, language,
                                     seeds.seed_for(code, "fill"), word_list.inside, blocked)
            if not isinstance(filled, fill.Unfilled):
                layout, rows = filled
                placements = tuple(
                    Placement(w.label, w.form, r, c, d,
                              tuple(word_list.words[j].form for j in inside))
                    for w, (r, c, d), inside in zip(word_list.words, layout.placements,
                                                    word_list.inside))
                return Puzzle(code=code, grid=rows, directions=tuple(allowed),
                              words=placements, language=language.code,
                              blocklist=blocked.blocklist, block_words=blocked.extra,
                              theme=theme or "", lowercase=lowercase)
            failure = _unfilled(filled, shape)
    if nearest and len(form) not in nearest:
        raise PackingError(_not_exact(nearest, form), option="no_added_words")
    advice = (["a bigger grid"] if grid is not None else []) + \
        (["more directions"] if len(allowed) < len(compass.COMPASS) else []) + \
        (["fewer words"] if word_list.words else []) + \
        (["a shorter message"] if form is not None else [])
    raise PackingError(f"could not build the puzzle: {failure}. Try "
                       f"{', '.join(advice[:-1])}{' or ' if len(advice) > 1 else ''}{advice[-1]}.")


def _message_puzzle(made: hidden.Hidden, word_list: WordList, language: lang.Language,
                    form: str, message: str, allowed, code: str, blocked: Blocked,
                    theme: str | None, lowercase: bool) -> Puzzle:
    rows = made.rows(language)
    placements = tuple(
        Placement(w.label, w.form, r, c, d, tuple(word_list.words[j].form for j in inside))
        for w, (r, c, d), inside in zip(word_list.words, made.placements, word_list.inside))
    placements += tuple(Placement(w.label, w.form, r, c, d, added=True)
                        for w, (r, c, d) in made.added)
    return Puzzle(code=code, grid=rows, directions=tuple(allowed), words=placements,
                  language=language.code, blocklist=blocked.blocklist,
                  block_words=blocked.extra, theme=theme or "", lowercase=lowercase,
                  message=form, message_label=message.strip())


def _not_exact(nearest: dict[int, str], form: str) -> str:
    """With no words added, no layout left exactly the message's letters free: the
    counts nearest below and above, which a message of that length would fit."""
    below = max((n for n in nearest if 0 <= n < len(form)), default=None)
    above = min((n for n in nearest if n > len(form)), default=None)
    near = " and ".join(f"{n} in the {nearest[n]}" for n in (below, above) if n is not None)
    lengths = " or ".join(str(n) for n in (below, above) if n is not None)
    return (f"could not build the puzzle: the message has {len(form)} letters, but no grid "
            f"and layout of the words alone leave exactly that many cells free (the nearest "
            f"leave {near}). Give a message of {lengths} letters, or let dictionary words be "
            f"added.")


def _unhidden(why: hidden.Unhidden, shape: Shape, form: str) -> str:
    if why.free < len(form):
        return (f"the message has {len(form)} letters, but the {shape.describe()} has only "
                f"{max(why.free, 0)} cells free once the words are in")
    if why.blocked:
        return (f"every way of hiding the message in the {shape.describe()} spelled the "
                f"blocked word {why.form}")
    if why.form:
        return (f"every way of hiding the message in the {shape.describe()} spelled "
                f"{why.form} twice")
    cells = "1 cell" if len(form) == 1 else f"{len(form)} cells"
    return (f"no words of the dictionary left exactly {cells} free for the message in the "
            f"{shape.describe()}")


def _pack_purpose(attempt: int) -> str:
    """The first pack keeps the seed every earlier version used."""
    return "pack" if attempt == 0 else f"pack/{attempt + 1}"


def _picked(words, language, theme: str | None, count: int | None, code: str,
            grid) -> list[str]:
    """The words of a theme or a draw; refused beside words of one's own."""
    if (words.words if isinstance(words, WordList) else list(words)):
        raise InputError("give your own words or a theme or random words, not both.",
                         option="theme" if theme is not None else "random")
    longest = choose.LONGEST
    if grid is not None:
        size = parse_grid(grid)
        longest = min(longest, max(size.cols, size.rows))
    return choose.pick(lang.resolve(language), theme=theme, count=count,
                       seed=seeds.seed_for(code, "pick"), longest=longest)


def _unfilled(why: fill.Unfilled, shape: Shape) -> str:
    if why.blocked and why.by_words:
        return (f"every layout in the {shape.describe()} spelled the blocked word {why.form} "
                f"across the words' own letters")
    if why.blocked:
        return f"filler letters kept spelling the blocked word {why.form} in the {shape.describe()}"
    return f"filler letters kept spelling {why.form or 'a word'} twice in the {shape.describe()}"


def _time_up(deadline: Deadline, shape: Shape, failure: str, fixed: bool,
             few_directions: bool) -> PackingError:
    before = f" (before it, {failure})" if failure else ""
    change = "a bigger grid, fewer words" if fixed else "fewer words, a fixed grid"
    if few_directions:
        change = f"more directions, {change}"
    return PackingError(
        f"stopped at the time limit of {deadline.limit:g} s while packing the words into the "
        f"{shape.describe()}{before}. Try {change}, a smaller beam or a longer time limit.",
        option="time_limit")


def usable_cores() -> int:
    """The cores this process may run on (fewer than the machine has under a CPU set)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _check_lengths(words: Sequence[Word], shape: Shape, allowed: Sequence[str]) -> None:
    longest = shape.longest_line(allowed)
    too_long = [w for w in words if len(w.form) > longest]
    if too_long:
        names = ", ".join(f"{w.where()} ({len(w.form)} letters)" for w in too_long)
        raise PackingError(
            f"{names} {'is' if len(too_long) == 1 else 'are'} longer than the "
            f"{shape.describe()} allows in directions {', '.join(allowed)} "
            f"(at most {longest} letters); use a bigger grid, more directions, "
            f"or remove {'it' if len(too_long) == 1 else 'them'}.", option="grid")
