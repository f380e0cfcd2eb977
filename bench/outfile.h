/* --out written atomically, and --time-limit (outfile.c). */
#ifndef SSALAB_BENCH_OUTFILE_H
#define SSALAB_BENCH_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A file written atomically: the data goes to a temporary beside path, renamed over path by
 * bench_outfile_commit, removed by bench_outfile_abort. */
struct bench_outfile {
	FILE *f;
	char tmp[4096];
	const char *path;
};
int bench_outfile_open(struct bench_outfile *o, const char *path, char *err, size_t errlen);
int bench_outfile_commit(struct bench_outfile *o, char *err, size_t errlen);
void bench_outfile_abort(struct bench_outfile *o);

/* --time-limit: arms a timer that, when it fires, prints why on stderr, removes the unfinished
 * --out file (if any) and exits with BENCH_EXIT_TIMEOUT. No-op for seconds <= 0. */
void bench_deadline_arm(double seconds, const char *what);
void bench_deadline_disarm(void);

#endif
