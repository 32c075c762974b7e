/* The placement rules: where a word may go in a parent, by share class, and
 * the keys that break ties among the children (tests/reference.py spells the
 * same rules out the slow way: its `pack` and `candidate_key`).
 *
 * A position is valid when it lies inside the grid and the shape, runs in an
 * allowed direction, every cell is empty or already holds the same letter, and
 * it shares at most one cell with any single word already placed. The whole
 * chain a parent goes through (ws_expand_parents down to a selector's add) is
 * in this file or inline in ws_pack_internal.h, so none of it is a call across
 * files.
 */
#include "ws_pack_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Directions E, SE, S, SW: a pair of cells on a line is met once, looking from
 * the earlier cell in row-major order, and read both ways. */
static const int FORWARD[WS_NDIRS / 2] = {2, 3, 4, 5};

static int32_t cell_at(const step_ctx *s, int32_t r, int32_t c)
{
    return r * s->params->cols + c;
}

/* The lowest of a nonempty set of directions as bits (a GCC and Clang builtin,
 * as the atomics of ws_stopping are). */
static int lowest_dir(unsigned dirs)
{
    return __builtin_ctz(dirs);
}

/* The lowest set bit of a nonempty 64-bit word (the builtin as in lowest_dir):
 * a cell of a word of a board, or an index of a word. */
static int32_t lowest_bit(uint64_t bits)
{
    return __builtin_ctzll(bits);
}

/* What finding a grid's positions sharing two or more cells costs, in
 * instructions, each way (see find_multiple): by pairs of the cells holding the
 * word's letters, for each such cell; on boards, for each word of a board, for
 * each direction and index of the word. Counted with callgrind, and the
 * crossover set where 10, 20 and 30 words (bench_pack.py) cost least. */
#define HIT_PAIRS_COST 60
#define BOARD_WORD_COST 9

/* For each word placed before s->word, which of its letters the word holds
 * (see step_ctx.letter_masks). */
static void set_letter_masks(step_ctx *s)
{
    const ws_words *words = &s->params->words;
    for (int32_t q = 0; q < s->word; q++) {
        const uint8_t *placed = words->letters + words->offsets[q];
        s->letter_masks[q] = 0;
        for (int32_t j = 0; j < s->lengths[q]; j++)
            s->letter_masks[q] |= (uint64_t)s->in_word[placed[j]] << j;
    }
}

void ws_step_prepare(step_ctx *s, int32_t word)
{
    const ws_pack_params *p = s->params;
    s->word = word;
    /* A scattered word crosses nothing: only the open pass. */
    s->first_pass = word < p->scattered ? SHARE_NONE : SHARE_TWO_OR_MORE;
    s->letters = p->words.letters + p->words.offsets[word];
    s->len = s->lengths[word];
    assert(s->len >= 1 && s->len <= WS_MAX_WORD);
    memset(s->first_at, NO_INDEX, sizeof s->first_at);
    for (int32_t i = s->len - 1; i >= 0; i--) {
        s->next_at[i] = s->first_at[s->letters[i]];
        s->first_at[s->letters[i]] = (int8_t)i;
    }
    for (int x = 0; x < CELL_CODES; x++)
        s->in_word[x] = s->first_at[x] != NO_INDEX;
    memset(s->slot, NO_SLOT, sizeof s->slot);
    uint8_t slots = 0;
    for (int32_t i = 0; i < s->len; i++)
        if (s->first_at[s->letters[i]] == i)
            s->slot[s->letters[i]] = slots++;
    assert(slots <= s->len); /* so no letter's slot is NO_SLOT */
    s->nslots = slots;
    set_letter_masks(s);
    memset(s->pair_gaps, 0, sizeof s->pair_gaps);
    for (int32_t i = 0; i < s->len; i++)
        for (int32_t t = 1; i + t < s->len; t++)
            s->pair_gaps[s->slot[s->letters[i]]][s->slot[s->letters[i + t]]] |= (uint64_t)1 << t;
    for (int a = 0; a <= WS_MAX_WORD; a++)
        for (int b = 0; b <= WS_MAX_WORD; b++)
            s->either_gaps[a][b] = s->pair_gaps[a][b] | s->pair_gaps[b][a];
    s->axes = 0;
    for (int f = 0; f < WS_NDIRS / 2; f++)
        s->axes |= ((p->dir_mask >> FORWARD[f] | p->dir_mask >> ws_opposite(FORWARD[f])) & 1u)
                   << f;
    const int32_t reach = s->len - 1;
    memset(s->fits, 0, (size_t)s->len * (size_t)s->size);
    for (int d = 0; d < WS_NDIRS; d++) {
        s->row_lo[d] = WS_DROW[d] < 0 ? reach : 0;
        s->row_hi[d] = p->rows - 1 - (WS_DROW[d] > 0 ? reach : 0);
        s->col_lo[d] = WS_DCOL[d] < 0 ? reach : 0;
        s->col_hi[d] = p->cols - 1 - (WS_DCOL[d] > 0 ? reach : 0);
        s->step[d] = WS_DROW[d] * p->cols + WS_DCOL[d];
        if (!((p->dir_mask >> d) & 1u))
            s->row_hi[d] = -1; /* an empty range: direction not allowed */
        s->open_row_lo[d] = s->row_lo[d];
        s->open_row_hi[d] = s->row_hi[d];
        s->open_col_lo[d] = s->col_lo[d];
        s->open_col_hi[d] = s->col_hi[d];
        if (word < p->scattered) {
            const int32_t *region = p->regions + 4 * word, half = s->len / 2;
            s->open_row_lo[d] = ws_max32(s->open_row_lo[d], region[0] - half * WS_DROW[d]);
            s->open_row_hi[d] = ws_min32(s->open_row_hi[d], region[1] - half * WS_DROW[d]);
            s->open_col_lo[d] = ws_max32(s->open_col_lo[d], region[2] - half * WS_DCOL[d]);
            s->open_col_hi[d] = ws_min32(s->open_col_hi[d], region[3] - half * WS_DCOL[d]);
        }
        /* The cells index i lands on from the starts in range: a rectangle. */
        for (int32_t i = 0; i < s->len; i++)
            for (int32_t r = s->row_lo[d]; r <= s->row_hi[d]; r++) {
                uint8_t *row = s->fits + (size_t)i * (size_t)s->size +
                               (size_t)((r + i * WS_DROW[d]) * p->cols + i * WS_DCOL[d]);
                for (int32_t c = s->col_lo[d]; c <= s->col_hi[d]; c++)
                    row[c] |= (uint8_t)(1u << d);
            }
    }
    /* The starts in range once more, as boards: index 0 on the cell. */
    const size_t nw = (size_t)s->board_words;
    memset(s->in_range, 0, WS_NDIRS * nw * sizeof(uint64_t));
    for (int32_t cell = 0; cell < s->size; cell++)
        for (unsigned dirs = s->fits[cell]; dirs; dirs &= dirs - 1)
            s->in_range[(size_t)lowest_dir(dirs) * nw + (size_t)(cell >> 6)] |=
                (uint64_t)1 << (cell & 63);
    int64_t ndirs = 0;
    for (int d = 0; d < WS_NDIRS; d++)
        ndirs += (p->dir_mask >> d) & 1u;
    s->boards_cost = BOARD_WORD_COST * (int64_t)s->board_words * ndirs * (int64_t)s->len;
}

