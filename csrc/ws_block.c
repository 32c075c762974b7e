#include "ws_block.h"
#include "ws_readings.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The bits of the filter of letters side by side (see gram_bit): 64 KB, some
 * ten thousand set for the longest lists (the unsuitable words with the rude),
 * so that letters no word holds are turned away but for about one in fifty. */
#define GRAM_BITS_LOG2 19
#define GRAM_BITS (1u << GRAM_BITS_LOG2)
/* The letters a gram holds: a reading of four or more through a cell holds four
 * of them side by side with the cell; one of three is a blocked word itself. */
#define GRAM (WS_WINDOW_SIDE + 1)

/* The root state: no letter of any word matched yet. */
#define ROOT 0
/* No pattern ends at this state (nor at any state its fail link leads to). */
#define NONE (-1)
/* Directions a scan walks; with reversed patterns they cover all eight. */
#define SCAN_DIRS 4
static const int SCANNED[SCAN_DIRS] = {2, 4, 3, 5}; /* E, S, SE, SW */

/* A pattern is a blocked word read forwards, or backwards unless it is a
 * palindrome. */
typedef struct {
    int32_t word;
    int32_t len;
    int reversed;
    int32_t next; /* the next pattern ending at the same state, or NONE */
} pattern;

struct ws_blocklist {
    int32_t count;    /* blocked words */
    int32_t nletters;
    int32_t *lengths; /* each blocked word's */
    int32_t nstates;
    int32_t *next;   /* nstates * (nletters + 1): the state after each letter code */
    int32_t *first;  /* nstates: the first pattern ending exactly here, or NONE */
    int32_t *fail;   /* nstates: the longest proper suffix of this state's letters
                        that is also a state */
    int32_t *output; /* nstates: the nearest state on the fail chain (itself
                        included) where a pattern ends, or NONE */
    pattern *patterns;
    int32_t shortest; /* letters of the shortest blocked word */
    uint8_t *grams;   /* GRAM_BITS bits (see gram_bit): set for each blocked word of
                         three letters, and for each four letters side by side in a
                         longer one, read either way */
};

void ws_blocklist_free(ws_blocklist *list)
{
    if (!list)
        return;
    free(list->lengths);
    free(list->next);
    free(list->first);
    free(list->fail);
    free(list->output);
    free(list->patterns);
    free(list->grams);
    free(list);
}

/* The filter's bit for four letter codes in the order read, d 0 for a word of
 * three (no letter has code 0). */
static uint32_t gram_bit(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return (a * 0x9E3779B1u ^ b * 0x85EBCA77u ^ c * 0xC2B2AE3Du ^ d * 0x27D4EB2Fu) >>
           (32 - GRAM_BITS_LOG2);
}

static int gram_set(const ws_blocklist *list, unsigned a, unsigned b, unsigned c, unsigned d)
{
    const uint32_t bit = gram_bit(a, b, c, d);
    return list->grams[bit >> 3] >> (bit & 7u) & 1u;
}

static void set_gram(ws_blocklist *list, unsigned a, unsigned b, unsigned c, unsigned d)
{
    const uint32_t bit = gram_bit(a, b, c, d);
    list->grams[bit >> 3] |= (uint8_t)(1u << (bit & 7u));
}

/* The word's grams (see ws_blocklist.grams), read forwards and backwards. */
static void set_grams(ws_blocklist *list, const uint8_t *w, int32_t len)
{
    if (len == GRAM - 1) {
        set_gram(list, w[0], w[1], w[2], 0);
        set_gram(list, w[2], w[1], w[0], 0);
    }
    for (int32_t i = 0; i + GRAM <= len; i++) {
        set_gram(list, w[i], w[i + 1], w[i + 2], w[i + 3]);
        set_gram(list, w[i + 3], w[i + 2], w[i + 1], w[i]);
    }
}

static int32_t *transition(const ws_blocklist *list, int32_t state, int code)
{
    return &list->next[(size_t)state * (size_t)(list->nletters + 1) + (size_t)code];
}

/* Adds one pattern's letters to the trie (transitions not yet completed: 0 means
 * none, since no edge leads back to the root while building). */
