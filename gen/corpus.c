/* gen --corpus: many generated functions whose sizes follow a distribution, written as LLVM IR
 * modules, so that `bench --in DIR` times them exactly as it times the real-code corpus (one
 * input per function, calibrated batches, per-function rows and checks).
 *
 * Sizes. `realcode` resamples the block counts of the real-code corpus (tools/corpus: SQLite,
 * LZ4, tree-sitter at clang -O0, 2813 functions, 55 792 blocks): each function's size is drawn
 * uniformly from those 2813 counts, the bootstrap of that distribution (a quarter of the
 * functions have one block, median 6, p90 31, p99 249, max 2322). A log-normal fitted to the
 * median and p90 (mu = ln 6, sigma = 1.28) gives p99 117, half the real tail, and a fit to p99
 * misses the quarter of one-block functions; so the measured counts themselves are the table.
 * `grid:LO:HI:K` gives the log-spaced sizes of a crossover study: LO, then every 10^(j/K)
 * above LO up to HI, function i taking size i mod (number of sizes).
 *
 * Each function is the family's CFG (default structured) for that size, seeded by
 * splitmix64 of (seed, i), so the corpus is a function of (family, options, distribution,
 * count, seed) and byte-identical across runs. Written as `define void @fNNNNN_nSIZE(i1 %c,
 * i32 %x)` with one block per CFG block in id order and the successors in CSR order as LLVM
 * orders them (br: true then false; switch: default then cases; none: ret void), so the
 * importer (algos/llvmir) gives back exactly the generated CFG. LLVM forbids edges into the
 * entry block; a CFG with one gets a one-block prologue `entry: br label %b0` (n+1 blocks).
 * Functions have no variables.
 *
 * Output: DIR/corpus-NNN.ll, at most GEN_CORPUS_MODULE_BLOCKS blocks (or one function) per
 * module, each written to a hidden temporary file and renamed only once every module is
 * written (all or nothing). Memory: one function's CFG at a time. */
#include "gen/gen.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Block counts of the real-code corpus, {blocks, functions}: `gen --from` on every module of
 * tools/corpus (better-sqlite3 12.11.1, lz4, tree-sitter-c; clang 16), the `p cfg` line of
 * each function. Sums: 2813 functions, 55 792 blocks. */
static const uint32_t realcode_sizes[][2] = {
	{1, 697}, {3, 200}, {4, 283}, {5, 143}, {6, 135}, {7, 115}, {8, 109}, {9, 100}, {10, 96},
	{11, 68}, {12, 73}, {13, 65}, {14, 41}, {15, 51}, {16, 51}, {17, 36}, {18, 31}, {19, 33},
	{20, 19}, {21, 26}, {22, 25}, {23, 27}, {24, 26}, {25, 13}, {26, 15}, {27, 15}, {28, 11},
	{29, 9}, {30, 8}, {31, 13}, {32, 12}, {33, 11}, {34, 12}, {35, 6}, {36, 9}, {37, 6},
	{38, 3}, {39, 5}, {40, 8}, {41, 6}, {42, 3}, {43, 4}, {44, 2}, {45, 4}, {46, 6}, {47, 5},
	{48, 6}, {49, 6}, {50, 4}, {51, 5}, {52, 3}, {53, 3}, {54, 1}, {55, 7}, {56, 8}, {57, 2},
	{58, 5}, {59, 1}, {60, 3}, {62, 2}, {63, 5}, {64, 2}, {65, 1}, {66, 3}, {67, 2}, {68, 1},
	{69, 1}, {70, 1}, {71, 2}, {72, 1}, {73, 3}, {75, 1}, {76, 4}, {77, 2}, {78, 3}, {79, 2},
	{80, 1}, {81, 4}, {83, 1}, {86, 4}, {91, 1}, {92, 1}, {93, 3}, {94, 1}, {96, 1}, {101, 2},
	{103, 1}, {106, 3}, {108, 1}, {109, 1}, {111, 1}, {113, 1}, {117, 1}, {120, 2}, {122, 2},
	{124, 1}, {127, 2}, {130, 1}, {137, 1}, {141, 2}, {148, 1}, {158, 1}, {159, 1}, {166, 1},
	{170, 1}, {174, 2}, {181, 1}, {191, 1}, {194, 1}, {197, 1}, {209, 1}, {212, 1}, {213, 1},
	{226, 1}, {244, 1}, {247, 1}, {249, 6}, {252, 1}, {266, 1}, {267, 1}, {268, 1}, {282, 1},
	{287, 1}, {289, 1}, {350, 1}, {375, 1}, {411, 1}, {500, 1}, {502, 1}, {503, 1}, {504, 1},
	{531, 1}, {792, 1}, {874, 1}, {890, 1}, {896, 1}, {1006, 1}, {1525, 1}, {1576, 1},
	{1577, 1}, {1676, 1}, {2322, 1},
};
#define REALCODE_NSIZES (sizeof realcode_sizes / sizeof realcode_sizes[0])
#define REALCODE_FUNCS 2813u

