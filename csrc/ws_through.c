#include "ws_through.h"

#include <assert.h>
#include <stdlib.h>

#include "ws_grid.h"

#define NO_ENTRY (-1)

/* Each letter of each word is an entry, linked into the list of its letter code,
 * the newest first; dropping the newest words unlinks their entries again. */
struct ws_through {
    int32_t nletters, cap_words, cap_entries;
    int32_t count, nentries;
    int32_t *head;          /* nletters + 1 */
    int32_t *next;          /* per entry */
    int32_t *entry_word;    /* per entry */
    uint8_t *entry_pos;     /* per entry: its place in the word */
    const uint8_t **letters; /* per word */
    int32_t *lengths;        /* per word */
    int32_t *first_entry;    /* per word */
};

ws_through *ws_through_new(int32_t nletters, int32_t words, int32_t letters)
{
    if (nletters < 1 || nletters > (int32_t)WS_MAX_LETTER || words < 0 || letters < 0)
        return NULL;
    ws_through *set = calloc(1, sizeof *set);
    if (!set)
        return NULL;
    set->nletters = nletters;
    set->cap_words = words;
    set->cap_entries = letters;
    set->head = malloc(((size_t)nletters + 1) * sizeof *set->head);
    set->next = malloc(((size_t)letters + 1) * sizeof *set->next);
    set->entry_word = malloc(((size_t)letters + 1) * sizeof *set->entry_word);
    set->entry_pos = malloc((size_t)letters + 1);
    set->letters = malloc(((size_t)words + 1) * sizeof *set->letters);
    set->lengths = malloc(((size_t)words + 1) * sizeof *set->lengths);
    set->first_entry = malloc(((size_t)words + 1) * sizeof *set->first_entry);
    if (!set->head || !set->next || !set->entry_word || !set->entry_pos || !set->letters ||
        !set->lengths || !set->first_entry) {
        ws_through_free(set);
        return NULL;
    }
    for (int32_t x = 0; x <= nletters; x++)
        set->head[x] = NO_ENTRY;
    return set;
}

void ws_through_free(ws_through *set)
{
    if (!set)
        return;
    free(set->head);
    free(set->next);
    free(set->entry_word);
    free(set->entry_pos);
    free(set->letters);
    free(set->lengths);
    free(set->first_entry);
    free(set);
}

ws_status ws_through_add(ws_through *set, const uint8_t *word, int32_t len)
{
    if (len < 1 || len > WS_MAX_WORD)
        return WS_BAD_ARGUMENT;
    for (int32_t k = 0; k < len; k++)
        if (word[k] < 1 || word[k] > set->nletters)
            return WS_BAD_ARGUMENT;
    if (set->count == set->cap_words || set->nentries + len > set->cap_entries)
        return WS_NO_CAPACITY;
    const int32_t w = set->count++;
    set->letters[w] = word;
    set->lengths[w] = len;
    set->first_entry[w] = set->nentries;
    for (int32_t k = 0; k < len; k++) {
        const int32_t e = set->nentries++;
        set->entry_word[e] = w;
        set->entry_pos[e] = (uint8_t)k;
        set->next[e] = set->head[word[k]];
        set->head[word[k]] = e;
    }
    return WS_OK;
}

int32_t ws_through_count(const ws_through *set) { return set->count; }

void ws_through_truncate(ws_through *set, int32_t n)
{
    assert(n >= 0 && n <= set->count);
    while (set->count > n) {
        const int32_t w = --set->count;
        for (int32_t e = set->nentries - 1; e >= set->first_entry[w]; e--)
            set->head[set->letters[w][set->entry_pos[e]]] = set->next[e];
        set->nentries = set->first_entry[w];
    }
}

int ws_through_reads(const ws_through *set, const uint8_t *grid, int32_t rows, int32_t cols,
                     int32_t cell, int32_t start, int dir, int32_t len)
{
    const uint8_t here = grid[cell];
    if (here == WS_EMPTY || here == WS_BLOCKED || here > set->nletters)
        return 0;
    const int32_t r = cell / cols, c = cell % cols;
    /* Letters before and after the cell in each direction, up to a word's length. */
    int32_t reach[WS_NDIRS];
    for (int d = 0; d < WS_NDIRS; d++) {
        int32_t n = 0;
        for (int32_t y = r + WS_DROW[d], x = c + WS_DCOL[d];
             n < WS_MAX_WORD - 1 && ws_on_grid(y, x, rows, cols); n++) {
            const uint8_t v = grid[y * cols + x];
            if (v == WS_EMPTY || v == WS_BLOCKED)
                break;
            y += WS_DROW[d];
            x += WS_DCOL[d];
        }
        reach[d] = n;
    }
    for (int32_t e = set->head[here]; e != NO_ENTRY; e = set->next[e]) {
        const int32_t w = set->entry_word[e], p = set->entry_pos[e], n = set->lengths[w];
        const uint8_t *word = set->letters[w];
        for (int d = 0; d < WS_NDIRS; d++) {
            /* The word read in direction d with its letter p on the cell. */
            const int back = ws_opposite(d);
            if (reach[back] < p || reach[d] < n - 1 - p)
                continue;
            const int32_t step = WS_DROW[d] * cols + WS_DCOL[d];
            const int32_t first = cell - p * step;
            int32_t k = 0;
            while (k < n && grid[first + k * step] == word[k])
                k++;
            if (k < n)
                continue;
            const int32_t last = first + (n - 1) * step;
            if (!ws_within_segment(first, last, start, dir, len, cols))
                return 1;
        }
    }
    return 0;
}
