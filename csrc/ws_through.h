/* Which words read through a cell: a set of words indexed by their letters, so
 * that after a few cells of a grid get letters, the readings over those cells
 * can be found without scanning the grid for every word.
 *
 * The hidden-message fill (ws_message.c) keeps the grid's words and the blocked
 * words in one such set: a new word may go in only if no word of the set reads
 * over one of the cells it filled, unless that reading lies on the new word's
 * own cells (the new word itself, or a blocked word inside it, as ASS in
 * ASSEMBLE: a listed word's own letters).
 */
#ifndef WS_THROUGH_H
#define WS_THROUGH_H

#include <stdint.h>
#include "ws_common.h"

typedef struct ws_through ws_through;

/* A set for up to `words` words with `letters` letters in all, over letter codes
 * 1..nletters; NULL when out of memory. */
ws_through *ws_through_new(int32_t nletters, int32_t words, int32_t letters);
void ws_through_free(ws_through *set);

/* Adds a word (its letters must stay valid while it is in the set): WS_OK, or
 * WS_NO_CAPACITY when the set is full, WS_BAD_ARGUMENT for a letter out of range
 * or an empty or too long word. */
ws_status ws_through_add(ws_through *set, const uint8_t *word, int32_t len);

/* How many words the set holds; ws_through_truncate(set, n) drops those added
 * after the first n. */
int32_t ws_through_count(const ws_through *set);
void ws_through_truncate(ws_through *set, int32_t n);

/* Whether some word of the set reads, forwards or backwards along a line, over
 * cell `cell` of the grid (cells holding no letter, WS_EMPTY and WS_BLOCKED, end
 * a reading) with at least one of its cells off the segment of `len` cells from
 * `start` in direction `dir`. */
int ws_through_reads(const ws_through *set, const uint8_t *grid, int32_t rows, int32_t cols,
                     int32_t cell, int32_t start, int dir, int32_t len);

#endif
