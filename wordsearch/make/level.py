"""Which words the program may choose itself, and which first: the words it adds to
hide a message and the words it draws for --random.

A child's sheet takes words a child of primary age reads and knows (the `child`
level, the default): the language's child list (CODE.child.txt) and the words of
its themes, which were written for children. Frequency in adult text, which made
the dictionary, would give a fruit sheet Hormonal and Issuance. A puzzle book for
grown-ups takes the whole dictionary (the `adult` level).

Whatever the level, a puzzle whose words belong to a theme gets the words of that
theme first, then those of its neighbours (lang/data/themes.groups.json): the
hidden-message fill takes a fitting word of a lower tier before any other
(csrc/ws_lexicon.h). The topic is found in the words themselves, whether they came
from a theme or the teacher typed them (dog, cat, hamster, parrot: pets). The nine
languages without themes have no topic tier: their child lists carry no topic, so
their puzzles take the child list's words in their plain order.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from wordsearch.errors import InputError
from wordsearch.lang import Language, lists
from wordsearch.make.words import parse_entry

LEVELS = ("child", "adult")
DEFAULT_LEVEL = "child"
# The tiers of the words a puzzle may add, lowest first: the puzzle's topic, the
# themes near it, the other themes' words (written for children), the rest of the
# level's words (the child list is a proxy in most languages: see
# lang/data/SOURCES.md). At most csrc/ws_lexicon.h's WS_LEXICON_TIERS.
TOPIC, NEAR, THEMES, LEVEL = 0, 1, 2, 3
# A theme is a list's topic when it holds at least this share of the listed words
# (and at least one): 5 fruit among 15 words make a fruit sheet, 1 among 15 does not.
TOPIC_SHARE = 1 / 3


def check_level(level: str) -> str:
    """The level named (any case, spaces around it allowed); refused naming both."""
    name = level.strip().lower() if isinstance(level, str) else level
    if name not in LEVELS:
        raise InputError(f"the word level {level!r} is not one of {', '.join(LEVELS)}; "
                         f"choose child (words a primary-school child knows) or adult "
                         f"(the whole dictionary, for puzzle books for grown-ups).",
                         option="level")
    return name


@dataclass(frozen=True)
class Topic:
    """What a puzzle is about: `themes`, and `near`, the themes that share a group
    with one of them (lang/data/themes.groups.json), less those; each sorted."""
    themes: tuple[str, ...] = ()
    near: tuple[str, ...] = ()


NO_TOPIC = Topic()


def topic(language: Language, forms: Iterable[str], theme: str | None = None) -> Topic:
    """The themes a puzzle's words are about: the theme asked for, or those holding
    at least TOPIC_SHARE of the listed words (grid forms), whether a theme gave them
    or the teacher typed them; and their neighbours."""
    themes = lists.themes(language.code)
    if not themes:
        return NO_TOPIC
    if theme is not None and theme in themes:
        chosen = {theme}
    else:
        forms = set(forms)
        least = max(1, math.ceil(len(forms) * TOPIC_SHARE))
        chosen = {name for name, t in themes.items()
                  if len(forms & {parse_entry(w, None, language).form for w in t.words})
                  >= least}
    near = set()
    for group in lists.theme_groups().values():
        if chosen & set(group):
            near |= set(group)
    return Topic(tuple(sorted(chosen)), tuple(sorted((near & set(themes)) - chosen)))


def words(language: Language, level: str, topic: Topic = NO_TOPIC) -> dict[str, int]:
    """The words the program may choose at `level`, as written, with their tier:
    TOPIC for the words of the topic's themes, NEAR for those of the themes near it,
    THEMES for the other themes' words, LEVEL for the rest of the level's words (the
    child list; at the adult level the whole dictionary). A word in two is in the
    lower tier."""
    themes = lists.themes(language.code)
    out: dict[str, int] = {}
    for tier, names in ((TOPIC, topic.themes), (NEAR, topic.near)):
        for name in names:
            for w in themes[name].words:
                out.setdefault(w, tier)
    for t in themes.values():
        for w in t.words:
            out.setdefault(w, THEMES)
    pool = lists.child(language.code) if level == "child" else lists.dictionary(language.code)
    for w in pool:
        out.setdefault(w, LEVEL)
    return out
