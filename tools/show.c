/* show: the teaching view of a small program. Prints, in the course texts' notation, the CFG
 * with its code, the dominator tree, the dominator sets Dom(v) and the strict dominance pairs,
 * the dominance frontiers DF(X), the loops and back edges, the iterated frontier DF+(Defs(v))
 * of every variable (and, on request, the lecture notes' worklist with its W and F sets step by
 * step), the φs of each flavour (minimal, semi-pruned, pruned), the renaming stacks block by
 * block and the renamed SSA form; optionally draws one picture (graphviz) or writes one page to
 * step through (HTML, no network, no graphviz).
 *
 *   show [--view=LIST] [--def V:B,... --use V:B,...] [--pic FILE] [--html FILE] [--flavor=F]
 *        [--function=NAME] PROGRAM
 *
 * PROGRAM is any input io_read_prog reads (.prog with names, DOT, ...), or, in a build with the
 * LLVM IR importer, LLVM IR (.ll, .bc) or C (.c, compiled by clang at -O0 without optnone and
 * with value names kept, then imported): one function, --function=NAME or the only/first one,
 * its blocks and variables named as in the IR (entry, while.cond, x, n.addr). --def/--use add
 * definitions and uses to blocks by name (a DOT graph has none). Every stage's answer is checked
 * before it is printed: the dominators against the set-based `iter` and against the definition
 * (a block removed, who is still reached), the frontiers against df-naive, the loops against
 * their oracle, the worklist's F against φ placement, the SSA form by the verifier and the
 * equivalence interpreter, the replayed stacks against the renamer.
 * Exit status: 0 shown, 1 input or output error, 2 usage error or a program too large to show. */
#include "show.h"

#include "dom/dom.h"
#include "io/io.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const show_section_names[SHOW_NSECTIONS] = {
    [SHOW_CFG] = "cfg",     [SHOW_DOM] = "dom",           [SHOW_SETS] = "sets",
    [SHOW_STRICT] = "strict", [SHOW_DF] = "df",           [SHOW_LOOPS] = "loops",
    [SHOW_IDF] = "idf",     [SHOW_IDF_TRACE] = "idf-trace", [SHOW_PHI] = "phi",
    [SHOW_RENAME] = "rename", [SHOW_SSA] = "ssa"};

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: show [--view=LIST] [--def VAR:BLOCK,... --use VAR:BLOCK,...]\n"
	        "            [--pic FILE] [--html FILE] [--flavor=minimal|semipruned|pruned]\n"
	        "            [--function=NAME] PROGRAM\n"
	        "Prints the CFG, dominator tree, dominator sets, strict dominance, dominance\n"
	        "frontiers, loops, iterated frontiers, the φs of each flavour and the renamed SSA\n"
	        "of a small program (at most %u blocks), every answer checked first.\n"
	        "--view=LIST picks the sections (comma-separated, printed in this order):\n"
	        "  cfg dom sets strict df loops idf idf-trace phi rename ssa; 'all'; 'default'\n"
	        "  (all but idf-trace and rename); '+LIST' adds to the default.\n"
	        "--def x:B,E / --use x:J add a definition / use of variable x at the end of the\n"
	        "blocks named (in the order given: '--use x:B --def x:B' reads x, then sets it),\n"
	        "e.g. for a DOT graph, which has no code.\n"
	        "--pic draws the CFG with φs and renamed code beside the dominator tree:\n"
	        "FILE.dot is graphviz source, FILE.svg or FILE.png runs graphviz 'dot'.\n"
	        "--html FILE.html writes one self-contained page to step through (the IDF\n"
	        "worklist and the renaming stacks; #step-N, #idf-x-K, #rename-K).\n"
	        "--flavor picks the φs of the renamed form (default pruned).\n"
	        "PROGRAM is a .cfg/.prog/.ssab/DOT/Mermaid/edge-list/arrow-list file, or (with\n"
	        "LLVM) an LLVM IR module (.ll/.bc, or by its content) or a C or C++ file (clang\n"
	        "-O0, imported): --function=NAME picks its function (default: the only or first).\n",
	        SHOW_MAX_BLOCKS);
}

static int fail(const char *what, int st)
{
	fprintf(stderr, "show: %s: %s\n", what, ssa_status_str(st));
	return 1;
}

