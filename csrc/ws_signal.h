/* Catching SIGINT and SIGTERM while a long call runs, so that the call can stop
 * early (ws_stop in ws_pack.h) and the caller then act on the signal as it would
 * have: a caller blocked in C would otherwise see Ctrl-C only once the call is
 * through. One catch at a time, from the thread that handles the process's
 * signals. */
#ifndef WS_SIGNAL_H
#define WS_SIGNAL_H

/* Installs the handlers, keeping the ones they replace; 0 on success, -1 if the
 * system refused (then nothing is caught). */
int ws_signals_catch(void);

/* Nonzero once a caught signal has arrived; give it to ws_stop.flag. */
const int *ws_signals_flag(void);

/* Puts the previous handlers back; the signal that arrived meanwhile, or 0. */
int ws_signals_release(void);

#endif
