/* --time-limit (deadline.c). */
#ifndef SSALAB_BENCH_DEADLINE_H
#define SSALAB_BENCH_DEADLINE_H

/* --time-limit: arms a timer that, when it fires, prints why on stderr, removes tmp_path
 * (the unfinished --out file, may be NULL) and exits with BENCH_EXIT_TIMEOUT. No-op for
 * seconds <= 0. */
void bench_deadline_arm(double seconds, const char *what, const char *tmp_path);
void bench_deadline_disarm(void);

#endif
