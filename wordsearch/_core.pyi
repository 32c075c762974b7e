"""Type stub for the compiled wrapper of csrc/ (see _core.pyx)."""
import numpy as np
import numpy.typing as npt

EMPTY: int
BLOCKED: int
MAX_LETTER: int
MAX_WORD: int
MAX_SIDE: int
MAX_CELLS: int
MAX_THREADS: int
MESSAGE_ROUNDS: int
LEXICON_TIERS: int

class Workspace:
    def __init__(self) -> None: ...

def pack(cells: npt.NDArray[np.uint8], letters: npt.NDArray[np.uint8],
         offsets: npt.NDArray[np.int32], dir_mask: int, beam: int, seed: int, threads: int,
         capacity: int, regions: npt.NDArray[np.int32], workspace: Workspace | None = None,
         *, inside_offsets: npt.NDArray[np.int32] | None = None,
         inside_words: npt.NDArray[np.int32] | None = None,
         deadline_ns: int = 0, catch_signals: bool = False, blocked: Blocklist | None = None,
         ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.uint8]]: ...
def scan_words(grid: npt.NDArray[np.uint8], letters: npt.NDArray[np.uint8],
               offsets: npt.NDArray[np.int32], *,
               inside_offsets: npt.NDArray[np.int32] | None = None,
               inside_words: npt.NDArray[np.int32] | None = None,
               starts: npt.NDArray[np.int32] | None = None,
               dirs: npt.NDArray[np.uint8] | None = None,
               ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32],
                          npt.NDArray[np.uint8]]: ...

class Blocklist:
    count: int
    def __init__(self, letters: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int32],
                 nletters: int, tiers: npt.NDArray[np.uint8] | None = None) -> None: ...
    def scan(self, grid: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int32],
                                                         npt.NDArray[np.int32],
                                                         npt.NDArray[np.uint8]]: ...

class Trie:
    count: int
    lengths: npt.NDArray[np.int32]
    nodes: int
    nbytes: int
    quads: int
    def __init__(self, letters: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int32]) -> None: ...
    def find(self, word: npt.NDArray[np.uint8]) -> int: ...
    def grouped(self, grid: bytes, rows: int, cols: int, min_length: int, free_path: bool,
                budget: int, cells: tuple, compass: tuple[str, ...], reading: type,
                ) -> dict[int, tuple]: ...
    def found(self, grid: bytes, rows: int, cols: int, min_length: int, free_path: bool,
              budget: int, cells: tuple, compass: tuple[str, ...], reading: type,
              found: type, forms: tuple[str, ...], labels: tuple[str, ...]) -> tuple: ...
class Lexicon:
    count: int
    def __init__(self, letters: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int32],
                 nletters: int, tiers: npt.NDArray[np.uint8] | None = None) -> None: ...

def message_fill(grid: npt.NDArray[np.uint8], lexicon: Lexicon, holes: int, dir_mask: int,
                 seed: int, *, letters: npt.NDArray[np.uint8] | None = None,
                 offsets: npt.NDArray[np.int32] | None = None,
                 starts: npt.NDArray[np.int32] | None = None,
                 dirs: npt.NDArray[np.uint8] | None = None, first_round: int = 0,
                 blocked_letters: npt.NDArray[np.uint8] | None = None,
                 blocked_offsets: npt.NDArray[np.int32] | None = None,
                 ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32],
                            npt.NDArray[np.int32], npt.NDArray[np.uint8], int]: ...

class Rng:
    def __init__(self, seed: int) -> None: ...
    def next(self) -> int: ...
    def below(self, bound: int) -> int: ...
    def draw_letters(self, grid: npt.NDArray[np.uint8], cells: npt.NDArray[np.int32],
                     cumulative: npt.NDArray[np.uint64]) -> None: ...

def group_order(words: npt.NDArray[np.int32], nkeys: int,
                keys: npt.NDArray[np.int32] | None = None) -> npt.NDArray[np.int32]: ...
def path_direction(path: npt.NDArray[np.int32], cols: int) -> int | None: ...