/* A grid of the pool and what it holds: the words before `placed`, where its
 * puzzle's starts and dirs say. */
typedef struct {
    const uint8_t *grid;
    const int32_t *starts;
    const uint8_t *dirs;
    int32_t placed;
} layout;

/* Puzzle p of `from`, which holds the words before `placed`. */
static layout layout_of(const step_ctx *s, const pool *from, int32_t p, int32_t placed)
{
    const size_t nwords = (size_t)s->params->words.count;
    return (layout){.grid = from->grids + (size_t)p * s->size,
                    .starts = from->starts + (size_t)p * nwords,
                    .dirs = from->dirs + (size_t)p * nwords, .placed = placed};
}

/* True when two of the shared cells belong to one word already placed. A word
 * is unbroken along its line, so the cells between two of its cells are
 * letters, and shared: a word holding two shared cells holds two side by side,
 * and only those pairs are looked for. */
static int shares_two_with_one(const step_ctx *s, const layout *at, int32_t start, int dir,
                               const int8_t *shared, int32_t nshared)
{
    /* Bit k: shared cells k - 1 and k lie side by side. */
    uint64_t side_by_side = 0;
    for (int32_t k = 1; k < nshared; k++)
        side_by_side |= (uint64_t)(shared[k] == shared[k - 1] + 1) << k;
    if (!side_by_side)
        return 0;
    const int32_t *starts = at->starts;
    const uint8_t *dirs = at->dirs;
    const int32_t r0 = s->row_of[start], c0 = s->col_of[start];
    const int32_t dr = WS_DROW[dir], dc = WS_DCOL[dir];
    for (int32_t q = 0; q < at->placed; q++) {
        if (dirs[q] != dir && dirs[q] != ws_opposite(dir))
            continue; /* a word across this line meets it in one cell at most */
        const int32_t qr = s->row_of[starts[q]], qc = s->col_of[starts[q]];
        for (uint64_t pairs = side_by_side; pairs; pairs &= pairs - 1) {
            const int32_t j = shared[lowest_bit(pairs) - 1];
            if (ws_on_run(r0 + j * dr, c0 + j * dc, qr, qc, dirs[q], s->lengths[q]) &&
                ws_on_run(r0 + (j + 1) * dr, c0 + (j + 1) * dc, qr, qc, dirs[q], s->lengths[q]))
                return 1;
        }
    }
    return 0;
}

/* The reference's `ph`: seeds the keys of a parent's children from the
 * parent's own key, not from where it lies in the pool, so the pool need not be
 * in any order beyond its letter counts. */
static uint64_t parent_hash(const step_ctx *s, int32_t parent)
{
    const uint64_t id =
        s->parents->links[parent].key + (uint64_t)(uint32_t)s->word * WS_GOLDEN_GAMMA;
    return ws_mix64(s->params->seed ^ ws_mix64(id));
}

/* The reference's `own`, a position's own key (all of the key when it shares
 * two or more cells, the low half otherwise). Half of SplitMix64: enough to
 * spread the candidates of one parent evenly. */
static uint64_t own_key(uint64_t parent_hash, int32_t start, int dir)
{
    const uint64_t id = (uint64_t)(uint32_t)start * WS_NDIRS + (uint64_t)dir;
    uint64_t z = parent_hash + id * WS_GOLDEN_GAMMA;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9u;
    return z ^ (z >> 32);
}

/* The low half of a grouped key: the position's own. */
#define LOW_HALF 0xFFFFFFFFu
/* Keeps the domains of grouped keys apart. */
#define SINGLE_GROUP_DOMAIN 0xD1B54A32D192ED03u

/* Positions over empty cells tie on score with every other such position of the
 * parent; the high half of their keys is shared by the group that starts in one
 * row and runs in one direction (see offer_open). */
static uint64_t open_group_key(uint64_t parent_hash, int32_t row, int dir)
{
    const uint64_t id = (uint64_t)(row * WS_NDIRS + dir);
    return ws_mix64(parent_hash ^ id) & ~(uint64_t)LOW_HALF;
}

/* Positions that share exactly one cell tie on score with every other such
 * position of the parent, so like open positions their keys come in two halves:
 * the high half is shared by the positions through one cell at one index of the
 * word, and a group that already loses to the bar is passed over whole. */
static uint64_t single_group_key(uint64_t parent_hash, int32_t cell, int32_t index)
{
    const uint64_t id = (uint64_t)(uint32_t)cell * WS_MAX_WORD + (uint64_t)index;
    return ws_mix64(parent_hash ^ (SINGLE_GROUP_DOMAIN + id)) & ~(uint64_t)LOW_HALF;
}

/* The cells of a grid holding the word's letters, in row-major order, in the
 * worker's hit_at and hits (room for one more than the cells); returns how
 * many. A grid of the pool holds its placed words' letters and nothing else,
 * so they are found from the placements, not by reading every cell: each placed
 * word's letters that the word holds (s->letter_masks) are set on a board of
 * the cells, which is then read lowest bit first. A cell two words share is set
 * twice and met once. At 20 words on 15x15 a grid's placed letters are about a
 * quarter of its cells, and the word holds a fraction of them. */
static int32_t collect_hits(const step_ctx *s, const layout *at, worker *wk)
{
    uint64_t *restrict board = wk->hit_board;
    memset(board, 0, (size_t)s->board_words * sizeof(uint64_t));
    for (int32_t q = 0; q < at->placed; q++) {
        const int32_t start = at->starts[q], step = s->step[at->dirs[q]];
        for (uint64_t held = s->letter_masks[q]; held; held &= held - 1) {
            const int32_t cell = start + lowest_bit(held) * step;
            board[cell >> 6] |= (uint64_t)1 << (cell & 63);
        }
    }
    int32_t n = 0;
    for (int32_t w = 0; w < s->board_words; w++)
        for (uint64_t bits = board[w]; bits; bits &= bits - 1) {
            const int32_t cell = w * 64 + lowest_bit(bits);
            const uint8_t letter = at->grid[cell];
            wk->hit_at[n] = cell;
            wk->hits[n++] = (hit){.r = s->row_of[cell], .c = s->col_of[cell], .letter = letter,
                                  .slot = s->slot[letter]};
        }
    return n;
}

