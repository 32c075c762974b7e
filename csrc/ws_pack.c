#include "ws_pack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define NO_INDEX (-1)
#define NO_SLOT WS_MAX_WORD
/* Lines of the four forward directions in a rows x cols grid (see line_of). */
#define LINE_COUNT(rows, cols) (3 * ((rows) + (cols)) - 2)

typedef struct {
    int32_t score; /* letters on the grid once the word is placed */
    int32_t parent; /* where the parent lies in the pool */
    int32_t start;
    int16_t dir;
    int16_t worker; /* that offered it: the parent's grid is in its cache (see expand) */
    uint64_t key;
    uint64_t parent_key; /* the key that chose the parent: who it is, wherever it lies */
} candidate;

static int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }
static int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }

/* The total order that decides which children survive. */
static int cand_less(const candidate *a, const candidate *b)
{
    if (a->score != b->score)
        return a->score < b->score;
    if (a->key != b->key)
        return a->key < b->key;
    if (a->parent_key != b->parent_key)
        return a->parent_key < b->parent_key;
    if (a->start != b->start)
        return a->start < b->start;
    return a->dir < b->dir;
}

static void swap_cand(candidate *a, int32_t i, int32_t j)
{
    const candidate t = a[i];
    a[i] = a[j];
    a[j] = t;
}

/* Hoare partition of a[lo..hi] around the median of three: afterwards
 * a[lo..*pj] <= pivot <= a[*pi..hi] and *pj < *pi. */
static void partition(candidate *a, int32_t lo, int32_t hi, int32_t *pi, int32_t *pj)
{
    const int32_t mid = lo + (hi - lo) / 2;
    if (cand_less(&a[mid], &a[lo]))
        swap_cand(a, lo, mid);
    if (cand_less(&a[hi], &a[lo]))
        swap_cand(a, lo, hi);
    if (cand_less(&a[hi], &a[mid]))
        swap_cand(a, mid, hi);
    const candidate pivot = a[mid];
    int32_t i = lo, j = hi;
    while (i <= j) {
        while (cand_less(&a[i], &pivot))
            i++;
        while (cand_less(&pivot, &a[j]))
            j--;
        if (i <= j)
            swap_cand(a, i++, j--);
    }
    *pi = i;
    *pj = j;
}

/* Rearranges a[0..n) so that a[0..k) are the k smallest, a[k-1] the largest of them. */
static void select_smallest(candidate *a, int32_t n, int32_t k)
{
    int32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        int32_t i, j;
        partition(a, lo, hi, &i, &j);
        if (k - 1 <= j)
            hi = j;
        else if (k - 1 >= i)
            lo = i;
        else
            break;
    }
}

/* Sorts best first: quicksort with the comparison inlined, insertion sort for short runs. */
static void sort_candidates(candidate *a, int32_t n)
{
    while (n > 16) {
        int32_t i, j;
        partition(a, 0, n - 1, &i, &j);
        if (j + 1 < n - i) {
            sort_candidates(a, j + 1);
            a += i;
            n -= i;
        } else {
            sort_candidates(a + i, n - i);
            n = j + 1;
        }
    }
    for (int32_t i = 1; i < n; i++) {
        const candidate c = a[i];
        int32_t j = i;
        while (j > 0 && cand_less(&c, &a[j - 1])) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = c;
    }
}

/* Orders candidates by parent, keeping their order among equals: a counting
 * sort. `counts` has room for beam + 1 entries. */
static void sort_by_parent(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                           int32_t parents)
{
    memset(counts, 0, (size_t)(parents + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < n; i++)
        counts[in[i].parent + 1]++;
    for (int32_t v = 0; v < parents; v++)
        counts[v + 1] += counts[v];
    for (int32_t i = 0; i < n; i++)
        out[counts[in[i].parent]++] = in[i];
}

/* Keeps the `keep` best candidates offered, for all workers together.
 * Candidates are appended to a buffer twice that size and cut back to the best
 * `keep` when it fills; the worst survivor of the last cut is the bar any
 * newcomer must beat. Amortised O(1) per candidate. The cut runs outside the
 * lock: the worker that fills the buffer takes it away and leaves the spare for
 * newcomers, so that the others need not wait (see selection_cut). */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cut_done;
    int32_t nworkers;   /* that add: with more than one, the lock is taken */
    candidate *items;   /* room for 2 * keep */
    candidate *spare;   /* room for 2 * keep */
    int32_t size, keep;
    int cutting;        /* a worker is cutting the buffer it took away */
    int32_t expanding;  /* workers not yet through the word */
    int has_bar;
    candidate bar;
} selection;

/* Empties the selection; a bar, when given, turns away every candidate not better. */
static void selection_reset(selection *all, const candidate *bar)
{
    all->size = 0;
    all->expanding = all->nworkers;
    all->has_bar = bar != NULL;
    if (bar)
        all->bar = *bar;
}

/* Cuts the full buffer to the best `keep`, with the lock held when workers
 * share it but released while choosing. Newcomers meanwhile go to the spare,
 * which takes at most `keep` of them; they then join the survivors if they
 * beat the new bar. */
static void selection_cut(selection *all)
{
    candidate *full = all->items;
    const int32_t n = all->size, keep = all->keep;
    all->items = all->spare;
    all->size = 0;
    all->cutting = 1;
    if (all->nworkers > 1)
        pthread_mutex_unlock(&all->lock);
    select_smallest(full, n, keep);
    if (all->nworkers > 1)
        pthread_mutex_lock(&all->lock);
    all->bar = full[keep - 1];
    all->has_bar = 1;
    int32_t kept = keep;
    for (int32_t i = 0; i < all->size; i++)
        if (cand_less(&all->items[i], &all->bar))
            full[kept++] = all->items[i];
    all->spare = all->items;
    all->items = full;
    all->size = kept;
    all->cutting = 0;
    if (all->nworkers > 1)
        pthread_cond_broadcast(&all->cut_done);
}

/* Appends a candidate that beats the bar, making room first if needed. */
static void selection_add(selection *all, const candidate *c)
{
    for (;;) {
        const int32_t room = all->cutting ? all->keep : 2 * all->keep;
        if (all->size < room)
            break;
        if (all->cutting)
            pthread_cond_wait(&all->cut_done, &all->lock);
        else
            selection_cut(all);
        if (all->has_bar && !cand_less(c, &all->bar))
            return;
    }
    all->items[all->size++] = *c;
}

/* Candidates a worker gathers before taking the selection's lock; it also
 * hands them over every BAR_SYNC_INTERVAL parents if the lock is free. Measured
 * against 256: two threads about a millisecond faster on 20 words, one the same. */
