#include "ws_message.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ws_rng.h"
#include "ws_through.h"

/* Word lengths, the article's mixture (ws_message.h) without floating point: 50% a normal draw
 * around 6 (sd 2), 30% around 5 (sd 1), each rounded to the nearest length, 20%
 * exactly 3; lengths below 3 count as 3. LENGTH_WEIGHTS[i] is the mixture's mass
 * at length LENGTH_FIRST + i in parts of LENGTH_PARTS (largest remainders, so they
 * add up exactly; tests/test_message.py works them out again from the normal
 * distribution). Lengths past the table have under half a part in a million. */
#define LENGTH_PARTS 1000000
#define LENGTH_FIRST 3
#define LENGTH_COUNT 14
static const int32_t LENGTH_WEIGHTS[LENGTH_COUNT] = {
    272867, 133008, 202211, 171226, 105512, 62282, 32864,
    13918,  4622,   1201,   244,    39,     5,     1};

/* Attempts in a row that placed nothing before a round looks whether it is stuck. */
#define WS_MESSAGE_IDLE 50

/* Bit a of a cell's links (a = 0..3, directions N NE E SE): the cell and its
 * neighbour in direction a lie on one word. */
typedef struct {
    const ws_message_params *p;
    int32_t rows, cols, ncells;
    int32_t dirs[WS_NDIRS], ndirs;
    int32_t longest; /* the longest length drawn */
    uint8_t *grid, *links;
    int32_t empties, threes, quota;
    int32_t count; /* words added */
    int32_t *words, *starts;
    uint8_t *dirs_out;
    ws_rng rng;
    /* The grid's words and the blocked words; the caller's and the blocked ones
     * are the first `base`. */
    ws_through *through;
    int32_t base;
    /* The segment being tried. */
    int32_t start, dir, len;
    int32_t cells[WS_MAX_WORD];
    int32_t fixed[WS_MAX_WORD], nfixed, open;
} fill_ctx;

static int32_t step_of(const fill_ctx *f, int dir)
{
    return WS_DROW[dir] * f->cols + WS_DCOL[dir];
}

/* The cell and bit that record whether `cell` and its neighbour in `dir` lie on
 * one word. */
static uint8_t *link_at(fill_ctx *f, int32_t cell, int dir, uint8_t *bit)
{
    assert(dir >= 0 && dir < WS_NDIRS);
    if (dir < WS_NDIRS / 2) {
        *bit = (uint8_t)(1u << dir);
        return f->links + cell;
    }
    *bit = (uint8_t)(1u << (dir - WS_NDIRS / 2));
    return f->links + cell + step_of(f, dir);
}

static void link_word(fill_ctx *f, int32_t start, int dir, int32_t len)
{
    const int32_t step = step_of(f, dir);
    for (int32_t k = 0; k + 1 < len; k++) {
        uint8_t bit;
        *link_at(f, start + k * step, dir, &bit) |= bit;
    }
}

/* Whether word b (lb letters) reads inside word a, forwards or backwards. */
static int holds(const uint8_t *a, int32_t la, const uint8_t *b, int32_t lb)
{
    for (int32_t i = 0; i + lb <= la; i++) {
        int forwards = 1, backwards = 1;
        for (int32_t k = 0; k < lb && (forwards || backwards); k++) {
            forwards = forwards && a[i + k] == b[k];
            backwards = backwards && a[i + k] == b[lb - 1 - k];
        }
        if (forwards || backwards)
            return 1;
    }
    return 0;
}

static int related(const uint8_t *a, int32_t la, const uint8_t *b, int32_t lb)
{
    return la >= lb ? holds(a, la, b, lb) : holds(b, lb, a, la);
}

/* Whether lexicon word w is one of the grid's words, or lies inside one or holds one. */
static int excluded(const fill_ctx *f, int32_t w)
{
    const ws_words lex = ws_lexicon_words(f->p->lexicon);
    const uint8_t *word = lex.letters + lex.offsets[w];
    const int32_t len = lex.offsets[w + 1] - lex.offsets[w];
    const ws_words *own = &f->p->listed;
    for (int32_t i = 0; i < own->count; i++)
        if (related(word, len, own->letters + own->offsets[i],
                    own->offsets[i + 1] - own->offsets[i]))
            return 1;
    for (int32_t i = 0; i < f->count; i++) {
        const int32_t v = f->words[i];
        if (related(word, len, lex.letters + lex.offsets[v], lex.offsets[v + 1] - lex.offsets[v]))
            return 1;
    }
    return 0;
}

