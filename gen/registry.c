/* The generator table, parameter defaults, the common driver gen_cfg (edge list -> CSR) and
 * the size parser shared by gen and bench. Adding a family is a file plus a line below. */
#include "gen/build.h"
#include "gen/gen.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct gen_family gen_families[] = {
	{"random", "random spanning arborescence from the entry plus random extra edges "
		   "(back, cross, forward, self); average out-degree --degree (2)", gen_build_random},
	{"structured", "CFG of a random structured C function at -O0: if/else, loops, switch with "
		       "fall-through, break/continue/return; reducible unless --goto",
	 gen_build_structured},
	{"chain", "straight line 0->1->...->n-1 (deep DFS, long dominator tree)", gen_build_chain},
	{"diamonds", "a chain of if/else diamonds (many joins, shallow frontiers)",
	 gen_build_diamonds},
	{"ladder", "two chains joined by rungs; sum of |DF| grows as n^2/8 (k=n/2 rungs)",
	 gen_build_ladder},
	{"repeat-until", "k nested repeat-until loops; sum of |DF| = k(k+1), one-chain dominator tree",
	 gen_build_repeat_until},
	{"irreducible", "a chain of multi-entry loops (2-4 headers entered from one split block)",
	 gen_build_irreducible},
	{"switch", "one switch with n-2 cases, random fall-through (huge fan-out and fan-in)",
	 gen_build_switch},
	{"dense", "a chain plus random edges: --degree (16) successors per block", gen_build_dense},
	{"itworst", "GTW worst case for iterative dominators: k+1 passes, ~1.5k^4 steps, k^2+5k "
		    "arcs (sized by --edges)", gen_build_itworst},
	{"idfsquad", "GTW: iterative dominators take k+2 passes, ~k^3/3 steps (n=3k+1)",
	 gen_build_idfsquad},
	{"ibfsquad", "GTW: BFS-initialised iterative dominators take k+1 passes (n=k+4)",
	 gen_build_ibfsquad},
	{"sncaworst", "GTW: Semi-NCA's second phase takes k^2 steps (n=2k+1)", gen_build_sncaworst},
};
const size_t gen_nfamilies = sizeof gen_families / sizeof gen_families[0];

const struct gen_family *gen_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < gen_nfamilies; i++)
		if (strcmp(gen_families[i].name, name) == 0)
			return &gen_families[i];
	return NULL;
}

void gen_params_default(struct gen_params *p)
{
	memset(p, 0, sizeof *p);
	p->family = "random";
	p->blocks = 1000;
	p->seed = GEN_DEFAULT_SEED;
}

/* When the family emitted its edges already grouped by source (most do), the targets are
 * the successor array as they stand: count the offsets and hand dst over, instead of a
 * counting sort into a second array. Saves 4 bytes an edge of peak memory and a pass. */
static int csr_from_sorted(struct cfg *out, struct edge_list *el, bool *done)
{
	*done = false;
	for (uint32_t i = 1; i < el->m; i++)
		if (el->src[i] < el->src[i - 1])
			return SSA_OK;
	uint32_t *off = ssa_calloc_array((size_t)el->n + 1, sizeof *off);
	if (!off)
		return SSA_ENOMEM;
	for (uint32_t i = 0; i < el->m; i++)
		off[el->src[i] + 1]++;
	for (uint32_t b = 0; b < el->n; b++)
		off[b + 1] += off[b];
	uint32_t *succ = el->dst;
	if (el->cap > el->m) {
		uint32_t *shrunk = ssa_realloc_array(succ, el->m, sizeof *succ);
		if (shrunk)
			succ = shrunk;
	}
	el->dst = NULL;
	free(el->src);
	el->src = NULL;
	*done = true;
	return cfg_from_succ_csr(out, el->n, el->m, off, succ);
}

