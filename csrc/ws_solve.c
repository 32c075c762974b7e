#include "ws_solve.h"
#include "ws_dict_internal.h"

#include <stdlib.h>

/* The direction a one-letter word is reported in: it reads the same every way. */
#define ONE_LETTER_DIR 2 /* E */
/* Directions a palindrome of two letters or more is reported in: N, NE, E, SE. */
#define FIRST_HALF (WS_NDIRS / 2)

static int grid_ok(const uint8_t *grid, int32_t rows, int32_t cols)
{
    return grid && rows >= 1 && cols >= 1 && rows <= WS_MAX_SIDE && cols <= WS_MAX_SIDE &&
           (int64_t)rows * cols <= WS_MAX_CELLS;
}

/* Whether the `len` cells from `start`, `step` apart, read the same both ways. */
static int line_palindrome(const uint8_t *grid, int32_t start, int32_t step, int32_t len)
{
    for (int32_t i = 0, j = len - 1; i < j; i++, j--)
        if (grid[start + i * step] != grid[start + j * step])
            return 0;
    return 1;
}

/* Cells from (r, c) to the grid's edge in direction `dir`, (r, c) included. */
static int32_t reach(int32_t r, int32_t c, int32_t rows, int32_t cols, int dir)
{
    const int32_t down = WS_DROW[dir] > 0 ? rows - r : WS_DROW[dir] < 0 ? r + 1 : INT32_MAX;
    const int32_t across = WS_DCOL[dir] > 0 ? cols - c : WS_DCOL[dir] < 0 ? c + 1 : INT32_MAX;
    return down < across ? down : across;
}

ws_status ws_solve_lines(const ws_dict *dict, const uint8_t *grid, int32_t rows,
                         int32_t cols, int32_t min_length, int32_t *out_word,
                         int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                         int32_t *found)
{
    if (!found)
        return WS_BAD_ARGUMENT;
    *found = 0;
    if (!dict || !grid_ok(grid, rows, cols) || min_length < 1 || capacity < 0 ||
        (capacity > 0 && (!out_word || !out_start || !out_dir)))
        return WS_BAD_ARGUMENT;
    /* No word shorter than three letters is wanted: each walk may start at its
     * third letter, in one lookup. */
    const int by_triple = dict->triple && min_length >= WS_DICT_TRIPLE;
    const int32_t skipped = by_triple ? WS_DICT_TRIPLE - 1 : 1;
    int32_t n = 0;
    for (int32_t r = 0; r < rows; r++) {
        for (int32_t c = 0; c < cols; c++) {
            const int32_t start = r * cols + c;
            const int32_t first = dict->root[grid[start]];
            if (first == WS_DICT_NONE)
                continue;
            if (min_length == 1 && dict->nodes[first].word >= 0) {
                if (n < capacity) {
                    out_word[n] = dict->nodes[first].word;
                    out_start[n] = start;
                    out_dir[n] = ONE_LETTER_DIR;
                }
                n++;
            }
            for (int dir = 0; dir < WS_NDIRS; dir++) {
                const int32_t step = WS_DROW[dir] * cols + WS_DCOL[dir];
                const int32_t most = reach(r, c, rows, cols, dir);
                if (most <= skipped)
                    continue;
                /* The walk needs no bounds check: it stops at `most` cells. */
                int32_t len = skipped + 1, at = start + skipped * step;
                int32_t node = by_triple
                                   ? ws_dict_triple(dict, grid[start], grid[start + step], grid[at])
                                   : ws_dict_below(dict, first, grid[at]);
                for (; node != WS_DICT_NONE; len++) {
                    const int32_t w = dict->nodes[node].word;
                    if (w >= 0 && len >= min_length &&
                        (dir < FIRST_HALF || !line_palindrome(grid, start, step, len))) {
                        if (n < capacity) {
                            out_word[n] = w;
                            out_start[n] = start;
                            out_dir[n] = (uint8_t)dir;
                        }
                        n++;
                    }
                    if (len == most)
                        break;
                    at += step;
                    node = ws_dict_below(dict, node, grid[at]);
                }
            }
        }
    }
    *found = n;
    return n > capacity ? WS_NO_CAPACITY : WS_OK;
}

