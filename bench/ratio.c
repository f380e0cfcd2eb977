/* Ratios between two timings that hold on a shared machine. Two medians taken minutes apart
 * divide two different machine states: a burst of load during one kernel's samples moves the
 * ratio by any factor. A ratio is therefore only ever formed from pairs measured together
 * (sample i of both kernels, taken in the same round; or both kernels on the same function),
 * and reported with a 95% interval, so that two runs can be compared by whether their
 * intervals overlap. Per-round ratios get an order-statistic interval (no randomness: the
 * percentile bootstrap it replaces was too narrow for a median of few rounds); ratios of sums
 * over functions a bootstrap drawn from algos/util's xoshiro with a fixed seed. Either way the
 * same pairs give the same interval on every run and machine. */
#include "bench/ratio.h"
#include "util/mem.h"
#include "util/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_RATIO_SEED 0x726174696f733935ull

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double bench_median(double *v, unsigned n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The interval [lo, hi], widened if need be to hold the point estimate. */
static void set_interval(struct bench_ratio *out, double lo, double hi)
{
	out->lo = lo < out->value ? lo : out->value;
	out->hi = hi > out->value ? hi : out->value;
	out->ci = true;
}

/* The rank k of the interval [x(k), x(b+1-k)] for the median of b values: the largest k whose
 * two tails, P(Binomial(b, 1/2) < k) each, stay within 2.5%; 0 when even the extremes cannot
 * make 95%, in which case the extremes are used when b >= BENCH_RATIO_MIN_PAIRS (b = 5 gives
 * 93.75%: the best five values can do). */
unsigned bench_ratio_rank(unsigned b)
{
	double tail = 0, p = 1;
	for (unsigned j = 0; j < b; j++)
		p /= 2; /* P(X = 0) */
	unsigned k = 0;
	for (unsigned j = 0; j < b; j++) {
		tail += p; /* P(X <= j) */
		if (tail > 0.025)
			break;
		k = j + 1;
		p = p * (double)(b - j) / (double)(j + 1);
	}
	return k;
}

void bench_ratio_paired(const double *a, const double *b, unsigned n, struct bench_ratio *out)
{
	memset(out, 0, sizeof *out);
	double *r = ssa_alloc_array(n ? n : 1, sizeof *r);
	double *tmp = ssa_alloc_array(n ? n : 1, sizeof *tmp);
	unsigned k = 0;
	for (unsigned i = 0; r && tmp && i < n; i++)
		if (b[i] > 0)
			r[k++] = a[i] / b[i];
	if (k) {
		out->have = true;
		out->pairs = k;
		memcpy(tmp, r, k * sizeof *tmp);
		out->value = bench_median(tmp, k);
	}
	if (k >= BENCH_RATIO_MIN_PAIRS) {
		/* Rounds close in time share the machine's state, so with many rounds their
		 * consecutive batches, not the rounds, are the independent draws; the interval
		 * for the median then comes from the order statistics of the batch medians,
		 * exact for independent draws whatever their distribution. */
		unsigned nb = k < BENCH_RATIO_BATCHES ? k : BENCH_RATIO_BATCHES;
		double *bm = ssa_alloc_array(nb, sizeof *bm);
		if (bm) {
			for (unsigned j = 0; j < nb; j++) {
				unsigned lo = (unsigned)((uint64_t)j * k / nb);
				unsigned hi = (unsigned)((uint64_t)(j + 1) * k / nb);
				memcpy(tmp, r + lo, (hi - lo) * sizeof *tmp);
				bm[j] = bench_median(tmp, hi - lo);
			}
			qsort(bm, nb, sizeof *bm, cmp_double);
			unsigned rank = bench_ratio_rank(nb);
			if (!rank)
				rank = 1;
			set_interval(out, bm[rank - 1], bm[nb - rank]);
			free(bm);
		}
	}
	free(tmp);
	free(r);
}

void bench_ratio_of_sums(const double *a, const double *b, unsigned n, struct bench_ratio *out)
{
	memset(out, 0, sizeof *out);
	double sa = 0, sb = 0;
	for (unsigned i = 0; i < n; i++) {
		sa += a[i];
		sb += b[i];
	}
	if (!n || !(sb > 0))
		return;
	out->have = true;
	out->pairs = n;
	out->value = sa / sb;
	if (n < BENCH_RATIO_MIN_PAIRS)
		return;
	double *boot = ssa_alloc_array(BENCH_RATIO_RESAMPLES, sizeof *boot);
	if (!boot)
		return;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, BENCH_RATIO_SEED);
	unsigned nb = 0;
	for (unsigned s = 0; s < BENCH_RATIO_RESAMPLES; s++) {
		double x = 0, y = 0;
		for (unsigned j = 0; j < n; j++) {
			uint64_t i = ssa_rng_below(&rng, n);
			x += a[i];
			y += b[i];
		}
		if (y > 0) /* a resample of only zero-time functions says nothing */
			boot[nb++] = x / y;
	}
	if (nb) {
		/* the 2.5% and 97.5% points of the resampled ratios (nearest rank) */
		qsort(boot, nb, sizeof *boot, cmp_double);
		unsigned hi = (unsigned)(0.975 * nb);
		set_interval(out, boot[(unsigned)(0.025 * nb)], boot[hi < nb ? hi : nb - 1]);
	}
	free(boot);
}

void bench_ratio_str(const struct bench_ratio *r, char *buf, size_t len)
{
	if (!r->have)
		snprintf(buf, len, "-");
	else if (!r->ci)
		snprintf(buf, len, "%.4g [interval n/a: %u pair%s, needs %u]", r->value, r->pairs,
			 r->pairs == 1 ? "" : "s", BENCH_RATIO_MIN_PAIRS);
	else
		snprintf(buf, len, "%.4g [%.4g, %.4g]", r->value, r->lo, r->hi);
}
