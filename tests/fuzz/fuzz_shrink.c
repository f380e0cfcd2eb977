/* The shrinker: reduces a failing differential input to a small .prog ready to become a
 * regression test. Input: a fuzz_diff crash file (bytes, decoded as the fuzzer does) or a
 * text .prog. It then repeats, until nothing more can go: drop a block (not the entry; its
 * edges and ops go with it), drop an edge, drop a variable (its ops go), drop an op; each
 * step is kept only when the program still fails a check of fuzz_checks.h. Greedy, so the
 * result is 1-minimal for these steps, not the smallest possible.
 *
 *   build/fuzz/fuzz_shrink CRASH_FILE [OUT.prog]     (built by tools/fuzz)
 * Exit 0 with the reduced program written (stdout without OUT), 1 when the input passes every
 * check or cannot be read. */
#include "fuzz_decode.h"

#include "io/io.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A failing check longjmps out and leaks its scratch: not worth reporting in a one-shot tool. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

static jmp_buf fail_jmp;
static char fail_msg[512];

#define FUZZ_FAIL(...)                                                                         \
	do {                                                                                   \
		snprintf(fail_msg, sizeof fail_msg, __VA_ARGS__);                               \
		longjmp(fail_jmp, 1);                                                          \
	} while (0)

#include "fuzz_checks.h"

/* A program being shrunk, in plain lists. */
struct work {
	uint32_t n, m, nvars, nops;
	uint32_t *eu, *ev;      /* edges in CSR order */
	uint32_t *oblk, *oword; /* ops in block order */
};

static int build(const struct work *w, struct prog *p)
{
	struct edge_list el;
	if (edge_list_init(&el, w->n, w->m + 1) != SSA_OK)
		return SSA_ENOMEM;
	for (uint32_t i = 0; i < w->m; i++)
		edge_list_push(&el, w->eu[i], w->ev[i]);
	struct cfg g;
	int rc = cfg_from_edges(&g, &el);
	edge_list_free(&el);
	if (rc != SSA_OK)
		return rc;
	uint32_t *off = calloc(w->n + 1, sizeof *off), *ops = malloc((w->nops + 1) * sizeof *ops);
	for (uint32_t i = 0; i < w->nops; i++) {
		off[w->oblk[i] + 1]++;
		ops[i] = w->oword[i];
	}
	for (uint32_t b = 0; b < w->n; b++)
		off[b + 1] += off[b];
	prog_init(p, &g, w->nvars, w->nops, off, ops);
	return SSA_OK;
}

static bool fails(const struct work *w)
{
	struct prog p;
	if (build(w, &p) != SSA_OK)
		return false;
	volatile bool failed = false;
#ifdef FUZZ_SHRINK_SELFTEST
	/* A planted "bug" for trying the shrinker: a use in a block with an edge into the entry. */
	if (setjmp(fail_jmp) == 0) {
		for (uint32_t b = 0; b < p.cfg.n; b++)
			for (uint32_t e = p.cfg.succ_off[b]; e < p.cfg.succ_off[b + 1]; e++)
				for (uint32_t i = p.op_off[b]; i < p.op_off[b + 1]; i++)
					if (p.cfg.succ[e] == 0 && !prog_op_is_def(p.ops[i]))
						FUZZ_FAIL("planted: use in block %u, which jumps to the entry", b);
		fuzz_check_prog(&p);
	}
#else
	if (setjmp(fail_jmp) == 0)
		fuzz_check_prog(&p);
#endif
	else
		failed = true; /* the checks' scratch leaks here; a shrinker runs once */
	prog_free(&p);
	return failed;
}

static void from_prog(const struct prog *p, struct work *w)
{
	w->n = p->cfg.n;
	w->m = p->cfg.m;
	w->nvars = p->nvars;
	w->nops = p->nops;
	w->eu = malloc((w->m + 1) * sizeof *w->eu);
	w->ev = malloc((w->m + 1) * sizeof *w->ev);
	w->oblk = malloc((w->nops + 1) * sizeof *w->oblk);
	w->oword = malloc((w->nops + 1) * sizeof *w->oword);
	for (uint32_t b = 0, k = 0; b < w->n; b++)
		for (uint32_t e = p->cfg.succ_off[b]; e < p->cfg.succ_off[b + 1]; e++, k++) {
			w->eu[k] = b;
			w->ev[k] = p->cfg.succ[e];
		}
	for (uint32_t b = 0; b < w->n; b++)
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			w->oblk[i] = b;
			w->oword[i] = p->ops[i];
		}
}

/* Candidate edits, applied to a copy c of w; false when the edit does not apply. */
static bool drop_block(const struct work *w, struct work *c, uint32_t x)
{
	if (x == 0 || x >= w->n)
		return false;
	c->n = w->n - 1;
	c->nvars = w->nvars;
	c->m = c->nops = 0;
	for (uint32_t i = 0; i < w->m; i++)
		if (w->eu[i] != x && w->ev[i] != x) {
			c->eu[c->m] = w->eu[i] - (w->eu[i] > x);
			c->ev[c->m++] = w->ev[i] - (w->ev[i] > x);
		}
	for (uint32_t i = 0; i < w->nops; i++)
		if (w->oblk[i] != x) {
			c->oblk[c->nops] = w->oblk[i] - (w->oblk[i] > x);
			c->oword[c->nops++] = w->oword[i];
		}
	return true;
}

