/* A self-test of the C core without Python, built by scripts/sanitize.sh under
 * AddressSanitizer + UndefinedBehaviorSanitizer and under ThreadSanitizer.
 *
 *   ws_selftest [--reference FILE] [--sweep N] [--self-check-fail]
 *
 * It runs
 *   (a) the cases of FILE (written by scripts/export_reference_cases.py from
 *       tests/reference.py, with each word's containers): each packed on 1, 2
 *       and 3 threads with those containers must give the reference's status,
 *       stuck word, grids, starts and directions exactly;
 *   (b) a sweep of N random packs (grids up to 15x15, up to eleven words, some
 *       from 2-3 letters or with a run cut from another word, beams 1..512,
 *       some scattered words), each word's containers found here by a plain
 *       substring check: 1, 2 and 3 threads and a call without a workspace
 *       must give identical outputs;
 *   every puzzle of (a) and (b) must keep the rules and read each word exactly
 *   once where it was placed, by the inside rule (readings on a container's
 *   placement left out), as the library counts (ws_last_not_once, ws_scan_words)
 *   and as this driver counts by brute force;
 *   (c) one workspace reused across packs that grow and shrink, each checked
 *       against the same pack without one;
 *   (d) BLOCK_CASES blocklists (up to BLOCK_WORDS words over 2-4 letters, some
 *       palindromes, some repeated or reversed) scanned for in random grids with
 *       empty and outside cells: ws_blocklist_scan must report exactly the
 *       readings a brute force over every cell and direction finds, each once,
 *       and ws_blocklist_may_read_window must turn away no line a word reads on;
 *   (e) BLOCKED_PACKS packs with a blocklist of short words: on 1 and 2 threads
 *       the same output, and either every finished puzzle is free of blocked
 *       words outside its placements (by brute force) or none is (the fallback
 *       when no puzzle of the pool is); a pack given up (WS_ALL_BLOCKED, never
 *       when pruning) names a blocked word, and packed again without the
 *       blocklist, which searches alike, has no finished puzzle free of them;
 *   (f) SOLVE_CASES dictionaries (up to SOLVE_WORDS words of 1-6 letters over 2-4
 *       letters, some palindromes, some listed twice) built into a trie and
 *       searched in random grids with empty and outside cells: ws_dict_find must
 *       give each word's first listing and nothing for other letters,
 *       ws_solve_lines exactly the straight readings and ws_solve_paths exactly
 *       the free paths that a plain brute force finds (each word on its own, cell
 *       by cell), each once, with every min_length from 1 to 4; too small an
 *       output must say so with the same totals, and a spent budget must stop.
 *       Some of these tries have the table of four-letter prefixes and some do
 *       not (the walk differs): both must be among the cases. ws_dict_ranks must
 *       give each word's place among the words sorted by their codes;
 *   (g) MESSAGE_CASES hidden-message fills (ws_message.h) on random grids up to
 *       12x12 with outside cells, a few words of the caller's placed first, small
 *       lexicons over 2-6 letters and any number of holes: each result replayed
 *       word by word on the caller's grid by brute force (directions, shape,
 *       letters agreeing, an empty cell covered, at most one cell shared with any
 *       word, no word related to another by containment either way, three-letter
 *       words within the round's ration, exactly `holes` empty cells left, no
 *       word read twice and no blocked word read over a cell the fill wrote), the
 *       same again from its own round, and the next round later or none;
 *   (h) GROUP_CASES groupings of random readings (ws_group.h), by word or by a
 *       key of each word, with as few keys as make no radix pass and as many as
 *       make four: the order must be the one a plain stable insertion sort
 *       gives; and the direction of straight paths in every direction, of paths
 *       that turn and of single cells must be the one each path takes, or none.
 * --self-check-fail corrupts one expected grid and one output on purpose, to
 * show that the checks catch a mismatch. Exits 1 on any mismatch.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ws_block.h"
#include "ws_dict.h"
#include "ws_dict_internal.h"
#include "ws_grid.h"
#include "ws_group.h"
#include "ws_lexicon.h"
#include "ws_message.h"
#include "ws_pack.h"
#include "ws_rng.h"
#include "ws_solve.h"

#define MAX_SIDE 16
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_WORDS 16
#define MAX_LEN 16
#define MAX_CAPACITY 8
#define MAX_CONTAINERS (MAX_WORDS * (MAX_WORDS - 1))
#define REFERENCE_VERSION 2
#define THREAD_COUNTS 3
#define DEFAULT_SWEEP 300
#define SWEEP_SEED 0x5EEDC0DEu
#define SWEEP_WORDS 10
/* One sweep case in SMALL_ALPHABET_ONE_IN draws from 2-3 letters, so that words
 * often lie inside others; one in RUN_ONE_IN gets a run cut from one of its words. */
#define SMALL_ALPHABET_ONE_IN 3
#define RUN_ONE_IN 3

typedef struct {
    int32_t rows, cols;
    uint8_t cells[MAX_CELLS];
    int32_t nwords;
    uint8_t letters[MAX_WORDS * MAX_LEN];
    int32_t offsets[MAX_WORDS + 1];
    uint32_t dir_mask;
    int32_t beam;
    uint64_t seed;
    int32_t capacity;
    const ws_blocklist *blocked; /* NULL but in sweep (e) */
    int32_t prune_blocked;       /* in sweep (e), every other run */
    int32_t give_up_blocked;     /* in sweep (e), in the others */
    int32_t scattered;
    int32_t regions[4 * MAX_WORDS];
    /* Which words lie inside which (ws_inside): word w's containers are
     * inside_words[inside_offsets[w] .. inside_offsets[w+1]). With has_inside 0
     * the packer is given none (offsets NULL). */
    int has_inside;
    int32_t inside_offsets[MAX_WORDS + 1];
    int32_t inside_words[MAX_CONTAINERS];
} pack_case;

typedef struct {
    ws_status status;
    int32_t count, stuck_word;
    uint8_t grids[MAX_CAPACITY * MAX_CELLS];
    int32_t starts[MAX_CAPACITY * MAX_WORDS];
    uint8_t dirs[MAX_CAPACITY * MAX_WORDS];
} result;

/* Of the cases run, how many hold a word inside another, and how many of those
 * packed. */
typedef struct {
    int32_t nested, nested_packed;
} nesting;

static int failures;

static void fail(const char *what, int32_t index, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "MISMATCH %s case %d: ", what, index);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    failures++;
}

static void run(const pack_case *pc, int32_t threads, ws_workspace *ws, result *out)
{
    const ws_pack_params params = {
        .rows = pc->rows, .cols = pc->cols, .cells = pc->cells,
        .words = {.count = pc->nwords, .letters = pc->letters, .offsets = pc->offsets},
        .dir_mask = pc->dir_mask, .beam = pc->beam, .seed = pc->seed, .threads = threads,
        .scattered = pc->scattered, .regions = pc->scattered > 0 ? pc->regions : NULL,
        .inside = {.offsets = pc->has_inside ? pc->inside_offsets : NULL,
                   .words = pc->has_inside ? pc->inside_words : NULL},
        .blocked = pc->blocked,
        .prune_blocked = pc->prune_blocked,
        .give_up_blocked = pc->give_up_blocked,
    };
    memset(out, 0, sizeof *out);
    ws_pack_output o = {.capacity = pc->capacity, .grids = out->grids, .starts = out->starts,
                        .dirs = out->dirs};
    out->status = ws_pack(&params, ws, &o);
    out->count = o.count;
    out->stuck_word = o.stuck_word;
}

/* Returns 0 when equal, else describes the first difference. */
static int differ(const pack_case *pc, const result *a, const result *b, char *why, size_t n)
{
    if (a->status != b->status) {
        snprintf(why, n, "status %d vs %d", a->status, b->status);
        return 1;
    }
    if ((a->status == WS_NO_ROOM || a->status == WS_ALL_BLOCKED) &&
        a->stuck_word != b->stuck_word) {
        snprintf(why, n, "stuck word %d vs %d", a->stuck_word, b->stuck_word);
        return 1;
    }
    if (a->status != WS_OK)
        return 0;
    if (a->count != b->count) {
        snprintf(why, n, "count %d vs %d", a->count, b->count);
        return 1;
    }
    const size_t cells = (size_t)pc->rows * (size_t)pc->cols, words = (size_t)pc->nwords;
    for (int32_t k = 0; k < a->count; k++) {
        if (memcmp(a->grids + k * cells, b->grids + k * cells, cells) != 0 ||
            memcmp(a->starts + k * words, b->starts + k * words, words * sizeof(int32_t)) != 0 ||
            memcmp(a->dirs + k * words, b->dirs + k * words, words) != 0) {
            snprintf(why, n, "puzzle %d differs", k);
            return 1;
        }
    }
    return 0;
}

static int32_t word_len(const pack_case *pc, int32_t w)
{
    return pc->offsets[w + 1] - pc->offsets[w];
}

/* Whether some word of the case lies inside another. */
static int nested(const pack_case *pc)
{
    return pc->has_inside && pc->inside_offsets[pc->nwords] > 0;
}

static void count_nesting(nesting *n, const pack_case *pc, ws_status status)
{
    if (nested(pc)) {
        n->nested++;
        n->nested_packed += status == WS_OK;
    }
}

static int is_palindrome(const uint8_t *word, int32_t len)
{
    for (int32_t i = 0, j = len - 1; i < j; i++, j--)
        if (word[i] != word[j])
            return 0;
    return 1;
}

#define COVER_WORDS (MAX_CELLS / 64)

/* Whether cell `at` is among the cells marked in `bits`. */
static int covered(const uint64_t bits[COVER_WORDS], int32_t at)
{
    return (int)(bits[at / 64] >> (at % 64) & 1u);
}

/* The driver's own count of word w's readings in grid g that count by the inside
 * rule, without the library's scan: every start cell and direction is tried
 * letter by letter; a palindrome's reading is counted once, from its lower end
 * cell; a reading with both ends on the cells of one of w's containers
 * (covers[v], that word's placement) is left out, for a straight reading whose
 * two ends lie on a straight placement lies along it. The ends of the last
 * reading counted go to *first and *last. */
static int32_t brute_count(const pack_case *pc, const uint8_t *g, int32_t w,
                           const uint64_t covers[][COVER_WORDS], int32_t *first, int32_t *last)
{
    const int32_t rows = pc->rows, cols = pc->cols, len = word_len(pc, w);
    const uint8_t *word = pc->letters + pc->offsets[w];
    const int palindrome = is_palindrome(word, len);
    int32_t count = 0;
    for (int32_t r = 0; r < rows; r++)
        for (int32_t c = 0; c < cols; c++)
            for (int32_t d = 0; d < WS_NDIRS; d++) {
                const int32_t er = r + (len - 1) * WS_DROW[d], ec = c + (len - 1) * WS_DCOL[d];
                if (er < 0 || er >= rows || ec < 0 || ec >= cols)
                    continue;
                int reads = 1;
                for (int32_t j = 0; j < len && reads; j++)
                    reads = g[(r + j * WS_DROW[d]) * cols + c + j * WS_DCOL[d]] == word[j];
                const int32_t start = r * cols + c, end = er * cols + ec;
                if (!reads || (palindrome && start > end))
                    continue;
                int on_container = 0;
                for (int32_t i = pc->has_inside ? pc->inside_offsets[w] : 0;
                     pc->has_inside && i < pc->inside_offsets[w + 1]; i++) {
                    const int32_t v = pc->inside_words[i];
                    on_container |= covered(covers[v], start) && covered(covers[v], end);
                }
                if (on_container)
                    continue;
                count++;
                *first = start;
                *last = end;
            }
    return count;
}

