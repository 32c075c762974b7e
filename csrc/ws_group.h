/* A solver search's readings made ready to be listed word by word: grouped by
 * word, and the direction of each free path that happens to run straight.
 *
 * A search (ws_solve.h) lists its readings in the order it finds them, word
 * after word mixed; the caller lists them grouped by word, in the order of the
 * words (their index, or their rank among the words as strings, ws_dict_ranks),
 * each word's readings in the order found. A search finds some dozens of
 * readings where a sort that compares would cost more than the search, so the
 * grouping is a stable radix sort on the word's key.
 */
#ifndef WS_GROUP_H
#define WS_GROUP_H

#include <stdint.h>
#include "ws_common.h"

/* The key is sorted a digit of this many bits at a time, the lowest first. */
#define WS_GROUP_DIGIT_BITS 8

/* Sets order[i] to the index of the i-th reading once the `count` readings are
 * grouped: reading k (word[k], 0 <= word[k] < nkeys when key is NULL) is keyed by
 * key[word[k]] when key is given (each key from 0 to nkeys - 1), else by word[k]
 * itself; keys increase through order, and readings of one key keep the order
 * they came in. scratch has room for `count` as order does. WS_BAD_ARGUMENT for
 * a negative count or nkeys, or a missing array. */
ws_status ws_group_readings(const int32_t *word, int32_t count, const int32_t *key,
                            int32_t nkeys, int32_t *order, int32_t *scratch);

/* The direction (0..WS_NDIRS-1, ws_common.h) of a path of n cells of a grid
 * `cols` wide when every step of it is the same step to a neighbour, else -1 (a
 * path that turns, or a single cell). */
int ws_path_direction(const int32_t *path, int32_t n, int32_t cols);

#endif
