#include "ws_grid.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

const int8_t WS_DROW[WS_NDIRS] = {-1, -1, 0, 1, 1, 1, 0, -1};
const int8_t WS_DCOL[WS_NDIRS] = {0, 1, 1, 1, 0, -1, -1, -1};

/* The cells of a grid holding letters, by letter, so that a word is looked for
 * only where its first letter is: the cells holding letter v <= top are
 * cells[first[v]] .. cells[first[v + 1] - 1], in row-major order; no cell holds
 * a letter above top. */
typedef struct {
    int32_t top;
    int32_t *first; /* top + 2 of them in use */
    int32_t *cells;
} cell_index;

/* Carves the index out of `scratch` (room for WS_INDEX_SCRATCH(ncells)) and
 * fills it by a counting sort over the letters the grid holds. */
static cell_index index_cells(const uint8_t *grid, int32_t ncells, int32_t *scratch)
{
    cell_index index = {.top = 0, .first = scratch, .cells = scratch + WS_CELL_CODES + 1};
    memset(index.first, 0, (WS_CELL_CODES + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < ncells; i++) {
        const uint8_t v = grid[i];
        if (v != WS_BLOCKED) {
            index.first[v + 1]++;
            index.top = v > index.top ? v : index.top;
        }
    }
    for (int32_t v = 0; v <= index.top; v++)
        index.first[v + 1] += index.first[v];
    for (int32_t i = 0; i < ncells; i++)
        if (grid[i] != WS_BLOCKED)
            index.cells[index.first[grid[i]]++] = i;
    /* The fill moved each letter's start to the next one's: move them back. */
    for (int32_t v = index.top + 1; v > 0; v--)
        index.first[v] = index.first[v - 1];
    index.first[0] = 0;
    return index;
}

/* Calls visit(start, dir) for each reading, starts in row-major order; stops
 * when visit returns nonzero. */
typedef int (*visit_fn)(void *ctx, int32_t start, int dir);

static void each_reading(const uint8_t *grid, int32_t rows, int32_t cols,
                         const cell_index *index, const uint8_t *word, int32_t len,
                         visit_fn visit, void *ctx)
{
    assert(len >= 1);
    const unsigned dirs = ws_reading_dirs(word, len);
    if (word[0] > index->top)
        return;
    for (int32_t k = index->first[word[0]]; k < index->first[word[0] + 1]; k++) {
        const int32_t at = index->cells[k], r = at / cols, c = at % cols;
        for (int dir = 0; dir < WS_NDIRS; dir++) {
            if ((dirs >> dir) & 1u && ws_reads_at(grid, rows, cols, r, c, dir, word, len)) {
                if (visit(ctx, at, dir))
                    return;
            }
        }
    }
}

ws_status ws_check_inside(const ws_inside *inside, int32_t count)
{
    if (!inside || !inside->offsets)
        return WS_OK;
    if (inside->offsets[0] != 0 || (inside->offsets[count] > 0 && !inside->words))
        return WS_BAD_ARGUMENT;
    for (int32_t w = 0; w < count; w++) {
        if (inside->offsets[w + 1] < inside->offsets[w])
            return WS_BAD_ARGUMENT;
        for (int32_t i = inside->offsets[w]; i < inside->offsets[w + 1]; i++)
            if (inside->words[i] < 0 || inside->words[i] >= count || inside->words[i] == w)
                return WS_BAD_ARGUMENT;
    }
    return WS_OK;
}

/* Whether the reading of `len` cells from `start` in `dir` lies inside the
 * placement of one of word w's containers. */
static int inside_container(const ws_words *words, const ws_inside *inside,
                            const ws_placed *placed, int32_t w, int32_t cols,
                            int32_t start, int dir, int32_t len)
{
    if (!inside || !inside->offsets || !placed)
        return 0;
    const int32_t end = start + (len - 1) * (WS_DROW[dir] * cols + WS_DCOL[dir]);
    for (int32_t i = inside->offsets[w]; i < inside->offsets[w + 1]; i++) {
        const int32_t v = inside->words[i];
        const int32_t vlen = words->offsets[v + 1] - words->offsets[v];
        const int32_t vstart = placed->starts[v];
        const int vdir = placed->dirs[v];
        if (ws_within_segment(start, end, vstart, vdir, vlen, cols))
            return 1;
    }
    return 0;
}

/* What a visit needs to leave out the readings inside a container (w's own). */
typedef struct {
    const ws_words *words;
    const ws_inside *inside;
    const ws_placed *placed;
    int32_t w, cols, len;
} own_ctx;

static int is_own(const own_ctx *o, int32_t start, int dir)
{
    return !inside_container(o->words, o->inside, o->placed, o->w, o->cols, start, dir, o->len);
}

typedef struct {
    int32_t count, limit;
    own_ctx own;
} count_ctx;

static int count_own_visit(void *ctx, int32_t start, int dir)
{
    count_ctx *k = ctx;
    if (!is_own(&k->own, start, dir))
        return 0;
    return ++k->count >= k->limit;
}

int32_t ws_last_not_once(const uint8_t *grid, int32_t rows, int32_t cols,
                         const ws_words *words, const ws_inside *inside,
                         const ws_placed *placed, int32_t *scratch)
{
    const cell_index index = index_cells(grid, rows * cols, scratch);
    count_ctx k = {.limit = 2,
                   .own = {.words = words, .inside = inside, .placed = placed, .cols = cols}};
    for (int32_t w = words->count - 1; w >= 0; w--) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        assert(len >= 1);
        k.count = 0;
        k.own.w = w;
        k.own.len = len;
        each_reading(grid, rows, cols, &index, words->letters + words->offsets[w], len,
                     count_own_visit, &k);
        if (k.count != 1)
            return w;
    }
    return -1;
}

