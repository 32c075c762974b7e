#include "ws_lexicon.h"

#include <stdlib.h>
#include <string.h>

/* Lengths 0 .. WS_MAX_WORD, and one more so that first[len + 1] always exists. */
#define LENGTH_SLOTS (WS_MAX_WORD + 2)
/* A length with no words has no index. */
#define NO_BASE (-1)

struct ws_lexicon {
    int32_t count, nletters, longest;
    uint8_t *letters;
    int32_t *offsets;
    /* Words of length len are first[len] .. first[len + 1] - 1; those of tiers
     * 0 .. t end before tier_end[len][t]. */
    int32_t first[LENGTH_SLOTS];
    int32_t tier_end[LENGTH_SLOTS][WS_LEXICON_TIERS];
    /* (len, pos, letter) is slot base[len] + pos * (nletters + 1) + letter; its
     * words are entries[slot_start[slot] .. slot_start[slot + 1]). */
    int32_t base[LENGTH_SLOTS];
    int32_t *slot_start;
    int32_t *entries;
};

static ws_status check(const ws_words *words, const uint8_t *tiers, int32_t nletters)
{
    if (!words || words->count < 0 || nletters < 1 || nletters > (int32_t)WS_MAX_LETTER)
        return WS_BAD_ARGUMENT;
    if (words->count > 0 && (!words->letters || !words->offsets || words->offsets[0] != 0))
        return WS_BAD_ARGUMENT;
    int32_t previous = WS_LEXICON_MIN_LEN, previous_tier = 0;
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        const int32_t tier = tiers ? tiers[w] : 0;
        if (len < previous || len > WS_MAX_WORD || tier >= WS_LEXICON_TIERS ||
            (len == previous && tier < previous_tier))
            return WS_BAD_ARGUMENT;
        previous = len;
        previous_tier = tier;
        for (int32_t k = 0; k < len; k++) {
            const uint8_t x = words->letters[words->offsets[w] + k];
            if (x < 1 || x > nletters)
                return WS_BAD_ARGUMENT;
        }
    }
    return WS_OK;
}

/* Where each length's tiers end, from the words' tiers (checked in order). */
static void set_tiers(ws_lexicon *lex, const ws_words *words, const uint8_t *tiers)
{
    for (int32_t len = 0; len < LENGTH_SLOTS; len++)
        for (int32_t t = 0; t < WS_LEXICON_TIERS; t++)
            lex->tier_end[len][t] = lex->first[len];
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        for (int32_t t = tiers ? tiers[w] : 0; t < WS_LEXICON_TIERS; t++)
            lex->tier_end[len][t] = w + 1;
    }
}

