/* Timed samples, their statistics and terminal progress (timing.c). */
#ifndef SSALAB_BENCH_TIMING_H
#define SSALAB_BENCH_TIMING_H

#include <stdbool.h>
#include <stdint.h>

/* How kernels are timed: --reps samples after --warmup runs, each sample holding as many runs
 * as make it last at least --min-time seconds. */
struct bench_timing_opts {
	unsigned reps, warmup;
	double min_time_s;
};

/* Timing of one kernel or pipeline stage. Each of the reps samples ran iters times; rep_ms and
 * cpu_rep_ms are per-run times (the sample's time over iters), the statistics are over them. */
struct bench_timing {
	unsigned reps;
	uint64_t iters;
	double *rep_ms, *cpu_rep_ms;
	/* When each sample started, in ms since the process's first sample: with several kernels
	 * this shows their samples interleaved (JSON rep_start_ms, CSV rep_start_ms). */
	double *rep_start_ms;
	double median_ms, min_ms, max_ms, mean_ms, stddev_ms;
	/* Honesty about a busy machine: CPU time the process got during the samples over their
	 * wall time (near 1 on a quiet machine, lower when it was descheduled; above 1 only if
	 * another thread ran, which no kernel does), and the involuntary context switches. */
	double cpu_ms;        /* process CPU time over all counted runs */
	double cpu_median_ms; /* median of the per-run CPU times: steadier on a busy machine */
	double utilization;
	uint64_t invol_switches;
	double prepare_ms;    /* the untimed prepare step (peer libraries), -1 when none */
};

/* Utilization outside [BENCH_BUSY_UTILIZATION, BENCH_MAX_UTILIZATION] is flagged. The lower
 * bound can be moved by the environment variable SSALAB_BENCH_BUSY_UTILIZATION (a test hook:
 * a quiet machine cannot be made busy on demand). */
#define BENCH_BUSY_UTILIZATION 0.9
#define BENCH_MAX_UTILIZATION 1.05
bool bench_busy(double u);
bool bench_utilization_odd(double u);

double bench_now_ns(void); /* CLOCK_MONOTONIC */
double bench_cpu_ns(void); /* the process's CPU clock */
/* Allocates room for samples samples (bench_timing_free). */
int bench_timing_init(struct bench_timing *t, unsigned samples);
/* Median (mean of the two middle values for an even count), min, max, mean, standard deviation,
 * CPU median and utilization from t->rep_ms and t->cpu_rep_ms. */
int bench_timing_stats(struct bench_timing *t);
/* A kernel's timing in steps, so that the samples of several kernels can interleave:
 * bench_time_begin allocates t, runs the warm-up and calibrates t->iters; bench_time_sample
 * times sample i (counting the involuntary switches during it); bench_timing_stats ends. */
int bench_time_begin(int (*fn)(void *arg, uint64_t *counters), void *arg,
		     const struct bench_timing_opts *o, uint64_t *counters, struct bench_timing *t);
int bench_time_sample(int (*fn)(void *arg, uint64_t *counters), void *arg, uint64_t *counters,
		      struct bench_timing *t, unsigned i);
void bench_timing_free(struct bench_timing *t);

/* Terminal progress on stderr (no-ops when stderr is not a tty). */
bool bench_progress_enabled(void);
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bench_progress_done(void);

#endif