static void insert(ws_blocklist *list, const uint8_t *letters, int32_t len, int reversed,
                   int32_t index)
{
    int32_t state = ROOT;
    for (int32_t i = 0; i < len; i++) {
        const int code = letters[reversed ? len - 1 - i : i];
        int32_t *edge = transition(list, state, code);
        if (*edge == ROOT)
            *edge = list->nstates++;
        state = *edge;
    }
    list->patterns[index].next = list->first[state];
    list->first[state] = index;
}

/* Breadth-first: fail links, output links, and every missing transition filled
 * from the fail state's, so that a scan never follows a fail link. */
static ws_status complete(ws_blocklist *list)
{
    int32_t *queue = malloc(sizeof(int32_t) * (size_t)list->nstates);
    int32_t *fail = list->fail;
    if (!queue)
        return WS_NO_MEMORY;
    int32_t head = 0, tail = 0;
    fail[ROOT] = ROOT;
    list->output[ROOT] = NONE;
    for (int code = 1; code <= list->nletters; code++) {
        const int32_t child = *transition(list, ROOT, code);
        if (child != ROOT) {
            fail[child] = ROOT;
            queue[tail++] = child;
        }
    }
    while (head < tail) {
        const int32_t state = queue[head++];
        list->output[state] = list->first[state] != NONE ? state : list->output[fail[state]];
        for (int code = 1; code <= list->nletters; code++) {
            int32_t *edge = transition(list, state, code);
            const int32_t via_fail = *transition(list, fail[state], code);
            if (*edge == ROOT) {
                *edge = via_fail;
            } else {
                fail[*edge] = via_fail;
                queue[tail++] = *edge;
            }
        }
    }
    free(queue);
    return WS_OK;
}

/* WS_OK when every word has WS_MIN_BLOCKED to WS_MAX_WORD letters, each a code
 * from 1 to nletters, and the automaton's table fits int32_t indices; counts
 * the letters. */
static ws_status check_words(const ws_words *words, int32_t nletters, int64_t *total)
{
    if (!words || words->count < 0 || nletters < 1 || nletters > (int32_t)WS_MAX_LETTER)
        return WS_BAD_ARGUMENT;
    *total = 0;
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        if (len < WS_MIN_BLOCKED || len > WS_MAX_WORD)
            return WS_BAD_ARGUMENT;
        for (int32_t i = words->offsets[w]; i < words->offsets[w + 1]; i++)
            if (words->letters[i] < 1 || words->letters[i] > nletters)
                return WS_BAD_ARGUMENT;
        *total += len;
    }
    return 2 * *total + 1 > INT32_MAX / (nletters + 1) ? WS_BAD_ARGUMENT : WS_OK;
}

/* Every word forwards, and backwards unless a palindrome, into the trie. */
static void insert_words(ws_blocklist *list, const ws_words *words)
{
    int32_t npatterns = 0;
    for (int32_t w = 0; w < words->count; w++) {
        const uint8_t *word = words->letters + words->offsets[w];
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        list->lengths[w] = len;
        if (len < list->shortest)
            list->shortest = len;
        set_grams(list, word, len);
        for (int reversed = 0; reversed < 2; reversed++) {
            if (reversed && ws_is_palindrome(word, len))
                break;
            list->patterns[npatterns] = (pattern){w, len, reversed, NONE};
            insert(list, word, len, reversed, npatterns++);
        }
    }
}

ws_status ws_blocklist_build(const ws_words *words, int32_t nletters, ws_blocklist **out)
{
    *out = NULL;
    int64_t total = 0;
    ws_status status = check_words(words, nletters, &total);
    if (status != WS_OK)
        return status;
    ws_blocklist *list = calloc(1, sizeof *list);
    if (!list)
        return WS_NO_MEMORY;
    /* A state for each letter of each pattern, forwards and backwards, and the root. */
    const int32_t most_states = (int32_t)(2 * total + 1);
    list->count = words->count;
    list->nletters = nletters;
    list->nstates = 1;
    list->next = calloc((size_t)most_states * (size_t)(nletters + 1), sizeof(int32_t));
    list->first = malloc(sizeof(int32_t) * (size_t)most_states);
    list->fail = malloc(sizeof(int32_t) * (size_t)most_states);
    list->output = malloc(sizeof(int32_t) * (size_t)most_states);
    list->patterns = malloc(sizeof(pattern) * (size_t)(2 * words->count + 1));
    list->lengths = malloc(sizeof(int32_t) * (size_t)(words->count + 1));
    list->grams = calloc(GRAM_BITS / 8, 1);
    list->shortest = WS_MAX_WORD + 1; /* no word: nothing reads */
    if (!list->lengths || !list->next || !list->first || !list->fail || !list->output ||
        !list->patterns || !list->grams) {
        ws_blocklist_free(list);
        return WS_NO_MEMORY;
    }
    for (int32_t s = 0; s < most_states; s++)
        list->first[s] = NONE;
    insert_words(list, words);
    assert(list->nstates <= most_states);
    status = complete(list);
    if (status != WS_OK) {
        ws_blocklist_free(list);
        return status;
    }
    *out = list;
    return WS_OK;
}

