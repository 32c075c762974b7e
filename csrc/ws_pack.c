#include "ws_pack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define NO_INDEX (-1)

typedef struct {
    int32_t score; /* letters on the grid once the word is placed */
    int32_t parent;
    int32_t start;
    int32_t dir;
    uint64_t key;
} candidate;

/* The total order that decides which children survive. */
static int cand_less(const candidate *a, const candidate *b)
{
    if (a->score != b->score)
        return a->score < b->score;
    if (a->key != b->key)
        return a->key < b->key;
    if (a->parent != b->parent)
        return a->parent < b->parent;
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

/* Keeps the `keep` best candidates offered. Candidates are appended to a buffer
 * twice that size and cut back to the best `keep` when it fills; the worst
 * survivor of the last cut is the bar any newcomer must beat. Amortised O(1)
 * per candidate, with the bar rejecting most of them before they are built. */
typedef struct {
    candidate *items; /* room for 2 * keep */
    int32_t size, keep;
    int has_bar;
    candidate bar;
} selector;

static void sel_cut(selector *sel)
{
    if (sel->size <= sel->keep)
        return;
    select_smallest(sel->items, sel->size, sel->keep);
    sel->size = sel->keep;
    if (!sel->has_bar || cand_less(&sel->items[sel->keep - 1], &sel->bar))
        sel->bar = sel->items[sel->keep - 1];
    sel->has_bar = 1;
}

/* Whether a child with this score and key could still be kept. */
static int sel_admits(const selector *sel, int32_t score, uint64_t key)
{
    return !sel->has_bar || score < sel->bar.score ||
           (score == sel->bar.score && key <= sel->bar.key);
}

static void sel_add(selector *sel, const candidate *c)
{
    if (sel->has_bar && !cand_less(c, &sel->bar))
        return;
    sel->items[sel->size++] = *c;
    if (sel->size == 2 * sel->keep)
        sel_cut(sel);
}

/* Partial puzzles, best first. */
typedef struct {
    uint8_t *grids;   /* cap * padded grid size (see step_ctx) */
    int32_t *starts;  /* cap * nwords */
    uint8_t *dirs;    /* cap * nwords */
    int32_t *letters; /* cap: letters on each grid */
    int32_t size;
} pool;

static void pool_free(pool *p)
{
    free(p->grids);
    free(p->starts);
    free(p->dirs);
    free(p->letters);
}

static int pool_alloc(pool *p, int32_t cap, int32_t ncells, int32_t nwords)
{
    p->grids = malloc((size_t)cap * (size_t)ncells);
    p->starts = malloc((size_t)cap * (size_t)(nwords > 0 ? nwords : 1) * sizeof(int32_t));
    p->dirs = malloc((size_t)cap * (size_t)(nwords > 0 ? nwords : 1));
    p->letters = malloc((size_t)cap * sizeof(int32_t));
    p->size = 0;
    return p->grids && p->starts && p->dirs && p->letters;
}

/* What every worker needs to expand the pool by one word; read-only. */
typedef struct {
    const ws_pack_params *params;
    const pool *parents;
    const int32_t *lengths; /* length of each word */
    int32_t word;
    const uint8_t *letters;
    int32_t len;
    int8_t first_at[256];         /* first index of each cell code in the word, or NO_INDEX */
    int8_t next_at[WS_MAX_WORD];  /* next index holding the same letter */
    int32_t row_lo[WS_NDIRS], row_hi[WS_NDIRS]; /* valid start rows, inclusive */
    int32_t col_lo[WS_NDIRS], col_hi[WS_NDIRS];
    /* Grids in the pool carry a one-cell border of WS_BLOCKED, so a cell's
     * neighbours can be read without bounds checks. */
    int32_t width;                /* cols + 2 */
    int32_t size;                 /* (rows + 2) * width */
    int32_t step[WS_NDIRS];       /* offset of one step in a padded grid */
} step_ctx;

static int32_t padded(const step_ctx *s, int32_t r, int32_t c)
{
    return (r + 1) * s->width + c + 1;
}

static void step_prepare(step_ctx *s, int32_t word)
{
    const ws_pack_params *p = s->params;
    s->word = word;
    s->letters = p->words.letters + p->words.offsets[word];
    s->len = s->lengths[word];
    memset(s->first_at, NO_INDEX, sizeof s->first_at);
    for (int32_t i = s->len - 1; i >= 0; i--) {
        s->next_at[i] = s->first_at[s->letters[i]];
        s->first_at[s->letters[i]] = (int8_t)i;
    }
    const int32_t reach = s->len - 1;
    for (int d = 0; d < WS_NDIRS; d++) {
        s->row_lo[d] = WS_DROW[d] < 0 ? reach : 0;
        s->row_hi[d] = p->rows - 1 - (WS_DROW[d] > 0 ? reach : 0);
        s->col_lo[d] = WS_DCOL[d] < 0 ? reach : 0;
        s->col_hi[d] = p->cols - 1 - (WS_DCOL[d] > 0 ? reach : 0);
        s->step[d] = WS_DROW[d] * s->width + WS_DCOL[d];
        if (!((p->dir_mask >> d) & 1u))
            s->row_hi[d] = -1; /* an empty range: direction not allowed */
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

static uint64_t parent_hash(const step_ctx *s, int32_t parent)
{
    const uint64_t id = ((uint64_t)(uint32_t)s->word << 32) | (uint32_t)parent;
    return ws_mix64(s->params->seed ^ ws_mix64(id));
}

/* Half of SplitMix64: enough to spread the candidates of one parent evenly. */
static uint64_t candidate_key(uint64_t parent_hash, int32_t start, int dir)
{
    uint64_t z = parent_hash + ((uint64_t)(uint32_t)start * WS_NDIRS + (uint64_t)dir) * 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9u;
    return z ^ (z >> 32);
}

/* Positions that cross at least one letter already on the grid. Each is found
 * once, through the first cell it shares: the cells before that one must be
 * empty. The neighbours of the shared cell rule out most directions before any
 * walk along the word. */
static void offer_crossings(const step_ctx *s, int32_t parent, uint64_t ph, selector *h)
{
    const int32_t rows = s->params->rows, cols = s->params->cols;
    const uint8_t *g = s->parents->grids + (size_t)parent * s->size;
    const uint8_t *word = s->letters;
    const int32_t len = s->len, base = s->parents->letters[parent];
    const unsigned allowed = s->params->dir_mask;
    int8_t shared[WS_MAX_WORD];
    for (int32_t r = 0; r < rows; r++) {
      const uint8_t *row = g + padded(s, r, 0);
      for (int32_t c = 0; c < cols; c++) {
        const uint8_t x = row[c];
        if (s->first_at[x] == NO_INDEX) /* also true of empty and blocked cells */
            continue;
        uint8_t next[WS_NDIRS]; /* the neighbouring cell in each direction */
        unsigned empty = 0;     /* bit d: the neighbour in direction d is empty */
        for (int d = 0; d < WS_NDIRS; d++) {
            next[d] = row[c + s->step[d]];
            empty |= (unsigned)(next[d] == WS_EMPTY) << d;
        }
        const unsigned empty_behind = ((empty << (WS_NDIRS / 2)) | (empty >> (WS_NDIRS / 2))) & WS_ALL_DIRS;
        for (int32_t i = s->first_at[x]; i != NO_INDEX; i = s->next_at[i]) {
            unsigned dirs = allowed;
            if (i > 0)
                dirs &= empty_behind;
            if (i < len - 1) {
                unsigned ahead = empty;
                for (int d = 0; d < WS_NDIRS; d++)
                    ahead |= (unsigned)(next[d] == word[i + 1]) << d;
                dirs &= ahead;
            }
            for (int d = 0; dirs != 0; d++, dirs >>= 1) {
                if (!(dirs & 1u))
                    continue;
                const int32_t sr = r - i * WS_DROW[d], sc = c - i * WS_DCOL[d];
                if (sr < s->row_lo[d] || sr > s->row_hi[d] || sc < s->col_lo[d] || sc > s->col_hi[d])
                    continue;
                const int32_t start = sr * cols + sc, step = s->step[d];
                const uint8_t *at = g + padded(s, sr, sc);
                const uint64_t key = candidate_key(ph, start, d);
                int32_t j;
                if (!sel_admits(h, base + len - 1, key)) {
                    /* Sharing one cell is not enough: it must share the next letter ahead too. */
                    for (j = i + 1; j < len && at[j * step] == WS_EMPTY; j++)
                        ;
                    if (j == len || at[j * step] != word[j])
                        continue;
                }
                int32_t nshared = 0;
                for (j = 0; j < len; j++) {
                    const uint8_t v = at[j * step];
                    if (v == WS_EMPTY)
                        continue;
                    if (v != word[j] || j < i)
                        break; /* a clash, or a crossing already counted at cell j */
                    shared[nshared++] = (int8_t)j;
                }
                if (j < len)
                    continue;
                const int32_t score = base + len - nshared;
                if (!sel_admits(h, score, key))
                    continue;
                if (nshared >= 2 && shares_two_with_one(s, parent, start, d, shared, nshared))
                    continue;
                const candidate cand = {score, parent, start, d, key};
                sel_add(h, &cand);
            }
        }
      }
    }
}

/* Positions over empty cells only. They all tie on score, so the key alone
 * decides, and it comes in two halves: the high half is shared by every start in
 * one row and direction, the low half is the position's own. A row whose high
 * half already loses to the bar is skipped without looking at its cells. */
static void offer_open(const step_ctx *s, int32_t parent, uint64_t ph, selector *h)
{
    const int32_t cols = s->params->cols;
    const uint8_t *g = s->parents->grids + (size_t)parent * s->size;
    const int32_t len = s->len, score = s->parents->letters[parent] + len;
    const uint64_t low_half = 0xFFFFFFFFu;
    for (int d = 0; d < WS_NDIRS; d++) {
        const int32_t step = s->step[d];
        for (int32_t sr = s->row_lo[d]; sr <= s->row_hi[d]; sr++) {
            const uint64_t row_key = ws_mix64(ph ^ (uint64_t)(sr * WS_NDIRS + d)) & ~low_half;
            if (!sel_admits(h, score, row_key))
                continue;
            for (int32_t sc = s->col_lo[d]; sc <= s->col_hi[d]; sc++) {
                const int32_t start = sr * cols + sc;
                const uint64_t key = row_key | (candidate_key(ph, start, d) & low_half);
                if (!sel_admits(h, score, key))
                    continue;
                const uint8_t *at = g + padded(s, sr, sc);
                int32_t j = 0;
                while (j < len && at[j * step] == WS_EMPTY)
                    j++;
                if (j == len) {
                    const candidate cand = {score, parent, start, d, key};
                    sel_add(h, &cand);
                }
            }
        }
    }
}

/* The best bar any worker has reached. A bar is sound for everyone: its owner
 * already holds `keep` candidates better than it, so nothing worse can be among
 * the chosen, whichever worker finds it. Sharing it keeps every worker's pruning
 * as sharp as one worker's would be. */
typedef struct {
    pthread_mutex_t lock;
    int has_bar;
    candidate bar;
} shared_bar;

/* Parents a worker expands between looks at the shared bar. */
#define BAR_SYNC_INTERVAL 16

typedef struct {
    const step_ctx *step;
    shared_bar *common;
    int32_t first, stride; /* this worker takes parents first, first+stride, ... */
    selector sel;
    const candidate *chosen; /* for materialising */
    int32_t nchosen;
    pool *next;
} worker;

static void sync_bar(worker *wk)
{
    selector *h = &wk->sel;
    shared_bar *common = wk->common;
    pthread_mutex_lock(&common->lock);
    if (h->has_bar && (!common->has_bar || cand_less(&h->bar, &common->bar))) {
        common->bar = h->bar;
        common->has_bar = 1;
    } else if (common->has_bar) {
        h->bar = common->bar;
        h->has_bar = 1;
    }
    pthread_mutex_unlock(&common->lock);
}

static void *expand_run(void *arg)
{
    worker *wk = arg;
    const step_ctx *s = wk->step;
    selector *h = &wk->sel;
    int32_t since_sync = 0;
    for (int32_t p = wk->first; p < s->parents->size; p += wk->stride) {
        if (wk->stride > 1 && ++since_sync == BAR_SYNC_INTERVAL) {
            sync_bar(wk);
            since_sync = 0;
        }
        const int32_t base = s->parents->letters[p];
        /* Parents come best first and no child has fewer letters than its parent. */
        if (h->has_bar && base > h->bar.score)
            break;
        const uint64_t ph = parent_hash(s, p);
        offer_crossings(s, p, ph, h);
        if (!h->has_bar || base + s->len <= h->bar.score)
            offer_open(s, p, ph, h);
    }
    return NULL;
}

/* Writes the chosen children this worker is responsible for into the next pool. */
static void *materialise_run(void *arg)
{
    const worker *wk = arg;
    const step_ctx *s = wk->step;
    const ws_pack_params *p = s->params;
    const int32_t nwords = p->words.count;
    pool *next = wk->next;
    for (int32_t i = wk->first; i < wk->nchosen; i += wk->stride) {
        const candidate *c = &wk->chosen[i];
        uint8_t *g = next->grids + (size_t)i * s->size;
        memcpy(g, s->parents->grids + (size_t)c->parent * s->size, (size_t)s->size);
        uint8_t *at = g + padded(s, c->start / p->cols, c->start % p->cols);
        for (int32_t j = 0; j < s->len; j++)
            at[j * s->step[c->dir]] = s->letters[j];
        memcpy(next->starts + (size_t)i * nwords, s->parents->starts + (size_t)c->parent * nwords,
               (size_t)s->word * sizeof(int32_t));
        memcpy(next->dirs + (size_t)i * nwords, s->parents->dirs + (size_t)c->parent * nwords,
               (size_t)s->word);
        next->starts[(size_t)i * nwords + s->word] = c->start;
        next->dirs[(size_t)i * nwords + s->word] = (uint8_t)c->dir;
        next->letters[i] = c->score;
    }
    return NULL;
}

/* Runs `fn` on every worker, the first on the calling thread. */
static ws_status run_workers(void *(*fn)(void *), worker *workers, int32_t nworkers)
{
    pthread_t threads[nworkers];
    int32_t started = 0;
    ws_status status = WS_OK;
    for (int32_t t = 1; t < nworkers; t++) {
        if (pthread_create(&threads[t], NULL, fn, &workers[t]) != 0) {
            status = WS_NO_MEMORY;
            break;
        }
        started = t;
    }
    if (status == WS_OK)
        fn(&workers[0]);
    for (int32_t t = 1; t <= started; t++)
        pthread_join(threads[t], NULL);
    return status;
}

/* Expands every parent into the next pool, best child first. */
static ws_status expand(const step_ctx *s, worker *workers, int32_t nworkers,
                        candidate *chosen, pool *next)
{
    shared_bar *common = workers[0].common;
    common->has_bar = 0;
    for (int32_t t = 0; t < nworkers; t++) {
        workers[t].step = s;
        workers[t].first = t;
        workers[t].stride = nworkers;
        workers[t].sel.size = 0;
        workers[t].sel.has_bar = 0;
    }
    ws_status status = run_workers(expand_run, workers, nworkers);
    if (status != WS_OK)
        return status;

    int32_t n = 0;
    for (int32_t t = 0; t < nworkers; t++) {
        memcpy(chosen + n, workers[t].sel.items, (size_t)workers[t].sel.size * sizeof(candidate));
        n += workers[t].sel.size;
    }
    const int32_t beam = s->params->beam;
    if (n > beam) {
        select_smallest(chosen, n, beam);
        n = beam;
    }
    sort_candidates(chosen, n);
    for (int32_t t = 0; t < nworkers; t++) {
        workers[t].chosen = chosen;
        workers[t].nchosen = n;
        workers[t].next = next;
    }
    next->size = n;
    return n == 0 ? WS_OK : run_workers(materialise_run, workers, nworkers);
}

/* Takes a padded grid: the blocked border spells nothing. */
static int reads_each_once(const ws_pack_params *p, const uint8_t *grid)
{
    for (int32_t w = 0; w < p->words.count; w++) {
        const int32_t at = p->words.offsets[w];
        const int32_t len = p->words.offsets[w + 1] - at;
        if (ws_count_word(grid, p->rows + 2, p->cols + 2, p->words.letters + at, len, 2) != 1)
            return 0;
    }
    return 1;
}

static void collect_finished(const step_ctx *s, const pool *done, ws_pack_output *out)
{
    const ws_pack_params *p = s->params;
    const int32_t ncells = p->rows * p->cols, nwords = p->words.count;
    out->count = 0;
    for (int32_t i = 0; i < done->size && out->count < out->capacity; i++) {
        const uint8_t *g = done->grids + (size_t)i * s->size;
        if (!reads_each_once(p, g))
            continue;
        const int32_t k = out->count++;
        for (int32_t r = 0; r < p->rows; r++)
            memcpy(out->grids + (size_t)k * ncells + (size_t)r * p->cols, g + padded(s, r, 0),
                   (size_t)p->cols);
        memcpy(out->starts + (size_t)k * nwords, done->starts + (size_t)i * nwords,
               (size_t)nwords * sizeof(int32_t));
        memcpy(out->dirs + (size_t)k * nwords, done->dirs + (size_t)i * nwords, (size_t)nwords);
    }
}

static ws_status check_params(const ws_pack_params *p, const ws_pack_output *out,
                              int32_t *lengths)
{
    if (p->rows < 1 || p->cols < 1 || (int64_t)p->rows * p->cols > WS_MAX_CELLS)
        return WS_BAD_ARGUMENT;
    if (p->beam < 1 || p->threads < 1 || p->words.count < 0 || out->capacity < 1)
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

ws_status ws_pack(const ws_pack_params *params, ws_pack_output *out)
{
    const int32_t nwords = params->words.count;
    const int32_t padded_size = (params->rows + 2) * (params->cols + 2);
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
    shared_bar common = {PTHREAD_MUTEX_INITIALIZER, 0, {0, 0, 0, 0, 0}};
    worker *workers = calloc((size_t)nworkers, sizeof(worker));
    candidate *chosen = malloc((size_t)nworkers * 2 * (size_t)params->beam * sizeof(candidate));
    step_ctx *s = malloc(sizeof(step_ctx));
    int ok = workers && chosen && s && pool_alloc(&a, params->beam, padded_size, nwords) &&
             pool_alloc(&b, params->beam, padded_size, nwords);
    for (int32_t t = 0; ok && t < nworkers; t++) {
        workers[t].common = &common;
        workers[t].sel.keep = params->beam;
        workers[t].sel.items = malloc(2 * (size_t)params->beam * sizeof(candidate));
        ok = workers[t].sel.items != NULL;
    }
    if (!ok) {
        status = WS_NO_MEMORY;
        goto done;
    }

    s->params = params;
    s->lengths = lengths;
    s->width = params->cols + 2;
    s->size = padded_size;
    memset(a.grids, WS_BLOCKED, (size_t)padded_size);
    for (int32_t r = 0; r < params->rows; r++)
        memcpy(a.grids + padded(s, r, 0), params->cells + (size_t)r * params->cols,
               (size_t)params->cols);
    a.letters[0] = 0;
    a.size = 1;
    pool *cur = &a, *next = &b;
    for (int32_t w = 0; w < nwords; w++) {
        s->parents = cur;
        step_prepare(s, w);
        status = expand(s, workers, nworkers, chosen, next);
        if (status != WS_OK)
            goto done;
        if (next->size == 0) {
            out->stuck_word = w;
            status = WS_NO_ROOM;
            goto done;
        }
        pool *tmp = cur;
        cur = next;
        next = tmp;
    }
    collect_finished(s, cur, out);
    status = out->count > 0 ? WS_OK : WS_NO_UNIQUE;

done:
    if (workers)
        for (int32_t t = 0; t < nworkers; t++)
            free(workers[t].sel.items);
    free(workers);
    free(chosen);
    free(s);
    pool_free(&a);
    pool_free(&b);
    free(lengths);
    return status;
}