#define BATCH 2048

/* A worker's handle on the selection: the last bar it saw and a batch of
 * candidates not yet handed over. The bar only ever tightens, so an old copy
 * prunes less but never wrongly. */
typedef struct {
    selection *all;
    int16_t worker;
    int has_bar;
    candidate bar;
    int32_t nbatch;
    candidate batch[BATCH];
} selector;

/* Whether a child with this score and key could still be kept. */
static int sel_admits(const selector *sel, int32_t score, uint64_t key)
{
    return !sel->has_bar || score < sel->bar.score ||
           (score == sel->bar.score && key <= sel->bar.key);
}

/* Hands the batch over and refreshes the worker's copy of the bar, under the
 * selection's lock when workers share it. */
static void sel_hand_over(selector *sel)
{
    selection *all = sel->all;
    for (int32_t i = 0; i < sel->nbatch; i++) {
        const candidate *c = &sel->batch[i];
        if (!all->has_bar || cand_less(c, &all->bar))
            selection_add(all, c);
    }
    sel->nbatch = 0;
    sel->has_bar = all->has_bar;
    sel->bar = all->bar;
}

static void sel_flush(selector *sel)
{
    selection *all = sel->all;
    if (all->nworkers == 1) {
        sel_hand_over(sel);
        return;
    }
    pthread_mutex_lock(&all->lock);
    sel_hand_over(sel);
    pthread_mutex_unlock(&all->lock);
}

/* Flushes unless another worker holds the lock: a fresher bar is worth having,
 * but not worth waiting for while the batch has room. */
static void sel_try_flush(selector *sel)
{
    selection *all = sel->all;
    if (pthread_mutex_trylock(&all->lock) != 0)
        return;
    sel_hand_over(sel);
    pthread_mutex_unlock(&all->lock);
}

static void sel_add(selector *sel, const candidate *c)
{
    if (sel->has_bar && !cand_less(c, &sel->bar))
        return;
    sel->batch[sel->nbatch++] = *c;
    if (sel->nbatch == BATCH)
        sel_flush(sel);
}

/* Partial puzzles, in one region for each worker (see expand), each fewest
 * letters first; where a puzzle lies decides nothing (see parent_hash).
 *
 * A puzzle comes into the pool as a link: the candidate that chose it, which
 * names its parent in the pool before and where the word goes. Its grid and
 * its placements are written out (realised) by the worker that first expands
 * it, which then finds them in its cache; a puzzle nobody expands has no
 * children and is never written out. */
typedef struct {
    uint8_t *grids;         /* cap * rows * cols */
    int32_t *starts;        /* cap * nwords */
    uint8_t *dirs;          /* cap * nwords */
    candidate *links;       /* size */
    int32_t size;
    int32_t lowest;         /* the fewest letters */
} pool;

struct ws_workspace {
    unsigned char *memory;
    size_t size;
};

ws_workspace *ws_workspace_new(void)
{
    return calloc(1, sizeof(ws_workspace));
}

void ws_workspace_free(ws_workspace *ws)
{
    if (ws)
        free(ws->memory);
    free(ws);
}

/* The arrays laid out together (see memory_layout) start on cache lines of their own. */
#define MEMORY_ALIGN 64

static size_t aligned(size_t bytes)
{
    return (bytes + MEMORY_ALIGN - 1) / MEMORY_ALIGN * MEMORY_ALIGN;
}

/* Sizes of the arrays a call needs in proportion to its beam: two pools (see
 * pool) and three selection buffers (see ws_pack), laid out one after another. */
typedef struct {
    size_t grids, starts, dirs, buffer;
} memory_layout;

static size_t memory_bytes(const memory_layout *l)
{
    const size_t pool_bytes = aligned(l->grids) + aligned(l->starts) + aligned(l->dirs);
    return 2 * pool_bytes + 3 * aligned(l->buffer);
}

static void carve_memory(unsigned char *at, const memory_layout *l, pool *pools[2],
                        candidate *buffers[3])
{
    for (int k = 0; k < 2; k++) {
        pools[k]->grids = at;
        at += aligned(l->grids);
        pools[k]->starts = (int32_t *)(void *)at;
        at += aligned(l->starts);
        pools[k]->dirs = at;
        at += aligned(l->dirs);
    }
    for (int k = 0; k < 3; k++) {
        buffers[k] = (candidate *)(void *)at;
        at += aligned(l->buffer);
    }
}

/* Memory of `bytes` for the call: the workspace's when it is big enough; else
 * new memory, which the workspace keeps instead of its own unless it is too big. */
static unsigned char *take_memory(ws_workspace *ws, size_t bytes)
{
    if (ws && ws->size >= bytes)
        return ws->memory;
    void *memory = NULL;
    if (posix_memalign(&memory, MEMORY_ALIGN, bytes) != 0)
        return NULL;
    if (ws && bytes <= WS_WORKSPACE_KEEP) {
        free(ws->memory);
        ws->memory = memory;
        ws->size = bytes;
    }
    return memory;
}

static void give_back_memory(ws_workspace *ws, unsigned char *memory)
{
    if (!ws || memory != ws->memory)
        free(memory);
}

/* The three kinds of child, in the order that sharpens the bar fastest: most
 * shared cells first, so that most single and open positions are passed over. */
typedef enum { SHARE_TWO_OR_MORE, SHARE_ONE, SHARE_NONE } pass;

/* What every worker needs to expand the pool by one word; read-only but for the
 * parents, which each worker realises as it comes to them (see pool). */
typedef struct {
    const ws_pack_params *params;
    pool *parents;                /* workers realise the parents they expand */
    const pool *grandparents;     /* the pool before: the parents' parents */
    const int32_t *lengths; /* length of each word */
    int32_t word;
    pass first_pass;              /* the one that writes the parents out */
    const uint8_t *letters;
    int32_t len;
    int8_t first_at[256];         /* first index of each cell code in the word, or NO_INDEX */
    int8_t next_at[WS_MAX_WORD];  /* next index holding the same letter */
    uint8_t in_word[256];         /* 1 for each letter code in the word, else 0 */
    /* pair_gaps[a][b] bit t: some i has word[i] == the letter of slot a and
     * word[i + t] == that of slot b. Slots number the word's distinct letters;
     * every other cell code has slot NO_SLOT, whose rows are all zero. */
    uint8_t slot[256];
    uint64_t pair_gaps[WS_MAX_WORD + 1][WS_MAX_WORD + 1];
    uint64_t either_gaps[WS_MAX_WORD + 1][WS_MAX_WORD + 1]; /* pair_gaps[a][b] | pair_gaps[b][a] */
    int32_t row_lo[WS_NDIRS], row_hi[WS_NDIRS]; /* valid start rows, inclusive */
    int32_t col_lo[WS_NDIRS], col_hi[WS_NDIRS];
    /* The starts of positions over empty cells only: for a scattered word, only
     * those that put its middle letter in its region. */
    int32_t open_row_lo[WS_NDIRS], open_row_hi[WS_NDIRS];
    int32_t open_col_lo[WS_NDIRS], open_col_hi[WS_NDIRS];
    const int16_t *row_of, *col_of; /* row and column of each cell */
    int32_t size;                 /* rows * cols */
    int32_t step[WS_NDIRS];       /* offset of one step in a grid */
} step_ctx;