/* Shared cells of the word laid at `at` along direction d, their indices in
 * `shared`; -1 if some cell holds another letter. */
static int32_t lay(const step_ctx *s, const uint8_t *at, int d, int8_t *shared)
{
    const int32_t step = s->step[d];
    int32_t n = 0;
    for (int32_t j = 0; j < s->len; j++) {
        const uint8_t v = at[j * step];
        if (v == WS_EMPTY)
            continue;
        if (v != s->letters[j])
            return -1;
        shared[n++] = (int8_t)j;
    }
    return n;
}

/* The allowed directions along which the word, with index i on `cell`, lies
 * inside the grid (see step_ctx.fits). */
static unsigned fitting(const step_ctx *s, int32_t i, int32_t cell)
{
    return s->fits[(size_t)i * (size_t)s->size + (size_t)cell];
}

/* The next cell from `cell` along each direction, byte d of the answer for
 * direction d, WS_BLOCKED where it lies outside the grid (see step_ctx.around).
 * Kept in a register, not an array: eight byte stores read back as one word
 * would stall the load. */
static uint64_t neighbours(const step_ctx *s, const uint8_t *cell, int32_t at)
{
    const unsigned inside = s->around[at];
    uint64_t around = 0;
    if (inside == WS_ALL_DIRS) { /* most cells: no test for the edge */
        for (int d = 0; d < WS_NDIRS; d++)
            around |= (uint64_t)cell[s->step[d]] << (8 * d);
        return around;
    }
    for (int d = 0; d < WS_NDIRS; d++) {
        const uint64_t v = inside >> d & 1u ? cell[s->step[d]] : WS_BLOCKED;
        around |= v << (8 * d);
    }
    return around;
}

/* A byte of ones in each of the eight bytes of a word, and each byte's low seven bits. */
#define BYTES_ONE 0x0101010101010101u
#define BYTES_LOW7 0x7F7F7F7F7F7F7F7Fu
/* Multiplies the low bit of each byte into the top byte, byte d to bit 56 + d. */
#define GATHER_BYTES 0x0102040810204080u

/* The directions whose neighbour holds `code`, as bits: the eight bytes
 * compared at once (a byte is zero after the xor exactly where it matched; the
 * high bit of each byte then says so, without a carry from its neighbour). */
static unsigned same_as(uint64_t around, unsigned code)
{
    const uint64_t x = around ^ (uint64_t)code * BYTES_ONE;
    const uint64_t zero = ~(((x & BYTES_LOW7) + BYTES_LOW7) | x | BYTES_LOW7);
    return (unsigned)((zero >> 7) * GATHER_BYTES >> 56);
}

/* Directions as bits, each turned to its opposite. */
static unsigned half_turn(unsigned dirs)
{
    return (dirs >> WS_NDIRS / 2 | dirs << WS_NDIRS / 2) & WS_ALL_DIRS;
}

/* Hands a child of `parent` to the worker's selector. */
static void offer(const step_ctx *s, selector *sel, int32_t parent, int32_t score, int32_t start,
                  int d, uint64_t key)
{
    const candidate c = {.score = score, .parent = parent, .start = start, .dir = (int16_t)d,
                         .worker = sel->worker, .key = key,
                         .parent_key = s->parents->links[parent].key};
    sel_add(sel, &c);
}

/* Adds to `found` the word laid along d with index i on cell (r, c) when it is
 * valid there and that cell and the one t further on are its first two shared
 * cells; returns the new count. */
static int32_t find_pair(const step_ctx *s, const layout *at, int32_t r, int32_t c, int d,
                         int32_t i, int32_t t, multi_pos *found, int32_t nfound)
{
    if (!(fitting(s, i, cell_at(s, r, c)) >> d & 1u))
        return nfound;
    const int32_t start = cell_at(s, r - i * WS_DROW[d], c - i * WS_DCOL[d]);
    int8_t shared[WS_MAX_WORD];
    const int32_t n = lay(s, at->grid + start, d, shared);
    if (n < 2 || shared[0] != i || shared[1] != i + t ||
        shares_two_with_one(s, at, start, d, shared, n))
        return nfound;
    found[nfound] = (multi_pos){.start = start, .dir = (uint8_t)d, .shared = (uint8_t)n};
    return nfound + 1;
}

/* Which line through (r, c) the f-th forward direction follows, numbered among
 * the lines of all four directions (LINE_COUNT in all). */
static int32_t line_of(int f, int32_t r, int32_t c, int32_t rows, int32_t cols)
{
    switch (FORWARD[f]) {
    case 2: return r;                                  /* E: rows */
    case 4: return rows + c;                           /* S: columns */
    case 3: return rows + cols + (c - r + rows - 1);   /* SE: diagonals */
    default: return 2 * (rows + cols) - 1 + (r + c);   /* SW: anti-diagonals */
    }
}

/* Whether (r, c) lies inside the grid and holds no letter. */
static int empty_at(const step_ctx *s, const uint8_t *g, int32_t r, int32_t c)
{
    return ws_on_grid(r, c, s->params->rows, s->params->cols) &&
           g[cell_at(s, r, c)] == WS_EMPTY;
}

/* All four forward directions as axes (see gather_pairs). */
#define ALL_AXES ((1u << WS_NDIRS / 2) - 1)

/* Pairs of hits on a line, the earlier `from` the one just before along it,
 * whose letters the word holds as far apart, in one order or the other, on the
 * axes set in `axes` (bit f: the f-th forward direction or its opposite is
 * allowed); returns how many. Hits come in row-major order, so the hit met last
 * on each line is the one just before along it; pairs are gathered without a
 * branch on the grid, since few of them are letters the word holds that far
 * apart. Called with ALL_AXES as a constant when every axis is allowed, so that
 * the test of `axes` costs nothing there, and with fewer (easy puzzles: E and S
 * only), so that the other axes cost nothing either. */
static inline int32_t gather_pairs(const step_ctx *s, const hit *hits, int32_t nhits,
                                   int32_t *last_on_line, hit_pair *pairs, unsigned axes)
{
    const int32_t rows = s->params->rows, cols = s->params->cols, reach = s->len - 1;
    for (int32_t i = 0; i < LINE_COUNT(rows, cols); i++)
        last_on_line[i] = nhits;
    int32_t npairs = 0;
    for (int32_t k = 0; k < nhits; k++) {
        const hit *b = &hits[k];
        const uint64_t *gaps_to_b = s->either_gaps[b->slot];
        for (int f = 0; f < WS_NDIRS / 2; f++) {
            if (!(axes >> f & 1u))
                continue;
            const int32_t line = line_of(f, b->r, b->c, rows, cols);
            const int32_t from = last_on_line[line];
            last_on_line[line] = k;
            /* Rows are met along their columns, every other line along its rows. */
            const int32_t t = f == 0 ? b->c - hits[from].c : b->r - hits[from].r;
            const uint64_t gaps = gaps_to_b[hits[from].slot];
            pairs[npairs] = (hit_pair){.from = from, .to_along = k * (WS_NDIRS / 2) + f};
            npairs += (t <= reach) & (int32_t)(gaps >> (t & 63) & 1u);
        }
    }
    return npairs;
}

