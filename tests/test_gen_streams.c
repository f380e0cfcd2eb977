/* Update streams (gen/stream.h): every update valid on its start graph (replayed here on an edge
 * multiset of the test's own), the same stream for the same seed (and pinned hashes of the
 * canonical text, so any change shows), each compiler transformation's exact result on small
 * hand-built CFGs (updates in LLVM's order, the final edge multiset), what the adversaries
 * promise (checked with the dominator oracle), streams at 10^5 blocks on a small stack, and the
 * gen command's stream options and errors. */
#include <criterion/criterion.h>

#define SCRATCH_DIR_NAME "ssalab-gen-streams"
#include "support/gen_util.h"
#include "support/scratch_dir.h"

#include "cfg/traverse.h"
#include "dom/oracle.h"
#include "gen/stream.h"
#include "gen/stream_internal.h"
#include "update/stream.h"

#include <pthread.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- an edge multiset of the test's own: per block a successor array ---- */

struct sim {
	uint32_t n;
	uint32_t **succ;
	uint32_t *len, *cap;
};

static void sim_init(struct sim *s, const struct cfg *g, uint32_t n_end)
{
	s->n = g->n;
	s->succ = calloc(n_end, sizeof *s->succ);
	s->len = calloc(n_end, sizeof *s->len);
	s->cap = calloc(n_end, sizeof *s->cap);
	cr_assert(s->succ && s->len && s->cap);
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t i = g->succ_off[u]; i < g->succ_off[u + 1]; i++) {
			if (s->len[u] == s->cap[u]) {
				s->cap[u] = s->cap[u] ? 2 * s->cap[u] : 4;
				s->succ[u] = realloc(s->succ[u], s->cap[u] * sizeof **s->succ);
				cr_assert_not_null(s->succ[u]);
			}
			s->succ[u][s->len[u]++] = g->succ[i];
		}
}

static void sim_free(struct sim *s, uint32_t n_end)
{
	for (uint32_t b = 0; b < n_end; b++)
		free(s->succ[b]);
	free(s->succ);
	free(s->len);
	free(s->cap);
}