/* Dominance by its definition: u dominates w iff w is not reached from the entry once u is
 * taken out (the entry dominates everything reached). O(n (n + m)); n <= SHOW_MAX_BLOCKS. */
static int check_dominance(const struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	uint8_t *seen = ssa_alloc_array(g->n, 1);
	uint32_t *queue = ssa_alloc_array(g->n, sizeof *queue);
	int st = seen && queue ? SSA_OK : SSA_ENOMEM;
	char b1[16], b2[16];
	for (uint32_t u = 0; u < g->n && !st; u++) {
		memset(seen, 0, g->n);
		uint32_t h = 0, t = 0;
		if (u != 0) {
			seen[0] = 1;
			queue[t++] = 0;
		}
		while (h < t) {
			uint32_t x = queue[h++];
			for (uint32_t e = g->succ_off[x]; e < g->succ_off[x + 1]; e++) {
				uint32_t y = g->succ[e];
				if (y != u && !seen[y]) {
					seen[y] = 1;
					queue[t++] = y;
				}
			}
		}
		for (uint32_t w = 0; w < g->n && !st; w++) {
			bool reached = v->dt.tin[w] != SSA_NONE;
			bool by_def = reached && v->dt.tin[u] != SSA_NONE && !seen[w];
			if (by_def != domtree_dominates(&v->dt, u, w)) {
				fprintf(stderr, "show: dominance of %s over %s: the tree says %s, the "
				                "definition %s\n",
				        show_bname(v, u, b1), show_bname(v, w, b2),
				        by_def ? "no" : "yes", by_def ? "yes" : "no");
				st = SSA_EVERIFY;
			}
		}
	}
	free(seen);
	free(queue);
	return st;
}

/* The worklist's F for every variable must be the minimal φ placement. */
static int check_idf(const struct view *v)
{
	struct show_idf w;
	int st = show_idf_alloc(&w, v->p.cfg.n);
	char b1[16];
	for (uint32_t x = 0; x < v->p.nvars && !st; x++) {
		show_idf_start(&w, v, x);
		while (show_idf_next(&w, v))
			;
		uint32_t k = show_idf_f(&w, v);
		const struct phi_sets *s = &v->phi[PHI_MINIMAL];
		uint32_t want = (uint32_t)(s->off[x + 1] - s->off[x]);
		bool same = k == want;
		for (uint32_t i = 0; i < k && same; i++) {
			uint32_t j = 0;
			while (j < want && s->blocks[s->off[x] + j] != w.scratch[i])
				j++;
			same = j < want;
		}
		if (!same) {
			fprintf(stderr, "show: the worklist's F for %s differs from φ placement\n",
			        show_vname(v, x, b1));
			st = SSA_EVERIFY;
		}
	}
	show_idf_free(&w);
	return st;
}

/* A reducible loop of the forest must be the natural loop of the CIS 341 notes: its header h
 * and every block that reaches the source of a back edge n -> h without passing h. */
static int check_loops(const struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	const struct loop_forest *f = &v->loops;
	uint8_t *in = ssa_alloc_array(g->n, 1);
	uint32_t *queue = ssa_alloc_array(g->n, sizeof *queue);
	int st = in && queue ? SSA_OK : SSA_ENOMEM;
	char b1[16];
	for (uint32_t l = 0; l < f->nloops && !st; l++) {
		if (loops_is_irreducible(f, l))
			continue;
		uint32_t h = f->header[l], t = 0;
		memset(in, 0, g->n);
		in[h] = 1;
		for (uint32_t e = g->pred_off[h]; e < g->pred_off[h + 1]; e++) {
			uint32_t n = g->pred[e];
			if (domtree_dominates(&v->dt, h, n) && !in[n]) {
				in[n] = 1;
				queue[t++] = n;
			}
		}
		for (uint32_t k = 0; k < t; k++)
			for (uint32_t e = g->pred_off[queue[k]]; e < g->pred_off[queue[k] + 1]; e++) {
				uint32_t u = g->pred[e];
				if (!in[u] && v->dt.tin[u] != SSA_NONE) {
					in[u] = 1;
					queue[t++] = u;
				}
			}
		for (uint32_t b = 0; b < g->n && !st; b++)
			if (in[b] != loops_contains(f, l, b)) {
				fprintf(stderr, "show: the loop of %s is not its natural loop\n",
				        show_bname(v, h, b1));
				st = SSA_EVERIFY;
			}
	}
	free(in);
	free(queue);
	return st;
}