/* find_multiple by pairs: each position is found once through its first two
 * shared cells, two hits on a line with only empty cells between them (see
 * gather_pairs). */
static int32_t multiple_by_pairs(const step_ctx *s, const layout *at, worker *wk,
                                 multi_pos *found, int32_t nhits)
{
    const unsigned allowed = s->params->dir_mask;
    const uint8_t *g = at->grid;
    hit *hits = wk->hits;
    /* A hit far out of reach, with a letter the word lacks, stands for "none yet". */
    const int16_t far = (int16_t)(-2 * WS_MAX_WORD);
    hits[nhits] = (hit){.r = far, .c = far, .letter = WS_EMPTY, .slot = NO_SLOT};
    const hit_pair *pairs = wk->pairs;
    const int32_t npairs =
        s->axes == ALL_AXES
            ? gather_pairs(s, hits, nhits, wk->last_on_line, wk->pairs, ALL_AXES)
            : gather_pairs(s, hits, nhits, wk->last_on_line, wk->pairs, s->axes);
    int32_t nfound = 0;
    for (int32_t n = 0; n < npairs; n++) {
        const int f = pairs[n].to_along % (WS_NDIRS / 2);
        const hit *a = &hits[pairs[n].from], *b = &hits[pairs[n].to_along / (WS_NDIRS / 2)];
        const int d = FORWARD[f], back = ws_opposite(d), step = s->step[d];
        const int32_t t = f == 0 ? b->c - a->c : b->r - a->r;
        const uint8_t *cell = g + cell_at(s, a->r, a->c);
        int32_t between = 1;
        while (between < t && cell[between * step] == WS_EMPTY)
            between++;
        if (between < t)
            continue; /* another letter or the shape's edge comes first */
        /* A word that goes on past the pair needs an empty cell there. */
        if ((allowed >> d & 1u) && (s->pair_gaps[a->slot][b->slot] >> t & 1u)) {
            const int open_behind = empty_at(s, g, a->r - WS_DROW[d], a->c - WS_DCOL[d]);
            for (int32_t i = s->first_at[a->letter]; i != NO_INDEX; i = s->next_at[i])
                if (i + t < s->len && s->letters[i + t] == b->letter && (i == 0 || open_behind))
                    nfound = find_pair(s, at, a->r, a->c, d, i, t, found, nfound);
        }
        if ((allowed >> back & 1u) && (s->pair_gaps[b->slot][a->slot] >> t & 1u)) {
            const int open_behind = empty_at(s, g, b->r + WS_DROW[d], b->c + WS_DCOL[d]);
            for (int32_t i = s->first_at[b->letter]; i != NO_INDEX; i = s->next_at[i])
                if (i + t < s->len && s->letters[i + t] == a->letter && (i == 0 || open_behind))
                    nfound = find_pair(s, at, b->r, b->c, back, i, t, found, nfound);
        }
    }
    return nfound;
}

/* Adds the board at `src` read k cells on (bit p of it is bit p + k of src; k
 * may be negative, within the board's pad) to the counters of n words: `ones`,
 * the starts where some index of the word meets its letter, and `twos`, those
 * where two or more do. */
static void count_shifted(uint64_t *restrict ones, uint64_t *restrict twos, const uint64_t *src,
                          int32_t n, int32_t k)
{
    const int32_t q = (k >= 0 ? k : -k) >> 6, r = (k >= 0 ? k : -k) & 63;
    /* A shift by 64 - r, split in two: r may be 0. */
    if (k >= 0) {
        const uint64_t *a = src + q;
        for (int32_t w = 0; w < n; w++) {
            const uint64_t m = a[w] >> r | (a[w + 1] << 1) << (63 - r);
            twos[w] |= ones[w] & m;
            ones[w] |= m;
        }
    } else {
        const uint64_t *a = src - q;
        for (int32_t w = 0; w < n; w++) {
            const uint64_t m = a[w] << r | (a[w - 1] >> 1) >> (63 - r);
            twos[w] |= ones[w] & m;
            ones[w] |= m;
        }
    }
}

/* find_multiple on boards: for each direction, every start at once. A board of
 * the cells holding each of the word's letters, read i steps on for index i,
 * counts the letters each start would share; the starts in range where two or
 * more would are laid one by one. */
static int32_t multiple_by_boards(const step_ctx *s, const layout *at, worker *wk,
                                  multi_pos *found, int32_t nhits)
{
    const int32_t nw = s->board_words, pad = s->board_pad;
    const size_t span = (size_t)(nw + 2 * pad), nslots = (size_t)s->nslots;
    uint64_t *letters = wk->boards; /* slot k's board from letters + k * span + pad */
    memset(letters, 0, nslots * span * sizeof(uint64_t));
    for (int32_t k = 0; k < nhits; k++) {
        const int32_t cell = wk->hit_at[k];
        letters[(size_t)wk->hits[k].slot * span + (size_t)pad + (size_t)(cell >> 6)] |=
            (uint64_t)1 << (cell & 63);
    }
    uint64_t *ones = letters + nslots * span, *twos = ones + nw;
    int32_t nfound = 0;
    for (int d = 0; d < WS_NDIRS; d++) {
        if (!((s->params->dir_mask >> d) & 1u))
            continue;
        memset(ones, 0, 2 * (size_t)nw * sizeof(uint64_t));
        for (int32_t i = 0; i < s->len; i++)
            count_shifted(ones, twos, letters + s->slot[s->letters[i]] * span + (size_t)pad, nw,
                          i * s->step[d]);
        const uint64_t *range = s->in_range + (size_t)d * (size_t)nw;
        for (int32_t w = 0; w < nw; w++)
            for (uint64_t bits = twos[w] & range[w]; bits; bits &= bits - 1) {
                const int32_t start = w * 64 + lowest_bit(bits);
                int8_t shared[WS_MAX_WORD];
                const int32_t n = lay(s, at->grid + start, d, shared);
                if (n >= 2 && !shares_two_with_one(s, at, start, d, shared, n))
                    found[nfound++] =
                        (multi_pos){.start = start, .dir = (uint8_t)d, .shared = (uint8_t)n};
            }
    }
    return nfound;
}

/* The valid positions sharing two or more cells of a grid, written to `found`
 * (room for WS_NDIRS per cell); returns how many, and the cells holding the
 * word's letters in the worker's hits (*hits_found of them). Found by pairs of
 * those cells when they are few, as in most grids, and on boards when they are
 * many for the grid's size, as in a big tight grid of long words (the 118
 * elements on 31x31: 28% fewer instructions than by pairs alone). Both find
 * the same positions. */