int gen_cfg(const struct gen_params *p, struct cfg *out, struct gen_info *info)
{
	memset(out, 0, sizeof *out);
	memset(info, 0, sizeof *info);
	const struct gen_family *f = gen_find(p->family);
	if (!f) {
		snprintf(info->note, sizeof info->note, "unknown family '%s' (gen --list lists them)",
			 p->family ? p->family : "(none)");
		return SSA_EUSAGE;
	}
	if (p->blocks > CFG_MAX_BLOCKS) {
		snprintf(info->note, sizeof info->note, "%s: %llu blocks exceed the limit %u",
			 f->name, (unsigned long long)p->blocks, CFG_MAX_BLOCKS);
		return SSA_ETOOBIG;
	}
	if (p->max_depth > GEN_MAX_DEPTH) {
		snprintf(info->note, sizeof info->note, "nesting depth %u exceeds %u", p->max_depth,
			 GEN_MAX_DEPTH);
		return SSA_EUSAGE;
	}
	if (p->goto_permille > 1000) {
		snprintf(info->note, sizeof info->note, "--goto is per mille, at most 1000");
		return SSA_EUSAGE;
	}
	struct edge_list el;
	memset(&el, 0, sizeof el);
	int st = f->build(p, &el, info);
	bool done = false;
	if (st == SSA_OK)
		st = csr_from_sorted(out, &el, &done);
	if (st == SSA_OK && !done)
		st = cfg_from_edges(out, &el);
	edge_list_free(&el);
	if (st != SSA_OK) {
		if (!info->note[0])
			snprintf(info->note, sizeof info->note, "%s: %s", f->name, ssa_status_str(st));
		return st;
	}
	info->n = out->n;
	info->m = out->m;
	if (!info->note[0])
		snprintf(info->note, sizeof info->note, "%s: n=%u, m=%u", f->name, out->n, out->m);
	return SSA_OK;
}

/* Grammar: digits ['.' digits] [('e'|'E') ['+'] digits]; the value must be a whole number that
 * fits in 64 bits. Integer arithmetic only, so "2.5e3" is exactly 2500 on every machine. */
int gen_parse_count(const char *s, uint64_t *out)
{
	if (!s || !*s)
		return SSA_EUSAGE;
	const char *c = s;
	uint64_t mant = 0;
	unsigned frac = 0; /* digits after the point that went into mant */
	int ndig = 0;
	int saw_point = 0;
	/* Trailing zeros of the fraction are dropped, so "1.50e1" is treated as "1.5e1". */
	unsigned pending_zeros = 0;
	for (;; c++) {
		if (*c >= '0' && *c <= '9') {
			unsigned d = (unsigned)(*c - '0');
			ndig++;
			if (saw_point && d == 0) {
				pending_zeros++;
				continue;
			}
			for (unsigned z = 0; z <= pending_zeros; z++) {
				uint64_t digit = z == pending_zeros ? d : 0;
				if (__builtin_mul_overflow(mant, 10, &mant) ||
				    __builtin_add_overflow(mant, digit, &mant))
					return SSA_EUSAGE;
				if (saw_point)
					frac++;
			}
			pending_zeros = 0;
		} else if (*c == '.' && !saw_point && ndig > 0) {
			saw_point = 1;
		} else {
			break;
		}
	}
	if (ndig == 0 || (saw_point && c[-1] == '.'))
		return SSA_EUSAGE;
	uint64_t exp = 0;
	if (*c == 'e' || *c == 'E') {
		c++;
		if (*c == '+')
			c++;
		if (!(*c >= '0' && *c <= '9'))
			return SSA_EUSAGE;
		for (; *c >= '0' && *c <= '9'; c++) {
			exp = exp * 10 + (uint64_t)(*c - '0');
			if (exp > 1000)
				return SSA_EUSAGE;
		}
	}
	if (*c)
		return SSA_EUSAGE;
	if (mant == 0) {
		*out = 0;
		return SSA_OK;
	}
	if (exp < frac)
		return SSA_EUSAGE; /* a fraction remains: not a whole number */
	for (uint64_t i = frac; i < exp; i++)
		if (__builtin_mul_overflow(mant, 10, &mant))
			return SSA_EUSAGE;
	*out = mant;
	return SSA_OK;
}

