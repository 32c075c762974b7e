/* Solving a grid: every reading of every word of a dictionary (ws_dict.h).
 *
 * A grid is rows*cols cell codes in row-major order (ws_common.h): letters
 * 1..WS_MAX_LETTER; WS_EMPTY and WS_BLOCKED (a cell outside the shape) hold no
 * letter, so no reading crosses them. Only words of at least `min_length`
 * letters are reported.
 *
 * Two ways a word may read:
 *   - along a straight line, in any of the eight directions: from each cell, in
 *     each direction, the trie is walked along the line for as long as the
 *     letters so far are the start of some word;
 *   - along a free path (Boggle's rule): from cell to any of its eight
 *     neighbours, no cell twice in one word; a depth-first search from each
 *     cell, pruned by the trie, follows every path whose letters so far are the
 *     start of some word.
 *
 * A palindrome reads the same from its other end: each such pair of readings
 * over the same cells is reported once. On a straight line, in the direction
 * among N, NE, E, SE (as ws_scan_words does); a word of one letter once, E. On
 * a free path, from the end whose cell comes first in row-major order.
 *
 * Output is bounded like ws_scan_words: the counts of everything found are
 * always set, at most `capacity` readings are written, and WS_NO_CAPACITY says
 * there were more (call again with room for them all).
 */
#ifndef WS_SOLVE_H
#define WS_SOLVE_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_dict.h"

/* Every straight reading of every dictionary word of min_length (>= 1) letters
 * or more: reading k is word out_word[k] (its index in the list the dictionary
 * was built from; a word listed twice, its first listing), first letter at cell
 * out_start[k], read in direction out_dir[k]. Readings come in order of start
 * cell (a one-letter word's first), then direction, then length. Sets *found to the total; writes at most
 * `capacity`. WS_BAD_ARGUMENT for a bad grid size or min_length. */
ws_status ws_solve_lines(const ws_dict *dict, const uint8_t *grid, int32_t rows,
                         int32_t cols, int32_t min_length, int32_t *out_word,
                         int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                         int32_t *found);

/* Every free path of every dictionary word of min_length letters or more:
 * reading k is word out_word[k] along the next len(word) cells of out_cells
 * (reading 0's cells first, then reading 1's, and so on), first letter first.
 * Readings come in order of first cell, then of the search (neighbours N, NE, E,
 * SE, S, SW, W, NW).
 *
 * Sets *found and *found_cells to the readings and the cells they take; writes
 * readings, in order, while both the readings and their cells fit (`capacity`,
 * `cell_capacity`), and returns WS_NO_CAPACITY if any did not. A grid of many
 * equal letters has more paths than any search can walk: `budget` (> 0) bounds
 * the steps (a step is one cell added to a path), and WS_STOPPED says it ran out
 * (then the counts are those found so far). */
ws_status ws_solve_paths(const ws_dict *dict, const uint8_t *grid, int32_t rows,
                         int32_t cols, int32_t min_length, int64_t budget,
                         int32_t *out_word, int32_t *out_cells, int32_t capacity,
                         int64_t cell_capacity, int64_t *found, int64_t *found_cells);

#endif