static int32_t draw_length(fill_ctx *f)
{
    int32_t r = (int32_t)ws_rng_below(&f->rng, LENGTH_PARTS), i = 0;
    while (i + 1 < LENGTH_COUNT && r >= LENGTH_WEIGHTS[i])
        r -= LENGTH_WEIGHTS[i++];
    return LENGTH_FIRST + i;
}

/* Reads the segment of `len` cells from `start` in `dir` (inside the grid) into
 * f->cells, f->fixed (positions holding a letter) and f->open (empty cells): 0
 * when it leaves the shape or runs along a word over two cells. */
static int segment(fill_ctx *f, int32_t start, int dir, int32_t len)
{
    assert(len >= 1 && len <= WS_MAX_WORD); /* f->cells and f->fixed hold a word */
    const int32_t step = step_of(f, dir);
    f->start = start;
    f->dir = dir;
    f->len = len;
    f->nfixed = 0;
    f->open = 0;
    for (int32_t k = 0; k < len; k++) {
        const int32_t cell = start + k * step;
        const uint8_t v = f->grid[cell];
        if (v == WS_BLOCKED)
            return 0;
        f->cells[k] = cell;
        if (v == WS_EMPTY) {
            f->open++;
            continue;
        }
        f->fixed[f->nfixed++] = k;
        if (k > 0 && f->grid[cell - step] != WS_EMPTY) {
            uint8_t bit;
            if (*link_at(f, cell - step, dir, &bit) & bit)
                return 0;
        }
    }
    return 1;
}

/* Whether lexicon word w has the segment's letters where it has them. */
static int matches(const fill_ctx *f, const uint8_t *word)
{
    for (int32_t i = 0; i < f->nfixed; i++)
        if (word[f->fixed[i]] != f->grid[f->cells[f->fixed[i]]])
            return 0;
    return 1;
}

/* The words of `len` letters that may fit the segment read last: with none of
 * its letters fixed, the whole length group (*list NULL, indices from *first);
 * else the shortest list of words with one of its fixed letters (the first such).
 * Returns how many; 0 when some fixed letter has none. */
static int32_t candidates(const fill_ctx *f, int32_t len, const int32_t **list,
                          int32_t *first)
{
    int32_t n = 0;
    *list = NULL;
    *first = 0;
    if (f->nfixed == 0)
        return (*first = ws_lexicon_group(f->p->lexicon, len, &n)), n;
    for (int32_t i = 0; i < f->nfixed; i++) {
        int32_t m;
        const int32_t k = f->fixed[i];
        const int32_t *l = ws_lexicon_with(f->p->lexicon, len, k, f->grid[f->cells[k]], &m);
        if (m == 0)
            return 0;
        if (i == 0 || m < n) {
            n = m;
            *list = l;
        }
    }
    return n;
}

/* Whether `word` reads in the grid anywhere but on the segment. */
static int reads_elsewhere(const fill_ctx *f, const uint8_t *word, int32_t len)
{
    for (int32_t at = 0; at < f->ncells; at++) {
        if (f->grid[at] != word[0])
            continue;
        const int32_t r = at / f->cols, c = at % f->cols;
        for (int d = 0; d < WS_NDIRS; d++) {
            if (!ws_run_on_grid(r, c, d, len, f->rows, f->cols))
                continue;
            const int32_t step = step_of(f, d);
            int32_t k = 1;
            while (k < len && f->grid[at + k * step] == word[k])
                k++;
            if (k == len &&
                !ws_within_segment(at, at + (len - 1) * step, f->start, f->dir, f->len, f->cols))
                return 1;
        }
    }
    return 0;
}

/* Whether `word` may go on the segment read last without a word reading twice or
 * a blocked word reading: with its letters written, it reads nowhere else, and no
 * word of the grid nor blocked word reads over a cell it fills, unless on its own
 * cells. The grid is left as it was. */
static int clean(fill_ctx *f, const uint8_t *word)
{
    for (int32_t k = 0; k < f->len; k++)
        f->grid[f->cells[k]] = word[k];
    int ok = !reads_elsewhere(f, word, f->len);
    for (int32_t k = 0, i = 0; k < f->len && ok; k++) {
        if (i < f->nfixed && f->fixed[i] == k) {
            i++; /* a letter that was there: its readings were there before */
            continue;
        }
        ok = !ws_through_reads(f->through, f->grid, f->rows, f->cols, f->cells[k], f->start,
                               f->dir, f->len);
    }
    for (int32_t k = 0, i = 0; k < f->len; k++) {
        if (i < f->nfixed && f->fixed[i] == k)
            i++;
        else
            f->grid[f->cells[k]] = WS_EMPTY;
    }
    return ok;
}