ws_status ws_lexicon_build(const ws_words *words, const uint8_t *tiers, int32_t nletters,
                           ws_lexicon **out)
{
    if (!out)
        return WS_BAD_ARGUMENT;
    *out = NULL;
    const ws_status status = check(words, tiers, nletters);
    if (status != WS_OK)
        return status;
    ws_lexicon *lex = calloc(1, sizeof *lex);
    if (!lex)
        return WS_NO_MEMORY;
    const int32_t count = words->count, total = count > 0 ? words->offsets[count] : 0;
    lex->count = count;
    lex->nletters = nletters;
    lex->letters = malloc((size_t)total + 1);
    lex->offsets = malloc(((size_t)count + 1) * sizeof *lex->offsets);
    int32_t slots = 0;
    for (int32_t len = 0; len < LENGTH_SLOTS; len++)
        lex->first[len] = count;
    for (int32_t w = count - 1; w >= 0; w--)
        lex->first[words->offsets[w + 1] - words->offsets[w]] = w;
    for (int32_t len = LENGTH_SLOTS - 2; len >= 0; len--)
        if (lex->first[len] > lex->first[len + 1])
            lex->first[len] = lex->first[len + 1];
    set_tiers(lex, words, tiers);
    lex->base[WS_MAX_WORD + 1] = NO_BASE;
    for (int32_t len = 0; len <= WS_MAX_WORD; len++) {
        const int present = lex->first[len + 1] > lex->first[len];
        lex->base[len] = present ? slots : NO_BASE;
        if (present) {
            slots += len * (nletters + 1);
            lex->longest = len;
        }
    }
    lex->slot_start = calloc((size_t)slots + 1, sizeof *lex->slot_start);
    lex->entries = malloc(((size_t)total + 1) * sizeof *lex->entries);
    if (!lex->letters || !lex->offsets || !lex->slot_start || !lex->entries) {
        ws_lexicon_free(lex);
        return WS_NO_MEMORY;
    }
    if (count > 0) {
        memcpy(lex->letters, words->letters, (size_t)total);
        memcpy(lex->offsets, words->offsets, ((size_t)count + 1) * sizeof *lex->offsets);
    } else {
        lex->offsets[0] = 0;
    }
    /* Counting sort of (word, position) pairs by slot; words in increasing order. */
    for (int32_t w = 0; w < count; w++) {
        const int32_t len = lex->offsets[w + 1] - lex->offsets[w];
        for (int32_t k = 0; k < len; k++)
            lex->slot_start[lex->base[len] + k * (nletters + 1) +
                            lex->letters[lex->offsets[w] + k] + 1]++;
    }
    for (int32_t s = 0; s < slots; s++)
        lex->slot_start[s + 1] += lex->slot_start[s];
    int32_t *fill = malloc(((size_t)slots + 1) * sizeof *fill);
    if (!fill) {
        ws_lexicon_free(lex);
        return WS_NO_MEMORY;
    }
    memcpy(fill, lex->slot_start, ((size_t)slots + 1) * sizeof *fill);
    for (int32_t w = 0; w < count; w++) {
        const int32_t len = lex->offsets[w + 1] - lex->offsets[w];
        for (int32_t k = 0; k < len; k++)
            lex->entries[fill[lex->base[len] + k * (nletters + 1) +
                              lex->letters[lex->offsets[w] + k]]++] = w;
    }
    free(fill);
    *out = lex;
    return WS_OK;
}

void ws_lexicon_free(ws_lexicon *lex)
{
    if (!lex)
        return;
    free(lex->letters);
    free(lex->offsets);
    free(lex->slot_start);
    free(lex->entries);
    free(lex);
}

ws_words ws_lexicon_words(const ws_lexicon *lex)
{
    const ws_words words = {lex->count, lex->letters, lex->offsets};
    return words;
}

int32_t ws_lexicon_longest(const ws_lexicon *lex) { return lex->longest; }

int32_t ws_lexicon_group(const ws_lexicon *lex, int32_t len, int32_t *count)
{
    if (len < 0 || len > WS_MAX_WORD) {
        *count = 0;
        return 0;
    }
    *count = lex->first[len + 1] - lex->first[len];
    return lex->first[len];
}

int32_t ws_lexicon_tier_end(const ws_lexicon *lex, int32_t len, int32_t tier)
{
    if (len < 0 || len > WS_MAX_WORD || tier < 0)
        return 0;
    return lex->tier_end[len][tier < WS_LEXICON_TIERS ? tier : WS_LEXICON_TIERS - 1];
}

const int32_t *ws_lexicon_with(const ws_lexicon *lex, int32_t len, int32_t pos,
                               uint8_t letter, int32_t *count)
{
    *count = 0;
    if (len < 0 || len > WS_MAX_WORD || lex->base[len] == NO_BASE || pos < 0 || pos >= len ||
        letter < 1 || letter > lex->nletters)
        return NULL;
    const int32_t slot = lex->base[len] + pos * (lex->nletters + 1) + letter;
    *count = lex->slot_start[slot + 1] - lex->slot_start[slot];
    return *count > 0 ? lex->entries + lex->slot_start[slot] : NULL;
}
