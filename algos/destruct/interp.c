/* The equivalence interpreter for programs with copies: a reference program (the source) and a
 * candidate (its SSA program, or what an out-of-SSA translation made of it) run side by side on
 * the same walks of their common CFG, and every use must see the dynamic definition the
 * reference sees.
 *
 * Values are abstract: the k-th DEF executed on the run gets the number k in both programs
 * (their DEF ops correspond one to one, block by block, which is checked first), so two reads
 * agree exactly when they observe the same dynamic definition; copies and φs move numbers.
 * The candidate's variables are never reset between walks: a stale number from an earlier walk
 * can never equal the reference's current one, so reading it is caught as a mismatch.
 * Covering walks: walk k (k < reachable blocks) first follows the BFS tree from the entry to the
 * k-th block in BFS order, then continues at random, so every reachable block runs.
 * Time O(walks · (path + max_len) · (ops + φs per block)); memory 8 bytes per variable of either
 * program, the BFS tree and edge slots (2n + m words). */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Runs the φs of c's block b entered through operand slot (SSA_NONE: from outside). */
static void run_phis(const struct cprog *c, uint32_t b, uint32_t slot, uint64_t *env, uint64_t *tmp)
{
	uint32_t first = c->phi_off[b], last = c->phi_off[b + 1];
	for (uint32_t q = first; q < last; q++) {
		uint32_t a = slot == SSA_NONE ? SSA_UNDEF : c->arg[c->arg_off[q] + slot];
		tmp[q - first] = a == SSA_UNDEF ? 0 : env[a];
	}
	for (uint32_t q = first; q < last; q++)
		env[c->phi_var[q]] = tmp[q - first];
}

/* Runs the ops of block b; every DEF takes ++*fresh; the values read by USE ops go to seen[]
 * (at most as many as the block's uses). tmp holds a parallel copy's sources. */
static void run_ops(const struct cprog *c, uint32_t b, uint64_t *env, uint64_t *fresh,
		    uint64_t *seen, uint64_t *tmp)
{
	uint32_t nu = 0;
	for (uint32_t i = c->op_off[b]; i < c->op_off[b + 1];) {
		unsigned k = cprog_kind_of(c, i);
		if (k == CP_DEF) {
			env[c->var[i++]] = ++*fresh;
		} else if (k == CP_USE) {
			seen[nu++] = c->var[i] == SSA_UNDEF ? 0 : env[c->var[i]];
			i++;
		} else if (k == CP_COPY) {
			env[c->var[i]] = c->src[i] == SSA_UNDEF ? 0 : env[c->src[i]];
			i++;
		} else {
			uint32_t end = i + 1;
			while (end < c->op_off[b + 1] && cprog_kind_of(c, end) == CP_PAR &&
			       !(c->kind[end] & CP_PAR_FIRST))
				end++;
			for (uint32_t j = i; j < end; j++)
				tmp[j - i] = c->src[j] == SSA_UNDEF ? 0 : env[c->src[j]];
			for (uint32_t j = i; j < end; j++)
				env[c->var[j]] = tmp[j - i];
			i = end;
		}
	}
}

/* The DEF/USE skeleton of block b must be the same in both; *maxuse, *maxtmp grow to the block's
 * uses and its largest φ group or parallel copy. */
static bool same_skeleton(const struct cprog *a, const struct cprog *d, uint32_t b, uint32_t *maxuse,
			  uint32_t *maxtmp)
{
	uint32_t i = a->op_off[b], j = d->op_off[b], nu = 0;
	for (;;) {
		while (i < a->op_off[b + 1] && cprog_kind_of(a, i) >= CP_COPY)
			i++;
		while (j < d->op_off[b + 1] && cprog_kind_of(d, j) >= CP_COPY)
			j++;
		bool ea = i == a->op_off[b + 1], ed = j == d->op_off[b + 1];
		if (ea || ed) {
			if (!(ea && ed))
				return false;
			break;
		}
		if (cprog_kind_of(a, i) != cprog_kind_of(d, j))
			return false;
		nu += cprog_kind_of(a, i) == CP_USE;
		i++;
		j++;
	}
	if (nu > *maxuse)
		*maxuse = nu;
	const struct cprog *both[2] = {a, d};
	for (int w = 0; w < 2; w++) {
		const struct cprog *c = both[w];
		uint32_t np = c->phi_off[b + 1] - c->phi_off[b];
		if (np > *maxtmp)
			*maxtmp = np;
		uint32_t run = 0;
		for (uint32_t k = c->op_off[b]; k < c->op_off[b + 1]; k++) {
			bool cont = cprog_kind_of(c, k) == CP_PAR && !(c->kind[k] & CP_PAR_FIRST);
			run = cont ? run + 1 : 1;
			if (run > *maxtmp)
				*maxtmp = run;
		}
	}
	return true;
}