static int32_t find_multiple(const step_ctx *s, const layout *at, worker *wk, multi_pos *found,
                             int32_t *hits_found)
{
    const int32_t nhits = collect_hits(s, at, wk);
    *hits_found = nhits;
    if (nhits < 2)
        return 0;
    return s->boards_cost < (int64_t)HIT_PAIRS_COST * nhits
               ? multiple_by_boards(s, at, wk, found, nhits)
               : multiple_by_pairs(s, at, wk, found, nhits);
}

/* Whether the `len` cells from `start` along `dir` and the `other_len` from
 * `other` along `other_dir` have a cell in common. */
static int runs_meet(const step_ctx *s, int32_t start, int dir, int32_t len, int32_t other,
                     int other_dir, int32_t other_len)
{
    const int32_t other_r = s->row_of[other], other_c = s->col_of[other];
    for (int32_t j = 0; j < len; j++) {
        const int32_t r = s->row_of[start] + j * WS_DROW[dir];
        const int32_t c = s->col_of[start] + j * WS_DCOL[dir];
        if (ws_on_run(r, c, other_r, other_c, other_dir, other_len))
            return 1;
    }
    return 0;
}

/* An array of `*room` entries of `size` bytes, `used` of them in use, with room
 * for n more: the same array, or a bigger one (*room updated); NULL when out of
 * memory, the array left as it was. */
static void *with_room(void *array, size_t *room, size_t used, size_t n, size_t size)
{
    if (used + n <= *room)
        return array;
    void *grown = realloc(array, 2 * (used + n) * size);
    if (grown)
        *room = 2 * (used + n);
    return grown;
}

/* The positions sharing two or more cells of grandparent `gp`, found once for
 * all its children in the word (the worker's family of gp), *count of them;
 * the cells of gp holding the word's letters are kept beside them. Out of
 * memory for the family, they are found for each child again (in the worker's
 * `found`). */
static const multi_pos *family_of(const step_ctx *s, worker *wk, int32_t gp, int32_t *count)
{
    if (wk->family_round[gp] == wk->round) {
        *count = wk->family_count[gp];
        return wk->family + wk->family_first[gp];
    }
    const layout at = layout_of(s, s->grandparents, gp, s->word - 1);
    int32_t nhits;
    const int32_t n = find_multiple(s, &at, wk, wk->found, &nhits);
    *count = n;
    multi_pos *family = with_room(wk->family, &wk->family_room, wk->family_size, (size_t)n,
                                  sizeof(multi_pos));
    if (family)
        wk->family = family;
    hit *kin_hits = with_room(wk->kin_hits, &wk->hits_room, wk->hits_size, (size_t)nhits,
                              sizeof(hit));
    if (kin_hits)
        wk->kin_hits = kin_hits;
    if (!family || !kin_hits)
        return wk->found;
    multi_pos *kept = wk->family + wk->family_size;
    memcpy(kept, wk->found, (size_t)n * sizeof(multi_pos));
    memcpy(wk->kin_hits + wk->hits_size, wk->hits, (size_t)nhits * sizeof(hit));
    wk->family_round[gp] = wk->round;
    wk->family_first[gp] = wk->family_size;
    wk->family_count[gp] = n;
    wk->family_size += (size_t)n;
    wk->hits_first[gp] = wk->hits_size;
    wk->hits_count[gp] = nhits;
    wk->hits_size += (size_t)nhits;
    return kept;
}

/* Offers the word laid along d from `start` in parent p when it shares two or
 * more cells and is valid there. */
static void offer_through(const step_ctx *s, const layout *at, int32_t parent, uint64_t ph,
                          selector *sel, int32_t start, int d)
{
    int8_t shared[WS_MAX_WORD];
    const int32_t n = lay(s, at->grid + start, d, shared);
    if (n < 2)
        return;
    const int32_t score = s->parents->links[parent].score + s->len - n;
    const uint64_t key = own_key(ph, start, d);
    if (!sel_admits(sel, score, key) || shares_two_with_one(s, at, start, d, shared, n))
        return;
    offer(s, sel, parent, score, start, d, key);
}

/* Offers the position m of the family, found in the parent or its grandparent,
 * with its score in the parent: `letters` (the parent's and the word's) less
 * the cells it shares. */
static void offer_found(const step_ctx *s, selector *sel, int32_t parent, uint64_t ph,
                        int32_t letters, const multi_pos *m)
{
    const int32_t score = letters - m->shared;
    const uint64_t key = own_key(ph, m->start, m->dir);
    if (sel_admits(sel, score, key))
        offer(s, sel, parent, score, m->start, m->dir, key);
}

/* The pass of share class SHARE_TWO_OR_MORE: positions sharing two or more
 * cells. A parent is its parent (the grandparent) with one word more, and most
 * grandparents have several children in the pool, so the positions are found
 * once in the grandparent (family_of): those that do not meet the word last
 * placed are the same in the parent, with as many shared cells, and the rest
 * pass through one of that word's cells, which are all the parent needs to look
 * at itself. A position through two of them lies along that word and is turned
 * away. The first word has no grandparent and is looked for directly. */
static void offer_multiple(const step_ctx *s, worker *wk, int32_t parent, uint64_t ph)
{
    selector *sel = &wk->sel;
    const layout at = layout_of(s, s->parents, parent, s->word);
    const int32_t letters = s->parents->links[parent].score + s->len;
    if (s->word == 0) {
        int32_t nhits;
        const int32_t n = find_multiple(s, &at, wk, wk->found, &nhits);
        for (int32_t k = 0; k < n; k++)
            offer_found(s, sel, parent, ph, letters, &wk->found[k]);
        return;
    }
    const candidate *link = &s->parents->links[parent];
    const int32_t last = s->word - 1, last_len = s->lengths[last];
    int32_t count;
    const multi_pos *family = family_of(s, wk, link->parent, &count);
    for (int32_t k = 0; k < count; k++)
        if (!runs_meet(s, family[k].start, family[k].dir, s->len, link->start, link->dir,
                       last_len))
            offer_found(s, sel, parent, ph, letters, &family[k]);
    for (int32_t j = 0; j < last_len; j++) {
        const int32_t cell = link->start + j * s->step[link->dir];
        if (s->first_at[at.grid[cell]] == NO_INDEX)
            continue;
        /* Most positions through the cell clash at once, beside it: its eight
         * neighbours are read once, and the word's letters either side of
         * index i must find them empty or the same. */
        const uint64_t around = neighbours(s, at.grid + cell, cell);
        const unsigned empty = same_as(around, WS_EMPTY);
        for (int32_t i = s->first_at[at.grid[cell]]; i != NO_INDEX; i = s->next_at[i]) {
            unsigned dirs = fitting(s, i, cell);
            if (i < s->len - 1)
                dirs &= empty | same_as(around, s->letters[i + 1]);
            if (i > 0)
                dirs &= half_turn(empty | same_as(around, s->letters[i - 1]));
            for (; dirs; dirs &= dirs - 1) {
                const int d = lowest_dir(dirs);
                offer_through(s, &at, parent, ph, sel, cell - i * s->step[d], d);
            }
        }
    }
}