/* Checks puzzle k of a result against the rules: each word where its start and
 * direction say, inside the grid and the shape, in an allowed direction; no
 * letter where no word lies; two words share at most one cell, a scattered
 * word none with those before it and its middle letter in its region; and each
 * word reads exactly once, where it was placed, by the inside rule (its
 * readings on a container's placement left out), as the library counts
 * (ws_scan_words, ws_last_not_once) and as the driver does (brute_count). */
static void check_puzzle(const char *what, int32_t index, const pack_case *pc, const result *r,
                         int32_t k)
{
    const int32_t rows = pc->rows, cols = pc->cols, ncells = rows * cols;
    const uint8_t *g = r->grids + (size_t)k * (size_t)ncells;
    const int32_t *starts = r->starts + (size_t)k * (size_t)pc->nwords;
    const uint8_t *dirs = r->dirs + (size_t)k * (size_t)pc->nwords;
    uint64_t covers[MAX_WORDS][COVER_WORDS] = {{0}}; /* each word's cells */
    int32_t on_cell[MAX_CELLS] = {0};
    for (int32_t w = 0; w < pc->nwords; w++) {
        const int32_t len = word_len(pc, w), d = dirs[w];
        const uint8_t *word = pc->letters + pc->offsets[w];
        if (d >= WS_NDIRS || !(pc->dir_mask >> d & 1u)) {
            fail(what, index, "puzzle %d word %d runs in direction %d", k, w, d);
            return;
        }
        const int32_t r0 = starts[w] / cols, c0 = starts[w] % cols;
        int32_t shared_before = 0;
        for (int32_t j = 0; j < len; j++) {
            const int32_t rr = r0 + j * WS_DROW[d], cc = c0 + j * WS_DCOL[d];
            if (starts[w] < 0 || rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
                fail(what, index, "puzzle %d word %d leaves the grid", k, w);
                return;
            }
            const int32_t at = rr * cols + cc;
            if (pc->cells[at] == WS_BLOCKED || g[at] != word[j]) {
                fail(what, index, "puzzle %d word %d letter %d is %d", k, w, j, g[at]);
                return;
            }
            if (on_cell[at] > 0)
                shared_before++;
            covers[w][at / 64] |= (uint64_t)1 << (at % 64);
            on_cell[at]++;
        }
        if (w < pc->scattered) {
            const int32_t *region = pc->regions + 4 * w, half = len / 2;
            const int32_t mr = r0 + half * WS_DROW[d], mc = c0 + half * WS_DCOL[d];
            if (shared_before > 0 || mr < region[0] || mr > region[1] || mc < region[2] ||
                mc > region[3])
                fail(what, index, "puzzle %d scattered word %d crosses or strays", k, w);
        }
    }
    for (int32_t i = 0; i < ncells; i++)
        if (on_cell[i] == 0 && g[i] != pc->cells[i])
            fail(what, index, "puzzle %d cell %d holds %d, no word there", k, i, g[i]);
    for (int32_t a = 0; a < pc->nwords; a++)
        for (int32_t b = a + 1; b < pc->nwords; b++) {
            int32_t shared = 0;
            for (int32_t x = 0; x < COVER_WORDS; x++)
                for (uint64_t both = covers[a][x] & covers[b][x]; both; both &= both - 1)
                    shared++;
            if (shared > 1)
                fail(what, index, "puzzle %d words %d and %d share %d cells", k, a, b, shared);
        }
    const ws_words words = {.count = pc->nwords, .letters = pc->letters, .offsets = pc->offsets};
    const ws_inside inside = {.offsets = pc->has_inside ? pc->inside_offsets : NULL,
                              .words = pc->has_inside ? pc->inside_words : NULL};
    const ws_placed placed = {.starts = starts, .dirs = dirs};
    int32_t found_word[MAX_WORDS + 1], found_start[MAX_WORDS + 1], found = 0;
    uint8_t found_dir[MAX_WORDS + 1];
    const ws_status scanned = ws_scan_words(g, rows, cols, &words, &inside, &placed, found_word,
                                            found_start, found_dir, MAX_WORDS + 1, &found);
    if (scanned != WS_OK || found != pc->nwords) {
        fail(what, index, "puzzle %d: the scan finds %d readings of %d words", k, found,
             pc->nwords);
        return;
    }
    int32_t scratch[WS_INDEX_SCRATCH(MAX_CELLS)];
    const int32_t not_once = ws_last_not_once(g, rows, cols, &words, &inside, &placed, scratch);
    if (not_once != -1)
        fail(what, index, "puzzle %d word %d does not read once by the count", k, not_once);
    int32_t seen[MAX_WORDS] = {0};
    for (int32_t n = 0; n < found; n++) {
        const int32_t w = found_word[n], len = word_len(pc, w), d = dirs[w];
        const uint8_t *word = pc->letters + pc->offsets[w];
        seen[w]++;
        const int32_t end = starts[w] + (len - 1) * (WS_DROW[d] * cols + WS_DCOL[d]);
        const int here = found_start[n] == starts[w] && found_dir[n] == d;
        const int reversed = is_palindrome(word, len) && found_start[n] == end &&
                             found_dir[n] == ws_opposite(d);
        if (!here && !reversed)
            fail(what, index, "puzzle %d word %d reads at %d/%d, placed at %d/%d", k, w,
                 found_start[n], found_dir[n], starts[w], d);
    }
    for (int32_t w = 0; w < pc->nwords; w++) {
        if (seen[w] != 1)
            fail(what, index, "puzzle %d word %d found %d times by the scan", k, w, seen[w]);
        const int32_t len = word_len(pc, w), d = dirs[w];
        const int32_t end = starts[w] + (len - 1) * (WS_DROW[d] * cols + WS_DCOL[d]);
        int32_t first = -1, last = -1;
        const int32_t brute = brute_count(pc, g, w, (const uint64_t(*)[COVER_WORDS])covers,
                                          &first, &last);
        const int home = (first == starts[w] && last == end) ||
                         (first == end && last == starts[w]);
        if (brute != 1 || !home)
            fail(what, index, "puzzle %d word %d reads %d times by the driver's count%s", k, w,
                 brute, brute == 1 && !home ? ", not where placed" : "");
    }
}

static void check_result(const char *what, int32_t index, const pack_case *pc, const result *r)
{
    if (r->status == WS_OK && (r->count < 1 || r->count > pc->capacity))
        fail(what, index, "%d puzzles for a capacity of %d", r->count, pc->capacity);
    for (int32_t k = 0; r->status == WS_OK && k < r->count && k < pc->capacity; k++)
        check_puzzle(what, index, pc, r, k);
}

/* Packs on 1, 2 and 3 threads with the workspace given, and on one thread
 * without any; all must equal `want` when given, else each other. */
static void check_case(const char *what, int32_t index, const pack_case *pc, ws_workspace *ws,
                       const result *want, int corrupt)
{
    static result got[THREAD_COUNTS + 1];
    char why[128];
    run(pc, 1, NULL, &got[0]);
    for (int32_t t = 1; t <= THREAD_COUNTS; t++)
        run(pc, t, ws, &got[t]);
    if (corrupt && got[THREAD_COUNTS].status == WS_OK)
        got[THREAD_COUNTS].grids[0] ^= 1u;
    const result *base = want ? want : &got[0];
    for (int32_t t = 0; t <= THREAD_COUNTS; t++) {
        if (differ(pc, base, &got[t], why, sizeof why))
            fail(what, index, "%s%s on %d thread(s): %s", want ? "against the reference, " : "",
                 t == 0 ? "without a workspace" : "with a workspace", t == 0 ? 1 : t, why);
    }
    check_result(what, index, pc, &got[1]);
}

/* ---- (a) reference cases ---- */

static int read_i32(FILE *f, int32_t *v)
{
    return fscanf(f, "%" SCNd32, v) == 1;
}

static int read_case(FILE *f, pack_case *pc, result *want)
{
    int32_t mask, nregions, status;
    memset(pc, 0, sizeof *pc);
    memset(want, 0, sizeof *want);
    if (!read_i32(f, &pc->rows) || !read_i32(f, &pc->cols) || !read_i32(f, &mask) ||
        !read_i32(f, &pc->beam) || fscanf(f, "%" SCNu64, &pc->seed) != 1 ||
        !read_i32(f, &pc->capacity) || !read_i32(f, &pc->nwords) || !read_i32(f, &nregions))
        return 0;
    if (pc->rows < 1 || pc->rows > MAX_SIDE || pc->cols < 1 || pc->cols > MAX_SIDE ||
        pc->nwords < 0 || pc->nwords > MAX_WORDS || pc->capacity < 1 ||
        pc->capacity > MAX_CAPACITY || nregions < 0 || nregions > pc->nwords)
        return 0;
    pc->dir_mask = (uint32_t)mask;
    pc->scattered = nregions;
    for (int32_t i = 0; i < pc->rows * pc->cols; i++) {
        int32_t v;
        if (!read_i32(f, &v))
            return 0;
        pc->cells[i] = (uint8_t)v;
    }
    for (int32_t w = 0; w < pc->nwords; w++) {
        int32_t len;
        if (!read_i32(f, &len) || len < 1 || len > MAX_LEN)
            return 0;
        pc->offsets[w + 1] = pc->offsets[w] + len;
        for (int32_t j = 0; j < len; j++) {
            int32_t v;
            if (!read_i32(f, &v))
                return 0;
            pc->letters[pc->offsets[w] + j] = (uint8_t)v;
        }
    }
    for (int32_t i = 0; i < 4 * nregions; i++)
        if (!read_i32(f, &pc->regions[i]))
            return 0;
    pc->has_inside = 1;
    for (int32_t w = 0; w < pc->nwords; w++) {
        int32_t n;
        if (!read_i32(f, &n) || n < 0 || n > pc->nwords - 1)
            return 0;
        pc->inside_offsets[w + 1] = pc->inside_offsets[w] + n;
        for (int32_t i = pc->inside_offsets[w]; i < pc->inside_offsets[w + 1]; i++)
            if (!read_i32(f, &pc->inside_words[i]) || pc->inside_words[i] < 0 ||
                pc->inside_words[i] >= pc->nwords || pc->inside_words[i] == w)
                return 0;
    }
    if (!read_i32(f, &status) || !read_i32(f, &want->stuck_word) || !read_i32(f, &want->count) ||
        want->count < 0 || want->count > pc->capacity)
        return 0;
    want->status = (ws_status)status;
    const int32_t ncells = pc->rows * pc->cols;
    for (int32_t k = 0; k < want->count; k++) {
        for (int32_t i = 0; i < ncells; i++) {
            int32_t v;
            if (!read_i32(f, &v))
                return 0;
            want->grids[k * ncells + i] = (uint8_t)v;
        }
        for (int32_t w = 0; w < pc->nwords; w++)
            if (!read_i32(f, &want->starts[k * pc->nwords + w]))
                return 0;
        for (int32_t w = 0; w < pc->nwords; w++) {
            int32_t v;
            if (!read_i32(f, &v))
                return 0;
            want->dirs[k * pc->nwords + w] = (uint8_t)v;
        }
    }
    return 1;
}

