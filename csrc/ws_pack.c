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

/* The first blocked word the letters of the first `nplaced` words spell outside
 * every placement, leaving out, given `last_holder` (see pack_run), those a word
 * after them holds; NO_INDEX when there is none. More readings than
 * BLOCKED_READINGS give `overflow`. */
static int32_t blocked_reading(const ws_pack_params *p, const uint8_t *grid,
                               const ws_placed *placed, int32_t nplaced,
                               const int32_t *last_holder, int32_t overflow)
{
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    if (ws_blocklist_scan(p->blocked, grid, p->rows, p->cols, word, start, dir,
                          BLOCKED_READINGS, &found) != WS_OK)
        return overflow;
    for (int32_t k = 0; k < found; k++)
        if ((!last_holder || last_holder[word[k]] < nplaced) &&
            ws_any_not_own(p, placed, nplaced, word + k, start + k, dir + k, 1))
            return word[k];
    return NO_INDEX;
}

/* Whether the placed letters spell a blocked word outside every placement (more
 * readings than BLOCKED_READINGS count as one). */
static int spells_blocked(const ws_pack_params *p, const uint8_t *grid, const ws_placed *placed)
{
    return blocked_reading(p, grid, placed, p->words.count, NULL, 0) != NO_INDEX;
}

/* Takes the step after the last word, whose parents are the finished puzzles.
 * They are taken best first in the total order, so that they come out the same
 * every time; as most are never taken, their links are put in that order a
 * batch of the output's size at a time. */
static void collect_finished(const step_ctx *s, ws_pack_output *out, int check_blocked,
                             int32_t *scratch)
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
        /* Written out where it goes if taken, the pools left as they were
         * (see take_finished). */
        const int32_t k = out->count;
        uint8_t *g = out->grids + (size_t)k * ncells, *dirs = out->dirs + (size_t)k * nwords;
        int32_t *starts = out->starts + (size_t)k * nwords;
        ws_realise_into(s, i, g, starts, dirs);
        const ws_placed placed = {.starts = starts, .dirs = dirs};
        /* Blocked words first: a dense grid of many words may spell one in
         * every layout, and their scan costs far less than counting every
         * word's readings. A layout must pass both, so the order changes
         * nothing taken; the word named when none reads once is found again
         * by the last pass, which has no blocked words to check (see
         * take_finished). */
        if (check_blocked && spells_blocked(p, g, &placed))
            continue;
        const int32_t twice = ws_last_not_once(g, p->rows, p->cols, &p->words, &p->inside,
                                               &placed, scratch);
        if (twice != NO_INDEX) {
            if (out->stuck_word == NO_INDEX)
                out->stuck_word = twice; /* in the best layout: named if none reads once */
            continue;
        }
        out->count++;
    }
}

/* Whether the grid is one the core takes, each cell inside or outside the shape,
 * and the directions a nonempty set of the eight. */
static int grid_ok(const ws_pack_params *p)
{
    if (!ws_grid_size_ok(p->rows, p->cols))
        return 0;
    if ((p->dir_mask & WS_ALL_DIRS) == 0 || (p->dir_mask & ~WS_ALL_DIRS) != 0)
        return 0;
    for (int32_t i = 0; i < p->rows * p->cols; i++)
        if (p->cells[i] != WS_EMPTY && p->cells[i] != WS_BLOCKED)
            return 0;
    return 1;
}

/* Whether the beam, the threads, the room for output and the scattered words
 * are within their bounds. */
static int search_ok(const ws_pack_params *p, const ws_pack_output *out)
{
    if (p->beam < 1 || p->threads < 1 || p->threads > WS_MAX_THREADS || out->capacity < 1)
        return 0;
    return p->words.count >= 0 && p->scattered >= 0 && p->scattered <= p->words.count &&
           (p->scattered == 0 || p->regions);
}

/* Whether every word has 1 to WS_MAX_WORD letters, each a letter code; writes
 * their lengths. */