typedef struct {
    int32_t found, capacity;
    int32_t *out_word, *out_start;
    uint8_t *out_dir;
    own_ctx own;
} scan_ctx;

static int scan_visit(void *ctx, int32_t start, int dir)
{
    scan_ctx *k = ctx;
    if (!is_own(&k->own, start, dir))
        return 0;
    if (k->found < k->capacity) {
        k->out_word[k->found] = k->own.w;
        k->out_start[k->found] = start;
        k->out_dir[k->found] = (uint8_t)dir;
    }
    k->found++;
    return 0;
}

ws_status ws_scan_words(const uint8_t *grid, int32_t rows, int32_t cols,
                        const ws_words *words, const ws_inside *inside,
                        const ws_placed *placed, int32_t *out_word,
                        int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                        int32_t *found)
{
    if (ws_check_inside(inside, words->count) != WS_OK)
        return WS_BAD_ARGUMENT;
    int32_t *scratch = malloc(WS_INDEX_SCRATCH(rows * cols) * sizeof(int32_t));
    if (!scratch)
        return WS_NO_MEMORY;
    const cell_index index = index_cells(grid, rows * cols, scratch);
    scan_ctx k = {.found = 0, .capacity = capacity, .out_word = out_word,
                  .out_start = out_start, .out_dir = out_dir,
                  .own = {.words = words, .inside = inside, .placed = placed, .cols = cols}};
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        if (len <= 0) {
            free(scratch);
            return WS_BAD_ARGUMENT;
        }
        k.own.w = w;
        k.own.len = len;
        each_reading(grid, rows, cols, &index, words->letters + words->offsets[w], len,
                     scan_visit, &k);
    }
    free(scratch);
    *found = k.found;
    return k.found > capacity ? WS_NO_CAPACITY : WS_OK;
}

ws_status ws_draw_letters(uint8_t *grid, const int32_t *cells, int32_t ncells,
                          const uint64_t *cumulative, int32_t nletters,
                          ws_rng *rng)
{
    if (nletters <= 0 || nletters > (int32_t)WS_MAX_LETTER || cumulative[nletters - 1] == 0)
        return WS_BAD_ARGUMENT;
    const uint64_t total = cumulative[nletters - 1];
    for (int32_t i = 0; i < ncells; i++) {
        const uint64_t r = ws_rng_below(rng, total);
        /* First letter whose cumulative weight exceeds r. */
        int32_t lo = 0, hi = nletters - 1;
        while (lo < hi) {
            const int32_t mid = lo + (hi - lo) / 2;
            if (cumulative[mid] > r)
                hi = mid;
            else
                lo = mid + 1;
        }
        grid[cells[i]] = (uint8_t)(lo + 1);
    }
    return WS_OK;
}