static int32_t cell_at(const step_ctx *s, int32_t r, int32_t c)
{
    return r * s->params->cols + c;
}

static void step_prepare(step_ctx *s, int32_t word)
{
    const ws_pack_params *p = s->params;
    s->word = word;
    /* A scattered word crosses nothing: only the open pass. */
    s->first_pass = word < p->scattered ? SHARE_NONE : SHARE_TWO_OR_MORE;
    s->letters = p->words.letters + p->words.offsets[word];
    s->len = s->lengths[word];
    memset(s->first_at, NO_INDEX, sizeof s->first_at);
    for (int32_t i = s->len - 1; i >= 0; i--) {
        s->next_at[i] = s->first_at[s->letters[i]];
        s->first_at[s->letters[i]] = (int8_t)i;
    }
    for (int x = 0; x < 256; x++)
        s->in_word[x] = s->first_at[x] != NO_INDEX;
    memset(s->slot, NO_SLOT, sizeof s->slot);
    uint8_t slots = 0;
    for (int32_t i = 0; i < s->len; i++)
        if (s->first_at[s->letters[i]] == i)
            s->slot[s->letters[i]] = slots++;
    memset(s->pair_gaps, 0, sizeof s->pair_gaps);
    for (int32_t i = 0; i < s->len; i++)
        for (int32_t t = 1; i + t < s->len; t++)
            s->pair_gaps[s->slot[s->letters[i]]][s->slot[s->letters[i + t]]] |= (uint64_t)1 << t;
    for (int a = 0; a <= WS_MAX_WORD; a++)
        for (int b = 0; b <= WS_MAX_WORD; b++)
            s->either_gaps[a][b] = s->pair_gaps[a][b] | s->pair_gaps[b][a];
    const int32_t reach = s->len - 1;
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
            s->open_row_lo[d] = max32(s->open_row_lo[d], region[0] - half * WS_DROW[d]);
            s->open_row_hi[d] = min32(s->open_row_hi[d], region[1] - half * WS_DROW[d]);
            s->open_col_lo[d] = max32(s->open_col_lo[d], region[2] - half * WS_DCOL[d]);
            s->open_col_hi[d] = min32(s->open_col_hi[d], region[3] - half * WS_DCOL[d]);
        }
    }
}

static int on_segment(int32_t r, int32_t c, int32_t start, int dir, int32_t len,
                      int32_t cols)
{
    const int32_t dr = r - start / cols, dc = c - start % cols;
    const int32_t t = WS_DROW[dir] != 0 ? dr * WS_DROW[dir] : dc * WS_DCOL[dir];
    return t >= 0 && t < len && dr == t * WS_DROW[dir] && dc == t * WS_DCOL[dir];
}

/* True when two of the shared cells belong to one word already placed. */
static int shares_two_with_one(const step_ctx *s, int32_t parent, int32_t start,
                               int dir, const int8_t *shared, int32_t nshared)
{
    const int32_t cols = s->params->cols, nwords = s->params->words.count;
    const int32_t *starts = s->parents->starts + (size_t)parent * nwords;
    const uint8_t *dirs = s->parents->dirs + (size_t)parent * nwords;
    const int32_t r0 = start / cols, c0 = start % cols;
    for (int32_t q = 0; q < s->word; q++) {
        if (dirs[q] != dir && dirs[q] != ws_opposite(dir))
            continue; /* a word across this line meets it in one cell at most */
        int32_t hits = 0;
        for (int32_t k = 0; k < nshared; k++) {
            const int32_t r = r0 + shared[k] * WS_DROW[dir];
            const int32_t c = c0 + shared[k] * WS_DCOL[dir];
            if (on_segment(r, c, starts[q], dirs[q], s->lengths[q], cols) && ++hits >= 2)
                return 1;
        }
    }
    return 0;
}

/* Seeds the keys of a parent's children from the parent's own key, not from
 * where it lies in the pool, so the pool need not be in any order beyond its
 * letter counts. */
static uint64_t parent_hash(const step_ctx *s, int32_t parent)
{
    const uint64_t id =
        s->parents->links[parent].key + (uint64_t)(uint32_t)s->word * WS_GOLDEN_GAMMA;
    return ws_mix64(s->params->seed ^ ws_mix64(id));
}

/* Half of SplitMix64: enough to spread the candidates of one parent evenly. */
static uint64_t candidate_key(uint64_t parent_hash, int32_t start, int dir)
{
    const uint64_t id = (uint64_t)(uint32_t)start * WS_NDIRS + (uint64_t)dir;
    uint64_t z = parent_hash + id * WS_GOLDEN_GAMMA;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9u;
    return z ^ (z >> 32);
}

#define LOW_HALF 0xFFFFFFFFu
/* Keeps the domains of grouped keys apart. */
#define SINGLE_GROUP_DOMAIN 0xD1B54A32D192ED03u

/* Positions that share exactly one cell tie on score with every other such
 * position of the parent, so like open positions their keys come in two halves:
 * the high half is shared by the positions through one cell at one index of the
 * word, and a group that already loses to the bar is passed over whole. */
static uint64_t single_group_key(uint64_t parent_hash, int32_t cell, int32_t index)
{
    const uint64_t id = (uint64_t)(uint32_t)cell * WS_MAX_WORD + (uint64_t)index;
    return ws_mix64(parent_hash ^ (SINGLE_GROUP_DOMAIN + id)) & ~(uint64_t)LOW_HALF;
}

/* A cell of the parent grid holding one of the word's letters. */
typedef struct {
    int16_t r, c;
    uint8_t letter, slot; /* slot: see step_ctx */
} hit;

/* The cells holding the word's letters, in row-major order. Their places are
 * gathered first, writing every cell's and advancing only at a hit, so the scan
 * that every parent pays for has no branch to mispredict and one store a cell;
 * `at` and `hits` have room for one more than the cells. */
