/* The update-stream format (algos/update/README.md): good files read to the exact ops, written
 * back canonically and read again to the same stream; every reader error with its exact message
 * and line; the in-memory checks (shape, replay, names) and the mutable graph under them. */
#include <criterion/criterion.h>

#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The start graph of most cases: 0->1, 0->2, 1->3, 2->3, 3->1 and a second copy of 0->2;
 * block 4 unreachable. Names: 0 entry, 1 loop, 3 exit, 4 dead. */
static void start_graph(struct cfg *g, struct names *nm)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 1}, {0, 2}};
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 5, 8), SSA_OK);
	for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
		cr_assert_eq(edge_list_push(&el, e[i][0], e[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
	if (nm) {
		static const char pool[] = "entryloopexitdead";
		uint32_t ids[] = {0, 1, 3, 4};
		uint64_t soff[] = {0, 5, 9, 13, 17};
		cr_assert_eq(names_build(nm, 5, 4, ids, soff, pool), SSA_OK);
	}
}

static int read_str(const char *text, const struct cfg *g, const struct names *nm,
		    struct update_stream *s, char *msg, size_t len)
{
	FILE *f = fmemopen((void *)text, strlen(text), "rb");
	cr_assert_not_null(f);
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = update_stream_read(f, "s.upd", g, nm, s, &err);
	fclose(f);
	if (st && msg)
		io_error_format(&err, msg, len);
	return st;
}

/* Writes s into a string (malloc'd). */
static char *write_str(const struct update_stream *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cr_assert_eq(update_stream_write(f, s), SSA_OK);
	fclose(f);
	return buf;
}

static void expect_ops(const struct update_stream *s, const struct update *want, size_t k)
{
	cr_assert_eq(s->count, k, "count %llu, expected %zu", (unsigned long long)s->count, k);
	for (size_t i = 0; i < k; i++)
		cr_assert(s->ops[i].kind == want[i].kind && s->ops[i].u == want[i].u &&
				  s->ops[i].v == want[i].v,
			  "op %zu: (%u %u %u), expected (%u %u %u)", i, s->ops[i].kind, s->ops[i].u,
			  s->ops[i].v, want[i].kind, want[i].u, want[i].v);
}

#define I(u, v) {UPDATE_INSERT, u, v}
#define D(u, v) {UPDATE_DELETE, u, v}
#define A(u) {UPDATE_BLOCK, u, 0}
#define B {UPDATE_BATCH, 0, 0}

Test(update_stream, reads_ids_names_new_blocks_and_batches)
{
	struct cfg g;
	struct names nm;
	start_graph(&g, &nm);
	static const char text[] = "\xef\xbb\xbf# a split of the edge 1->3, then a new exit\r\n"
				   "p update 5 8   # five blocks\n"
				   "\n"
				   "a 5 split\n"
				   "i loop split\n"
				   "i\t5 exit\n"
				   "d 1 3\n"
				   "batch\n"
				   "  d 0 2  # one of the two copies\n"
				   "a 6\n"
				   "i 6 6\n"
				   "i dead 6\n"
				   "end\n"
				   "# trailing comment\n";
	struct update_stream s;
	char msg[512];
	int st = read_str(text, &g, &nm, &s, msg, sizeof msg);
	cr_assert_eq(st, SSA_OK, "%s", msg);
	static const struct update want[] = {A(5), I(1, 5), I(5, 3), D(1, 3), B,
					     D(0, 2), A(6), I(6, 6), I(4, 6), B};
	expect_ops(&s, want, sizeof want / sizeof want[0]);
	cr_assert_eq(s.n_start, 5);
	cr_assert_eq(s.n_end, 7);
	cr_assert_not_null(s.names);
	cr_assert_str_eq(s.names[0], "entry");
	cr_assert_null(s.names[2]);
	cr_assert_str_eq(s.names[5], "split");
	cr_assert_null(s.names[6]);
	uint64_t bad;
	cr_assert_eq(update_stream_check(&g, &s, &bad, msg, sizeof msg), SSA_OK, "%s", msg);
	/* 6 edges, 8 after the first two inserts; 7 blocks; 8 edits in 2 batches */
	uint64_t nmax, mmax, nup, nbatch;
	update_stream_extent(&s, g.n, g.m, &nmax, &mmax);
	cr_assert(nmax == 7 && mmax == 8, "extent %lu blocks %lu edges", (unsigned long)nmax,
		  (unsigned long)mmax);
	update_stream_counts(&s, &nup, &nbatch);
	cr_assert(nup == 8 && nbatch == 2);

	/* Canonical form, and a second round trip gives the same bytes. */
	char *out = write_str(&s);
	cr_assert_str_eq(out, "p update 5 8\na 5 split\ni 1 5\ni 5 3\nd 1 3\nbatch\nd 0 2\na 6\n"
			      "i 6 6\ni 4 6\nbatch\nend\n");
	struct update_stream s2;
	cr_assert_eq(read_str(out, &g, NULL, &s2, msg, sizeof msg), SSA_OK, "%s", msg);
	expect_ops(&s2, want, sizeof want / sizeof want[0]);
	char *out2 = write_str(&s2);
	cr_assert_str_eq(out, out2);
	free(out);
	free(out2);
	update_stream_free(&s2);
	update_stream_free(&s);
	names_free(&nm);
	cfg_free(&g);
}

Test(update_stream, empty_stream_and_empty_batches)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct update_stream s;
	char msg[512];
	cr_assert_eq(read_str("p update 5 0\nend\n", &g, NULL, &s, msg, sizeof msg), SSA_OK, "%s",
		     msg);
	cr_assert_eq(s.count, 0);
	cr_assert_null(s.names);
	char *out = write_str(&s);
	cr_assert_str_eq(out, "p update 5 0\nend\n");
	free(out);
	update_stream_free(&s);
	/* Marks without edits are empty batches; an explicit last mark adds none. */
	cr_assert_eq(read_str("p update 5 1\nbatch\nbatch\ni 4 4\nbatch\nend", &g, NULL, &s, msg,
			      sizeof msg),
		     SSA_OK, "%s", msg);
	static const struct update want[] = {B, B, I(4, 4), B};
	expect_ops(&s, want, 4);
	uint64_t at = 0, start;
	size_t k;
	size_t sizes[4], nb = 0;
	while (update_stream_next_batch(&s, &at, &start, &k))
		sizes[nb++] = k;
	cr_assert_eq(nb, 3);
	cr_assert(sizes[0] == 0 && sizes[1] == 0 && sizes[2] == 1);
	update_stream_free(&s);
	cfg_free(&g);
}

Test(update_stream, parallel_edges_are_counted)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct update_stream s;
	char msg[512];
	/* Two copies of 0->2: two deletions pass, a third fails; after an insertion one passes. */
	cr_assert_eq(read_str("p update 5 4\nd 0 2\nd 0 2\ni 0 2\nd 0 2\nend\n", &g, NULL, &s, msg,
			      sizeof msg),
		     SSA_OK, "%s", msg);
	update_stream_free(&s);
	cr_assert_eq(read_str("p update 5 3\nd 0 2\nd 0 2\nd 0 2\nend\n", &g, NULL, &s, msg,
			      sizeof msg),
		     SSA_EINPUT);
	cr_assert_str_eq(msg, "s.upd:4: delete of 0->2: no such edge left in the graph");
	cfg_free(&g);
}