int32_t ws_blocklist_count(const ws_blocklist *list)
{
    return list->count;
}

int32_t ws_blocklist_word_length(const ws_blocklist *list, int32_t word)
{
    return list->lengths[word];
}

/* The cells from a cell at (r, c) to the grid's edge along (dr, dc), that cell
 * left out, counting no further than `most`. */
static int32_t steps_to_edge(int32_t rows, int32_t cols, int32_t r, int32_t c, int dr, int dc,
                             int32_t most)
{
    const int32_t by_row = dr > 0 ? rows - 1 - r : dr < 0 ? r : most;
    const int32_t by_col = dc > 0 ? cols - 1 - c : dc < 0 ? c : most;
    return ws_min32(most, ws_min32(by_row, by_col));
}

/* The cells from (r, c) to the grid's edge along dir, (r, c) among them. */
static int32_t cells_to_edge(int32_t rows, int32_t cols, int32_t r, int32_t c, int dir)
{
    return 1 + steps_to_edge(rows, cols, r, c, WS_DROW[dir], WS_DCOL[dir], WS_MAX_SIDE);
}

/* Walks `count` cells of a line from (r, c) in direction dir, reporting every
 * pattern that ends on them. A pattern of length len ending at cell `at` read forwards starts len-1
 * steps back; read reversed, its first letter is at `at` and it reads backwards. */
static void scan_cells(const ws_blocklist *list, const uint8_t *grid, int32_t cols,
                       int32_t r, int32_t c, int dir, int32_t count, ws_readings *f)
{
    const int32_t step = WS_DROW[dir] * cols + WS_DCOL[dir];
    int32_t state = ROOT;
    for (int32_t k = 0; k < count; k++, r += WS_DROW[dir], c += WS_DCOL[dir]) {
        const int32_t at = r * cols + c;
        const uint8_t code = grid[at];
        state = code >= 1 && code <= list->nletters ? *transition(list, state, code) : ROOT;
        for (int32_t s = list->output[state]; s != NONE; s = list->output[list->fail[s]]) {
            for (int32_t p = list->first[s]; p != NONE; p = list->patterns[p].next) {
                const pattern *pat = &list->patterns[p];
                if (pat->reversed)
                    ws_report(f, pat->word, at, ws_opposite(dir));
                else
                    ws_report(f, pat->word, at - (pat->len - 1) * step, dir);
            }
        }
    }
}

/* Whether the cell at (r, c) is on the grid and holds a letter. */
static int letter_at(const uint8_t *grid, int32_t rows, int32_t cols, int32_t r, int32_t c)
{
    if (!ws_on_grid(r, c, rows, cols))
        return 0;
    const uint8_t code = grid[r * cols + c];
    return code != WS_EMPTY && code != WS_BLOCKED;
}

void ws_line_window_read(const uint8_t *grid, int32_t rows, int32_t cols, int32_t cell, int dir,
                         ws_line_window *window)
{
    const int32_t r = cell / cols, c = cell % cols, dr = WS_DROW[dir], dc = WS_DCOL[dir];
    const int32_t step = dr * cols + dc, mid = WS_WINDOW_SIDE;
    const int32_t ahead = steps_to_edge(rows, cols, r, c, dr, dc, mid);
    const int32_t behind = steps_to_edge(rows, cols, r, c, -dr, -dc, mid);
    memset(window->at, 0, sizeof window->at);
    for (int32_t k = -behind; k <= ahead; k++) {
        const uint8_t code = grid[cell + k * step];
        window->at[mid + k] = code == WS_EMPTY || code == WS_BLOCKED ? 0 : code;
    }
}

