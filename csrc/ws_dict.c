#include "ws_dict.h"
#include "ws_dict_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Letter codes a table indexed by code covers: 0..255, the two reserved ones
 * (WS_EMPTY, WS_BLOCKED) always leading nowhere. */
#define CODES 256
/* The table of four-letter prefixes is made when it takes at most this many
 * bits a node (with its counts, at most four bytes). */
#define QUAD_BITS_A_NODE 21

/* The tree as it grows, one pass over the words: first child and next sibling,
 * each sibling list in order of letter codes; the root's children by code. */
typedef struct {
    int32_t nnodes;
    int32_t *child, *next, *word;
    uint8_t *letter;
    int32_t root[CODES];
} growing;

void ws_dict_free(ws_dict *dict)
{
    if (!dict)
        return;
    free(dict->nodes);
    free(dict->letter);
    free(dict->dense);
    free(dict->quad_bits);
    free(dict->quad_rank);
    free(dict);
}

static void growing_free(growing *g)
{
    free(g->child);
    free(g->next);
    free(g->word);
    free(g->letter);
}

static int32_t new_node(growing *g, uint8_t letter, int32_t next)
{
    const int32_t node = g->nnodes++;
    g->child[node] = WS_DICT_NONE;
    g->next[node] = next;
    g->word[node] = -1;
    g->letter[node] = letter;
    return node;
}

/* The child of `parent` along `code`, added in its place in the sibling list if
 * it is not there yet. */
static int32_t grow_child(growing *g, int32_t parent, uint8_t code)
{
    if (parent == WS_DICT_ROOT) {
        if (g->root[code] == WS_DICT_NONE)
            g->root[code] = new_node(g, code, WS_DICT_NONE);
        return g->root[code];
    }
    int32_t *link = &g->child[parent];
    while (*link != WS_DICT_NONE && g->letter[*link] < code)
        link = &g->next[*link];
    if (*link != WS_DICT_NONE && g->letter[*link] == code)
        return *link;
    const int32_t node = new_node(g, code, *link);
    *link = node;
    return node;
}

static ws_status check_words(const ws_words *words, int64_t *letters)
{
    if (!words || words->count < 0 || (words->count > 0 && (!words->offsets || !words->letters)))
        return WS_BAD_ARGUMENT;
    if (words->count > 0 && words->offsets[0] != 0)
        return WS_BAD_ARGUMENT;
    int64_t total = 0;
    for (int32_t w = 0; w < words->count; w++) {
        const int32_t len = words->offsets[w + 1] - words->offsets[w];
        if (len < 1 || len > WS_MAX_WORD)
            return WS_BAD_ARGUMENT;
        for (int32_t i = words->offsets[w]; i < words->offsets[w + 1]; i++)
            if (words->letters[i] < 1 || words->letters[i] > WS_MAX_LETTER)
                return WS_BAD_ARGUMENT;
        total += len;
    }
    if (total + 1 > INT32_MAX)
        return WS_BAD_ARGUMENT;
    *letters = total;
    return WS_OK;
}

/* Node i's next child in the grown tree after `grown` (WS_DICT_NONE: the first),
 * in order of letter codes, or WS_DICT_NONE when there is no other. */
static int32_t next_child(const growing *g, int32_t from, int32_t grown)
{
    if (from != WS_DICT_ROOT)
        return grown == WS_DICT_NONE ? g->child[from] : g->next[grown];
    for (int code = grown == WS_DICT_NONE ? 1 : g->letter[grown] + 1;
         code <= (int)WS_MAX_LETTER; code++)
        if (g->root[code] != WS_DICT_NONE)
            return g->root[code];
    return WS_DICT_NONE;
}

/* Lays the grown tree out breadth first, each node's children together and in
 * order; order[i] is the grown node that becomes node i. */
static void lay_out(const growing *g, ws_dict *dict, int32_t *order)
{
    int32_t placed = 1;
    order[WS_DICT_ROOT] = WS_DICT_ROOT;
    dict->letter[WS_DICT_ROOT] = 0;
    for (int32_t i = 0; i < placed; i++) {
        const int32_t from = order[i];
        ws_node *node = &dict->nodes[i];
        node->first = placed;
        node->word = g->word[from];
        node->nchildren = 0;
        for (int32_t c = next_child(g, from, WS_DICT_NONE); c != WS_DICT_NONE;
             c = next_child(g, from, c)) {
            order[placed] = c;
            dict->letter[placed] = g->letter[c];
            if (from == WS_DICT_ROOT)
                dict->root[g->letter[c]] = placed;
            if (g->letter[c] >= dict->width)
                dict->width = g->letter[c] + 1;
            placed++;
            node->nchildren++;
        }
    }
    assert(placed == dict->nnodes); /* every grown node laid out once */
}

