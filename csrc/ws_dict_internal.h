/* The trie's layout (see ws_dict.h), shared by the files that walk it, so that a
 * step from node to child is inlined in the solver's loops. */
#ifndef WS_DICT_INTERNAL_H
#define WS_DICT_INTERNAL_H

#include "ws_dict.h"

/* Below this many children a lookup scans their letters; from it on, it halves. */
#define WS_DICT_SCAN 8
/* A node's children get a table indexed by letter code when it has at least
 * DENSE_FEWEST of them and the table has at most DENSE_SHARE entries a child. */
#define DENSE_FEWEST 4
#define DENSE_SHARE 4

typedef struct {
    /* >= 0: node of the first child, the others following it; < 0: its children
     * are in the table at dense[-1 - first], one entry a letter code. */
    int32_t first;
    int32_t word;      /* the word ending here, or -1 */
    int32_t nchildren;
} ws_node;

struct ws_dict {
    int32_t nwords, nnodes;
    int32_t width;     /* the largest letter code in any word, plus one */
    ws_node *nodes;    /* nnodes, breadth first */
    uint8_t *letter;   /* nnodes: the letter that leads to each node (0 at the root) */
    int32_t *dense;    /* ndense tables of width entries */
    int32_t ndense;
    int32_t root[256]; /* the root's child along each code, or WS_DICT_NONE */
    /* When there are at least width^3 nodes (so at most one entry a node): the node
     * of every three-letter prefix, triple[(a * width + b) * width + c], or
     * WS_DICT_NONE; else NULL. A straight walk through a large dictionary mostly
     * ends within three letters, and this takes it there in one lookup. */
    int32_t *triple;
};

/* The child of a node other than the root along `letter`, or WS_DICT_NONE. */
static inline int32_t ws_dict_below(const ws_dict *dict, int32_t node, uint8_t letter)
{
    const ws_node *n = &dict->nodes[node];
    if (n->first < 0)
        return letter < dict->width ? dict->dense[(size_t)(-1 - n->first) + letter]
                                    : WS_DICT_NONE;
    int32_t lo = n->first, hi = n->first + n->nchildren;
    const uint8_t *letters = dict->letter;
    while (hi - lo > WS_DICT_SCAN) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (letters[mid] <= letter)
            lo = mid;
        else
            hi = mid;
    }
    for (int32_t c = lo; c < hi; c++) {
        if (letters[c] == letter)
            return c;
        if (letters[c] > letter)
            break;
    }
    return WS_DICT_NONE;
}

/* Prefixes the triple table covers: its letters. */
#define WS_DICT_TRIPLE 3

/* The node of the prefix a, b, c (a a letter leading from the root), or
 * WS_DICT_NONE; only when dict->triple is there. */
static inline int32_t ws_dict_triple(const ws_dict *dict, uint8_t a, uint8_t b, uint8_t c)
{
    const size_t width = (size_t)dict->width;
    return b < width && c < width ? dict->triple[(a * width + b) * width + c] : WS_DICT_NONE;
}

static inline int32_t ws_dict_step(const ws_dict *dict, int32_t node, uint8_t letter)
{
    return node == WS_DICT_ROOT ? dict->root[letter] : ws_dict_below(dict, node, letter);
}

#endif
