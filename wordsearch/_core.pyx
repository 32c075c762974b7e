# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The one door into the C core (csrc/, declared in _core.pxd).

Arguments are checked and shaped by the Python callers (packer.py, fill.py,
message.py, blocked.py, solver/); this module only takes their buffers, releases
the GIL around the hot loops, gives a search room until its readings fit
(`_search_with_room`) and turns the core's status codes into Python outcomes in
the words of the kernel that failed (`_raise_for`).
"""
import signal
import time

import numpy as np

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport INT32_MAX, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from wordsearch.errors import (AllBlocked, Disturbed, NoMessage, NoRoom, NoUnique, SearchSpent,
                               TimeUp)

EMPTY = WS_EMPTY
BLOCKED = WS_BLOCKED
MAX_LETTER = WS_MAX_LETTER
MAX_WORD = WS_MAX_WORD
MAX_SIDE = WS_MAX_SIDE
MAX_CELLS = WS_MAX_CELLS
MAX_THREADS = WS_MAX_THREADS
MESSAGE_ROUNDS = WS_MESSAGE_ROUNDS
LEXICON_TIERS = WS_LEXICON_TIERS

# The kernels, as their errors name them ("the solver ran out of memory").
cdef str PACKER = "the packer"
cdef str SCAN = "the word scan"
cdef str BLOCKLIST = "the blocklist"
cdef str SOLVER = "the solver"
cdef str GROUPING = "the grouping of readings"
cdef str LEXICON = "the lexicon"
cdef str MESSAGE_FILL = "the message fill"
cdef str FILLER = "the filler"

# What a kernel needs of the arguments its callers hand on as they were given.
cdef str BLOCKLIST_NEEDS = (f"blocked words need {WS_MIN_BLOCKED} to {WS_MAX_WORD} letters, "
                            f"each a code of the alphabet")
cdef str DICTIONARY_NEEDS = (f"dictionary words need 1 to {WS_MAX_WORD} letters, each a code "
                             f"from 1 to {WS_MAX_LETTER}")
cdef str LEXICON_NEEDS = (f"a lexicon needs words of {WS_LEXICON_MIN_LEN} to {WS_MAX_WORD} "
                          f"letters, sorted by length and within a length by tier (below "
                          f"{WS_LEXICON_TIERS}), each letter a code of the alphabet")
cdef str MESSAGE_FILL_NEEDS = (f"message_fill: the grid's words must read where they are "
                               f"placed, the holes must be at most the empty cells, some "
                               f"direction allowed and every blocked word of 1 to "
                               f"{WS_MAX_WORD} letters")


cdef int _raise_for(ws_status status, str kernel, str needs=None, int64_t about=-1) except -1:
    """Raises the outcome of a status other than WS_OK, in the words of the kernel
    that returned it. A refused argument is a ValueError saying what the kernel
    `needs` where callers hand it what they were given (a word list, say), else a
    bug of this module (AssertionError): every other argument is checked before
    it crosses. `about` is the word the packer stopped at (NoRoom, NoUnique), the
    blocked word it gave up on (AllBlocked) or the budget a free-path search spent
    (SearchSpent)."""
    if status == WS_OK:
        return 0
    if status == WS_NO_MEMORY:
        raise MemoryError(f"{kernel} ran out of memory")
    if status == WS_BAD_ARGUMENT:
        if needs is not None:
            raise ValueError(needs)
        raise AssertionError(f"{kernel} refused its arguments (status {status})")
    if status == WS_NO_ROOM:
        raise NoRoom(about)
    if status == WS_NO_UNIQUE:
        raise NoUnique(about)
    if status == WS_ALL_BLOCKED:
        raise AllBlocked(about)
    if status == WS_STOPPED:
        raise SearchSpent(about) if kernel == SOLVER else TimeUp()
    if status == WS_NO_MESSAGE:
        raise NoMessage()
    raise AssertionError(f"{kernel} ended in status {status}, which no caller expects")


cdef ws_words _words_view(const uint8_t[::1] letters, const int32_t[::1] offsets) except *:
    """A word list as the core takes it, refused when its offsets do not run from 0
    within the letters: the core trusts them."""
    if offsets.shape[0] < 1 or offsets[0] != 0 or offsets[offsets.shape[0] - 1] > letters.shape[0]:
        raise ValueError("offsets must run from 0 to at most the number of letters")
    cdef Py_ssize_t i
    for i in range(1, offsets.shape[0]):
        if offsets[i] < offsets[i - 1]:
            raise ValueError("offsets must not fall")
    cdef ws_words words
    words.count = offsets.shape[0] - 1
    words.letters = &letters[0]
    words.offsets = &offsets[0]
    return words


cdef ws_inside _inside_view(const int32_t[::1] offsets, const int32_t[::1] words,
                            int32_t count) except *:
    """Which words lie inside which, as the core takes it (csrc/ws_grid.h, ws_inside):
    offsets of count + 1 entries into words; None for no word inside another."""
    cdef ws_inside inside
    inside.offsets = NULL
    inside.words = NULL
    if offsets is None:
        return inside
    if offsets.shape[0] != count + 1 or words is None or words.shape[0] < offsets[count]:
        raise ValueError("inside_offsets needs one entry per word and one more")
    inside.offsets = &offsets[0]
    inside.words = &words[0] if words.shape[0] else NULL
    return inside


# Readings a search has room for at first; it gets room for all it found when
# they did not fit. A scan finds about one a word, a solver's search some dozens
# (or as many as its kind of search found at most before), a free path takes some
# cells.
cdef enum:
    SCAN_ROOM = 16
    SEARCH_ROOM = 64
    PATH_CELLS = 8


cdef struct found_readings:
    # Room for a search's readings, and what it found. Reading k is word word[k]:
    # on a straight line from cell start[k] in direction dir[k]; along a free path,
    # the cells from cells[at[k]] on (cells is NULL for straight lines). The room:
    # capacity readings, and cell_capacity cells of free paths (0 for straight
    # lines). The search counts in found (and found_cells) all it found, room or
    # not; count is what it wrote. order and sorting have room for count: the
    # readings grouped by word (Trie._group).
    int32_t capacity
    int64_t cell_capacity
    int64_t found
    int64_t found_cells
    int32_t count
    int32_t *word
    int32_t *start
    uint8_t *dir
    int32_t *cells
    int64_t *at
    int32_t *order
    int32_t *sorting


cdef void _free(found_readings *out) noexcept:
    free(out.word)
    free(out.start)
    free(out.dir)
    free(out.cells)
    free(out.at)
    free(out.order)
    free(out.sorting)
    out.word = out.start = out.cells = out.order = out.sorting = NULL
    out.dir = NULL
    out.at = NULL


cdef int _take_room(found_readings *out, int32_t capacity, int64_t cell_capacity,
                    str kernel) except -1:
    """Room in `out` for `capacity` readings: straight ones, or with cell_capacity
    cells, free paths (what it held before is freed)."""
    _free(out)
    out.capacity = capacity
    out.cell_capacity = cell_capacity
    out.word = <int32_t *>malloc(sizeof(int32_t) * capacity)
    if cell_capacity:
        out.cells = <int32_t *>malloc(sizeof(int32_t) * cell_capacity)
        if out.word == NULL or out.cells == NULL:
            raise MemoryError(f"{kernel} ran out of memory")
        return 0
    out.start = <int32_t *>malloc(sizeof(int32_t) * capacity)
    out.dir = <uint8_t *>malloc(capacity)
    if out.word == NULL or out.start == NULL or out.dir == NULL:
        raise MemoryError(f"{kernel} ran out of memory")
    return 0


cdef struct search_job:
    # What a search reads: the grid, and for a scan of words the words (with their
    # containers and placements), for a scan of blocked words the blocklist, for
    # the solver its trie, the shortest word and (along free paths) the budget.
    const uint8_t *grid
    int32_t rows, cols
    const ws_words *words
    const ws_inside *inside
    const ws_placed *placed
    const ws_blocklist *blocklist
    const ws_dict *trie
    int32_t min_length
    int64_t budget


ctypedef ws_status (*search_fn)(const search_job *job, found_readings *out) noexcept nogil


cdef ws_status _scan_words_into(const search_job *j, found_readings *out) noexcept nogil:
    cdef int32_t found = 0
    cdef ws_status status = ws_scan_words(j.grid, j.rows, j.cols, j.words, j.inside,
                                          j.placed, out.word, out.start, out.dir,
                                          out.capacity, &found)
    out.found = found
    return status


cdef ws_status _scan_blocked_into(const search_job *j, found_readings *out) noexcept nogil:
    cdef int32_t found = 0
    cdef ws_status status = ws_blocklist_scan(j.blocklist, j.grid, j.rows, j.cols, out.word,
                                              out.start, out.dir, out.capacity, &found)
    out.found = found
    return status


cdef ws_status _solve_lines_into(const search_job *j, found_readings *out) noexcept nogil:
    cdef int32_t found = 0
    cdef ws_status status = ws_solve_lines(j.trie, j.grid, j.rows, j.cols, j.min_length,
                                           out.word, out.start, out.dir, out.capacity,
                                           &found)
    out.found = found
    return status


cdef ws_status _solve_paths_into(const search_job *j, found_readings *out) noexcept nogil:
    return ws_solve_paths(j.trie, j.grid, j.rows, j.cols, j.min_length, j.budget, out.word,
                          out.cells, out.capacity, out.cell_capacity, &out.found,
                          &out.found_cells)


cdef int _search_with_room(search_fn search, const search_job *job, found_readings *out,
                           int32_t capacity, int64_t cell_capacity, bint free_gil,
                           str kernel) except -1:
    """Runs `search` into `out` with room for `capacity` readings (and
    `cell_capacity` cells of free paths, 0 for straight readings) and, when they
    did not all fit, again with room for all it found: the core counts every
    reading, room or not. `free_gil` releases the GIL around the search (worth it
    from some microseconds on). Raises what the search ends in; sets out.count."""
    cdef ws_status status
    while True:
        _take_room(out, capacity, cell_capacity, kernel)
        if free_gil:
            with nogil:
                status = search(job, out)
        else:
            status = search(job, out)
        if status != WS_NO_CAPACITY:
            break
        if out.found > INT32_MAX:
            raise MemoryError(f"{kernel} found {out.found:,} readings: more than one search "
                              f"can list")
        capacity = max(capacity, <int32_t>out.found)
        cell_capacity = max(cell_capacity, out.found_cells)
    _raise_for(status, kernel, needs=None, about=job.budget)
    out.count = <int32_t>out.found
    return 0


cdef tuple _as_arrays(const found_readings *out):
    """Straight readings as arrays of their own: (word index, start cell, direction)."""
    cdef Py_ssize_t n = out.count
    words = np.empty(n, dtype=np.int32)
    starts = np.empty(n, dtype=np.int32)
    dirs = np.empty(n, dtype=np.uint8)
    cdef int32_t[::1] words_v = words, starts_v = starts
    cdef uint8_t[::1] dirs_v = dirs
    if n:
        memcpy(&words_v[0], out.word, sizeof(int32_t) * n)
        memcpy(&starts_v[0], out.start, sizeof(int32_t) * n)
        memcpy(&dirs_v[0], out.dir, n)
    return words, starts, dirs


cdef class Blocklist  # defined below; pack() takes one


cdef class Workspace:
    """Memory pack() keeps from one call to the next (csrc/ws_pack.h, ws_workspace);
    one call at a time."""
    cdef ws_workspace *ptr
    cdef bint busy

    def __cinit__(self):
        self.ptr = ws_workspace_new()
        if self.ptr is NULL:
            _raise_for(WS_NO_MEMORY, PACKER)

    def __dealloc__(self):
        ws_workspace_free(self.ptr)


def pack(const uint8_t[:, ::1] cells, const uint8_t[::1] letters,
         const int32_t[::1] offsets, uint32_t dir_mask, int32_t beam,
         uint64_t seed, int32_t threads, int32_t capacity,
         const int32_t[:, ::1] regions, Workspace workspace=None, *,
         const int32_t[::1] inside_offsets=None, const int32_t[::1] inside_words=None,
         int64_t deadline_ns=0, bint catch_signals=False, Blocklist blocked=None,
         bint prune_blocked=False, bint give_up_blocked=False):
    """Finished puzzles, best first: (grids[n, rows, cols], starts[n, words], dirs[n, words]).

    With `blocked`, puzzles whose placed letters spell one of its words outside a
    placement come only when no other does. With `prune_blocked` too, a partial
    layout is dropped as soon as its letters spell one, or read a word of the
    list again for good (other puzzles: see ws_pack_params.prune_blocked). With
    `give_up_blocked` instead, a pack whose every partial layout spells one for
    good ends early, raising AllBlocked(the least such blocked word's index; see
    ws_pack_params.give_up_blocked).

    The first len(regions) words cross nothing and have their middle letter in
    rows regions[w, 0]..regions[w, 1], columns regions[w, 2]..regions[w, 3].
    Word w's containers are inside_words[inside_offsets[w]:inside_offsets[w + 1]]:
    its readings inside their placements do not count.

    The pack stops early, raising TimeUp, once time.monotonic_ns() reaches
    `deadline_ns` (0: never). With `catch_signals` (only from the main thread),
    Ctrl-C and SIGTERM stop it too, and then reach Python's own handlers, as if
    they had arrived when it was through: Ctrl-C raises KeyboardInterrupt. A
    handler that lets the program go on leaves a stopped pack: Disturbed is
    raised, and the caller packs again (the same puzzle, later).

    Takes at least one word. Raises NoRoom(word index) when a word finds no
    position, NoUnique when no finished puzzle reads every word exactly once.
    """
    cdef int32_t rows = cells.shape[0], cols = cells.shape[1]
    cdef int32_t nwords = offsets.shape[0] - 1
    grids = np.empty((capacity, rows, cols), dtype=np.uint8)
    starts = np.empty((capacity, max(nwords, 1)), dtype=np.int32)
    dirs = np.empty((capacity, max(nwords, 1)), dtype=np.uint8)
    cdef uint8_t[:, :, ::1] grids_v = grids
    cdef int32_t[:, ::1] starts_v = starts
    cdef uint8_t[:, ::1] dirs_v = dirs
    cdef ws_pack_params params
    cdef ws_pack_output out
    params.rows = rows
    params.cols = cols
    params.cells = &cells[0, 0]
    params.words = _words_view(letters, offsets)
    params.dir_mask = dir_mask
    params.beam = beam
    params.seed = seed
    params.threads = threads
    params.scattered = regions.shape[0]
    params.regions = &regions[0, 0] if regions.shape[0] else NULL
    params.inside = _inside_view(inside_offsets, inside_words, nwords)
    params.blocked = blocked.ptr if blocked is not None else NULL
    params.prune_blocked = prune_blocked
    params.give_up_blocked = give_up_blocked
    params.stop.flag = NULL
    params.stop.deadline_ns = deadline_ns
    out.capacity = capacity
    out.grids = &grids_v[0, 0, 0]
    out.starts = &starts_v[0, 0]
    out.dirs = &dirs_v[0, 0]
    cdef ws_workspace *ws = NULL
    if workspace is not None:
        if workspace.busy:
            raise RuntimeError("a packer workspace serves one pack() at a time")
        workspace.busy = True
        ws = workspace.ptr
    cdef int caught = 0
    if catch_signals and ws_signals_catch() == 0:
        params.stop.flag = ws_signals_flag()
    try:
        with nogil:
            status = ws_pack(&params, ws, &out)
    finally:
        if params.stop.flag != NULL:
            caught = ws_signals_release()
        if workspace is not None:
            workspace.busy = False
    if caught:
        signal.raise_signal(caught)  # Python's handler, as if it came now
        if status == WS_STOPPED and (deadline_ns == 0 or time.monotonic_ns() < deadline_ns):
            raise Disturbed()  # the handler let the program go on: so must the pack
    _raise_for(status, PACKER, needs=None, about=out.stuck_word)
    n = out.count
    return grids[:n], starts[:n, :nwords], dirs[:n, :nwords]


def scan_words(const uint8_t[:, ::1] grid, const uint8_t[::1] letters,
               const int32_t[::1] offsets, *, const int32_t[::1] inside_offsets=None,
               const int32_t[::1] inside_words=None, const int32_t[::1] starts=None,
               const uint8_t[::1] dirs=None):
    """Every reading of every word that counts: (word index, start cell, direction)
    arrays. With the words' containers (as pack() takes them) and where each word
    is placed (starts, dirs), readings inside a container's placement are left out.

    A palindrome's reading is reported once, in the direction among N, NE, E, SE.
    """
    cdef ws_words words = _words_view(letters, offsets)
    cdef ws_inside inside = _inside_view(inside_offsets, inside_words, words.count)
    cdef ws_placed placed
    cdef Py_ssize_t i
    placed.starts = NULL
    placed.dirs = NULL
    if inside.offsets != NULL:
        if (starts is None or dirs is None or starts.shape[0] != words.count
                or dirs.shape[0] != words.count):
            raise ValueError("words inside others need every word's start and direction")
        for i in range(words.count):
            if not 0 <= starts[i] < grid.shape[0] * grid.shape[1] or dirs[i] >= WS_NDIRS:
                raise ValueError(f"word {i} is placed at cell {starts[i]}, direction "
                                 f"{dirs[i]}: not a cell and a direction of this grid")
        placed.starts = &starts[0]
        placed.dirs = &dirs[0]
    cdef search_job job
    job.grid = &grid[0, 0]
    job.rows = grid.shape[0]
    job.cols = grid.shape[1]
    job.words = &words
    job.inside = &inside
    job.placed = &placed
    job.budget = 0
    cdef found_readings out
    memset(&out, 0, sizeof(out))
    try:
        _search_with_room(_scan_words_into, &job, &out, max(SCAN_ROOM, 2 * words.count), 0,
                          True, SCAN)
        return _as_arrays(&out)
    finally:
        _free(&out)


cdef class Blocklist:
    """Words no grid may spell (csrc/ws_block.h), built once and scanned for in
    many grids."""
    cdef ws_blocklist *ptr
    cdef readonly int32_t count

    def __cinit__(self, const uint8_t[::1] letters, const int32_t[::1] offsets,
                  int32_t nletters):
        cdef ws_words words = _words_view(letters, offsets)
        cdef ws_status status
        with nogil:
            status = ws_blocklist_build(&words, nletters, &self.ptr)
        _raise_for(status, BLOCKLIST, needs=BLOCKLIST_NEEDS)
        self.count = words.count

    def __dealloc__(self):
        ws_blocklist_free(self.ptr)

    def scan(self, const uint8_t[:, ::1] grid):
        """Every reading of a blocked word: (word index, first cell, direction)
        arrays, a palindrome's once."""
        cdef search_job job
        job.grid = &grid[0, 0]
        job.rows = grid.shape[0]
        job.cols = grid.shape[1]
        job.blocklist = self.ptr
        job.budget = 0
        cdef found_readings out
        memset(&out, 0, sizeof(out))
        try:
            _search_with_room(_scan_blocked_into, &job, &out, SCAN_ROOM, 0, True, BLOCKLIST)
            return _as_arrays(&out)
        finally:
            _free(&out)


