/* The crew: worker threads that live for one ws_pack call and expand one word
 * at a time, one worker each, the first worker on the calling thread; the
 * blocks of parents they take, and the gate where they meet between passes
 * (see ws_pack_internal.h). */
#include "ws_pack_internal.h"

#include <sched.h>

/* Parents [*lo, *hi) of worker `owner`'s j-th block. */
static void block_bounds(const worker *wk, int32_t owner, int32_t j, int32_t *lo, int32_t *hi)
{
    const worker *o = &wk->team[owner];
    *lo = o->first_parent + j * PARENT_BLOCK;
    *hi = ws_min32(*lo + PARENT_BLOCK, o->first_parent + o->nparents);
}

/* Takes the next block of q in this pass; 0 when none is left. */
static int take_block(const worker *wk, block_queue *q, int32_t *j)
{
    ws_lock(&q->lock, wk->nworkers);
    const int took = q->next < q->count;
    if (took)
        *j = q->next++;
    ws_unlock(&q->lock, wk->nworkers);
    return took;
}

/* Ends the taking of q's blocks in this pass: those left have too many letters. */
static void close_queue(const worker *wk, block_queue *q)
{
    ws_lock(&q->lock, wk->nworkers);
    q->next = q->count;
    ws_unlock(&q->lock, wk->nworkers);
}

/* Expands the blocks of `owner` that nobody has taken yet in this pass. */
static void expand_blocks(worker *wk, int32_t owner, share_class kind, int32_t *since_sync)
{
    block_queue *q = &wk->team[owner].queue;
    const ws_stop *stop = &wk->step->params->stop;
    int32_t j;
    while (take_block(wk, q, &j)) {
        if (ws_stopping(stop)) {
            close_queue(wk, q); /* the pass ends at once; ws_pack returns WS_STOPPED */
            return;
        }
        int32_t lo, hi;
        block_bounds(wk, owner, j, &lo, &hi);
        if (ws_expand_parents(wk, kind, lo, hi, since_sync) < hi)
            close_queue(wk, q);
    }
}

/* A thread that waits for another (at the gate between passes, for the next
 * word, for the last worker of a word) asks this many times whether it may go
 * on, giving up its core between asks, before it sleeps: the others arrive
 * within tens of microseconds, far sooner than a sleeping thread wakes on this
 * machine. Timed in builds that measured the waits (two threads, 15 puzzles of
 * 20 words): at the gate 16 to 29 ms in six runs when the worker slept at once,
 * 5 to 7 ms in three when it asked first; a worker's wait for the next word,
 * 5 to 11 ms asking 20,000 times without giving up its core, 0.3 to 11 ms so.
 * Two such processes at once on the two cores, four alternating runs: 1.33 to
 * 1.70 s that way, 1.29 to 1.57 s this. */
#define WAIT_POLLS 2000

/* Returns, `lock` held as on the call, once `waiting` says no more; `cond` is
 * signalled when it may have changed. */
static void wait_while(pthread_mutex_t *lock, pthread_cond_t *cond,
                       int (*waiting)(const void *), const void *about)
{
    for (int32_t k = 0; waiting(about) && k < WAIT_POLLS; k++) {
        pthread_mutex_unlock(lock);
        sched_yield();
        pthread_mutex_lock(lock);
    }
    while (waiting(about))
        pthread_cond_wait(cond, lock);
}

/* A pass of the gate, and whether it is still under way. */
typedef struct {
    const pass_gate *gate;
    uint64_t pass;
} gate_pass;

static int pass_going_on(const void *about)
{
    const gate_pass *p = about;
    return p->gate->passes == p->pass;
}

/* Waits until every worker is through the pass, having handed its candidates
 * over; the last to arrive reopens every worker's blocks for the next pass.
 * All then take the bar, which now counts every child of the pass: one worker
 * starting the next pass while another still adds to the bar would find its
 * bar looser, and visit and offer more. The bar each takes is also newer than
 * any that stopped the pass before, so no pass visits a parent the first pass
 * did not write out. */
static void end_pass(worker *wk)
{
    ws_sel_flush(&wk->sel);
    pass_gate *g = wk->gate;
    if (wk->nworkers > 1) {
        pthread_mutex_lock(&g->lock);
        const gate_pass now = {.gate = g, .pass = g->passes};
        if (++g->arrived == wk->nworkers) {
            for (int32_t t = 0; t < wk->nworkers; t++)
                wk->team[t].queue.next = 0;
            g->arrived = 0;
            g->passes++;
            pthread_cond_broadcast(&g->all_in);
        } else {
            wait_while(&g->lock, &g->all_in, pass_going_on, &now);
        }
        pthread_mutex_unlock(&g->lock);
    } else {
        wk->queue.next = 0;
    }
    ws_sel_flush(&wk->sel);
}

