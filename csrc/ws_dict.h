/* A dictionary for the solver: a compact trie over many words.
 *
 * Built once from a word list (ws_words: letter codes back to back with
 * offsets, ws_grid.h) and searched from many grids (ws_solve.h). A node is
 * one prefix of some word; a word ends at the node of its last letter.
 *
 * Layout, and why. Each node's children sit next to each other, in order of
 * their letter codes, in breadth-first order (a "sorted edge array" whose
 * edges are the child nodes themselves): node n's children are the nodes
 * first .. first + nchildren - 1, and letter[c] is the letter that leads to
 * child c. A node is one record of 12 bytes (first child, word, number of
 * children: what one step of a search reads, in one cache line) and one byte
 * of letter, kept apart so that a node's children's letters are scanned as
 * contiguous bytes. There are at most as many nodes as letters in the list,
 * plus the root, so memory is proportional to the letters: 100,000 words of
 * 830,000 letters make 311,000 nodes and take 4.3 MB, where a table of children
 * in every node would take 34 MB for a 26-letter alphabet and 316 MB for every
 * code the core allows. Finding a child scans its siblings' letters, or halves
 * the range when there are many; the root, asked at every cell, has a table of
 * all 256 codes, and so does any node with so many children that its table
 * (one entry a letter of the alphabet) costs at most four entries a child: all
 * such tables together then cost at most 16 bytes a node, whatever the
 * alphabet, and the first two or three letters of a word, where nodes have most
 * children, cost one lookup each. A trie of at least width^4 / 21 nodes (width:
 * the largest letter code, plus one) also gets a table of every four-letter
 * prefix, one bit each with a count every 64 (at most four bytes a node): a
 * straight walk through a large dictionary mostly ends within four letters, and
 * with words of four letters or more wanted the eight lines from a cell are
 * looked up at once, without a branch, and only those some word starts are
 * walked (4.5 us instead of 6.2 for every word of 100,000 on 15x15).
 *
 * The list is read in one pass, each word walked into a first-child /
 * next-sibling tree whose sibling lists are kept sorted as they grow; one
 * breadth-first pass over that tree then lays the nodes out as above and
 * frees it. Both passes cost the letters (times the siblings passed over in
 * the first).
 */
#ifndef WS_DICT_H
#define WS_DICT_H

#include <stddef.h>
#include <stdint.h>
#include "ws_common.h"
#include "ws_grid.h"

typedef struct ws_dict ws_dict;

/* The node no word leads to: a child that is not there. */
#define WS_DICT_NONE (-1)
/* The root node: the empty prefix. */
#define WS_DICT_ROOT 0

/* Builds the trie of `words` (each of 1..WS_MAX_WORD letters, each letter a code
 * 1..WS_MAX_LETTER) into *out; free it with ws_dict_free. A word listed more than
 * once ends at the node of its first listing, whose index the trie keeps.
 * WS_BAD_ARGUMENT for a bad length or letter code, WS_NO_MEMORY. */
ws_status ws_dict_build(const ws_words *words, ws_dict **out);

void ws_dict_free(ws_dict *dict);

/* The index of the word spelled by `len` letter codes (its first listing), or -1
 * when the list does not hold it. */
int32_t ws_dict_find(const ws_dict *dict, const uint8_t *letters, int32_t len);

/* Sets rank[w], for each word w listed, to its place in the order of the letter
 * codes (a word before the longer words it starts; from 0), so that readings can
 * be listed in that order without comparing words; a word listed again, -1 (its
 * first listing has the rank). rank has room for ws_dict_words(dict).
 * WS_BAD_ARGUMENT, WS_NO_MEMORY. */
ws_status ws_dict_ranks(const ws_dict *dict, int32_t *rank);

/* Words listed (with repeats), nodes (the root included) and bytes held. */
int32_t ws_dict_words(const ws_dict *dict);
int32_t ws_dict_nodes(const ws_dict *dict);
size_t ws_dict_bytes(const ws_dict *dict);
/* Entries (bits) of the table of four-letter prefixes: 0 when the trie has none. */
int64_t ws_dict_quads(const ws_dict *dict);

#endif
