/* The workspace a caller keeps between packs, and the one block of memory a
 * call carves into its pools and selection buffers (see ws_pack_internal.h). */
#include "ws_pack_internal.h"

#include <stdlib.h>

struct ws_workspace {
    unsigned char *memory;
    size_t size;
};

ws_workspace *ws_workspace_new(void)
{
    return calloc(1, sizeof(ws_workspace));
}

void ws_workspace_free(ws_workspace *ws)
{
    if (ws)
        free(ws->memory);
    free(ws);
}

/* The arrays laid out together (see memory_layout) start on cache lines of their own. */
#define MEMORY_ALIGN 64

static size_t aligned(size_t bytes)
{
    return (bytes + MEMORY_ALIGN - 1) / MEMORY_ALIGN * MEMORY_ALIGN;
}

size_t ws_memory_bytes(const memory_layout *l)
{
    const size_t pool_bytes = aligned(l->grids) + aligned(l->starts) + aligned(l->dirs);
    return POOLS * pool_bytes + SELECTION_BUFFERS * aligned(l->buffer);
}

void ws_carve_memory(unsigned char *at, const memory_layout *l, pool *pools[POOLS],
                     candidate *buffers[SELECTION_BUFFERS])
{
    for (int k = 0; k < POOLS; k++) {
        pools[k]->grids = at;
        at += aligned(l->grids);
        pools[k]->starts = (int32_t *)(void *)at;
        at += aligned(l->starts);
        pools[k]->dirs = at;
        at += aligned(l->dirs);
    }
    for (int k = 0; k < SELECTION_BUFFERS; k++) {
        buffers[k] = (candidate *)(void *)at;
        at += aligned(l->buffer);
    }
}

/* New memory, when the workspace's is too small (or there is none), which the
 * workspace keeps instead of its own unless it is bigger than WS_WORKSPACE_KEEP. */
unsigned char *ws_take_memory(ws_workspace *ws, size_t bytes)
{
    if (ws && ws->size >= bytes)
        return ws->memory;
    void *memory = NULL;
    if (posix_memalign(&memory, MEMORY_ALIGN, bytes) != 0)
        return NULL;
    if (ws && bytes <= WS_WORKSPACE_KEEP) {
        free(ws->memory);
        ws->memory = memory;
        ws->size = bytes;
    }
    return memory;
}

void ws_give_back_memory(ws_workspace *ws, unsigned char *memory)
{
    if (!ws || memory != ws->memory)
        free(memory);
}
