/* The beam-search packer.
 *
 * Words are placed one at a time, in the order given. A pool of partial
 * puzzles starts with the empty grid; each word is tried at every valid
 * position of every puzzle in the pool, and the best `beam` children become the
 * next pool. Best means fewest letters on the grid; ties are broken by a key
 * mixed from the seed and the candidate's identity (word, the key that chose
 * its parent, start, direction), so the result is the same for any number of
 * threads and any order the pool happens to keep among equals. Positions
 * sharing one cell or none share the high half of their key with a group
 * (one crossing cell and word index; one start row and direction), which lets
 * whole groups be passed over once the pool is full.
 *
 * A position is valid when it lies inside the grid and the shape, runs in an
 * allowed direction, every cell is empty or already holds the same letter, and
 * it shares at most one cell with any single word already placed (so a word
 * never lies along another that contains it).
 */
#ifndef WS_PACK_H
#define WS_PACK_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_block.h"
#include "ws_grid.h"

/* Most worker threads: far more than a machine has cores. */
#define WS_MAX_THREADS 1024

/* When a pack is to stop before it is through: once *flag is nonzero (set by a
 * signal handler or another thread, with __atomic_store_n), or once
 * CLOCK_MONOTONIC reaches deadline_ns. Every worker looks before each block of
 * parents, so a pack stops within one block and one word's choosing: it then
 * returns WS_STOPPED and writes no puzzle. */
typedef struct {
    const int *flag;     /* NULL: no flag */
    int64_t deadline_ns; /* 0: no deadline */
} ws_stop;

typedef struct {
    int32_t rows, cols;   /* 1..WS_MAX_SIDE each, at most WS_MAX_CELLS cells */
    const uint8_t *cells; /* rows*cols: WS_EMPTY inside the shape, WS_BLOCKED outside */
    ws_words words;       /* letter codes 1..WS_MAX_LETTER, in placement order */
    uint32_t dir_mask;    /* bit d set: direction d may be used */
    int32_t beam;         /* pool size kept after each word, >= 1 */
    uint64_t seed;
    int32_t threads;      /* worker threads, 1..WS_MAX_THREADS */
    /* The first `scattered` words cross nothing, and word w's middle letter
     * (index len / 2) lies in rows regions[4w]..regions[4w+1] and columns
     * regions[4w+2]..regions[4w+3], inclusive: they spread the layout out. */
    int32_t scattered;
    const int32_t *regions;
    /* Which words lie inside which, in placement order (ws_grid.h): a finished
     * puzzle reads each word once leaving out its readings inside a container's
     * placement. */
    ws_inside inside;
    /* Words no finished puzzle's letters may spell outside a placement (along
     * one word's line, a blocked word is that word's own letters), or NULL. A
     * finished puzzle that spells one is output only when none is free of them,
     * so that the caller can say which blocked word stood in the way. */
    const ws_blocklist *blocked;
    /* Nonzero (with `blocked`): a partial layout is dropped as soon as its
     * letters spell a blocked word outside a placement, instead of when it is
     * finished; and, when every word has two letters or more, as soon as they
     * read one of the words again for good: all its containers laid (see
     * ws_inside) and the reading on none of them, the word laid and read
     * elsewhere too, or not laid and read twice, or once with two cells on one
     * placed word (where it can never be laid). Its children no longer take the
     * beam's places; the puzzles differ from those without. */
    int32_t prune_blocked;
    /* Nonzero (with `blocked`, without pruning): a pack whose whole pool, after a
     * word of the first three quarters, spells a blocked word that no later word
     * holds ends there in WS_ALL_BLOCKED, as letters are never taken away: none
     * of its finished puzzles could be free of them. Zero for a caller whose
     * finished puzzles gain letters that may make such a reading their own (a
     * message fill's added words). */
    int32_t give_up_blocked;
    ws_stop stop;
} ws_pack_params;

typedef struct {
    int32_t capacity; /* puzzles the buffers below have room for, >= 1 */
    uint8_t *grids;   /* capacity * rows * cols */
    int32_t *starts;  /* capacity * word count: start cell of each word */
    uint8_t *dirs;    /* capacity * word count: direction of each word */
    int32_t count;    /* out: finished puzzles written, best first */
    int32_t stuck_word; /* out: with WS_NO_ROOM, the word that found no position; with
                           WS_NO_UNIQUE, a word the best layout reads more than once;
                           with WS_ALL_BLOCKED, the first blocked word (by its
                           index in the blocklist) of those the pool's puzzles
                           spell for good */
} ws_pack_output;

/* Memory the packer keeps from one call to the next, up to WS_WORKSPACE_KEEP
 * bytes: packing puzzle after puzzle, a caller then does not have the system
 * hand it fresh pages (and fault them in) every time. One call at a time. */
typedef struct ws_workspace ws_workspace;

#define WS_WORKSPACE_KEEP ((size_t)64 << 20)

ws_workspace *ws_workspace_new(void); /* NULL when out of memory */
void ws_workspace_free(ws_workspace *ws);

/* Packs every word. On WS_OK, out->count >= 1 puzzles are written, each of
 * which reads every word exactly once (counting only the placed letters).
 * `ws` may be NULL: the call then has memory of its own only. */
ws_status ws_pack(const ws_pack_params *params, ws_workspace *ws, ws_pack_output *out);

#endif