/* Applies the stream, asserting every update's validity; the end graph is left in s. */
static void sim_apply(struct sim *s, const struct update_stream *st, const char *what)
{
	cr_assert(st->count == 0 || st->ops[st->count - 1].kind == UPDATE_BATCH,
		  "%s: the last update is not a batch mark", what);
	for (uint64_t i = 0; i < st->count; i++) {
		const struct update *o = &st->ops[i];
		switch (o->kind) {
		case UPDATE_BLOCK:
			cr_assert_eq(o->u, s->n, "%s: op %llu: new block %u, expected %u", what,
				     (unsigned long long)i, o->u, s->n);
			cr_assert_lt(s->n, st->n_end, "%s: more blocks than n_end", what);
			s->n++;
			break;
		case UPDATE_INSERT:
			cr_assert(o->u < s->n && o->v < s->n, "%s: op %llu: id out of range", what,
				  (unsigned long long)i);
			if (s->len[o->u] == s->cap[o->u]) {
				s->cap[o->u] = s->cap[o->u] ? 2 * s->cap[o->u] : 4;
				s->succ[o->u] = realloc(s->succ[o->u], s->cap[o->u] * sizeof **s->succ);
				cr_assert_not_null(s->succ[o->u]);
			}
			s->succ[o->u][s->len[o->u]++] = o->v;
			break;
		case UPDATE_DELETE: {
			cr_assert(o->u < s->n && o->v < s->n, "%s: op %llu: id out of range", what,
				  (unsigned long long)i);
			uint32_t *a = s->succ[o->u], k = s->len[o->u], j = 0;
			while (j < k && a[j] != o->v)
				j++;
			cr_assert_lt(j, k, "%s: op %llu deletes %u->%u, which is not there", what,
				     (unsigned long long)i, o->u, o->v);
			a[j] = a[k - 1];
			s->len[o->u]--;
			break;
		}
		case UPDATE_BATCH:
			break;
		default:
			cr_assert_fail("%s: op %llu has kind %u", what, (unsigned long long)i, o->kind);
		}
	}
	cr_assert_eq(s->n, st->n_end, "%s: %u blocks at the end, n_end says %u", what, s->n,
		     st->n_end);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The multiset as sorted (u << 32 | v) words; returns how many. */
static uint64_t *sim_edges(const struct sim *s, size_t *m)
{
	size_t k = 0;
	for (uint32_t u = 0; u < s->n; u++)
		k += s->len[u];
	uint64_t *e = malloc((k + 1) * sizeof *e);
	cr_assert_not_null(e);
	k = 0;
	for (uint32_t u = 0; u < s->n; u++)
		for (uint32_t i = 0; i < s->len[u]; i++)
			e[k++] = (uint64_t)u << 32 | s->succ[u][i];
	qsort(e, k, sizeof *e, cmp_u64);
	*m = k;
	return e;
}

static void sim_to_cfg(const struct sim *s, struct cfg *g)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, s->n, 16), SSA_OK);
	for (uint32_t u = 0; u < s->n; u++)
		for (uint32_t i = 0; i < s->len[u]; i++)
			cr_assert_eq(edge_list_push(&el, u, s->succ[u][i]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

static void make_cfg(struct cfg *g, uint32_t n, const uint32_t (*e)[2], size_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 16), SSA_OK);
	for (size_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, e[i][0], e[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* A stream of kind over g, checked by replay; the end graph is returned in end (may be NULL). */
static void stream_of(const struct cfg *g, const char *kind, uint64_t seed, uint64_t updates,
		      uint32_t batch, struct update_stream *s, struct gen_stream_info *info,
		      struct sim *end)
{
	struct gen_stream_params sp;
	gen_stream_params_default(&sp);
	sp.kind = kind;
	sp.seed = seed;
	sp.updates = updates;
	sp.batch = batch;
	int st = gen_stream(&sp, g, s, info);
	cr_assert_eq(st, SSA_OK, "%s: %s (%s)", kind, ssa_status_str(st), info->note);
	cr_assert_eq(s->n_start, g->n);
	struct sim local, *sm = end ? end : &local;
	sim_init(sm, g, s->n_end);
	sim_apply(sm, s, kind);
	cr_assert_eq(info->inserts + info->deletes + info->blocks + info->batches, s->count,
		     "%s: the info's counts do not add up to the stream", kind);
	if (!end)
		sim_free(sm, s->n_end);
}

/* ---- validity and determinism over every family ---- */

Test(gen_streams, every_kind_on_every_family_is_valid_and_reproducible, .timeout = 300)
{
	for (size_t f = 0; f < gen_nfamilies; f++) {
		struct cfg g;
		struct gen_info gi;
		if (!gen_make_or_skip(&g, &gi, gen_families[f].name, 300, 3))
			continue;
		for (size_t k = 0; k < gen_stream_nkinds; k++) {
			const char *kind = gen_stream_kinds[k].name;
			struct gen_stream_params sp;
			gen_stream_params_default(&sp);
			sp.kind = kind;
			sp.seed = 7;
			sp.updates = 500;
			struct update_stream a, b;
			struct gen_stream_info ia, ib;
			int st = gen_stream(&sp, &g, &a, &ia);
			if (st == SSA_EUSAGE && gen_stream_kinds[k].cls == GEN_STREAM_ADVERSARY) {
				/* An adversary may find nothing to attack (rebuild on a chain). */
				cr_assert(ia.note[0], "%s on %s: refused without a reason", kind,
					  gen_families[f].name);
				continue;
			}
			cr_assert_eq(st, SSA_OK, "%s on %s: %s", kind, gen_families[f].name, ia.note);
			struct sim sm;
			sim_init(&sm, &g, a.n_end);
			char what[96];
			snprintf(what, sizeof what, "%s on %s", kind, gen_families[f].name);
			sim_apply(&sm, &a, what);
			size_t m_end;
			free(sim_edges(&sm, &m_end));
			cr_assert_eq(ia.m_end, m_end, "%s: m_end", what);
			sim_free(&sm, a.n_end);
			/* The writer and reader of algos/update agree it is a stream over g. */
			uint64_t bad;
			char why[200];
			cr_assert_eq(update_stream_check(&g, &a, &bad, why, sizeof why), SSA_OK,
				     "%s: update_stream_check: op %llu: %s", what,
				     (unsigned long long)bad, why);
			cr_assert_eq(gen_stream(&sp, &g, &b, &ib), SSA_OK);
			cr_assert_eq(a.count, b.count, "%s: not reproducible", what);
			cr_assert(a.count == 0 || !memcmp(a.ops, b.ops, a.count * sizeof *a.ops),
				  "%s: not reproducible", what);
			update_stream_free(&a);
			update_stream_free(&b);
		}
		cfg_free(&g);
	}
}

Test(gen_streams, seeds_and_batches)
{
	struct cfg g;
	struct gen_info gi;
	gen_make(&g, &gi, "random", 500, 1);
	struct update_stream a, b;
	struct gen_stream_info ia, ib;
	stream_of(&g, "mixed", 1, 400, 0, &a, &ia, NULL);
	stream_of(&g, "mixed", 2, 400, 0, &b, &ib, NULL);
	cr_assert(a.count != b.count || memcmp(a.ops, b.ops, a.count * sizeof *a.ops),
		  "seeds 1 and 2 gave the same stream");
	cr_assert_eq(ia.batches, 400, "one update per batch by default");
	update_stream_free(&a);
	update_stream_free(&b);
	stream_of(&g, "mixed", 1, 400, 7, &a, &ia, NULL);
	cr_assert_eq(ia.batches, 58, "400 updates in batches of 7: 57 full ones and a rest");
	update_stream_free(&a);
	/* Compiler kinds: K transformations per batch. */
	cfg_free(&g);
	gen_make(&g, &gi, "structured", 2000, 1);
	stream_of(&g, "split-critical", 1, 0, 0, &a, &ia, NULL);
	stream_of(&g, "split-critical", 1, 0, 10, &b, &ib, NULL);
	cr_assert_eq(ia.batches, ia.xforms[GEN_X_SPLIT], "one batch per split by default");
	cr_assert_eq(ib.batches, (ib.xforms[GEN_X_SPLIT] + 9) / 10);
	update_stream_free(&a);
	update_stream_free(&b);
	/* --updates cuts a compiler stream after the transformation that reaches it: 34 splits
	 * of 3 updates each. */
	stream_of(&g, "split-critical", 1, 100, 0, &a, &ia, NULL);
	cr_assert_eq(ia.inserts + ia.deletes, 102);
	cr_assert_eq(ia.xforms[GEN_X_SPLIT], 34);
	update_stream_free(&a);
	cfg_free(&g);
}

/* FNV-1a 64 of the writer's text. */
static uint64_t stream_hash(const struct update_stream *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cr_assert_eq(update_stream_write(f, s), SSA_OK);
	fclose(f);
	uint64_t h = gen_fnv_str(GEN_FNV_OFFSET, buf);
	free(buf);
	return h;
}

Test(gen_streams, pinned_hashes)
{
	/* Byte-identical on every machine: a change to a generator or to the draws shows here.
	 * Regenerate (and say why in the commit) only when a stream is meant to change. */
	static const struct {
		const char *family, *kind;
		uint64_t blocks, seed, updates;
		uint64_t hash;
	} pins[] = {
		{"random", "mixed", 1000, 1, 1000, UINT64_C(0x7f8536143d3d6fcb)},
		{"structured", "compiler", 3000, 1, 0, UINT64_C(0x081727ece66efa1e)},
		{"structured", "inline", 3000, 2, 0, UINT64_C(0x2be680f5f31577d9)},
		{"chain", "flip", 200, 1, 100, UINT64_C(0xe2eeb36aba84d473)},
		{"sncaworst", "rebuild", 201, 1, 50, UINT64_C(0xf3571149d5558b2c)},
		{"irreducible", "delete", 500, 4, 300, UINT64_C(0xcd7eab7d2d5b49c5)},
		{"structured", "cross", 500, 1, 10, UINT64_C(0xe776a80dd5e91842)},
		{"chain", "deep-insert", 300, 1, 700, UINT64_C(0x0a90eb0fe2459673)},
	};
	for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
		struct cfg g;
		struct gen_info gi;
		gen_make(&g, &gi, pins[i].family, pins[i].blocks, pins[i].seed);
		struct update_stream s;
		struct gen_stream_info info;
		stream_of(&g, pins[i].kind, pins[i].seed, pins[i].updates, 0, &s, &info, NULL);
		uint64_t h = stream_hash(&s);
		cr_expect_eq(h, pins[i].hash, "%s on %s: hash 0x%016llx", pins[i].kind,
			     pins[i].family, (unsigned long long)h);
		update_stream_free(&s);
		cfg_free(&g);
	}
}

/* ---- the transformations, one at a time, on hand-built CFGs ---- */

/* The recorded ops as text: "a3" new block, "i0>3", "d0>2", "|" batch mark. */
static void ops_text(struct sg *g, uint32_t n_start, char *buf, size_t len)
{
	struct update_stream s;
	cr_assert_eq(sg_take_stream(g, n_start, &s), SSA_OK);
	size_t at = 0;
	buf[0] = 0;
	for (uint64_t i = 0; i < s.count; i++) {
		const struct update *o = &s.ops[i];
		int w = o->kind == UPDATE_BLOCK    ? snprintf(buf + at, len - at, "a%u ", o->u)
			: o->kind == UPDATE_INSERT ? snprintf(buf + at, len - at, "i%u>%u ", o->u, o->v)
			: o->kind == UPDATE_DELETE ? snprintf(buf + at, len - at, "d%u>%u ", o->u, o->v)
						   : snprintf(buf + at, len - at, "| ");
		cr_assert(w > 0 && (size_t)w < len - at);
		at += (size_t)w;
	}
	if (at)
		buf[at - 1] = 0;
	update_stream_free(&s);
}

/* g's edges equal want (as a multiset) and g has n blocks. */
static void expect_edges(const struct sg *g, uint32_t n, const uint32_t (*want)[2], size_t m)
{
	struct cfg c;
	cr_assert_eq(sg_snapshot(g, &c), SSA_OK);
	cr_assert_eq(c.n, n, "%u blocks, expected %u", c.n, n);
	uint64_t *have = malloc((c.m + 1) * sizeof *have), *exp = malloc((m + 1) * sizeof *exp);
	cr_assert(have && exp);
	for (uint32_t u = 0, k = 0; u < c.n; u++)
		for (uint32_t i = c.succ_off[u]; i < c.succ_off[u + 1]; i++)
			have[k++] = (uint64_t)u << 32 | c.succ[i];
	for (size_t i = 0; i < m; i++)
		exp[i] = (uint64_t)want[i][0] << 32 | want[i][1];
	qsort(have, c.m, sizeof *have, cmp_u64);
	qsort(exp, m, sizeof *exp, cmp_u64);
	cr_assert_eq(c.m, m, "%u edges, expected %zu", c.m, m);
	for (size_t i = 0; i < m; i++)
		cr_assert_eq(have[i], exp[i], "edge %zu: %llu>%llu, expected %llu>%llu", i,
			     (unsigned long long)(have[i] >> 32),
			     (unsigned long long)(have[i] & 0xffffffffu),
			     (unsigned long long)(exp[i] >> 32), (unsigned long long)(exp[i] & 0xffffffffu));
	free(have);
	free(exp);
	cfg_free(&c);
}

#define E(...) ((const uint32_t[][2]){__VA_ARGS__})
#define NE(...) (sizeof((const uint32_t[][2]){__VA_ARGS__}) / sizeof(uint32_t[2]))

static void sg_of(struct sg *g, uint32_t n, const uint32_t (*e)[2], size_t m)
{
	struct cfg c;
	make_cfg(&c, n, e, m);
	cr_assert_eq(sg_init(g, &c, 1), SSA_OK);
	cfg_free(&c);
}

/* The while loop 0 -> 1 (header) -> 2 (body, latch) -> 1, 1 -> 3 (exit). */
#define WHILE_LOOP {0, 1}, {1, 2}, {1, 3}, {2, 1}

Test(gen_streams, split_critical_edge)
{
	struct sg g;
	char ops[512];
	sg_of(&g, 3, E({0, 1}, {0, 2}, {1, 2}), 3);
	cr_assert(!sgx_is_critical(&g, 0) && sgx_is_critical(&g, 1) && !sgx_is_critical(&g, 2));
	cr_assert_eq(sgx_split_edge(&g, NULL, 1), 3);
	ops_text(&g, 3, ops, sizeof ops);
	cr_assert_str_eq(ops, "a3 i0>3 i3>2 d0>2 |");
	expect_edges(&g, 4, E({0, 1}, {0, 3}, {3, 2}, {1, 2}), 4);
	sg_free(&g);
	/* A switch with two cases to one block: each copy is its own critical edge. */
	sg_of(&g, 3, E({0, 1}, {0, 1}, {0, 2}, {2, 1}), 4);
	cr_assert_eq(sgx_split_edge(&g, NULL, 0), 3);
	cr_assert_eq(sgx_split_edge(&g, NULL, 1), 4);
	ops_text(&g, 3, ops, sizeof ops);
	cr_assert_str_eq(ops, "a3 i0>3 i3>1 d0>1 | a4 i0>4 i4>1 d0>1 |");
	expect_edges(&g, 5, E({0, 3}, {3, 1}, {0, 4}, {4, 1}, {0, 2}, {2, 1}), 6);
	sg_free(&g);
}

Test(gen_streams, split_every_critical_edge_keeps_every_path)
{
	for (uint64_t seed = 1; seed <= 20; seed++) {
		struct cfg g;
		struct gen_info gi;
		gen_make(&g, &gi, seed % 2 ? "random" : "irreducible", 200, seed);
		struct update_stream s;
		struct gen_stream_info info;
		struct sim end;
		stream_of(&g, "split-critical", seed, 0, 0, &s, &info, &end);
		/* No critical edge is left. */
		uint32_t *indeg = calloc(end.n, sizeof *indeg);
		cr_assert_not_null(indeg);
		for (uint32_t u = 0; u < end.n; u++)
			for (uint32_t i = 0; i < end.len[u]; i++)
				indeg[end.succ[u][i]]++;
		for (uint32_t u = 0; u < end.n; u++)
			for (uint32_t i = 0; i < end.len[u]; i++)
				cr_assert(end.len[u] < 2 || indeg[end.succ[u][i]] < 2,
					  "seed %llu: %u->%u still critical", (unsigned long long)seed, u,
					  end.succ[u][i]);
		/* Every original edge is there, or goes through one new block that has exactly that
		 * edge in and out: no path is lost or gained. */
		uint32_t nsplit = 0;
		for (uint32_t u = 0; u < g.n; u++)
			for (uint32_t i = 0; i < end.len[u]; i++) {
				uint32_t v = end.succ[u][i];
				if (v < g.n)
					continue;
				cr_assert(indeg[v] == 1 && end.len[v] == 1 && end.succ[v][0] < g.n);
				nsplit++;
			}
		cr_assert_eq(nsplit, end.n - g.n);
		cr_assert_eq(nsplit, info.xforms[GEN_X_SPLIT]);
		free(indeg);
		sim_free(&end, s.n_end);
		update_stream_free(&s);
		cfg_free(&g);
	}
}

Test(gen_streams, merge_block_into_predecessor)
{
	struct sg g;
	char ops[512];
	sg_of(&g, 5, E({0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}), 5);
	cr_assert(!sgx_merge(&g, NULL, 4), "4 has two predecessors");
	cr_assert(!sgx_merge(&g, NULL, 2), "1 has two successors");
	cr_assert(sgx_merge(&g, NULL, 1));
	ops_text(&g, 5, ops, sizeof ops);
	cr_assert_str_eq(ops, "i0>2 i0>3 d1>2 d1>3 d0>1 |");
	expect_edges(&g, 5, E({0, 2}, {0, 3}, {2, 4}, {3, 4}), 4);
	sg_free(&g);
	/* br c, 1, 1 into a block with a switch that has two cases to 2: copies follow. */
	sg_of(&g, 4, E({0, 1}, {0, 1}, {1, 2}, {1, 3}, {1, 2}), 5);
	cr_assert(sgx_merge(&g, NULL, 1));
	ops_text(&g, 4, ops, sizeof ops);
	cr_assert_str_eq(ops, "i0>2 i0>2 i0>3 d1>2 d1>2 d1>3 d0>1 d0>1 |");
	expect_edges(&g, 4, E({0, 2}, {0, 2}, {0, 3}), 3);
	sg_free(&g);
	/* Never the entry, never a self-loop. */
	sg_of(&g, 2, E({1, 0}, {0, 1}, {1, 1}), 3);
	cr_assert(!sgx_merge(&g, NULL, 0) && !sgx_merge(&g, NULL, 1));
	sg_free(&g);
}

Test(gen_streams, thread_a_jump)
{
	struct sg g;
	char ops[512];
	sg_of(&g, 6, E({0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {3, 5}), 6);
	cr_assert(sgx_thread(&g, NULL, 1, 3, 5));
	ops_text(&g, 6, ops, sizeof ops);
	cr_assert_str_eq(ops, "a6 i6>5 i1>6 d1>3 |");
	expect_edges(&g, 7, E({0, 1}, {0, 2}, {1, 6}, {6, 5}, {2, 3}, {3, 4}, {3, 5}), 7);
	/* 3 now has one predecessor: nothing left to thread. */
	cr_assert(!sgx_thread(&g, NULL, 2, 3, 4));
	sg_free(&g);
}

Test(gen_streams, rotate_a_while_loop)
{
	struct sg g;
	struct sg_loops L;
	char ops[512];
	sg_of(&g, 4, E(WHILE_LOOP), 4);
	cr_assert_eq(sg_loops_compute(&g, &L), SSA_OK);
	cr_assert_eq(L.nloops, 1);
	cr_assert_eq(L.header[0], 1);
	cr_assert(sgx_rotate(&g, &L, 0));
	ops_text(&g, 4, ops, sizeof ops);
	/* The header's test copied into the preheader; the new preheader edge split; the
	 * header's exit split; the old header merged into the latch. */
	cr_assert_str_eq(ops, "i0>3 i0>2 d0>1 | a4 i0>4 i4>2 d0>2 | a5 i1>5 i5>3 d1>3 | "
			      "i2>2 i2>5 d1>2 d1>5 d2>1 |");
	/* do { body } while (c): 0 -> 4 (lr.ph) -> 2 -> 2 (back edge), 2 -> 5 -> 3; 0 -> 3. */
	expect_edges(&g, 6, E({0, 3}, {0, 4}, {4, 2}, {2, 2}, {2, 5}, {5, 3}), 6);
	cr_assert_eq(L.header[0], 2);
	cr_assert(!sgx_rotate(&g, &L, 0), "a rotated loop is not rotated again");
	sg_loops_free(&L);
	sg_free(&g);
}

Test(gen_streams, peel_one_iteration)
{
	struct sg g;
	struct sg_loops L;
	char ops[512];
	sg_of(&g, 4, E(WHILE_LOOP), 4);
	cr_assert_eq(sg_loops_compute(&g, &L), SSA_OK);
	cr_assert(sgx_peel(&g, &L, 0));
	ops_text(&g, 4, ops, sizeof ops);
	cr_assert_str_eq(ops, "a4 i0>4 i4>1 d0>1 | a5 i4>5 i5>1 d4>1 | a6 i5>6 i6>1 d5>1 | "
			      "a7 a8 i7>8 i7>3 i8>5 i4>7 d4>5 |");
	/* 0 -> 4 -> 7 (header') -> 8 (body') -> 5 -> 6 (new preheader) -> 1, exits to 3. */
	expect_edges(&g, 9, E({0, 4}, {4, 7}, {7, 8}, {7, 3}, {8, 5}, {5, 6}, {6, 1}, {1, 2},
			      {1, 3}, {2, 1}), 10);
	sg_loops_free(&L);
	sg_free(&g);
}

Test(gen_streams, unroll_three_times)
{
	struct sg g;
	struct sg_loops L;
	char ops[512];
	sg_of(&g, 4, E(WHILE_LOOP), 4);
	cr_assert_eq(sg_loops_compute(&g, &L), SSA_OK);
	cr_assert(sgx_unroll(&g, &L, 0, 3));
	ops_text(&g, 4, ops, sizeof ops);
	cr_assert_str_eq(ops, "a4 a5 i4>5 i4>3 i5>1 a6 a7 i6>7 i6>3 i7>1 i2>4 d2>1 i5>6 d5>1 |");
	/* The body three times: {1,2}, {4,5}, {6,7}; each copy keeps the exit test. */
	expect_edges(&g, 8, E({0, 1}, {1, 2}, {1, 3}, {2, 4}, {4, 5}, {4, 3}, {5, 6}, {6, 7},
			      {6, 3}, {7, 1}), 10);
	sg_loops_free(&L);
	sg_free(&g);
}

Test(gen_streams, delete_an_unreachable_region)
{
	struct sg g;
	char ops[512];
	uint32_t dead;
	/* 0 -> 1 -> 3 -> 4, 3 -> 3; 0 -> 2 -> 4 -> 5: folding 0's branch to 1 kills 1 and 3. */
	sg_of(&g, 6, E({0, 1}, {0, 2}, {1, 3}, {3, 3}, {3, 4}, {2, 4}, {4, 5}), 7);
	cr_assert(!sgx_delete_region(&g, 4, &dead), "4 has two predecessors");
	cr_assert(sgx_delete_region(&g, 0, &dead));
	cr_assert_eq(dead, 2);
	ops_text(&g, 6, ops, sizeof ops);
	cr_assert_str_eq(ops, "d0>1 | d1>3 d3>4 d3>3 |");
	expect_edges(&g, 6, E({0, 2}, {2, 4}, {4, 5}), 3);
	sg_free(&g);
}

Test(gen_streams, inline_a_callee)
{
	struct sg g;
	struct cfg callee;
	char ops[512];
	sg_of(&g, 3, E({0, 1}, {1, 2}), 2);
	make_cfg(&callee, 4, E({0, 1}, {0, 2}, {1, 3}, {2, 3}), 4);
	cr_assert(sgx_inline(&g, NULL, 1, &callee));
	ops_text(&g, 3, ops, sizeof ops);
	cr_assert_str_eq(ops, "a3 i1>3 i3>2 d1>2 | a4 a5 a6 a7 i4>5 i4>6 i5>7 i6>7 i7>3 i1>4 d1>3 |");
	expect_edges(&g, 8, E({0, 1}, {1, 4}, {4, 5}, {4, 6}, {5, 7}, {6, 7}, {7, 3}, {3, 2}), 8);
	cfg_free(&callee);
	sg_free(&g);
}

Test(gen_streams, unroll_stream_repeats_every_small_loop)
{
	/* Every innermost loop of at most 32 blocks appears k times: the new blocks are exactly
	 * (k - 1) times the unrolled loops' sizes. */
	struct cfg g;
	struct gen_info gi;
	gen_make(&g, &gi, "structured", 3000, 5);
	struct sg sg;
	struct sg_loops L;
	cr_assert_eq(sg_init(&sg, &g, 1), SSA_OK);
	cr_assert_eq(sg_loops_compute(&sg, &L), SSA_OK);
	uint64_t want = 0, loops = 0;
	for (uint32_t l = 0; l < L.nloops; l++) {
		/* An innermost loop with one entry and one latch edge source. */
		uint32_t h = L.header[l], latch = SSA_NONE;
		bool one_latch = true;
		for (uint32_t i = g.pred_off[h]; i < g.pred_off[h + 1]; i++)
			if (sg_loop_contains(&L, l, g.pred[i])) {
				one_latch &= latch == SSA_NONE || latch == g.pred[i];
				latch = g.pred[i];
			}
		if (L.last[l] == l && L.entries[l] == 1 && h != 0 && one_latch &&
		    L.moff[l + 1] - L.moff[l] <= 32) {
			want += 3 * (uint64_t)(L.moff[l + 1] - L.moff[l]);
			loops++;
		}
	}
	sg_loops_free(&L);
	sg_free(&sg);
	cr_assert_gt(loops, 10);
	struct gen_stream_params sp;
	gen_stream_params_default(&sp);
	sp.kind = "unroll";
	sp.unroll = 4;
	struct update_stream s;
	struct gen_stream_info info;
	cr_assert_eq(gen_stream(&sp, &g, &s, &info), SSA_OK, "%s", info.note);
	cr_assert_eq(info.xforms[GEN_X_UNROLL], loops);
	cr_assert_eq(info.blocks, want);
	update_stream_free(&s);
	cfg_free(&g);
}

/* ---- the adversaries keep their promises ---- */

/* The dominators (oracle) after the first upto updates of s, the graph's new blocks included. */
static void idoms_after(const struct cfg *g, const struct update_stream *s, uint64_t upto,
			uint32_t *idom)
{
	struct update *ops = malloc((upto + 1) * sizeof *ops);
	cr_assert_not_null(ops);
	uint32_t n = g->n;
	for (uint64_t i = 0; i < upto; i++) {
		ops[i] = s->ops[i];
		n += ops[i].kind == UPDATE_BLOCK;
	}
	ops[upto] = (struct update){.kind = UPDATE_BATCH};
	struct update_stream prefix = {.n_start = g->n, .n_end = n, .count = upto + 1, .ops = ops};
	struct sim sm;
	sim_init(&sm, g, n);
	sim_apply(&sm, &prefix, "prefix");
	struct cfg c;
	sim_to_cfg(&sm, &c);
	cr_assert_eq(dom_oracle(&c, idom), SSA_OK);
	cfg_free(&c);
	free(ops);
	sim_free(&sm, n);
}

/* The index just past the k-th batch mark. */
static uint64_t after_batch(const struct update_stream *s, uint64_t k)
{
	for (uint64_t i = 0; i < s->count; i++)
		if (s->ops[i].kind == UPDATE_BATCH && k-- == 1)
			return i + 1;
	cr_assert_fail("fewer than %llu batches", (unsigned long long)k);
	return 0;
}

Test(gen_streams, adversaries_do_what_they_say)
{
	struct cfg g;
	struct gen_info gi;
	gen_make(&g, &gi, "structured", 400, 2);
	uint32_t *a = malloc((g.n + 2) * sizeof *a), *b = malloc((g.n + 2) * sizeof *b);
	cr_assert(a && b);
	struct update_stream s;
	struct gen_stream_info info;

	/* flip: after the setup nothing moved; each insertion moves every block at depth >= 2
	 * to the entry, each deletion moves them back. */
	stream_of(&g, "flip", 1, 4, 0, &s, &info, NULL);
	idoms_after(&g, &s, 0, a);
	idoms_after(&g, &s, after_batch(&s, 1), b);
	cr_assert(!memcmp(a, b, g.n * sizeof *a), "the setup batch moved an idom");
	idoms_after(&g, &s, after_batch(&s, 2), b);
	uint32_t moved = 0;
	for (uint32_t v = 0; v < g.n; v++) {
		if (a[v] != SSA_NONE && a[v] != 0) {
			cr_assert_eq(b[v], 0, "block %u", v);
			moved++;
		}
	}
	cr_assert_gt(moved, g.n / 2);
	idoms_after(&g, &s, after_batch(&s, 3), b);
	cr_assert(!memcmp(a, b, g.n * sizeof *a), "the deletion did not move them back");
	update_stream_free(&s);

	/* cross: no idom ever changes (idom(y) dominates x, and the deletion restores the graph). */
	stream_of(&g, "cross", 1, 6, 0, &s, &info, NULL);
	idoms_after(&g, &s, 0, a);
	for (uint64_t j = 1; j <= 6; j++) {
		idoms_after(&g, &s, after_batch(&s, j), b);
		cr_assert(!memcmp(a, b, g.n * sizeof *a), "cross: update %llu moved an idom",
			  (unsigned long long)j);
	}
	update_stream_free(&s);

	/* rebuild: the deletion leaves its target reachable, under the same nearest common
	 * dominator (the target's idom before). */
	stream_of(&g, "rebuild", 1, 2, 0, &s, &info, NULL);
	cr_assert_eq(s.ops[0].kind, UPDATE_DELETE);
	idoms_after(&g, &s, 0, a);
	idoms_after(&g, &s, after_batch(&s, 1), b);
	uint32_t y = s.ops[0].v;
	cr_assert_neq(b[y], SSA_NONE, "rebuild cut its target off");
	update_stream_free(&s);

	/* cross: the edge goes from a block the DFS finished before it started the target. */
	stream_of(&g, "cross", 1, 2, 0, &s, &info, NULL);
	struct cfg_dfs d;
	cr_assert_eq(cfg_dfs_alloc(&d, g.n), SSA_OK);
	cfg_dfs_run(&d, &g, 0);
	uint32_t x = s.ops[0].u;
	y = s.ops[0].v;
	cr_assert_eq(s.ops[0].kind, UPDATE_INSERT);
	cr_assert(d.pre[x] < d.pre[y] && d.post[x] < d.post[y]);
	cfg_dfs_free(&d);
	update_stream_free(&s);

	/* deep-insert: each insertion lifts its target to the entry. */
	stream_of(&g, "deep-insert", 1, 5, 0, &s, &info, NULL);
	for (uint64_t j = 1; j <= 5; j++) {
		const struct update *o = &s.ops[after_batch(&s, j) - 2];
		cr_assert_eq(o->kind, UPDATE_INSERT);
		cr_assert_eq(o->u, 0);
		idoms_after(&g, &s, after_batch(&s, j), b);
		cr_assert_eq(b[o->v], 0);
	}
	update_stream_free(&s);
	free(a);
	free(b);
	cfg_free(&g);

	/* rebuild on sncaworst picks the entry's edge to y_1 (y_1 keeps x_k -> y_1): the nearest
	 * common dominator is the entry, so a tree that rebuilds below it rebuilds everything. */
	gen_make(&g, &gi, "sncaworst", 201, 1);
	stream_of(&g, "rebuild", 1, 2, 0, &s, &info, NULL);
	cr_assert_eq(s.ops[0].kind, UPDATE_DELETE);
	cr_assert_eq(s.ops[0].u, 0);
	cr_assert_eq(s.ops[0].v, 101, "y_1 is block k + 1 = 101");
	update_stream_free(&s);
	cfg_free(&g);
	/* Nothing to attack: an error with a reason. */
	gen_make(&g, &gi, "chain", 50, 1);
	struct gen_stream_params sp;
	gen_stream_params_default(&sp);
	sp.kind = "rebuild";
	cr_assert_eq(gen_stream(&sp, &g, &s, &info), SSA_EUSAGE);
	cr_assert(strstr(info.note, "rebuild"), "%s", info.note);
	cfg_free(&g);
}

/* ---- 10^5 blocks, on a 256 KB stack: iterative, and quick ---- */

struct big_job {
	const char *family, *kind;
	uint64_t updates;
};

static void *big_run(void *arg)
{
	const struct big_job *j = arg;
	struct cfg g;
	struct gen_info gi;
	gen_make(&g, &gi, j->family, 100000, 1);
	struct update_stream s;
	struct gen_stream_info info;
	stream_of(&g, j->kind, 1, j->updates, 0, &s, &info, NULL);
	cr_assert_gt(s.count, 0, "%s on %s: empty", j->kind, j->family);
	update_stream_free(&s);
	cfg_free(&g);
	return NULL;
}

Test(gen_streams, hundred_thousand_blocks_on_a_small_stack, .timeout = 600)
{
	static const struct big_job jobs[] = {
		{"structured", "compiler", 0},   {"structured", "split-critical", 0},
		{"structured", "merge", 0},      {"structured", "thread", 0},
		{"structured", "rotate", 0},     {"structured", "peel", 0},
		{"structured", "unroll", 0},     {"structured", "delete-region", 0},
		{"structured", "inline", 0},     {"random", "mixed", 100000},
		{"chain", "delete", 50000},      {"chain", "flip", 1000},
		{"chain", "deep-insert", 100000}, {"ladder", "rebuild", 1000},
		{"structured", "cross", 1000},   {"switch", "compiler", 0},
	};
	for (size_t i = 0; i < sizeof jobs / sizeof jobs[0]; i++) {
		pthread_attr_t attr;
		pthread_t th;
		cr_assert_eq(pthread_attr_init(&attr), 0);
		cr_assert_eq(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
		cr_assert_eq(pthread_create(&th, &attr, big_run, (void *)&jobs[i]), 0);
		cr_assert_eq(pthread_join(th, NULL), 0);
		pthread_attr_destroy(&attr);
	}
}

/* ---- the gen command ---- */

static int run(const char *args, char *err, size_t errlen)
{
	char se[600];
	snprintf(se, sizeof se, "%s/stderr", tmpdir);
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s 2>'%s'", tmpdir, SSALAB_GEN_EXE, args, se);
	int st = system(cmd);
	cr_assert(st != -1 && WIFEXITED(st), "could not run: %s", cmd);
	FILE *f = fopen(se, "rb");
	cr_assert_not_null(f);
	size_t n = fread(err, 1, errlen - 1, f);
	err[n] = 0;
	fclose(f);
	unlink(se);
	return WEXITSTATUS(st);
}

static char *slurp(const char *name)
{
	char p[600];
	snprintf(p, sizeof p, "%s/%s", tmpdir, name);
	FILE *f = fopen(p, "rb");
	cr_assert_not_null(f, "%s missing", p);
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	rewind(f);
	char *b = malloc((size_t)len + 1);
	cr_assert_not_null(b);
	cr_assert_eq(fread(b, 1, (size_t)len, f), (size_t)len);
	b[len] = 0;
	fclose(f);
	return b;
}

Test(gen_streams, cli_writes_graph_and_stream, .init = mk_tmpdir, .fini = rm_tmpdir)
{
	char err[4096];
	cr_assert_eq(run("--family=structured --blocks=2000 --seed=3 --stream=compiler --batch=4 "
			 "--out a.cfg --stream-out a.upd", err, sizeof err), 0, "%s", err);
	cr_assert(strstr(err, "stream=compiler") && strstr(err, "rotate="), "%s", err);
	cr_assert_eq(run("--family=structured --blocks=2000 --seed=3 --stream=compiler --batch=4 "
			 "--out b.cfg --stream-out b.upd --quiet", err, sizeof err), 0, "%s", err);
	cr_assert_eq(err[0], 0, "--quiet printed: %s", err);
	char *a = slurp("a.upd"), *b = slurp("b.upd");
	cr_assert_str_eq(a, b, "the same command wrote different streams");
	free(b);
	/* The stream reads back over the graph written beside it. */
	char p[600];
	snprintf(p, sizeof p, "%s/a.cfg", tmpdir);
	struct cfg g;
	struct io_error ioe;
	memset(&ioe, 0, sizeof ioe);
	cr_assert_eq(io_read_cfg(p, &g, &ioe), SSA_OK);
	snprintf(p, sizeof p, "%s/a.upd", tmpdir);
	struct update_stream s;
	cr_assert_eq(update_stream_read_path(p, &g, NULL, &s, &ioe), SSA_OK, "%s", ioe.what);
	cr_assert_gt(s.count, 1000);
	update_stream_free(&s);
	cfg_free(&g);
	free(a);
	/* Over a file: --in with --seed. */
	cr_assert_eq(run("--in a.cfg --stream=mixed --updates=50 --seed=9 --out c.cfg "
			 "--stream-out c.upd", err, sizeof err), 0, "%s", err);
	cr_assert(strstr(err, "updates=50"), "%s", err);
}

Test(gen_streams, cli_errors, .init = mk_tmpdir, .fini = rm_tmpdir)
{
	static const char *const bad[] = {
		"--family=chain --blocks=10 --updates=5 --out a.cfg",
		"--family=chain --blocks=10 --stream=nope --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --out a.cfg",
		"--family=chain --blocks=10 --stream=insert --updates=0 --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --batch=0 --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=unroll --unroll=1 --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --unroll=4 --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --stream=delete --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --out - --stream-out -",
		"--family=chain --blocks=10 --stream=rebuild --out a.cfg --stream-out a.upd",
		"--family=chain --blocks=10 --stream=insert --out a.xyz --stream-out a.upd",
		"--corpus=2 --stream=insert --out d --stream-out a.upd",
	};
	char err[4096];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = run(bad[i], err, sizeof err);
		cr_assert_eq(rc, 2, "'gen %s' exited %d: %s", bad[i], rc, err);
		cr_assert(strncmp(err, "gen: ", 5) == 0, "'%s': %s", bad[i], err);
		cr_assert_eq(dir_entries(), 0, "'gen %s' left a file behind", bad[i]);
	}
	/* The graph cannot be written: neither file is left. */
	int rc = run("--family=chain --blocks=10 --stream=insert --out no-such-dir/a.cfg "
		     "--stream-out a.upd", err, sizeof err);
	cr_assert_eq(rc, 1, "%s", err);
	cr_assert_eq(dir_entries(), 0, "a stream was left without its graph");
}