static int words_ok(const ws_words *words, int32_t *lengths)
{
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t at = words->offsets[w];
        lengths[w] = words->offsets[w + 1] - at;
        if (lengths[w] < 1 || lengths[w] > WS_MAX_WORD)
            return 0;
        for (int32_t j = 0; j < lengths[w]; j++)
            if (words->letters[at + j] == WS_EMPTY || words->letters[at + j] > WS_MAX_LETTER)
                return 0;
    }
    return 1;
}

static ws_status check_params(const ws_pack_params *p, const ws_pack_output *out,
                              int32_t *lengths)
{
    if (!grid_ok(p) || !search_ok(p, out) || !words_ok(&p->words, lengths))
        return WS_BAD_ARGUMENT;
    return ws_check_inside(&p->inside, p->words.count);
}

/* What one call holds from start to end: the crew and its workers, the two
 * pools and the selection buffers (one block of memory, see memory_layout), and
 * the step's scratch. */
typedef struct {
    const ws_pack_params *params;
    int32_t nworkers, ncells;
    pool pools[POOLS];
    selection all;
    pass_gate gate;
    crew team;
    pthread_t *threads;
    crew_member *members;
    worker *workers;
    /* The selection's buffer and spare for one word; the chosen children stay
     * in one of them as the next pool's links while the next word uses the
     * other two. buffers[0] holds the parents' links. */
    candidate *buffers[SELECTION_BUFFERS];
    unsigned char *memory;
    step_ctx *step;
    int16_t *places;  /* row, then column, of each cell */
    uint8_t *around;  /* the step's */
    uint8_t *fits;    /* the step's, for the longest word */
    uint64_t *in_range; /* the step's */
    uint64_t *letter_masks; /* the step's */
    int32_t longest;    /* letters of the longest word */
    int32_t board_words, board_pad; /* the step's */
    int32_t *counts;  /* for ordering children (see expand) */
    int32_t *index_scratch; /* for reading the finished puzzles (see collect_finished) */
    uint8_t *dead;          /* with pruning, the parents dropped (see step_ctx.dead) */
    ws_blocklist *own_words; /* with pruning, the step's (see step_ctx.own_words) */
    int32_t *closed_offsets, *closed; /* with pruning, the step's */
    uint8_t *holds_counted;           /* with pruning, the step's */
    /* Giving up (ws_pack_params.give_up_blocked), for each blocked word, the
     * last word (in placement order) that holds it, read either way, or
     * NO_INDEX: laid over a reading, that word makes it its own (see
     * all_spell_blocked). NULL: the pack is not given up for blocked words. */
    int32_t *last_holder;
    candidate empty_grid; /* the link of the first pool's one puzzle */
} pack_run;

/* A worker's scratch, one for each cell or line of the grid, and its families,
 * one for each puzzle of the beam; 0 when out of memory. */
static int take_scratch(worker *wk, const pack_run *r)
{
    const ws_pack_params *p = r->params;
    const size_t ncells = (size_t)p->rows * (size_t)p->cols;
    const size_t lines = (size_t)LINE_COUNT(p->rows, p->cols);
    const size_t beam = (size_t)p->beam;
    wk->hit_at = malloc((ncells + 1) * sizeof(int32_t));
    wk->hits = malloc((ncells + 1) * sizeof(hit));
    wk->last_on_line = malloc(lines * sizeof(int32_t));
    wk->pairs = malloc(ncells * (WS_NDIRS / 2) * sizeof(hit_pair));
    wk->found = malloc(ncells * WS_NDIRS * sizeof(multi_pos));
    const size_t span = (size_t)r->board_words + 2 * (size_t)r->board_pad;
    wk->boards = malloc(((size_t)r->longest * span + 2 * (size_t)r->board_words) *
                        sizeof(uint64_t));
    wk->hit_board = malloc((size_t)r->board_words * sizeof(uint64_t));
    wk->family_round = calloc(beam, sizeof(int32_t));
    wk->family_first = malloc(beam * sizeof(size_t));
    wk->family_count = malloc(beam * sizeof(int32_t));
    wk->family_room = beam * FAMILY_ROOM;
    wk->family = malloc(wk->family_room * sizeof(multi_pos));
    wk->hits_first = malloc(beam * sizeof(size_t));
    wk->hits_count = malloc(beam * sizeof(int32_t));
    wk->hits_room = beam * KIN_HITS_ROOM;
    wk->kin_hits = malloc(wk->hits_room * sizeof(hit));
    return wk->hit_at && wk->hits && wk->boards && wk->hit_board && wk->last_on_line &&
           wk->pairs && wk->found &&
           wk->family_round && wk->family_first && wk->family_count && wk->family &&
           wk->hits_first && wk->hits_count && wk->kin_hits;
}

