/* Shared vocabulary of the C core: cell codes, directions, status codes.
 *
 * The core knows nothing about Python or about any alphabet. Letters are small
 * integer codes chosen by the caller; two codes are reserved for "no letter
 * yet" and "not part of the puzzle's shape".
 */
#ifndef WS_COMMON_H
#define WS_COMMON_H

#include <stdint.h>

/* A cell inside the shape that holds no letter yet. */
#define WS_EMPTY 0u
/* A cell outside the shape: nothing may ever be written there. */
#define WS_BLOCKED 255u
/* Letter codes run from 1 to WS_MAX_LETTER. */
#define WS_MAX_LETTER 254u

/* Compass directions, in this order: N NE E SE S SW W NW. */
#define WS_NDIRS 8
#define WS_ALL_DIRS 0xFFu
/* N, NE, E, SE: one direction of each line. */
#define WS_HALF_DIRS 0x0Fu
/* Longest word the core accepts. */
#define WS_MAX_WORD 64
/* Longest row or column: a place in a grid fits in 16 bits. */
#define WS_MAX_SIDE 4096
/* Largest number of cells in a grid. */
#define WS_MAX_CELLS (1 << 20)

typedef enum {
    WS_OK = 0,
    WS_NO_MEMORY = 1,    /* an allocation failed */
    WS_BAD_ARGUMENT = 2, /* the caller broke a documented precondition */
    WS_NO_ROOM = 3,      /* the pool ran dry: a word has no valid position */
    WS_NO_UNIQUE = 4,    /* every word placed, but no puzzle reads each word once */
    WS_NO_CAPACITY = 5,  /* an output buffer is too small for the result */
    WS_STOPPED = 6,      /* asked to stop (ws_stop) before it was through */
    WS_NO_MESSAGE = 7,   /* no round of a message fill left exactly its holes empty */
    WS_ALL_BLOCKED = 8   /* every partial puzzle of a pool spells a blocked word */
} ws_status;

/* Row and column steps of each direction, indexed by direction code. */
extern const int8_t WS_DROW[WS_NDIRS];
extern const int8_t WS_DCOL[WS_NDIRS];

static inline int ws_opposite(int dir) { return (dir + WS_NDIRS / 2) % WS_NDIRS; }

/* Small helpers every file of the core shares, written once here. */

static inline int32_t ws_min32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t ws_max32(int32_t a, int32_t b) { return a > b ? a : b; }

/* Whether a grid of rows x cols is one the core takes. */
static inline int ws_grid_size_ok(int32_t rows, int32_t cols)
{
    return rows >= 1 && cols >= 1 && rows <= WS_MAX_SIDE && cols <= WS_MAX_SIDE &&
           (int64_t)rows * cols <= WS_MAX_CELLS;
}

/* Whether cell (r, c) lies on a rows x cols grid (rows, cols >= 0): one
 * unsigned comparison a coordinate, as a negative one wraps past any side. */
static inline int ws_on_grid(int32_t r, int32_t c, int32_t rows, int32_t cols)
{
    return (uint32_t)r < (uint32_t)rows && (uint32_t)c < (uint32_t)cols;
}

/* Whether the run of `len` cells from (r, c), a cell of the grid, in direction
 * `dir` stays on the grid: it does when its last cell does. */
static inline int ws_run_on_grid(int32_t r, int32_t c, int dir, int32_t len, int32_t rows,
                                 int32_t cols)
{
    return ws_on_grid(r + WS_DROW[dir] * (len - 1), c + WS_DCOL[dir] * (len - 1), rows, cols);
}

/* Whether a word reads the same backwards: its two readings over the same cells
 * are then one. */
static inline int ws_is_palindrome(const uint8_t *word, int32_t len)
{
    for (int32_t i = 0, j = len - 1; i < j; i++, j--)
        if (word[i] != word[j])
            return 0;
    return 1;
}

#endif
