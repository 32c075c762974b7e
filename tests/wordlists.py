"""Word lists drawn with a fixed seed from tests/data/common_words.txt, keeping
only words that neither contain nor are contained in another (either way round)."""
from __future__ import annotations

import random
from pathlib import Path

COMMON_WORDS = tuple(
    line.strip() for line in (Path(__file__).parent / "data" / "common_words.txt")
    .read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#"))


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


# 25 common words, 187 letters: the list both generators are measured on for
# compactness (benchmarks/compare_peer.py, tests/test_compactness.py).
COMPACT_25 = ("blanket", "country", "courage", "daughter", "factory", "festival", "fortune",
              "fountain", "horizon", "hospital", "library", "machine", "mountain", "quarter",
              "question", "rainbow", "sandwich", "scissors", "shoulder", "skeleton", "treasure",
              "umbrella", "village", "visitor", "weather")