static int compute(struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	int st;
	char msg[512];
	if ((st = show_rank(v)))
		return fail("names", st);
	v->idom = ssa_alloc_array(g->n, sizeof *v->idom);
	if (!v->idom)
		return fail("dominators", SSA_ENOMEM);
	if ((st = dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), g, v->idom, NULL)))
		return fail("dominators", st);
	/* The textbook's definition, by brute force: a second opinion that shares no code. */
	uint32_t *check = ssa_alloc_array(g->n, sizeof *check);
	if (!check || (st = dom_compute(algo_find(dom_algos, dom_nalgos, "iter"), g, check, NULL))) {
		free(check);
		return fail("dominators (check)", st ? st : SSA_ENOMEM);
	}
	st = memcmp(check, v->idom, g->n * sizeof *check) ? SSA_EVERIFY : SSA_OK;
	free(check);
	if (st)
		return fail("dominators disagree", st);
	if ((st = domtree_build(&v->dt, v->idom, g->n, 0)))
		return fail("dominator tree", st);
	if ((st = check_dominance(v)))
		return fail("dominator sets", st);
	if ((st = df_compute(algo_find(df_algos, df_nalgos, "df-cytron"), g, &v->dt, DF_DEFAULT_LIMIT,
	                     &v->df, NULL)))
		return fail("dominance frontiers", st);
	struct df_sets naive = {0};
	st = df_compute(algo_find(df_algos, df_nalgos, "df-naive"), g, &v->dt, DF_DEFAULT_LIMIT,
	                &naive, NULL);
	if (!st && !df_sets_equal(&v->df, &naive, msg, sizeof msg)) {
		fprintf(stderr, "show: the frontiers disagree with their definition: %s\n", msg);
		st = SSA_EVERIFY;
	}
	df_sets_free(&naive);
	if (st)
		return fail("dominance frontiers (check)", st);
	if ((st = loop_forest_alloc(&v->loops, g->n)) ||
	    (st = loops_compute(loops_algos[0], g, &v->loops, NULL)))
		return fail("loops", st);
	if ((st = loops_oracle_check(g, &v->loops, msg, sizeof msg))) {
		fprintf(stderr, "show: the loop forest fails its check: %s\n", msg);
		return 1;
	}
	if ((st = check_loops(v)))
		return fail("natural loops", st);
	if ((st = var_blocks_build(&v->vb, &v->p)))
		return fail("definition lists", st);
	for (int f = 0; f < 3; f++)
		if ((st = phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-idf"), &v->p, &v->dt,
		                         (enum phi_flavor)f, &v->phi[f])))
			return fail("φ placement", st);
	if ((st = check_idf(v)))
		return fail("the IDF worklist", st);
	if ((st = ssa_form_layout(&v->ssa, &v->p, &v->phi[v->flavor])))
		return fail("SSA layout", st);
	if ((st = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), &v->p,
	                         &v->dt, &v->ssa, NULL)))
		return fail("renaming", st);
	if ((st = ssa_verify(&v->p, &v->dt, &v->ssa, msg, sizeof msg))) {
		fprintf(stderr, "show: the SSA form fails verification: %s\n", msg);
		return 1;
	}
	struct ssa_interp_opts o = {.seed = 1, .walks = 64, .max_len = 256};
	struct ssa_interp_stats is;
	if ((st = ssa_interp_check(&v->p, &v->ssa, &o, &is, msg, sizeof msg))) {
		fprintf(stderr, "show: the SSA form computes something else: %s\n", msg);
		return 1;
	}
	struct show_rename r;
	if ((st = show_rename_run(&r, v)))
		return fail("renaming stacks", st);
	st = show_rename_check(&r, v, msg, sizeof msg);
	show_rename_free(&r);
	if (st) {
		fprintf(stderr, "show: the renaming stacks disagree with the renamer: %s\n", msg);
		return 1;
	}
	/* the printed form, checked against the library's dump of the same form */
	if ((st = show_versions(v)))
		return fail("SSA versions", st);
	char *lib = NULL, *mine = NULL;
	size_t llen = 0, mlen = 0;
	FILE *a = open_memstream(&lib, &llen), *b = open_memstream(&mine, &mlen);
	st = !a || !b;
	if (a) {
		st |= ssa_form_dump_named(a, &v->p, &v->ssa) != SSA_OK;
		st |= fclose(a) != 0;
	}
	if (b) {
		st |= show_ssa_write(b, v, false) != SSA_OK;
		st |= fclose(b) != 0;
	}
	bool same = !st && llen == mlen && !memcmp(lib, mine, llen);
	free(lib);
	free(mine);
	if (st)
		return fail("SSA text", SSA_EIO);
	if (!same) {
		fprintf(stderr, "show: the printed SSA form differs from ssa_form_dump_named\n");
		return 1;
	}
	FILE *m = open_memstream(&v->ssa_text, &v->ssa_len);
	if (!m || (st = show_ssa_write(m, v, true)) || fclose(m))
		return fail("SSA text", st ? st : SSA_EIO);
	return 0;
}

