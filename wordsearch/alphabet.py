"""The alphabet table: which letters a grid may hold and how text folds onto them.

The C core sees letters only as codes 1..n; this table is the one place that
knows what they mean, so another alphabet is a new table, not a new core.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import numpy as np

# Letters that Unicode does not decompose into a base letter plus accents.
_SPECIAL_FOLDS = {
    "ß": "SS", "ẞ": "SS", "Æ": "AE", "Œ": "OE", "Ø": "O", "Ł": "L", "Đ": "D",
    "Ð": "D", "Þ": "TH", "Ħ": "H", "Ŧ": "T", "Ŀ": "L", "ı": "I", "ĸ": "K",
}


@dataclass(frozen=True)
class Alphabet:
    name: str
    letters: str
    # Relative frequency of each letter in ordinary text, as whole numbers so
    # that drawing filler never depends on floating point.
    frequencies: tuple[int, ...]
    _codes: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.letters) != len(self.frequencies):
            raise ValueError("one frequency per letter")
        object.__setattr__(self, "_codes", {ch: i + 1 for i, ch in enumerate(self.letters)})

    def __len__(self) -> int:
        return len(self.letters)

    def fold(self, text: str) -> str:
        """Upper-case `text` and strip accents: "Café" -> "CAFE". Unknown letters stay."""
        out = []
        for ch in text.upper():
            ch = _SPECIAL_FOLDS.get(ch, ch)
            if len(ch) == 1 and ch not in self._codes:
                base = unicodedata.normalize("NFKD", ch)
                ch = "".join(c for c in base if not unicodedata.combining(c)) or ch
            out.append(ch)
        return "".join(out)

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


LATIN = Alphabet(
    name="latin",
    letters="ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    # English letter frequencies, occurrences per 100,000 letters.
    frequencies=(8167, 1492, 2782, 4253, 12702, 2228, 2015, 6094, 6966, 153, 772, 4025, 2406,
                 6749, 7507, 1929, 95, 5987, 6327, 9056, 2758, 978, 2360, 150, 1974, 74),
)