/* The first of the n candidates from place `from` on, round the list once, that
 * has the segment's letters, is no relation of a word in the grid and leaves it
 * clean (see `clean`); -1. */
static int32_t first_fit(fill_ctx *f, const int32_t *list, int32_t first, int32_t n,
                         int32_t from)
{
    const ws_words lex = ws_lexicon_words(f->p->lexicon);
    for (int32_t j = 0; j < n; j++) {
        const int32_t at = from + j < n ? from + j : from + j - n;
        const int32_t w = list ? list[at] : first + at;
        if (matches(f, lex.letters + lex.offsets[w]) && !excluded(f, w) &&
            clean(f, lex.letters + lex.offsets[w]))
            return w;
    }
    return -1;
}

/* Where the entries of list[lo .. n) below `bound` end (the list is increasing). */
static int32_t entries_below(const int32_t *list, int32_t lo, int32_t n, int32_t bound)
{
    while (lo < n) {
        const int32_t mid = lo + (n - lo) / 2;
        if (list[mid] < bound)
            lo = mid + 1;
        else
            n = mid;
    }
    return lo;
}

/* A word of `len` letters for the segment read last: the lexicon's tiers in
 * order, each tier's candidates searched from a random place on, so that a word
 * of a lower tier that fits is always taken before one of a higher tier; -1 when
 * none fits (no draw for a tier with no candidates). With one tier this is one
 * draw over all the candidates. */
static int32_t pick_word(fill_ctx *f, int32_t len)
{
    const int32_t *list;
    int32_t first;
    const int32_t n = candidates(f, len, &list, &first);
    for (int32_t tier = 0, lo = 0; tier < WS_LEXICON_TIERS && lo < n; tier++) {
        const int32_t bound = ws_lexicon_tier_end(f->p->lexicon, len, tier);
        const int32_t hi = list ? entries_below(list, lo, n, bound) : bound - first;
        if (hi > lo) {
            const int32_t w = first_fit(f, list ? list + lo : NULL, first + lo, hi - lo,
                                        (int32_t)ws_rng_below(&f->rng, (uint64_t)(hi - lo)));
            if (w >= 0)
                return w;
        }
        lo = hi;
    }
    return -1;
}

/* Places lexicon word w on the segment read last. A word covers at least one
 * empty cell, so a round adds at most as many words as the grid has empty cells:
 * the arrays and the set of words have room for them (see ws_message_fill), and
 * adding cannot fail. */
static void place(fill_ctx *f, int32_t w, int32_t start, int dir, int32_t len)
{
    const ws_words lex = ws_lexicon_words(f->p->lexicon);
    const uint8_t *word = lex.letters + lex.offsets[w];
    assert(f->open >= 1 && f->open <= f->empties - f->p->holes);
    const ws_status added = ws_through_add(f->through, word, len);
    assert(added == WS_OK);
    (void)added;
    for (int32_t k = 0; k < len; k++)
        f->grid[f->cells[k]] = word[k];
    link_word(f, start, dir, len);
    f->empties -= f->open;
    f->threes += len == WS_LEXICON_MIN_LEN;
    f->words[f->count] = w;
    f->starts[f->count] = start;
    f->dirs_out[f->count] = (uint8_t)dir;
    f->count++;
}

/* The first cells a segment of `len` in `dir` may start from: rows lo[0]..hi[0],
 * columns lo[1]..hi[1]; 0 when it does not fit. */
static int start_range(const fill_ctx *f, int dir, int32_t len, int32_t lo[2], int32_t hi[2])
{
    const int32_t reach = len - 1;
    lo[0] = WS_DROW[dir] < 0 ? reach : 0;
    hi[0] = f->rows - 1 - (WS_DROW[dir] > 0 ? reach : 0);
    lo[1] = WS_DCOL[dir] < 0 ? reach : 0;
    hi[1] = f->cols - 1 - (WS_DCOL[dir] > 0 ? reach : 0);
    return lo[0] <= hi[0] && lo[1] <= hi[1];
}

/* One try of a word of `len` letters: a direction, then a start from which the
 * word stays inside the grid; placed if a word fits there. */