/* Whether the cells of the word laid along a step with index i on `cell`, but
 * for that cell and its two neighbours, are empty; read without a branch, as
 * most are. */
static int empty_beyond(const uint8_t *cell, int32_t step, int32_t i, int32_t len)
{
    unsigned letters = 0;
    for (int32_t k = 2; k <= i; k++)
        letters |= cell[-k * step];
    for (int32_t k = 2; k < len - i; k++)
        letters |= cell[k * step];
    return letters == WS_EMPTY;
}

/* The directions whose next cell from `at` lies inside the grid and is empty,
 * as bits (see step_ctx.around); NO_DIRS_YET, a value no set of directions
 * takes, stands for "not looked at yet". */
#define NO_DIRS_YET (WS_ALL_DIRS + 1u)

static unsigned empty_around(const step_ctx *s, const uint8_t *cell, int32_t at)
{
    return same_as(neighbours(s, cell, at), WS_EMPTY);
}

/* The pass of share class SHARE_ONE: positions sharing exactly one cell, both
 * neighbours along the word empty. */
static void offer_single(const step_ctx *s, int32_t parent, uint64_t ph, selector *sel,
                         const uint8_t *g, const hit *hits, int32_t nhits)
{
    const int32_t len = s->len;
    const int32_t score = s->parents->links[parent].score + len - 1;
    for (int32_t k = 0; k < nhits; k++) {
        const hit *a = &hits[k];
        const int32_t at = cell_at(s, a->r, a->c);
        const uint8_t *cell = g + at;
        unsigned open = NO_DIRS_YET;
        for (int32_t i = s->first_at[a->letter]; i != NO_INDEX; i = s->next_at[i]) {
            /* Where the bar has this score, keys decide and most groups lose:
             * the group's key is looked at first. Below it every group is let
             * in, and the neighbours come first: most cells of a full grid
             * leave no direction, and then the key is not worth making. */
            const int keys_decide = sel->has_bar && score == sel->bar.score;
            uint64_t group = 0;
            if (keys_decide && !sel_admits(sel, score, group = single_group_key(ph, at, i)))
                continue;
            /* Both neighbours along the word must be empty: the one ahead along
             * d, and the one ahead along d's opposite (their bits turned half
             * round). */
            if (open == NO_DIRS_YET)
                open = empty_around(s, cell, at);
            unsigned dirs = fitting(s, i, at);
            if (i > 0)
                dirs &= half_turn(open);
            if (i < len - 1)
                dirs &= open;
            if (!dirs)
                continue;
            if (!keys_decide && !sel_admits(sel, score, group = single_group_key(ph, at, i)))
                continue;
            for (; dirs; dirs &= dirs - 1) {
                const int d = lowest_dir(dirs);
                const int32_t start = at - i * s->step[d];
                if (!empty_beyond(cell, s->step[d], i, len))
                    continue;
                const uint64_t key = group | (own_key(ph, start, d) & LOW_HALF);
                if (sel_admits(sel, score, key))
                    offer(s, sel, parent, score, start, d, key);
            }
        }
    }
}

/* The pass of share class SHARE_ONE for parent p, at the cells of its grid
 * holding the word's letters: those its grandparent held, when the worker kept
 * them with the grandparent's family (offered in any order, the same children
 * are chosen), and those of the word placed last that were empty there; else
 * those collect_hits finds in the parent. */
static void offer_single_hits(const step_ctx *s, worker *wk, int32_t p, uint64_t ph,
                              const uint8_t *g)
{
    const candidate *link = &s->parents->links[p];
    if (s->word == 0 || wk->family_round[link->parent] != wk->round) {
        const layout at = layout_of(s, s->parents, p, s->word);
        const int32_t nhits = collect_hits(s, &at, wk);
        offer_single(s, p, ph, &wk->sel, g, wk->hits, nhits);
        return;
    }
    const int32_t gp = link->parent, last_len = s->lengths[s->word - 1];
    offer_single(s, p, ph, &wk->sel, g, wk->kin_hits + wk->hits_first[gp], wk->hits_count[gp]);
    const uint8_t *old = s->grandparents->grids + (size_t)gp * s->size;
    int32_t n = 0;
    for (int32_t j = 0; j < last_len; j++) {
        const int32_t cell = link->start + j * s->step[link->dir];
        if (old[cell] == WS_EMPTY && s->in_word[g[cell]])
            wk->hits[n++] = (hit){.r = s->row_of[cell], .c = s->col_of[cell], .letter = g[cell],
                                  .slot = s->slot[g[cell]]};
    }
    offer_single(s, p, ph, &wk->sel, g, wk->hits, n);
}

/* The pass of share class SHARE_NONE: positions over empty cells only (for a
 * scattered word, with its middle letter
 * in the word's region). They all tie on score, so the key alone
 * decides, and it comes in two halves: the high half is shared by every start in
 * one row and direction, the low half is the position's own. A row whose high
 * half already loses to the bar is skipped without looking at its cells. */
static void offer_open(const step_ctx *s, int32_t parent, uint64_t ph, selector *sel,
                       const uint8_t *g)
{
    const int32_t len = s->len, score = s->parents->links[parent].score + len;
    for (int d = 0; d < WS_NDIRS; d++) {
        const int32_t step = s->step[d];
        for (int32_t sr = s->open_row_lo[d]; sr <= s->open_row_hi[d]; sr++) {
            const uint64_t group = open_group_key(ph, sr, d);
            if (!sel_admits(sel, score, group))
                continue;
            for (int32_t sc = s->open_col_lo[d]; sc <= s->open_col_hi[d]; sc++) {
                const int32_t start = cell_at(s, sr, sc);
                const uint8_t *at = g + start;
                int32_t j = 0;
                while (j < len && at[j * step] == WS_EMPTY)
                    j++;
                if (j < len)
                    continue;
                const uint64_t key = group | (own_key(ph, start, d) & LOW_HALF);
                if (sel_admits(sel, score, key))
                    offer(s, sel, parent, score, start, d, key);
            }
        }
    }
}

