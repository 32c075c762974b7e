/* The packer's private vocabulary, shared by its five files and by nothing else:
 *
 *   ws_select.c  ordering and selection: the total order on candidates, the
 *                partial selection and sorts, the `selection` every worker adds
 *                to and each worker's `selector` on it
 *   ws_memory.c  the workspace and the one block of memory a call carves up
 *   ws_place.c   the placement rules (the ones tests/reference.py spells out):
 *                a word's valid positions in a parent, by share class, and
 *                their keys
 *   ws_crew.c    the worker threads that expand one word at a time
 *   ws_pack.c    the driver: ws_pack and the loop over the words
 *
 * Helpers on the hot path (the order, the bar test, a selector's add, the
 * lock) are static inline here, so that splitting the packer into files costs
 * no call it did not pay before.
 */
#ifndef WS_PACK_INTERNAL_H
#define WS_PACK_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "ws_pack.h"

#define NO_INDEX (-1)
#define NO_SLOT WS_MAX_WORD
/* Cell codes a grid byte can hold, letters and the two reserved codes. */
#define CELL_CODES 256
/* Lines of the four forward directions in a rows x cols grid (see line_of). */
#define LINE_COUNT(rows, cols) (3 * ((rows) + (cols)) - 2)

/* A lock taken only when workers share what it guards: with one worker, both do
 * nothing. The block queues' and the selection's locks are taken through these
 * two; the crew's and the pass gate's are taken only where more than one
 * worker runs, or once a word. */
static inline void ws_lock(pthread_mutex_t *lock, int32_t nworkers)
{
    if (nworkers > 1)
        pthread_mutex_lock(lock);
}

static inline void ws_unlock(pthread_mutex_t *lock, int32_t nworkers)
{
    if (nworkers > 1)
        pthread_mutex_unlock(lock);
}

#define NS_PER_S 1000000000

/* Whether the pack has been asked to stop (see ws_stop in ws_pack.h). The flag
 * is read with a GCC/Clang atomic builtin: C99 has no atomics, and the flag is
 * written by a signal handler or another thread. */
static inline int ws_stopping(const ws_stop *stop)
{
    if (stop->flag && __atomic_load_n(stop->flag, __ATOMIC_RELAXED))
        return 1;
    if (stop->deadline_ns == 0)
        return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * NS_PER_S + now.tv_nsec >= stop->deadline_ns;
}

/* ---- Ordering and selection (ws_select.c) ---- */

/* A child offered for the next pool: a parent and where the word goes in it. */
typedef struct {
    int32_t score; /* letters on the grid once the word is placed */
    int32_t parent; /* where the parent lies in the pool */
    int32_t start;
    int16_t dir;
    int16_t worker; /* that offered it: the parent's grid is in its cache (see expand) */
    uint64_t key;
    uint64_t parent_key; /* the key that chose the parent: who it is, wherever it lies */
} candidate;

/* The total order that decides which children survive: the reference's sort of
 * (score, key, parent_key, start, dir). */
static inline int cand_less(const candidate *a, const candidate *b)
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

/* Keeps the `keep` best candidates offered, for all workers together.
 * Candidates are appended to a buffer twice that size and cut back to the best
 * `keep` when it holds a half more (see CUT_OVER); the worst survivor of the
 * last cut is the bar any newcomer must beat. Amortised O(1) per candidate.
 * The cut runs outside the lock: the worker that fills the buffer takes it
 * away and leaves the spare for newcomers, so that the others need not wait
 * (see ws_selection_cut). */
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
    int has_floor;      /* only candidates after the floor are kept (see take_finished) */
    candidate floor;
} selection;

/* The buffer is cut when it holds keep + keep / CUT_OVER (rounded up), not
 * when full: the bar tightens sooner, so fewer children are offered only to be
 * cut and more groups are turned away by their keys; the cuts' extra work is
 * less (callgrind, one thread, beam 8192: 10 words 4.6%, the 118 elements 2.2%
 * fewer instructions, 30 words 0.2% more; keep / 4 over was worse at 20 and 30
 * words). */
