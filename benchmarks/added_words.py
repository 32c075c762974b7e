"""The words hidden-message puzzles add, as a teacher would read them (issue 27).

    python benchmarks/added_words.py [--puzzles 50] [--languages en,es,de,fr]
                                     [--level child|adult] [--words 15]

For each language, --puzzles puzzles of --words words drawn from one of its themes
(the themes in turn, the draw seeded by the puzzle's number) with a short message
of the kind a teacher writes; the grid is the automatic one. Every word the fill
adds is counted by where the level took it from:

    topic   a word of the sheet's theme (make/level.py)
    near    a word of a theme near it (one that shares a group with it)
    themes  a word of another of the language's themes (written for children)
    child   a word of CODE.child.txt only (the level's source: the Glasgow Norms for
            English, the most frequent short words elsewhere; see SOURCES.md)
    other   any other dictionary word (only at the adult level)

and the words of the last two kinds are listed, each once, for a reader to judge:
the themes were written for children, the rest is what needs reading.
"""
from __future__ import annotations

import argparse
import collections
import time

import wordsearch
from wordsearch import lang, seeds
from wordsearch.lang import lists
from wordsearch.make import choose, level
from wordsearch.make.words import parse_entry

MESSAGES = {
    "en": ["Well done class", "Great work today", "You are a star", "Keep on reading",
           "Have a lovely day"],
    "es": ["Muy bien clase", "Buen trabajo hoy", "Eres una estrella", "Sigue leyendo",
           "Que tengas un buen día"],
    "fr": ["Bravo la classe", "Beau travail", "Tu es une étoile", "Continue à lire",
           "Bonne journée à tous"],
    "de": ["Gut gemacht Klasse", "Tolle Arbeit heute", "Du bist ein Star", "Lies weiter so",
           "Einen schönen Tag"],
}


def forms(language, texts) -> set[str]:
    out = set()
    for text in texts:
        word = parse_entry(text, None, language)
        if word is not None:
            out.add(word.form)
    return out


def run(code: str, puzzles: int, count: int, chosen_level: str) -> None:
    language = lang.get(code)
    themes = lists.themes(code)
    names = list(themes)
    every_theme = forms(language, [w for t in themes.values() for w in t.words])
    child = forms(language, lists.child(code))
    kinds: collections.Counter[str] = collections.Counter()
    listed: dict[str, dict[str, int]] = {"child": {}, "other": {}}
    start = time.perf_counter()
    for i in range(puzzles):
        name = names[i % len(names)]
        words = choose.pick(language, theme=name, count=min(count, len(themes[name].words)),
                            seed=seeds.seed_for(f"aw{i}", "pick"), longest=choose.LONGEST)
        puzzle = wordsearch.generate(words, language=code, message=MESSAGES[code][i % 5],
                                     seed=f"added-{code}-{i}", level=chosen_level)
        about = level.topic(language, forms(language, words), name)
        topic = forms(language, [w for t in about.themes for w in themes[t].words])
        near = forms(language, [w for t in about.near for w in themes[t].words])
        for placed in puzzle.words:
            if not placed.added:
                continue
            kind = ("topic" if placed.word in topic else "near" if placed.word in near
                    else "themes" if placed.word in every_theme
                    else "child" if placed.word in child else "other")
            kinds[kind] += 1
            if kind in listed:
                listed[kind][placed.label] = listed[kind].get(placed.label, 0) + 1
    total = sum(kinds.values())
    print(f"\n{language.name}, {chosen_level} level: {puzzles} puzzles, {total} words added "
          f"({time.perf_counter() - start:.1f} s)")
    for kind in ("topic", "near", "themes", "child", "other"):
        print(f"  {kind:>6}: {kinds[kind]:4} ({kinds[kind] / max(1, total):.0%})")
    for kind, words in listed.items():
        if words:
            print(f"  {kind} words ({len(words)} different): "
                  + ", ".join(f"{w}" + (f" x{n}" if n > 1 else "") for w, n in sorted(words.items())))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=50)
    parser.add_argument("--words", type=int, default=15)
    parser.add_argument("--languages", default="en,es,de,fr")
    parser.add_argument("--level", default=level.DEFAULT_LEVEL, choices=level.LEVELS)
    args = parser.parse_args()
    for code in args.languages.split(","):
        run(code, args.puzzles, args.words, args.level)


if __name__ == "__main__":
    main()
