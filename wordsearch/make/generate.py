"""generate(): from a word list and MakeOptions to a finished, checked Puzzle.

A puzzle is made in one of four ways (plain; a hidden message among your words with
dictionary words added; a message among your words alone; a message in dictionary
words alone), each a Mode: one try at one grid, which gives a Puzzle or raises Failed
with its reason. generate() tries grid after grid and reports the last reason."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from wordsearch import directions as compass, lang, seeds
from wordsearch.errors import (MAX_PROBLEMS, AllBlocked, InputError, NoRoom, NoUnique,
                               PackingError, TimeUp, Unfilled, Unhidden, quoted)
from wordsearch.make import choose, fill, level, message, packer
from wordsearch.make.blocked import Blocked, blocked_words
from wordsearch.make.deadline import Deadline
from wordsearch.make.options import MakeOptions
from wordsearch.make.packer import Layout
from wordsearch.make.shape import Shape
from wordsearch.make.words import (CLUE_MARK, MAX_LETTERS, Word, WordList, parse_entry,
                                   parse_words, strict_conflicts)
from wordsearch.pictures import choose as pictures, source as picture_source
from wordsearch.puzzle import PICTURE_LAYOUTS, Placement, Puzzle

# Packs of one grid size, each with its own seed, before a bigger one (or failing):
# the finished layouts of one pack share most placements, so when the words'
# own letters spell a blocked word (or a word twice) in all of them, another
# pack's layouts mostly do not.
PACK_TRIES = 3


def generate(words: WordList | Iterable[str | Word] = (), options: MakeOptions | None = None,
             *, progress: Callable[[str], None] | None = None, **choices) -> Puzzle:
    """A puzzle hiding every word exactly once, made as `options` say (see
    MakeOptions). For a one-off call, give MakeOptions' fields as keywords instead:
    generate(words, grid=10) is generate(words, MakeOptions(grid=10)). A WordList
    brings its own language. `progress`, if given, hears each grid size tried."""
    if options is not None and choices:
        raise TypeError("give generate() a MakeOptions or its fields, not both")
    options = MakeOptions(**choices) if options is None else options
    making = _making(words, options)
    mode = _mode(making)
    failure = ""
    for shape in _shapes(making):
        if progress is not None:
            progress(f"trying the {shape.describe()}")
        for attempt in range(mode.tries):
            try:
                return mode.build(shape, attempt)
            except Failed as why:
                failure = why.reason
                if why.next_grid:
                    break
            except TimeUp:
                raise _time_up(making, shape, failure) from None
    raise mode.give_up(failure)


@dataclass(frozen=True)
class Making:
    """One puzzle in the making, checked: its options, code, words (in their
    language), the message's letters (None without one), the words no grid may
    spell, the threads it packs with and when it must be done."""
    options: MakeOptions
    code: str
    word_list: WordList
    form: str | None
    blocked: Blocked
    threads: int
    deadline: Deadline
    pictures: tuple[str, ...] = ()  # each word's picture's name ("" for none)
    picture_layout: str = ""  # one of PICTURE_LAYOUTS for a picture puzzle

    @property
    def language(self) -> lang.Language:
        return self.word_list.language


def _making(words, options: MakeOptions) -> Making:
    deadline = Deadline.after(options.time_limit)
    code = seeds.new_code() if options.seed is None else options.seed
    word_list = _word_list(words, options, code)
    language = word_list.language
    form = message.message_form(options.message, language) if options.message is not None \
        else None
    if options.clue_language is not None and not any(w.clue for w in word_list.words):
        raise InputError(f"a clue language ({options.clue_language.name}) is given, but the "
                         f"words have no clues; write each word's clue after it (kitten: a "
                         f"baby cat), or choose a theme's built-in clues.",
                         option="clue_language")
    if form is not None and not options.added_words and not word_list.words:
        raise InputError("a hidden message with no words added needs words of your own "
                         "to hide it among; give words, or let dictionary words be added.",
                         option="no_added_words")
    blocked = (options.block_words if isinstance(options.block_words, Blocked)
               else blocked_words(language, options.block_words, blocklist=options.blocklist))
    # Threads beyond the cores only take turns, and the packer's threads wait on
    # each other between passes: 8 threads on 2 cores packed 3 times slower than 2.
    cores = usable_cores()
    return Making(options, code, word_list, form, blocked,
                  min(options.threads or cores, cores), deadline,
                  *_pictures(word_list, options))


def _pictured(language: lang.Language, options: MakeOptions) -> Callable[[str], bool] | None:
    """For a list of pictures alone, which words of a theme or a draw may be picked:
    those with a picture, one's own or built in."""
    if options.pictures != PICTURE_LAYOUTS[1]:
        return None
    own = {pictures.key(word) for word, _ in options.picture}
    return lambda word: (pictures.key(word) in own
                         or pictures.built_in(language.code, word, options.theme) is not None)


