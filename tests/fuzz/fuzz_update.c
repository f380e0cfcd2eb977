/* Fuzzer of the dynamic-dominator stage (libFuzzer), two modes chosen by the first byte.
 *
 * Algorithms (any first byte but 'T'): the bytes become a small CFG and an update stream; every
 * algorithm of update_algos[] runs over it forward and as post-dominators (update_reverse), and
 * its tree is compared with the oracle after every batch. Decoding: n = 1 + b0 % 12 blocks,
 * b1 % 32 edges as byte pairs (any u, v: self-loops, parallel edges, edges into the entry and
 * unreachable blocks all occur); then one op per byte c until the input ends, at most 96:
 * c % 8 in 0..2 inserts the edge given by the next two bytes, 3..4 deletes the present edge that
 * the next byte picks (an insertion when there is none), 5 adds a block (up to 24), 6..7 closes
 * a batch. Missing bytes read as zero.
 *
 * Reader ('T' first): the rest is an update-stream file over a fixed 6-block graph whose blocks
 * are named (b0 .. b4, b5 unnamed); it must be rejected with a formatted error, or read, pass
 * update_stream_check, write back and read again to the same bytes, and then be run by every
 * algorithm against the oracle like the first mode's streams.
 *
 * Any failure aborts, which libFuzzer reports as a finding. */
#include "dom/oracle.h"
#include "update/check.h"
#include "update/dyn_cfg.h"
#include "update/reverse.h"
#include "update/stream.h"
#include "util/status.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_FAIL(...)                                                                         \
	do {                                                                                   \
		fprintf(stderr, "fuzz_update: " __VA_ARGS__);                                  \
		fputc('\n', stderr);                                                           \
		abort();                                                                       \
	} while (0)

static void run_all(const struct cfg *g, const struct update_stream *s)
{
	struct cfg rg;
	struct update_stream rs;
	if (update_reverse(g, s, &rg, &rs) != SSA_OK)
		FUZZ_FAIL("update_reverse refused a valid stream");
	for (size_t i = 0; i < update_nalgos; i++) {
		const struct update_algo *a = update_algos[i];
		char msg[256];
		struct update_check_report rep;
		int st = update_run_checked(a, g, s, 1, &rep, NULL, msg, sizeof msg);
		if (st)
			FUZZ_FAIL("%s: after batch %llu: %s (status %d)", a->head.name,
				  (unsigned long long)rep.failed_batch, msg, st);
		st = update_run_checked(a, &rg, &rs, 1, &rep, NULL, msg, sizeof msg);
		if (st)
			FUZZ_FAIL("%s, post-dominators: after batch %llu: %s (status %d)", a->head.name,
				  (unsigned long long)rep.failed_batch, msg, st);
	}
	update_stream_free(&rs);
	cfg_free(&rg);
}

static int decode(const uint8_t *d, size_t size, struct cfg *g, struct update_stream *s)
{
	size_t k = 0;
#define NEXT() (k < size ? d[k++] : 0)
	uint32_t n = 1 + NEXT() % 12, m = NEXT() % 32;
	struct edge_list el;
	if (edge_list_init(&el, n, m + 1) != SSA_OK)
		return SSA_ENOMEM;
	for (uint32_t i = 0; i < m; i++) {
		uint32_t u = NEXT() % n, v = NEXT() % n;
		edge_list_push(&el, u, v);
	}
	int st = cfg_from_edges(g, &el);
	edge_list_free(&el);
	if (st)
		return st;
	struct dyn_cfg dg;
	if ((st = dyn_cfg_init(&dg, g, 24))) {
		cfg_free(g);
		return st;
	}
	memset(s, 0, sizeof *s);
	s->ops = malloc(2 * 97 * sizeof *s->ops);
	s->n_start = n;
	uint64_t c = 0;
	bool open = false;
	for (int i = 0; i < 96 && k < size; i++) {
		uint32_t b = NEXT() % 8;
		if (b == 5 && dg.n < 24) {
			uint32_t id;
			dyn_cfg_add_block(&dg, &id);
			s->ops[c++] = (struct update){UPDATE_BLOCK, id, 0};
			open = true;
			continue;
		}
		if (b >= 6 || b == 5) {
			s->ops[c++] = (struct update){UPDATE_BATCH, 0, 0};
			open = false;
			continue;
		}
		if (b >= 3 && dg.m) {
			/* the pick-th present edge, counted over the successor lists */
			uint32_t pick = NEXT() % dg.m;
			for (uint32_t u = 0; u < dg.n; u++) {
				uint32_t deg;
				const uint32_t *sv = dyn_succ(&dg, u, &deg);
				if (pick < deg) {
					uint32_t v = sv[pick];
					dyn_cfg_delete(&dg, u, v);
					s->ops[c++] = (struct update){UPDATE_DELETE, u, v};
					break;
				}
				pick -= deg;
			}
		} else {
			uint32_t u = NEXT() % dg.n, v = NEXT() % dg.n;
			dyn_cfg_insert(&dg, u, v);
			s->ops[c++] = (struct update){UPDATE_INSERT, u, v};
		}
		open = true;
	}
#undef NEXT
	if (open)
		s->ops[c++] = (struct update){UPDATE_BATCH, 0, 0};
	s->count = c;
	s->n_end = dg.n;
	dyn_cfg_free(&dg);
	return SSA_OK;
}

