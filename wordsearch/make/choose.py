"""Lists without typing: a built-in theme, or words drawn from the language's
dictionary, picked with the puzzle's own seed so that its code makes the same pick
again and each copy of a set picks its own."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NoReturn

from wordsearch import _core
from wordsearch.errors import InputError, printable
from wordsearch import lang
from wordsearch.lang import Language, lists
from wordsearch.make import level as levels
from wordsearch.make.blocked import blocked_words, free_of
from wordsearch.make.level import DEFAULT_LEVEL
from wordsearch.make.words import MAX_WORDS, MIN_LETTERS, spell

# The longest word a pick takes: it fits a 15x15 grid with room to spare.
LONGEST = 12


def theme_words(language: Language, name: str) -> lists.Theme:
    themes = lists.themes(language.code)
    theme = themes.get(printable(name, "the theme", "theme").strip().lower())
    if theme is None and not themes:
        raise InputError(f"{language.name} has no built-in themes yet (English, Spanish, French "
                         f"and German have); use --random to draw from its dictionary.",
                         option="theme")
    if theme is None:
        raise InputError(f'"{name}" is not a theme in {language.name}; its themes are: '
                         f"{', '.join(themes)} (--list-themes shows them with their words).",
                         option="theme")
    return theme


def pick(language: Language, *, theme: str | None, count: int | None, seed: int,
         longest: int, level: str = DEFAULT_LEVEL,
         keep: Callable[[str], bool] | None = None) -> list[str]:
    """The theme's words (all, or `count` of them), or `count` words of the `level`
    (make/level.py), each of at most `longest` letters; a drawn pick has no word
    inside another. `keep` narrows the pool first (a list of pictures alone: the
    words that have one)."""
    if theme is not None:
        pool, where = list(theme_words(language, theme).words), f'the theme "{theme}"'
    else:
        pool = list(drawable(language, level))
        where = (f"the {language.name} dictionary" if level == "adult"
                 else f"the {language.name} words for children")
    if keep is not None:
        pool = [w for w in pool if keep(w)]
        where += " with a picture"
    fits = [w for w in pool if MIN_LETTERS <= len(_form(w, language)) <= longest]
    if count is None:
        if len(fits) < len(pool):
            _too_long(where, pool, fits, longest)
        return fits
    if not 1 <= count <= MAX_WORDS:
        raise InputError(f"--random {count} is out of range; draw 1 to {MAX_WORDS:,} words.",
                         option="random")
    chosen = _draw(fits, count, language, seed)
    if len(chosen) < count:
        raise InputError(f"{where} has only {len(chosen)} words of at most {longest} letters "
                         f"that do not lie inside one another; draw at most {len(chosen)}"
                         f"{' or use a bigger grid' if len(fits) < len(pool) else ''}.",
                         option="random")
    return chosen


@cache
def drawable(language: Language, level: str = DEFAULT_LEVEL) -> tuple[str, ...]:
    """The words of the level a draw may take: one word each ("guinea pig" of a
    theme is not), holding no word of the language's blocklist, forwards or
    backwards (BRAGGING holds a slur read right to left). A listed word's own
    letters may spell a blocked word, but a drawn word is the program's choice, not
    the teacher's. The unsuitable strings do not count here (see Blocked.rude): the
    dictionary was filtered by their patterns."""
    words = tuple(w for w in levels.words(language, level)
                  if all(language.alphabet.is_letter(ch) for ch in language.fold(w)))
    blocked = blocked_words(language).rude
    return tuple(w for w, clean in zip(words, free_of([language.fold(w) for w in words],
                                                       blocked, language)) if clean)


def _too_long(where: str, pool: list[str], fits: list[str], longest: int) -> NoReturn:
    long = [w for w in pool if w not in fits]
    raise InputError(f"{where} has {len(long)} word{'s' if len(long) > 1 else ''} longer than "
                     f"the grid allows ({', '.join(long[:5])}{'…' if len(long) > 5 else ''}; "
                     f"at most {longest} letters); use a bigger grid, or --random to draw "
                     f"some of its words.", option="grid")


def _draw(pool: list[str], count: int, language: Language, seed: int) -> list[str]:
    """Up to `count` words in the order a seeded shuffle gives, each kept only if it
    neither lies inside nor holds a word already kept (forwards or backwards)."""
    rng = _core.Rng(seed)
    order = list(pool)
    chosen: list[str] = []
    forms: list[str] = []
    for i in range(len(order)):
        j = i + rng.below(len(order) - i)
        order[i], order[j] = order[j], order[i]
        form = _form(order[i], language)
        if any(_nested(form, other) for other in forms):
            continue
        chosen.append(order[i])
        forms.append(form)
        if len(chosen) == count:
            break
    return chosen


def _form(text: str, language: Language) -> str:
    """The grid form of a word of the language's data: "paddling pool" is the 12
    letters PADDLINGPOOL, not 13 characters."""
    return spell(text, language)[1]


def _nested(a: str, b: str) -> bool:
    """Whether one form, forwards or backwards, is a run of letters of the other."""
    return a in b or a[::-1] in b or b in a or b[::-1] in a


def theme_clues(language: Language, name: str, clue_language: Language) -> dict[str, str]:
    """The theme's built-in clues in `clue_language`, by word as the theme writes it;
    refused, naming the theme, when it has none in that language."""
    theme = theme_words(language, name)
    clues = lists.clues(language.code, clue_language.code).get(theme.name)
    if clues is None:
        have = [lang.get(code).name for code in lists.clue_languages(language.code)
                if theme.name in lists.clues(language.code, code)]
        offer = (f"it has them in {', '.join(have)}" if have
                 else f"no {language.name} theme has built-in clues yet")
        raise InputError(f'the theme "{theme.name}" has no built-in clues in '
                         f"{clue_language.name}; {offer}. Write your own clues (word: clue) "
                         f"instead.", option="clues")
    return clues
