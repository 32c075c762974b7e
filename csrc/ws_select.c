/* Ordering and selection: which children survive, and in what order the pool
 * keeps them (see ws_pack_internal.h). */
#include "ws_pack_internal.h"

#include <assert.h>
#include <string.h>

/* Runs this short or shorter are sorted by insertion. */
#define INSERTION_SORT_MAX 16

static void swap_cand(candidate *a, int32_t i, int32_t j)
{
    const candidate t = a[i];
    a[i] = a[j];
    a[j] = t;
}

/* Hoare partition of a[lo..hi] around the median of three: afterwards
 * a[lo..*pj] <= pivot <= a[*pi..hi] and *pj < *pi. */
static void partition(candidate *a, int32_t lo, int32_t hi, int32_t *pi, int32_t *pj)
{
    const int32_t mid = lo + (hi - lo) / 2;
    if (cand_less(&a[mid], &a[lo]))
        swap_cand(a, lo, mid);
    if (cand_less(&a[hi], &a[lo]))
        swap_cand(a, lo, hi);
    if (cand_less(&a[hi], &a[mid]))
        swap_cand(a, mid, hi);
    const candidate pivot = a[mid];
    int32_t i = lo, j = hi;
    while (i <= j) {
        while (cand_less(&a[i], &pivot))
            i++;
        while (cand_less(&pivot, &a[j]))
            j--;
        if (i <= j)
            swap_cand(a, i++, j--);
    }
    *pi = i;
    *pj = j;
}

void ws_select_smallest(candidate *a, int32_t n, int32_t k)
{
    assert(k >= 1 && k <= n);
    int32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        int32_t i, j;
        partition(a, lo, hi, &i, &j);
        if (k - 1 <= j)
            hi = j;
        else if (k - 1 >= i)
            lo = i;
        else
            break;
    }
}

/* Quicksort with the comparison inlined, insertion sort for short runs. */
void ws_sort_candidates(candidate *a, int32_t n)
{
    while (n > INSERTION_SORT_MAX) {
        int32_t i, j;
        partition(a, 0, n - 1, &i, &j);
        if (j + 1 < n - i) {
            ws_sort_candidates(a, j + 1);
            a += i;
            n -= i;
        } else {
            ws_sort_candidates(a + i, n - i);
            n = j + 1;
        }
    }
    for (int32_t i = 1; i < n; i++) {
        const candidate c = a[i];
        int32_t j = i;
        while (j > 0 && cand_less(&c, &a[j - 1])) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = c;
    }
}

/* A counting sort. */
void ws_sort_by_parent(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                       int32_t parents)
{
    memset(counts, 0, (size_t)(parents + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < n; i++) {
        assert(in[i].parent >= 0 && in[i].parent < parents);
        counts[in[i].parent + 1]++;
    }
    for (int32_t v = 0; v < parents; v++)
        counts[v + 1] += counts[v];
    for (int32_t i = 0; i < n; i++)
        out[counts[in[i].parent]++] = in[i];
}

/* Keeps their order among equals. `counts` has room for nworkers times the
 * range of letter counts, plus one. */
int32_t ws_sort_by_worker(const candidate *in, int32_t n, candidate *out, int32_t *counts,
                          worker *team, int32_t nworkers)
{
    assert(n >= 1);
    int32_t lowest = in[0].score, highest = lowest;
    for (int32_t i = 1; i < n; i++) {
        lowest = ws_min32(lowest, in[i].score);
        highest = ws_max32(highest, in[i].score);
    }
    const int32_t span = highest - lowest + 1, buckets = nworkers * span;
    memset(counts, 0, (size_t)(buckets + 1) * sizeof(int32_t));
    for (int32_t i = 0; i < n; i++)
        counts[in[i].worker * span + in[i].score - lowest + 1]++;
    for (int32_t v = 0; v < buckets; v++)
        counts[v + 1] += counts[v];
    for (int32_t t = 0; t < nworkers; t++) {
        team[t].first_parent = counts[t * span];
        team[t].nparents = counts[(t + 1) * span] - counts[t * span];
    }
    for (int32_t i = 0; i < n; i++)
        out[counts[in[i].worker * span + in[i].score - lowest]++] = in[i];
    return lowest;
}

void ws_selection_reset(selection *all, const candidate *bar)
{
    all->size = 0;
    all->expanding = all->nworkers;
    all->has_bar = bar != NULL;
    if (bar)
        all->bar = *bar;
}

/* The lock is released while choosing. Newcomers meanwhile go to the spare,
 * which takes at most `keep` of them; they then join the survivors if they
 * beat the new bar. */
void ws_selection_cut(selection *all)
{
    candidate *full = all->items;
    const int32_t n = all->size, keep = all->keep;
    assert(n >= keep && !all->cutting);
    all->items = all->spare;
    all->size = 0;
    all->cutting = 1;
    ws_unlock(&all->lock, all->nworkers);
    ws_select_smallest(full, n, keep);
    ws_lock(&all->lock, all->nworkers);
    all->bar = full[keep - 1];
    all->has_bar = 1;
    int32_t kept = keep;
    for (int32_t i = 0; i < all->size; i++)
        if (cand_less(&all->items[i], &all->bar))
            full[kept++] = all->items[i];
    all->spare = all->items;
    all->items = full;
    all->size = kept;
    all->cutting = 0;
    if (all->nworkers > 1)
        pthread_cond_broadcast(&all->cut_done);
}

/* Appends a candidate that beats the bar, making room first if needed. */
static void selection_add(selection *all, const candidate *c)
{
    for (;;) {
        /* Rounded up: a cut must leave room for one more, even when keeping one. */
        const int32_t room =
            all->cutting ? all->keep : all->keep + (all->keep + CUT_OVER - 1) / CUT_OVER;
        if (all->size < room)
            break;
        if (all->cutting)
            pthread_cond_wait(&all->cut_done, &all->lock);
        else
            ws_selection_cut(all);
        if (all->has_bar && !cand_less(c, &all->bar))
            return;
    }
    all->items[all->size++] = *c;
}

/* Hands the batch over and refreshes the worker's copy of the bar; the caller
 * holds the selection's lock when workers share it. */
static void sel_hand_over(selector *sel)
{
    selection *all = sel->all;
    for (int32_t i = 0; i < sel->nbatch; i++) {
        const candidate *c = &sel->batch[i];
        if (!all->has_bar || cand_less(c, &all->bar))
            selection_add(all, c);
    }
    sel->nbatch = 0;
    sel->has_bar = all->has_bar;
    sel->bar = all->bar;
}

void ws_sel_flush(selector *sel)
{
    selection *all = sel->all;
    ws_lock(&all->lock, all->nworkers);
    sel_hand_over(sel);
    ws_unlock(&all->lock, all->nworkers);
}

/* A fresher bar is worth having, but not worth waiting for while the batch has
 * room. */
void ws_sel_try_flush(selector *sel)
{
    selection *all = sel->all;
    if (pthread_mutex_trylock(&all->lock) != 0)
        return;
    sel_hand_over(sel);
    pthread_mutex_unlock(&all->lock);
}