cdef extern from "Python.h":
    # How a tuple subclass (a named tuple) makes an instance: CPython's own
    # tuple_subtype_new allocates it so and then sets its items.
    object PyType_GenericAlloc(type cls, Py_ssize_t nitems)


cdef inline object _named(type cls, Py_ssize_t n):
    """An instance of the named tuple `cls` with room for n items, all to be set
    with _put before it is seen."""
    return PyType_GenericAlloc(cls, n)


cdef inline void _put(object t, Py_ssize_t i, object item):
    Py_INCREF(item)
    PyTuple_SET_ITEM(t, i, item)


def _check_named(type cls, Py_ssize_t n):
    if not issubclass(cls, tuple) or len(getattr(cls, "_fields", ())) != n or \
            cls.__dictoffset__ != 0:
        raise TypeError(f"{cls.__name__} is not a named tuple of {n} fields")


cdef class Trie:
    """The words of a dictionary as one trie (csrc/ws_dict.h), built once and
    searched in many grids (csrc/ws_solve.h). Readings name a word by its index in
    the list it was built from (a word listed twice: its first listing).

    Each search writes into buffers of its own, so that threads may share a trie;
    they start as large as the most readings a search of its kind has found."""
    cdef ws_dict *ptr
    cdef readonly int32_t count
    cdef readonly object lengths
    cdef int32_t line_hint, path_hint  # the most readings a search has found
    cdef int32_t *rank  # each word's place in the order of letter codes (ws_dict_ranks)
    cdef const int32_t[::1] length  # self.lengths, for C

    def __cinit__(self, const uint8_t[::1] letters, const int32_t[::1] offsets):
        cdef ws_words words = _words_view(letters, offsets)
        cdef ws_status status
        with nogil:
            status = ws_dict_build(&words, &self.ptr)
        _raise_for(status, SOLVER, needs=DICTIONARY_NEEDS)
        self.count = words.count
        self.lengths = np.diff(np.asarray(offsets)).astype(np.int32)
        self.length = self.lengths
        self.rank = <int32_t *>malloc(sizeof(int32_t) * max(1, words.count))
        if self.rank == NULL:
            _raise_for(WS_NO_MEMORY, SOLVER)
        with nogil:
            status = ws_dict_ranks(self.ptr, self.rank)
        _raise_for(status, SOLVER)

    def __dealloc__(self):
        ws_dict_free(self.ptr)
        free(self.rank)

    @property
    def nodes(self):
        """Nodes of the trie, the root included."""
        return ws_dict_nodes(self.ptr)

    @property
    def nbytes(self):
        """Memory the trie holds."""
        return ws_dict_bytes(self.ptr)

    @property
    def quads(self):
        """Entries (bits) of the trie's table of four-letter prefixes (0: it has none)."""
        return ws_dict_quads(self.ptr)

    def find(self, const uint8_t[::1] word):
        """The index of the word these letter codes spell (its first listing), or -1."""
        if word.shape[0] == 0:
            return -1
        return ws_dict_find(self.ptr, &word[0], word.shape[0])

    cdef int _search(self, bytes grid, int32_t rows, int32_t cols, int32_t min_length,
                     bint free_path, int64_t budget, found_readings *out) except -1:
        """Runs a search into `out`, which _free then frees: along straight lines
        (some microseconds: the GIL held), or along free paths (it may take a
        second: without the GIL; SearchSpent after `budget` steps)."""
        _check_grid(grid, rows, cols, min_length)
        if free_path and budget < 1:
            raise ValueError("budget must be at least 1")
        cdef search_job job
        job.grid = grid
        job.rows = rows
        job.cols = cols
        job.trie = self.ptr
        job.min_length = min_length
        job.budget = budget
        cdef int32_t capacity
        if free_path:
            capacity = max(SEARCH_ROOM, self.path_hint)
            _search_with_room(_solve_paths_into, &job, out, capacity,
                              PATH_CELLS * <int64_t>capacity, True, SOLVER)
            self.path_hint = max(self.path_hint, out.count)
            self._path_starts(out)
        else:
            _search_with_room(_solve_lines_into, &job, out, max(SEARCH_ROOM, self.line_hint),
                              0, False, SOLVER)
            self.line_hint = max(self.line_hint, out.count)
        return 0

    cdef int _path_starts(self, found_readings *out) except -1:
        """Where each free path's cells start in out.cells (out.at)."""
        cdef int64_t at = 0
        cdef int32_t k
        out.at = <int64_t *>malloc(sizeof(int64_t) * max(1, out.count))
        if out.at == NULL:
            _raise_for(WS_NO_MEMORY, SOLVER)
        for k in range(out.count):
            out.at[k] = at
            at += self.length[out.word[k]]
        return 0

    cdef int _group(self, found_readings *out, bint ranked) except -1:
        """Groups the readings found by word, in order of rank (ws_dict_ranks) or of
        index, each word's in the order found: out.order[i] is the i-th reading
        (csrc/ws_group.h)."""
        out.order = <int32_t *>malloc(sizeof(int32_t) * max(1, out.count))
        out.sorting = <int32_t *>malloc(sizeof(int32_t) * max(1, out.count))
        if out.order == NULL or out.sorting == NULL:
            _raise_for(WS_NO_MEMORY, GROUPING)
        _raise_for(ws_group_readings(out.word, out.count, self.rank if ranked else NULL,
                                     self.count, out.order, out.sorting), GROUPING)
        return 0

    cdef tuple _readings(self, const found_readings *out, int32_t first, int32_t *last,
                         int32_t cols, tuple cells, tuple compass, type reading):
        """The grouped readings of one word from `first` on, as `reading` values;
        sets *last past them."""
        cdef int32_t w = out.word[out.order[first]], end = first + 1
        while end < out.count and out.word[out.order[end]] == w:
            end += 1
        last[0] = end
        cdef tuple result = PyTuple_New(end - first), path
        cdef object item, direction
        cdef int32_t i, j, k, start, step, n = self.length[w]
        cdef int d
        for i in range(first, end):
            k = out.order[i]
            path = PyTuple_New(n)
            if out.cells == NULL:
                start = out.start[k]
                d = out.dir[k]
                step = WS_DROW[d] * cols + WS_DCOL[d]
                for j in range(n):
                    _put(path, j, cells[start + j * step])
                direction = compass[d]
            else:
                for j in range(n):
                    _put(path, j, cells[out.cells[out.at[k] + j]])
                d = ws_path_direction(out.cells + out.at[k], n, cols)
                direction = None if d < 0 else compass[d]
            item = _named(reading, 2)
            _put(item, 0, path)
            _put(item, 1, direction)
            _put(result, i - first, item)
        return result

    def _values_check(self, int32_t rows, int32_t cols, tuple cells, tuple compass,
                      type reading):
        _check_named(reading, 2)
        if len(cells) != <Py_ssize_t>rows * cols or len(compass) != WS_NDIRS:
            raise ValueError("cells needs one value a cell, and compass one a direction")

    def grouped(self, bytes grid, int32_t rows, int32_t cols, int32_t min_length,
                bint free_path, int64_t budget, tuple cells, tuple compass, type reading):
        """Every reading of every word of min_length letters or more, along straight
        lines or with free_path along free paths (csrc/ws_solve.h; a free-path search
        raises SearchSpent after `budget` steps), as values made in one pass (a
        dictionary search makes a hundred in microseconds): {word index: tuple of
        readings, in the order found}, each reading the named tuple `reading` of
        (cells, its direction: compass[d] on a straight line, else None), cells[k]
        being the value of cell k."""
        self._values_check(rows, cols, cells, compass, reading)
        cdef found_readings out
        memset(&out, 0, sizeof(out))
        cdef dict result = {}
        cdef int32_t first = 0, last
        try:
            self._search(grid, rows, cols, min_length, free_path, budget, &out)
            self._group(&out, False)
            while first < out.count:
                result[out.word[out.order[first]]] = self._readings(&out, first, &last, cols,
                                                                     cells, compass, reading)
                first = last
        finally:
            _free(&out)
        return result

    def found(self, bytes grid, int32_t rows, int32_t cols, int32_t min_length,
              bint free_path, int64_t budget, tuple cells, tuple compass, type reading,
              type found, tuple forms, tuple labels):
        """As grouped, but each word that reads as the named tuple `found` of
        (forms[w], labels[w], its readings, ()), in the order of the words' letter
        codes (ws_dict_ranks: the order of the forms as strings when the codes
        follow code points), so that no word is compared."""
        self._values_check(rows, cols, cells, compass, reading)
        _check_named(found, 4)
        if len(forms) != self.count or len(labels) != self.count:
            raise ValueError("forms and labels need one value a word")
        cdef found_readings out
        memset(&out, 0, sizeof(out))
        cdef list result = []
        cdef object item
        cdef int32_t first = 0, last, w
        try:
            self._search(grid, rows, cols, min_length, free_path, budget, &out)
            self._group(&out, True)
            while first < out.count:
                w = out.word[out.order[first]]
                item = _named(found, 4)
                _put(item, 0, forms[w])
                _put(item, 1, labels[w])
                _put(item, 2, self._readings(&out, first, &last, cols, cells, compass,
                                             reading))
                _put(item, 3, ())
                result.append(item)
                first = last
        finally:
            _free(&out)
        return tuple(result)


