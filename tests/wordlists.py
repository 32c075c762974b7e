"""Word lists drawn with a fixed seed from tests/data/common_words.txt: `draw` keeps
only words that neither contain nor are contained in another (either way round);
`draw_nested` makes lists in which many words lie inside others, as teachers'
lists do (compound words, elements, US states, and runs cut from longer words)."""
from __future__ import annotations

import random
from pathlib import Path

DATA = Path(__file__).parent / "data"


def read_list(name: str) -> tuple[str, ...]:
    """A words file of tests/data, less its # lines."""
    return tuple(line.strip() for line in (DATA / name).read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#"))


COMMON_WORDS = read_list("common_words.txt")
US_STATES = read_list("us_states.txt")
ELEMENTS = read_list("elements.txt")
COMPOUND_WORDS = read_list("compound_words.txt")


def independent(words: list[str]) -> bool:
    forms = [w.upper() for w in words]
    return not any(a != b and (a in b or a[::-1] in b) for a in forms for b in forms)


def draw(count: int, seed: int, *, min_len: int = 4, max_len: int = 10) -> list[str]:
    rng = random.Random(seed)
    pool = [w for w in COMMON_WORDS if min_len <= len(w) <= max_len]
    chosen: list[str] = []
    for word in rng.sample(pool, len(pool)):
        if independent(chosen + [word]):
            chosen.append(word)
            if len(chosen) == count:
                return chosen
    raise ValueError(f"only {len(chosen)} independent words")


def draw_nested(count: int, seed: int, *, max_len: int = 10) -> list[str]:
    """`count` words of which many lie inside others: words drawn from the common,
    compound and element lists, and about one in three joined by a run of three or
    more of its letters, forwards or backwards (a word inside it, sometimes inside
    several, or a chain). No two words are the same in the grid."""
    rng = random.Random(seed)
    pool = sorted({w for w in COMMON_WORDS + COMPOUND_WORDS + ELEMENTS
                   if 4 <= len(w) <= max_len and w.isalpha()})
    chosen: list[str] = []
    forms: set[str] = set()

    def add(word: str) -> None:
        if word.upper() not in forms and len(chosen) < count:
            chosen.append(word)
            forms.add(word.upper())

    while len(chosen) < count:
        word = rng.choice(pool)
        add(word)
        if rng.random() < 0.35 and len(word) > 3:
            length = rng.randint(3, len(word) - 1)
            start = rng.randint(0, len(word) - length)
            run = word[start:start + length]
            add(run[::-1] if rng.random() < 0.3 else run)
    return chosen


# 25 common words, 187 letters: the list both generators are measured on for
# compactness (benchmarks/compare_peer.py, tests/test_compactness.py).
COMPACT_25 = ("blanket", "country", "courage", "daughter", "factory", "festival", "fortune",
              "fountain", "horizon", "hospital", "library", "machine", "mountain", "quarter",
              "question", "rainbow", "sandwich", "scissors", "shoulder", "skeleton", "treasure",
              "umbrella", "village", "visitor", "weather")