static int reference_cases(const char *path, ws_workspace *ws, int corrupt, nesting *nest)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    int32_t version, count;
    if (fscanf(f, "wsref %" SCNd32 " %" SCNd32, &version, &count) != 2 ||
        version != REFERENCE_VERSION) {
        fprintf(stderr, "%s is not a reference case file of version %d\n", path,
                REFERENCE_VERSION);
        fclose(f);
        return -1;
    }
    static pack_case pc;
    static result want;
    int32_t n = 0, corrupted = 0;
    for (; n < count; n++) {
        if (!read_case(f, &pc, &want)) {
            fprintf(stderr, "%s: case %d is malformed\n", path, n);
            fclose(f);
            return -1;
        }
        if (corrupt && !corrupted && want.status == WS_OK) {
            want.grids[0] ^= 1u;
            corrupted = 1;
        }
        count_nesting(nest, &pc, want.status);
        check_case("reference", n, &pc, ws, &want, 0);
    }
    fclose(f);
    return n;
}

/* ---- (b) the random sweep ---- */

static int32_t below(ws_rng *rng, int32_t bound)
{
    return (int32_t)ws_rng_below(rng, (uint64_t)bound);
}

static int32_t between(ws_rng *rng, int32_t lo, int32_t hi)
{
    return lo + below(rng, hi - lo + 1);
}

/* Whether `a` (of length alen), read forwards or backwards, is a run of the letters
 * of `b`. */
static int lies_in(const uint8_t *a, int32_t alen, const uint8_t *b, int32_t blen)
{
    for (int32_t at = 0; at + alen <= blen; at++) {
        int forwards = 1, backwards = 1;
        for (int32_t j = 0; j < alen; j++) {
            forwards &= b[at + j] == a[j];
            backwards &= b[at + j] == a[alen - 1 - j];
        }
        if (forwards || backwards)
            return 1;
    }
    return 0;
}

/* Each word's containers, found with a plain substring check (the other words
 * it lies in, forwards or backwards, in list order); has_inside when there are
 * any, as the library passes them. */
static void find_containers(pack_case *pc)
{
    pc->inside_offsets[0] = 0;
    for (int32_t i = 0; i < pc->nwords; i++) {
        int32_t n = pc->inside_offsets[i];
        for (int32_t j = 0; j < pc->nwords; j++)
            if (j != i && lies_in(pc->letters + pc->offsets[i], word_len(pc, i),
                                  pc->letters + pc->offsets[j], word_len(pc, j)))
                pc->inside_words[n++] = j;
        pc->inside_offsets[i + 1] = n;
    }
    pc->has_inside = pc->inside_offsets[pc->nwords] > 0;
}

/* A random case no bigger than `side` a side, with a beam up to `most_beam`. */
static void draw_case(ws_rng *rng, pack_case *pc, int32_t side, int32_t most_beam)
{
    memset(pc, 0, sizeof *pc);
    pc->rows = between(rng, 3, side);
    pc->cols = between(rng, 3, side);
    const int32_t ncells = pc->rows * pc->cols;
    const int32_t blocked = below(rng, 3) == 0 ? below(rng, ncells / 5 + 1) : 0;
    for (int32_t i = 0; i < blocked; i++)
        pc->cells[below(rng, ncells)] = WS_BLOCKED;
    const int32_t alphabet = below(rng, SMALL_ALPHABET_ONE_IN) == 0 ? between(rng, 2, 3)
                                                                   : between(rng, 2, 12);
    const int32_t shorter = pc->rows < pc->cols ? pc->rows : pc->cols;
    const int32_t longest = shorter < 8 ? shorter : 8;
    uint8_t drawn[MAX_WORDS][MAX_LEN];
    int32_t lens[MAX_WORDS];
    pc->nwords = between(rng, 1, SWEEP_WORDS);
    for (int32_t w = 0; w < pc->nwords; w++) {
        lens[w] = between(rng, 2, longest);
        for (int32_t j = 0; j < lens[w]; j++)
            drawn[w][j] = (uint8_t)between(rng, 1, alphabet);
    }
    if (below(rng, RUN_ONE_IN) == 0) {
        /* A run of some word's letters, maybe reversed (all of them only reversed),
         * as a word of its own at a random place in the list. */
        const int32_t from = below(rng, pc->nwords), len = between(rng, 2, lens[from]);
        const int32_t at = below(rng, lens[from] - len + 1);
        const int reversed = len == lens[from] || below(rng, 2) == 0;
        uint8_t run[MAX_LEN];
        for (int32_t j = 0; j < len; j++)
            run[j] = drawn[from][reversed ? at + len - 1 - j : at + j];
        const int32_t to = below(rng, pc->nwords + 1);
        for (int32_t w = pc->nwords; w > to; w--) {
            memcpy(drawn[w], drawn[w - 1], (size_t)lens[w - 1]);
            lens[w] = lens[w - 1];
        }
        memcpy(drawn[to], run, (size_t)len);
        lens[to] = len;
        pc->nwords++;
    }
    for (int32_t w = 0; w < pc->nwords; w++) {
        pc->offsets[w + 1] = pc->offsets[w] + lens[w];
        memcpy(pc->letters + pc->offsets[w], drawn[w], (size_t)lens[w]);
    }
    find_containers(pc);
    pc->dir_mask = below(rng, 2) == 0 ? WS_ALL_DIRS : (uint32_t)between(rng, 1, WS_ALL_DIRS);
    /* Beams spread over 1..most_beam on a log scale. */
    int32_t bits = 0;
    while ((1 << (bits + 1)) <= most_beam)
        bits++;
    pc->beam = between(rng, 1, 1 << below(rng, bits + 1));
    pc->seed = ws_rng_next(rng);
    pc->capacity = between(rng, 1, MAX_CAPACITY);
    pc->scattered = below(rng, 4) == 0 ? below(rng, (pc->nwords < 3 ? pc->nwords : 3) + 1) : 0;
    for (int32_t w = 0; w < pc->scattered; w++) {
        int32_t r0 = below(rng, pc->rows), r1 = below(rng, pc->rows);
        int32_t c0 = below(rng, pc->cols), c1 = below(rng, pc->cols);
        pc->regions[4 * w] = r0 < r1 ? r0 : r1;
        pc->regions[4 * w + 1] = r0 < r1 ? r1 : r0;
        pc->regions[4 * w + 2] = c0 < c1 ? c0 : c1;
        pc->regions[4 * w + 3] = c0 < c1 ? c1 : c0;
    }
}

static int32_t sweep(int32_t n, ws_workspace *ws, int corrupt, int32_t outcomes[6],
                     nesting *nest)
{
    ws_rng rng;
    ws_rng_seed(&rng, SWEEP_SEED);
    static pack_case pc;
    static result one;
    int corrupted = 0;
    for (int32_t i = 0; i < n; i++) {
        draw_case(&rng, &pc, 15, 512);
        run(&pc, 1, NULL, &one);
        outcomes[one.status]++;
        count_nesting(nest, &pc, one.status);
        const int corrupt_now = corrupt && !corrupted && one.status == WS_OK;
        corrupted |= corrupt_now;
        check_case("sweep", i, &pc, ws, NULL, corrupt_now);
    }
    return n;
}

/* ---- (c) one workspace across packs that grow and shrink ---- */

static int32_t reuse(ws_workspace *ws)
{
    static const int32_t sizes[][2] = {/* side, beam */
                                       {15, 512}, {3, 1}, {10, 64}, {15, 512}, {6, 300},
                                       {4, 2}, {12, 512}, {15, 16}};
    const int32_t n = (int32_t)(sizeof sizes / sizeof sizes[0]);
    ws_rng rng;
    ws_rng_seed(&rng, SWEEP_SEED + 1);
    static pack_case pc;
    for (int32_t i = 0; i < n; i++) {
        do
            draw_case(&rng, &pc, sizes[i][0], sizes[i][1]);
        while (pc.rows != sizes[i][0] && pc.cols != sizes[i][0]);
        pc.beam = sizes[i][1];
        check_case("reuse", i, &pc, ws, NULL, 0);
    }
    return n;
}

/* The documented preconditions are refused, not acted on. */
static void bad_arguments(void)
{
    static pack_case pc;
    static result r;
    memset(&pc, 0, sizeof pc);
    pc.rows = pc.cols = 3;
    pc.nwords = 1;
    pc.offsets[1] = 2;
    pc.letters[0] = pc.letters[1] = 1;
    pc.dir_mask = WS_ALL_DIRS;
    pc.beam = 4;
    pc.capacity = 1;
    const int32_t threads[] = {0, WS_MAX_THREADS + 1};
    for (int32_t k = 0; k < 2; k++) {
        run(&pc, threads[k], NULL, &r);
        if (r.status != WS_BAD_ARGUMENT)
            fail("arguments", k, "%d threads give status %d", threads[k], r.status);
    }
    pc.beam = 0;
    run(&pc, 1, NULL, &r);
    if (r.status != WS_BAD_ARGUMENT)
        fail("arguments", 2, "beam 0 gives status %d", r.status);
}

#define BLOCK_CASES 400
#define BLOCK_WORDS 12
#define BLOCK_MAX_LEN 5
#define BLOCK_FOUND (MAX_CELLS * WS_NDIRS * BLOCK_WORDS)

/* Whether word (len letters) reads from cell (r, c) in direction dir. */
static int block_reads(const uint8_t *g, int32_t rows, int32_t cols, int32_t r, int32_t c,
                       int dir, const uint8_t *word, int32_t len)
{
    for (int32_t k = 0; k < len; k++) {
        const int32_t y = r + k * WS_DROW[dir], x = c + k * WS_DCOL[dir];
        if (y < 0 || y >= rows || x < 0 || x >= cols || g[y * cols + x] != word[k])
            return 0;
    }
    return 1;
}

/* Whether word w of `words` reads through cell (r, c) along dir's line, either way. */
static int reads_through(const ws_words *words, int32_t w, const uint8_t *grid, int32_t rows,
                         int32_t cols, int32_t r, int32_t c, int dir)
{
    const uint8_t *word = words->letters + words->offsets[w];
    const int32_t len = words->offsets[w + 1] - words->offsets[w];
    for (int way = 0; way < 2; way++) {
        const int d = way ? ws_opposite(dir) : dir;
        for (int32_t k = 0; k < len; k++)
            if (block_reads(grid, rows, cols, r - k * WS_DROW[d], c - k * WS_DCOL[d], d, word,
                            len))
                return 1;
    }
    return 0;
}

/* Sweep (d), the filter: where ws_blocklist_may_read_window turns a cell's line
 * away, no word reads through the cell along it (by brute force). Returns the
 * lines it turned away. */
static int32_t through_check(const ws_blocklist *list, const ws_words *words,
                             const uint8_t *grid, int32_t rows, int32_t cols, int32_t n)
{
    int32_t turned_away = 0;
    for (int32_t at = 0; at < rows * cols; at++)
        for (int dir = 0; dir < WS_NDIRS / 2; dir++) {
            ws_line_window window;
            ws_line_window_read(grid, rows, cols, at, dir, &window);
            if (ws_blocklist_may_read_window(list, &window))
                continue;
            turned_away++;
            for (int32_t w = 0; w < words->count; w++)
                if (reads_through(words, w, grid, rows, cols, at / cols, at % cols, dir))
                    fail("blocklist filter", n, "word %d reads through cell %d along %d, "
                         "turned away", w, at, dir);
        }
    return turned_away;
}