#define CUT_OVER 2

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
    int has_floor;
    candidate floor;
    int32_t nbatch;
    candidate batch[BATCH];
} selector;

/* Rearranges a[0..n) so that a[0..k) are the k smallest, a[k-1] the largest of them. */
void ws_select_smallest(candidate *a, int32_t n, int32_t k);
/* Sorts best first. */
void ws_sort_candidates(candidate *a, int32_t n);
/* Orders candidates by parent, keeping their order among equals; `counts` has
 * room for parents + 1 entries. */
void ws_sort_by_parent(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                       int32_t parents);

/* Empties the selection; a bar, when given, turns away every candidate not better. */
void ws_selection_reset(selection *all, const candidate *bar);
/* Cuts the full buffer to the best `keep`; the caller holds the lock when
 * workers share the selection. */
void ws_selection_cut(selection *all);

/* Hands the selector's batch to the selection and refreshes its bar. */
void ws_sel_flush(selector *sel);
/* The same, unless another worker holds the selection's lock. */
void ws_sel_try_flush(selector *sel);

/* Whether a child with this score and key could still be kept. */
static inline int sel_admits(const selector *sel, int32_t score, uint64_t key)
{
    return !sel->has_bar || score < sel->bar.score ||
           (score == sel->bar.score && key <= sel->bar.key);
}

static inline void sel_add(selector *sel, const candidate *c)
{
    if (sel->has_bar && !cand_less(c, &sel->bar))
        return;
    if (sel->has_floor && !cand_less(&sel->floor, c))
        return;
    sel->batch[sel->nbatch++] = *c;
    if (sel->nbatch == BATCH)
        ws_sel_flush(sel);
}

/* ---- The pool and the workspace (ws_memory.c) ---- */

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
    /* With the list's own words to prune by (step_ctx.own_words), cap: a
     * puzzle's bits v % 64 for at least each word v not laid yet that reads
     * once on its letters already (see dead_now in ws_place.c); words share
     * bits and a laid word's stays, which costs only a count over the grid
     * that finds nothing. Else NULL. */
    uint64_t *pending;
    int32_t size;
    int32_t lowest;         /* the fewest letters */
} pool;

/* Sizes of the arrays a call needs in proportion to its beam: two pools (see
 * pool) and three selection buffers (see ws_pack), laid out one after another. */
typedef struct {
    size_t grids, starts, dirs, buffer;
} memory_layout;

#define POOLS 2
#define SELECTION_BUFFERS 3

size_t ws_memory_bytes(const memory_layout *l);
void ws_carve_memory(unsigned char *at, const memory_layout *l, pool *pools[POOLS],
                     candidate *buffers[SELECTION_BUFFERS]);
/* Memory of `bytes` for the call, the workspace's when it is big enough; NULL
 * when out of memory. */
unsigned char *ws_take_memory(ws_workspace *ws, size_t bytes);
void ws_give_back_memory(ws_workspace *ws, unsigned char *memory);

/* ---- Placement rules (ws_place.c) ---- */

/* The share classes: how many cells of the parent a position shares, as
 * tests/reference.py tells them apart (a position "sharing two or more cells",
 * "sharing one cell", or "over empty cells"). Each has a pass of its own over
 * the parents (offer_multiple, offer_single, offer_open), in this order, which
 * sharpens the bar fastest: most shared cells first, so that most single and
 * open positions are passed over. */
typedef enum { SHARE_TWO_OR_MORE, SHARE_ONE, SHARE_NONE } share_class;

/* What every worker needs to expand the pool by one word; read-only but for the
 * parents, which each worker realises as it comes to them (see pool). */