struct bad_case {
	const char *text;
	const char *msg;
};

/* Every reader error, each at its line. */
Test(update_stream, every_error_with_its_line)
{
	static const struct bad_case cases[] = {
		{"i 0 1\n", "s.upd:1: expected 'p update <n> <k>' header before the first update"},
		{"# nothing\n", "s.upd:1: file ends before the 'p update <n> <k>' header"},
		{"", "s.upd:1: file ends before the 'p update <n> <k>' header"},
		{"p update 5 0\np update 5 0\nend\n", "s.upd:2: duplicate 'p' line (first on line 1)"},
		{"p\n", "s.upd:1: missing problem kind (expected 'p update <n> <k>')"},
		{"p cfg 5 0\n", "s.upd:1: unknown problem kind 'cfg' (expected 'p update <n> <k>')"},
		{"p update\n", "s.upd:1: missing block count (expected 'p update <n> <k>')"},
		{"p update 5\n", "s.upd:1: missing update count (expected 'p update <n> <k>')"},
		{"p update -5 0\n",
		 "s.upd:1: expected block count as an unsigned decimal number, found '-5'"},
		{"p update 5 x\n",
		 "s.upd:1: expected update count as an unsigned decimal number, found 'x'"},
		{"p update 4294967295 0\n",
		 "s.upd:1: block count 4294967295 too large (at most 4294967294)"},
		{"p update 5 99999999999999999999\n",
		 "s.upd:1: update count 99999999999999999999 too large (at most 4611686018427387904)"},
		/* 1844674407370955162 * 10 wraps to 4 in 64 bits: once read as 4 declared updates */
		{"p update 5 18446744073709551620\ni 0 1\ni 0 1\ni 0 1\ni 0 1\nend\n",
		 "s.upd:1: update count 18446744073709551620 too large (at most 4611686018427387904)"},
		{"p update 5 0 7\n",
		 "s.upd:1: unexpected '7' after the header (expected 'p update <n> <k>')"},
		{"p update 6 0\nend\n", "s.upd:1: stream starts from 6 blocks, the CFG has 5"},
		{"p update 5 1\ni 0\nend\n", "s.upd:2: missing block (expected 'i <u> <v>')"},
		{"p update 5 1\nd\nend\n", "s.upd:2: missing block (expected 'd <u> <v>')"},
		{"p update 5 1\ni 0 5\nend\n", "s.upd:2: block 5 out of range 0..4"},
		{"p update 5 1\ni 0 99999999999\nend\n", "s.upd:2: block 99999999999 out of range 0..4"},
		{"p update 5 1\ni 0 nowhere\nend\n", "s.upd:2: unknown block name 'nowhere'"},
		{"p update 5 1\ni 0 -1\nend\n", "s.upd:2: unknown block name '-1'"},
		{"p update 5 1\ni 0 1 2\nend\n",
		 "s.upd:2: unexpected '2' after the edge (expected 'i <u> <v>')"},
		{"p update 5 1\nd 1 0\nend\n", "s.upd:2: delete of 1->0: no such edge left in the graph"},
		{"p update 5 2\nd 1 3\nd 1 3\nend\n",
		 "s.upd:3: delete of 1->3: no such edge left in the graph"},
		{"p update 5 1\na 6\nend\n", "s.upd:2: new block 6, expected 5 (the next free id)"},
		{"p update 5 1\na\nend\n", "s.upd:2: missing new block id (expected 'a <id> [<name>]')"},
		{"p update 5 1\na x\nend\n",
		 "s.upd:2: expected new block id as an unsigned decimal number, found 'x'"},
		{"p update 5 1\na 5 12\nend\n",
		 "s.upd:2: block name '12' is all digits (it would read as a block id)"},
		{"p update 5 1\na 5 exit\nend\n", "s.upd:2: duplicate block name 'exit' (block 3 has it)"},
		{"p update 5 2\na 5 x\na 6 x\nend\n", "s.upd:3: duplicate block name 'x' (block 5 has it)"},
		{"p update 5 1\na 5 x y\nend\n",
		 "s.upd:2: unexpected 'y' after the name (expected 'a <id> [<name>]')"},
		{"p update 5 1\na 5 x\x01y\nend\n", "s.upd:2: name 'x?y' has a control byte"},
		{"p update 5 1\nbatch now\nend\n",
		 "s.upd:2: unexpected 'now' after 'batch' (expected 'batch')"},
		{"p update 5 1\ni 0 1\nend now\n", "s.upd:3: unexpected 'now' after 'end' (expected 'end')"},
		{"p update 5 1\ni 0 1\ni 0 1\nend\n", "s.upd:3: update 2 of 1 declared"},
		{"p update 5 2\ni 0 1\nend\n", "s.upd:3: 'end' after 1 of 2 declared updates"},
		{"p update 5 2\ni 0 1\n", "s.upd:2: file ends after 1 of 2 declared updates"},
		{"p update 5 1\ni 0 1\n# cut\n",
		 "s.upd:3: file ends without its closing 'end' line (truncated?)"},
		{"p update 5 1\ni 0 1\nend\ni 1 0\n",
		 "s.upd:4: 'i' after the 'end' line (line 3): nothing may follow it"},
		{"p update 5 1\nx 0 1\nend\n",
		 "s.upd:2: unknown line type 'x' (expected 'p', 'i', 'd', 'a', 'batch', 'end' or a '#' "
		 "comment)"},
		{"p update 5 1\ni 0 1#x\nend\n", "s.upd:2: unknown block name '1#x'"},
	};
	struct cfg g;
	struct names nm;
	start_graph(&g, &nm);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct update_stream s;
		char msg[512] = "";
		int st = read_str(cases[i].text, &g, &nm, &s, msg, sizeof msg);
		cr_expect_eq(st, SSA_EINPUT, "case %zu (%s): read", i, cases[i].msg);
		cr_expect_str_eq(msg, cases[i].msg, "case %zu", i);
		cr_expect(s.count == 0 && s.ops == NULL && s.names == NULL, "case %zu: partial result",
			  i);
	}
	names_free(&nm);
	cfg_free(&g);
}

