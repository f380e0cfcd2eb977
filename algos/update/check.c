/* Checks of dynamic dominator trees against fresh computations (check.h). */
#include "update/check.h"
#include "dom/oracle.h"
#include "dom/reference.h"
#include "dom/verify.h"
#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reference plus the certificate cost about this many DFS-sized passes. */
#define CHECK_REFERENCE_PASSES 20u

/* The brute-force oracle only where it is cheap: above this much work (n x m) the reference and
 * the certificate, linear, allow hundreds of checks along a stream where the oracle would
 * allow two. */
#define CHECK_ORACLE_MAX_WORK (1ull << 22)

static bool use_oracle(uint64_t n, uint64_t m)
{
	return dom_oracle_fits(n, m) && dom_oracle_work(n, m) <= CHECK_ORACLE_MAX_WORK;
}

uint64_t update_check_cost(uint64_t n, uint64_t m)
{
	if (use_oracle(n, m))
		return dom_oracle_work(n, m);
	return ssa_bytes(ssa_sat_add(n, m), CHECK_REFERENCE_PASSES);
}

uint64_t update_check_every(uint64_t n, uint64_t m, uint64_t batches)
{
	uint64_t cost = update_check_cost(n, m);
	if (cost == 0 || batches == 0)
		return 1;
	uint64_t checks = UPDATE_CHECK_BUDGET / cost;
	if (checks == 0)
		checks = 1;
	return checks >= batches ? 1 : (batches + checks - 1) / checks;
}

static int compare(const uint32_t *got, const uint32_t *want, uint32_t n, const char *what,
		   char *msg, size_t len)
{
	for (uint32_t b = 0; b < n; b++)
		if (got[b] != want[b]) {
			if (msg)
				snprintf(msg, len, "block %u: idom %d, expected %d (%s)", b, (int)got[b],
					 (int)want[b], what);
			return SSA_EVERIFY;
		}
	return SSA_OK;
}

int update_check_tree(const struct cfg *g, const uint32_t *idom, enum update_check_how *how,
		      char *msg, size_t len)
{
	uint32_t *want = ssa_alloc_array(g->n, sizeof *want);
	if (!want)
		return SSA_ENOMEM;
	int st;
	if (use_oracle(g->n, g->m)) {
		if (how)
			*how = UPDATE_CHECK_ORACLE;
		st = dom_oracle(g, want);
		if (!st)
			st = compare(idom, want, g->n, "oracle", msg, len);
	} else {
		if (how)
			*how = UPDATE_CHECK_REFERENCE;
		st = dom_reference(g, want);
		if (!st)
			st = compare(idom, want, g->n, "reference", msg, len);
		if (!st) {
			bool certified = false;
			char why[256];
			st = dom_verify_cert(g, idom, &certified, why, sizeof why);
			if (st == SSA_OK && !certified)
				st = SSA_EVERIFY;
			if (st == SSA_EVERIFY && msg)
				snprintf(msg, len, "equal to the reference but not certified: %s", why);
		}
	}
	free(want);
	return st;
}

int update_run_checked(const struct update_algo *a, const struct cfg *g,
		       const struct update_stream *s, uint64_t every, struct update_check_report *rep,
		       uint64_t *counters, char *msg, size_t len)
{
	uint64_t local[UPDATE_MAX_COUNTERS];
	struct update_check_report lrep;
	if (!counters)
		counters = local;
	if (!rep)
		rep = &lrep;
	memset(counters, 0, UPDATE_MAX_COUNTERS * sizeof *counters);
	memset(rep, 0, sizeof *rep);
	if (msg && len)
		msg[0] = '\0';
	if (s->n_start != g->n)
		return SSA_EUSAGE;
	uint64_t nbatches = 0, at = 0, start;
	size_t k;
	while (update_stream_next_batch(s, &at, &start, &k))
		nbatches++;
	if (!every) {
		uint64_t edges = g->m;
		for (uint64_t i = 0; i < s->count; i++)
			edges += s->ops[i].kind == UPDATE_INSERT;
		every = update_check_every(s->n_end, edges, nbatches);
	}
	rep->every = every;

	struct dyn_cfg d;
	struct dyn_export ex;
	memset(&ex, 0, sizeof ex);
	int st = dyn_cfg_init(&d, g, s->n_end);
	if (st)
		return st;
	void *state = NULL;
	if ((st = a->init(&state, &d, s->n_end))) {
		dyn_cfg_free(&d);
		return st;
	}
	at = 0;
	for (uint64_t b = 0;; b++) {
		if (b == 0 || b % every == 0 || b == nbatches) {
			if ((st = dyn_cfg_export_into(&d, &ex)))
				break;
			st = update_check_tree(&ex.g, a->idom(state), &rep->how, msg, len);
			rep->checked++;
			if (st) {
				rep->failed_batch = b;
				break;
			}
		}
		if (!update_stream_next_batch(s, &at, &start, &k))
			break;
		if ((st = dyn_cfg_apply(&d, s->ops + start, k, NULL)))
			break;
		if ((st = a->apply(state, &d, s->ops + start, k, counters)))
			break;
		rep->batches++;
	}
	a->free(state);
	dyn_export_free(&ex);
	dyn_cfg_free(&d);
	return st;
}

int update_check_stream(const struct update_algo *a, const struct cfg *g,
			const struct update_stream *s, bool post, uint64_t batches, char *msg,
			size_t len)
{
	struct update_check_report rep;
	char why[256];
	int st = update_run_checked(a, g, s, 0, &rep, NULL, why, sizeof why);
	const char *how = rep.how == UPDATE_CHECK_ORACLE ? "the brute-force oracle"
			: "the reference dominators and their low-high certificate";
	const char *what = post ? "post-dominator tree (reversed graph, virtual exit)" : "tree";
	if (st == SSA_EVERIFY) {
		snprintf(msg, len, "%s after batch %" PRIu64 " of %" PRIu64 ": %s", what,
			 rep.failed_batch, batches, why);
		return st;
	}
	if (st) {
		snprintf(msg, len, "checked run: %s", ssa_status_str(st));
		return st;
	}
	if (rep.every == 1)
		snprintf(msg, len, "%s after the build and after each of %" PRIu64 " batches "
			 "= %s", what, rep.batches, how);
	else
		snprintf(msg, len, "%s after the build, every k-th of %" PRIu64 " batches (k=%"
			 PRIu64 ") and the last, %" PRIu64 " trees = %s", what, rep.batches,
			 rep.every, rep.checked, how);
	return SSA_OK;
}