/* Whether a node's children get a table of their own: enough of them that the
 * table (width entries) costs at most DENSE_SHARE entries a child, so that every
 * table together costs at most DENSE_SHARE entries a node, whatever the alphabet. */
static int wants_table(const ws_dict *dict, const ws_node *node)
{
    return node->nchildren >= DENSE_FEWEST &&
           (int64_t)node->nchildren * DENSE_SHARE >= dict->width;
}

/* Tables for the nodes with many children (below the root, which has its own). */
static ws_status add_tables(ws_dict *dict)
{
    int64_t tables = 0;
    for (int32_t n = 1; n < dict->nnodes; n++)
        tables += wants_table(dict, &dict->nodes[n]);
    if (tables == 0)
        return WS_OK;
    dict->dense = malloc(sizeof(int32_t) * (size_t)tables * (size_t)dict->width);
    if (!dict->dense)
        return WS_NO_MEMORY;
    int32_t at = 0;
    for (int32_t n = 1; n < dict->nnodes; n++) {
        ws_node *node = &dict->nodes[n];
        if (!wants_table(dict, node))
            continue;
        int32_t *table = dict->dense + at;
        for (int32_t code = 0; code < dict->width; code++)
            table[code] = WS_DICT_NONE;
        for (int32_t c = node->first; c < node->first + node->nchildren; c++)
            table[dict->letter[c]] = c;
        node->first = -1 - at;
        at += dict->width;
    }
    assert(at == tables * dict->width);
    dict->ndense = (int32_t)tables;
    return WS_OK;
}

/* The table of four-letter prefixes, when some word has four letters or more and
 * it costs at most four bytes a node (ws_dict_internal.h); made before the tables of children, while each node's
 * `first` still says where its children are. */
static ws_status add_quads(ws_dict *dict)
{
    const uint64_t width = (uint64_t)dict->width;
    const uint64_t bits = width * width * width * width;
    if (bits > QUAD_BITS_A_NODE * (uint64_t)dict->nnodes)
        return WS_OK;
    const size_t blocks = (size_t)(bits + 63) / 64;
    dict->quad_bits = calloc(blocks, sizeof(uint64_t));
    dict->quad_rank = malloc(sizeof(int32_t) * blocks);
    if (!dict->quad_bits || !dict->quad_rank)
        return WS_NO_MEMORY;
    const ws_node *nodes = dict->nodes;
    const uint8_t *letter = dict->letter;
    dict->quad_first = -1;
#define CHILDREN(child, parent) \
    (int32_t child = nodes[parent].first; child < nodes[parent].first + nodes[parent].nchildren; \
     child++)
    for CHILDREN(a, WS_DICT_ROOT)
        for CHILDREN(b, a)
            for CHILDREN(c, b)
                for CHILDREN(d, c) {
                    const uint64_t index =
                        ((letter[a] * width + letter[b]) * width + letter[c]) * width + letter[d];
                    dict->quad_bits[index >> 6] |= UINT64_C(1) << (index & 63);
                    if (dict->quad_first < 0)
                        dict->quad_first = d;
                }
#undef CHILDREN
    if (dict->quad_first < 0) { /* no word of four letters or more: no table */
        free(dict->quad_bits);
        free(dict->quad_rank);
        dict->quad_bits = NULL;
        dict->quad_rank = NULL;
        return WS_OK;
    }
    int32_t before = 0;
    for (size_t k = 0; k < blocks; k++) {
        dict->quad_rank[k] = before;
        for (uint64_t x = dict->quad_bits[k]; x; x &= x - 1)
            before++;
    }
    return WS_OK;
}