static int try_place(fill_ctx *f, int32_t len)
{
    const int dir = f->dirs[ws_rng_below(&f->rng, (uint64_t)f->ndirs)];
    int32_t lo[2], hi[2];
    if (!start_range(f, dir, len, lo, hi))
        return 0;
    const int32_t r = lo[0] + (int32_t)ws_rng_below(&f->rng, (uint64_t)(hi[0] - lo[0] + 1));
    const int32_t c = lo[1] + (int32_t)ws_rng_below(&f->rng, (uint64_t)(hi[1] - lo[1] + 1));
    const int32_t start = r * f->cols + c;
    if (!segment(f, start, dir, len) || f->open == 0 || f->empties - f->open < f->p->holes)
        return 0;
    const int32_t w = pick_word(f, len);
    if (w < 0)
        return 0;
    place(f, w, start, dir, len);
    return 1;
}

/* Every segment covering exactly the cells missing, from a random one on, until
 * a word fits one: 1 when placed. */
static int finish(fill_ctx *f)
{
    const int32_t missing = f->empties - f->p->holes;
    const int32_t nlen = f->longest - WS_LEXICON_MIN_LEN + 1;
    if (nlen < 1)
        return 0;
    const int64_t total = (int64_t)nlen * f->ndirs * f->ncells;
    const int64_t from = (int64_t)ws_rng_below(&f->rng, (uint64_t)total);
    for (int64_t j = 0; j < total; j++) {
        int64_t at = from + j < total ? from + j : from + j - total;
        const int32_t len = WS_LEXICON_MIN_LEN + (int32_t)(at % nlen);
        at /= nlen;
        const int dir = f->dirs[at % f->ndirs];
        const int32_t start = (int32_t)(at / f->ndirs);
        if (len < missing || (len == WS_LEXICON_MIN_LEN && f->threes >= f->quota))
            continue;
        if (!ws_run_on_grid(start / f->cols, start % f->cols, dir, len, f->rows, f->cols))
            continue;
        if (!segment(f, start, dir, len) || f->open != missing)
            continue;
        const int32_t w = pick_word(f, len);
        if (w >= 0) {
            place(f, w, start, dir, len);
            return 1;
        }
    }
    return 0;
}

/* Whether no try can place a word any more: no segment of a length that can be
 * drawn (three letters only while the ration lasts) covers 1 to `missing` empty
 * cells with a word that fits. Then the round can only fail, and ends at once:
 * this saves the time of the attempts left and changes no output. */
static int stuck(fill_ctx *f)
{
    const int32_t missing = f->empties - f->p->holes;
    const int32_t drawn = ws_min32(f->longest, LENGTH_FIRST + LENGTH_COUNT - 1);
    const int32_t shortest = WS_LEXICON_MIN_LEN + (f->threes >= f->quota);
    for (int32_t len = shortest; len <= drawn; len++)
        for (int32_t i = 0; i < f->ndirs; i++) {
            int32_t lo[2], hi[2];
            if (!start_range(f, f->dirs[i], len, lo, hi))
                continue;
            for (int32_t r = lo[0]; r <= hi[0]; r++)
                for (int32_t c = lo[1]; c <= hi[1]; c++) {
                    if (!segment(f, r * f->cols + c, f->dirs[i], len) || f->open == 0 ||
                        f->open > missing)
                        continue;
                    const int32_t *list;
                    int32_t first;
                    const int32_t n = candidates(f, len, &list, &first);
                    if (n > 0 && first_fit(f, list, first, n, 0) >= 0)
                        return 0;
                }
        }
    return 1;
}

/* One round: words drawn until exactly `holes` cells are empty or the attempts
 * run out. Once WS_MESSAGE_ENDGAME cells or fewer are missing, every segment that
 * covers exactly the missing cells is searched first (once for each number of
 * empty cells): this is the article's "force the exact missing length" widened to
 * every length, a word of the missing length over free cells among them. After
 * WS_MESSAGE_IDLE attempts in a row that placed nothing, the round looks whether
 * it is stuck (once for each number of empty cells). */