def _check_grid(bytes grid, int32_t rows, int32_t cols, int32_t min_length):
    if rows < 1 or cols < 1 or len(grid) != <Py_ssize_t>rows * cols:
        raise ValueError("the grid must be rows * cols letter codes, at least one")
    if min_length < 1:
        raise ValueError("min_length must be at least 1")


cdef class Lexicon:
    """A dictionary grouped by length (csrc/ws_lexicon.h), built once (per language,
    level and topic) and used by every message_fill. The words must come sorted by
    length and, within a length, by tier (`tiers`, one a word, below LEXICON_TIERS;
    None: all in tier 0), each of WS_LEXICON_MIN_LEN (3) to MAX_WORD letters;
    lexicon indices are their places in this list. The fill takes a fitting word of
    the lowest tier before any other."""
    cdef ws_lexicon *ptr
    cdef readonly int32_t count

    def __cinit__(self, const uint8_t[::1] letters, const int32_t[::1] offsets,
                  int32_t nletters, const uint8_t[::1] tiers=None):
        cdef ws_words words = _words_view(letters, offsets)
        cdef ws_status status
        cdef const uint8_t *tier_ptr = NULL
        if tiers is not None:
            if tiers.shape[0] != words.count:
                raise ValueError("a lexicon's tiers need one tier a word")
            if words.count:
                tier_ptr = &tiers[0]
        with nogil:
            status = ws_lexicon_build(&words, tier_ptr, nletters, &self.ptr)
        _raise_for(status, LEXICON, needs=LEXICON_NEEDS)
        self.count = words.count

    def __dealloc__(self):
        ws_lexicon_free(self.ptr)