ws_status ws_dict_build(const ws_words *words, ws_dict **out)
{
    if (!out)
        return WS_BAD_ARGUMENT;
    *out = NULL;
    int64_t letters = 0;
    const ws_status checked = check_words(words, &letters);
    if (checked != WS_OK)
        return checked;
    const size_t most = (size_t)letters + 1;
    growing g = {0};
    g.child = malloc(sizeof(int32_t) * most);
    g.next = malloc(sizeof(int32_t) * most);
    g.word = malloc(sizeof(int32_t) * most);
    g.letter = malloc(most);
    ws_dict *dict = calloc(1, sizeof *dict);
    if (!g.child || !g.next || !g.word || !g.letter || !dict) {
        growing_free(&g);
        free(dict);
        return WS_NO_MEMORY;
    }
    for (int code = 0; code < CODES; code++)
        g.root[code] = dict->root[code] = WS_DICT_NONE;
    new_node(&g, 0, WS_DICT_NONE);
    for (int32_t w = 0; w < words->count; w++) {
        int32_t node = WS_DICT_ROOT;
        for (int32_t i = words->offsets[w]; i < words->offsets[w + 1]; i++)
            node = grow_child(&g, node, words->letters[i]);
        if (g.word[node] < 0)
            g.word[node] = w;
    }
    const size_t n = (size_t)g.nnodes;
    dict->nwords = words->count;
    dict->nnodes = g.nnodes;
    dict->width = 1;
    dict->nodes = malloc(sizeof(ws_node) * n);
    dict->letter = malloc(n);
    int32_t *order = malloc(sizeof(int32_t) * n);
    if (!dict->nodes || !dict->letter || !order) {
        free(order);
        growing_free(&g);
        ws_dict_free(dict);
        return WS_NO_MEMORY;
    }
    lay_out(&g, dict, order);
    free(order);
    growing_free(&g);
    ws_status status = add_quads(dict);
    if (status == WS_OK)
        status = add_tables(dict);
    if (status != WS_OK) {
        ws_dict_free(dict);
        return status;
    }
    *out = dict;
    return WS_OK;
}

int32_t ws_dict_find(const ws_dict *dict, const uint8_t *letters, int32_t len)
{
    if (!dict || len < 1 || !letters)
        return -1;
    int32_t node = WS_DICT_ROOT;
    for (int32_t i = 0; i < len && node != WS_DICT_NONE; i++)
        node = ws_dict_step(dict, node, letters[i]);
    return node == WS_DICT_NONE ? -1 : dict->nodes[node].word;
}

ws_status ws_dict_ranks(const ws_dict *dict, int32_t *rank)
{
    if (!dict || (dict->nwords > 0 && !rank))
        return WS_BAD_ARGUMENT;
    /* A node with a table no longer says where its children start: in breadth-first
     * order they start after all the children of the nodes before it. */
    int32_t *first = malloc(sizeof(int32_t) * (size_t)dict->nnodes);
    if (!first)
        return WS_NO_MEMORY;
    for (int32_t node = 0, next = 1; node < dict->nnodes; node++) {
        first[node] = next;
        next += dict->nodes[node].nchildren;
    }
    for (int32_t w = 0; w < dict->nwords; w++)
        rank[w] = -1;
    /* Depth first, children in order of their codes, a node's word before its
     * children's; no word is longer than WS_MAX_WORD, nor is the stack. */
    int32_t path[WS_MAX_WORD + 1], visited[WS_MAX_WORD + 1];
    int32_t depth = 0, placed = 0;
    path[0] = WS_DICT_ROOT;
    visited[0] = 0;
    while (depth >= 0) {
        const int32_t node = path[depth];
        if (visited[depth] == dict->nodes[node].nchildren) {
            depth--;
            continue;
        }
        const int32_t child = first[node] + visited[depth]++;
        if (dict->nodes[child].word >= 0)
            rank[dict->nodes[child].word] = placed++;
        path[++depth] = child;
        visited[depth] = 0;
    }
    free(first);
    return WS_OK;
}

int32_t ws_dict_words(const ws_dict *dict)
{
    return dict->nwords;
}

int32_t ws_dict_nodes(const ws_dict *dict)
{
    return dict->nnodes;
}

int64_t ws_dict_quads(const ws_dict *dict)
{
    const int64_t width = dict->width;
    return dict->quad_bits ? width * width * width * width : 0;
}

size_t ws_dict_bytes(const ws_dict *dict)
{
    return sizeof *dict + (size_t)dict->nnodes * (sizeof(ws_node) + 1) +
           (size_t)dict->ndense * (size_t)dict->width * sizeof(int32_t) +
           (size_t)(ws_dict_quads(dict) + 63) / 64 * (sizeof(uint64_t) + sizeof(int32_t));
}
