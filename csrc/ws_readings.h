/* Readings written into a caller's arrays, bounded: at most `capacity` written,
 * every one counted, so that a caller with too little room learns how much it
 * needs (the occurrence scan, ws_block.h, and the solver, ws_solve.h). */
#ifndef WS_READINGS_H
#define WS_READINGS_H

#include <assert.h>
#include <stdint.h>

#include "ws_common.h"

typedef struct {
    int32_t *word, *start;
    uint8_t *dir;
    int32_t capacity, found;
} ws_readings;

/* Word `word` reads from cell `start` in direction `dir`. */
static inline void ws_report(ws_readings *out, int32_t word, int32_t start, int dir)
{
    assert(dir >= 0 && dir < WS_NDIRS);
    if (out->found < out->capacity) {
        out->word[out->found] = word;
        out->start[out->found] = start;
        out->dir[out->found] = (uint8_t)dir;
    }
    out->found++;
}

#endif