int ws_blocklist_may_read_window(const ws_blocklist *list, const ws_line_window *window)
{
    const int32_t mid = GRAM - 1;
    unsigned at[2 * GRAM - 1]; /* 0 where a reading of the list cannot pass */
    for (int32_t k = 0; k < 2 * GRAM - 1; k++)
        at[k] = window->at[k] <= (unsigned)list->nletters ? window->at[k] : 0;
    if (!at[mid] || (!at[mid - 1] && !at[mid + 1]))
        return 0; /* a reading has two letters or more, side by side */
    if (list->shortest < GRAM - 1)
        return 1;
    for (int32_t k = mid - 2; k <= mid; k++) /* a word of three with the cell in it */
        if (at[k] && at[k + 1] && at[k + 2] && gram_set(list, at[k], at[k + 1], at[k + 2], 0))
            return 1;
    for (int32_t k = 0; k <= mid; k++) /* four letters of a longer word, the cell among them */
        if (at[k] && at[k + 1] && at[k + 2] && at[k + 3] &&
            gram_set(list, at[k], at[k + 1], at[k + 2], at[k + 3]))
            return 1;
    return 0;
}

ws_status ws_blocklist_scan_run(const ws_blocklist *list, const uint8_t *grid, int32_t rows,
                                int32_t cols, int32_t cell, int dir, int32_t *out_word,
                                int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                                int32_t *found)
{
    *found = 0;
    if (!list || !grid || rows < 1 || cols < 1 || rows > WS_MAX_SIDE || cols > WS_MAX_SIDE ||
        cell < 0 || cell >= rows * cols || dir < 0 || dir >= WS_NDIRS || capacity < 0 ||
        (capacity > 0 && (!out_word || !out_start || !out_dir)))
        return WS_BAD_ARGUMENT;
    /* Read forwards along the scanned direction of the line, from the run's first cell. */
    const int forward = dir == 2 || dir == 3 || dir == 4 || dir == 5 ? dir : ws_opposite(dir);
    int32_t r = cell / cols, c = cell % cols;
    while (letter_at(grid, rows, cols, r - WS_DROW[forward], c - WS_DCOL[forward])) {
        r -= WS_DROW[forward];
        c -= WS_DCOL[forward];
    }
    int32_t length = 0;
    while (letter_at(grid, rows, cols, r + length * WS_DROW[forward],
                     c + length * WS_DCOL[forward]))
        length++;
    ws_readings f = {out_word, out_start, out_dir, capacity, 0};
    if (length >= WS_MIN_BLOCKED)
        scan_cells(list, grid, cols, r, c, forward, length, &f);
    *found = f.found;
    return f.found > capacity ? WS_NO_CAPACITY : WS_OK;
}

ws_status ws_blocklist_scan(const ws_blocklist *list, const uint8_t *grid, int32_t rows,
                            int32_t cols, int32_t *out_word, int32_t *out_start,
                            uint8_t *out_dir, int32_t capacity, int32_t *found)
{
    *found = 0;
    if (!list || !grid || rows < 1 || cols < 1 || rows > WS_MAX_SIDE || cols > WS_MAX_SIDE ||
        capacity < 0 || (capacity > 0 && (!out_word || !out_start || !out_dir)))
        return WS_BAD_ARGUMENT;
    ws_readings f = {out_word, out_start, out_dir, capacity, 0};
    for (int k = 0; k < SCAN_DIRS; k++) {
        const int dir = SCANNED[k];
        /* Every line in this direction starts on the top row or on the side
         * column the direction leaves from (the left for E and SE, the right
         * for SW); S lines start on the top row only. */
        for (int32_t c = 0; c < cols; c++)
            if (dir != 2) /* E lines start in the first column, not the top row */
                scan_cells(list, grid, cols, 0, c, dir, cells_to_edge(rows, cols, 0, c, dir),
                           &f);
        for (int32_t r = dir == 2 ? 0 : 1; r < rows; r++) {
            const int32_t c = dir == 5 ? cols - 1 : 0;
            if (dir == 2 || dir == 3 || dir == 5)
                scan_cells(list, grid, cols, r, c, dir, cells_to_edge(rows, cols, r, c, dir),
                           &f);
        }
    }
    *found = f.found;
    return f.found > capacity ? WS_NO_CAPACITY : WS_OK;
}
