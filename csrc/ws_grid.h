/* Reading a grid: where each word occurs, and drawing filler letters.
 *
 * A grid is rows*cols cell codes in row-major order (see ws_common.h). A word
 * list is its letter codes back to back with count+1 offsets, so word i is
 * letters[offsets[i] .. offsets[i+1]).
 */
#ifndef WS_GRID_H
#define WS_GRID_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_rng.h"

typedef struct {
    int32_t count;
    const uint8_t *letters;
    const int32_t *offsets;
} ws_words;

/* Number of readings of `word` in the grid, in all eight directions, stopping
 * early once `limit` is reached. A palindrome read forwards and backwards over
 * the same cells counts once. */
int32_t ws_count_word(const uint8_t *grid, int32_t rows, int32_t cols,
                      const uint8_t *word, int32_t len, int32_t limit);

/* Every reading of every word: occurrence k is word out_word[k] starting at
 * cell out_start[k] in direction out_dir[k]. A palindrome's reading is reported
 * once, in the direction among N, NE, E, SE. Sets *found to the total number of
 * readings; writes at most `capacity` of them and returns WS_NO_CAPACITY if
 * there were more. */
ws_status ws_scan_words(const uint8_t *grid, int32_t rows, int32_t cols,
                        const ws_words *words, int32_t *out_word,
                        int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                        int32_t *found);

/* Writes a letter into each listed cell, letter code c+1 drawn with weight
 * cumulative[c] - cumulative[c-1] (cumulative is non-decreasing, last > 0). */
ws_status ws_draw_letters(uint8_t *grid, const int32_t *cells, int32_t ncells,
                          const uint64_t *cumulative, int32_t nletters,
                          ws_rng *rng);

#endif