static int bad(char *err, size_t len, const char *what, const char *val)
{
	snprintf(err, len, "--size-dist=%s: %s", val, what);
	return SSA_EUSAGE;
}

int gen_corpus_parse_dist(const char *s, struct gen_corpus *c, char *err, size_t errlen)
{
	if (!strcmp(s, "realcode")) {
		c->dist = GEN_SIZES_REALCODE;
		return SSA_OK;
	}
	if (strncmp(s, "grid:", 5) != 0)
		return bad(err, errlen, "expected 'realcode' or 'grid:LO:HI:K' (e.g. grid:4:1e5:4)", s);
	char buf[96];
	if (strlen(s + 5) >= sizeof buf)
		return bad(err, errlen, "too long", s);
	strcpy(buf, s + 5);
	char *hi = strchr(buf, ':'), *k = hi ? strchr(hi + 1, ':') : NULL;
	if (!hi || !k)
		return bad(err, errlen, "expected grid:LO:HI:K", s);
	*hi++ = 0;
	*k++ = 0;
	uint64_t lo_v, hi_v, k_v;
	if (gen_parse_count(buf, &lo_v) || gen_parse_count(hi, &hi_v) || gen_parse_count(k, &k_v))
		return bad(err, errlen, "LO, HI and K are whole numbers (1e5 allowed)", s);
	if (lo_v < 1 || hi_v < lo_v || hi_v > GEN_CORPUS_MAX_BLOCKS)
		return bad(err, errlen, "need 1 <= LO <= HI <= 10^7", s);
	if (k_v < 1 || k_v > 100)
		return bad(err, errlen, "K (sizes per decade) must be 1..100", s);
	c->dist = GEN_SIZES_GRID;
	c->lo = lo_v;
	c->hi = hi_v;
	c->per_decade = (uint32_t)k_v;
	return SSA_OK;
}

/* The grid's sizes ascending into out (capacity cap); returns how many there are. Grid points
 * are round(10^(j/K)); the ones not above LO are replaced by LO itself. */
uint32_t gen_corpus_grid(const struct gen_corpus *c, uint64_t *out, uint32_t cap)
{
	uint32_t n = 0;
	if (cap)
		out[n] = c->lo;
	n++;
	for (uint32_t j = 1; j <= 7 * c->per_decade; j++) {
		uint64_t v = (uint64_t)llround(pow(10.0, (double)j / c->per_decade));
		if (v <= c->lo)
			continue;
		if (v > c->hi)
			break;
		if (n < cap)
			out[n] = v;
		n++;
	}
	return n;
}

uint64_t gen_corpus_size(const struct gen_corpus *c, uint64_t seed, uint32_t i)
{
	if (c->dist == GEN_SIZES_GRID) {
		uint64_t grid[7 * 100 + 1];
		uint32_t n = gen_corpus_grid(c, grid, sizeof grid / sizeof grid[0]);
		return grid[i % n];
	}
	/* One draw per function from its own stream, so function i's size does not depend on
	 * how many functions come before it. */
	struct ssa_rng rng;
	ssa_rng_seed(&rng, gen_corpus_seed(seed ^ 0x5eed5eed5eed5eedULL, i));
	uint64_t r = ssa_rng_below(&rng, REALCODE_FUNCS);
	for (size_t k = 0; k < REALCODE_NSIZES; k++) {
		if (r < realcode_sizes[k][1])
			return realcode_sizes[k][0];
		r -= realcode_sizes[k][1];
	}
	return realcode_sizes[REALCODE_NSIZES - 1][0]; /* unreachable: the counts sum to 2813 */
}

