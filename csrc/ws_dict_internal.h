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
    /* When the trie has at least width^4 / 21 nodes (so that this costs at most
     * four bytes a node): which four-letter prefixes there are, one bit each at
     * ((a * width + b) * width + c) * width + d, with the count of bits set before
     * each 64 of them. The nodes of four-letter prefixes lie together in that
     * order (breadth first, children in order of their codes): the k-th prefix
     * set is node quad_first + k. Else NULL. */
    uint64_t *quad_bits;
    int32_t *quad_rank;
    int32_t quad_first;
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

/* Letters of the prefixes the table of four-letter prefixes holds. */
#define WS_DICT_QUAD 4

/* Whether prefix `index` (see quad_bits) is the start of some word. */
static inline int ws_dict_quad_has(const ws_dict *dict, size_t index)
{
    return (int)((dict->quad_bits[index >> 6] >> (index & 63)) & 1u);
}

/* The node of the four-letter prefix `index`, which ws_dict_quad_has. */
static inline int32_t ws_dict_quad_node(const ws_dict *dict, size_t index)
{
    uint64_t below = dict->quad_bits[index >> 6] & ((UINT64_C(1) << (index & 63)) - 1);
    /* The bits set, counted in parallel (C99 has no popcount). */
    below -= (below >> 1) & UINT64_C(0x5555555555555555);
    below = (below & UINT64_C(0x3333333333333333)) + ((below >> 2) & UINT64_C(0x3333333333333333));
    below = (below + (below >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return dict->quad_first + dict->quad_rank[index >> 6] +
           (int32_t)((below * UINT64_C(0x0101010101010101)) >> 56);
}

static inline int32_t ws_dict_step(const ws_dict *dict, int32_t node, uint8_t letter)
{
    return node == WS_DICT_ROOT ? dict->root[letter] : ws_dict_below(dict, node, letter);
}

#endif