def _pictures(word_list: WordList, options: MakeOptions) -> tuple[tuple[str, ...], str]:
    """Each word's picture's name and how the list shows them, for a picture puzzle
    (one asked for, or a word given with its own picture: "cat = cat.png"); a list
    of pictures alone refuses a word without one, since the page would show nothing
    to find it by."""
    words = word_list.words
    layout = options.pictures or (PICTURE_LAYOUTS[0] if any(w.picture for w in words) else "")
    if not layout:
        return (), ""
    labels = [w.label for w in words]
    own = {**dict(options.picture), **{w.label: w.picture for w in words if w.picture}}
    found = pictures.pictures(word_list.language.code, labels, options.theme, own,
                              options.picture_files)
    missing = [label for label, picture in zip(labels, found) if picture is None]
    if missing and layout == PICTURE_LAYOUTS[1]:
        raise InputError(f"there is no picture for {', '.join(missing[:8])}"
                         f"{' …' if len(missing) > 8 else ''}; give each its own (a PNG or SVG "
                         f"file) or show the pictures beside the words.",
                         option="pictures")
    return tuple(p.name if p else "" for p in found), layout


def _word_list(words, options: MakeOptions, code: str) -> WordList:
    """The words to hide: one's own, a theme's or a draw, checked in one language."""
    if options.theme is not None or options.random is not None:
        words = _picked(words, options, code)
    if not isinstance(words, WordList):
        words = list(words)
    if options.message is not None and not (words.words if isinstance(words, WordList)
                                            else words):
        return WordList((), words.language if isinstance(words, WordList)
                        else lang.resolve(options.language))
    if isinstance(words, WordList):
        _check_given(words, options)
        return words
    return parse_words(words, language=options.language, strict=options.strict)


def _check_given(words: WordList, options: MakeOptions) -> None:
    """A list read beforehand keeps its language and, with `strict`, its pairs."""
    if options.language is not None and options.language is not words.language:
        raise InputError(f"the words were read as {words.language.name}, not as "
                         f"{options.language.name}; read them in one language.")
    conflicts = strict_conflicts(words.words) if options.strict else []
    if conflicts:
        raise InputError("\n".join(conflicts))


def _picked(words, options: MakeOptions, code: str) -> list[Word]:
    """The words of a theme or a draw, labelled as the language's data writes them
    (Ice cream), each with its built-in clue when `clues` asks; refused beside words
    of one's own."""
    if (words.words if isinstance(words, WordList) else list(words)):
        raise InputError("give your own words or a theme or random words, not both.",
                         option="theme" if options.theme is not None else "random")
    # A draw keeps to short words; a theme's words all go in, the grid grown to fit
    # them, unless the grid's size is given.
    longest = choose.LONGEST if options.random is not None else MAX_LETTERS
    if options.grid is not None:
        longest = min(longest, max(options.grid.cols, options.grid.rows))
    language = lang.resolve(options.language)
    picked = choose.pick(language, theme=options.theme, count=options.random,
                         seed=seeds.seed_for(code, "pick"), longest=longest, level=options.level,
                         keep=_pictured(language, options))
    if options.clues:
        clues = choose.theme_clues(language, options.theme, options.clue_language or language)
        missing = [word for word in picked if word not in clues]
        if missing:
            raise InputError(f'the theme "{options.theme}" has no built-in clue in '
                             f"{(options.clue_language or language).name} for "
                             f"{', '.join(map(quoted, missing[:MAX_PROBLEMS]))}"
                             f"{' …' if len(missing) > MAX_PROBLEMS else ''}; write your own "
                             f"clues (word: clue) instead.", option="clues")
        picked = [f"{word}{CLUE_MARK} {clues[word]}" for word in picked]
    return [parse_entry(text, None, language, written=True) for text in picked]