int cprog_interp_compare(const struct cprog *ref, const struct cprog *d,
			 const struct cprog_interp_opts *o, struct cprog_interp_stats *st, char *msg,
			 size_t msglen)
{
	const struct cfg *g = ref->g;
	memset(st, 0, sizeof(*st));
	if (msglen)
		msg[0] = 0;
	if (d->g->n != g->n || d->g->m != g->m ||
	    memcmp(d->g->succ, g->succ, (size_t)g->m * sizeof(uint32_t)) != 0 ||
	    memcmp(d->g->succ_off, g->succ_off, ((size_t)g->n + 1) * sizeof(uint32_t)) != 0) {
		snprintf(msg, msglen, "the two programs have different CFGs");
		return SSA_EINPUT;
	}
	uint32_t maxuse = 0, maxtmp = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if (!same_skeleton(ref, d, b, &maxuse, &maxtmp)) {
			snprintf(msg, msglen,
				 "block %" PRIu32 ": the definitions and uses differ between the programs",
				 b);
			return SSA_EINPUT;
		}
	uint64_t *envr = ssa_alloc_array(ref->nvars, sizeof(uint64_t));
	uint64_t *envd = ssa_calloc_array(d->nvars, sizeof(uint64_t));
	uint64_t *seenr = ssa_alloc_array(maxuse, sizeof(uint64_t));
	uint64_t *seend = ssa_alloc_array(maxuse, sizeof(uint64_t));
	uint64_t *tmp = ssa_alloc_array(maxtmp, sizeof(uint64_t));
	uint32_t *edge_slot = ssa_alloc_array(g->m, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof(uint32_t));
	uint32_t *bfs = ssa_alloc_array(g->n, sizeof(uint32_t));
	uint32_t *parent_edge = ssa_alloc_array(g->n, sizeof(uint32_t));
	uint32_t *path = ssa_alloc_array(g->n, sizeof(uint32_t));
	uint8_t *ran = ssa_calloc_array(g->n, 1);
	int rc = SSA_ENOMEM;
	if (!envr || !envd || !seenr || !seend || !tmp || !edge_slot || !cursor || !bfs ||
	    !parent_edge || !path || !ran)
		goto out;
	ssa_edge_slots(g, edge_slot, cursor);
	/* BFS tree from the entry: parent_edge[v] = the successor edge that discovered v. */
	for (uint32_t v = 0; v < g->n; v++)
		parent_edge[v] = SSA_NONE;
	uint32_t nb = 0, head = 0;
	bfs[nb++] = 0;
	parent_edge[0] = UINT32_MAX - 1; /* the entry: discovered, no edge */
	while (head < nb) {
		uint32_t u = bfs[head++];
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			if (parent_edge[g->succ[e]] == SSA_NONE) {
				parent_edge[g->succ[e]] = e;
				bfs[nb++] = g->succ[e];
			}
	}
	struct ssa_rng rng;
	ssa_rng_seed(&rng, o->seed);
	uint64_t fresh = 0;
	rc = SSA_OK;
	for (uint32_t w = 0; w < o->walks; w++) {
		for (uint32_t v = 0; v < ref->nvars; v++)
			envr[v] = 0;
		uint32_t plen = 0;
		if (o->cover && w < nb) {
			for (uint32_t v = bfs[w]; v != 0;) {
				uint32_t e = parent_edge[v];
				path[plen++] = e;
				/* source of e: largest u with succ_off[u] <= e */
				uint32_t lo = 0, hi = g->n;
				while (hi - lo > 1) {
					uint32_t mid = lo + (hi - lo) / 2;
					if (g->succ_off[mid] <= e)
						lo = mid;
					else
						hi = mid;
				}
				v = lo;
			}
		}
		uint32_t b = 0, slot = SSA_NONE, prevb = SSA_NONE;
		uint64_t limit = (uint64_t)plen + o->max_len;
		for (uint32_t step = 0;; step++) {
			st->blocks++;
			if (!ran[b]) {
				ran[b] = 1;
				st->covered++;
			}
			run_phis(ref, b, slot, envr, tmp);
			run_phis(d, b, slot, envd, tmp);
			uint64_t f0 = fresh;
			run_ops(ref, b, envr, &fresh, seenr, tmp);
			uint64_t f1 = fresh;
			fresh = f0;
			run_ops(d, b, envd, &fresh, seend, tmp);
			fresh = f1;
			uint32_t nu = 0;
			for (uint32_t i = ref->op_off[b]; i < ref->op_off[b + 1]; i++)
				nu += cprog_kind_of(ref, i) == CP_USE;
			for (uint32_t k = 0; k < nu; k++) {
				if (seenr[k] == 0)
					continue;
				st->uses++;
				if (seend[k] != seenr[k]) {
					snprintf(msg, msglen,
						 "walk %" PRIu32 " step %" PRIu32 ": block %" PRIu32
						 " (from block %" PRIu32 "), use %" PRIu32
						 " of the block: the program reads definition #%" PRIu64
						 ", the translation %s",
						 w, step, b, prevb, k, seenr[k],
						 seend[k] == 0 ? "reads undefined"
							       : "another definition");
					rc = SSA_EVERIFY;
					goto out;
				}
			}
			uint32_t e;
			if (plen) {
				e = path[--plen];
			} else {
				uint32_t deg = cfg_out_degree(g, b);
				if (deg == 0 || step >= limit)
					break;
				e = g->succ_off[b] + (uint32_t)ssa_rng_below(&rng, deg);
			}
			prevb = b;
			slot = edge_slot[e];
			b = g->succ[e];
		}
	}
out:
	ssa_free_all(envr, envd, seenr, seend, tmp, edge_slot, cursor, bfs, parent_edge, path, ran);
	return rc;
}