static void release(struct view *v)
{
	prog_free(&v->p);
	free(v->idom);
	domtree_free(&v->dt);
	df_sets_free(&v->df);
	loop_forest_free(&v->loops);
	var_blocks_free(&v->vb);
	for (int f = 0; f < 3; f++)
		phi_sets_free(&v->phi[f]);
	ssa_form_free(&v->ssa);
	show_rhs_free(&v->rhs);
	free(v->rank);
	free(v->ver);
	free(v->ssa_text);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

/* The program to show: a file io_read_prog reads, or one function of LLVM IR or C. 0, or the
 * exit status. */
static int read_input(const char *path, const char *func, struct prog *out, struct show_rhs *rhs)
{
	enum show_source src = show_source_of(path);
	if (src == SHOW_SRC_C || src == SHOW_SRC_IR)
		return show_read_llvm(path, func, out, rhs);
	if (src == SHOW_SRC_RUST) {
		fprintf(stderr, "show: %s is Rust: show reads C, C++ and LLVM IR; make IR of it "
		                "with 'rustc --crate-type=lib --emit=llvm-ir -C opt-level=0 %s' "
		                "and show the .ll\n", path, path);
		return 1;
	}
	if (func) {
		fprintf(stderr, "show: --function picks a function of LLVM IR or C, and %s is "
		                "neither\n", path);
		return 2;
	}
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = io_read_prog(path, out, &err);
	if (st) {
		char msg[600];
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "show: %s\n", msg);
		return 1;
	}
	char warn[800];
	if (io_warning_format(&err, warn, sizeof warn))
		fprintf(stderr, "show: warning: %s\n", warn);
	return 0;
}

/* --def / --use, in the order given. */
struct attach {
	bool def;
	const char *spec; /* VAR:BLOCK,BLOCK,... */
};

/* The block a --def/--use names: its name, else b<id> or <id> for an unnamed block; SSA_NONE
 * when none is. *twin gets a second block of that name, or SSA_NONE (names need not be unique:
 * two DOT nodes may carry one label, and a --def on one of them would be a guess). */
static uint32_t find_block(const struct prog *p, const char *s, size_t len, uint32_t *twin)
{
	char b[16];
	uint32_t found = SSA_NONE;
	*twin = SSA_NONE;
	for (uint32_t i = 0; i < p->cfg.n && *twin == SSA_NONE; i++) {
		const char *name = names_str(&p->bnames, i, "b", b, sizeof b);
		if (strlen(name) == len && !memcmp(name, s, len)) {
			if (found == SSA_NONE)
				found = i;
			else
				*twin = i;
		}
	}
	if (found != SSA_NONE)
		return found;
	char *end;
	errno = 0;
	unsigned long id = strtoul(s, &end, 10);
	if (len && end == s + len && !errno && id < p->cfg.n && !names_get(&p->bnames, (uint32_t)id))
		return (uint32_t)id;
	return SSA_NONE;
}

/* Why no block is called s[0..len): the block whose name differs only in case, else the
 * blocks' names (the first 12). */