static void fixed_graph(struct cfg *g, struct names *nm)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 1}, {3, 4}, {0, 2}};
	struct edge_list el;
	if (edge_list_init(&el, 6, 8) != SSA_OK)
		abort();
	for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
		edge_list_push(&el, e[i][0], e[i][1]);
	if (cfg_from_edges(g, &el) != SSA_OK)
		abort();
	edge_list_free(&el);
	static const char pool[] = "b0b1b2b3b4";
	uint32_t ids[] = {0, 1, 2, 3, 4};
	uint64_t soff[] = {0, 2, 4, 6, 8, 10};
	if (names_build(nm, 6, 5, ids, soff, pool) != SSA_OK)
		abort();
}

static char *write_mem(const struct update_stream *s, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || update_stream_write(f, s) != SSA_OK)
		FUZZ_FAIL("the writer refused a stream the reader accepted");
	fclose(f);
	return buf;
}

static void reader_mode(const uint8_t *data, size_t size)
{
	struct cfg g;
	struct names nm;
	fixed_graph(&g, &nm);
	/* fmemopen wants a non-empty buffer: an empty input is a lone newline */
	static const uint8_t newline[1] = {'\n'};
	FILE *f = fmemopen((void *)(size ? data : newline), size ? size : 1, "r");
	if (!f)
		abort();
	struct update_stream s;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = update_stream_read(f, "<fuzz>", &g, &nm, &s, &err);
	fclose(f);
	if (st) {
		char msg[512];
		io_error_format(&err, msg, sizeof msg);
		if (st != SSA_EINPUT || !err.what[0] || !msg[0])
			FUZZ_FAIL("rejected without a message (status %d)", st);
		if (s.ops || s.names || s.count)
			FUZZ_FAIL("a partial stream after an error");
	} else {
		char why[256];
		if (update_stream_check(&g, &s, NULL, why, sizeof why) != SSA_OK)
			FUZZ_FAIL("read, but the check refuses it: %s", why);
		size_t n1, n2;
		char *a = write_mem(&s, &n1);
		FILE *h = fmemopen(a, n1, "r");
		struct update_stream t;
		if (!h || update_stream_read(h, "<again>", &g, NULL, &t, &err) != SSA_OK)
			FUZZ_FAIL("the written stream does not read back");
		fclose(h);
		if (t.count != s.count || memcmp(t.ops, s.ops, s.count * sizeof *s.ops))
			FUZZ_FAIL("the stream read back differs");
		char *b = write_mem(&t, &n2);
		if (n1 != n2 || memcmp(a, b, n1))
			FUZZ_FAIL("writing the stream read back gives other bytes");
		free(a);
		free(b);
		update_stream_free(&t);
		if (s.count <= 400)
			run_all(&g, &s);
		update_stream_free(&s);
	}
	names_free(&nm);
	cfg_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size && data[0] == 'T') {
		reader_mode(data + 1, size - 1);
		return 0;
	}
	struct cfg g;
	struct update_stream s;
	if (decode(data, size, &g, &s) != SSA_OK)
		return 0;
	char why[256];
	if (update_stream_check(&g, &s, NULL, why, sizeof why) != SSA_OK)
		FUZZ_FAIL("the decoder built an invalid stream: %s", why);
	run_all(&g, &s);
	update_stream_free(&s);
	cfg_free(&g);
	return 0;
}