/* Sweep (d): every reading found once, and nothing else; the filter never turns
 * away a line a word reads on. */
static int32_t block_sweep(ws_rng *rng, int32_t *turned_away)
{
    *turned_away = 0;
    static uint8_t letters[BLOCK_WORDS * BLOCK_MAX_LEN], grid[MAX_CELLS];
    static int32_t found_word[BLOCK_FOUND], found_start[BLOCK_FOUND];
    static uint8_t found_dir[BLOCK_FOUND], seen[MAX_CELLS * WS_NDIRS * BLOCK_WORDS];
    int32_t total = 0;
    for (int32_t n = 0; n < BLOCK_CASES; n++) {
        const int32_t nletters = between(rng, 2, 4), count = between(rng, 1, BLOCK_WORDS);
        int32_t offsets[BLOCK_WORDS + 1] = {0};
        for (int32_t w = 0; w < count; w++) {
            const int32_t len = between(rng, WS_MIN_BLOCKED, BLOCK_MAX_LEN);
            for (int32_t k = 0; k < len; k++)
                letters[offsets[w] + k] = (uint8_t)between(rng, 1, nletters);
            if (below(rng, 4) == 0) /* a palindrome */
                for (int32_t k = 0; k < len / 2; k++)
                    letters[offsets[w] + len - 1 - k] = letters[offsets[w] + k];
            offsets[w + 1] = offsets[w] + len;
        }
        const int32_t rows = between(rng, 1, MAX_SIDE), cols = between(rng, 1, MAX_SIDE);
        for (int32_t i = 0; i < rows * cols; i++) {
            const int32_t roll = below(rng, 12);
            grid[i] = roll == 0 ? WS_EMPTY : roll == 1 ? WS_BLOCKED
                                                       : (uint8_t)between(rng, 1, nletters);
        }
        const ws_words words = {count, letters, offsets};
        ws_blocklist *list = NULL;
        if (ws_blocklist_build(&words, nletters, &list) != WS_OK) {
            fail("blocklist build", n, "refused a valid list");
            continue;
        }
        int32_t found = 0;
        const ws_status status = ws_blocklist_scan(list, grid, rows, cols, found_word,
                                                   found_start, found_dir, BLOCK_FOUND, &found);
        *turned_away += through_check(list, &words, grid, rows, cols, n);
        ws_blocklist_free(list);
        if (status != WS_OK) {
            fail("blocklist scan", n, "status %d", (int)status);
            continue;
        }
        memset(seen, 0, sizeof seen);
        for (int32_t k = 0; k < found; k++) {
            const int32_t w = found_word[k], at = found_start[k];
            const uint8_t *word = letters + offsets[w];
            const int32_t len = offsets[w + 1] - offsets[w];
            if (!block_reads(grid, rows, cols, at / cols, at % cols, found_dir[k], word, len))
                fail("blocklist scan", n, "word %d does not read at %d dir %d", w, at,
                     found_dir[k]);
            /* A palindrome read backwards is the same reading from its other end. */
            int32_t first = at;
            int dir = found_dir[k];
            if (is_palindrome(word, len) && (dir >= WS_NDIRS / 2 + 2 || dir < 2)) {
                first = at + (len - 1) * (WS_DROW[dir] * cols + WS_DCOL[dir]);
                dir = ws_opposite(dir);
            }
            uint8_t *mark = &seen[((size_t)first * WS_NDIRS + (size_t)dir) * BLOCK_WORDS +
                                  (size_t)w];
            if (*mark)
                fail("blocklist scan", n, "word %d reported twice at %d dir %d", w, at, dir);
            *mark = 1;
        }
        int32_t expected = 0;
        for (int32_t w = 0; w < count; w++) {
            const uint8_t *word = letters + offsets[w];
            const int32_t len = offsets[w + 1] - offsets[w];
            const int palindrome = is_palindrome(word, len);
            for (int32_t at = 0; at < rows * cols; at++)
                for (int dir = 0; dir < WS_NDIRS; dir++) {
                    if (palindrome && (dir >= WS_NDIRS / 2 + 2 || dir < 2))
                        continue; /* counted once, in E, SE or S, SW as the scan walks */
                    if (block_reads(grid, rows, cols, at / cols, at % cols, dir, word, len))
                        expected++;
                }
        }
        if (expected != found)
            fail("blocklist scan", n, "found %d readings, brute force %d", found, expected);
        total += found;
    }
    return total;
}

#define BLOCKED_PACKS 1500

/* Whether finished puzzle k spells blocked word b outside every placement. */
static int spells_outside(const pack_case *pc, const result *r, int32_t k,
                          const uint8_t *word, int32_t len)
{
    const int32_t ncells = pc->rows * pc->cols;
    const uint8_t *g = r->grids + (size_t)k * (size_t)ncells;
    const int32_t *starts = r->starts + (size_t)k * (size_t)pc->nwords;
    const uint8_t *dirs = r->dirs + (size_t)k * (size_t)pc->nwords;
    for (int32_t at = 0; at < ncells; at++)
        for (int dir = 0; dir < WS_NDIRS; dir++) {
            if (!block_reads(g, pc->rows, pc->cols, at / pc->cols, at % pc->cols, dir, word, len))
                continue;
            const int32_t end = at + (len - 1) * (WS_DROW[dir] * pc->cols + WS_DCOL[dir]);
            int own = 0;
            for (int32_t v = 0; v < pc->nwords && !own; v++)
                own = ws_on_segment(at / pc->cols, at % pc->cols, starts[v], dirs[v],
                                    word_len(pc, v), pc->cols) &&
                      ws_on_segment(end / pc->cols, end % pc->cols, starts[v], dirs[v],
                                    word_len(pc, v), pc->cols);
            if (!own)
                return 1;
        }
    return 0;
}

/* How many of r's finished puzzles spell one of the `count` blocked words (letters,
 * offsets) outside their placements, by brute force. */
static int32_t spelling_blocked(const pack_case *pc, const result *r, const uint8_t *letters,
                                const int32_t *offsets, int32_t count)
{
    int32_t dirty = 0;
    for (int32_t k = 0; k < r->count; k++) {
        int spelled = 0;
        for (int32_t b = 0; b < count && !spelled; b++)
            spelled = spells_outside(pc, r, k, letters + offsets[b], offsets[b + 1] - offsets[b]);
        dirty += spelled;
    }
    return dirty;
}

/* A pack given up for blocked words, packed again without them: the search is
 * the same (without pruning, the blocklist only orders the finished puzzles), so
 * none of its finished puzzles may be free of them. */
static void check_given_up(int32_t index, pack_case *pc, const result *r,
                           const uint8_t *letters, const int32_t *offsets, int32_t count)
{
    static result unblocked;
    if (r->stuck_word < 0 || r->stuck_word >= count)
        fail("blocked pack", index, "given up naming blocked word %d of %d", r->stuck_word,
             count);
    const ws_blocklist *list = pc->blocked;
    const int32_t capacity = pc->capacity;
    pc->blocked = NULL;
    pc->capacity = MAX_CAPACITY; /* as many finished puzzles as there is room for */
    run(pc, 1, NULL, &unblocked);
    pc->blocked = list;
    pc->capacity = capacity;
    const int32_t dirty = spelling_blocked(pc, &unblocked, letters, offsets, count);
    if (unblocked.status == WS_OK && dirty < unblocked.count)
        fail("blocked pack", index, "given up, but %d of %d puzzles packed without the "
             "blocklist are free of it", unblocked.count - dirty, unblocked.count);
}

/* Packs with blocked words, each without pruning and with it: clean[0] and
 * clean[1] count those whose every finished puzzle is free of them, *given_up
 * those given up without pruning. */
static void blocked_packs(ws_workspace *ws, int32_t clean[2], int32_t *given_up)
{
    ws_rng rng;
    ws_rng_seed(&rng, SWEEP_SEED + 2);
    static pack_case pc;
    static result one, two;
    clean[0] = clean[1] = *given_up = 0;
    for (int32_t i = 0; i < BLOCKED_PACKS; i++) {
        draw_case(&rng, &pc, 10, 64);
        uint8_t letters[3 * 3];
        int32_t offsets[4] = {0};
        const int32_t count = between(&rng, 1, 3);
        for (int32_t b = 0; b < count; b++) {
            const int32_t len = between(&rng, 2, 3);
            for (int32_t j = 0; j < len; j++) /* letters the words use */
                letters[offsets[b] + j] = pc.letters[below(&rng, pc.offsets[pc.nwords])];
            offsets[b + 1] = offsets[b] + len;
        }
        const ws_words words = {count, letters, offsets};
        ws_blocklist *list = NULL;
        if (ws_blocklist_build(&words, WS_MAX_LETTER, &list) != WS_OK) {
            fail("blocked pack", i, "blocklist refused");
            continue;
        }
        pc.blocked = list;
        for (pc.prune_blocked = 0; pc.prune_blocked <= 1; pc.prune_blocked++) {
            pc.give_up_blocked = !pc.prune_blocked;
            run(&pc, 1, NULL, &one);
            run(&pc, pc.prune_blocked ? 3 : 2, ws, &two);
            char why[160];
            if (differ(&pc, &one, &two, why, sizeof why))
                fail("blocked pack", i, "1 vs %d threads%s: %s", pc.prune_blocked ? 3 : 2,
                     pc.prune_blocked ? ", pruning" : "", why);
            check_result("blocked pack", i, &pc, &one);
            if (one.status == WS_ALL_BLOCKED) {
                if (pc.prune_blocked)
                    fail("blocked pack", i, "given up while pruning");
                check_given_up(i, &pc, &one, letters, offsets, count);
                ++*given_up;
            }
            const int32_t dirty = spelling_blocked(&pc, &one, letters, offsets, count);
            if (dirty != 0 && dirty != one.count)
                fail("blocked pack", i, "%d of %d puzzles spell a blocked word", dirty,
                     one.count);
            clean[pc.prune_blocked] += one.count > 0 && dirty == 0;
        }
        pc.prune_blocked = pc.give_up_blocked = 0;
        pc.blocked = NULL;
        ws_blocklist_free(list);
    }
}

#define SOLVE_CASES 300
#define SOLVE_WORDS 24
#define SOLVE_MAX_LEN 6
#define SOLVE_SIDE 6
#define SOLVE_CELLS (SOLVE_SIDE * SOLVE_SIDE)
#define SOLVE_MIN_LENGTHS 4
/* Room for every path a case can have: 36 cells, words of up to 6 letters over a
 * few letters, 24 words. Kept well above what the sweep meets (it says so). */
#define SOLVE_MAX_PATHS 100000
#define SOLVE_BUDGET 100000000

/* One reading as both sides list it: word, then its cells (straight readings
 * too, so that the two kinds compare alike). */
typedef struct {
    int32_t word, len;
    int32_t cells[SOLVE_MAX_LEN];
} reading;

static int compare_readings(const void *pa, const void *pb)
{
    const reading *a = pa, *b = pb;
    if (a->word != b->word)
        return a->word < b->word ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    for (int32_t i = 0; i < a->len; i++)
        if (a->cells[i] != b->cells[i])
            return a->cells[i] < b->cells[i] ? -1 : 1;
    return 0;
}