int gen_estimate(const struct gen_params *p, uint64_t *n_out, uint64_t *m_out, uint64_t *peak,
		 char *note, size_t notelen)
{
	const struct gen_family *f = gen_find(p->family);
	if (!f) {
		snprintf(note, notelen, "unknown family '%s'", p->family ? p->family : "(none)");
		return SSA_EUSAGE;
	}
	const char *name = f->name;
	uint64_t N = p->blocks, n = N, m = 0, scratch = 0, k;
	if (N == 0 && !(strcmp(name, "itworst") == 0 && p->edges)) {
		snprintf(note, notelen, "%s needs --blocks >= 1", name);
		return SSA_EUSAGE;
	}
	if (N > CFG_MAX_BLOCKS) {
		snprintf(note, notelen, "%s: %llu blocks exceed the limit %u", name,
			 (unsigned long long)N, CFG_MAX_BLOCKS);
		return SSA_ETOOBIG;
	}
	if (!strcmp(name, "random")) {
		uint32_t deg = p->degree_x100 ? p->degree_x100 : GEN_DEFAULT_DEGREE_RANDOM;
		m = gen_degree_cap(N, deg);
		scratch = ssa_bytes(N, 16); /* parent, extra counts, child offsets, children */
	} else if (!strcmp(name, "dense")) {
		m = gen_degree_cap(N, p->degree_x100 ? p->degree_x100 : GEN_DEFAULT_DEGREE_DENSE);
	} else if (!strcmp(name, "structured")) {
		m = N / 2 * 3 + 16;
	} else if (!strcmp(name, "chain")) {
		m = N - 1;
	} else if (!strcmp(name, "diamonds")) {
		m = N / 3 * 4 + 2;
	} else if (!strcmp(name, "switch")) {
		m = 2 * N;
	} else if (!strcmp(name, "irreducible")) {
		m = 3 * N;
	} else if (!strcmp(name, "ladder")) {
		k = gen_pick_linear_k(N, 2, 0, 1);
		n = 2 * k;
		m = 3 * k - 2;
	} else if (!strcmp(name, "repeat-until")) {
		k = gen_pick_linear_k(N, 2, 2, 1);
		n = 2 * k + 2;
		m = 3 * k + 1;
	} else if (!strcmp(name, "itworst")) {
		k = gen_itworst_k(p);
		n = 4 * k + 1;
		m = k * k + 5 * k;
	} else if (!strcmp(name, "idfsquad")) {
		k = gen_pick_linear_k(N, 3, 1, 1);
		n = 3 * k + 1;
		m = 5 * k;
	} else if (!strcmp(name, "ibfsquad")) {
		k = gen_pick_linear_k(N, 1, 4, 1);
		n = k + 4;
		m = 2 * k + 3;
	} else if (!strcmp(name, "sncaworst")) {
		k = gen_pick_linear_k(N, 2, 1, 1);
		n = 2 * k + 1;
		m = 3 * k;
	}
	if (n > CFG_MAX_BLOCKS || m > CFG_MAX_EDGES) {
		snprintf(note, notelen, "%s: %llu blocks and %llu edges exceed the limits", name,
			 (unsigned long long)n, (unsigned long long)m);
		return SSA_ETOOBIG;
	}
	/* gen_cfg holds the edge list (8 bytes an edge) while it builds the CSR from it. */
	uint64_t bytes = ssa_sat_add(ssa_sat_add(ssa_bytes(m, 8), cfg_bytes(n, m)), scratch);
	if (p->vars) {
		uint64_t nops = gen_prog_nops(p, (uint32_t)n);
		/* placement arrays (8 per op), the ops and offsets, and the DFS for locality */
		bytes = ssa_sat_add(bytes, ssa_sat_add(ssa_bytes(nops, 12), ssa_bytes(n + 1, 4)));
		if (p->locality)
			bytes = ssa_sat_add(bytes, ssa_bytes(n, 28));
	}
	*n_out = n;
	*m_out = m;
	*peak = bytes;
	return SSA_OK;
}