def message_fill(const uint8_t[:, ::1] grid, Lexicon lexicon, int32_t holes,
                 uint32_t dir_mask, uint64_t seed, *, const uint8_t[::1] letters=None,
                 const int32_t[::1] offsets=None, const int32_t[::1] starts=None,
                 const uint8_t[::1] dirs=None, int32_t first_round=0,
                 const uint8_t[::1] blocked_letters=None,
                 const int32_t[::1] blocked_offsets=None):
    """The grid with lexicon words added until exactly `holes` cells are empty
    (csrc/ws_message.h): (grid, words, starts, dirs, round), words being lexicon
    indices in the order placed and round the round that did it.

    The grid holds the caller's words (letters/offsets, placed at starts/dirs;
    none by default), EMPTY cells and BLOCKED ones. With the added words' letters
    no word reads twice and no blocked word (blocked_letters/offsets) reads
    outside a listed word. A caller that rejects the
    result asks again with first_round = round + 1. Raises NoMessage when no round
    up to MESSAGE_ROUNDS - 1 left exactly `holes` cells empty.
    """
    cdef ws_message_params params
    cdef ws_message_output out
    cdef int32_t rows = grid.shape[0], cols = grid.shape[1]
    params.rows = rows
    params.cols = cols
    params.grid = &grid[0, 0]
    params.listed.count = 0
    params.listed.letters = NULL
    params.listed.offsets = NULL
    params.placed.starts = NULL
    params.placed.dirs = NULL
    if offsets is not None:
        params.listed = _words_view(letters, offsets)
        if (starts is None or dirs is None or starts.shape[0] != params.listed.count
                or dirs.shape[0] != params.listed.count):
            raise ValueError("the grid's words need every word's start and direction")
        if params.listed.count:
            params.placed.starts = &starts[0]
            params.placed.dirs = &dirs[0]
    params.blocked.count = 0
    params.blocked.letters = NULL
    params.blocked.offsets = NULL
    if blocked_offsets is not None:
        params.blocked = _words_view(blocked_letters, blocked_offsets)
    params.lexicon = lexicon.ptr
    params.holes = holes
    params.dir_mask = dir_mask
    params.seed = seed
    params.first_round = first_round
    filled = np.empty((rows, cols), dtype=np.uint8)
    capacity = max(1, rows * cols)
    words = np.empty(capacity, dtype=np.int32)
    placed_starts = np.empty(capacity, dtype=np.int32)
    placed_dirs = np.empty(capacity, dtype=np.uint8)
    cdef uint8_t[:, ::1] filled_v = filled
    cdef int32_t[::1] words_v = words, starts_v = placed_starts
    cdef uint8_t[::1] dirs_v = placed_dirs
    out.capacity = capacity
    out.grid = &filled_v[0, 0]
    out.words = &words_v[0]
    out.starts = &starts_v[0]
    out.dirs = &dirs_v[0]
    cdef ws_status status
    with nogil:
        status = ws_message_fill(&params, &out)
    _raise_for(status, MESSAGE_FILL, needs=MESSAGE_FILL_NEEDS)
    n = out.count
    return filled, words[:n], placed_starts[:n], placed_dirs[:n], out.round