/* The first listing of word w's letters: the index the trie keeps. */
static int32_t first_listing(const uint8_t *letters, const int32_t *offsets, int32_t w)
{
    const int32_t len = offsets[w + 1] - offsets[w];
    for (int32_t v = 0; v < w; v++)
        if (offsets[v + 1] - offsets[v] == len &&
            memcmp(letters + offsets[v], letters + offsets[w], (size_t)len) == 0)
            return v;
    return w;
}

/* Words v and w compared as strings of codes: < 0, 0 or > 0. */
static int compare_words(const uint8_t *letters, const int32_t *offsets, int32_t v, int32_t w)
{
    const int32_t lv = offsets[v + 1] - offsets[v], lw = offsets[w + 1] - offsets[w];
    const int c = memcmp(letters + offsets[v], letters + offsets[w], (size_t)(lv < lw ? lv : lw));
    return c != 0 ? c : (lv > lw) - (lv < lw);
}

/* ws_dict_ranks against comparing every pair of words. */
static void check_ranks(const ws_dict *dict, const uint8_t *letters, const int32_t *offsets,
                        int32_t count, int32_t n)
{
    int32_t rank[SOLVE_WORDS];
    if (ws_dict_ranks(dict, rank) != WS_OK) {
        fail("dict ranks", n, "refused");
        return;
    }
    for (int32_t w = 0; w < count; w++) {
        const int first = first_listing(letters, offsets, w) == w;
        if (!first) {
            if (rank[w] != -1)
                fail("dict ranks", n, "word %d listed again has rank %d", w, rank[w]);
            continue;
        }
        int32_t before = 0;
        for (int32_t v = 0; v < count; v++)
            before += first_listing(letters, offsets, v) == v &&
                      compare_words(letters, offsets, v, w) < 0;
        if (rank[w] != before)
            fail("dict ranks", n, "word %d has rank %d, not %d", w, rank[w], before);
    }
}

typedef struct {
    const uint8_t *grid;
    int32_t rows, cols;
    const uint8_t *word;
    int32_t w, len;
    int32_t path[SOLVE_MAX_LEN];
    uint8_t used[SOLVE_CELLS];
    reading *out;
    int32_t n;
} brute_paths;

/* Every path of b->word from path[0..depth-1] on, cell by cell, reported as the
 * library reports them: a palindrome from the end whose cell comes first. */
static void brute_walk(brute_paths *b, int32_t depth)
{
    if (depth == b->len) {
        if (b->len > 1 && b->path[0] > b->path[b->len - 1] && is_palindrome(b->word, b->len))
            return;
        if (b->n < SOLVE_MAX_PATHS) {
            b->out[b->n].word = b->w;
            b->out[b->n].len = b->len;
            memcpy(b->out[b->n].cells, b->path, sizeof(int32_t) * (size_t)b->len);
        }
        b->n++;
        return;
    }
    const int32_t r = b->path[depth - 1] / b->cols, c = b->path[depth - 1] % b->cols;
    for (int dir = 0; dir < WS_NDIRS; dir++) {
        const int32_t y = r + WS_DROW[dir], x = c + WS_DCOL[dir];
        if (y < 0 || y >= b->rows || x < 0 || x >= b->cols)
            continue;
        const int32_t at = y * b->cols + x;
        if (b->used[at] || b->grid[at] != b->word[depth])
            continue;
        b->used[at] = 1;
        b->path[depth] = at;
        brute_walk(b, depth + 1);
        b->used[at] = 0;
    }
}

/* Sorts both lists and says where they first differ. */
static void same_readings(const char *what, int32_t n, reading *got, int64_t ngot,
                          reading *want, int32_t nwant)
{
    if (ngot != nwant) {
        fail(what, n, "found %" PRId64 " readings, brute force %d", ngot, nwant);
        return;
    }
    qsort(got, (size_t)ngot, sizeof *got, compare_readings);
    qsort(want, (size_t)nwant, sizeof *want, compare_readings);
    for (int32_t k = 0; k < nwant; k++)
        if (compare_readings(&got[k], &want[k]) != 0) {
            fail(what, n, "reading %d differs: word %d (%d letters) from cell %d, brute "
                 "force word %d from cell %d", k, got[k].word, got[k].len, got[k].cells[0],
                 want[k].word, want[k].cells[0]);
            return;
        }
}

/* Sweep (e): the trie and both searches against brute force. Returns the readings
 * checked; *most is the most paths one case had, *tabled the cases whose trie
 * has the table of four-letter prefixes. */
static int64_t solve_sweep(ws_rng *rng, int32_t *most, int32_t *tabled)
{
    static uint8_t letters[SOLVE_WORDS * SOLVE_MAX_LEN], grid[SOLVE_CELLS];
    static int32_t out_word[SOLVE_MAX_PATHS], out_start[SOLVE_MAX_PATHS];
    static int32_t out_cells[SOLVE_MAX_PATHS * SOLVE_MAX_LEN];
    static uint8_t out_dir[SOLVE_MAX_PATHS];
    static reading got[SOLVE_MAX_PATHS], want[SOLVE_MAX_PATHS];
    int64_t total = 0;
    *most = *tabled = 0;
    for (int32_t n = 0; n < SOLVE_CASES; n++) {
        const int32_t nletters = between(rng, 2, 4), count = between(rng, 1, SOLVE_WORDS);
        int32_t offsets[SOLVE_WORDS + 1] = {0};
        for (int32_t w = 0; w < count; w++) {
            const int32_t roll = below(rng, 8);
            if (roll == 0 && w > 0) { /* a word listed again */
                const int32_t v = below(rng, w), len = offsets[v + 1] - offsets[v];
                memcpy(letters + offsets[w], letters + offsets[v], (size_t)len);
                offsets[w + 1] = offsets[w] + len;
                continue;
            }
            const int32_t len = between(rng, 1, SOLVE_MAX_LEN);
            for (int32_t k = 0; k < len; k++)
                letters[offsets[w] + k] = (uint8_t)between(rng, 1, nletters);
            if (roll == 1) /* a palindrome */
                for (int32_t k = 0; k < len / 2; k++)
                    letters[offsets[w] + len - 1 - k] = letters[offsets[w] + k];
            offsets[w + 1] = offsets[w] + len;
        }
        const int32_t rows = between(rng, 1, SOLVE_SIDE), cols = between(rng, 1, SOLVE_SIDE);
        for (int32_t i = 0; i < rows * cols; i++) {
            const int32_t roll = below(rng, 12);
            grid[i] = roll == 0 ? WS_EMPTY : roll == 1 ? WS_BLOCKED
                                                       : (uint8_t)between(rng, 1, nletters);
        }
        const ws_words words = {count, letters, offsets};
        ws_dict *dict = NULL;
        if (ws_dict_build(&words, &dict) != WS_OK) {
            fail("dict build", n, "refused a valid list");
            continue;
        }
        *tabled += dict->quad_bits != NULL;
        check_ranks(dict, letters, offsets, count, n);
        for (int32_t w = 0; w < count; w++) {
            const int32_t len = offsets[w + 1] - offsets[w];
            const int32_t want_w = first_listing(letters, offsets, w);
            if (ws_dict_find(dict, letters + offsets[w], len) != want_w)
                fail("dict find", n, "word %d is found as %d, not %d", w,
                     ws_dict_find(dict, letters + offsets[w], len), want_w);
        }
        /* Letters that may or may not be a word: the brute force says which. */
        for (int32_t k = 0; k < 20; k++) {
            uint8_t probe[SOLVE_MAX_LEN];
            const int32_t len = between(rng, 1, SOLVE_MAX_LEN);
            for (int32_t i = 0; i < len; i++)
                probe[i] = (uint8_t)between(rng, 1, nletters + 1);
            int32_t want_w = -1;
            for (int32_t w = 0; w < count && want_w < 0; w++)
                if (offsets[w + 1] - offsets[w] == len &&
                    memcmp(letters + offsets[w], probe, (size_t)len) == 0)
                    want_w = w;
            if (ws_dict_find(dict, probe, len) != want_w)
                fail("dict find", n, "probe %d is found as %d, not %d", k,
                     ws_dict_find(dict, probe, len), want_w);
        }
        /* The count the packer takes its finished puzzles by: the last word
         * whose readings are not one, a palindrome's over the same cells one. */
        int32_t want_not_once = -1;
        for (int32_t w = count - 1; w >= 0 && want_not_once < 0; w--) {
            const int32_t len = offsets[w + 1] - offsets[w];
            const uint8_t *word = letters + offsets[w];
            int32_t readings = 0;
            for (int32_t at = 0; at < rows * cols; at++)
                for (int dir = 0; dir < WS_NDIRS; dir++)
                    readings += !(is_palindrome(word, len) && dir >= WS_NDIRS / 2) &&
                                block_reads(grid, rows, cols, at / cols, at % cols, dir, word,
                                            len);
            if (readings != 1)
                want_not_once = w;
        }
        int32_t scratch[WS_INDEX_SCRATCH(SOLVE_CELLS)];
        const int32_t not_once = ws_last_not_once(grid, rows, cols, &words, NULL, NULL, scratch);
        if (not_once != want_not_once)
            fail("not once", n, "the count names word %d, brute force %d", not_once,
                 want_not_once);
        for (int32_t min_length = 1; min_length <= SOLVE_MIN_LENGTHS; min_length++) {
            /* Straight lines. */
            int32_t nwant = 0;
            for (int32_t w = 0; w < count; w++) {
                const int32_t len = offsets[w + 1] - offsets[w];
                const uint8_t *word = letters + offsets[w];
                if (len < min_length || first_listing(letters, offsets, w) != w)
                    continue;
                for (int32_t at = 0; at < rows * cols; at++)
                    for (int dir = 0; dir < WS_NDIRS; dir++) {
                        if (len == 1 ? dir != 2 : is_palindrome(word, len) && dir >= 4)
                            continue;
                        if (!block_reads(grid, rows, cols, at / cols, at % cols, dir, word, len))
                            continue;
                        want[nwant].word = w;
                        want[nwant].len = len;
                        for (int32_t i = 0; i < len; i++)
                            want[nwant].cells[i] = at + i * (WS_DROW[dir] * cols + WS_DCOL[dir]);
                        nwant++;
                    }
            }
            int32_t found = -1;
            const int32_t small = nwant / 2;
            ws_status status = ws_solve_lines(dict, grid, rows, cols, min_length, out_word,
                                              out_start, out_dir, small, &found);
            if (found != nwant || status != (nwant > small ? WS_NO_CAPACITY : WS_OK))
                fail("solve lines", n, "with room for %d: status %d, %d found, brute force %d",
                     small, (int)status, found, nwant);
            status = ws_solve_lines(dict, grid, rows, cols, min_length, out_word, out_start,
                                    out_dir, SOLVE_MAX_PATHS, &found);
            if (status != WS_OK) {
                fail("solve lines", n, "status %d", (int)status);
                continue;
            }
            for (int32_t k = 0; k < found; k++) {
                const int32_t w = out_word[k], len = offsets[w + 1] - offsets[w];
                got[k].word = w;
                got[k].len = len;
                for (int32_t i = 0; i < len; i++)
                    got[k].cells[i] = out_start[k] + i * (WS_DROW[out_dir[k]] * cols +
                                                          WS_DCOL[out_dir[k]]);
            }
            same_readings("solve lines", n, got, found, want, nwant);
            total += found;

            /* Free paths. */
            static brute_paths b;
            b.grid = grid;
            b.rows = rows;
            b.cols = cols;
            b.out = want;
            b.n = 0;
            memset(b.used, 0, sizeof b.used);
            for (int32_t w = 0; w < count; w++) {
                const int32_t len = offsets[w + 1] - offsets[w];
                if (len < min_length || first_listing(letters, offsets, w) != w)
                    continue;
                b.word = letters + offsets[w];
                b.w = w;
                b.len = len;
                for (int32_t at = 0; at < rows * cols; at++) {
                    if (grid[at] != b.word[0])
                        continue;
                    b.used[at] = 1;
                    b.path[0] = at;
                    brute_walk(&b, 1);
                    b.used[at] = 0;
                }
            }
            if (b.n > SOLVE_MAX_PATHS) {
                fail("solve paths", n, "%d paths: more than the sweep has room for", b.n);
                continue;
            }
            if (b.n > *most)
                *most = b.n;
            int64_t npaths = -1, ncells = -1;
            const int32_t room = b.n / 2;
            status = ws_solve_paths(dict, grid, rows, cols, min_length, SOLVE_BUDGET, out_word,
                                    out_cells, room, (int64_t)room * SOLVE_MAX_LEN, &npaths,
                                    &ncells);
            if (npaths != b.n || status != (b.n > room ? WS_NO_CAPACITY : WS_OK))
                fail("solve paths", n, "with room for %d: status %d, %" PRId64 " found, "
                     "brute force %d", room, (int)status, npaths, b.n);
            status = ws_solve_paths(dict, grid, rows, cols, min_length, SOLVE_BUDGET, out_word,
                                    out_cells, SOLVE_MAX_PATHS,
                                    (int64_t)SOLVE_MAX_PATHS * SOLVE_MAX_LEN, &npaths, &ncells);
            if (status != WS_OK) {
                fail("solve paths", n, "status %d", (int)status);
                continue;
            }
            int64_t at = 0;
            for (int64_t k = 0; k < npaths; k++) {
                const int32_t w = out_word[k], len = offsets[w + 1] - offsets[w];
                got[k].word = w;
                got[k].len = len;
                memcpy(got[k].cells, out_cells + at, sizeof(int32_t) * (size_t)len);
                at += len;
            }
            if (at != ncells)
                fail("solve paths", n, "%" PRId64 " cells said, %" PRId64 " taken", ncells, at);
            same_readings("solve paths", n, got, npaths, want, b.n);
            total += npaths;
        }
        ws_dict_free(dict);
    }

    /* A grid of one letter holds more paths than any search can walk: the budget
     * stops it, and says so. */
    static uint8_t same[SOLVE_CELLS];
    memset(same, 1, sizeof same);
    uint8_t word[SOLVE_MAX_LEN] = {1, 1, 1, 1, 1, 2};
    int32_t offsets[2] = {0, SOLVE_MAX_LEN};
    const ws_words one = {1, word, offsets};
    ws_dict *dict = NULL;
    int64_t npaths = 0, ncells = 0;
    if (ws_dict_build(&one, &dict) != WS_OK ||
        ws_solve_paths(dict, same, SOLVE_SIDE, SOLVE_SIDE, 1, 1000, NULL, NULL, 0, 0, &npaths,
                       &ncells) != WS_STOPPED)
        fail("solve paths", SOLVE_CASES, "a spent budget does not stop the search");
    ws_dict_free(dict);
    /* One word of two letters in five over every code, listed in a scrambled
     * order: nodes of about 50 children, too few for a table of 255 entries, found
     * by halving; and then four in five, whose nodes have tables. */
    static uint8_t pairs[2 * WS_MAX_LETTER * WS_MAX_LETTER];
    static int32_t pair_offsets[WS_MAX_LETTER * WS_MAX_LETTER + 1];
    for (int few = 1; few >= 0; few--) {
        int32_t npairs = 0;
        for (int32_t k = 0; k < (int32_t)(WS_MAX_LETTER * WS_MAX_LETTER); k++) {
            const int32_t code =
                (int32_t)(((int64_t)k * 7919) % (WS_MAX_LETTER * WS_MAX_LETTER));
            if ((code % 5 == 0) != few)
                continue;
            pairs[2 * npairs] = (uint8_t)(code / WS_MAX_LETTER + 1);
            pairs[2 * npairs + 1] = (uint8_t)(code % WS_MAX_LETTER + 1);
            pair_offsets[npairs + 1] = 2 * (npairs + 1);
            npairs++;
        }
        const ws_words all_pairs = {npairs, pairs, pair_offsets};
        dict = NULL;
        if (ws_dict_build(&all_pairs, &dict) != WS_OK) {
            fail("dict build", SOLVE_CASES + 1, "refused the pairs");
            continue;
        }
        for (int32_t w = 0; w < npairs; w++)
            if (ws_dict_find(dict, pairs + 2 * w, 2) != w)
                fail("dict find", SOLVE_CASES + 1, "pair %d is found as %d", w,
                     ws_dict_find(dict, pairs + 2 * w, 2));
        for (int32_t code = 0; code < (int32_t)(WS_MAX_LETTER * WS_MAX_LETTER); code++) {
            if ((code % 5 == 0) == few)
                continue;
            const uint8_t left_out[2] = {(uint8_t)(code / WS_MAX_LETTER + 1),
                                         (uint8_t)(code % WS_MAX_LETTER + 1)};
            if (ws_dict_find(dict, left_out, 2) != -1)
                fail("dict find", SOLVE_CASES + 1, "a pair left out is found");
        }
        if (ws_dict_nodes(dict) != 1 + (int32_t)WS_MAX_LETTER + npairs)
            fail("dict build", SOLVE_CASES + 1, "%d nodes", ws_dict_nodes(dict));
        ws_dict_free(dict);
    }
    /* Bad arguments are refused. */
    uint8_t bad[2] = {0, 1};
    int32_t bad_offsets[2] = {0, 2};
    const ws_words refused = {1, bad, bad_offsets};
    dict = NULL;
    if (ws_dict_build(&refused, &dict) != WS_BAD_ARGUMENT || dict != NULL)
        fail("dict build", SOLVE_CASES, "took a letter code 0");
    return total;
}

