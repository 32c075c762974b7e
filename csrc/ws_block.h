/* Blocked words: finding every reading of many words in a grid at once.
 *
 * A list of words to keep out of a grid (rude words, a teacher's own) is built
 * once into an Aho-Corasick automaton over the words and their reversals; a scan
 * then walks each line of the grid once in four directions (E, S, SE, SW), which
 * with the reversals finds readings in all eight. A scan costs one table lookup a
 * cell per direction, however many words are blocked.
 */
#ifndef WS_BLOCK_H
#define WS_BLOCK_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_grid.h"

typedef struct ws_blocklist ws_blocklist;

/* The shortest word a list may block: a single letter would read in every
 * direction at once, and no word of one letter is rude. */
#define WS_MIN_BLOCKED 2

/* Builds the automaton of `words` (letter codes 1..nletters, each word of
 * WS_MIN_BLOCKED to WS_MAX_WORD letters) into *out; free it with ws_blocklist_free.
 * WS_BAD_ARGUMENT for a letter code out of range or a bad length. */
ws_status ws_blocklist_build(const ws_words *words, int32_t nletters, ws_blocklist **out);

void ws_blocklist_free(ws_blocklist *list);

/* The number of blocked words. */
int32_t ws_blocklist_count(const ws_blocklist *list);

/* The number of letters of blocked word `word` (0 <= word < the list's count). */
int32_t ws_blocklist_word_length(const ws_blocklist *list, int32_t word);

/* Every reading of every blocked word in the grid (cells that hold no letter,
 * WS_EMPTY and WS_BLOCKED, end a reading): occurrence k is word out_word[k]
 * whose first letter is at cell out_start[k], read in direction out_dir[k]. A
 * palindrome's reading over the same cells is reported once. Sets *found to
 * the total; writes at most `capacity` and returns WS_NO_CAPACITY if there were
 * more. */
ws_status ws_blocklist_scan(const ws_blocklist *list, const uint8_t *grid, int32_t rows,
                            int32_t cols, int32_t *out_word, int32_t *out_start,
                            uint8_t *out_dir, int32_t capacity, int32_t *found);

/* The same for the run of letters along the line through `cell` in direction
 * `dir` (either way along it): readings that lie on that run alone, from the
 * run's ends to the first cell either way that holds no letter. What a new
 * word's letters can have spelled in a grid whose other runs were scanned. */
ws_status ws_blocklist_scan_run(const ws_blocklist *list, const uint8_t *grid, int32_t rows,
                                int32_t cols, int32_t cell, int dir, int32_t *out_word,
                                int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                                int32_t *found);

/* The cells either side of a cell that the filter below reads, along one line. */
#define WS_WINDOW_SIDE 3

/* A cell's letter code and those of WS_WINDOW_SIDE cells either way along a
 * line (at[WS_WINDOW_SIDE] is the cell's), 0 off the grid or where no letter
 * is: read once for the filters of two lists. */
typedef struct {
    uint8_t at[2 * WS_WINDOW_SIDE + 1];
} ws_line_window;

void ws_line_window_read(const uint8_t *grid, int32_t rows, int32_t cols, int32_t cell, int dir,
                         ws_line_window *window);

/* 0 when no word of the list can read through the window's cell along its
 * line: the letters beside it there, three either way, hold no word of three
 * letters and no four side by side that a longer one holds; 1 when one may, and
 * the run is to be scanned. A cheap test before ws_blocklist_scan_run, which it
 * never contradicts. */
int ws_blocklist_may_read_window(const ws_blocklist *list, const ws_line_window *window);

#endif