uint64_t gen_corpus_seed(uint64_t seed, uint32_t i)
{
	uint64_t st = seed + (uint64_t)i * 0x632be59bd9b4e019ULL;
	return ssa_splitmix64(&st);
}

/* One function as LLVM IR. */
static int write_function(FILE *f, const struct cfg *g, uint32_t idx)
{
	bool prologue = g->pred_off[1] != g->pred_off[0];
	uint32_t n = g->n;
	if (fprintf(f, "\ndefine void @f%05" PRIu32 "_n%" PRIu32 "(i1 %%c, i32 %%x) {\n", idx,
		    n + (prologue ? 1u : 0u)) < 0)
		return SSA_EIO;
	if (prologue && fputs("entry:\n  br label %b0\n", f) < 0)
		return SSA_EIO;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t s = g->succ_off[b], e = g->succ_off[b + 1], d = e - s;
		int rc;
		if (d == 0)
			rc = fprintf(f, "b%" PRIu32 ":\n  ret void\n", b);
		else if (d == 1)
			rc = fprintf(f, "b%" PRIu32 ":\n  br label %%b%" PRIu32 "\n", b, g->succ[s]);
		else if (d == 2)
			rc = fprintf(f, "b%" PRIu32 ":\n  br i1 %%c, label %%b%" PRIu32 ", label %%b%" PRIu32
				     "\n", b, g->succ[s], g->succ[s + 1]);
		else {
			rc = fprintf(f, "b%" PRIu32 ":\n  switch i32 %%x, label %%b%" PRIu32 " [", b,
				     g->succ[s]);
			for (uint32_t k = 1; rc >= 0 && k < d; k++)
				rc = fprintf(f, "%si32 %" PRIu32 ", label %%b%" PRIu32, k > 1 ? " " : "",
					     k, g->succ[s + k]);
			if (rc >= 0)
				rc = fputs("]\n", f);
		}
		if (rc < 0)
			return SSA_EIO;
	}
	return fputs("}\n", f) < 0 ? SSA_EIO : SSA_OK;
}

