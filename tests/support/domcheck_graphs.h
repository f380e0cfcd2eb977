/* Test helpers for the dominator suites: build small CFGs from edge arrays or from a compact
 * text ("n: u>v u>v ..."), compare idom arrays with a readable message, and run every
 * registered dominator algorithm on a graph. Header-only (static inline), per tests/README. */
#ifndef SSALAB_TEST_DOMCHECK_GRAPHS_H
#define SSALAB_TEST_DOMCHECK_GRAPHS_H

#include "cfg/cfg.h"
#include "dom/dom.h"
#include "dom/oracle.h"
#include "dom/verify.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses "5: 0>1 0>2 1>3 2>3 3>1" into g. Returns SSA_OK or SSA_EINPUT. */
static inline int dc_parse(struct cfg *g, const char *text)
{
	char *end;
	unsigned long n = strtoul(text, &end, 10);
	if (end == text || *end != ':' || n == 0)
		return SSA_EINPUT;
	struct edge_list el;
	if (edge_list_init(&el, (uint32_t)n, 4) != SSA_OK)
		return SSA_ENOMEM;
	const char *p = end + 1;
	for (;;) {
		while (*p == ' ' || *p == '\n' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		unsigned long u = strtoul(p, &end, 10);
		if (end == p || *end != '>')
			goto bad;
		p = end + 1;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p || u >= n || v >= n)
			goto bad;
		p = end;
		if (edge_list_push(&el, (uint32_t)u, (uint32_t)v) != SSA_OK)
			goto bad;
	}
	int rc = cfg_from_edges(g, &el);
	edge_list_free(&el);
	return rc;
bad:
	edge_list_free(&el);
	return SSA_EINPUT;
}

/* Index of the first block where a and b differ, or UINT32_MAX when equal. */
static inline uint32_t dc_first_diff(const uint32_t *a, const uint32_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return UINT32_MAX;
}

/* idom value as printed in messages: -1 for SSA_NONE. */
static inline long long dc_id(uint32_t v)
{
	return v == SSA_NONE ? -1 : (long long)v;
}

/* Expected idoms from a literal array using -1 for none. */
static inline void dc_expect(uint32_t *out, const int *lit, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		out[i] = lit[i] < 0 ? SSA_NONE : (uint32_t)lit[i];
}

/* Runs every registered algorithm whose scratch fits max_scratch bytes on g and compares with
 * want (n entries). Returns 0 when all agree and the verifier accepts want; otherwise writes
 * "<algo>: block b idom x, expected y" (or the verifier's message) into msg. */
static inline int dc_check_all(const struct cfg *g, const uint32_t *want, uint64_t max_scratch,
			       char *msg, size_t msglen)
{
	uint32_t *got = (uint32_t *)malloc((size_t)g->n * sizeof *got + 1);
	if (!got) {
		snprintf(msg, msglen, "out of memory");
		return -1;
	}
	char vmsg[200];
	if (dom_verify(g, want, vmsg, sizeof vmsg) != SSA_OK) {
		snprintf(msg, msglen, "verifier rejects the expected tree: %s", vmsg);
		free(got);
		return -1;
	}
	for (size_t i = 0; i < dom_nalgos; i++) {
		const struct dom_algo *a = dom_algos[i];
		if (a->scratch_bytes(g->n, g->m) > max_scratch)
			continue;
		int rc = dom_compute(a, g, got, NULL);
		if (rc != SSA_OK) {
			snprintf(msg, msglen, "%s: status %s", a->head.name, ssa_status_str(rc));
			free(got);
			return -1;
		}
		uint32_t d = dc_first_diff(got, want, g->n);
		if (d != UINT32_MAX) {
			snprintf(msg, msglen, "%s: block %u idom %lld, expected %lld", a->head.name, d,
				 dc_id(got[d]), dc_id(want[d]));
			free(got);
			return -1;
		}
	}
	free(got);
	return 0;
}

#endif