/* The state of one free-path search. */
typedef struct {
    const ws_dict *dict;
    const uint8_t *grid;
    int32_t rows, cols, min_length;
    uint8_t *used;        /* rows*cols: 1 on the path being followed */
    int32_t path[WS_MAX_WORD];
    int64_t steps, budget;
    int32_t *out_word, *out_cells;
    int32_t capacity;
    int64_t cell_capacity;
    int64_t found, found_cells;
    int full;             /* a reading did not fit: none after it is written */
} search;

static int path_palindrome(const search *s, int32_t len)
{
    for (int32_t i = 0, j = len - 1; i < j; i++, j--)
        if (s->grid[s->path[i]] != s->grid[s->path[j]])
            return 0;
    return 1;
}

static void report_path(search *s, int32_t w, int32_t len)
{
    if (len > 1 && s->path[0] > s->path[len - 1] && path_palindrome(s, len))
        return; /* reported from its other end */
    if (!s->full && s->found < s->capacity && s->found_cells + len <= s->cell_capacity) {
        s->out_word[s->found] = w;
        for (int32_t i = 0; i < len; i++)
            s->out_cells[s->found_cells + i] = s->path[i];
    } else {
        s->full = 1;
    }
    s->found++;
    s->found_cells += len;
}

/* Follows every path on from the `len` cells of s->path, the last of them at
 * trie node `node`. Returns 0 once the budget is spent. */
static int follow(search *s, int32_t node, int32_t len)
{
    const int32_t w = s->dict->nodes[node].word;
    if (w >= 0 && len >= s->min_length)
        report_path(s, w, len);
    if (len == WS_MAX_WORD)
        return 1; /* no word is longer */
    const int32_t at = s->path[len - 1];
    const int32_t r = at / s->cols, c = at % s->cols;
    for (int dir = 0; dir < WS_NDIRS; dir++) {
        const int32_t y = r + WS_DROW[dir], x = c + WS_DCOL[dir];
        if (y < 0 || y >= s->rows || x < 0 || x >= s->cols)
            continue;
        const int32_t next = y * s->cols + x;
        if (s->used[next])
            continue;
        const int32_t child = ws_dict_step(s->dict, node, s->grid[next]);
        if (child == WS_DICT_NONE)
            continue;
        if (++s->steps > s->budget)
            return 0;
        s->used[next] = 1;
        s->path[len] = next;
        const int going = follow(s, child, len + 1);
        s->used[next] = 0;
        if (!going)
            return 0;
    }
    return 1;
}

ws_status ws_solve_paths(const ws_dict *dict, const uint8_t *grid, int32_t rows,
                         int32_t cols, int32_t min_length, int64_t budget,
                         int32_t *out_word, int32_t *out_cells, int32_t capacity,
                         int64_t cell_capacity, int64_t *found, int64_t *found_cells)
{
    if (!found || !found_cells)
        return WS_BAD_ARGUMENT;
    *found = *found_cells = 0;
    if (!dict || !grid_ok(grid, rows, cols) || min_length < 1 || budget < 1 ||
        capacity < 0 || cell_capacity < 0 || (capacity > 0 && !out_word) ||
        (cell_capacity > 0 && !out_cells))
        return WS_BAD_ARGUMENT;
    search s = {.dict = dict, .grid = grid, .rows = rows, .cols = cols,
                .min_length = min_length, .budget = budget, .out_word = out_word,
                .out_cells = out_cells, .capacity = capacity,
                .cell_capacity = cell_capacity};
    s.used = calloc((size_t)rows * (size_t)cols, 1);
    if (!s.used)
        return WS_NO_MEMORY;
    int going = 1;
    for (int32_t at = 0; at < rows * cols && going; at++) {
        const int32_t node = ws_dict_step(dict, WS_DICT_ROOT, grid[at]);
        if (node == WS_DICT_NONE)
            continue;
        if (++s.steps > s.budget) {
            going = 0;
            break;
        }
        s.used[at] = 1;
        s.path[0] = at;
        going = follow(&s, node, 1);
        s.used[at] = 0;
    }
    free(s.used);
    *found = s.found;
    *found_cells = s.found_cells;
    if (!going)
        return WS_STOPPED;
    return s.full ? WS_NO_CAPACITY : WS_OK;
}