static void no_block(const struct prog *p, const char *opt, const char *spec, const char *s,
                     size_t len)
{
	char b[16];
	fprintf(stderr, "show: --%s %s: no block named '%.*s'", opt, spec, (int)len, s);
	for (uint32_t i = 0; i < p->cfg.n; i++) {
		const char *name = names_str(&p->bnames, i, "b", b, sizeof b);
		if (strlen(name) == len && !strncasecmp(name, s, len)) {
			fprintf(stderr, " (names are case-sensitive: '%s'?)\n", name);
			return;
		}
	}
	fprintf(stderr, " (the blocks:");
	for (uint32_t i = 0; i < p->cfg.n && i < 12; i++)
		fprintf(stderr, "%s %s", i ? "," : "", names_str(&p->bnames, i, "b", b, sizeof b));
	if (p->cfg.n > 12)
		fprintf(stderr, " and %u more", p->cfg.n - 12);
	fprintf(stderr, ")\n");
}

/* One line on stderr when blocks share a name (two DOT or Mermaid nodes with one label, a .prog
 * with one 'n b' name twice): every view prints names, so they could not be told apart there.
 * O(n^2) name comparisons, n <= SHOW_MAX_BLOCKS. */
static void warn_shared_names(const struct prog *p)
{
	uint32_t nshared = 0, first = SSA_NONE;
	for (uint32_t i = 0; i < p->cfg.n; i++) {
		const char *a = names_get(&p->bnames, i);
		bool dup = false;
		for (uint32_t j = 0; a && j < p->cfg.n && !dup; j++) {
			const char *b = names_get(&p->bnames, j);
			dup = j != i && b && !strcmp(a, b);
		}
		if (dup && first == SSA_NONE)
			first = i;
		nshared += dup;
	}
	if (nshared)
		fprintf(stderr, "show: warning: %u blocks share names (first: '%.40s'): the views "
		                "print the name, so they cannot tell them apart\n",
		        nshared, names_get(&p->bnames, first));
}

