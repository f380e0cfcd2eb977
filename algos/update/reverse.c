/* The post-dominator problem as a dynamic-dominator problem (reverse.h). */
#include "update/reverse.h"
#include "update/stream.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

static int reverse_graph(const struct cfg *g, struct cfg *rg)
{
	if (g->n >= CFG_MAX_BLOCKS)
		return SSA_ETOOBIG;
	uint64_t exits = 0;
	for (uint32_t b = 0; b < g->n; b++)
		exits += cfg_out_degree(g, b) == 0;
	if ((uint64_t)g->m + exits > CFG_MAX_EDGES)
		return SSA_ETOOBIG;
	struct edge_list el;
	int st = edge_list_init(&el, g->n + 1, (uint32_t)(g->m + exits) + 1);
	for (uint32_t b = 0; !st && b < g->n; b++)
		if (cfg_out_degree(g, b) == 0)
			st = edge_list_push(&el, 0, b + 1);
	for (uint32_t v = 0; !st && v < g->n; v++)
		for (uint32_t e = g->pred_off[v]; !st && e < g->pred_off[v + 1]; e++)
			st = edge_list_push(&el, v + 1, g->pred[e] + 1);
	if (!st)
		st = cfg_from_edges(rg, &el);
	edge_list_free(&el);
	return st;
}

int update_reverse(const struct cfg *g, const struct update_stream *s, struct cfg *rg,
		   struct update_stream *rs)
{
	memset(rg, 0, sizeof *rg);
	memset(rs, 0, sizeof *rs);
	int st = update_stream_check(g, s, NULL, NULL, 0);
	if (st)
		return st;
	if (s->n_end >= CFG_MAX_BLOCKS)
		return SSA_ETOOBIG;
	/* At most two ops per op, plus one per new block. */
	uint64_t cap = s->count * 2 + 1;
	if (cap > SIZE_MAX / sizeof *rs->ops)
		return SSA_ETOOBIG;
	uint32_t *outdeg = ssa_calloc_array(s->n_end, sizeof *outdeg);
	rs->ops = ssa_alloc_array((size_t)cap, sizeof *rs->ops);
	if (!outdeg || !rs->ops) {
		free(outdeg);
		update_stream_free(rs);
		return SSA_ENOMEM;
	}
	for (uint32_t b = 0; b < g->n; b++)
		outdeg[b] = cfg_out_degree(g, b);
	uint64_t k = 0;
	struct update *o = rs->ops;
	for (uint64_t i = 0; i < s->count; i++) {
		const struct update *u = &s->ops[i];
		switch (u->kind) {
		case UPDATE_INSERT:
			o[k++] = (struct update){UPDATE_INSERT, u->v + 1, u->u + 1};
			if (outdeg[u->u]++ == 0)
				o[k++] = (struct update){UPDATE_DELETE, 0, u->u + 1};
			break;
		case UPDATE_DELETE:
			if (--outdeg[u->u] == 0)
				o[k++] = (struct update){UPDATE_INSERT, 0, u->u + 1};
			o[k++] = (struct update){UPDATE_DELETE, u->v + 1, u->u + 1};
			break;
		case UPDATE_BLOCK:
			o[k++] = (struct update){UPDATE_BLOCK, u->u + 1, 0};
			o[k++] = (struct update){UPDATE_INSERT, 0, u->u + 1};
			break;
		default:
			o[k++] = (struct update){UPDATE_BATCH, 0, 0};
		}
	}
	free(outdeg);
	rs->count = k;
	rs->n_start = s->n_start + 1;
	rs->n_end = s->n_end + 1;
	if (s->names) {
		rs->names = ssa_calloc_array((size_t)rs->n_end, sizeof *rs->names);
		if (!rs->names)
			st = SSA_ENOMEM;
		for (uint32_t b = 0; !st && b < s->n_end; b++)
			if (s->names[b] && !(rs->names[b + 1] = strdup(s->names[b])))
				st = SSA_ENOMEM;
	}
	if (!st)
		st = reverse_graph(g, rg);
	if (st) {
		update_stream_free(rs);
		cfg_free(rg);
		memset(rg, 0, sizeof *rg);
	}
	return st;
}