#define MESSAGE_CASES 400
#define MESSAGE_SIDE 12
#define MESSAGE_CELLS (MESSAGE_SIDE * MESSAGE_SIDE)
#define MESSAGE_OWN 4
#define MESSAGE_LEXICON 60
#define MESSAGE_MAX_LEN 6
#define MESSAGE_MAX_WORDS (MESSAGE_OWN + MESSAGE_CELLS)
#define MESSAGE_BLOCKED 4

/* A word on the grid, for the brute-force checks. */
typedef struct {
    const uint8_t *letters;
    int32_t len, start;
    int dir;
} message_word;

static int32_t message_cell(int32_t cols, const message_word *w, int32_t k)
{
    return w->start + k * (WS_DROW[w->dir] * cols + WS_DCOL[w->dir]);
}

/* Whether word w stays inside a rows x cols grid. */
static int message_inside(int32_t rows, int32_t cols, const message_word *w)
{
    const int32_t er = w->start / cols + WS_DROW[w->dir] * (w->len - 1);
    const int32_t ec = w->start % cols + WS_DCOL[w->dir] * (w->len - 1);
    return w->start >= 0 && w->start < rows * cols && er >= 0 && er < rows && ec >= 0 &&
           ec < cols;
}

/* The cells two words have in common, by comparing every pair. */
static int32_t message_shared(int32_t cols, const message_word *a, const message_word *b)
{
    int32_t n = 0;
    for (int32_t i = 0; i < a->len; i++)
        for (int32_t j = 0; j < b->len; j++)
            n += message_cell(cols, a, i) == message_cell(cols, b, j);
    return n;
}

/* Writes word w into g if it may go there by the rules (inside, in the shape,
 * letters agreeing, at most one cell shared with each of the n words): the
 * number of empty cells it covered, or -1. */
static int32_t message_put(uint8_t *g, int32_t rows, int32_t cols, const message_word *w,
                           const message_word *words, int32_t n)
{
    if (!message_inside(rows, cols, w))
        return -1;
    int32_t open = 0;
    for (int32_t k = 0; k < w->len; k++) {
        const uint8_t v = g[message_cell(cols, w, k)];
        if (v == WS_BLOCKED || (v != WS_EMPTY && v != w->letters[k]))
            return -1;
        open += v == WS_EMPTY;
    }
    for (int32_t q = 0; q < n; q++)
        if (message_shared(cols, w, &words[q]) > 1)
            return -1;
    for (int32_t k = 0; k < w->len; k++)
        g[message_cell(cols, w, k)] = w->letters[k];
    return open;
}

static int message_related(const message_word *a, const message_word *b)
{
    return a->len >= b->len ? lies_in(b->letters, b->len, a->letters, a->len)
                            : lies_in(a->letters, a->len, b->letters, b->len);
}

typedef struct {
    int32_t rows, cols;
    uint8_t grid[MESSAGE_CELLS];
    int32_t nown;
    uint8_t own_letters[MESSAGE_OWN * MESSAGE_MAX_LEN];
    int32_t own_offsets[MESSAGE_OWN + 1], own_starts[MESSAGE_OWN];
    uint8_t own_dirs[MESSAGE_OWN];
    int32_t nlex;
    uint8_t lex_letters[MESSAGE_LEXICON * MESSAGE_MAX_LEN];
    int32_t lex_offsets[MESSAGE_LEXICON + 1];
    int32_t nblocked;
    uint8_t blocked_letters[MESSAGE_BLOCKED * 3];
    int32_t blocked_offsets[MESSAGE_BLOCKED + 1];
    int32_t empties;
} message_case;