/* Appends the ops of every --def/--use to p (a new variable for a name p has not). 0 or 2. */
static int attach_ops(struct prog *p, const struct attach *at, int nat)
{
	const struct cfg *g = &p->cfg;
	uint32_t nvars = p->nvars;
	/* variable names: p's, then the new ones (at most one per spec) */
	const char **vn = ssa_calloc_array((uint64_t)p->nvars + (uint64_t)nat + 1, sizeof *vn);
	size_t *vl = ssa_calloc_array((uint64_t)p->nvars + (uint64_t)nat + 1, sizeof *vl);
	uint32_t *count = ssa_calloc_array((uint64_t)g->n + 1, sizeof *count);
	int rc = 0;
	if (!vn || !vl || !count) {
		rc = fail("--def/--use", SSA_ENOMEM);
		goto out;
	}
	for (uint32_t x = 0; x < p->nvars; x++) {
		vn[x] = names_get(&p->vnames, x);
		vl[x] = vn[x] ? strlen(vn[x]) : 0;
	}
	/* pass 1: check, count the ops per block; pass 2: place them after the block's own */
	for (int pass = 0; pass < 2 && !rc; pass++) {
		uint32_t *ops = NULL, *off = NULL, *fill = NULL;
		uint64_t total = p->nops;
		if (pass == 1) {
			for (uint32_t i = 0; i < g->n; i++)
				total += count[i];
			if (total > UINT32_MAX - 1u) {
				fprintf(stderr, "show: too many --def/--use operations\n");
				rc = 2;
				break;
			}
			ops = ssa_alloc_array(total, sizeof *ops);
			off = ssa_alloc_array((uint64_t)g->n + 1, sizeof *off);
			fill = ssa_alloc_array(g->n, sizeof *fill);
			if (!ops || !off || !fill) {
				ssa_free_all(ops, off, fill, NULL);
				rc = fail("--def/--use", SSA_ENOMEM);
				break;
			}
			off[0] = 0;
			for (uint32_t i = 0; i < g->n; i++) {
				off[i + 1] = off[i] + (p->op_off[i + 1] - p->op_off[i]) + count[i];
				memcpy(ops + off[i], p->ops + p->op_off[i],
				       (p->op_off[i + 1] - p->op_off[i]) * sizeof *ops);
				fill[i] = off[i] + (p->op_off[i + 1] - p->op_off[i]);
			}
		}
		nvars = p->nvars;
		for (int k = 0; k < nat && !rc; k++) {
			const char *s = at[k].spec, *colon = strchr(s, ':');
			if (!colon || colon == s || !colon[1]) {
				fprintf(stderr, "show: --%s %s: write VARIABLE:BLOCK,BLOCK,...\n",
				        at[k].def ? "def" : "use", s);
				rc = 2;
				break;
			}
			size_t len = (size_t)(colon - s);
			uint32_t x = 0;
			while (x < nvars && !(vl[x] == len && !memcmp(vn[x], s, len)))
				x++;
			if (x == nvars && len > 1 && s[0] == 'v') {
				/* an unnamed variable, as the views print it: v<id> */
				char *end;
				unsigned long id = strtoul(s + 1, &end, 10);
				if (end == colon && id < p->nvars && !vl[id])
					x = (uint32_t)id;
			}
			if (x == nvars) {
				if (len > NAMES_MAX_LEN) {
					fprintf(stderr, "show: --%s: a variable name of %zu bytes\n",
					        at[k].def ? "def" : "use", len);
					rc = 2;
					break;
				}
				vn[x] = s;
				vl[x] = len;
				nvars++;
			}
			for (const char *c = colon + 1; *c && !rc;) {
				const char *e = strchr(c, ',');
				size_t bl = e ? (size_t)(e - c) : strlen(c);
				const char *next = c + bl + (e != NULL);
				while (bl && (*c == ' ' || *c == '\t'))
					c++, bl--;
				while (bl && (c[bl - 1] == ' ' || c[bl - 1] == '\t'))
					bl--;
				uint32_t twin, blk = find_block(p, c, bl, &twin);
				if (blk == SSA_NONE) {
					no_block(p, at[k].def ? "def" : "use", s, c, bl);
					rc = 2;
				} else if (twin != SSA_NONE) {
					fprintf(stderr, "show: --%s %s: several blocks are named '%.*s' "
					                "(give them distinct names to give one of them "
					                "code)\n",
					        at[k].def ? "def" : "use", s, (int)bl, c);
					rc = 2;
				} else if (pass == 0) {
					count[blk]++;
				} else {
					ops[fill[blk]++] = prog_op(x, at[k].def ? PROG_DEF : PROG_USE);
				}
				c = next;
			}
		}
		if (pass == 0 || rc) {
			ssa_free_all(ops, off, fill, NULL);
			continue;
		}
		/* the variables' names: every one named, the new ones too */
		uint32_t *ids = ssa_alloc_array(nvars, sizeof *ids);
		uint64_t *soff = ssa_alloc_array((uint64_t)nvars + 1, sizeof *soff);
		uint64_t plen = 0;
		for (uint32_t x = 0; x < nvars; x++)
			plen += vl[x];
		char *pool = ssa_alloc_array(plen + 1, 1);
		struct names nv;
		int st = ids && soff && pool ? SSA_OK : SSA_ENOMEM;
		if (!st) {
			uint32_t k = 0;
			soff[0] = 0;
			for (uint32_t x = 0; x < nvars; x++) {
				if (!vl[x])
					continue;
				ids[k] = x;
				memcpy(pool + soff[k], vn[x], vl[x]);
				soff[k + 1] = soff[k] + vl[x];
				k++;
			}
			st = names_build(&nv, nvars, k, ids, soff, pool);
		}
		ssa_free_all(ids, soff, pool, fill, NULL);
		if (st) {
			ssa_free_all(ops, off, NULL);
			rc = fail("--def/--use names", st);
			break;
		}
		ssa_free_all(p->op_off, p->ops, NULL);
		names_free(&p->vnames);
		p->op_off = off;
		p->ops = ops;
		p->nops = (uint32_t)total;
		p->nvars = nvars;
		p->vnames = nv;
	}
out:
	free(vn);
	free(vl);
	free(count);
	return rc;
}