/* Readies every worker; 0 when out of memory. */
static int workers_open(pack_run *r)
{
    for (int32_t t = 0; t < r->nworkers; t++) {
        worker *wk = &r->workers[t];
        wk->step = r->step;
        wk->team = r->workers;
        wk->index = t;
        wk->nworkers = r->nworkers;
        wk->queue = (block_queue){.lock = PTHREAD_MUTEX_INITIALIZER};
        wk->gate = &r->gate;
        wk->sel.all = &r->all;
        wk->sel.worker = (int16_t)t;
        wk->family_word = NO_INDEX;
        if (!take_scratch(wk, r))
            return 0;
    }
    return 1;
}

/* The readings of `list`'s words in the letters of word w, read as a grid of
 * one row (ws_blocklist_scan's outputs, with room for BLOCKED_READINGS). */
static ws_status scan_word(const ws_blocklist *list, const ws_words *words, int32_t w,
                           int32_t *word, int32_t *start, uint8_t *dir, int32_t *found)
{
    const int32_t from = words->offsets[w];
    return ws_blocklist_scan(list, words->letters + from, 1, words->offsets[w + 1] - from, word,
                             start, dir, BLOCKED_READINGS, found);
}

/* Fills r->holds_counted (see step_ctx); 0 when out of memory. */
static int holds_counted_open(pack_run *r)
{
    const ws_pack_params *p = r->params;
    r->holds_counted = calloc((size_t)ws_max32(p->words.count, 1), 1);
    if (!r->holds_counted)
        return 0;
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    for (int32_t w = 0; w < p->words.count; w++) {
        if (scan_word(r->own_words, &p->words, w, word, start, dir, &found) != WS_OK) {
            r->holds_counted[w] = 1; /* in doubt, its run is read */
            continue;
        }
        for (int32_t k = 0; k < found && !r->holds_counted[w]; k++) {
            int contained = word[k] == w; /* its own letters: the word itself */
            if (p->inside.offsets)
                for (int32_t i = p->inside.offsets[word[k]];
                     i < p->inside.offsets[word[k] + 1]; i++)
                    contained |= p->inside.words[i] == w;
            r->holds_counted[w] = (uint8_t)!contained;
        }
    }
    return 1;
}

/* With pruning, the list's own words for reading them again (see
 * step_ctx.own_words), when each has two letters or more, as the automaton
 * takes; 0 when out of memory. */