def _shapes(making: Making) -> Iterable[Shape]:
    """The grids to try, in order: the one asked for, or sizes from the smallest
    (at least min_grid across)."""
    options, words = making.options, making.word_list.words
    if options.grid is not None:
        shape = (Shape.rectangle(options.grid) if options.mask is None
                 else options.mask.fit(options.grid))
        _check_lengths(words, shape, options.allowed)
        return [shape]
    if making.form is not None and not options.added_words:
        return message.exact_shapes(words, options.allowed, options.mask, len(making.form),
                                    options.legible_side, min_grid=options.min_grid)
    return packer.automatic_shapes(words, options.allowed, options.mask, options.legible_side,
                                   message=len(making.form) if making.form else 0,
                                   min_grid=options.min_grid)


class Failed(Exception):
    """One try at one grid made no puzzle: `reason` for the message, and whether
    another try at the same grid is no use (`next_grid`)."""

    def __init__(self, reason: str, next_grid: bool):
        super().__init__(reason)
        self.reason = reason
        self.next_grid = next_grid


class Mode:
    """A way of making the puzzle: build() tries one grid (`attempt` of `tries`),
    give_up() is the error once no grid worked."""
    tries = PACK_TRIES
    # A pack whose every partial layout spells a blocked word that no later word
    # holds is given up early (AllBlocked): no filler makes a reading across the
    # words' own letters go away.
    gives_up_blocked = True

    def __init__(self, making: Making):
        self.making = making
        # The layouts a pack was lost to ("" until then): those spelling a blocked
        # word across the words' own letters, or reading a word twice. The packs
        # after it drop such layouts as they are laid.
        self.set_aside = ""

    def build(self, shape: Shape, attempt: int) -> Puzzle:
        raise NotImplementedError

    def give_up(self, failure: str) -> PackingError:
        making = self.making
        advice = ((["a bigger grid"] if making.options.grid is not None else [])
                  + (["more directions"] if len(making.options.allowed) < len(compass.COMPASS)
                     else [])
                  + (["fewer words"] if making.word_list.words else [])
                  + (["a shorter message"] if making.form is not None else []))
        return PackingError(f"could not build the puzzle: {failure}. Try "
                            f"{', '.join(advice[:-1])}{' or ' if len(advice) > 1 else ''}"
                            f"{advice[-1]}.")

    def pack(self, shape: Shape, attempt: int) -> list[Layout]:
        """The packer's finished layouts of the words in this grid."""
        making = self.making
        words = making.word_list.words
        try:
            return packer.pack(words, shape, making.options.allowed,
                               seed=seeds.seed_for(making.code, _pack_purpose(attempt)),
                               alphabet=making.language.alphabet, inside=making.word_list.inside,
                               beam=making.options.beam, threads=making.threads,
                               deadline=making.deadline, blocked=making.blocked,
                               prune_blocked=bool(self.set_aside),
                               give_up_blocked=self.gives_up_blocked)
        except NoRoom as exc:
            raise Failed(self.no_room(words[exc.word_index], shape), next_grid=True) from None
        except NoUnique as exc:
            word = words[exc.word_index].where()
            # The beam keeps the layouts sharing the most cells, and with few
            # directions every one of those may read a word twice where a layout
            # sharing fewer would not: a pack that drops them finds it, in this grid.
            prunes = not self.set_aside and making.blocked.words_automaton is not None
            if prunes:
                self.set_aside = f"the layouts reading {word} twice"
            raise Failed(f"every layout in the {shape.describe()} spelled {word} twice",
                         next_grid=not prunes) from None
        except AllBlocked as exc:
            why = Unfilled(making.blocked.everywhere[exc.blocked_index], blocked=True,
                           by_words=True)
            self.set_aside = _spelling_blocked(why.form)
            raise Failed(_unfilled(why, shape), next_grid=False) from None

    def no_room(self, word: Word, shape: Shape) -> str:
        """Once packs prune, a word that did not fit had only the layouts left to go
        into: saying just that it did not fit would hide why."""
        said = f"{word.where()} did not fit in the {shape.describe()}"
        if not self.set_aside:
            return said
        return f"{said} once {self.set_aside} were set aside"

    def puzzle(self, rows: tuple[str, ...], placements: Sequence[tuple[int, int, str]],
               added: Sequence[tuple[Word, tuple[int, int, str]]] = ()) -> Puzzle:
        making = self.making
        words = making.word_list
        listed = tuple(Placement(w.label, w.form, r, c, d, tuple(words.words[j].form
                                                                 for j in inside), clue=w.clue,
                                 picture=making.pictures[k] if making.pictures else "")
                       for k, (w, (r, c, d), inside)
                       in enumerate(zip(words.words, placements, words.inside)))
        listed += tuple(Placement(w.label, w.form, r, c, d, added=True,
                                  picture=self.added_picture(w))
                        for w, (r, c, d) in added)
        shown = ({} if making.form is None else
                 {"message": making.form, "message_label": making.options.message.strip()})
        return Puzzle(code=making.code, grid=rows, directions=tuple(making.options.allowed),
                      words=listed, language=making.language.code,
                      blocklist=making.blocked.blocklist, unsuitable=making.blocked.blocklist,
                      short_unsuitable=making.blocked.blocklist,
                      block_words=making.blocked.extra,
                      theme=making.options.theme or "", lowercase=making.options.lowercase,
                      clue_language=self.clue_language(),
                      pictures=making.picture_layout, **shown)

    def clue_language(self) -> str:
        """The code of the clues' language ("" for a puzzle without clues)."""
        making = self.making
        if not any(w.clue for w in making.word_list.words):
            return ""
        return (making.options.clue_language or making.language).code

    def added_picture(self, word: Word) -> str:
        """The built-in picture of a word added to hide a message, if it has one."""
        if not self.making.picture_layout:
            return ""
        codepoints = pictures.built_in(self.making.language.code, word.label)
        return f"{picture_source.OPENMOJI}{codepoints}" if codepoints else ""

    def hide(self, layouts: Iterable[Layout], words: Sequence[Word],
             inside: Sequence[Sequence[int]]) -> Puzzle:
        """The message hidden by the fill in the first layout that takes it, with
        dictionary words added; the fill's Unhidden if none does."""
        making = self.making
        topic = level.topic(making.language, [w.form for w in words], making.options.theme)
        made = message.hide(layouts, words, inside, making.language, making.form,
                            message.lexicon(making.language, making.blocked,
                                            making.options.level, topic),
                            making.options.allowed, seeds.seed_for(making.code, "message"),
                            making.blocked)
        return self.from_hidden(made)

    def from_hidden(self, made: message.Hidden) -> Puzzle:
        return self.puzzle(made.rows(self.making.language), made.placements, made.added)

    def not_hidden(self, why: Unhidden, shape: Shape) -> Failed:
        """Another pack of this grid is no roomier when it had too few free cells."""
        form = self.making.form
        return Failed(_unhidden(why, shape, form), next_grid=why.free < len(form))


