#include "ws_solve.h"
#include "ws_dict_internal.h"
#include "ws_readings.h"

#include <assert.h>
#include <stdlib.h>

/* The direction a one-letter word is reported in: it reads the same every way. */
#define ONE_LETTER_DIR 2 /* E */
/* Directions a palindrome of two letters or more is reported in: N, NE, E, SE. */
#define FIRST_HALF (WS_NDIRS / 2)

static int grid_ok(const uint8_t *grid, int32_t rows, int32_t cols)
{
    return grid && ws_grid_size_ok(rows, cols);
}

/* Whether the `len` cells from `at`, `step` apart, read the same both ways. */
static int line_palindrome(const uint8_t *cells, int32_t at, int32_t step, int32_t len)
{
    for (int32_t i = 0, j = len - 1; i < j; i++, j--)
        if (cells[at + i * step] != cells[at + j * step])
            return 0;
    return 1;
}

/* The grid inside a border of cells holding no letter (code 0, as is every code
 * no word uses), so that a walk needs no bounds check: it ends where the trie
 * has no child along 0, at the first cell past the edge, and the first
 * WS_DICT_QUAD letters of any line may be read before looking. BORDER rows
 * above and below, BORDER columns to the right that are also the columns left
 * of the next row, and BORDER cells before the first. */
#define BORDER (WS_DICT_QUAD - 1)

typedef struct {
    uint8_t *cells;
    int32_t width;               /* of a row, with its border */
    int32_t step[WS_NDIRS];      /* from a cell to the next in each direction */
} bordered;

static ws_status border(const ws_dict *dict, const uint8_t *grid, int32_t rows, int32_t cols,
                        bordered *b)
{
    b->width = cols + BORDER;
    b->cells = calloc((size_t)BORDER + (size_t)(rows + 2 * BORDER) * (size_t)b->width, 1);
    if (!b->cells)
        return WS_NO_MEMORY;
    for (int32_t r = 0; r < rows; r++)
        for (int32_t c = 0; c < cols; c++) {
            const uint8_t code = grid[r * cols + c];
            b->cells[BORDER + (r + BORDER) * b->width + c] = code < dict->width ? code : 0;
        }
    for (int dir = 0; dir < WS_NDIRS; dir++)
        b->step[dir] = WS_DROW[dir] * b->width + WS_DCOL[dir];
    return WS_OK;
}

/* Every reading along the line from cell `at` (of the bordered grid; `start` in
 * the grid's own numbering) in direction `dir`, from the node of its first
 * `len` letters on. */
static void walk(const ws_dict *dict, const bordered *b, int32_t min_length, int32_t node,
                 int32_t len, int32_t at, int32_t start, int dir, ws_readings *out)
{
    const int32_t step = b->step[dir];
    int32_t end = at + (len - 1) * step;
    for (; node != WS_DICT_NONE; len++) {
        const int32_t w = dict->nodes[node].word;
        if (w >= 0 && len >= min_length &&
            (dir < FIRST_HALF || !line_palindrome(b->cells, at, step, len)))
            ws_report(out, w, start, dir);
        end += step;
        node = ws_dict_below(dict, node, b->cells[end]);
    }
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
    bordered b;
    const ws_status status = border(dict, grid, rows, cols, &b);
    if (status != WS_OK)
        return status;
    ws_readings out = {.word = out_word, .start = out_start, .dir = out_dir,
                    .capacity = capacity};
    /* With no word shorter than four letters wanted, each line's first four are
     * looked up in the table of four-letter prefixes, for every direction at once
     * and without a branch, and only the lines some word starts are walked. */
    const int by_quad = dict->quad_bits && min_length >= WS_DICT_QUAD;
    const size_t width = (size_t)dict->width;
    for (int32_t r = 0; r < rows; r++) {
        for (int32_t c = 0; c < cols; c++) {
            const int32_t start = r * cols + c, at = BORDER + (r + BORDER) * b.width + c;
            const uint8_t first = b.cells[at];
            if (by_quad) {
                unsigned going = 0;
                size_t index[WS_NDIRS];
                for (int dir = 0; dir < WS_NDIRS; dir++) {
                    const int32_t step = b.step[dir];
                    index[dir] = ((first * width + b.cells[at + step]) * width +
                                  b.cells[at + 2 * step]) * width + b.cells[at + 3 * step];
                    going |= (unsigned)ws_dict_quad_has(dict, index[dir]) << dir;
                }
                for (int dir = 0; going; dir++, going >>= 1)
                    if (going & 1u)
                        walk(dict, &b, min_length, ws_dict_quad_node(dict, index[dir]),
                             WS_DICT_QUAD, at, start, dir, &out);
                continue;
            }
            const int32_t node = dict->root[first];
            if (node == WS_DICT_NONE)
                continue;
            if (min_length == 1 && dict->nodes[node].word >= 0)
                ws_report(&out, dict->nodes[node].word, start, ONE_LETTER_DIR);
            for (int dir = 0; dir < WS_NDIRS; dir++)
                walk(dict, &b, min_length < 2 ? 2 : min_length,
                     ws_dict_below(dict, node, b.cells[at + b.step[dir]]), 2, at, start,
                     dir, &out);
        }
    }
    free(b.cells);
    *found = out.found;
    return out.found > capacity ? WS_NO_CAPACITY : WS_OK;
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
    assert(len >= 1 && len <= WS_MAX_WORD); /* s->path holds a word */
    const int32_t w = s->dict->nodes[node].word;
    if (w >= 0 && len >= s->min_length)
        report_path(s, w, len);
    if (len == WS_MAX_WORD)
        return 1; /* no word is longer */
    const int32_t at = s->path[len - 1];
    const int32_t r = at / s->cols, c = at % s->cols;
    for (int dir = 0; dir < WS_NDIRS; dir++) {
        const int32_t y = r + WS_DROW[dir], x = c + WS_DCOL[dir];
        if (!ws_on_grid(y, x, s->rows, s->cols))
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