void ws_realise_into(const step_ctx *s, int32_t p, uint8_t *grid, int32_t *starts,
                     uint8_t *dirs)
{
    if (s->word == 0) { /* the empty grid, the only puzzle with no word */
        memcpy(grid, s->parents->grids + (size_t)p * s->size, (size_t)s->size);
        return;
    }
    const ws_pack_params *params = s->params;
    const int32_t placed = s->word - 1, nwords = params->words.count;
    const candidate *link = &s->parents->links[p];
    const int32_t from = link->parent, start = link->start, dir = link->dir;
    const pool *old = s->grandparents;
    memcpy(grid, old->grids + (size_t)from * s->size, (size_t)s->size);
    const uint8_t *letters = params->words.letters + params->words.offsets[placed];
    for (int32_t j = 0; j < s->lengths[placed]; j++)
        grid[start + j * s->step[dir]] = letters[j];
    memcpy(starts, old->starts + (size_t)from * nwords, (size_t)placed * sizeof(int32_t));
    memcpy(dirs, old->dirs + (size_t)from * nwords, (size_t)placed);
    starts[placed] = start;
    dirs[placed] = (uint8_t)dir;
}

/* Writes out parent p in its pool (see pool). The first word's parent, the
 * empty grid, is written out from the start. */
static void realise(const step_ctx *s, int32_t p)
{
    if (s->word == 0)
        return;
    const size_t nwords = (size_t)s->params->words.count;
    ws_realise_into(s, p, s->parents->grids + (size_t)p * s->size,
                    s->parents->starts + (size_t)p * nwords, s->parents->dirs + (size_t)p * nwords);
}

int ws_any_not_own(const ws_pack_params *p, const ws_placed *placed, int32_t nplaced,
                   const int32_t *word, const int32_t *start, const uint8_t *dir, int32_t found)
{
    for (int32_t k = 0; k < found; k++) {
        const int32_t len = ws_blocklist_word_length(p->blocked, word[k]);
        const int32_t end = start[k] + (len - 1) * (WS_DROW[dir[k]] * p->cols + WS_DCOL[dir[k]]);
        int own = 0;
        for (int32_t v = 0; v < nplaced && !own; v++) {
            const int32_t vlen = p->words.offsets[v + 1] - p->words.offsets[v];
            own = ws_within_segment(start[k], end, placed->starts[v], placed->dirs[v], vlen,
                                    p->cols);
        }
        if (!own)
            return 1;
    }
    return 0;
}

/* Whether the blocked words are spelled on the run through `cell` along d's
 * line anywhere but inside one of the `nplaced` placed words' own letters. */
static int run_spells_blocked(const ws_pack_params *p, const uint8_t *grid,
                              const ws_placed *placed, int32_t nplaced, int32_t cell, int d)
{
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    if (ws_blocklist_scan_run(p->blocked, grid, p->rows, p->cols, cell, d, word, start, dir,
                              BLOCKED_READINGS, &found) != WS_OK)
        return 1;
    return ws_any_not_own(p, placed, nplaced, word, start, dir, found);
}

/* Whether the cell one step along d from `at` lies inside the grid and holds a
 * letter. */
static int letter_next(const step_ctx *s, const uint8_t *grid, int32_t at, int d)
{
    if (!(s->around[at] >> d & 1u))
        return 0;
    const uint8_t code = grid[at + s->step[d]];
    return code != WS_EMPTY && code != WS_BLOCKED;
}

/* What a reading of a list word on a partial layout's letters makes of it. */
typedef enum {
    READ_NOT_COUNTED, /* v's own placement, on a container's, or a container may
                         yet be laid over it */
    READ_FIRST,       /* v is not laid yet, and may be laid exactly there */
    READ_AGAIN        /* v reads here for good and also where it is or will be laid */
} reading_kind;

/* The kind of the reading of word v from cell `start` along `dir`, given the
 * first `nplaced` words. Once all v's containers are laid, nothing can take a
 * reading away (letters stay): laid, v then reads twice; not laid, it can
 * never be laid on a reading two of whose cells lie on one placed word (a word
 * shares at most one cell with each other word). */
static reading_kind kind_of(const step_ctx *s, const ws_placed *placed, int32_t nplaced,
                            int32_t v, int32_t start, int dir)
{
    const ws_pack_params *p = s->params;
    const int32_t len = s->lengths[v], cols = p->cols;
    const int32_t end = start + (len - 1) * s->step[dir];
    if (p->inside.offsets)
        for (int32_t i = p->inside.offsets[v]; i < p->inside.offsets[v + 1]; i++) {
            const int32_t c = p->inside.words[i];
            if (c >= nplaced || ws_within_segment(start, end, placed->starts[c], placed->dirs[c],
                                                  s->lengths[c], cols))
                return READ_NOT_COUNTED;
        }
    if (v < nplaced)
        return ws_within_segment(start, end, placed->starts[v], placed->dirs[v], len, cols)
                   ? READ_NOT_COUNTED
                   : READ_AGAIN;
    const int32_t r0 = start / cols, c0 = start % cols;
    for (int32_t q = 0; q < nplaced; q++) {
        if (placed->dirs[q] % (WS_NDIRS / 2) != dir % (WS_NDIRS / 2))
            continue; /* across the reading's line: one cell at most */
        int32_t on = 0;
        for (int32_t k = 0; k < len && on < 2; k++)
            on += ws_on_segment(r0 + k * WS_DROW[dir], c0 + k * WS_DCOL[dir], placed->starts[q],
                                placed->dirs[q], s->lengths[q], cols);
        if (on >= 2)
            return READ_AGAIN;
    }
    return READ_FIRST;
}

static uint64_t pending_bit(int32_t v)
{
    return (uint64_t)1 << (v % 64);
}

/* Whether word v reads again on the grid, by all its readings: one READ_AGAIN,
 * or two READ_FIRST (v can be laid on one of them only). One READ_FIRST sets
 * v's bit in *pending. */
static int word_reads_again(const step_ctx *s, const uint8_t *grid, const ws_placed *placed,
                            int32_t nplaced, int32_t v, uint64_t *pending)
{
    const ws_pack_params *p = s->params;
    const int32_t len = s->lengths[v];
    const uint8_t *word = p->words.letters + p->words.offsets[v];
    const unsigned dirs = ws_reading_dirs(word, len);
    int32_t first = 0;
    for (int32_t cell = 0; cell < s->size; cell++) {
        if (grid[cell] != word[0])
            continue;
        const int32_t r = cell / p->cols, c = cell % p->cols;
        for (int d = 0; d < WS_NDIRS; d++) {
            if (!(dirs >> d & 1u) || !ws_reads_at(grid, p->rows, p->cols, r, c, d, word, len))
                continue;
            const reading_kind kind = kind_of(s, placed, nplaced, v, cell, d);
            if (kind == READ_AGAIN || (kind == READ_FIRST && ++first == 2))
                return 1;
        }
    }
    if (first == 1)
        *pending |= pending_bit(v);
    return 0;
}

