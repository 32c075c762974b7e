#include "ws_signal.h"

#include <signal.h>
#include <string.h>

static const int CAUGHT[] = {SIGINT, SIGTERM};
#define NCAUGHT ((int)(sizeof CAUGHT / sizeof CAUGHT[0]))

static struct sigaction previous[NCAUGHT];
static int flag;    /* nonzero once a caught signal arrived */
static int arrived; /* which one, for the caller */

static void on_signal(int signum)
{
    __atomic_store_n(&arrived, signum, __ATOMIC_RELAXED);
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);
}

int ws_signals_catch(void)
{
    struct sigaction catching;
    memset(&catching, 0, sizeof catching);
    catching.sa_handler = on_signal;
    sigemptyset(&catching.sa_mask);
    __atomic_store_n(&flag, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&arrived, 0, __ATOMIC_RELAXED);
    for (int i = 0; i < NCAUGHT; i++) {
        if (sigaction(CAUGHT[i], &catching, &previous[i]) != 0) {
            while (i-- > 0)
                sigaction(CAUGHT[i], &previous[i], NULL);
            return -1;
        }
    }
    return 0;
}

const int *ws_signals_flag(void)
{
    return &flag;
}

int ws_signals_release(void)
{
    for (int i = 0; i < NCAUGHT; i++)
        sigaction(CAUGHT[i], &previous[i], NULL);
    return __atomic_load_n(&arrived, __ATOMIC_RELAXED);
}