cdef class Rng:
    """The seeded generator of csrc/ws_rng.c; the same stream on every machine."""
    cdef ws_rng state

    def __init__(self, uint64_t seed):
        ws_rng_seed(&self.state, seed)

    def next(self):
        return ws_rng_next(&self.state)

    def below(self, uint64_t bound):
        """A uniform draw from 0 to bound - 1."""
        if bound == 0:
            raise ValueError("bound must be positive")
        return ws_rng_below(&self.state, bound)

    def draw_letters(self, uint8_t[::1] grid, const int32_t[::1] cells,
                     const uint64_t[::1] cumulative):
        """Writes into grid[cells] letter codes 1..n drawn by the cumulative weights."""
        if cells.shape[0] == 0:
            return
        cdef ws_status status
        with nogil:
            status = ws_draw_letters(&grid[0], &cells[0], cells.shape[0],
                                     &cumulative[0], cumulative.shape[0], &self.state)
        _raise_for(status, FILLER)


def group_order(const int32_t[::1] words, int32_t nkeys, const int32_t[::1] keys=None):
    """The grouping kernel alone (csrc/ws_group.h; Trie groups in C), for its
    differential test: the order of the readings of `words` (word indices below
    nkeys) grouped by keys[w] (keys from 0 to nkeys - 1), else by w, each group's
    in the order given."""
    cdef Py_ssize_t k
    for k in range(words.shape[0]):
        if not 0 <= words[k] < (nkeys if keys is None else keys.shape[0]):
            raise ValueError(f"reading {k} names word {words[k]}, which has no key")
        if keys is not None and not 0 <= keys[words[k]] < nkeys:
            raise ValueError(f"word {words[k]} has key {keys[words[k]]}, not below {nkeys}")
    order = np.empty(max(1, words.shape[0]), dtype=np.int32)
    scratch = np.empty(max(1, words.shape[0]), dtype=np.int32)
    cdef int32_t[::1] order_v = order, scratch_v = scratch
    _raise_for(ws_group_readings(&words[0] if words.shape[0] else NULL, words.shape[0],
                                 &keys[0] if keys is not None and keys.shape[0] else NULL,
                                 nkeys, &order_v[0], &scratch_v[0]), GROUPING)
    return order[:words.shape[0]]


def path_direction(const int32_t[::1] path, int32_t cols):
    """The direction of a path of cells (csrc/ws_group.h) when it runs straight,
    else None: the kernel alone, for its differential test."""
    if cols < 1:
        raise ValueError("cols must be at least 1")
    cdef int d = ws_path_direction(&path[0] if path.shape[0] else NULL, path.shape[0], cols)
    return None if d < 0 else d