static void message_draw(ws_rng *rng, message_case *mc, uint32_t *dir_mask)
{
    memset(mc, 0, sizeof *mc);
    mc->rows = between(rng, 1, MESSAGE_SIDE);
    mc->cols = between(rng, 1, MESSAGE_SIDE);
    const int32_t ncells = mc->rows * mc->cols, nletters = between(rng, 2, 6);
    const int32_t outside = below(rng, 4) == 0 ? between(rng, 1, 5) : 0;
    for (int32_t i = 0; i < ncells; i++)
        mc->grid[i] = outside && below(rng, 10) < outside ? WS_BLOCKED : WS_EMPTY;
    *dir_mask = below(rng, 3) == 0 ? (uint32_t)between(rng, 1, 255) : WS_ALL_DIRS;
    /* The caller's words: random letters, put where the rules let them. */
    message_word own[MESSAGE_OWN];
    const int32_t want = below(rng, MESSAGE_OWN + 1);
    for (int32_t t = 0; t < 40 && mc->nown < want; t++) {
        const int32_t len = between(rng, 2, MESSAGE_MAX_LEN);
        uint8_t *letters = mc->own_letters + mc->own_offsets[mc->nown];
        for (int32_t k = 0; k < len; k++)
            letters[k] = (uint8_t)between(rng, 1, nletters);
        message_word w = {letters, len, below(rng, ncells), below(rng, WS_NDIRS)};
        if (message_put(mc->grid, mc->rows, mc->cols, &w, own, mc->nown) < 0)
            continue;
        own[mc->nown] = w;
        mc->own_starts[mc->nown] = w.start;
        mc->own_dirs[mc->nown] = (uint8_t)w.dir;
        mc->own_offsets[mc->nown + 1] = mc->own_offsets[mc->nown] + len;
        mc->nown++;
    }
    /* The lexicon, sorted by length: a count of each length in turn. */
    const int32_t total = between(rng, 0, MESSAGE_LEXICON);
    for (int32_t len = WS_LEXICON_MIN_LEN; len <= MESSAGE_MAX_LEN && mc->nlex < total; len++) {
        const int32_t count = len == MESSAGE_MAX_LEN ? total - mc->nlex
                                                     : between(rng, 0, total - mc->nlex);
        for (int32_t i = 0; i < count; i++, mc->nlex++) {
            uint8_t *letters = mc->lex_letters + mc->lex_offsets[mc->nlex];
            for (int32_t k = 0; k < len; k++)
                letters[k] = (uint8_t)between(rng, 1, nletters);
            mc->lex_offsets[mc->nlex + 1] = mc->lex_offsets[mc->nlex] + len;
        }
    }
    /* Sometimes blocked words of 2-3 letters. */
    mc->nblocked = below(rng, 2) == 0 ? between(rng, 1, MESSAGE_BLOCKED) : 0;
    for (int32_t b = 0; b < mc->nblocked; b++) {
        const int32_t len = between(rng, 2, 3);
        for (int32_t k = 0; k < len; k++)
            mc->blocked_letters[mc->blocked_offsets[b] + k] = (uint8_t)between(rng, 1, nletters);
        mc->blocked_offsets[b + 1] = mc->blocked_offsets[b] + len;
    }
    for (int32_t i = 0; i < ncells; i++)
        mc->empties += mc->grid[i] == WS_EMPTY;
}

/* Whether `word` reads in g from cell `at` in direction d. */
static int message_reads(const uint8_t *g, int32_t rows, int32_t cols, int32_t at, int d,
                         const uint8_t *word, int32_t len)
{
    const message_word w = {word, len, at, d};
    if (!message_inside(rows, cols, &w))
        return 0;
    for (int32_t k = 0; k < len; k++)
        if (g[message_cell(cols, &w, k)] != word[k])
            return 0;
    return 1;
}

/* Whether every cell of reading r lies on word w. */
static int message_within(int32_t cols, const message_word *r, const message_word *w)
{
    return message_shared(cols, r, w) == r->len;
}

/* The final grid's letters, by brute force: each added word reads only on its
 * own cells; no word of the caller's and no blocked word reads over a cell the
 * fill wrote, but a blocked word inside an added word. */
static void message_spelled(int32_t n, const message_case *mc, const uint8_t *g,
                            const message_word *words, int32_t nwords)
{
    const int32_t ncells = mc->rows * mc->cols;
    for (int32_t q = 0; q < nwords; q++)
        for (int32_t at = 0; at < ncells; at++)
            for (int d = 0; d < WS_NDIRS; d++) {
                if (!message_reads(g, mc->rows, mc->cols, at, d, words[q].letters, words[q].len))
                    continue;
                const message_word r = {words[q].letters, words[q].len, at, d};
                int fresh = 0;
                for (int32_t k = 0; k < r.len; k++)
                    fresh |= mc->grid[message_cell(mc->cols, &r, k)] == WS_EMPTY;
                if (q >= mc->nown ? !message_within(mc->cols, &r, &words[q]) : fresh)
                    fail("message", n, "word %d reads again at %d direction %d", q, at, d);
            }
    for (int32_t b = 0; b < mc->nblocked; b++) {
        const uint8_t *word = mc->blocked_letters + mc->blocked_offsets[b];
        const int32_t len = mc->blocked_offsets[b + 1] - mc->blocked_offsets[b];
        for (int32_t at = 0; at < ncells; at++)
            for (int d = 0; d < WS_NDIRS; d++) {
                if (!message_reads(g, mc->rows, mc->cols, at, d, word, len))
                    continue;
                const message_word r = {word, len, at, d};
                int fresh = 0, own = 0;
                for (int32_t k = 0; k < len; k++)
                    fresh |= mc->grid[message_cell(mc->cols, &r, k)] == WS_EMPTY;
                for (int32_t q = mc->nown; q < nwords && !own; q++)
                    own = message_within(mc->cols, &r, &words[q]);
                if (fresh && !own)
                    fail("message", n, "blocked word %d reads at %d direction %d", b, at, d);
            }
    }
}

/* Replays an output on the caller's grid by brute force; fails case `n` on any
 * broken rule. */
static void message_check(int32_t n, const message_case *mc, const ws_lexicon *lex,
                          uint32_t dir_mask, int32_t holes, const ws_message_output *o)
{
    static uint8_t g[MESSAGE_CELLS];
    static message_word words[MESSAGE_MAX_WORDS];
    const ws_words lw = ws_lexicon_words(lex);
    memcpy(g, mc->grid, sizeof g);
    for (int32_t i = 0; i < mc->nown; i++)
        words[i] = (message_word){mc->own_letters + mc->own_offsets[i],
                                  mc->own_offsets[i + 1] - mc->own_offsets[i],
                                  mc->own_starts[i], mc->own_dirs[i]};
    int32_t empties = mc->empties, threes = 0;
    if (o->round < 0 || o->round >= WS_MESSAGE_ROUNDS)
        fail("message", n, "round %d", o->round);
    for (int32_t a = 0; a < o->count; a++) {
        const int32_t w = o->words[a];
        if (w < 0 || w >= lw.count || o->dirs[a] >= WS_NDIRS) {
            fail("message", n, "added word %d is lexicon word %d, direction %d", a, w,
                 o->dirs[a]);
            return;
        }
        message_word mw = {lw.letters + lw.offsets[w], lw.offsets[w + 1] - lw.offsets[w],
                           o->starts[a], o->dirs[a]};
        if (!((dir_mask >> mw.dir) & 1u))
            fail("message", n, "added word %d runs in direction %d, not allowed", a, mw.dir);
        for (int32_t q = 0; q < mc->nown + a; q++)
            if (message_related(&mw, &words[q]))
                fail("message", n, "added word %d is related to word %d by containment", a, q);
        const int32_t open = message_put(g, mc->rows, mc->cols, &mw, words, mc->nown + a);
        if (open < 1) {
            fail("message", n, "added word %d breaks a placement rule (covers %d)", a, open);
            return;
        }
        empties -= open;
        if (empties < holes)
            fail("message", n, "added word %d leaves %d empty cells, under %d", a, empties,
                 holes);
        threes += mw.len == WS_LEXICON_MIN_LEN;
        words[mc->nown + a] = mw;
    }
    if (empties != holes)
        fail("message", n, "%d empty cells left, not %d", empties, holes);
    if (threes > o->round / WS_MESSAGE_THREE_EVERY)
        fail("message", n, "%d three-letter words in round %d", threes, o->round);
    if (memcmp(g, o->grid, (size_t)(mc->rows * mc->cols)) != 0)
        fail("message", n, "the grid is not the caller's grid with the added words");
    message_spelled(n, mc, g, words, mc->nown + o->count);
}

/* Fills MESSAGE_CASES random cases; counts in filled[0] those filled, in
 * filled[1] those that asked for a later round and got one. */
static void message_sweep(ws_rng *rng, int corrupt, int32_t filled[2])
{
    static message_case mc;
    static uint8_t out_grid[MESSAGE_CELLS], again_grid[MESSAGE_CELLS];
    static int32_t out_words[MESSAGE_CELLS], out_starts[MESSAGE_CELLS];
    static int32_t again_words[MESSAGE_CELLS], again_starts[MESSAGE_CELLS];
    static uint8_t out_dirs[MESSAGE_CELLS], again_dirs[MESSAGE_CELLS];
    int corrupted = 0;
    filled[0] = filled[1] = 0;
    for (int32_t n = 0; n < MESSAGE_CASES; n++) {
        uint32_t dir_mask;
        message_draw(rng, &mc, &dir_mask);
        const ws_words words = {mc.nlex, mc.lex_letters, mc.lex_offsets};
        ws_lexicon *lex = NULL;
        if (ws_lexicon_build(&words, NULL, 6, &lex) != WS_OK) {
            fail("message", n, "lexicon refused");
            continue;
        }
        /* Mostly few holes, so that words must be added; sometimes any number. */
        const int32_t holes = below(rng, 3) == 0 ? between(rng, 0, mc.empties)
                                                  : mc.empties - below(rng, 1 + mc.empties / 2);
        ws_message_params p = {
            .rows = mc.rows, .cols = mc.cols, .grid = mc.grid,
            .listed = {mc.nown, mc.own_letters, mc.own_offsets},
            .placed = {mc.own_starts, mc.own_dirs},
            .blocked = {mc.nblocked, mc.blocked_letters, mc.blocked_offsets},
            .lexicon = lex, .holes = holes, .dir_mask = dir_mask,
            .seed = ws_rng_next(rng), .first_round = below(rng, 4) == 0 ? below(rng, 5) : 0,
        };
        ws_message_output o = {MESSAGE_CELLS, out_grid, out_words, out_starts, out_dirs, 0, 0};
        const ws_status status = ws_message_fill(&p, &o);
        if (status == WS_NO_MESSAGE) {
            if (o.round != WS_MESSAGE_ROUNDS || o.count != 0)
                fail("message", n, "no message, but round %d and %d words", o.round, o.count);
            ws_lexicon_free(lex);
            continue;
        }
        if (status != WS_OK) {
            fail("message", n, "status %d", (int)status);
            ws_lexicon_free(lex);
            continue;
        }
        if (o.round < p.first_round)
            fail("message", n, "round %d before the first asked, %d", o.round, p.first_round);
        if (corrupt && !corrupted && o.count > 0) {
            o.starts[0] ^= 1; /* the check must see it */
            corrupted = 1;
        }
        message_check(n, &mc, lex, dir_mask, holes, &o);
        filled[0]++;
        /* The same round on its own gives the same words. */
        ws_message_output again = {MESSAGE_CELLS, again_grid, again_words, again_starts,
                                   again_dirs, 0, 0};
        p.first_round = o.round;
        if (ws_message_fill(&p, &again) != WS_OK || again.round != o.round ||
            again.count != o.count ||
            memcmp(again_words, out_words, (size_t)o.count * sizeof *out_words) != 0 ||
            memcmp(again_starts, out_starts, (size_t)o.count * sizeof *out_starts) != 0 ||
            memcmp(again_dirs, out_dirs, (size_t)o.count) != 0)
            fail("message", n, "round %d asked for on its own gives another fill", o.round);
        /* The round after it: a later round or none. */
        p.first_round = o.round + 1;
        const ws_status next = ws_message_fill(&p, &again);
        if (next == WS_OK) {
            if (again.round <= o.round)
                fail("message", n, "the round after %d is %d", o.round, again.round);
            message_check(n, &mc, lex, dir_mask, holes, &again);
            filled[1]++;
        } else if (next != WS_NO_MESSAGE) {
            fail("message", n, "next round: status %d", (int)next);
        }
        ws_lexicon_free(lex);
    }
}

