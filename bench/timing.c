/* Timed samples and their statistics, and terminal progress. Every kernel and the pipeline are
 * timed the same way: scratch was allocated by setup; the warm-up runs touch it (page faults and
 * cold caches alone change a 10^6-block DFS by about 4x); then, as Google Benchmark does, the
 * number of runs per sample is calibrated so that one sample lasts at least --min-time (a
 * 10^3-block DFS takes a few microseconds, below what one clock reading resolves honestly), and
 * each of the --reps samples is timed as a whole with CLOCK_MONOTONIC and the process CPU clock.
 * Reports give per-run times: a sample's time divided by its runs. */
#include "bench/timing.h"
#include "bench/kernel.h"
#include "bench/ratio.h"
#include "util/mem.h"
#include "util/status.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* A calibrated sample never holds more runs than this (a run of a few nanoseconds at 1 ms). */
#define BENCH_MAX_ITERS 100000000u
/* A warm-up run this many times --min-time needs no calibration (bench_time_begin). */
#define BENCH_CALIBRATE_SKIP 10.0

double bench_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_cpu_ns(void)
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

int bench_timing_init(struct bench_timing *t, unsigned samples)
{
	memset(t, 0, sizeof *t);
	t->rep_ms = ssa_calloc_array(samples ? samples : 1, sizeof *t->rep_ms);
	t->cpu_rep_ms = ssa_calloc_array(samples ? samples : 1, sizeof *t->cpu_rep_ms);
	t->rep_start_ms = ssa_calloc_array(samples ? samples : 1, sizeof *t->rep_start_ms);
	if (!t->rep_ms || !t->cpu_rep_ms || !t->rep_start_ms) {
		bench_timing_free(t);
		return SSA_ENOMEM;
	}
	t->iters = 1;
	return SSA_OK;
}