static int32_t collect_hits(const step_ctx *s, const uint8_t *g, int32_t *restrict at,
                            hit *restrict hits)
{
    /* Locals, not fields: a byte stored into `hits` could alias any of them. */
    const int32_t size = s->size;
    const uint8_t *restrict in_word = s->in_word;
    int32_t n = 0;
#pragma GCC unroll 4
    for (int32_t i = 0; i < size; i++) {
        at[n] = i;
        n += in_word[g[i]];
    }
    for (int32_t k = 0; k < n; k++)
        hits[k] = (hit){s->row_of[at[k]], s->col_of[at[k]], g[at[k]], s->slot[g[at[k]]]};
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

static int starts_in_range(const step_ctx *s, int32_t sr, int32_t sc, int d)
{
    return sr >= s->row_lo[d] && sr <= s->row_hi[d] && sc >= s->col_lo[d] && sc <= s->col_hi[d];
}

/* Hands a child of `parent` to the worker's selector. */
static void offer(const step_ctx *s, selector *h, int32_t parent, int32_t score, int32_t start,
                  int d, uint64_t key)
{
    const candidate c = {score, parent, start, (int16_t)d, h->worker, key,
                         s->parents->links[parent].key};
    sel_add(h, &c);
}

/* Offers the word laid along d with index i on cell (r, c) when that cell and
 * the one t further on are its first two shared cells. */
static void offer_pair(const step_ctx *s, int32_t parent, uint64_t ph, selector *h,
                       const uint8_t *g, int32_t r, int32_t c, int d, int32_t i, int32_t t)
{
    const int32_t sr = r - i * WS_DROW[d], sc = c - i * WS_DCOL[d];
    if (!starts_in_range(s, sr, sc, d))
        return;
    const int32_t start = cell_at(s, sr, sc);
    int8_t shared[WS_MAX_WORD];
    const int32_t n = lay(s, g + start, d, shared);
    if (n < 2 || shared[0] != i || shared[1] != i + t)
        return;
    const int32_t score = s->parents->links[parent].score + s->len - n;
    const uint64_t key = candidate_key(ph, start, d);
    if (!sel_admits(h, score, key) || shares_two_with_one(s, parent, start, d, shared, n))
        return;
    offer(s, h, parent, score, start, d, key);
}

/* Directions E, SE, S, SW: a pair of cells on a line is met once, looking from
 * the earlier cell in row-major order, and read both ways. */
static const int FORWARD[WS_NDIRS / 2] = {2, 3, 4, 5};

/* Two hits on a line whose letters the word holds as far apart, in one order
 * or the other: indices in the hits, `from` the earlier, and `to` times
 * WS_NDIRS / 2 plus the forward direction's index in FORWARD. */
typedef struct {
    int32_t from, to_along;
} hit_pair;

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
    return r >= 0 && r < s->params->rows && c >= 0 && c < s->params->cols &&
           g[cell_at(s, r, c)] == WS_EMPTY;
}

/* Positions sharing two or more cells, found once each through their first two
 * shared cells: two hits on a line with only empty cells between them. Hits
 * come in row-major order, so the hit met last on each line is the one just
 * before along it; pairs are gathered without a branch on the grid, since few of
 * them are letters the word holds that far apart. */
static void offer_multiple(const step_ctx *s, int32_t parent, uint64_t ph, selector *h,
                           const uint8_t *g, hit *hits, int32_t nhits, int32_t *last_on_line,
                           hit_pair *pairs)
{
    const int32_t rows = s->params->rows, cols = s->params->cols, reach = s->len - 1;
    const unsigned allowed = s->params->dir_mask;
    /* A hit far out of reach, with a letter the word lacks, stands for "none yet". */
    const int16_t far = (int16_t)(-2 * WS_MAX_WORD);
    hits[nhits] = (hit){far, far, WS_EMPTY, NO_SLOT};
    for (int32_t i = 0; i < LINE_COUNT(rows, cols); i++)
        last_on_line[i] = nhits;
    int32_t npairs = 0;
    for (int32_t k = 0; k < nhits; k++) {
        const hit *b = &hits[k];
        const uint64_t *gaps_to_b = s->either_gaps[b->slot];
        for (int f = 0; f < WS_NDIRS / 2; f++) {
            const int32_t line = line_of(f, b->r, b->c, rows, cols);
            const int32_t from = last_on_line[line];
            last_on_line[line] = k;
            /* Rows are met along their columns, every other line along its rows. */
            const int32_t t = f == 0 ? b->c - hits[from].c : b->r - hits[from].r;
            const uint64_t gaps = gaps_to_b[hits[from].slot];
            pairs[npairs] = (hit_pair){from, k * (WS_NDIRS / 2) + f};
            npairs += (t <= reach) & (int32_t)(gaps >> (t & 63) & 1u);
        }
    }
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
                    offer_pair(s, parent, ph, h, g, a->r, a->c, d, i, t);
        }
        if ((allowed >> back & 1u) && (s->pair_gaps[b->slot][a->slot] >> t & 1u)) {
            const int open_behind = empty_at(s, g, b->r + WS_DROW[d], b->c + WS_DCOL[d]);
            for (int32_t i = s->first_at[b->letter]; i != NO_INDEX; i = s->next_at[i])
                if (i + t < s->len && s->letters[i + t] == a->letter && (i == 0 || open_behind))
                    offer_pair(s, parent, ph, h, g, b->r, b->c, back, i, t);
        }
    }
}

/* Positions sharing exactly one cell: both neighbours along the word are empty. */
static void offer_single(const step_ctx *s, int32_t parent, uint64_t ph, selector *h,
                         const uint8_t *g, const hit *hits, int32_t nhits)
{
    const int32_t len = s->len;
    const int32_t score = s->parents->links[parent].score + len - 1;
    int8_t shared[WS_MAX_WORD];
    for (int32_t k = 0; k < nhits; k++) {
        const hit *a = &hits[k];
        const int32_t at = cell_at(s, a->r, a->c);
        const uint8_t *cell = g + at;
        for (int32_t i = s->first_at[a->letter]; i != NO_INDEX; i = s->next_at[i]) {
            const uint64_t group = single_group_key(ph, at, i);
            if (!sel_admits(h, score, group))
                continue;
            for (int d = 0; d < WS_NDIRS; d++) {
                if (!(s->params->dir_mask >> d & 1u))
                    continue;
                const int32_t sr = a->r - i * WS_DROW[d], sc = a->c - i * WS_DCOL[d];
                if (!starts_in_range(s, sr, sc, d))
                    continue;
                /* Both neighbours along the word lie inside it, so inside the grid. */
                if ((i > 0 && cell[-s->step[d]] != WS_EMPTY) ||
                    (i < len - 1 && cell[s->step[d]] != WS_EMPTY))
                    continue;
                const int32_t start = cell_at(s, sr, sc);
                const uint64_t key = group | (candidate_key(ph, start, d) & LOW_HALF);
                if (!sel_admits(h, score, key) || lay(s, g + start, d, shared) != 1)
                    continue;
                offer(s, h, parent, score, start, d, key);
            }
        }
    }
}