Test(update_stream, ambiguous_names_of_the_cfg)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct names nm;
	static const char pool[] = "twintwinsolo";
	uint32_t ids[] = {1, 2, 3};
	uint64_t soff[] = {0, 4, 8, 12};
	cr_assert_eq(names_build(&nm, 5, 3, ids, soff, pool), SSA_OK);
	struct update_stream s;
	char msg[512];
	/* A shared name is fine until it is used. */
	cr_assert_eq(read_str("p update 5 1\ni solo 0\nend\n", &g, &nm, &s, msg, sizeof msg), SSA_OK,
		     "%s", msg);
	update_stream_free(&s);
	cr_assert_eq(read_str("p update 5 1\ni twin 0\nend\n", &g, &nm, &s, msg, sizeof msg),
		     SSA_EINPUT);
	cr_assert_str_eq(msg,
			 "s.upd:2: block name 'twin' is ambiguous (blocks 1 and 2 of the CFG have it)");
	cr_assert_eq(read_str("p update 5 1\na 5 twin\nend\n", &g, &nm, &s, msg, sizeof msg),
		     SSA_EINPUT);
	cr_assert_str_eq(msg, "s.upd:2: duplicate block name 'twin' (block 1 has it)");
	names_free(&nm);
	cfg_free(&g);
}

