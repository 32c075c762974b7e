"""Plain-Python twin of the hidden-message fill (csrc/ws_message.c, ws_lexicon.c),
written from the rules in csrc/ws_message.h, not from the C: the same draws from
the same generator in the same order, so that the differential tests can ask for
the very same output, and the rules spelled out the slow way (a word's cells as
sets, every pair of words compared, containment by bytes' `in`).
"""
from __future__ import annotations

from reference import STEPS, Rng, mix64

EMPTY, BLOCKED = 0, 255
ATTEMPTS, TRIES, ROUNDS = 2000, 50, 100
ENDGAME = 5        # missing cells at which every exact segment is searched
THREE_EVERY = 3    # rounds per three-letter word allowed
IDLE = 50          # attempts in a row that placed nothing before a round looks if it is stuck
MIN_LEN = 3
# The seed's length mixture in parts of a million, lengths 3, 4, ... (see
# length_weights in tests/test_message.py, which works it out again).
LENGTH_PARTS = 1_000_000
LENGTH_WEIGHTS = [272867, 133008, 202211, 171226, 105512, 62282, 32864,
                  13918, 4622, 1201, 244, 39, 5, 1]


def message_fill(grid: list[int], rows: int, cols: int, own: list[bytes],
                 placed: list[tuple[int, int]], lexicon: list[bytes], holes: int,
                 dir_mask: int, seed: int, first_round: int = 0, last_round: int = ROUNDS - 1,
                 blocked: list[bytes] = (), tiers: list[int] | None = None):
    """(grid, [(lexicon index, start, direction)], round) of the first round from
    first_round to last_round that leaves exactly `holes` empty cells; None when
    none does (each round stands alone, so a window of rounds is the C's answer
    whenever the C's round falls in it).
    `grid` is row-major cell codes, `own` the caller's words (letter codes as bytes)
    placed at `placed` (start, direction), `lexicon` sorted by length (and within a
    length by `tiers`, one a word; None: all 0). No added word may make the grid's
    letters spell a word twice, or a `blocked` word outside a listed word. A word
    is taken from the lowest tier that has one that fits."""
    tiers = list(tiers) if tiers is not None else [0] * len(lexicon)
    dirs = [d for d in range(8) if dir_mask >> d & 1]
    longest = min(max(rows, cols), max((len(w) for w in lexicon), default=0))
    by_length: dict[int, list[int]] = {}
    with_letter: dict[tuple[int, int, int], list[int]] = {}
    for i, word in enumerate(lexicon):
        by_length.setdefault(len(word), []).append(i)
        for k, letter in enumerate(word):
            with_letter.setdefault((len(word), k, letter), []).append(i)

    def cells_of(start, d, length):
        r, c = divmod(start, cols)
        return [(r + k * STEPS[d][0]) * cols + c + k * STEPS[d][1] for k in range(length)]

    for round_ in range(first_round, min(last_round, ROUNDS - 1) + 1):
        g = list(grid)
        words = [(w, set(cells_of(s, d, len(w)))) for w, (s, d) in zip(own, placed)]
        added = []
        rng = Rng(seed ^ mix64(round_))
        quota = round_ // THREE_EVERY
        state = {"empties": g.count(EMPTY), "threes": 0}

        def related(word):
            for other, _ in words:
                short, long_ = sorted((word, other), key=len)
                if short in long_ or short[::-1] in long_:
                    return True
            return False

        def fits_shape(start, d, length):
            """The segment's cells if it stays in the shape and shares at most one
            cell with every word; else None."""
            cells = cells_of(start, d, length)
            if any(g[x] == BLOCKED for x in cells):
                return None
            on_segment = set(cells)
            if any(len(on_segment & on) > 1 for _, on in words):
                return None
            return cells

        def readings(word):
            """The cell sets on which `word` reads in g, in any direction."""
            found = []
            for start in range(rows * cols):
                for d in range(8):
                    if inside(start, d, len(word)):
                        cells = cells_of(start, d, len(word))
                        if all(g[x] == word[k] for k, x in enumerate(cells)):
                            found.append(set(cells))
            return found

        def clean(word, cells):
            """With `word` written on `cells`: it reads nowhere else, and no listed or
            blocked word reads over a cell it filled but on the word's own cells."""
            fresh = {x for x in cells if g[x] == EMPTY}
            for k, x in enumerate(cells):
                g[x] = word[k]
            own_cells = set(cells)
            try:
                if any(found != own_cells for found in readings(word)):
                    return False
                for other in [w for w, _ in words] + list(blocked):
                    for found in readings(other):
                        if found & fresh and not found <= own_cells:
                            return False
                return True
            finally:
                for x in fresh:
                    g[x] = EMPTY

        def pick(cells, length):
            fixed = [k for k, x in enumerate(cells) if g[x] != EMPTY]
            if fixed:
                lists = [with_letter.get((length, k, g[cells[k]]), []) for k in fixed]
                if any(not lst for lst in lists):
                    return None
                candidates = min(lists, key=len)  # the first of the shortest
            else:
                candidates = by_length.get(length, [])
            for tier in sorted({tiers[w] for w in candidates}):
                of_tier = [w for w in candidates if tiers[w] == tier]
                start = rng.below(len(of_tier))
                for j in range(len(of_tier)):
                    w = of_tier[(start + j) % len(of_tier)]
                    if all(lexicon[w][k] == g[cells[k]] for k in fixed) and \
                            not related(lexicon[w]) and clean(lexicon[w], cells):
                        return w
            return None

        def put(w, start, d, cells):
            for k, x in enumerate(cells):
                g[x] = lexicon[w][k]
            state["empties"] = g.count(EMPTY)
            state["threes"] += len(lexicon[w]) == MIN_LEN
            words.append((lexicon[w], set(cells)))
            added.append((w, start, d))

        def inside(start, d, length):
            r, c = divmod(start, cols)
            er, ec = r + STEPS[d][0] * (length - 1), c + STEPS[d][1] * (length - 1)
            return 0 <= er < rows and 0 <= ec < cols

        def finish():
            missing = state["empties"] - holes
            lengths = longest - MIN_LEN + 1
            if lengths < 1:
                return False
            total = lengths * len(dirs) * rows * cols
            first = rng.below(total)
            for j in range(total):
                at = (first + j) % total
                length, at = MIN_LEN + at % lengths, at // lengths
                d, start = dirs[at % len(dirs)], at // len(dirs)
                if length < missing or (length == MIN_LEN and state["threes"] >= quota):
                    continue
                if not inside(start, d, length):
                    continue
                cells = fits_shape(start, d, length)
                if cells is None or sum(g[x] == EMPTY for x in cells) != missing:
                    continue
                w = pick(cells, length)
                if w is not None:
                    put(w, start, d, cells)
                    return True
            return False

        def try_place(length):
            d = dirs[rng.below(len(dirs))]
            dr, dc = STEPS[d]
            reach = length - 1
            r_lo, r_hi = (reach if dr < 0 else 0), rows - 1 - (reach if dr > 0 else 0)
            c_lo, c_hi = (reach if dc < 0 else 0), cols - 1 - (reach if dc > 0 else 0)
            if r_lo > r_hi or c_lo > c_hi:
                return False
            r = r_lo + rng.below(r_hi - r_lo + 1)
            c = c_lo + rng.below(c_hi - c_lo + 1)
            cells = fits_shape(r * cols + c, d, length)
            if cells is None:
                return False
            opened = sum(g[x] == EMPTY for x in cells)
            if opened == 0 or state["empties"] - opened < holes:
                return False
            w = pick(cells, length)
            if w is None:
                return False
            put(w, r * cols + c, d, cells)
            return True

        def draw_length():
            r = rng.below(LENGTH_PARTS)
            for i, weight in enumerate(LENGTH_WEIGHTS):
                if r < weight or i == len(LENGTH_WEIGHTS) - 1:
                    return MIN_LEN + i
                r -= weight

        def stuck():
            """No try can place anything: every word of a length that can be drawn
            against every segment, by the rules (the C searches lists instead)."""
            missing = state["empties"] - holes
            drawn = min(longest, MIN_LEN + len(LENGTH_WEIGHTS) - 1)
            for length in range(MIN_LEN, drawn + 1):
                if length == MIN_LEN and state["threes"] >= quota:
                    continue
                for d in dirs:
                    for start in range(rows * cols):
                        if not inside(start, d, length):
                            continue
                        cells = fits_shape(start, d, length)
                        if cells is None or not 1 <= sum(g[x] == EMPTY for x in cells) <= missing:
                            continue
                        for w in by_length.get(length, []):
                            if all(g[x] in (EMPTY, lexicon[w][k]) for k, x in enumerate(cells)) \
                                    and not related(lexicon[w]) and clean(lexicon[w], cells):
                                return False
            return True

        searched_at = checked_at = -1
        idle, before = 0, state["empties"]
        for _ in range(ATTEMPTS):
            if state["empties"] <= holes:
                break
            # A round that is stuck can only fail: it ends early, as the C's does
            # (which saves time and changes no output).
            if state["empties"] != before:
                before, idle = state["empties"], 0
            else:
                idle += 1
                if idle >= IDLE and checked_at != state["empties"]:
                    if stuck():
                        break
                    checked_at = state["empties"]
            if state["empties"] - holes <= ENDGAME and searched_at != state["empties"]:
                if finish():
                    break
                searched_at = state["empties"]
            length = min(draw_length(), longest)
            if length < MIN_LEN or (length == MIN_LEN and state["threes"] >= quota):
                continue
            if not by_length.get(length):
                continue
            for _ in range(TRIES):
                if try_place(length):
                    break
        if state["empties"] == holes:
            return g, added, round_
    return None