static void round_fill(fill_ctx *f)
{
    int32_t searched_at = -1; /* the empty count `finish` last failed at */
    int32_t checked_at = -1;  /* the empty count `stuck` last said no at */
    int32_t idle = 0, before = f->empties;
    for (int32_t attempt = 0; attempt < WS_MESSAGE_ATTEMPTS && f->empties > f->p->holes;
         attempt++) {
        if (f->empties != before) {
            before = f->empties;
            idle = 0;
        } else if (++idle >= WS_MESSAGE_IDLE && checked_at != f->empties) {
            if (stuck(f))
                return;
            checked_at = f->empties;
        }
        if (f->empties - f->p->holes <= WS_MESSAGE_ENDGAME && searched_at != f->empties) {
            if (finish(f))
                return;
            searched_at = f->empties;
        }
        const int32_t len = ws_min32(draw_length(f), f->longest);
        if (len < WS_LEXICON_MIN_LEN || (len == WS_LEXICON_MIN_LEN && f->threes >= f->quota))
            continue;
        int32_t n;
        ws_lexicon_group(f->p->lexicon, len, &n);
        if (n == 0)
            continue;
        for (int32_t t = 0; t < WS_MESSAGE_TRIES; t++)
            if (try_place(f, len))
                break;
    }
    assert(f->empties >= f->p->holes);
}

/* Whether a word list is well formed: no words, or letters and offsets to read them. */
static int list_ok(const ws_words *words)
{
    return words->count == 0 || (words->count > 0 && words->letters && words->offsets);
}

static int output_ok(const ws_message_output *out)
{
    return out->grid && out->capacity >= 0 &&
           (out->capacity == 0 || (out->words && out->starts && out->dirs));
}

/* Whether the pointers, sizes and numbers alone keep the preconditions. */
static int shape_ok(const ws_message_params *p, const ws_message_output *out)
{
    if (!p || !out || !p->grid || !p->lexicon || !output_ok(out))
        return 0;
    if (!ws_grid_size_ok(p->rows, p->cols) || (p->dir_mask & WS_ALL_DIRS) == 0 ||
        p->holes < 0 || p->first_round < 0)
        return 0;
    return list_ok(&p->listed) && list_ok(&p->blocked) &&
           (p->listed.count == 0 || (p->placed.starts && p->placed.dirs));
}

/* Whether a word has 1 to WS_MAX_WORD letters, none of them a reserved code. */
static int word_ok(const uint8_t *word, int32_t len)
{
    if (len < 1 || len > WS_MAX_WORD)
        return 0;
    for (int32_t k = 0; k < len; k++)
        if (word[k] == WS_EMPTY || word[k] == WS_BLOCKED)
            return 0;
    return 1;
}

/* Whether the caller's word i reads where it is placed, inside the grid. */
static int placed_ok(const ws_message_params *p, int32_t i)
{
    const ws_words *own = &p->listed;
    const uint8_t *word = own->letters + own->offsets[i];
    const int32_t len = own->offsets[i + 1] - own->offsets[i];
    const int32_t start = p->placed.starts[i];
    const int dir = p->placed.dirs[i];
    if (!word_ok(word, len) || dir >= WS_NDIRS || start < 0 || start >= p->rows * p->cols)
        return 0;
    if (!ws_run_on_grid(start / p->cols, start % p->cols, dir, len, p->rows, p->cols))
        return 0;
    const int32_t step = WS_DROW[dir] * p->cols + WS_DCOL[dir];
    for (int32_t k = 0; k < len; k++)
        if (p->grid[start + k * step] != word[k])
            return 0;
    return 1;
}

/* WS_OK when the arguments keep ws_message_fill's preconditions; counts the
 * grid's empty cells. */
static ws_status check(const ws_message_params *p, const ws_message_output *out,
                       int32_t *empties)
{
    if (!shape_ok(p, out))
        return WS_BAD_ARGUMENT;
    *empties = 0;
    for (int32_t i = 0; i < p->rows * p->cols; i++)
        *empties += p->grid[i] == WS_EMPTY;
    if (p->holes > *empties)
        return WS_BAD_ARGUMENT;
    for (int32_t i = 0; i < p->blocked.count; i++)
        if (!word_ok(p->blocked.letters + p->blocked.offsets[i],
                     p->blocked.offsets[i + 1] - p->blocked.offsets[i]))
            return WS_BAD_ARGUMENT;
    for (int32_t i = 0; i < p->listed.count; i++)
        if (!placed_ok(p, i))
            return WS_BAD_ARGUMENT;
    return WS_OK;
}

/* Letters of every word of a list. */
static int32_t letters_of(const ws_words *words)
{
    return words->count > 0 ? words->offsets[words->count] - words->offsets[0] : 0;
}