static void *expand_run(void *arg)
{
    worker *wk = arg;
    const step_ctx *s = wk->step;
    int32_t since_sync = 0;
    for (share_class kind = s->first_pass;; kind++) {
        /* Its own blocks first, then those others have not reached. */
        for (int32_t k = 0; k < wk->nworkers; k++)
            expand_blocks(wk, (wk->index + k) % wk->nworkers, kind, &since_sync);
        if (kind == SHARE_NONE)
            break;
        end_pass(wk);
    }
    selector *sel = &wk->sel;
    ws_sel_flush(sel);
    /* A worker through before the others cuts the selection meanwhile, which
     * leaves the choice after the word less to do. */
    selection *all = sel->all;
    if (all->nworkers > 1) {
        ws_lock(&all->lock, all->nworkers);
        if (--all->expanding > 0 && !all->cutting && all->size > all->keep)
            ws_selection_cut(all);
        ws_unlock(&all->lock, all->nworkers);
    }
    return NULL;
}

/* A crew member's word, and whether the next has yet to come (see
 * wait_while: starting threads for every word cost about a tenth of a
 * millisecond a word, and the gap between words, choosing and ordering the
 * children, is shorter than a sleeping thread takes to wake). */
typedef struct {
    const crew *all;
    uint64_t seen;
} member_word;

static int no_new_word(const void *about)
{
    const member_word *m = about;
    return m->all->round == m->seen && !m->all->quit;
}

static int members_busy(const void *about)
{
    const crew *c = about;
    return c->busy > 0;
}

static void *crew_member_run(void *arg)
{
    const crew_member *me = arg;
    crew *c = me->all;
    member_word word = {.all = c, .seen = 0};
    pthread_mutex_lock(&c->lock);
    for (;;) {
        wait_while(&c->lock, &c->start, no_new_word, &word);
        if (c->quit)
            break;
        word.seen = c->round;
        pthread_mutex_unlock(&c->lock);
        expand_run(&c->workers[me->index]);
        pthread_mutex_lock(&c->lock);
        if (--c->busy == 0)
            pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

void ws_crew_stop(crew *c)
{
    pthread_mutex_lock(&c->lock);
    c->quit = 1;
    pthread_cond_broadcast(&c->start);
    pthread_mutex_unlock(&c->lock);
    for (int32_t t = 0; t < c->started; t++)
        pthread_join(c->threads[t], NULL);
    c->started = 0;
}

ws_status ws_crew_start(crew *c, worker *workers, int32_t nworkers, pthread_t *threads,
                        crew_member *members)
{
    c->workers = workers;
    c->nworkers = nworkers;
    c->threads = threads;
    for (int32_t t = 1; t < nworkers; t++) {
        members[t - 1] = (crew_member){.all = c, .index = t};
        if (pthread_create(&threads[t - 1], NULL, crew_member_run, &members[t - 1]) != 0) {
            ws_crew_stop(c);
            return WS_NO_MEMORY;
        }
        c->started = t;
    }
    return WS_OK;
}

/* Expands the current word on every worker; returns when all are through. */
static void crew_expand(crew *c)
{
    pthread_mutex_lock(&c->lock);
    c->busy = c->started;
    c->round++;
    pthread_cond_broadcast(&c->start);
    pthread_mutex_unlock(&c->lock);
    expand_run(&c->workers[0]);
    pthread_mutex_lock(&c->lock);
    wait_while(&c->lock, &c->done, members_busy, c);
    pthread_mutex_unlock(&c->lock);
}

void ws_offer_children(crew *c, selection *all, const candidate *bar)
{
    ws_selection_reset(all, bar);
    for (int32_t t = 0; t < c->nworkers; t++) {
        worker *wk = &c->workers[t];
        wk->queue.next = 0;
        wk->queue.count = (wk->nparents + PARENT_BLOCK - 1) / PARENT_BLOCK;
        wk->sel.has_bar = all->has_bar;
        wk->sel.bar = all->bar;
        wk->sel.has_floor = all->has_floor;
        wk->sel.floor = all->floor;
        wk->sel.nbatch = 0;
        /* The families found before are another word's, but for the same word
         * again (see take_finished), whose grandparents are as they were. */
        if (wk->family_word != wk->step->word) {
            wk->round++;
            wk->family_size = 0;
            wk->hits_size = 0;
            wk->family_word = wk->step->word;
        }
    }
    crew_expand(c);
}
