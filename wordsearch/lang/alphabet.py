"""The letters a grid may hold, as the C core sees them: codes 1..n.

This table is the one place that knows what the codes mean, so another alphabet
is a new table, not a new core.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Alphabet:
    letters: str
    _codes: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.letters)) != len(self.letters):
            raise ValueError("an alphabet names each letter once")
        object.__setattr__(self, "_codes", {ch: i + 1 for i, ch in enumerate(self.letters)})

    def __len__(self) -> int:
        return len(self.letters)

    def is_letter(self, ch: str) -> bool:
        return ch in self._codes

    def encode(self, form: str) -> np.ndarray:
        return np.fromiter((self._codes[ch] for ch in form), dtype=np.uint8, count=len(form))

    def encode_list(self, forms: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """A word list as the C core takes it: all letter codes back to back, and
        offsets such that word i is letters[offsets[i]:offsets[i + 1]]."""
        encoded = [self.encode(form) for form in forms]
        offsets = np.zeros(len(forms) + 1, dtype=np.int32)
        offsets[1:] = np.cumsum([len(e) for e in encoded])
        return np.concatenate(encoded), offsets

    def decode(self, code: int) -> str:
        return self.letters[code - 1]
