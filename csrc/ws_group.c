#include "ws_group.h"

#include <assert.h>
#include <string.h>

#define DIGIT_BUCKETS (1 << WS_GROUP_DIGIT_BITS)
/* Bits of a key: a nonnegative int32_t. */
#define KEY_BITS 31

static inline int32_t key_of(const int32_t *key, const int32_t *word, int32_t k)
{
    return key ? key[word[k]] : word[k];
}

/* One pass of the radix sort: `from` ordered by the digit at `shift`, stably,
 * into `to`. */
static void sort_pass(const int32_t *word, const int32_t *key, const int32_t *from,
                      int32_t *to, int32_t count, int shift)
{
    int32_t start[DIGIT_BUCKETS];
    memset(start, 0, sizeof start);
    for (int32_t i = 0; i < count; i++)
        start[(key_of(key, word, from[i]) >> shift) & (DIGIT_BUCKETS - 1)]++;
    int32_t total = 0;
    for (int digit = 0; digit < DIGIT_BUCKETS; digit++) {
        const int32_t n = start[digit];
        start[digit] = total;
        total += n;
    }
    for (int32_t i = 0; i < count; i++)
        to[start[(key_of(key, word, from[i]) >> shift) & (DIGIT_BUCKETS - 1)]++] = from[i];
}

ws_status ws_group_readings(const int32_t *word, int32_t count, const int32_t *key,
                            int32_t nkeys, int32_t *order, int32_t *scratch)
{
    if (count < 0 || nkeys < 0 || (count > 0 && (!word || !order || !scratch)))
        return WS_BAD_ARGUMENT;
    int32_t *from = order, *to = scratch;
    for (int32_t k = 0; k < count; k++) {
        assert(key_of(key, word, k) >= 0 && key_of(key, word, k) < nkeys);
        from[k] = k;
    }
    const int32_t top = nkeys > 0 ? nkeys - 1 : 0; /* the largest key */
    for (int shift = 0; shift < KEY_BITS && (top >> shift) > 0; shift += WS_GROUP_DIGIT_BITS) {
        sort_pass(word, key, from, to, count, shift);
        int32_t *const done = to;
        to = from;
        from = done;
    }
    if (from != order)
        memcpy(order, from, (size_t)count * sizeof *order);
    return WS_OK;
}

int ws_path_direction(const int32_t *path, int32_t n, int32_t cols)
{
    if (n < 2)
        return -1;
    const int32_t dr = path[1] / cols - path[0] / cols, dc = path[1] % cols - path[0] % cols;
    for (int32_t i = 2; i < n; i++)
        if (path[i] / cols - path[i - 1] / cols != dr || path[i] % cols - path[i - 1] % cols != dc)
            return -1;
    for (int d = 0; d < WS_NDIRS; d++)
        if (WS_DROW[d] == dr && WS_DCOL[d] == dc)
            return d;
    return -1;
}