Test(update_stream, long_lines_and_crlf)
{
	struct cfg g;
	start_graph(&g, NULL);
	/* A comment longer than the reader's chunk. */
	size_t big = (1u << 20) + 100;
	char *text = malloc(big + 64);
	strcpy(text, "p update 5 1\r\n#");
	size_t at = strlen(text);
	memset(text + at, 'x', big);
	strcpy(text + at + big, "\r\ni 2 2\r\nend");
	struct update_stream s;
	char msg[512];
	cr_assert_eq(read_str(text, &g, NULL, &s, msg, sizeof msg), SSA_OK, "%s", msg);
	static const struct update want[] = {I(2, 2), B};
	expect_ops(&s, want, 2);
	update_stream_free(&s);
	free(text);
	cfg_free(&g);
}

Test(update_stream, writer_refuses_malformed_streams)
{
	struct update ops[] = {I(0, 1), A(6), B};
	struct update_stream s = {.n_start = 5, .n_end = 6, .count = 3, .ops = ops};
	FILE *f = fopen("/dev/null", "w");
	cr_assert_eq(update_stream_write(f, &s), SSA_EUSAGE); /* block 6 where 5 is next */
	ops[1].u = 5;
	cr_assert_eq(update_stream_write(f, &s), SSA_OK);
	s.count = 2; /* no final mark */
	cr_assert_eq(update_stream_write(f, &s), SSA_EUSAGE);
	s.count = 3;
	char *names[6] = {0};
	names[5] = "12";
	s.names = names;
	cr_assert_eq(update_stream_write(f, &s), SSA_EUSAGE); /* would read back as an id */
	names[5] = "a b";
	cr_assert_eq(update_stream_write(f, &s), SSA_EUSAGE);
	names[5] = "ok";
	cr_assert_eq(update_stream_write(f, &s), SSA_OK);
	fclose(f);
	uint64_t bad;
	char why[128];
	ops[0] = (struct update)I(0, 9);
	cr_assert_eq(update_stream_shape(&s, &bad, why, sizeof why), SSA_EINPUT);
	cr_assert_eq(bad, 0);
	cr_assert_str_eq(why, "edge 0->9: block id out of range 0..4");
}

Test(update_stream, check_replays_against_the_graph)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct update ops[] = {D(0, 2), D(0, 2), B, I(0, 2), D(0, 2), D(0, 2), B};
	struct update_stream s = {.n_start = 5, .n_end = 5, .count = 7, .ops = ops};
	uint64_t bad = 99;
	char why[128];
	cr_assert_eq(update_stream_check(&g, &s, &bad, why, sizeof why), SSA_EINPUT);
	cr_assert_eq(bad, 5);
	cr_assert_str_eq(why, "delete of 0->2: no such edge left in the graph");
	s.count = 5;
	ops[4] = (struct update)B;
	cr_assert_eq(update_stream_check(&g, &s, &bad, why, sizeof why), SSA_OK, "%s", why);
	/* A new block's name may not repeat another's. */
	struct update ops2[] = {A(5), A(6), B};
	char *names[7] = {0};
	names[1] = "x";
	names[2] = "x"; /* start blocks may share one */
	names[6] = "x";
	struct update_stream s2 = {.n_start = 5, .n_end = 7, .count = 3, .ops = ops2, .names = names};
	cr_assert_eq(update_stream_check(&g, &s2, &bad, why, sizeof why), SSA_EINPUT);
	cr_assert_eq(bad, 1);
	cr_assert_str_eq(why, "new block 6: duplicate block name 'x' (block 1 has it)");
	names[6] = "y";
	cr_assert_eq(update_stream_check(&g, &s2, &bad, why, sizeof why), SSA_OK, "%s", why);
	cfg_free(&g);
}

