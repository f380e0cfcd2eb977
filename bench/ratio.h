/* Paired ratios and their intervals (ratio.c). */
#ifndef SSALAB_BENCH_RATIO_H
#define SSALAB_BENCH_RATIO_H

#include <stdbool.h>
#include <stddef.h>

/* A ratio with a 95% interval, from pairs (a_i, b_i) measured together: either the median of the
 * per-pair ratios a_i/b_i (samples of two kernels taken in the same round), or the ratio of the
 * sums (functions of a module). The median's interval is [x(k), x(B+1-k)] over the medians of
 * B = min(pairs, BENCH_RATIO_BATCHES) consecutive batches of rounds, k = bench_ratio_rank(B);
 * the sums' a percentile bootstrap over the pairs with a fixed seed. The same pairs always give
 * the same interval; it is widened, if need be, to hold the point estimate. With fewer than
 * BENCH_RATIO_MIN_PAIRS pairs there is no interval (ci false). have is false when there is no
 * pair at all. */
#define BENCH_RATIO_BATCHES 20u
#define BENCH_RATIO_MIN_PAIRS 5u
#define BENCH_RATIO_RESAMPLES 2000u
struct bench_ratio {
	bool have, ci;
	unsigned pairs;
	double value, lo, hi;
};
void bench_ratio_paired(const double *a, const double *b, unsigned n, struct bench_ratio *out);
/* The k above for b batches: 0 when b values cannot give 95% (b < 6; the extremes are used). */
unsigned bench_ratio_rank(unsigned b);
void bench_ratio_of_sums(const double *a, const double *b, unsigned n, struct bench_ratio *out);
/* The median of v[0, n), n > 0 (the mean of the two middle values for an even count); sorts v. */
double bench_median(double *v, unsigned n);
/* "2.31 [2.25, 2.40]", "2.31 [interval n/a: 3 pairs]" or "-". */
void bench_ratio_str(const struct bench_ratio *r, char *buf, size_t len);

#endif
