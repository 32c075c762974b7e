/* The driver: ws_pack checks its arguments, lays out its memory, starts the
 * crew and takes the words one at a time; after the last it takes the finished
 * puzzles best first (see ws_pack.h and ws_pack_internal.h). */
#include "ws_pack_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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
    const candidate guess = {.score = s->parents->lowest + s->len, .parent = INT32_MAX,
                             .start = INT32_MAX, .dir = WS_NDIRS, .worker = 0,
                             .key = UINT64_MAX / positions * wanted, .parent_key = UINT64_MAX};
    *bar = guess;
    return 1;
}

/* Expands every parent into the next pool, in the order described at pool. */
static void expand(const step_ctx *s, crew *c, selection *all, int32_t *counts, pool *next)
{
    candidate guess;
    const int guessed = guess_bar(s, &guess);
    ws_offer_children(c, all, guessed ? &guess : NULL);
    /* Fewer children than the beam under the guess: some above it may belong. */
    if (guessed && all->size < all->keep)
        ws_offer_children(c, all, NULL);

    int32_t n = all->size;
    if (n > all->keep) {
        ws_select_smallest(all->items, n, all->keep);
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
        ws_sort_by_parent(all->items, n, spare, counts, s->parents->size);
        next->lowest = ws_sort_by_worker(spare, n, all->items, counts, c->workers, c->nworkers);
    }
    assert(n <= s->params->beam);
    next->links = all->items;
    next->size = n;
}

/* The first word the placed letters do not read exactly once, leaving out the
 * readings inside a container's placement (Kansas within Arkansas); NO_INDEX
 * when they read every word once. */
static int32_t word_not_once(const ws_pack_params *p, const uint8_t *grid, const ws_placed *placed)
{
    for (int32_t w = 0; w < p->words.count; w++)
        if (ws_count_own(grid, p->rows, p->cols, &p->words, &p->inside, placed, w, 2) != 1)
            return w;
    return NO_INDEX;
}

/* Readings of blocked words a finished puzzle is checked for at most; past them
 * it counts as spelling one (a puzzle with so many is passed over). */
#define BLOCKED_READINGS 256

/* Whether the placed letters spell a blocked word outside every placement. */
static int spells_blocked(const ws_pack_params *p, const uint8_t *grid, const ws_placed *placed)
{
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    if (ws_blocklist_scan(p->blocked, grid, p->rows, p->cols, word, start, dir,
                          BLOCKED_READINGS, &found) != WS_OK)
        return 1;
    for (int32_t k = 0; k < found; k++) {
        const int32_t len = ws_blocklist_word_length(p->blocked, word[k]);
        const int32_t end = start[k] + (len - 1) * (WS_DROW[dir[k]] * p->cols + WS_DCOL[dir[k]]);
        int own = 0;
        for (int32_t v = 0; v < p->words.count && !own; v++) {
            const int32_t vlen = p->words.offsets[v + 1] - p->words.offsets[v];
            own = ws_within_segment(start[k], end, placed->starts[v], placed->dirs[v], vlen,
                                    p->cols);
        }
        if (!own)
            return 1;
    }
    return 0;
}

/* Takes the step after the last word, whose parents are the finished puzzles.
 * They are taken best first in the total order, so that they come out the same
 * every time; as most are never taken, their links are put in that order a
 * batch of the output's size at a time. */
