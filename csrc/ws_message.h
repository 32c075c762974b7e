/* Hidden-message puzzles: adding dictionary words to a grid until exactly as many
 * cells are empty as the message has letters.
 *
 * The method is the one of an article on generating word searches with a hidden
 * message (written by the makers of a crossword and word search app), called
 * "the article" below; the README summarises what we took from it under "How it
 * works" (the hidden-message item) and "Hidden messages". In short: with the
 * dictionary grouped by length, drop random words into the grid, each word placed
 * as soon as it fits and never removed, as long as at least as many cells stay
 * empty as the message has letters; a round that does not end with exactly that
 * many empty cells is thrown away and the next starts from the caller's grid.
 * The message's letters are poured into the empty cells afterwards, never first.
 *
 * The caller has packed its own words; this adds words of a lexicon (ws_lexicon.h)
 * by the article's rules, in rounds. The caller then pours the message into the
 * empty cells and checks the puzzle; if it rejects the round, it asks again from
 * the next round (first_round), so that rounds are tried in one order for a
 * random seed however often it asks.
 *
 * The rules, each checked by tests/reference_message.py the slow way:
 *   - a word runs in an allowed direction, inside the grid and its shape;
 *   - it crosses letters already there only where they agree, covers at least
 *     one empty cell, and shares at most one cell with any single word (it never
 *     runs along another word over two cells);
 *   - it is placed only if the empty cells stay at least `holes`;
 *   - it is no word of the grid's list (the caller's and those added), and lies
 *     inside none of them nor holds one, forwards or backwards;
 *   - with its letters written, it reads nowhere else in the grid, and no word of
 *     the grid's list and no blocked word reads over a cell it filled, except on
 *     its own cells: the grid's letters spell every word once and no blocked
 *     word (the message's letters, poured in later, are the caller's to check);
 *   - in round r at most r / WS_MESSAGE_THREE_EVERY words of three letters.
 * How a round goes (the article's greedy, with two changes that make nearly
 * every first round succeed; see the README's figures):
 *   - each attempt draws a length (the article's mixture, as an integer table)
 *     and makes up to WS_MESSAGE_TRIES tries; a try draws a direction, then a
 *     start from which the segment stays inside the grid, and takes a random word
 *     of the lexicon that fits the letters already on the segment, from the
 *     lowest of the lexicon's tiers that has one (ws_lexicon.h; the article
 *     drew the word first, so it seldom crossed anything, and drew starts that
 *     mostly fell off the grid on diagonals);
 *   - at WS_MESSAGE_ENDGAME missing cells or fewer, the exact search above.
 * Lengths are clamped to the grid's longer side and the lexicon's longest word.
 * Round r draws from ws_rng.h's generator seeded with the random seed (params'
 * `seed`) ^ ws_mix64(r), so any round can be had on its own; everything is
 * integer arithmetic, and the same arguments give the same output on every
 * machine.
 */
#ifndef WS_MESSAGE_H
#define WS_MESSAGE_H

#include <stdint.h>
#include "ws_common.h"
#include "ws_grid.h"
#include "ws_lexicon.h"

/* The article's bounds: words drawn in one round, positions tried for one word,
 * rounds before giving up. */
#define WS_MESSAGE_ATTEMPTS 2000
#define WS_MESSAGE_TRIES 50
#define WS_MESSAGE_ROUNDS 100
/* When this many cells or fewer are still to be covered, every segment that
 * covers exactly the missing cells is searched for a word (the article forced a
 * word of exactly the missing length here; that is one of the segments). */
#define WS_MESSAGE_ENDGAME 5
/* Three-letter words are rationed: none in rounds 0-2, one in rounds 3-5, ... */
#define WS_MESSAGE_THREE_EVERY 3

typedef struct {
    int32_t rows, cols;
    /* rows * cols cell codes: letters of the caller's words, WS_EMPTY (free) and
     * WS_BLOCKED (outside the shape). */
    const uint8_t *grid;
    /* The caller's words and where they are (ws_placed): each must read there. */
    ws_words listed;
    ws_placed placed;
    /* Words no added word may make the grid spell (letters 1..254; may be empty);
     * a blocked word inside an added word is that word's own letters. */
    ws_words blocked;
    const ws_lexicon *lexicon;
    int32_t holes;     /* the message's letters: 0 <= holes <= empty cells */
    uint32_t dir_mask; /* bit d: direction d allowed; at least one */
    uint64_t seed;     /* the random seed: the same seed, the same rounds */
    /* The first round to try (0 at first; one past the round returned when the
     * caller rejected it); rounds up to WS_MESSAGE_ROUNDS - 1 are tried. */
    int32_t first_round;
} ws_message_params;

typedef struct {
    int32_t capacity; /* room in words, starts, dirs: the empty cells suffice */
    uint8_t *grid;    /* rows * cols: the caller's grid with the added words */
    int32_t *words;   /* lexicon index of each added word, in the order placed */
    int32_t *starts;  /* its first cell */
    uint8_t *dirs;    /* its direction */
    int32_t count;    /* words added */
    int32_t round;    /* the round that left exactly `holes` empty cells */
} ws_message_output;

/* Fills the grid: WS_OK with the added words and the round that made them;
 * WS_NO_MESSAGE when no round from first_round on left exactly `holes` empty
 * cells (out->round is then WS_MESSAGE_ROUNDS); WS_BAD_ARGUMENT for a broken
 * precondition; WS_NO_CAPACITY when more words were added than the arrays hold;
 * WS_NO_MEMORY. */
ws_status ws_message_fill(const ws_message_params *params, ws_message_output *out);

#endif
