/* gen --corpus (gen/corpus.c) through LLVM's parser: every function of a written corpus, read
 * back by the importer, is exactly the generated CFG of its size and seed (edges in order, the
 * prologue block where the CFG has edges into its entry); the same options write the same
 * bytes; the size distributions; the refusals. */
#include <criterion/criterion.h>

#include "gen/gen.h"
#include "llvmir/llvmir.h"
#include "util/status.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A fresh directory under $TMPDIR, else the system's. */
static char *tmpdir(void)
{
	const char *t = getenv("TMPDIR");
	char buf[512];
	snprintf(buf, sizeof buf, "%s/ssalab-corpus-test.XXXXXX", t && *t ? t : "/tmp");
	char *d = strdup(buf);
	cr_assert(d && mkdtemp(d), "mkdtemp %s", buf);
	return d;
}

static void rmtree(const char *d)
{
	DIR *dir = opendir(d);
	if (!dir)
		return;
	char p[512];
	for (struct dirent *e; (e = readdir(dir));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof p, "%s/%s", d, e->d_name);
		unlink(p);
	}
	closedir(dir);
	rmdir(d);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert(buf && fread(buf, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Imports every module of dir and checks function i against the generator. */
static void check_dir(const char *dir, const char *family, const struct gen_corpus *c,
		      uint64_t seed, const struct gen_corpus_stats *st)
{
	uint32_t next = 0, prologues = 0;
	for (uint32_t mod = 0; mod < st->modules; mod++) {
		char path[600];
		snprintf(path, sizeof path, "%s/corpus-%03u.ll", dir, mod);
		struct llvmir_module m;
		struct io_error err;
		memset(&err, 0, sizeof err);
		cr_assert_eq(llvmir_read(path, NULL, &m, &err), SSA_OK, "%s: %s", path, err.what);
		for (uint32_t k = 0; k < m.nfuncs; k++, next++) {
			const struct llvmir_func *f = &m.funcs[k];
			struct gen_params p;
			gen_params_default(&p);
			p.family = family;
			p.blocks = gen_corpus_size(c, seed, next);
			p.seed = gen_corpus_seed(seed, next);
			struct gen_info info;
			struct cfg g;
			cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
			const struct cfg *h = &f->prog.cfg;
			uint32_t shift = g.pred_off[1] != g.pred_off[0];
			prologues += shift;
			char want[64];
			snprintf(want, sizeof want, "f%05u_n%u", next, g.n + shift);
			cr_assert_str_eq(llvmir_func_name(f), want);
			cr_assert_eq(h->n, g.n + shift, "%s: %u blocks, generated %u", want, h->n, g.n);
			cr_assert_eq(h->m, g.m + shift, "%s: %u edges, generated %u", want, h->m, g.m);
			if (shift)
				cr_assert(h->succ_off[1] == 1 && h->succ[0] == 1, "%s: prologue", want);
			for (uint32_t b = 0; b < g.n; b++) {
				uint32_t d = g.succ_off[b + 1] - g.succ_off[b];
				cr_assert_eq(h->succ_off[b + shift + 1] - h->succ_off[b + shift], d,
					     "%s: block %u out-degree", want, b);
				for (uint32_t e = 0; e < d; e++)
					cr_assert_eq(h->succ[h->succ_off[b + shift] + e],
						     g.succ[g.succ_off[b] + e] + shift,
						     "%s: block %u successor %u", want, b, e);
			}
			cfg_free(&g);
		}
		llvmir_module_free(&m);
	}
	cr_assert_eq(next, c->nfuncs);
	cr_assert_eq(prologues, st->prologues);
}

Test(corpus, round_trip_through_llvm)
{
	static const char *const fams[] = {"structured", "random", "switch", "itworst", "ladder"};
	for (size_t f = 0; f < sizeof fams / sizeof *fams; f++) {
		for (int dist = 0; dist < 2; dist++) {
			struct gen_corpus c;
			memset(&c, 0, sizeof c);
			char err[300];
			cr_assert_eq(gen_corpus_parse_dist(dist ? "grid:3:3000:3" : "realcode", &c, err,
							   sizeof err), SSA_OK, "%s", err);
			c.nfuncs = dist ? 40 : 300;
			struct gen_params p;
			gen_params_default(&p);
			p.family = fams[f];
			p.seed = 11;
			char *dir = tmpdir();
			struct gen_corpus_stats st;
			int rc = gen_corpus_write(&c, &p, dir, &st, err, sizeof err);
			if (rc == SSA_EUSAGE && !strcmp(fams[f], "switch")) { /* switch needs 3 blocks */
				rmtree(dir);
				free(dir);
				continue;
			}
			cr_assert_eq(rc, SSA_OK, "%s: %s", fams[f], err);
			cr_assert_eq(st.functions, c.nfuncs);
			check_dir(dir, fams[f], &c, 11, &st);
			rmtree(dir);
			free(dir);
		}
	}
}

Test(corpus, same_options_same_bytes)
{
	struct gen_corpus c = {.nfuncs = 500, .dist = GEN_SIZES_REALCODE};
	struct gen_params p;
	gen_params_default(&p);
	p.family = "structured";
	p.seed = 3;
	char err[300], *d1 = tmpdir(), *d2 = tmpdir(), *d3 = tmpdir();
	struct gen_corpus_stats s1, s2, s3;
	cr_assert_eq(gen_corpus_write(&c, &p, d1, &s1, err, sizeof err), SSA_OK, "%s", err);
	cr_assert_eq(gen_corpus_write(&c, &p, d2, &s2, err, sizeof err), SSA_OK, "%s", err);
	p.seed = 4;
	cr_assert_eq(gen_corpus_write(&c, &p, d3, &s3, err, sizeof err), SSA_OK, "%s", err);
	char f1[600], f2[600], f3[600];
	snprintf(f1, sizeof f1, "%s/corpus-000.ll", d1);
	snprintf(f2, sizeof f2, "%s/corpus-000.ll", d2);
	snprintf(f3, sizeof f3, "%s/corpus-000.ll", d3);
	size_t n1, n2, n3;
	char *a = slurp(f1, &n1), *b = slurp(f2, &n2), *x = slurp(f3, &n3);
	cr_assert(n1 == n2 && !memcmp(a, b, n1), "same seed, different bytes");
	cr_assert(n1 != n3 || memcmp(a, x, n1), "another seed, same bytes");
	free(a);
	free(b);
	free(x);
	rmtree(d1);
	rmtree(d2);
	rmtree(d3);
	free(d1);
	free(d2);
	free(d3);
}

/* realcode resamples the measured counts: over many draws, a quarter of one-block functions,
 * median 6, nothing above 2322 and no size the corpus does not have (2). */
Test(corpus, realcode_sizes)
{
	struct gen_corpus c = {.nfuncs = 1, .dist = GEN_SIZES_REALCODE};
	enum { N = 20000 };
	static uint32_t hist[2400];
	uint32_t ones = 0, le6 = 0;
	for (uint32_t i = 0; i < N; i++) {
		uint64_t s = gen_corpus_size(&c, 1, i);
		cr_assert(s >= 1 && s <= 2322, "size %llu", (unsigned long long)s);
		cr_assert_neq(s, 2, "the corpus has no two-block function");
		hist[s]++;
		ones += s == 1;
		le6 += s <= 6;
	}
	cr_assert(ones > N * 22 / 100 && ones < N * 28 / 100, "one-block share %u of %u", ones, N);
	cr_assert(le6 > N * 48 / 100 && le6 < N * 56 / 100, "at most 6 blocks: %u of %u", le6, N);
	/* grid: LO, then the rounded powers of ten */
	struct gen_corpus g;
	char err[200];
	cr_assert_eq(gen_corpus_parse_dist("grid:4:1e5:4", &g, err, sizeof err), SSA_OK);
	uint64_t want[] = {4, 6, 10, 18, 32, 56, 100, 178, 316, 562, 1000, 1778, 3162, 5623, 10000,
			   17783, 31623, 56234, 100000};
	uint64_t got[64];
	uint32_t k = gen_corpus_grid(&g, got, 64);
	cr_assert_eq(k, sizeof want / sizeof *want);
	for (uint32_t i = 0; i < k; i++) {
		cr_assert_eq(got[i], want[i], "grid size %u", i);
		cr_assert_eq(gen_corpus_size(&g, 9, i + k), want[i], "round robin");
	}
}

Test(corpus, refusals)
{
	struct gen_corpus c;
	char err[300];
	static const char *const bad[] = {"lognormal", "grid:", "grid:4:1e5", "grid:0:10:4",
					  "grid:10:4:4", "grid:4:1e8:4", "grid:4:100:0", "grid:4:100:x"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_assert_eq(gen_corpus_parse_dist(bad[i], &c, err, sizeof err), SSA_EUSAGE, "%s",
			     bad[i]);
	struct gen_params p;
	gen_params_default(&p);
	p.family = "structured";
	cr_assert_eq(gen_corpus_parse_dist("realcode", &c, err, sizeof err), SSA_OK);
	c.nfuncs = 10;
	char *dir = tmpdir();
	char path[600];
	snprintf(path, sizeof path, "%s/other", dir);
	FILE *f = fopen(path, "w");
	cr_assert(f);
	fclose(f);
	struct gen_corpus_stats st;
	cr_assert_eq(gen_corpus_write(&c, &p, dir, &st, err, sizeof err), SSA_EUSAGE);
	cr_assert(strstr(err, "not empty"), "%s", err);
	c.nfuncs = 0;
	unlink(path);
	cr_assert_eq(gen_corpus_write(&c, &p, dir, &st, err, sizeof err), SSA_EUSAGE);
	/* a corpus over the total limit is refused before anything is written */
	cr_assert_eq(gen_corpus_parse_dist("grid:1e7:1e7:1", &c, err, sizeof err), SSA_OK);
	c.nfuncs = 11;
	cr_assert_eq(gen_corpus_write(&c, &p, dir, &st, err, sizeof err), SSA_ETOOBIG);
	DIR *dd = opendir(dir);
	int entries = 0;
	for (struct dirent *e; (e = readdir(dd));)
		entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(dd);
	cr_assert_eq(entries, 0, "something was written");
	rmtree(dir);
	free(dir);
}