/* The mutable graph against a plain edge multiset, through many relocations and rebuilds. */
Test(update_stream, dyn_cfg_matches_a_multiset)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct dyn_cfg d;
	cr_assert_eq(dyn_cfg_init(&d, &g, 0), SSA_OK);
	enum { N = 40 };
	static uint32_t cnt[N][N];
	memset(cnt, 0, sizeof cnt);
	for (uint32_t u = 0; u < g.n; u++)
		for (uint32_t e = g.succ_off[u]; e < g.succ_off[u + 1]; e++)
			cnt[u][g.succ[e]]++;
	uint64_t x = 12345;
	for (int step = 0; step < 200000; step++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t r = (uint32_t)(x >> 33);
		if (d.n < N && r % 97 == 0) {
			uint32_t id;
			cr_assert_eq(dyn_cfg_add_block(&d, &id), SSA_OK);
			cr_assert_eq(id, d.n - 1);
			continue;
		}
		uint32_t u = (r >> 8) % d.n, v = (r >> 16) % d.n;
		if (r % 3 == 0) {
			int st = dyn_cfg_delete(&d, u, v);
			cr_assert_eq(st, cnt[u][v] ? SSA_OK : SSA_EINPUT);
			if (cnt[u][v])
				cnt[u][v]--;
		} else if (r % 3 == 1 || d.m < 50) {
			cr_assert_eq(dyn_cfg_insert(&d, u, v), SSA_OK);
			cnt[u][v]++;
		}
		if (step % 997 == 0) {
			uint32_t m = 0;
			for (uint32_t a = 0; a < d.n; a++)
				for (uint32_t b = 0; b < d.n; b++) {
					cr_assert_eq(dyn_cfg_count(&d, a, b), cnt[a][b]);
					m += cnt[a][b];
				}
			cr_assert_eq(d.m, m);
			struct cfg out;
			cr_assert_eq(dyn_cfg_export(&d, &out), SSA_OK);
			char why[128];
			cr_assert(cfg_is_valid(&out, why, sizeof why), "%s", why);
			cr_assert_eq(out.n, d.n);
			cr_assert_eq(out.m, d.m);
			cfg_free(&out);
		}
	}
	dyn_cfg_free(&d);
	cfg_free(&g);
}

/* Deletion keeps the order of the other successors and removes the last copy. */
Test(update_stream, dyn_cfg_delete_keeps_order)
{
	struct cfg g;
	start_graph(&g, NULL);
	struct dyn_cfg d;
	cr_assert_eq(dyn_cfg_init(&d, &g, 8), SSA_OK);
	cr_assert_eq(dyn_cfg_insert(&d, 0, 1), SSA_OK);
	cr_assert_eq(dyn_cfg_insert(&d, 0, 4), SSA_OK); /* succ(0) = 1 2 2 1 4 */
	cr_assert_eq(dyn_cfg_delete(&d, 0, 1), SSA_OK);
	uint32_t k;
	const uint32_t *s = dyn_succ(&d, 0, &k);
	cr_assert_eq(k, 4);
	cr_assert(s[0] == 1 && s[1] == 2 && s[2] == 2 && s[3] == 4);
	cr_assert_eq(dyn_cfg_delete(&d, 0, 3), SSA_EINPUT);
	cr_assert_eq(dyn_cfg_insert(&d, 0, 9), SSA_EUSAGE);
	struct update ops[] = {A(5), I(5, 0), D(5, 0), D(5, 0)};
	size_t bad = 99;
	cr_assert_eq(dyn_cfg_apply(&d, ops, 4, &bad), SSA_EINPUT);
	cr_assert_eq(bad, 3);
	cr_assert_eq(d.n, 6);
	dyn_cfg_free(&d);
	cfg_free(&g);
}
