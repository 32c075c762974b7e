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

/* Which words of a list lie inside which (Kansas in Arkansas, rats in star read
 * backwards): word w's containers are words[offsets[w]] .. words[offsets[w+1]-1].
 * A reading of w whose cells all lie on a container's placement, along its line,
 * is the container's own letters: it does not count. offsets NULL: no word lies
 * inside another, and every reading counts. */
typedef struct {
    const int32_t *offsets; /* count + 1, or NULL */
    const int32_t *words;
} ws_inside;

/* WS_OK when `inside` (or its absence) fits a list of `count` words: offsets run
 * from 0 and never fall, and each container is another word of the list. */
ws_status ws_check_inside(const ws_inside *inside, int32_t count);

/* Whether cell (r, c) is one of the `len` cells from cell (r0, c0) in direction
 * `dir`. */
static inline int ws_on_run(int32_t r, int32_t c, int32_t r0, int32_t c0, int dir, int32_t len)
{
    const int32_t dr = r - r0, dc = c - c0;
    const int32_t t = WS_DROW[dir] != 0 ? dr * WS_DROW[dir] : dc * WS_DCOL[dir];
    return t >= 0 && t < len && dr == t * WS_DROW[dir] && dc == t * WS_DCOL[dir];
}

/* Whether cell (r, c) is one of the `len` cells from `start` in direction `dir`,
 * on a grid `cols` wide. */
static inline int ws_on_segment(int32_t r, int32_t c, int32_t start, int dir, int32_t len,
                                int32_t cols)
{
    return ws_on_run(r, c, start / cols, start % cols, dir, len);
}

/* The directions a word is read in, as a bit set: all eight, or for a
 * palindrome N, NE, E, SE, one of each opposite pair (read the other way, it
 * lies on the same cells). */
static inline unsigned ws_reading_dirs(const uint8_t *word, int32_t len)
{
    return ws_is_palindrome(word, len) ? WS_HALF_DIRS : WS_ALL_DIRS;
}

/* Whether `word` (len letters, its first already matched at (r, c)) reads from
 * (r, c) along dir. */
static inline int ws_reads_at(const uint8_t *grid, int32_t rows, int32_t cols, int32_t r,
                              int32_t c, int dir, const uint8_t *word, int32_t len)
{
    if (!ws_run_on_grid(r, c, dir, len, rows, cols))
        return 0;
    const int32_t step = WS_DROW[dir] * cols + WS_DCOL[dir];
    const uint8_t *cell = grid + r * cols + c;
    for (int32_t i = 1; i < len; i++)
        if (cell[i * step] != word[i])
            return 0;
    return 1;
}

/* Whether the straight reading from cell `first` to cell `last` lies within the
 * `len` cells from `start` in direction `dir`: both its ends on them put every
 * cell between on them too. */
static inline int ws_within_segment(int32_t first, int32_t last, int32_t start, int dir,
                                    int32_t len, int32_t cols)
{
    return ws_on_segment(first / cols, first % cols, start, dir, len, cols) &&
           ws_on_segment(last / cols, last % cols, start, dir, len, cols);
}

/* Where each word of a list is placed: word w starts at cell starts[w] and runs in
 * direction dirs[w]. */
typedef struct {
    const int32_t *starts;
    const uint8_t *dirs;
} ws_placed;

/* Cell codes: WS_EMPTY, the letters and WS_BLOCKED. */
#define WS_CELL_CODES 256
/* The int32_t scratch a grid of ncells cells needs to be read (an index of its
 * cells by code). */
#define WS_INDEX_SCRATCH(ncells) ((size_t)(ncells) + WS_CELL_CODES + 1)

/* The last word of the list whose readings that count are not exactly one, or
 * -1 when each reads exactly once. The packer's list ends with its shortest
 * words of the commonest letters, those most often read again across other
 * words' letters, so a layout that fails is mostly told by the first word
 * looked at (from the last, a pool of the 118 elements that every layout
 * failed on Tin was gone through in 0.19 s, not 1.17). A reading counts unless
 * it lies inside a container's placement (see ws_inside; `inside` and `placed`
 * may be NULL); a palindrome read forwards and backwards over the same cells
 * counts once. `scratch` has room for WS_INDEX_SCRATCH(rows * cols). */
int32_t ws_last_not_once(const uint8_t *grid, int32_t rows, int32_t cols,
                         const ws_words *words, const ws_inside *inside,
                         const ws_placed *placed, int32_t *scratch);

/* Every reading of every word that counts: occurrence k is word out_word[k]
 * starting at cell out_start[k] in direction out_dir[k]. A palindrome's reading
 * is reported once, in the direction among N, NE, E, SE. With `inside` and
 * `placed` (each may be NULL), readings inside a container's placement are left
 * out. Sets *found to the total number of readings; writes at most `capacity`
 * of them and returns WS_NO_CAPACITY if there were more, WS_NO_MEMORY if its
 * scratch could not be had. */
ws_status ws_scan_words(const uint8_t *grid, int32_t rows, int32_t cols,
                        const ws_words *words, const ws_inside *inside,
                        const ws_placed *placed, int32_t *out_word,
                        int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                        int32_t *found);

/* Writes a letter into each listed cell, letter code c+1 drawn with weight
 * cumulative[c] - cumulative[c-1] (cumulative is non-decreasing, last > 0). */
ws_status ws_draw_letters(uint8_t *grid, const int32_t *cells, int32_t ncells,
                          const uint64_t *cumulative, int32_t nletters,
                          ws_rng *rng);

#endif