static int own_words_open(pack_run *r)
{
    const ws_pack_params *p = r->params;
    const int32_t count = p->words.count;
    int top = 1;
    for (int32_t w = 0; w < count; w++) {
        if (p->words.offsets[w + 1] - p->words.offsets[w] < WS_MIN_BLOCKED)
            return 1;
        for (int32_t i = p->words.offsets[w]; i < p->words.offsets[w + 1]; i++)
            top = p->words.letters[i] > top ? p->words.letters[i] : top;
    }
    r->closed_offsets = calloc((size_t)count + 2, sizeof(int32_t));
    r->closed = malloc((size_t)ws_max32(count, 1) * sizeof(int32_t));
    int32_t *last = malloc((size_t)ws_max32(count, 1) * sizeof(int32_t));
    if (!r->closed_offsets || !r->closed || !last) {
        free(last);
        return 0;
    }
    /* Each word under the last of its containers, by counting sort. */
    for (int32_t w = 0; w < count; w++) {
        last[w] = NO_INDEX;
        if (p->inside.offsets)
            for (int32_t i = p->inside.offsets[w]; i < p->inside.offsets[w + 1]; i++)
                last[w] = ws_max32(last[w], p->inside.words[i]);
        if (last[w] != NO_INDEX)
            r->closed_offsets[last[w] + 2]++;
    }
    for (int32_t v = 0; v < count; v++)
        r->closed_offsets[v + 2] += r->closed_offsets[v + 1];
    for (int32_t w = 0; w < count; w++)
        if (last[w] != NO_INDEX)
            r->closed[r->closed_offsets[last[w] + 1]++] = w;
    free(last);
    for (int k = 0; k < POOLS; k++) {
        r->pools[k].pending = malloc((size_t)p->beam * sizeof(uint64_t));
        if (!r->pools[k].pending)
            return 0;
    }
    const ws_status built = ws_blocklist_build(&p->words, top, &r->own_words);
    if (built != WS_OK)
        return 0; /* out of memory, or a list too long for the automaton's table */
    return holds_counted_open(r);
}

/* What blocked words need: with pruning, the parents dropped and the list's
 * own words; giving up, each blocked word's last holder. 0 when out of memory. */
static int blocked_open(pack_run *r)
{
    const ws_pack_params *p = r->params;
    if (!p->blocked)
        return 1;
    if (p->prune_blocked) {
        r->dead = malloc((size_t)p->beam);
        return r->dead != NULL && own_words_open(r);
    }
    if (!p->give_up_blocked)
        return 1;
    const size_t count = (size_t)ws_max32(ws_blocklist_count(p->blocked), 1);
    r->last_holder = malloc(count * sizeof(int32_t));
    return r->last_holder != NULL;
}

/* Takes the call's memory (the pools' and buffers' from the workspace when it
 * has enough): WS_OK, or WS_NO_MEMORY, leaving what it took for run_close. */
static ws_status run_open(pack_run *r, const ws_pack_params *p, ws_workspace *ws)
{
    const int32_t nworkers = p->threads, ncells = p->rows * p->cols;
    *r = (pack_run){
        .params = p, .nworkers = nworkers, .ncells = ncells,
        .all = {.lock = PTHREAD_MUTEX_INITIALIZER, .cut_done = PTHREAD_COND_INITIALIZER,
                .nworkers = nworkers, .keep = p->beam},
        .gate = {.lock = PTHREAD_MUTEX_INITIALIZER, .all_in = PTHREAD_COND_INITIALIZER},
        .team = {.lock = PTHREAD_MUTEX_INITIALIZER, .start = PTHREAD_COND_INITIALIZER,
                 .done = PTHREAD_COND_INITIALIZER}};
    const size_t beam = (size_t)p->beam;
    const size_t placed = (size_t)(p->words.count > 0 ? p->words.count : 1);
    const memory_layout layout = {.grids = beam * (size_t)ncells,
                                  .starts = beam * placed * sizeof(int32_t),
                                  .dirs = beam * placed,
                                  .buffer = 2 * beam * sizeof(candidate)};
    r->memory = ws_take_memory(ws, ws_memory_bytes(&layout));
    if (r->memory) {
        pool *pools[POOLS] = {&r->pools[0], &r->pools[1]};
        ws_carve_memory(r->memory, &layout, pools, r->buffers);
    }
    /* Counts for ordering children: parents lie in 0..beam-1, scores in 0..all
     * letters for each worker. */
    const int32_t most_letters = p->words.offsets[p->words.count] - p->words.offsets[0];
    const size_t ncounts = (size_t)ws_max32(p->beam, nworkers * (most_letters + 1)) + 2;
    r->threads = malloc((size_t)nworkers * sizeof(pthread_t));
    r->members = malloc((size_t)nworkers * sizeof(crew_member));
    r->workers = calloc((size_t)nworkers, sizeof(worker));
    r->step = malloc(sizeof(step_ctx));
    r->places = malloc(2 * (size_t)ncells * sizeof(int16_t));
    r->longest = 1;
    for (int32_t w = 0; w < p->words.count; w++)
        r->longest = ws_max32(r->longest, p->words.offsets[w + 1] - p->words.offsets[w]);
    /* Boards are read up to the longest word's last index from a start, and one
     * word more for the bits shifted in. */
    r->board_words = (ncells + 63) / 64;
    r->board_pad = (r->longest - 1) * (p->cols + 1) / 64 + 2;
    r->fits = malloc((size_t)r->longest * (size_t)ncells);
    r->around = malloc((size_t)ncells);
    r->in_range = malloc(WS_NDIRS * (size_t)r->board_words * sizeof(uint64_t));
    r->letter_masks = malloc((size_t)(p->words.count > 0 ? p->words.count : 1) * sizeof(uint64_t));
    r->counts = malloc(ncounts * sizeof(int32_t));
    r->index_scratch = malloc(WS_INDEX_SCRATCH(ncells) * sizeof(int32_t));
    if (!r->threads || !r->members || !r->workers || !r->memory || !r->step || !r->places ||
        !r->fits || !r->around || !r->in_range || !r->letter_masks || !r->counts ||
        !r->index_scratch || !blocked_open(r) || !workers_open(r))
        return WS_NO_MEMORY;
    return WS_OK;
}