/* Adds a list's words to the grid's words (the set has room for them). */
static void add_words(fill_ctx *f, const ws_words *words)
{
    for (int32_t i = 0; i < words->count; i++) {
        const ws_status added = ws_through_add(f->through, words->letters + words->offsets[i],
                                               words->offsets[i + 1] - words->offsets[i]);
        assert(added == WS_OK);
        (void)added;
    }
}

/* Readies the fill of a grid with `empties` empty cells: its directions and
 * lengths, and memory for every word a round can add (one an empty cell at
 * most). WS_NO_MEMORY leaves what it took for fill_close. */
static ws_status fill_open(fill_ctx *f, const ws_message_params *p, int32_t empties)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->rows = p->rows;
    f->cols = p->cols;
    f->ncells = p->rows * p->cols;
    for (int d = 0; d < WS_NDIRS; d++)
        if ((p->dir_mask >> d) & 1u)
            f->dirs[f->ndirs++] = d;
    const int32_t lexicon_longest = ws_lexicon_longest(p->lexicon);
    f->longest = ws_min32(ws_max32(p->rows, p->cols), lexicon_longest);
    const size_t most = (size_t)empties + 1;
    f->through = ws_through_new((int32_t)WS_MAX_LETTER,
                                p->listed.count + p->blocked.count + empties,
                                letters_of(&p->listed) + letters_of(&p->blocked) +
                                    empties * lexicon_longest);
    f->grid = malloc((size_t)f->ncells);
    f->links = malloc((size_t)f->ncells);
    f->words = malloc(most * sizeof *f->words);
    f->starts = malloc(most * sizeof *f->starts);
    f->dirs_out = malloc(most);
    if (!f->grid || !f->links || !f->words || !f->starts || !f->dirs_out || !f->through)
        return WS_NO_MEMORY;
    add_words(f, &p->listed);
    add_words(f, &p->blocked);
    f->base = ws_through_count(f->through);
    return WS_OK;
}

static void fill_close(fill_ctx *f)
{
    ws_through_free(f->through);
    free(f->grid);
    free(f->links);
    free(f->words);
    free(f->starts);
    free(f->dirs_out);
}

/* Starts round `round` again from the caller's grid and words. */
static void round_start(fill_ctx *f, int32_t round, int32_t empties)
{
    const ws_message_params *p = f->p;
    memcpy(f->grid, p->grid, (size_t)f->ncells);
    memset(f->links, 0, (size_t)f->ncells);
    for (int32_t i = 0; i < p->listed.count; i++)
        link_word(f, p->placed.starts[i], p->placed.dirs[i],
                  p->listed.offsets[i + 1] - p->listed.offsets[i]);
    f->empties = empties;
    f->threes = 0;
    f->quota = round / WS_MESSAGE_THREE_EVERY;
    f->count = 0;
    ws_through_truncate(f->through, f->base);
    ws_rng_seed(&f->rng, p->seed ^ ws_mix64((uint64_t)round));
}

/* Writes the round that left exactly the holes empty: WS_OK, or WS_NO_CAPACITY
 * when its words do not fit the caller's arrays. */
static ws_status round_output(const fill_ctx *f, int32_t round, ws_message_output *out)
{
    if (f->count > out->capacity)
        return WS_NO_CAPACITY;
    memcpy(out->grid, f->grid, (size_t)f->ncells);
    if (f->count > 0) {
        memcpy(out->words, f->words, (size_t)f->count * sizeof *f->words);
        memcpy(out->starts, f->starts, (size_t)f->count * sizeof *f->starts);
        memcpy(out->dirs, f->dirs_out, (size_t)f->count);
    }
    out->count = f->count;
    out->round = round;
    return WS_OK;
}

ws_status ws_message_fill(const ws_message_params *p, ws_message_output *out)
{
    int32_t empties = 0;
    const ws_status status = check(p, out, &empties);
    if (status != WS_OK)
        return status;
    out->count = 0;
    out->round = WS_MESSAGE_ROUNDS;
    fill_ctx f;
    ws_status result = fill_open(&f, p, empties) == WS_OK ? WS_NO_MESSAGE : WS_NO_MEMORY;
    for (int32_t round = p->first_round; result == WS_NO_MESSAGE && round < WS_MESSAGE_ROUNDS;
         round++) {
        round_start(&f, round, empties);
        round_fill(&f);
        if (f.empties == p->holes)
            result = round_output(&f, round, out);
    }
    fill_close(&f);
    return result;
}