static bool drop_edge(const struct work *w, struct work *c, uint32_t x)
{
	if (x >= w->m)
		return false;
	*c = (struct work){.n = w->n, .nvars = w->nvars, .nops = w->nops, .eu = c->eu, .ev = c->ev,
			   .oblk = c->oblk, .oword = c->oword};
	for (uint32_t i = 0; i < w->m; i++)
		if (i != x) {
			c->eu[c->m] = w->eu[i];
			c->ev[c->m++] = w->ev[i];
		}
	memcpy(c->oblk, w->oblk, w->nops * sizeof *c->oblk);
	memcpy(c->oword, w->oword, w->nops * sizeof *c->oword);
	return true;
}

static bool drop_var(const struct work *w, struct work *c, uint32_t x)
{
	if (x >= w->nvars)
		return false;
	*c = (struct work){.n = w->n, .m = w->m, .nvars = w->nvars - 1, .eu = c->eu, .ev = c->ev,
			   .oblk = c->oblk, .oword = c->oword};
	memcpy(c->eu, w->eu, w->m * sizeof *c->eu);
	memcpy(c->ev, w->ev, w->m * sizeof *c->ev);
	for (uint32_t i = 0; i < w->nops; i++) {
		uint32_t v = prog_op_var(w->oword[i]);
		if (v == x)
			continue;
		c->oblk[c->nops] = w->oblk[i];
		c->oword[c->nops++] = prog_op(v - (v > x), w->oword[i] & 1);
	}
	return true;
}

static bool drop_op(const struct work *w, struct work *c, uint32_t x)
{
	if (x >= w->nops)
		return false;
	*c = (struct work){.n = w->n, .m = w->m, .nvars = w->nvars, .eu = c->eu, .ev = c->ev,
			   .oblk = c->oblk, .oword = c->oword};
	memcpy(c->eu, w->eu, w->m * sizeof *c->eu);
	memcpy(c->ev, w->ev, w->m * sizeof *c->ev);
	for (uint32_t i = 0; i < w->nops; i++)
		if (i != x) {
			c->oblk[c->nops] = w->oblk[i];
			c->oword[c->nops++] = w->oword[i];
		}
	return true;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: fuzz_shrink CRASH_FILE [OUT.prog]\n");
		return 1;
	}
	struct prog p;
	struct io_error err;
	FILE *f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	int c0 = fgetc(f);
	rewind(f);
	int rc;
	if (c0 == 'p' || c0 == '#') {
		rc = io_read_text(f, argv[1], &p, &err);
	} else {
		static uint8_t buf[1 << 16];
		size_t len = fread(buf, 1, sizeof buf, f);
		rc = fuzz_decode(buf, len, &p);
	}
	fclose(f);
	if (rc != SSA_OK) {
		fprintf(stderr, "fuzz_shrink: cannot read %s\n", argv[1]);
		return 1;
	}
	struct work w, c;
	from_prog(&p, &w);
	prog_free(&p);
	if (!fails(&w)) {
		fprintf(stderr, "fuzz_shrink: %s passes every check\n", argv[1]);
		return 1;
	}
	c.eu = malloc((w.m + 1) * sizeof *c.eu);
	c.ev = malloc((w.m + 1) * sizeof *c.ev);
	c.oblk = malloc((w.nops + 1) * sizeof *c.oblk);
	c.oword = malloc((w.nops + 1) * sizeof *c.oword);
	bool (*const edits[])(const struct work *, struct work *, uint32_t) = {drop_block, drop_edge,
									    drop_var, drop_op};
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t e = 0; e < sizeof edits / sizeof *edits; e++)
			for (uint32_t x = e == 0; edits[e](&w, &c, x);) { /* never the entry */
				if (fails(&c)) {
					struct work t = w; /* keep c, reuse w's arrays for the next try */
					w = c;
					c = t;
					changed = true;
				} else {
					x++;
				}
			}
	}
	fails(&w); /* leaves the message of the final program in fail_msg */
	fprintf(stderr, "fuzz_shrink: %u blocks, %u edges, %u variables, %u ops: %s\n", w.n, w.m,
		w.nvars, w.nops, fail_msg);
	if (build(&w, &p) != SSA_OK)
		return 1;
	FILE *out = argc == 3 ? fopen(argv[2], "w") : stdout;
	if (!out || io_write_prog_text(out, &p) != SSA_OK) {
		fprintf(stderr, "fuzz_shrink: cannot write the result\n");
		return 1;
	}
	if (out != stdout)
		fclose(out);
	prog_free(&p);
	return 0;
}