static void run_close(pack_run *r, ws_workspace *ws)
{
    ws_crew_stop(&r->team);
    if (r->workers)
        for (int32_t t = 0; t < r->nworkers; t++) {
            free(r->workers[t].hit_at);
            free(r->workers[t].hits);
            free(r->workers[t].last_on_line);
            free(r->workers[t].pairs);
            free(r->workers[t].found);
            free(r->workers[t].boards);
            free(r->workers[t].hit_board);
            free(r->workers[t].family_round);
            free(r->workers[t].family_first);
            free(r->workers[t].family_count);
            free(r->workers[t].family);
            free(r->workers[t].hits_first);
            free(r->workers[t].hits_count);
            free(r->workers[t].kin_hits);
        }
    free(r->workers);
    free(r->threads);
    free(r->members);
    ws_give_back_memory(ws, r->memory);
    free(r->step);
    free(r->places);
    free(r->fits);
    free(r->around);
    free(r->in_range);
    free(r->letter_masks);
    free(r->counts);
    free(r->index_scratch);
    free(r->dead);
    ws_blocklist_free(r->own_words);
    for (int k = 0; k < POOLS; k++)
        free(r->pools[k].pending);
    free(r->closed_offsets);
    free(r->closed);
    free(r->holds_counted);
    free(r->last_holder);
}

/* Readies the step and the first pool: the empty grid, one puzzle that the first
 * worker expands. */
static void run_start(pack_run *r, const int32_t *lengths)
{
    const ws_pack_params *p = r->params;
    step_ctx *s = r->step;
    const int32_t ncells = r->ncells;
    s->params = p;
    s->row_of = r->places;
    s->col_of = r->places + ncells;
    s->fits = r->fits;
    s->in_range = r->in_range;
    s->letter_masks = r->letter_masks;
    s->board_words = r->board_words;
    s->board_pad = r->board_pad;
    s->dead = r->dead;
    s->own_words = r->own_words;
    s->closed_offsets = r->closed_offsets;
    s->closed = r->closed;
    s->holds_counted = r->holds_counted;
    for (int32_t i = 0; i < ncells; i++) {
        const int32_t row = i / p->cols, col = i % p->cols;
        r->places[i] = (int16_t)row;
        r->places[ncells + i] = (int16_t)col;
        r->around[i] = 0;
        for (int d = 0; d < WS_NDIRS; d++)
            r->around[i] |= (uint8_t)(ws_on_grid(row + WS_DROW[d], col + WS_DCOL[d], p->rows,
                                                 p->cols) << d);
    }
    s->around = r->around;
    s->lengths = lengths;
    s->size = ncells;
    pool *first = &r->pools[0];
    memcpy(first->grids, p->cells, (size_t)ncells);
    r->empty_grid = (candidate){.score = 0, .parent = NO_INDEX, .start = NO_INDEX, .dir = 0,
                                .worker = 0, .key = 0, .parent_key = 0};
    if (first->pending)
        first->pending[0] = 0;
    first->links = &r->empty_grid;
    first->size = 1;
    first->lowest = 0;
    r->workers[0].nparents = 1; /* the rest start with none (calloc) */
}