/* Positions over empty cells only (for a scattered word, with its middle letter
 * in the word's region). They all tie on score, so the key alone
 * decides, and it comes in two halves: the high half is shared by every start in
 * one row and direction, the low half is the position's own. A row whose high
 * half already loses to the bar is skipped without looking at its cells. */
static void offer_open(const step_ctx *s, int32_t parent, uint64_t ph, selector *h,
                       const uint8_t *g)
{
    const int32_t len = s->len, score = s->parents->links[parent].score + len;
    for (int d = 0; d < WS_NDIRS; d++) {
        const int32_t step = s->step[d];
        for (int32_t sr = s->open_row_lo[d]; sr <= s->open_row_hi[d]; sr++) {
            const uint64_t row_id = (uint64_t)(sr * WS_NDIRS + d);
            const uint64_t row_key = ws_mix64(ph ^ row_id) & ~(uint64_t)LOW_HALF;
            if (!sel_admits(h, score, row_key))
                continue;
            for (int32_t sc = s->open_col_lo[d]; sc <= s->open_col_hi[d]; sc++) {
                const int32_t start = cell_at(s, sr, sc);
                const uint64_t key = row_key | (candidate_key(ph, start, d) & LOW_HALF);
                if (!sel_admits(h, score, key))
                    continue;
                const uint8_t *at = g + start;
                int32_t j = 0;
                while (j < len && at[j * step] == WS_EMPTY)
                    j++;
                if (j == len) {
                    offer(s, h, parent, score, start, d, key);
                }
            }
        }
    }
}

/* Parents a worker expands between looks at the shared bar, when others add too. */
#define BAR_SYNC_INTERVAL 64

/* The blocks of parents a worker owns (see PARENT_BLOCK), in the current pass. */
typedef struct {
    pthread_mutex_t lock;
    int32_t next;      /* blocks taken so far in the pass, by anyone */
    int32_t count;     /* blocks the owner has */
} block_queue;

/* Where the workers wait for each other between passes. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t all_in;
    int32_t arrived;
    uint64_t passes;   /* passes ended so far */
} pass_gate;

typedef struct worker worker;
struct worker {
    const step_ctx *step;
    worker *team;          /* all workers, this one among them */
    int32_t index, nworkers;
    int32_t first_parent, nparents; /* its region of the pool */
    block_queue queue;
    pass_gate *gate;
    selector sel;
    int32_t *hit_at;         /* scratch: one per grid cell, and one more */
    hit *hits;               /* scratch: one per grid cell, and one more */
    int32_t *last_on_line;   /* scratch: LINE_COUNT */
    hit_pair *pairs;         /* scratch: WS_NDIRS / 2 per grid cell */
};

/* Orders candidates by the worker that offered them, then by letters, keeping
 * their order among equals, and gives each worker its region of them. `counts`
 * has room for nworkers times the range of letter counts, plus one. Returns the
 * fewest letters. */