/* True when dir does not exist or holds no entry but . and ..; creates it when absent. */
static int prepare_dir(const char *dir, char *err, size_t errlen)
{
	struct stat sb;
	if (stat(dir, &sb) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			snprintf(err, errlen, "%s: cannot create the directory: %s", dir, strerror(errno));
			return SSA_EIO;
		}
		return SSA_OK;
	}
	if (!S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a directory (--corpus writes a directory)", dir);
		return SSA_EUSAGE;
	}
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: cannot read the directory: %s", dir, strerror(errno));
		return SSA_EIO;
	}
	bool empty = true;
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	closedir(d);
	if (!empty) {
		snprintf(err, errlen, "%s: the directory is not empty (give a new or empty one)", dir);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

static void tmp_name(char *buf, size_t len, const char *dir, uint32_t mod, bool tmp)
{
	snprintf(buf, len, "%s/%scorpus-%03" PRIu32 ".ll%s", dir, tmp ? "." : "", mod,
		 tmp ? ".tmp" : "");
}

static void remove_tmps(const char *dir, uint32_t nmods)
{
	char path[4200];
	for (uint32_t k = 0; k < nmods; k++) {
		tmp_name(path, sizeof path, dir, k, true);
		unlink(path);
	}
}

int gen_corpus_write(const struct gen_corpus *c, const struct gen_params *p, const char *dir,
		     struct gen_corpus_stats *stats, char *err, size_t errlen)
{
	memset(stats, 0, sizeof *stats);
	err[0] = 0;
	if (c->nfuncs == 0 || c->nfuncs > GEN_CORPUS_MAX_FUNCS) {
		snprintf(err, errlen, "--corpus=%" PRIu32 ": 1 to %u functions", c->nfuncs,
			 GEN_CORPUS_MAX_FUNCS);
		return SSA_EUSAGE;
	}
	if (strlen(dir) > 4000) {
		snprintf(err, errlen, "--out: directory name too long");
		return SSA_EUSAGE;
	}
	/* Refuse before writing anything: the total size, and every function's parameters. */
	uint64_t total = 0;
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		struct gen_params q = *p;
		q.blocks = gen_corpus_size(c, p->seed, i);
		q.seed = gen_corpus_seed(p->seed, i);
		uint64_t n, m, peak;
		char note[200];
		int st = gen_estimate(&q, &n, &m, &peak, note, sizeof note);
		if (st != SSA_OK) {
			snprintf(err, errlen, "function %" PRIu32 " (%" PRIu64 " blocks): %s", i,
				 q.blocks, note[0] ? note : ssa_status_str(st));
			return st;
		}
		total += n;
	}
	if (total > GEN_CORPUS_MAX_TOTAL) {
		snprintf(err, errlen, "the corpus would have %" PRIu64 " blocks, more than %llu "
			 "(fewer functions or smaller sizes)", total,
			 (unsigned long long)GEN_CORPUS_MAX_TOTAL);
		return SSA_ETOOBIG;
	}
	int st = prepare_dir(dir, err, errlen);
	if (st != SSA_OK)
		return st;

	char path[4200];
	uint32_t mod = 0, nmods = 0;
	uint64_t in_mod = 0;
	FILE *f = NULL;
	for (uint32_t i = 0; i < c->nfuncs && st == SSA_OK; i++) {
		struct gen_params q = *p;
		q.blocks = gen_corpus_size(c, p->seed, i);
		q.seed = gen_corpus_seed(p->seed, i);
		struct gen_info info;
		struct cfg g;
		st = gen_cfg(&q, &g, &info);
		if (st != SSA_OK) {
			snprintf(err, errlen, "function %" PRIu32 ": %s", i,
				 info.note[0] ? info.note : ssa_status_str(st));
			break;
		}
		if (f && in_mod + g.n > GEN_CORPUS_MODULE_BLOCKS) {
			st = fclose(f) == 0 ? SSA_OK : SSA_EIO;
			f = NULL;
			mod++;
		}
		if (st == SSA_OK && !f) {
			tmp_name(path, sizeof path, dir, mod, true);
			f = fopen(path, "w");
			nmods = mod + 1;
			in_mod = 0;
			if (!f || fprintf(f, "; ssalab gen --corpus: family=%s size-dist=%s functions=%"
					 PRIu32 " seed=%" PRIu64 ", module %" PRIu32 "\n",
					 p->family, c->dist == GEN_SIZES_REALCODE ? "realcode" : "grid",
					 c->nfuncs, p->seed, mod) < 0)
				st = SSA_EIO;
		}
		if (st == SSA_OK)
			st = write_function(f, &g, i);
		if (st == SSA_OK) {
			in_mod += g.n;
			stats->blocks += g.n + (g.pred_off[1] != g.pred_off[0]);
			stats->edges += g.m + (g.pred_off[1] != g.pred_off[0]);
			stats->prologues += g.pred_off[1] != g.pred_off[0];
		} else {
			snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		}
		cfg_free(&g);
	}
	if (f && fclose(f) != 0 && st == SSA_OK) {
		snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
		st = SSA_EIO;
	}
	for (uint32_t k = 0; st == SSA_OK && k < nmods; k++) {
		char final[4200];
		tmp_name(path, sizeof path, dir, k, true);
		tmp_name(final, sizeof final, dir, k, false);
		if (rename(path, final) != 0) {
			snprintf(err, errlen, "%s: cannot rename: %s", path, strerror(errno));
			st = SSA_EIO;
			for (uint32_t j = 0; j < k; j++) { /* all or nothing */
				tmp_name(final, sizeof final, dir, j, false);
				unlink(final);
			}
		}
	}
	if (st != SSA_OK) {
		remove_tmps(dir, nmods);
		return st;
	}
	stats->functions = c->nfuncs;
	stats->modules = nmods;
	return SSA_OK;
}