/* Children the last word keeps for each finished puzzle the output has room
 * for. Only the best finished puzzles are ever taken (see collect_finished),
 * so the rest of the beam is chosen for nothing: with a few times the output's
 * room, the bar is tight from the start and most of the last word's positions
 * are turned away unseen. Should too few of them read every word once,
 * take_finished keeps more, up to the whole beam. */
#define FINISHED_MARGIN 8

/* Expands word w of the parents in `cur` into `next`, keeping `keep` children;
 * the selection's buffers turn round (buffers[0] then holds the children). */
static void expand_word(pack_run *r, int32_t w, pool *cur, pool *next, int32_t keep)
{
    step_ctx *s = r->step;
    selection *all = &r->all;
    s->parents = cur;
    s->grandparents = next;
    ws_step_prepare(s, w);
    all->keep = keep;
    all->items = r->buffers[1];
    all->spare = r->buffers[2];
    expand(s, &r->team, all, r->counts, next);
    r->buffers[1] = r->buffers[0];
    r->buffers[0] = all->items;
    r->buffers[2] = all->spare;
}

/* Whether the word expanded last had more children than it kept, keeping
 * fewer than the beam (only the last word keeps fewer). */
static int cut_short(const pack_run *r)
{
    return r->all.keep < r->params->beam && (r->all.has_bar || r->all.size > r->all.keep);
}

/* Fills r->last_holder (see pack_run); 0 when a word holds more readings than
 * there is room for (then no pack is given up). */
static int find_holders(pack_run *r)
{
    const ws_pack_params *p = r->params;
    int32_t word[BLOCKED_READINGS], start[BLOCKED_READINGS], found = 0;
    uint8_t dir[BLOCKED_READINGS];
    for (int32_t b = 0; b < ws_blocklist_count(p->blocked); b++)
        r->last_holder[b] = NO_INDEX;
    for (int32_t v = 0; v < p->words.count; v++) {
        if (scan_word(p->blocked, &p->words, v, word, start, dir, &found) != WS_OK)
            return 0;
        for (int32_t k = 0; k < found; k++)
            r->last_holder[word[k]] = v;
    }
    return 1;
}

/* A blocked word that the letters of the first `nplaced` words spell outside
 * every placement and that no word after them holds, or NO_INDEX (also when
 * there are more readings than room for them: in doubt, the pack goes on). */
static int32_t blocked_for_good(const pack_run *r, const uint8_t *grid, const ws_placed *placed,
                                int32_t nplaced)
{
    return blocked_reading(r->params, grid, placed, nplaced, r->last_holder, NO_INDEX);
}

/* When every puzzle in `kept`, the pool after word w, spells a blocked word for
 * good (see blocked_for_good), the least such word (by index: the pool's order
 * depends on the threads); else NO_INDEX. Letters are never taken away, so then
 * none of the pack's finished puzzles could be free of them. `parents` is the
 * pool before, where *free_at was found free of them. Each puzzle is written
 * out into the output's first slot, unused until the finished puzzles are
 * taken. The children of *free_at are read first, as a child keeps its
 * parent's readings: in a pool where most spell one, the puzzles read before
 * one free of them are few. */