static int32_t sort_by_worker(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                              worker *team, int32_t nworkers)
{
    int32_t lowest = in[0].score, highest = lowest;
    for (int32_t i = 1; i < n; i++) {
        lowest = min32(lowest, in[i].score);
        highest = max32(highest, in[i].score);
    }
    const int32_t span = highest - lowest + 1, buckets = nworkers * span;
    memset(counts, 0, (size_t)(buckets + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < n; i++)
        counts[in[i].worker * span + in[i].score - lowest + 1]++;
    for (int32_t v = 0; v < buckets; v++)
        counts[v + 1] += counts[v];
    for (int32_t t = 0; t < nworkers; t++) {
        team[t].first_parent = counts[t * span];
        team[t].nparents = counts[(t + 1) * span] - counts[t * span];
    }
    for (int32_t i = 0; i < n; i++)
        out[counts[in[i].worker * span + in[i].score - lowest]++] = in[i];
    return lowest;
}

/* Writes out parent p (see pool): its parent's grid and placements, and the
 * word before this one where the link says. The first word's parent, the empty
 * grid, is written out from the start. */
static void realise(const step_ctx *s, int32_t p)
{
    if (s->word == 0)
        return;
    const ws_pack_params *params = s->params;
    const int32_t placed = s->word - 1, nwords = params->words.count;
    const candidate *link = &s->parents->links[p];
    const int32_t from = link->parent, start = link->start, dir = link->dir;
    const pool *old = s->grandparents;
    uint8_t *g = s->parents->grids + (size_t)p * s->size;
    memcpy(g, old->grids + (size_t)from * s->size, (size_t)s->size);
    const uint8_t *letters = params->words.letters + params->words.offsets[placed];
    for (int32_t j = 0; j < s->lengths[placed]; j++)
        g[start + j * s->step[dir]] = letters[j];
    memcpy(s->parents->starts + (size_t)p * nwords, old->starts + (size_t)from * nwords,
           (size_t)placed * sizeof(int32_t));
    memcpy(s->parents->dirs + (size_t)p * nwords, old->dirs + (size_t)from * nwords,
           (size_t)placed);
    s->parents->starts[(size_t)p * nwords + placed] = start;
    s->parents->dirs[(size_t)p * nwords + placed] = (uint8_t)dir;
}

/* Each worker owns a region of the pool, the children it offered, and takes it
 * in blocks: their parents' grids are in its cache and siblings lie side by
 * side, alike. A worker through with its own blocks takes those others have not
 * reached (see expand_run). */
#define PARENT_BLOCK 32

/* Parents [*lo, *hi) of worker `owner`'s j-th block. */
static void block_bounds(const worker *wk, int32_t owner, int32_t j, int32_t *lo, int32_t *hi)
{
    const worker *o = &wk->team[owner];
    *lo = o->first_parent + j * PARENT_BLOCK;
    *hi = min32(*lo + PARENT_BLOCK, o->first_parent + o->nparents);
}

/* Expands parents [lo, hi) in one pass of the given kind, writing them out
 * first in the word's first pass. Returns where it stopped: hi, or the first
 * parent with too many letters for the bar, as then so have all after it. */
static int32_t expand_parents(worker *wk, pass kind, int32_t lo, int32_t hi, int32_t *since_sync)
{
    const step_ctx *s = wk->step;
    selector *h = &wk->sel;
    /* The fewest letters a child of this kind adds. */
    const int32_t added = kind == SHARE_NONE ? s->len : kind == SHARE_ONE ? s->len - 1 : 0;
    for (int32_t p = lo; p < hi; p++) {
        if (wk->nworkers > 1 && ++*since_sync == BAR_SYNC_INTERVAL) {
            sel_try_flush(h);
            *since_sync = 0;
        }
        /* Parents come fewest letters first. */
        if (h->has_bar && s->parents->links[p].score + added > h->bar.score)
            return p;
        if (kind == s->first_pass)
            realise(s, p);
        const uint64_t ph = parent_hash(s, p);
        const uint8_t *g = s->parents->grids + (size_t)p * s->size;
        if (kind == SHARE_NONE) {
            offer_open(s, p, ph, h, g);
            continue;
        }
        const int32_t nhits = collect_hits(s, g, wk->hit_at, wk->hits);
        if (kind == SHARE_TWO_OR_MORE)
            offer_multiple(s, p, ph, h, g, wk->hits, nhits, wk->last_on_line, wk->pairs);
        else
            offer_single(s, p, ph, h, g, wk->hits, nhits);
    }
    return hi;
}

/* The queue's lock, when workers share it. */
static void queue_lock(const worker *wk, block_queue *q)
{
    if (wk->nworkers > 1)
        pthread_mutex_lock(&q->lock);
}

static void queue_unlock(const worker *wk, block_queue *q)
{
    if (wk->nworkers > 1)
        pthread_mutex_unlock(&q->lock);
}

/* Takes the next block of q in this pass; 0 when none is left. */
static int take_block(const worker *wk, block_queue *q, int32_t *j)
{
    queue_lock(wk, q);
    const int took = q->next < q->count;
    if (took)
        *j = q->next++;
    queue_unlock(wk, q);
    return took;
}

/* Ends the taking of q's blocks in this pass: those left have too many letters. */
static void close_queue(const worker *wk, block_queue *q)
{
    queue_lock(wk, q);
    q->next = q->count;
    queue_unlock(wk, q);
}

/* Expands the blocks of `owner` that nobody has taken yet in this pass. */
static void expand_blocks(worker *wk, int32_t owner, pass kind, int32_t *since_sync)
{
    block_queue *q = &wk->team[owner].queue;
    int32_t j;
    while (take_block(wk, q, &j)) {
        int32_t lo, hi;
        block_bounds(wk, owner, j, &lo, &hi);
        if (expand_parents(wk, kind, lo, hi, since_sync) < hi)
            close_queue(wk, q);
    }
}

/* Waits until every worker is through the pass, having handed its candidates
 * over; the last to arrive reopens every worker's blocks for the next pass.
 * All then take the bar, which now counts every child of the pass: one worker
 * starting the next pass while another still adds to the bar would find its
 * bar looser, and visit and offer more. The bar each takes is also newer than
 * any that stopped the pass before, so no pass visits a parent the first pass
 * did not write out. */
static void end_pass(worker *wk)
{
    sel_flush(&wk->sel);
    pass_gate *g = wk->gate;
    if (wk->nworkers > 1) {
        pthread_mutex_lock(&g->lock);
        const uint64_t pass_now = g->passes;
        if (++g->arrived == wk->nworkers) {
            for (int32_t t = 0; t < wk->nworkers; t++)
                wk->team[t].queue.next = 0;
            g->arrived = 0;
            g->passes++;
            pthread_cond_broadcast(&g->all_in);
        } else {
            while (g->passes == pass_now)
                pthread_cond_wait(&g->all_in, &g->lock);
        }
        pthread_mutex_unlock(&g->lock);
    } else {
        wk->queue.next = 0;
    }
    sel_flush(&wk->sel);
}

static void *expand_run(void *arg)
{
    worker *wk = arg;
    const step_ctx *s = wk->step;
    int32_t since_sync = 0;
    for (pass kind = s->first_pass;; kind++) {
        /* Its own blocks first, then those others have not reached. */
        for (int32_t k = 0; k < wk->nworkers; k++)
            expand_blocks(wk, (wk->index + k) % wk->nworkers, kind, &since_sync);
        if (kind == SHARE_NONE)
            break;
        end_pass(wk);
    }
    selector *h = &wk->sel;
    sel_flush(h);
    /* A worker through before the others cuts the selection meanwhile, which
     * leaves the choice after the word less to do. */
    selection *all = h->all;
    if (all->nworkers > 1) {
        pthread_mutex_lock(&all->lock);
        if (--all->expanding > 0 && !all->cutting && all->size > all->keep)
            selection_cut(all);
        pthread_mutex_unlock(&all->lock);
    }
    return NULL;
}

/* Threads that live for one ws_pack call and expand one word at a time, one
 * worker each, the first worker on the calling thread. Starting threads for
 * every word cost about a tenth of a millisecond a word; between words a
 * thread asks for the next one this many times before it sleeps, which covers
 * the gap between words (choosing and ordering the children) several times over. */
#define CREW_POLLS 20000

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    worker *workers;
    int32_t nworkers;
    pthread_t *threads; /* for workers 1.. */
    int32_t started;
    uint64_t round;     /* words handed out so far */
    int32_t busy;       /* threads not yet through the current word */
    int quit;
} crew;

typedef struct {
    crew *all;
    int32_t index; /* of the worker this thread runs */
} crew_member;