typedef struct {
    const ws_pack_params *params;
    pool *parents;                /* workers realise the parents they expand */
    const pool *grandparents;     /* the pool before: the parents' parents */
    const int32_t *lengths;       /* length of each word */
    int32_t word;
    share_class first_pass;       /* the pass that writes the parents out */
    /* With pruning (ws_pack_params.prune_blocked), dead[p] is 1 once parent p
     * is written out and found to spell a blocked word: it is not expanded.
     * NULL without pruning. */
    uint8_t *dead;
    /* With pruning, the list's own words, so that a parent is dropped too when
     * its letters read one of them again for good: see dead_now and
     * word_reads_again (ws_place.c). NULL without pruning, or when a word is
     * shorter than the automaton takes (WS_MIN_BLOCKED). */
    const ws_blocklist *own_words;
    /* With own_words, the words whose last container (see ws_inside) is word v
     * are closed[closed_offsets[v]] .. closed[closed_offsets[v + 1] - 1]. */
    const int32_t *closed_offsets, *closed;
    /* With own_words, holds_counted[w] is 1 when word w's letters hold a word
     * that does not name w as a container: a reading that counts, which its
     * line is read for even when no letter abuts it. */
    const uint8_t *holds_counted;
    const uint8_t *letters;
    int32_t len;
    int8_t first_at[CELL_CODES];  /* first index of each cell code in the word, or NO_INDEX */
    int8_t next_at[WS_MAX_WORD];  /* next index holding the same letter */
    uint8_t in_word[CELL_CODES];  /* 1 for each letter code in the word, else 0 */
    /* pair_gaps[a][b] bit t: some i has word[i] == the letter of slot a and
     * word[i + t] == that of slot b. Slots number the word's distinct letters;
     * every other cell code has slot NO_SLOT, whose rows are all zero. */
    uint8_t slot[CELL_CODES];
    int32_t nslots;               /* the word's distinct letters */
    /* letter_masks[q] bit j, for each word q placed before this one: letter j
     * of word q is one of this word's letters (see collect_hits). */
    uint64_t *letter_masks;
    uint64_t pair_gaps[WS_MAX_WORD + 1][WS_MAX_WORD + 1];
    uint64_t either_gaps[WS_MAX_WORD + 1][WS_MAX_WORD + 1]; /* pair_gaps[a][b] | pair_gaps[b][a] */
    int32_t row_lo[WS_NDIRS], row_hi[WS_NDIRS]; /* valid start rows, inclusive */
    int32_t col_lo[WS_NDIRS], col_hi[WS_NDIRS];
    /* The starts of positions over empty cells only: for a scattered word, only
     * those that put its middle letter in its region. */
    int32_t open_row_lo[WS_NDIRS], open_row_hi[WS_NDIRS];
    int32_t open_col_lo[WS_NDIRS], open_col_hi[WS_NDIRS];
    const int16_t *row_of, *col_of; /* row and column of each cell */
    /* fits[i * size + cell] bit d: the word laid along an allowed direction d
     * with its index i on the cell lies inside the grid (its start is in range). */
    uint8_t *fits;
    const uint8_t *around;        /* bit d: the next cell along d lies inside the grid */
    int32_t size;                 /* rows * cols */
    /* A board is a bit for each cell of the grid, in 64-bit words, with words
     * of zeros either side as far as the longest word reaches (ws_place.c). */
    int32_t board_words, board_pad;
    uint64_t *in_range;           /* WS_NDIRS boards, no pad: start p in range along d */
    int64_t boards_cost;          /* finding a grid's positions on boards, for this word */
    int32_t step[WS_NDIRS];       /* offset of one step in a grid */
    unsigned axes;                /* bit f: FORWARD[f] or its opposite allowed (ws_place.c) */
} step_ctx;

/* A cell of the parent grid holding one of the word's letters. */
typedef struct {
    int16_t r, c;
    uint8_t letter, slot; /* slot: see step_ctx */
} hit;

/* Two hits on a line whose letters the word holds as far apart, in one order
 * or the other: indices in the hits, `from` the earlier, and `to` times
 * WS_NDIRS / 2 plus the forward direction's index in FORWARD (ws_place.c). */
typedef struct {
    int32_t from, to_along;
} hit_pair;

/* A position sharing two or more cells of some grid and valid there: where it
 * starts, its direction, and how many cells it shares (see find_multiple in
 * ws_place.c). */