class Plain(Mode):
    """Your words, the rest filler."""

    def build(self, shape: Shape, attempt: int) -> Puzzle:
        making = self.making
        try:
            layout, rows = fill.fill_first(self.pack(shape, attempt), making.word_list.words,
                                           making.language, seeds.seed_for(making.code, "fill"),
                                           making.word_list.inside, making.blocked)
        except Unfilled as why:
            if why.blocked and why.by_words:
                self.set_aside = _spelling_blocked(why.form)
            raise Failed(_unfilled(why, shape), next_grid=False) from None
        return self.puzzle(rows, layout.placements)


class AddedWords(Mode):
    """A message among your words, dictionary words added to leave its letters."""
    # A reading inside an added word is that word's own, and the lexicon holds
    # words with an unsuitable string inside (EVIL in OLIVE, read back): a layout
    # that spells one across your words may still hide the message cleanly.
    gives_up_blocked = False

    def build(self, shape: Shape, attempt: int) -> Puzzle:
        layouts = self.pack(shape, attempt)
        words = self.making.word_list
        try:
            return self.hide(layouts, words.words, words.inside)
        except Unhidden as why:
            raise self.not_hidden(why, shape) from None


class OwnWords(Mode):
    """A message among your words alone: a layout that leaves exactly its letters.
    Remembers the free cells the layouts left, to say which lengths would fit."""

    def __init__(self, making: Making):
        super().__init__(making)
        self.nearest: dict[int, str] = {}  # free cells seen -> the grid

    def build(self, shape: Shape, attempt: int) -> Puzzle:
        making = self.making
        layouts = self.pack(shape, attempt)
        try:
            return self.from_hidden(message.exact(layouts, making.word_list.words,
                                                  making.word_list.inside, making.language,
                                                  making.form, making.blocked))
        except Unhidden as why:
            for free in (why.fewest, why.free):
                self.nearest.setdefault(free, shape.describe())
            raise self.not_hidden(why, shape) from None

    def give_up(self, failure: str) -> PackingError:
        if self.nearest and len(self.making.form) not in self.nearest:
            return PackingError(_not_exact(self.nearest, self.making.form),
                                option="no_added_words")
        return super().give_up(failure)