/* Arguments ws_message_fill and ws_lexicon_build must refuse. */
static void message_bad_arguments(void)
{
    uint8_t letters[] = {1, 2, 3, 1, 2, 3, 4, 1, 2};
    int32_t unsorted[] = {0, 3, 7, 9};
    const ws_words out_of_order = {3, letters, unsorted};
    ws_lexicon *lex = NULL;
    if (ws_lexicon_build(&out_of_order, NULL, 4, &lex) != WS_BAD_ARGUMENT || lex != NULL)
        fail("message arguments", 0, "a lexicon out of length order was taken");
    int32_t sorted[] = {0, 3, 7};
    const ws_words ok = {2, letters, sorted};
    if (ws_lexicon_build(&ok, NULL, 3, &lex) != WS_BAD_ARGUMENT)
        fail("message arguments", 1, "letter code 4 of 3 was taken");
    if (ws_lexicon_build(&ok, NULL, 4, &lex) != WS_OK) {
        fail("message arguments", 2, "a good lexicon was refused");
        return;
    }
    uint8_t grid[9] = {0}, out_grid[9];
    int32_t words[9], starts[9];
    uint8_t dirs[9];
    ws_message_output o = {9, out_grid, words, starts, dirs, 0, 0};
    ws_message_params p = {.rows = 3, .cols = 3, .grid = grid, .lexicon = lex, .holes = 10,
                           .dir_mask = WS_ALL_DIRS};
    if (ws_message_fill(&p, &o) != WS_BAD_ARGUMENT)
        fail("message arguments", 3, "more holes than empty cells were taken");
    p.holes = 3;
    p.dir_mask = 0;
    if (ws_message_fill(&p, &o) != WS_BAD_ARGUMENT)
        fail("message arguments", 4, "no direction was taken");
    p.dir_mask = WS_ALL_DIRS;
    uint8_t own[] = {1, 2, 3};
    int32_t own_offsets[] = {0, 3}, own_starts[] = {0};
    uint8_t own_dirs[] = {2};
    p.listed = (ws_words){1, own, own_offsets};
    p.placed = (ws_placed){own_starts, own_dirs};
    if (ws_message_fill(&p, &o) != WS_BAD_ARGUMENT)
        fail("message arguments", 5, "a word that does not read where placed was taken");
    p.listed.count = 0;
    p.first_round = WS_MESSAGE_ROUNDS;
    if (ws_message_fill(&p, &o) != WS_NO_MESSAGE)
        fail("message arguments", 6, "no round left, and no WS_NO_MESSAGE");
    ws_lexicon_free(lex);
}

/* ---- (h) grouping readings ---- */

#define GROUP_CASES 300
#define GROUP_MOST_READINGS 300
#define GROUP_MOST_WORDS 400
/* Numbers of keys: no radix pass, one, two (over 256), three (over 65,536), four
 * (over 2^24). */
static const int32_t GROUP_KEYS[] = {1, 2, 200, 256, 257, 300, 65536, 70000, (1 << 24) + 5};
#define GROUP_KEY_KINDS ((int32_t)(sizeof GROUP_KEYS / sizeof GROUP_KEYS[0]))
#define PATH_CASES 2000
#define PATH_SIDE 9
#define PATH_MOST 6

/* Reading k's key, as ws_group_readings keys it. */
static int32_t group_key(const int32_t *word, const int32_t *key, int32_t k)
{
    return key ? key[word[k]] : word[k];
}

/* The readings grouped by a stable insertion sort on their keys. */
static void group_brute(const int32_t *word, const int32_t *key, int32_t n, int32_t *order)
{
    for (int32_t i = 0; i < n; i++) {
        int32_t j = i;
        while (j > 0 && group_key(word, key, order[j - 1]) > group_key(word, key, i)) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The direction of the path, found by comparing each step with each direction's. */
static int path_brute(const int32_t *path, int32_t n, int32_t cols)
{
    for (int d = 0; d < WS_NDIRS && n >= 2; d++) {
        int32_t i = 1;
        while (i < n && path[i] / cols - path[i - 1] / cols == WS_DROW[d] &&
               path[i] % cols - path[i - 1] % cols == WS_DCOL[d])
            i++;
        if (i == n)
            return d;
    }
    return -1;
}

/* A random walk on a PATH_SIDE grid that mostly keeps its direction; its length. */
static int32_t draw_path(ws_rng *rng, int32_t *path)
{
    int32_t r = below(rng, PATH_SIDE), c = below(rng, PATH_SIDE), n = 1;
    int d = below(rng, WS_NDIRS);
    path[0] = r * PATH_SIDE + c;
    for (int32_t len = between(rng, 1, PATH_MOST); n < len; n++) {
        if (below(rng, 5) == 0)
            d = below(rng, WS_NDIRS);
        r += WS_DROW[d];
        c += WS_DCOL[d];
        if (r < 0 || r >= PATH_SIDE || c < 0 || c >= PATH_SIDE)
            break;
        path[n] = r * PATH_SIDE + c;
    }
    return n;
}

/* Returns the readings grouped; counts in paths[0] the straight paths of two
 * cells or more, in paths[1] the others. */
static int32_t group_sweep(ws_rng *rng, int32_t paths[2])
{
    static int32_t word[GROUP_MOST_READINGS], key[GROUP_MOST_WORDS];
    static int32_t order[GROUP_MOST_READINGS], scratch[GROUP_MOST_READINGS];
    static int32_t want[GROUP_MOST_READINGS];
    int32_t grouped = 0;
    if (ws_group_readings(word, -1, NULL, 1, order, scratch) != WS_BAD_ARGUMENT)
        fail("group", 0, "a negative count was taken");
    for (int32_t n = 0; n < GROUP_CASES; n++) {
        const int32_t nkeys = GROUP_KEYS[n % GROUP_KEY_KINDS];
        const int keyed = below(rng, 2);
        const int32_t nwords = keyed ? between(rng, 1, GROUP_MOST_WORDS) : nkeys;
        const int32_t count = below(rng, GROUP_MOST_READINGS + 1);
        for (int32_t w = 0; keyed && w < nwords; w++)
            key[w] = below(rng, nkeys);
        for (int32_t k = 0; k < count; k++)
            word[k] = below(rng, nwords);
        const int32_t *keys = keyed ? key : NULL;
        if (ws_group_readings(word, count, keys, nkeys, order, scratch) != WS_OK) {
            fail("group", n, "%d readings of %d keys were refused", count, nkeys);
            continue;
        }
        group_brute(word, keys, count, want);
        for (int32_t i = 0; i < count; i++)
            if (order[i] != want[i]) {
                fail("group", n, "%d keys: reading %d of the order is %d, not %d", nkeys, i,
                     order[i], want[i]);
                break;
            }
        grouped += count;
    }
    int32_t path[PATH_MOST];
    paths[0] = paths[1] = 0;
    for (int32_t n = 0; n < PATH_CASES; n++) {
        const int32_t len = draw_path(rng, path);
        const int got = ws_path_direction(path, len, PATH_SIDE);
        const int want_dir = path_brute(path, len, PATH_SIDE);
        if (got != want_dir)
            fail("path direction", n, "a path of %d cells: %d, not %d", len, got, want_dir);
        paths[want_dir < 0]++;
    }
    return grouped;
}

int main(int argc, char **argv)
{
    const char *reference = NULL;
    int32_t nsweep = DEFAULT_SWEEP;
    int corrupt = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reference") == 0 && i + 1 < argc)
            reference = argv[++i];
        else if (strcmp(argv[i], "--sweep") == 0 && i + 1 < argc)
            nsweep = (int32_t)strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--self-check-fail") == 0)
            corrupt = 1;
        else {
            fprintf(stderr, "usage: %s [--reference FILE] [--sweep N] [--self-check-fail]\n",
                    argv[0]);
            return 2;
        }
    }
    ws_workspace *ws = ws_workspace_new();
    if (!ws) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    bad_arguments();
    if (reference) {
        nesting nest = {.nested = 0, .nested_packed = 0};
        const int n = reference_cases(reference, ws, corrupt, &nest);
        if (n < 0) {
            ws_workspace_free(ws);
            return 1;
        }
        printf("reference: %d cases (%d with words inside others, %d of them packed), each on "
               "1-3 threads\n", n, nest.nested, nest.nested_packed);
    }
    int32_t outcomes[6] = {0};
    nesting nest = {.nested = 0, .nested_packed = 0};
    const int32_t swept = sweep(nsweep, ws, corrupt, outcomes, &nest);
    printf("sweep: %d packs (%d packed, %d no room, %d no unique; %d with words inside others, "
           "%d of them packed), each on 1-3 threads\n", swept, outcomes[WS_OK],
           outcomes[WS_NO_ROOM], outcomes[WS_NO_UNIQUE], nest.nested, nest.nested_packed);
    printf("reuse: %d packs of changing sizes on one workspace\n", reuse(ws));
    ws_rng block_rng;
    ws_rng_seed(&block_rng, SWEEP_SEED);
    int32_t turned_away = 0;
    const int32_t readings = block_sweep(&block_rng, &turned_away);
    printf("blocklist: %d cases, %d readings, each as a brute force finds it; %d lines "
           "turned away by the filter, none with a reading\n", BLOCK_CASES, readings,
           turned_away);
    if (turned_away == 0)
        fail("blocklist filter", BLOCK_CASES, "no line turned away: the filter is untested");
    int32_t clean[2], given_up;
    blocked_packs(ws, clean, &given_up);
    printf("blocked packs: %d packs, %d with every puzzle free of blocked words (%d pruning "
           "as they are laid), %d given up when a pool spelled them in every puzzle\n",
           BLOCKED_PACKS, clean[0], clean[1], given_up);
    if (given_up == 0)
        fail("blocked packs", BLOCKED_PACKS, "none given up: giving up is untested");
    ws_rng solve_rng;
    ws_rng_seed(&solve_rng, SWEEP_SEED + 1);
    int32_t most_paths = 0, tabled = 0;
    const int64_t solved = solve_sweep(&solve_rng, &most_paths, &tabled);
    printf("solver: %d dictionaries (%d with the table of four-letter prefixes), %" PRId64
           " readings (straight and free paths, min_length 1-%d; at most %d paths in a case), "
           "each as a brute force finds it\n", SOLVE_CASES, tabled, solved, SOLVE_MIN_LENGTHS,
           most_paths);
    if (tabled == 0 || tabled == SOLVE_CASES)
        fail("solve sweep", SOLVE_CASES, "%d of %d tries with the table of four-letter "
             "prefixes: both kinds are needed", tabled, SOLVE_CASES);
    message_bad_arguments();
    ws_rng message_rng;
    ws_rng_seed(&message_rng, SWEEP_SEED + 3);
    int32_t filled[2];
    message_sweep(&message_rng, corrupt, filled);
    printf("message fills: %d cases, %d filled (%d of them again from a later round), each "
           "replayed by brute force\n", MESSAGE_CASES, filled[0], filled[1]);
    ws_rng group_rng;
    ws_rng_seed(&group_rng, SWEEP_SEED + 4);
    int32_t paths[2];
    const int32_t grouped = group_sweep(&group_rng, paths);
    printf("grouping: %d cases, %d readings, each in the order a stable sort gives; %d paths "
           "(%d straight), each direction as a brute force finds it\n", GROUP_CASES, grouped,
           PATH_CASES, paths[0]);
    if (paths[0] == 0 || paths[1] == 0)
        fail("path direction", PATH_CASES, "%d straight paths and %d others: both are needed",
             paths[0], paths[1]);
    ws_workspace_free(ws);
    if (failures > 0) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