typedef struct {
    int32_t start;
    uint8_t dir, shared;
} multi_pos;

typedef struct worker worker;

/* Readies the step for word `word`: its letters, slots and valid starts. */
void ws_step_prepare(step_ctx *s, int32_t word);

/* Readings of blocked words looked at in one scan at most: past them a grid
 * counts as spelling one (a layout with so many is passed over). */
#define BLOCKED_READINGS 256

/* Whether one of the `found` readings of blocked words (ws_block.h) lies
 * outside the own letters of each of the first `nplaced` placed words (along
 * one word's line, a blocked word is that word's own letters). */
int ws_any_not_own(const ws_pack_params *p, const ws_placed *placed, int32_t nplaced,
                   const int32_t *word, const int32_t *start, const uint8_t *dir, int32_t found);
/* Writes out parent p, which holds the words before s->word, into the arrays
 * given: its parent's grid and placements, and the word before s->word where
 * its link says (the driver writes the finished puzzles straight into its
 * output, leaving the pools as they were). */
void ws_realise_into(const step_ctx *s, int32_t p, uint8_t *grid, int32_t *starts,
                     uint8_t *dirs);
/* Expands parents [lo, hi) in the pass of the given share class; returns hi,
 * or the first parent with too many letters for the bar. */
int32_t ws_expand_parents(worker *wk, share_class kind, int32_t lo, int32_t hi,
                          int32_t *since_sync);

/* ---- The crew of worker threads (ws_crew.c) ---- */

/* Parents a worker expands between looks at the shared bar, when others add too. */
#define BAR_SYNC_INTERVAL 64

/* Each worker owns a region of the pool, the children it offered, and takes it
 * in blocks: their parents' grids are in its cache and siblings lie side by
 * side, alike. A worker through with its own blocks takes those others have not
 * reached (see expand_run). */
#define PARENT_BLOCK 32

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
    multi_pos *found;        /* scratch: WS_NDIRS per grid cell */
    uint64_t *boards;        /* scratch: a padded board per slot, and two unpadded */
    uint64_t *hit_board;     /* scratch: a board of the cells holding the word's letters */
    /* What the worker found in the grandparents it met in this word (see
     * offer_multiple and offer_single_hits): grandparent G's positions sharing
     * two or more cells are family[family_first[G] ..][family_count[G]], and
     * the cells holding the word's letters kin_hits[hits_first[G] ..]
     * [hits_count[G]], when family_round[G] is the worker's round. One entry of
     * each per-grandparent array per puzzle of the beam; `family` and
     * `kin_hits` grow as needed. */
    int32_t *family_round, *family_count, *hits_count;
    size_t *family_first, *hits_first;
    multi_pos *family;
    hit *kin_hits;
    size_t family_size, hits_size;   /* entries in use this round */
    size_t family_room, hits_room;   /* entries there is room for */
    int32_t round;           /* families found since the call began */
    int32_t family_word;     /* the word they are for; NO_INDEX before the first */
};

/* Entries of a worker's `family` and `kin_hits` per puzzle of the beam to begin
 * with: 20 words on 15x15 need about two positions and 40 cells. */
#define FAMILY_ROOM 4
#define KIN_HITS_ROOM 64

/* Threads that live for one ws_pack call and expand one word at a time, one
 * worker each, the first worker on the calling thread. */
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

/* Orders candidates by the worker that offered them, then by letters, and gives
 * each worker its region of them; returns the fewest letters (ws_select.c, here
 * as it needs the workers). */
int32_t ws_sort_by_worker(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                          worker *team, int32_t nworkers);

/* Starts a thread for every worker but the first; `threads` and `members`
 * have room for them. */
ws_status ws_crew_start(crew *c, worker *workers, int32_t nworkers, pthread_t *threads,
                        crew_member *members);
void ws_crew_stop(crew *c);
/* Offers every child of every parent to the selection, which starts from `bar`
 * when one is given; returns when every worker is through. */
void ws_offer_children(crew *c, selection *all, const candidate *bar);

#endif
