# The C core's headers (csrc/) as _core.pyx sees them: its types, its functions
# and its constants, declared once here so that the wrapper names them, never
# spells out their values.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t

cdef extern from "ws_common.h":
    ctypedef enum ws_status:
        WS_OK
        WS_NO_MEMORY
        WS_BAD_ARGUMENT
        WS_NO_ROOM
        WS_NO_UNIQUE
        WS_NO_CAPACITY
        WS_STOPPED
        WS_NO_MESSAGE
        WS_ALL_BLOCKED
    int WS_EMPTY
    int WS_BLOCKED
    int WS_MAX_LETTER
    int WS_MAX_WORD
    int WS_MAX_SIDE
    int WS_MAX_CELLS
    int WS_NDIRS
    const int8_t WS_DROW[]
    const int8_t WS_DCOL[]

cdef extern from "ws_rng.h":
    ctypedef struct ws_rng:
        uint64_t s[4]
    void ws_rng_seed(ws_rng *rng, uint64_t seed)
    uint64_t ws_rng_next(ws_rng *rng)
    uint64_t ws_rng_below(ws_rng *rng, uint64_t bound)

cdef extern from "ws_grid.h":
    ctypedef struct ws_words:
        int32_t count
        const uint8_t *letters
        const int32_t *offsets
    ctypedef struct ws_inside:
        const int32_t *offsets
        const int32_t *words
    ctypedef struct ws_placed:
        const int32_t *starts
        const uint8_t *dirs
    ws_status ws_scan_words(const uint8_t *grid, int32_t rows, int32_t cols,
                            const ws_words *words, const ws_inside *inside,
                            const ws_placed *placed, int32_t *out_word,
                            int32_t *out_start, uint8_t *out_dir,
                            int32_t capacity, int32_t *found) nogil
    ws_status ws_draw_letters(uint8_t *grid, const int32_t *cells, int32_t ncells,
                              const uint64_t *cumulative, int32_t nletters,
                              ws_rng *rng) nogil

cdef extern from "ws_block.h":
    int WS_MIN_BLOCKED
    ctypedef struct ws_blocklist:
        pass
    ws_status ws_blocklist_build(const ws_words *words, int32_t nletters,
                                 ws_blocklist **out) nogil
    void ws_blocklist_free(ws_blocklist *lst) nogil
    ws_status ws_blocklist_scan(const ws_blocklist *lst, const uint8_t *grid, int32_t rows,
                                int32_t cols, int32_t *out_word, int32_t *out_start,
                                uint8_t *out_dir, int32_t capacity, int32_t *found) nogil

cdef extern from "ws_dict.h":
    ctypedef struct ws_dict:
        pass
    ws_status ws_dict_build(const ws_words *words, ws_dict **out) nogil
    void ws_dict_free(ws_dict *d) nogil
    int32_t ws_dict_find(const ws_dict *d, const uint8_t *letters, int32_t length)
    int32_t ws_dict_nodes(const ws_dict *d)
    size_t ws_dict_bytes(const ws_dict *d)
    int64_t ws_dict_quads(const ws_dict *d)
    ws_status ws_dict_ranks(const ws_dict *d, int32_t *rank) nogil

cdef extern from "ws_solve.h":
    ws_status ws_solve_lines(const ws_dict *d, const uint8_t *grid, int32_t rows,
                             int32_t cols, int32_t min_length, int32_t *out_word,
                             int32_t *out_start, uint8_t *out_dir, int32_t capacity,
                             int32_t *found) nogil
    ws_status ws_solve_paths(const ws_dict *d, const uint8_t *grid, int32_t rows,
                             int32_t cols, int32_t min_length, int64_t budget,
                             int32_t *out_word, int32_t *out_cells, int32_t capacity,
                             int64_t cell_capacity, int64_t *found,
                             int64_t *found_cells) nogil

cdef extern from "ws_group.h":
    ws_status ws_group_readings(const int32_t *word, int32_t count, const int32_t *key,
                                int32_t nkeys, int32_t *order, int32_t *scratch) nogil
    int ws_path_direction(const int32_t *path, int32_t n, int32_t cols) nogil

cdef extern from "ws_signal.h":
    int ws_signals_catch()
    const int *ws_signals_flag()
    int ws_signals_release()

cdef extern from "ws_pack.h":
    int WS_MAX_THREADS
    ctypedef struct ws_stop:
        const int *flag
        int64_t deadline_ns
    ctypedef struct ws_pack_params:
        int32_t rows, cols
        const uint8_t *cells
        ws_words words
        uint32_t dir_mask
        int32_t beam
        uint64_t seed
        int32_t threads
        int32_t scattered
        const int32_t *regions
        ws_inside inside
        const ws_blocklist *blocked
        int32_t prune_blocked
        int32_t give_up_blocked
        ws_stop stop
    ctypedef struct ws_pack_output:
        int32_t capacity
        uint8_t *grids
        int32_t *starts
        uint8_t *dirs
        int32_t count
        int32_t stuck_word
    ctypedef struct ws_workspace:
        pass
    ws_workspace *ws_workspace_new()
    void ws_workspace_free(ws_workspace *ws)
    ws_status ws_pack(const ws_pack_params *params, ws_workspace *ws,
                      ws_pack_output *out) nogil

cdef extern from "ws_lexicon.h":
    int WS_LEXICON_MIN_LEN
    int WS_LEXICON_TIERS
    ctypedef struct ws_lexicon:
        pass
    ws_status ws_lexicon_build(const ws_words *words, const uint8_t *tiers, int32_t nletters,
                               ws_lexicon **out) nogil
    void ws_lexicon_free(ws_lexicon *lex) nogil

cdef extern from "ws_message.h":
    int WS_MESSAGE_ROUNDS
    ctypedef struct ws_message_params:
        int32_t rows, cols
        const uint8_t *grid
        ws_words listed
        ws_placed placed
        ws_words blocked
        const ws_lexicon *lexicon
        int32_t holes
        uint32_t dir_mask
        uint64_t seed
        int32_t first_round
    ctypedef struct ws_message_output:
        int32_t capacity
        uint8_t *grid
        int32_t *words
        int32_t *starts
        uint8_t *dirs
        int32_t count
        int32_t round "round"
    ws_status ws_message_fill(const ws_message_params *params,
                              ws_message_output *out) nogil