/* Whether the list's words read again (see word_reads_again) by their readings
 * on the run through `cell` along d's line, given *pending, the words that may
 * read once elsewhere, to which it adds. A run with more readings than
 * BLOCKED_READINGS (a long word holding many of the others) has every word
 * counted over the whole grid instead. */
static int run_reads_again(const step_ctx *s, const uint8_t *grid, const ws_placed *placed,
                           int32_t nplaced, int32_t cell, int d, uint64_t *pending)
{
    const ws_pack_params *p = s->params;
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    if (ws_blocklist_scan_run(s->own_words, grid, p->rows, p->cols, cell, d, word, start, dir,
                              BLOCKED_READINGS, &found) != WS_OK) {
        for (int32_t v = 0; v < p->words.count; v++)
            if (word_reads_again(s, grid, placed, nplaced, v, pending))
                return 1;
        return 0;
    }
    for (int32_t k = 0; k < found; k++) {
        const int32_t v = word[k];
        const reading_kind kind = kind_of(s, placed, nplaced, v, start[k], dir[k]);
        if (kind == READ_AGAIN)
            return 1;
        if (kind != READ_FIRST)
            continue;
        if (!(*pending & pending_bit(v)))
            *pending |= pending_bit(v); /* the first: the layout before held none */
        else if (word_reads_again(s, grid, placed, nplaced, v, pending))
            return 1; /* counted whole: this one again, or one more */
    }
    return 0;
}

/* Whether parent p, just written out, spells a blocked word outside its words'
 * own letters, or (with s->own_words) reads one of the list's words again (see
 * word_reads_again); then it is dropped. A layout that does has no finished
 * puzzle that does not (letters are never taken away), unless a later word is
 * laid exactly over a blocked reading, which pruning gives up.
 *
 * Its parent did neither, so what is new passes through a cell the word placed
 * last filled, along that word's line or across it at one of its new cells,
 * but for two things: the word laid last now reads again where it read once
 * before (the parent's pending bit, then all its readings are counted), and a
 * word whose last container it is now counts its readings (all counted). The
 * pending bits are the parent's and those found here (see pool). */
static int dead_now(const step_ctx *s, int32_t p)
{
    if (s->word == 0)
        return 0;
    const ws_pack_params *params = s->params;
    const size_t nwords = (size_t)params->words.count;
    const uint8_t *grid = s->parents->grids + (size_t)p * s->size;
    const ws_placed placed = {.starts = s->parents->starts + (size_t)p * nwords,
                              .dirs = s->parents->dirs + (size_t)p * nwords};
    const candidate *link = &s->parents->links[p];
    const uint8_t *before = s->grandparents->grids + (size_t)link->parent * s->size;
    const int32_t last = s->word - 1, last_len = s->lengths[last], d = link->dir;
    const int own = s->own_words != NULL;
    uint64_t pending = own ? s->grandparents->pending[link->parent] : 0;
    if (own && (pending & pending_bit(last)) &&
        word_reads_again(s, grid, &placed, s->word, last, &pending))
        return 1;
    /* The run along the word is the word alone when no letter abuts either end,
     * and every blocked reading in it is then the word's own; the list's words
     * in it are the word and those it holds, which count only when the word is
     * not named as their container (see holds_counted). */
    const int32_t end = link->start + (last_len - 1) * s->step[d];
    const int abuts = letter_next(s, grid, link->start, (d + WS_NDIRS / 2) % WS_NDIRS) ||
                      letter_next(s, grid, end, d);
    if (abuts && run_spells_blocked(params, grid, &placed, s->word, link->start, d))
        return 1;
    if (own && (abuts || s->holds_counted[last]) &&
        run_reads_again(s, grid, &placed, s->word, link->start, d, &pending))
        return 1;
    for (int32_t j = 0; j < last_len; j++) {
        const int32_t cell = link->start + j * s->step[d];
        if (before[cell] != WS_EMPTY)
            continue; /* the lines across it are as they were */
        /* A line with no letter either side of the cell holds no reading through
         * it (a blocked word has two letters or more): most, in a sparse grid. */
        const uint64_t around = neighbours(s, grid + cell, cell);
        const unsigned beside = WS_ALL_DIRS & ~(same_as(around, WS_EMPTY) |
                                                same_as(around, WS_BLOCKED));
        unsigned lines = (beside | half_turn(beside)) & WS_HALF_DIRS &
                         ~(1u << d % (WS_NDIRS / 2));
        for (; lines; lines &= lines - 1) {
            const int across = lowest_dir(lines);
            ws_line_window window;
            ws_line_window_read(grid, params->rows, params->cols, cell, across, &window);
            if (ws_blocklist_may_read_window(params->blocked, &window) &&
                run_spells_blocked(params, grid, &placed, s->word, cell, across))
                return 1;
            if (own && ws_blocklist_may_read_window(s->own_words, &window) &&
                run_reads_again(s, grid, &placed, s->word, cell, across, &pending))
                return 1;
        }
    }
    if (own) {
        for (int32_t i = s->closed_offsets[last]; i < s->closed_offsets[last + 1]; i++)
            if (word_reads_again(s, grid, &placed, s->word, s->closed[i], &pending))
                return 1;
        s->parents->pending[p] = pending;
    }
    return 0;
}

/* Expands parents [lo, hi) in the pass of one share class, writing them out
 * first in the word's first pass. Returns where it stopped: hi, or the first
 * parent with too many letters for the bar, as then so have all after it. */
int32_t ws_expand_parents(worker *wk, share_class kind, int32_t lo, int32_t hi,
                          int32_t *since_sync)
{
    const step_ctx *s = wk->step;
    selector *sel = &wk->sel;
    /* The fewest letters a child of this kind adds. */
    const int32_t added = kind == SHARE_NONE ? s->len : kind == SHARE_ONE ? s->len - 1 : 0;
    for (int32_t p = lo; p < hi; p++) {
        if (wk->nworkers > 1 && ++*since_sync == BAR_SYNC_INTERVAL) {
            ws_sel_try_flush(sel);
            *since_sync = 0;
        }
        /* Parents come fewest letters first. */
        if (sel->has_bar && s->parents->links[p].score + added > sel->bar.score)
            return p;
        if (kind == s->first_pass) {
            realise(s, p);
            if (s->dead)
                s->dead[p] = (uint8_t)dead_now(s, p);
        }
        if (s->dead && s->dead[p])
            continue;
        const uint64_t ph = parent_hash(s, p);
        const uint8_t *g = s->parents->grids + (size_t)p * s->size;
        if (kind == SHARE_NONE) {
            offer_open(s, p, ph, sel, g);
            continue;
        }
        if (kind == SHARE_TWO_OR_MORE) {
            offer_multiple(s, wk, p, ph);
            continue;
        }
        offer_single_hits(s, wk, p, ph, g);
    }
    return hi;
}