/* "a,b,+c": sets the view bits; false on an unknown name. */
static bool parse_views(const char *list, unsigned *views)
{
	unsigned bits = 0;
	const char *s = list;
	if (*s == '+') {
		bits = SHOW_DEFAULT_VIEWS;
		s++;
	}
	while (*s) {
		const char *e = strchr(s, ',');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		int i = 0;
		if (len == 3 && !memcmp(s, "all", 3))
			bits |= (1u << SHOW_NSECTIONS) - 1;
		else if (len == 7 && !memcmp(s, "default", 7))
			bits |= SHOW_DEFAULT_VIEWS;
		else {
			while (i < SHOW_NSECTIONS && !(strlen(show_section_names[i]) == len &&
			                               !memcmp(show_section_names[i], s, len)))
				i++;
			if (i == SHOW_NSECTIONS) {
				fprintf(stderr, "show: --view: no section '%.*s' (cfg, dom, sets, strict, "
				                "df, loops, idf, idf-trace, phi, rename, ssa, all, default)\n",
				        (int)len, s);
				return false;
			}
			bits |= SHOW_BIT(i);
		}
		s += len + (e != NULL);
	}
	*views = bits;
	return true;
}

int main(int argc, char **argv)
{
	struct view v;
	memset(&v, 0, sizeof v);
	v.flavor = PHI_PRUNED;
	v.views = SHOW_DEFAULT_VIEWS;
	const char *pic = NULL, *html = NULL, *func = NULL;
	struct attach *at = ssa_alloc_array((uint64_t)argc, sizeof *at);
	int nat = 0;
	if (!at)
		return fail("options", SSA_ENOMEM);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		/* --opt=value or --opt value */
		static const char *const valued[] = {"--pic", "--html", "--function", "--def", "--use",
		                                     "--view"};
		int which = -1;
		for (int k = 0; k < 6 && which < 0; k++) {
			size_t l = strlen(valued[k]);
			if (!strncmp(a, valued[k], l) && a[l] == '=' && a[l + 1]) {
				which = k;
				val = a + l + 1;
			} else if (!strcmp(a, valued[k]) && i + 1 < argc) {
				which = k;
				val = argv[++i];
			}
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			free(at);
			return 0;
		} else if (which == 0) {
			pic = val;
		} else if (which == 1) {
			html = val;
		} else if (which == 2) {
			func = val;
		} else if (which == 3 || which == 4) {
			at[nat].def = which == 3;
			at[nat++].spec = val;
		} else if (which == 5) {
			if (!parse_views(val, &v.views)) {
				free(at);
				return 2;
			}
		} else if (!strncmp(a, "--flavor=", 9)) {
			if (phi_flavor_parse(a + 9, &v.flavor)) {
				fprintf(stderr, "show: unknown flavour '%s' (minimal, semipruned, "
				                "pruned)\n",
				        a + 9);
				free(at);
				return 2;
			}
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "show: unknown option '%s' (show --help for usage)\n", a);
			free(at);
			return 2;
		} else if (v.path) {
			fprintf(stderr, "show: one program at a time ('%s' and '%s')\n", v.path, a);
			free(at);
			return 2;
		} else {
			v.path = a;
		}
	}
	if (!v.path) {
		usage(stderr);
		free(at);
		return 2;
	}
	if (html && !has_suffix(html, ".html")) {
		fprintf(stderr, "show: --html %s: the name must end in .html\n", html);
		free(at);
		return 2;
	}
	int st = read_input(v.path, func, &v.p, &v.rhs);
	if (!st && v.p.cfg.n > SHOW_MAX_BLOCKS) {
		fprintf(stderr, "show: %s has %u blocks; the teaching view is for at most %u (bench "
		                "handles large inputs)\n",
		        v.path, v.p.cfg.n, SHOW_MAX_BLOCKS);
		st = 2;
	}
	if (!st)
		warn_shared_names(&v.p);
	if (!st && nat) {
		/* ops added to a C function would have no rhs: its per-op tables are dropped */
		show_rhs_free(&v.rhs);
		st = attach_ops(&v.p, at, nat);
	}
	free(at);
	if (st) {
		release(&v);
		return st;
	}
	int rc = compute(&v);
	if (!rc) {
		show_print(&v);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "show: writing standard output failed\n");
			rc = 1;
		}
	}
	if (!rc && pic)
		rc = show_picture(&v, pic);
	if (!rc && html)
		rc = show_html(&v, html);
	release(&v);
	return rc;
}
