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
    WS_NO_MESSAGE = 7    /* no round of a message fill left exactly its holes empty */
} ws_status;

/* Row and column steps of each direction, indexed by direction code. */
extern const int8_t WS_DROW[WS_NDIRS];
extern const int8_t WS_DCOL[WS_NDIRS];

static inline int ws_opposite(int dir) { return (dir + WS_NDIRS / 2) % WS_NDIRS; }

#endif
