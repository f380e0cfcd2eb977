/* Timed repetitions and their statistics, and terminal progress. Every kernel is timed the
 * same way: its scratch memory was allocated by setup, the warm-up reps touch it (page faults
 * and cold caches alone change a 10^6-block DFS by about 4x), then each counted rep is timed
 * on its own with CLOCK_MONOTONIC, so the report can show the spread, not just a mean. */
#include "bench/driver.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

double bench_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double cpu_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint64_t invol_switches(void)
{
	struct rusage ru;
	return getrusage(RUSAGE_SELF, &ru) == 0 ? (uint64_t)ru.ru_nivcsw : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts v in place and returns its median (mean of the two middle values for an even count). */
static double median_sorted(double *v, unsigned n)
{
	qsort(v, n, sizeof *v, cmp_double);
	unsigned h = n / 2;
	return n % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

void bench_timing_stats(struct bench_timing *t)
{
	t->median_ms = t->min_ms = t->max_ms = 0;
	if (!t->reps)
		return;
	double *s = ssa_alloc_array(t->reps, sizeof *s);
	if (!s) {
		/* Fall back to min/max only; the median is then the first rep. */
		t->median_ms = t->min_ms = t->max_ms = t->rep_ms[0];
		for (unsigned i = 1; i < t->reps; i++) {
			if (t->rep_ms[i] < t->min_ms)
				t->min_ms = t->rep_ms[i];
			if (t->rep_ms[i] > t->max_ms)
				t->max_ms = t->rep_ms[i];
		}
		return;
	}
	memcpy(s, t->rep_ms, t->reps * sizeof *s);
	t->median_ms = median_sorted(s, t->reps);
	t->min_ms = s[0];
	t->max_ms = s[t->reps - 1];
	free(s);
}

int bench_time_reps(int (*fn)(void *arg, uint64_t *counters), void *arg, unsigned warmup,
		    unsigned reps, uint64_t *counters, struct bench_timing *t,
		    const char *progress_label)
{
	memset(t, 0, sizeof *t);
	t->rep_ms = ssa_calloc_array(reps ? reps : 1, sizeof *t->rep_ms);
	double *rep_cpu = ssa_calloc_array(reps ? reps : 1, sizeof *rep_cpu);
	if (!t->rep_ms || !rep_cpu) {
		free(rep_cpu);
		return SSA_ENOMEM;
	}
	for (unsigned i = 0; i < warmup; i++) {
		if (progress_label)
			bench_progress("%s: warm-up %u/%u", progress_label, i + 1, warmup);
		memset(counters, 0, BENCH_MAX_COUNTERS * sizeof *counters);
		int st = fn(arg, counters);
		if (st) {
			bench_progress_done();
			free(rep_cpu);
			return st;
		}
	}
	double cpu = 0, wall = 0;
	uint64_t sw0 = invol_switches();
	for (unsigned i = 0; i < reps; i++) {
		if (progress_label)
			bench_progress("%s: rep %u/%u", progress_label, i + 1, reps);
		memset(counters, 0, BENCH_MAX_COUNTERS * sizeof *counters);
		double c0 = cpu_now_ns();
		double t0 = bench_now_ns();
		int st = fn(arg, counters);
		double t1 = bench_now_ns();
		double c1 = cpu_now_ns();
		if (st) {
			bench_progress_done();
			free(rep_cpu);
			return st;
		}
		t->rep_ms[i] = (t1 - t0) / 1e6;
		t->reps = i + 1;
		rep_cpu[i] = (c1 - c0) / 1e6;
		cpu += c1 - c0;
		wall += t1 - t0;
	}
	t->cpu_ms = cpu / 1e6;
	t->utilization = wall > 0 ? cpu / wall : 1.0;
	t->invol_switches = invol_switches() - sw0;
	t->cpu_median_ms = reps ? median_sorted(rep_cpu, reps) : 0;
	free(rep_cpu);
	bench_progress_done();
	bench_timing_stats(t);
	return SSA_OK;
}

void bench_timing_free(struct bench_timing *t)
{
	free(t->rep_ms);
	t->rep_ms = NULL;
	t->reps = 0;
}

static int progress_state = -1; /* -1 unknown, 0 off, 1 on */
static bool progress_dirty;

bool bench_progress_enabled(void)
{
	if (progress_state < 0)
		progress_state = isatty(STDERR_FILENO) ? 1 : 0;
	return progress_state == 1;
}

void bench_progress(const char *fmt, ...)
{
	if (!bench_progress_enabled())
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs("\r\033[K[bench] ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	progress_dirty = true;
}

void bench_progress_done(void)
{
	if (progress_dirty && bench_progress_enabled()) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	progress_dirty = false;
}
