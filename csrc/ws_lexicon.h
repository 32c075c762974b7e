/* A dictionary grouped by length, built once and reused by every hidden-message
 * fill (ws_message.h): a random word of a given length is one index, and the
 * words of a length with a given letter at a given position are one list.
 *
 * The words cross the boundary as a ws_words list sorted by length (shortest
 * first); the groups (where each length starts) are worked out here from the
 * offsets, so they cannot disagree with them.
 *
 * Each word has a tier, 0 .. WS_LEXICON_TIERS - 1: the fill takes a word of the
 * lowest tier that fits before any of the next (the puzzle's topic first, then a
 * child's words, ...: the caller decides what a tier means). Within a length
 * the words come sorted by tier, so a tier is a run of indices and, in every
 * list of ws_lexicon_with, a run of entries.
 */
#ifndef WS_LEXICON_H
#define WS_LEXICON_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_grid.h"

/* The shortest word a lexicon may hold: the hidden-message article's rule for
 * every word (ws_message.h). */
#define WS_LEXICON_MIN_LEN 3
/* Tiers a lexicon's words may have. */
#define WS_LEXICON_TIERS 4

typedef struct ws_lexicon ws_lexicon;

/* Builds the lexicon of `words` (letter codes 1..nletters, each word of
 * WS_LEXICON_MIN_LEN to WS_MAX_WORD letters, sorted by length and, within a
 * length, by tier) into *out; free it with ws_lexicon_free. `tiers` holds each
 * word's tier, below WS_LEXICON_TIERS; NULL puts every word in tier 0.
 * WS_BAD_ARGUMENT for a letter code out of range, a bad length or tier, or a list
 * out of order; WS_NO_MEMORY. The words are copied. */
ws_status ws_lexicon_build(const ws_words *words, const uint8_t *tiers, int32_t nletters,
                           ws_lexicon **out);

void ws_lexicon_free(ws_lexicon *lex);

/* The words, as built (sorted by length). */
ws_words ws_lexicon_words(const ws_lexicon *lex);

/* The longest word's length (0 for an empty lexicon). */
int32_t ws_lexicon_longest(const ws_lexicon *lex);

/* The words of `len` letters are indices first .. first + count - 1; sets
 * *count to 0 for a length it has none of (or out of range). */
int32_t ws_lexicon_group(const ws_lexicon *lex, int32_t len, int32_t *count);

/* One past the last index of the words of `len` letters in tiers 0 .. tier (the
 * group's first index when it has none; 0 for a length out of range). */
int32_t ws_lexicon_tier_end(const ws_lexicon *lex, int32_t len, int32_t tier);

/* The words of `len` letters whose letter at `pos` (0-based) is `letter`, in
 * increasing order: *count of them. NULL with *count 0 when there are none. */
const int32_t *ws_lexicon_with(const ws_lexicon *lex, int32_t len, int32_t pos,
                               uint8_t letter, int32_t *count);

#endif