static void collect_finished(const step_ctx *s, ws_pack_output *out, int check_blocked)
{
    const ws_pack_params *p = s->params;
    const pool *done = s->parents;
    candidate *links = done->links;
    const int32_t ncells = p->rows * p->cols, nwords = p->words.count;
    out->count = 0;
    int32_t ordered = 0;
    for (int32_t i = 0; i < done->size && out->count < out->capacity; i++) {
        if (i == ordered) {
            const int32_t batch = ws_min32(out->capacity, done->size - i);
            ws_select_smallest(links + i, done->size - i, batch);
            ws_sort_candidates(links + i, batch);
            ordered += batch;
        }
        ws_realise(s, i);
        const uint8_t *g = done->grids + (size_t)i * s->size;
        const ws_placed placed = {.starts = done->starts + (size_t)i * nwords,
                                  .dirs = done->dirs + (size_t)i * nwords};
        const int32_t twice = word_not_once(p, g, &placed);
        if (twice != NO_INDEX) {
            if (out->stuck_word == NO_INDEX)
                out->stuck_word = twice; /* in the best layout: named if none reads once */
            continue;
        }
        if (check_blocked && spells_blocked(p, g, &placed))
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
    return ws_check_inside(&p->inside, p->words.count);
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
    pool a = {.links = NULL}, b = {.links = NULL};
    selection all = {.lock = PTHREAD_MUTEX_INITIALIZER, .cut_done = PTHREAD_COND_INITIALIZER,
                     .nworkers = nworkers, .keep = params->beam};
    pass_gate gate = {.lock = PTHREAD_MUTEX_INITIALIZER, .all_in = PTHREAD_COND_INITIALIZER};
    crew team = {.lock = PTHREAD_MUTEX_INITIALIZER, .start = PTHREAD_COND_INITIALIZER,
                 .done = PTHREAD_COND_INITIALIZER};
    pthread_t *threads = malloc((size_t)nworkers * sizeof(pthread_t));
    crew_member *members = malloc((size_t)nworkers * sizeof(crew_member));
    /* The selection's buffer and spare for one word; the chosen children stay
     * in one of them as the next pool's links while the next word uses the
     * other two. buffers[0] holds the parents' links. */
    candidate *buffers[SELECTION_BUFFERS];
    const size_t beam = (size_t)params->beam, placed = (size_t)(nwords > 0 ? nwords : 1);
    const memory_layout layout = {.grids = beam * (size_t)ncells,
                                  .starts = beam * placed * sizeof(int32_t),
                                  .dirs = beam * placed,
                                  .buffer = 2 * beam * sizeof(candidate)};
    unsigned char *memory = ws_take_memory(ws, ws_memory_bytes(&layout));
    pool *pools[POOLS] = {&a, &b};
    if (memory)
        ws_carve_memory(memory, &layout, pools, buffers);
    worker *workers = calloc((size_t)nworkers, sizeof(worker));
    step_ctx *s = malloc(sizeof(step_ctx));
    int16_t *places = malloc(2 * (size_t)ncells * sizeof(int16_t));
    /* Counts for ordering children: parents lie in 0..beam-1, scores in 0..all
     * letters for each worker. */
    const int32_t most_letters = params->words.offsets[nwords] - params->words.offsets[0];
    const size_t ncounts = (size_t)ws_max32(params->beam, nworkers * (most_letters + 1)) + 2;
    int32_t *counts = malloc(ncounts * sizeof(int32_t));
    int ok = threads && members && workers && memory && s && places && counts;
    for (int32_t t = 0; ok && t < nworkers; t++) {
        workers[t].step = s;
        workers[t].team = workers;
        workers[t].index = t;
        workers[t].nworkers = nworkers;
        workers[t].queue = (block_queue){.lock = PTHREAD_MUTEX_INITIALIZER};
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
    status = ws_crew_start(&team, workers, nworkers, threads, members);
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
    candidate empty_grid = {.score = 0, .parent = NO_INDEX, .start = NO_INDEX, .dir = 0,
                            .worker = 0, .key = 0, .parent_key = 0};
    a.links = &empty_grid;
    a.size = 1;
    a.lowest = 0;
    workers[0].nparents = 1; /* the rest start with none (calloc) */
    pool *cur = &a, *next = &b;
    for (int32_t w = 0; w < nwords; w++) {
        assert(cur->size >= 1); /* a pool that ran dry has returned WS_NO_ROOM */
        s->parents = cur;
        s->grandparents = next;
        ws_step_prepare(s, w);
        all.items = buffers[1];
        all.spare = buffers[2];
        expand(s, &team, &all, counts, next);
        buffers[1] = buffers[0];
        buffers[0] = all.items;
        buffers[2] = all.spare;
        if (ws_stopping(&params->stop)) {
            status = WS_STOPPED;
            goto done;
        }
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
    collect_finished(s, out, params->blocked != NULL);
    if (out->count == 0 && params->blocked != NULL)
        collect_finished(s, out, 0);
    status = out->count > 0 ? WS_OK : WS_NO_UNIQUE;
    if (status == WS_OK)
        out->stuck_word = NO_INDEX;

done:
    ws_crew_stop(&team);
    if (workers)
        for (int32_t t = 0; t < nworkers; t++) {
            free(workers[t].hit_at);
            free(workers[t].hits);
            free(workers[t].last_on_line);
            free(workers[t].pairs);
        }
    free(workers);
    free(threads);
    free(members);
    ws_give_back_memory(ws, memory);
    free(s);
    free(places);
    free(counts);
    free(lengths);
    return status;
}