static int32_t all_spell_blocked(pack_run *r, int32_t w, pool *kept, pool *parents,
                                 ws_pack_output *out, int32_t *free_at)
{
    step_ctx *s = r->step;
    s->parents = kept;
    s->grandparents = parents;
    s->word = w + 1;
    const ws_placed placed = {.starts = out->starts, .dirs = out->dirs};
    int32_t least = NO_INDEX;
    for (int kin = 1; kin >= 0; kin--)
        for (int32_t i = 0; i < kept->size; i++) {
            if ((kept->links[i].parent == *free_at) != kin)
                continue;
            if (ws_stopping(&r->params->stop))
                return NO_INDEX; /* the next word's expansion stops the pack */
            ws_realise_into(s, i, out->grids, out->starts, out->dirs);
            const int32_t spelled = blocked_for_good(r, out->grids, &placed, w + 1);
            if (spelled == NO_INDEX) {
                *free_at = i;
                return NO_INDEX;
            }
            if (least == NO_INDEX || spelled < least)
                least = spelled;
        }
    return least;
}

/* Whether the pool after word w of `count` is looked at for giving up: from the
 * second word (one word's letters spell nothing outside it) through the first
 * three quarters. The last words are the shortest and cheapest, so giving up
 * there saves little, and it costs most there: in a pool that nearly all
 * spells blocked words, a free puzzle takes many reads to find. */
static int worth_giving_up(int32_t w, int32_t count)
{
    return w >= 1 && w < count - 1 && 4 * (int64_t)w < 3 * (int64_t)count;
}

/* Places the words one at a time, each pool the parents of the next: WS_OK
 * with *last the pool of finished puzzles (and the pool before it the other),
 * WS_STOPPED, WS_NO_ROOM naming the word that found no position, or (giving
 * up) WS_ALL_BLOCKED naming a blocked word every puzzle of a pool before the
 * last spells. The last is left to take_finished, which may expand the
 * last word again to find one free of them. */
static ws_status place_words(pack_run *r, ws_pack_output *out, pool **last)
{
    const ws_pack_params *p = r->params;
    const int64_t margin = (int64_t)FINISHED_MARGIN * out->capacity;
    const int32_t last_keep = margin < p->beam ? (int32_t)margin : p->beam;
    const int give_up_blocked = r->last_holder != NULL && find_holders(r);
    int32_t free_at = NO_INDEX; /* a puzzle of the pool found free of blocked words */
    pool *cur = &r->pools[0], *next = &r->pools[1];
    for (int32_t w = 0; w < p->words.count; w++) {
        assert(cur->size >= 1); /* a pool that ran dry has returned WS_NO_ROOM */
        expand_word(r, w, cur, next, w == p->words.count - 1 ? last_keep : p->beam);
        if (ws_stopping(&r->params->stop))
            return WS_STOPPED;
        if (next->size == 0) {
            out->stuck_word = w;
            return WS_NO_ROOM;
        }
        if (give_up_blocked && worth_giving_up(w, p->words.count)) {
            const int32_t spelled = all_spell_blocked(r, w, next, cur, out, &free_at);
            if (spelled != NO_INDEX) {
                out->stuck_word = spelled;
                return WS_ALL_BLOCKED;
            }
        }
        pool *tmp = cur;
        cur = next;
        next = tmp;
    }
    *last = cur;
    return WS_OK;
}

/* Takes the finished puzzles in `done`, whose parents are in `before`. */
static void take_from(pack_run *r, pool *done, pool *before, ws_pack_output *out,
                      int check_blocked)
{
    step_ctx *s = r->step;
    s->parents = done;
    s->grandparents = before;
    s->word = r->params->words.count;
    collect_finished(s, out, check_blocked, r->index_scratch);
}

/* Expands the last word again into `done`, keeping `keep` of its children;
 * its workers keep the families they found (see ws_offer_children). */
static void expand_last_again(pack_run *r, pool *done, pool *before, int32_t keep)
{
    /* The parents' links back in buffers[0], where expand_word keeps them. */
    candidate *const children = r->buffers[0];
    r->buffers[0] = r->buffers[1];
    r->buffers[1] = children;
    expand_word(r, r->params->words.count - 1, before, done, keep);
}