int bench_timing_stats(struct bench_timing *t)
{
	t->median_ms = t->min_ms = t->max_ms = t->mean_ms = t->stddev_ms = 0;
	t->cpu_median_ms = t->utilization = 0;
	if (!t->reps)
		return SSA_OK;
	double *s = ssa_alloc_array(t->reps, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	double sum = 0, cpu = 0;
	for (unsigned i = 0; i < t->reps; i++) {
		sum += t->rep_ms[i];
		cpu += t->cpu_rep_ms[i];
	}
	t->mean_ms = sum / t->reps;
	double ss = 0;
	for (unsigned i = 0; i < t->reps; i++)
		ss += (t->rep_ms[i] - t->mean_ms) * (t->rep_ms[i] - t->mean_ms);
	t->stddev_ms = t->reps > 1 ? sqrt(ss / (t->reps - 1)) : 0;
	memcpy(s, t->rep_ms, t->reps * sizeof *s);
	t->median_ms = bench_median(s, t->reps);
	t->min_ms = s[0];
	t->max_ms = s[t->reps - 1];
	memcpy(s, t->cpu_rep_ms, t->reps * sizeof *s);
	t->cpu_median_ms = bench_median(s, t->reps);
	t->cpu_ms = cpu * (double)t->iters;
	t->utilization = sum > 0 ? cpu / sum : 1.0;
	free(s);
	return SSA_OK;
}

/* The number of runs of fn that last at least min_time_s (1 when min_time_s <= 0): runs batches,
 * untimed for the report, growing until one lasts long enough. A non-OK status of fn stops it
 * (*status). */
static uint64_t calibrate(int (*fn)(void *arg, uint64_t *counters), void *arg, double min_time_s,
			  uint64_t *counters, int *status)
{
	uint64_t iters = 1;
	*status = SSA_OK;
	if (!(min_time_s > 0))
		return 1;
	for (;;) {
		double t0 = bench_now_ns();
		for (uint64_t i = 0; i < iters; i++) {
			memset(counters, 0, BENCH_MAX_COUNTERS * sizeof *counters);
			if ((*status = fn(arg, counters)) != SSA_OK)
				return iters;
		}
		double ns = bench_now_ns() - t0;
		if (ns >= min_time_s * 1e9 || iters >= BENCH_MAX_ITERS)
			return iters;
		/* Aim 20% past the minimum, growing at most tenfold per step as a too-short first
		 * batch says little about the run's real cost. */
		double want = ns > 0 ? 1.2 * min_time_s * 1e9 / ns * (double)iters : 10.0 * (double)iters;
		double cap = 10.0 * (double)iters;
		uint64_t next = (uint64_t)(want < cap ? want : cap);
		iters = next > iters ? next : iters + 1;
		if (iters > BENCH_MAX_ITERS)
			iters = BENCH_MAX_ITERS;
	}
}

static double sample_origin_ns = -1;

/* ms since the first sample of the process (the origin of rep_start_ms). */
static double sample_clock_ms(void)
{
	double now = bench_now_ns();
	if (sample_origin_ns < 0)
		sample_origin_ns = now;
	return (now - sample_origin_ns) / 1e6;
}

int bench_time_begin(int (*fn)(void *arg, uint64_t *counters), void *arg,
		     const struct bench_timing_opts *o, uint64_t *counters, struct bench_timing *t)
{
	int st = bench_timing_init(t, o->reps);
	if (st != SSA_OK)
		return st;
	double last_ns = 0;
	for (unsigned i = 0; i < o->warmup; i++) {
		memset(counters, 0, BENCH_MAX_COUNTERS * sizeof *counters);
		double t0 = bench_now_ns();
		if ((st = fn(arg, counters)) != SSA_OK)
			return st;
		last_ns = bench_now_ns() - t0;
	}
	/* A warm-up run far above --min-time already says one run per sample (t->iters is 1):
	 * calibrating would only repeat it (a 10^6-block kernel's run is a tenth of bench's wall
	 * time). The margin covers a warm-up run slowed by cold caches and first page faults. */
	if (o->min_time_s > 0 && last_ns >= BENCH_CALIBRATE_SKIP * o->min_time_s * 1e9)
		return SSA_OK;
	t->iters = calibrate(fn, arg, o->min_time_s, counters, &st);
	return st;
}

int bench_time_sample(int (*fn)(void *arg, uint64_t *counters), void *arg, uint64_t *counters,
		      struct bench_timing *t, unsigned i)
{
	uint64_t sw0 = invol_switches();
	t->rep_start_ms[i] = sample_clock_ms();
	double c0 = bench_cpu_ns(), t0 = bench_now_ns();
	for (uint64_t k = 0; k < t->iters; k++) {
		memset(counters, 0, BENCH_MAX_COUNTERS * sizeof *counters);
		int st = fn(arg, counters);
		if (st != SSA_OK)
			return st;
	}
	double t1 = bench_now_ns(), c1 = bench_cpu_ns();
	t->rep_ms[i] = (t1 - t0) / 1e6 / (double)t->iters;
	t->cpu_rep_ms[i] = (c1 - c0) / 1e6 / (double)t->iters;
	t->reps = i + 1;
	t->invol_switches += invol_switches() - sw0;
	return SSA_OK;
}

void bench_timing_free(struct bench_timing *t)
{
	free(t->rep_ms);
	free(t->cpu_rep_ms);
	free(t->rep_start_ms);
	t->rep_ms = t->cpu_rep_ms = t->rep_start_ms = NULL;
	t->reps = 0;
}

bool bench_busy(double u)
{
	static double threshold = -1;
	if (threshold < 0) {
		const char *env = getenv("SSALAB_BENCH_BUSY_UTILIZATION");
		char *end;
		double v = env ? strtod(env, &end) : 0;
		threshold = env && end != env && !*end && v > 0 && v < 100 ? v : BENCH_BUSY_UTILIZATION;
	}
	return u < threshold;
}

bool bench_utilization_odd(double u)
{
	return bench_busy(u) || u > BENCH_MAX_UTILIZATION;
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
