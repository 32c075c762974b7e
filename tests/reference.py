"""Plain-Python twins of the C core, written from the rules, not from the C.

`pack` is the placement rule and selection of csrc/ (ws_place.c, ws_select.c) done the slow,
obvious way (every position of every parent, one full sort), with the same
candidate keys, so the C's pruning and threading can be checked against it
result for result. `verify` checks a finished puzzle document and shares no
code with the library at all.
"""
from __future__ import annotations

EMPTY, BLOCKED = 0, 255
STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]  # N..NW
NAMES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
M64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step


def mix64(z: int) -> int:
    z = (z + GOLDEN_GAMMA) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


LOW = 0xFFFFFFFF
SINGLE_GROUP_DOMAIN = 0xD1B54A32D192ED03
MAX_WORD = 64


def candidate_key(seed: int, word: int, parent_key: int, start: int, d: int, cols: int,
                  shared: list[tuple[int, int, int]]) -> int:
    """The tie-break key, drawn from the key that chose the parent (0 for the
    empty grid). A position sharing two or more cells has a key of its own; for
    the others the high half is shared by a group: the positions over empty cells
    from one start row in one direction, or those sharing one cell at one index
    of the word."""
    ph = mix64(seed ^ mix64((parent_key + word * GOLDEN_GAMMA) & M64))
    z = (ph + (start * 8 + d) * GOLDEN_GAMMA) & M64
    z = ((z ^ (z >> 29)) * 0xBF58476D1CE4E5B9) & M64
    own = z ^ (z >> 32)
    if len(shared) >= 2:
        return own
    if shared:
        y, x, k = shared[0]
        group = mix64(ph ^ ((SINGLE_GROUP_DOMAIN + (y * cols + x) * MAX_WORD + k) & M64))
    else:
        group = mix64(ph ^ (start // cols * 8 + d))
    return (group & ~LOW & M64) | (own & LOW)


def readings(grid: list[list[int]], word: list[int]) -> set[frozenset]:
    """Cell sets on which `word` reads, in any of the eight directions."""
    rows, cols = len(grid), len(grid[0])
    found = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in STEPS:
                cells = [(r + k * dr, c + k * dc) for k in range(len(word))]
                if all(0 <= y < rows and 0 <= x < cols and grid[y][x] == word[k]
                       for k, (y, x) in enumerate(cells)):
                    found.add(frozenset(cells))
    return found


def containers(words: list) -> list[list[int]]:
    """For each word, the other words in which it, forwards or backwards, is a run
    of letters (Kansas in Arkansas)."""
    def within(a, b):
        return any(list(b[i:i + len(a)]) == list(a) for i in range(len(b) - len(a) + 1))
    return [[j for j, v in enumerate(words) if j != i and (within(w, v) or within(w[::-1], v))]
            for i, w in enumerate(words)]


def counted_readings(grid, words, inside, placed) -> list[set[frozenset]]:
    """The readings of each word that count: every reading but those whose cells
    all lie on the placement of a word it lies inside (inside[w], placed[v] =
    (start, direction))."""
    cols = len(grid[0])
    counted = []
    for w, word in enumerate(words):
        spans = [_cells(*placed[v], len(words[v]), cols) for v in inside[w]] if inside else []
        counted.append({cells for cells in readings(grid, word)
                        if not any(cells <= span for span in spans)})
    return counted


def spells_blocked(grid, words, placed, blocked) -> bool:
    """Whether a blocked word reads on the grid's letters anywhere but along one
    placed word, both its ends on that word's cells."""
    cols = len(grid[0])
    spans = [_cells(start, d, len(words[q]), cols) for q, (start, d) in enumerate(placed)]
    return any(not any({min(cells), max(cells)} <= span for span in spans)
               for word in blocked for cells in readings(grid, word))


def reads_again(grid, words, inside, placed) -> bool:
    """Whether a word reads on the grid's letters where no later word can take the
    reading away (all its containers, inside[w], laid; on none of them) and it
    reads elsewhere too: laid, anywhere but its own placement; not laid, twice,
    or once with two cells on one placed word (where it can never be laid)."""
    cols = len(grid[0])
    spans = [_cells(start, d, len(words[q]), cols) for q, (start, d) in enumerate(placed)]
    for v, word in enumerate(words):
        holders = inside[v] if inside else []
        if any(c >= len(placed) for c in holders):
            continue
        counted = [cells for cells in readings(grid, word)
                   if not any(cells <= spans[c] for c in holders)]
        if v < len(placed):
            if any(cells != spans[v] for cells in counted):
                return True
        elif len(counted) >= 2 or any(len(cells & span) >= 2
                                      for cells in counted for span in spans):
            return True
    return False


class AllBlocked(Exception):
    """Every layout of a pool before the last word spells a blocked word."""


def pack(cells, words, dir_mask, beam, seed, capacity, regions=(), inside=(), blocked=(),
         prune=False):
    """(grids, starts, dirs) of finished layouts, best first; raises LookupError(word)
    when a word has no position, ValueError when no layout reads each word once,
    AllBlocked (without `prune`) when every layout kept after a word in the first
    three quarters but the last spells a `blocked` word that no later word holds
    (one laid over the reading would make it its own).
    Word w < len(regions) crosses nothing and has its middle letter in regions[w]
    (first row, last row, first column, last column). inside[w] are the words w
    lies inside: its readings within their placements do not count. Layouts that
    spell a `blocked` word (letter lists) come only when none is free of them;
    with `prune`, a partial layout that spells one, or reads a word again for
    good (reads_again; when each word has two letters or more), is dropped once
    it is chosen, and when none of the beam's finished layouts reads each word
    once, the next beam's worth of the last word's children is looked at, and so
    on, until one does or there are no more."""
    rows, cols = len(cells), len(cells[0])
    again = all(len(word) >= 2 for word in words)  # the C core reads them as blocked words
    pool = [([list(row) for row in cells], [], 0, 0)]  # (grid, [(start, dir)], letters, key)
    for w, word in enumerate(words):
        children = []
        for p, (grid, placed, letters, parent_key) in enumerate(pool):
            for d in range(8):
                if not dir_mask >> d & 1:
                    continue
                dr, dc = STEPS[d]
                for r in range(rows):
                    for c in range(cols):
                        path = [(r + k * dr, c + k * dc) for k in range(len(word))]
                        if not all(0 <= y < rows and 0 <= x < cols for y, x in path):
                            continue
                        shared = []
                        ok = True
                        for k, (y, x) in enumerate(path):
                            v = grid[y][x]
                            if v == EMPTY:
                                continue
                            if v != word[k]:
                                ok = False
                                break
                            shared.append((y, x, k))
                        if not ok:
                            continue
                        if w < len(regions):
                            r0, r1, c0, c1 = regions[w]
                            my, mx = path[len(word) // 2]
                            if shared or not (r0 <= my <= r1 and c0 <= mx <= c1):
                                continue
                        if len(shared) >= 2 and any(
                                len({(y, x) for y, x, _ in shared}
                                    & _cells(q_start, q_dir, len(words[q]), cols)) >= 2
                                for q, (q_start, q_dir) in enumerate(placed)):
                            continue
                        start = r * cols + c
                        key = candidate_key(seed, w, parent_key, start, d, cols, shared)
                        children.append((letters + len(word) - len(shared), key, parent_key,
                                         start, d, p))
        if not children:
            raise LookupError(w)
        children.sort()
        parents = pool
        next_pool = []
        for child in children[:beam]:
            grid, placed, score, key = laid(parents, word, child)
            if prune and blocked and w < len(words) - 1 and (
                    spells_blocked(grid, words, placed, blocked)
                    or (again and reads_again(grid, words, inside, placed))):
                continue
            next_pool.append((grid, placed, score, key))
        later = [list(v) for v in words[w + 1:]]
        for_good = [b for b in blocked if not any(_holds(v, b) or _holds(v[::-1], b)
                                                  for v in later)]
        if for_good and not prune and later and 4 * w < 3 * len(words) and all(
                spells_blocked(g, words, placed, for_good) for g, placed, _, _ in next_pool):
            raise AllBlocked(w)
        pool = next_pool
    done = once(pool, words, inside)
    # With pruning, a beam with no layout that reads each word once is followed by
    # the next beam's worth of the last word's children, in their order.
    first = beam
    while prune and blocked and not done and first < len(children):
        done = once([laid(parents, words[-1], child) for child in children[first:first + beam]],
                    words, inside)
        first += beam
    clean = [(g, placed) for g, placed in done if not spells_blocked(g, words, placed, blocked)]
    done = (clean or done)[:capacity]
    if not done:
        raise ValueError("no layout reads each word once")
    return ([g for g, _ in done], [[s for s, _ in pl] for _, pl in done],
            [[d for _, d in pl] for _, pl in done])


def laid(pool, word, child):
    """(grid, placed, letters, key) of a child: its parent with the word laid."""
    score, key, _parent_key, start, d, p = child
    grid = [row[:] for row in pool[p][0]]
    cols = len(grid[0])
    r, c = divmod(start, cols)
    for k, letter in enumerate(word):
        grid[r + k * STEPS[d][0]][c + k * STEPS[d][1]] = letter
    return grid, pool[p][1] + [(start, d)], score, key


def once(pool, words, inside):
    """(grid, placed) of the finished layouts that read each word once."""
    return [(g, placed) for g, placed, _, _ in pool
            if all(len(found) == 1 for found in counted_readings(g, words, inside, placed))]


def _holds(word: list[int], part: list[int]) -> bool:
    return any(word[i:i + len(part)] == list(part) for i in range(len(word) - len(part) + 1))


def _cells(start: int, d: int, length: int, cols: int) -> set[tuple[int, int]]:
    r, c = divmod(start, cols)
    return {(r + k * STEPS[d][0], c + k * STEPS[d][1]) for k in range(length)}


def verify(doc: dict, words: list[str], directions: list[str],
           letters: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", blocked: list[str] = (),
           message: str | None = None, filler_only: list[str] = ()) -> None:
    """Asserts that a puzzle document is a correct, complete, exactly-once puzzle
    whose cells hold only `letters` and which spells no `blocked` word, in any
    direction, except within one listed word's own cells, and no `filler_only` word
    over a filler cell (a cell of no listed word, in a puzzle with no message).

    One rule besides: a word that lies inside another listed word (forwards or
    backwards) has readings inside that word's placement, which do not count; every
    other reading does, and each word must read exactly once by that count, at its
    own placement. The document must name each such word's containers.

    A hidden-message puzzle (`message`, its grid form, or a document with
    "message") may list words marked "added" besides `words`, each held to every
    rule above; the letters of the cells no listed word covers, in reading order,
    must be the message exactly."""
    grid = doc["grid"]
    rows, cols = doc["rows"], doc["cols"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "grid shape"
    assert all(ch == "." or ch in letters for row in grid for ch in row), "grid letters"
    assert sorted(doc["directions"]) == sorted(directions), "allowed directions"
    placed = {p["word"]: p for p in doc["words"]}
    assert len(placed) == len(doc["words"]), "a word listed twice"
    if message is not None:
        assert doc.get("message") == message, "the message"
    hidden = doc.get("message")
    own = sorted(w for w, p in placed.items() if not p.get("added"))
    assert own == sorted(words), "every word placed, none extra"
    assert hidden or own == sorted(placed), "words added to a puzzle with no message"
    paths = {}
    for word, p in placed.items():
        assert p["direction"] in directions, f"{word} runs {p['direction']}"
        dr, dc = STEPS[NAMES.index(p["direction"])]
        path = [(p["row"] + k * dr, p["col"] + k * dc) for k in range(len(word))]
        for k, (r, c) in enumerate(path):
            assert 0 <= r < rows and 0 <= c < cols, f"{word} leaves the grid"
            assert grid[r][c] == word[k], f"{word} letter {k} is {grid[r][c]}"
        paths[word] = frozenset(path)
    names = sorted(paths)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert len(paths[a] & paths[b]) <= 1, f"{a} and {b} share more than one cell"
    inside = {w: sorted(v for v in names if v != w and (w in v or w[::-1] in v)) for w in names}
    if any(inside.values()):
        assert doc.get("inside") == "ignored", "words inside others, and the rule not named"
    for word, p in placed.items():
        assert sorted(p.get("inside", [])) == inside[word], f"{word}'s containers"
    lines = _lines(grid)
    for word in names:
        found = _occurrences(lines, word) | _occurrences(lines, word[::-1])
        counted = {cells for cells in found if not any(cells <= paths[v] for v in inside[word])}
        assert counted == {paths[word]}, f"{word} reads {len(counted)} times"
    for word in blocked:
        for cells in _occurrences(lines, word) | _occurrences(lines, word[::-1]):
            assert any(cells <= path for path in paths.values()), f"blocked {word} reads"
    covered = set().union(*paths.values()) if paths else set()
    for word in filler_only if hidden is None else ():
        for cells in _occurrences(lines, word) | _occurrences(lines, word[::-1]):
            assert cells <= covered, f"filler-only {word} reads over a filler cell"
    if hidden is not None:
        left = "".join(grid[r][c] for r in range(rows) for c in range(cols)
                       if grid[r][c] != "." and (r, c) not in covered)
        assert left == hidden, f"the leftover letters spell {left}, not {hidden}"


def _lines(grid: list[str]) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every row, column, diagonal and anti-diagonal, read one way, with its cells."""
    rows, cols = len(grid), len(grid[0])
    runs = [[(r, c) for c in range(cols)] for r in range(rows)]
    runs += [[(r, c) for r in range(rows)] for c in range(cols)]
    for k in range(-rows + 1, cols):
        runs.append([(r, r + k) for r in range(rows) if 0 <= r + k < cols])
        runs.append([(r, k - r + rows - 1) for r in range(rows) if 0 <= k - r + rows - 1 < cols])
    return [("".join(grid[r][c] for r, c in run), run) for run in runs]


def _occurrences(lines: list[tuple[str, list[tuple[int, int]]]], word: str) -> set[frozenset]:
    """The cells of every reading of `word`, forwards along the lines."""
    found = set()
    for text, cells in lines:
        at = text.find(word)
        while at >= 0:
            found.add(frozenset(cells[at:at + len(word)]))
            at = text.find(word, at + 1)
    return found


class Rng:
    """csrc/ws_rng.c's generator from its published definition (SplitMix64 seeding,
    xoshiro256**), one draw at a time; below() rejects the top partial block as the
    C does."""

    def __init__(self, seed: int):
        self.s, z = [], seed
        for _ in range(4):
            z = mix64(z)
            self.s.append(z)
        if not any(self.s):
            self.s[0] = 1

    def next(self) -> int:
        s0, s1, s2, s3 = self.s
        x = (s1 * 5) & M64
        out = (((x << 7) | (x >> 57)) & M64) * 9 & M64
        t = (s1 << 17) & M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & M64
        self.s = [s0, s1, s2, s3]
        return out

    def below(self, bound: int) -> int:
        limit = M64 - M64 % bound
        while True:
            r = self.next()
            if r < limit:
                return r % bound


def xoshiro_stream(seed: int, count: int) -> list[int]:
    """The first `count` outputs of csrc/ws_rng.c's generator."""
    rng = Rng(seed)
    return [rng.next() for _ in range(count)]


def largest_filler_square(side: int, covered: set[tuple[int, int]]) -> int:
    """The side of the largest square of a side x side grid with no covered cell:
    how large a patch of filler a solver can skip."""
    best = 0
    run = [[0] * (side + 1) for _ in range(side + 1)]
    for r in range(side):
        for c in range(side):
            if (r, c) not in covered:
                run[r + 1][c + 1] = 1 + min(run[r][c], run[r][c + 1], run[r + 1][c])
                best = max(best, run[r + 1][c + 1])
    return best