/* The worst of a pool's links in the total order. */
static candidate worst_of(const pool *done)
{
    candidate worst = done->links[0];
    for (int32_t i = 1; i < done->size; i++)
        if (cand_less(&worst, &done->links[i]))
            worst = done->links[i];
    return worst;
}

/* Takes the finished puzzles in `done`: those that spell no blocked word when
 * any does so, else the others. When the last word kept fewer children than
 * the beam (see FINISHED_MARGIN) and too few of them pass, it is expanded
 * again, keeping twice as many as the share that passed needs, at least twice
 * as many as before, at most the beam. The output is the same either way, as
 * the children kept are the best of the beam's, in the same order.
 *
 * With pruning, when not one of the beam's finished puzzles reads every word
 * once, the next beam's worth of the last word's children in the total order
 * is taken, and so on, until one does or there are no more: the beam holds the
 * layouts sharing the most cells, and with few directions every one of those
 * may read a word twice where a layout sharing fewer would not. */
static ws_status take_finished(pack_run *r, pool *done, ws_pack_output *out)
{
    const ws_pack_params *p = r->params;
    pool *before = done == &r->pools[0] ? &r->pools[1] : &r->pools[0];
    take_from(r, done, before, out, p->blocked != NULL);
    /* The selection still holds what the last expansion of the last word chose. */
    while (out->count < out->capacity && cut_short(r)) {
        const int64_t kept = r->all.keep, passed = out->count > 0 ? out->count : 1;
        const int64_t by_share = 2 * kept * out->capacity / passed;
        const int64_t wanted = by_share > 2 * kept ? by_share : 2 * kept;
        expand_last_again(r, done, before, wanted < p->beam ? (int32_t)wanted : p->beam);
        if (ws_stopping(&p->stop))
            return WS_STOPPED;
        take_from(r, done, before, out, p->blocked != NULL);
    }
    if (out->count == 0 && p->blocked != NULL)
        take_from(r, done, before, out, 0);
    while (out->count == 0 && p->prune_blocked && p->blocked != NULL &&
           r->all.keep == p->beam && done->size == p->beam) {
        r->all.floor = worst_of(done);
        r->all.has_floor = 1;
        expand_last_again(r, done, before, p->beam);
        r->all.has_floor = 0;
        if (ws_stopping(&p->stop))
            return WS_STOPPED;
        take_from(r, done, before, out, 1);
        if (out->count == 0)
            take_from(r, done, before, out, 0);
    }
    if (out->count == 0)
        return WS_NO_UNIQUE;
    out->stuck_word = NO_INDEX;
    return WS_OK;
}

/* ws_pack past its checks. */
static ws_status pack_checked(const ws_pack_params *params, const int32_t *lengths,
                              ws_workspace *ws, ws_pack_output *out)
{
    pack_run r;
    pool *done = NULL;
    ws_status status = run_open(&r, params, ws);
    if (status == WS_OK)
        status = ws_crew_start(&r.team, r.workers, r.nworkers, r.threads, r.members);
    if (status == WS_OK) {
        run_start(&r, lengths);
        status = place_words(&r, out, &done);
    }
    if (status == WS_OK)
        status = take_finished(&r, done, out);
    run_close(&r, ws);
    return status;
}

ws_status ws_pack(const ws_pack_params *params, ws_workspace *ws, ws_pack_output *out)
{
    const int32_t nwords = params->words.count;
    int32_t *lengths = malloc((size_t)(nwords > 0 ? nwords : 1) * sizeof(int32_t));
    if (!lengths)
        return WS_NO_MEMORY;
    out->count = 0;
    out->stuck_word = NO_INDEX;
    ws_status status = check_params(params, out, lengths);
    if (status == WS_OK)
        status = pack_checked(params, lengths, ws, out);
    free(lengths);
    return status;
}