static void *crew_member_run(void *arg)
{
    const crew_member *me = arg;
    crew *c = me->all;
    uint64_t seen = 0;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        for (int32_t k = 0; c->round == seen && !c->quit && k < CREW_POLLS; k++) {
            pthread_mutex_unlock(&c->lock);
            pthread_mutex_lock(&c->lock);
        }
        while (c->round == seen && !c->quit)
            pthread_cond_wait(&c->start, &c->lock);
        if (c->quit)
            break;
        seen = c->round;
        pthread_mutex_unlock(&c->lock);
        expand_run(&c->workers[me->index]);
        pthread_mutex_lock(&c->lock);
        if (--c->busy == 0)
            pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static void crew_stop(crew *c)
{
    pthread_mutex_lock(&c->lock);
    c->quit = 1;
    pthread_cond_broadcast(&c->start);
    pthread_mutex_unlock(&c->lock);
    for (int32_t t = 0; t < c->started; t++)
        pthread_join(c->threads[t], NULL);
    c->started = 0;
}

/* Starts a thread for every worker but the first; `threads` and `members`
 * have room for them. */
static ws_status crew_start(crew *c, worker *workers, int32_t nworkers, pthread_t *threads,
                            crew_member *members)
{
    c->workers = workers;
    c->nworkers = nworkers;
    c->threads = threads;
    for (int32_t t = 1; t < nworkers; t++) {
        members[t - 1] = (crew_member){c, t};
        if (pthread_create(&threads[t - 1], NULL, crew_member_run, &members[t - 1]) != 0) {
            crew_stop(c);
            return WS_NO_MEMORY;
        }
        c->started = t;
    }
    return WS_OK;
}

/* Expands the current word on every worker; returns when all are through. */
static void crew_expand(crew *c)
{
    pthread_mutex_lock(&c->lock);
    c->busy = c->started;
    c->round++;
    pthread_cond_broadcast(&c->start);
    pthread_mutex_unlock(&c->lock);
    expand_run(&c->workers[0]);
    pthread_mutex_lock(&c->lock);
    for (int32_t k = 0; c->busy > 0 && k < CREW_POLLS; k++) {
        pthread_mutex_unlock(&c->lock);
        pthread_mutex_lock(&c->lock);
    }
    while (c->busy > 0)
        pthread_cond_wait(&c->done, &c->lock);
    pthread_mutex_unlock(&c->lock);
}

/* Offers every child of every parent to the selection, which starts from `bar`
 * when one is given. */
static void offer_children(crew *c, selection *all, const candidate *bar)
{
    selection_reset(all, bar);
    for (int32_t t = 0; t < c->nworkers; t++) {
        worker *wk = &c->workers[t];
        wk->queue.next = 0;
        wk->queue.count = (wk->nparents + PARENT_BLOCK - 1) / PARENT_BLOCK;
        wk->sel.has_bar = all->has_bar;
        wk->sel.bar = all->bar;
        wk->sel.nbatch = 0;
    }
    crew_expand(c);
}

/* How many times the beam a first guess at a scattered word's bar should let in. */
#define GUESS_MARGIN 4

/* Every child of a scattered word ties on score (nothing has crossed yet), so
 * the keys alone decide, and they are spread evenly: the beam's bar will be near
 * beam / positions of the way through the keys. A first bar a few times looser
 * than that turns away most of the positions that would be offered only to be
 * cut later. Returns 0 when no guess is worth making. */
static int guess_bar(const step_ctx *s, candidate *bar)
{
    if (s->word >= s->params->scattered || s->parents->size == 0)
        return 0;
    uint64_t per_parent = 0; /* positions, empty or not */
    for (int d = 0; d < WS_NDIRS; d++) {
        const int32_t rows = s->open_row_hi[d] - s->open_row_lo[d] + 1;
        const int32_t cols = s->open_col_hi[d] - s->open_col_lo[d] + 1;
        if (rows > 0 && cols > 0)
            per_parent += (uint64_t)rows * (uint64_t)cols;
    }
    const uint64_t positions = per_parent * (uint64_t)s->parents->size;
    const uint64_t wanted = (uint64_t)GUESS_MARGIN * (uint64_t)s->params->beam;
    if (positions <= wanted)
        return 0;
    const candidate guess = {s->parents->lowest + s->len, INT32_MAX, INT32_MAX, WS_NDIRS, 0,
                             UINT64_MAX / positions * wanted, UINT64_MAX};
    *bar = guess;
    return 1;
}

/* Expands every parent into the next pool, in the order described at pool. */
static void expand(const step_ctx *s, crew *c, selection *all, int32_t *counts, pool *next)
{
    candidate guess;
    const int guessed = guess_bar(s, &guess);
    offer_children(c, all, guessed ? &guess : NULL);
    /* Fewer children than the beam under the guess: some above it may belong. */
    if (guessed && all->size < all->keep)
        offer_children(c, all, NULL);

    int32_t n = all->size;
    if (n > all->keep) {
        select_smallest(all->items, n, all->keep);
        n = all->keep;
    }
    /* In a region for each worker, the children it offered, so that it finds
     * their parents' grids in its own cache when it writes them out; within
     * a region by letters, and siblings side by side: a parent is copied from
     * while it is still in the cache, and the next word meets similar grids
     * one after another. The buffer's second half is free for the work. The
     * finished puzzles are put in order as they are taken (see collect_finished). */
    if (s->word < s->params->words.count - 1 && n > 0) {
        candidate *spare = all->items + all->keep;
        sort_by_parent(all->items, n, spare, counts, s->parents->size);
        next->lowest = sort_by_worker(spare, n, all->items, counts, c->workers, c->nworkers);
    }
    next->links = all->items;
    next->size = n;
}

static int reads_each_once(const ws_pack_params *p, const uint8_t *grid)
{
    for (int32_t w = 0; w < p->words.count; w++) {
        const int32_t at = p->words.offsets[w];
        const int32_t len = p->words.offsets[w + 1] - at;
        if (ws_count_word(grid, p->rows, p->cols, p->words.letters + at, len, 2) != 1)
            return 0;
    }
    return 1;
}

/* Takes the step after the last word, whose parents are the finished puzzles.
 * They are taken best first in the total order, so that they come out the same
 * every time; as most are never taken, their links are put in that order a
 * batch of the output's size at a time. */
static void collect_finished(const step_ctx *s, ws_pack_output *out)
{
    const ws_pack_params *p = s->params;
    const pool *done = s->parents;
    candidate *links = done->links;
    const int32_t ncells = p->rows * p->cols, nwords = p->words.count;
    out->count = 0;
    int32_t ordered = 0;
    for (int32_t i = 0; i < done->size && out->count < out->capacity; i++) {
        if (i == ordered) {
            const int32_t batch = min32(out->capacity, done->size - i);
            select_smallest(links + i, done->size - i, batch);
            sort_candidates(links + i, batch);
            ordered += batch;
        }
        realise(s, i);
        const uint8_t *g = done->grids + (size_t)i * s->size;
        if (!reads_each_once(p, g))
            continue;
        const int32_t k = out->count++;
        memcpy(out->grids + (size_t)k * ncells, g, (size_t)ncells);
        memcpy(out->starts + (size_t)k * nwords, done->starts + (size_t)i * nwords,
               (size_t)nwords * sizeof(int32_t));
        memcpy(out->dirs + (size_t)k * nwords, done->dirs + (size_t)i * nwords, (size_t)nwords);
    }
}

static ws_status check_params(const ws_pack_params *p, const ws_pack_output *out,
                              int32_t *lengths)
{
    if (p->rows < 1 || p->cols < 1 || p->rows > WS_MAX_SIDE || p->cols > WS_MAX_SIDE ||
        (int64_t)p->rows * p->cols > WS_MAX_CELLS)
        return WS_BAD_ARGUMENT;
    if (p->beam < 1 || p->threads < 1 || p->threads > WS_MAX_THREADS || p->words.count < 0 ||
        out->capacity < 1 || p->scattered < 0 || p->scattered > p->words.count ||
        (p->scattered > 0 && !p->regions))
        return WS_BAD_ARGUMENT;
    if ((p->dir_mask & WS_ALL_DIRS) == 0 || (p->dir_mask & ~WS_ALL_DIRS) != 0)
        return WS_BAD_ARGUMENT;
    for (int32_t i = 0; i < p->rows * p->cols; i++)
        if (p->cells[i] != WS_EMPTY && p->cells[i] != WS_BLOCKED)
            return WS_BAD_ARGUMENT;
    for (int32_t w = 0; w < p->words.count; w++) {
        const int32_t at = p->words.offsets[w];
        lengths[w] = p->words.offsets[w + 1] - at;
        if (lengths[w] < 1 || lengths[w] > WS_MAX_WORD)
            return WS_BAD_ARGUMENT;
        for (int32_t j = 0; j < lengths[w]; j++)
            if (p->words.letters[at + j] == WS_EMPTY || p->words.letters[at + j] > WS_MAX_LETTER)
                return WS_BAD_ARGUMENT;
    }
    return WS_OK;
}

ws_status ws_pack(const ws_pack_params *params, ws_workspace *ws, ws_pack_output *out)
{
    const int32_t nwords = params->words.count;
    const int32_t ncells = params->rows * params->cols;
    int32_t *lengths = malloc((size_t)(nwords > 0 ? nwords : 1) * sizeof(int32_t));
    if (!lengths)
        return WS_NO_MEMORY;
    out->count = 0;
    out->stuck_word = NO_INDEX;
    ws_status status = check_params(params, out, lengths);
    if (status != WS_OK) {
        free(lengths);
        return status;
    }

    const int32_t nworkers = params->threads;
    pool a = {0}, b = {0};
    selection all = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, nworkers, NULL, NULL,
                     0, params->beam, 0, 0, 0, {0, 0, 0, 0, 0, 0, 0}};
    pass_gate gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
    crew team = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
                 NULL, 0, NULL, 0, 0, 0, 0};
    pthread_t *threads = malloc((size_t)nworkers * sizeof(pthread_t));
    crew_member *members = malloc((size_t)nworkers * sizeof(crew_member));
    /* The selection's buffer and spare for one word; the chosen children stay
     * in one of them as the next pool's links while the next word uses the
     * other two. buffers[0] holds the parents' links. */
    candidate *buffers[3];
    const size_t beam = (size_t)params->beam, placed = (size_t)(nwords > 0 ? nwords : 1);
    const memory_layout layout = {beam * (size_t)ncells, beam * placed * sizeof(int32_t),
                                 beam * placed, 2 * beam * sizeof(candidate)};
    unsigned char *memory = take_memory(ws, memory_bytes(&layout));
    pool *pools[2] = {&a, &b};
    if (memory)
        carve_memory(memory, &layout, pools, buffers);
    worker *workers = calloc((size_t)nworkers, sizeof(worker));
    step_ctx *s = malloc(sizeof(step_ctx));
    int16_t *places = malloc(2 * (size_t)ncells * sizeof(int16_t));
    /* Counts for ordering children: parents lie in 0..beam-1, scores in 0..all
     * letters for each worker. */
    const int32_t most_letters = params->words.offsets[nwords] - params->words.offsets[0];
    const size_t ncounts = (size_t)max32(params->beam, nworkers * (most_letters + 1)) + 2;
    int32_t *counts = malloc(ncounts * sizeof(int32_t));
    int ok = threads && members && workers && memory && s && places && counts;
    for (int32_t t = 0; ok && t < nworkers; t++) {
        workers[t].step = s;
        workers[t].team = workers;
        workers[t].index = t;
        workers[t].nworkers = nworkers;
        workers[t].queue = (block_queue){PTHREAD_MUTEX_INITIALIZER, 0, 0};
        workers[t].gate = &gate;
        workers[t].sel.all = &all;
        workers[t].sel.worker = (int16_t)t;
        workers[t].hit_at = malloc(((size_t)ncells + 1) * sizeof(int32_t));
        workers[t].hits = malloc(((size_t)ncells + 1) * sizeof(hit));
        const size_t lines = (size_t)LINE_COUNT(params->rows, params->cols);
        workers[t].last_on_line = malloc(lines * sizeof(int32_t));
        workers[t].pairs = malloc((size_t)ncells * (WS_NDIRS / 2) * sizeof(hit_pair));
        ok = workers[t].hit_at && workers[t].hits && workers[t].last_on_line && workers[t].pairs;
    }
    if (!ok) {
        status = WS_NO_MEMORY;
        goto done;
    }
    status = crew_start(&team, workers, nworkers, threads, members);
    if (status != WS_OK)
        goto done;

    s->params = params;
    s->row_of = places;
    s->col_of = places + ncells;
    for (int32_t i = 0; i < ncells; i++) {
        places[i] = (int16_t)(i / params->cols);
        places[ncells + i] = (int16_t)(i % params->cols);
    }
    s->lengths = lengths;
    s->size = ncells;
    memcpy(a.grids, params->cells, (size_t)ncells);
    candidate empty_grid = {0, NO_INDEX, NO_INDEX, 0, 0, 0, 0};
    a.links = &empty_grid;
    a.size = 1;
    a.lowest = 0;
    workers[0].nparents = 1; /* the rest start with none (calloc) */
    pool *cur = &a, *next = &b;
    for (int32_t w = 0; w < nwords; w++) {
        s->parents = cur;
        s->grandparents = next;
        step_prepare(s, w);
        all.items = buffers[1];
        all.spare = buffers[2];
        expand(s, &team, &all, counts, next);
        buffers[1] = buffers[0];
        buffers[0] = all.items;
        buffers[2] = all.spare;
        if (next->size == 0) {
            out->stuck_word = w;
            status = WS_NO_ROOM;
            goto done;
        }
        pool *tmp = cur;
        cur = next;
        next = tmp;
    }
    s->parents = cur;
    s->grandparents = next;
    s->word = nwords;
    collect_finished(s, out);
    status = out->count > 0 ? WS_OK : WS_NO_UNIQUE;

done:
    crew_stop(&team);
    if (workers)
        for (int32_t t = 0; t < nworkers; t++)
        {
            free(workers[t].hit_at);
            free(workers[t].hits);
            free(workers[t].last_on_line);
            free(workers[t].pairs);
        }
    free(workers);
    free(threads);
    free(members);
    give_back_memory(ws, memory);
    free(s);
    free(places);
    free(counts);
    free(lengths);
    return status;
}