class Dictionary(Mode):
    """A message in dictionary words alone: one fill of the empty grid."""
    tries = 1

    def build(self, shape: Shape, attempt: int) -> Puzzle:
        try:
            return self.hide(message.empty_layouts(shape), (), ())
        except Unhidden as why:
            raise Failed(_unhidden(why, shape, self.making.form), next_grid=True) from None


def _mode(making: Making) -> Mode:
    if making.form is None:
        return Plain(making)
    if not making.word_list.words:
        return Dictionary(making)
    return AddedWords(making) if making.options.added_words else OwnWords(making)


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


def _unhidden(why: Unhidden, shape: Shape, form: str) -> str:
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


def _spelling_blocked(form: str) -> str:
    """The layouts a pack lost to blocked words set aside (each may spell another)."""
    return f"the layouts spelling a blocked word, such as {form}, across the words' own letters"


def _unfilled(why: Unfilled, shape: Shape) -> str:
    if why.blocked and why.by_words:
        # Each layout may spell another blocked word: the one named is one of them.
        return (f"every layout in the {shape.describe()} spelled a blocked word, such as "
                f"{why.form}, across the words' own letters")
    if why.blocked:
        return f"filler letters kept spelling the blocked word {why.form} in the {shape.describe()}"
    return f"filler letters kept spelling {why.form or 'a word'} twice in the {shape.describe()}"


def _time_up(making: Making, shape: Shape, failure: str) -> PackingError:
    before = f" (before it, {failure})" if failure else ""
    change = ("a bigger grid, fewer words" if making.options.grid is not None
              else "fewer words, a fixed grid")
    if len(making.options.allowed) < len(compass.COMPASS):
        change = f"more directions, {change}"
    return PackingError(
        f"stopped at the time limit of {making.deadline.limit:g} s while packing the words into "
        f"the {shape.describe()}{before}. Try {change}, a smaller beam or a longer time limit.",
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
