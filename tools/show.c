/* show: the teaching view of a small program. Prints, in the course texts' notation, the CFG
 * with its code, the dominator tree, the dominance frontiers DF(X), the iterated frontier
 * DF+(Defs(v)) of every variable, the φs of each flavour (minimal, semi-pruned, pruned) and the
 * renamed SSA form (pruned φs, per-variable stacks), then optionally draws one picture: the CFG
 * with the φs and renamed code inside its blocks, the dominator tree beside it.
 *
 *   show [--pic FILE] [--flavor=F] [--function=NAME] PROGRAM
 *
 * PROGRAM is any input io_read_prog reads (.prog with names, DOT, ...), or, in a build with the
 * LLVM IR importer, LLVM IR (.ll, .bc) or C (.c, compiled by clang at -O0 without optnone and
 * with value names kept, then imported): one function, --function=NAME or the only/first one,
 * its blocks and variables named as in the IR (entry, while.cond, x, n.addr). FILE ending in .dot is
 * written as graphviz source; .svg or .png runs graphviz `dot` on it. Every stage's answer is
 * checked before it is printed: the SSA form by the verifier and the equivalence interpreter.
 * Exit status: 0 shown, 1 input or output error, 2 usage error or a program too large to show. */
#include "cfg/names.h"
#include "df/df.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "io/io.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"
#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A teaching view of more blocks than this is unreadable; bench is for large inputs. */
#define SHOW_MAX_BLOCKS 400u

static void usage(FILE *f)
{
	fprintf(f, "usage: show [--pic FILE] [--flavor=minimal|semipruned|pruned] [--function=NAME]\n"
	           "            PROGRAM\n"
	           "Prints the CFG, dominator tree, dominance frontiers, iterated frontiers,\n"
	           "the φs of each flavour and the renamed SSA of a small program (at most %u\n"
	           "blocks). --pic draws the CFG with φs and renamed code beside the dominator\n"
	           "tree: FILE.dot is graphviz source, FILE.svg or FILE.png runs graphviz 'dot'.\n"
	           "--flavor picks the φs of the renamed form (default pruned).\n"
	           "PROGRAM is a .cfg/.prog/.ssab/DOT/edge-list file, or (with LLVM) a .ll/.bc\n"
	           "module or a C file (clang -O0, imported): --function=NAME picks its function\n"
	           "(default: the only or first one).\n",
	        SHOW_MAX_BLOCKS);
}

struct view {
	const char *path;
	struct prog p;
	uint32_t *idom;
	struct domtree dt;
	struct df_sets df;
	struct var_blocks vb;
	struct phi_sets phi[3];
	struct ssa_form ssa;
	enum phi_flavor flavor;
	char *ssa_text; /* ssa_form_dump_named, kept for the picture */
	size_t ssa_len;
};

static const char *bname(const struct view *v, uint32_t b, char *buf)
{
	return names_str(&v->p.bnames, b, "b", buf, 16);
}

static const char *vname(const struct view *v, uint32_t x, char *buf)
{
	return names_str(&v->p.vnames, x, "v", buf, 16);
}

/* "{a, b, c}" of a block list. */
static void put_set(const struct view *v, const uint32_t *bl, uint64_t k)
{
	char b[16];
	putchar('{');
	for (uint64_t i = 0; i < k; i++)
		printf("%s%s", i ? ", " : "", bname(v, bl[i], b));
	putchar('}');
}

static int fail(const char *what, int st)
{
	fprintf(stderr, "show: %s: %s\n", what, ssa_status_str(st));
	return 1;
}

static int compute(struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	int st;
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
	if ((st = df_compute(algo_find(df_algos, df_nalgos, "df-cytron"), g, &v->dt, DF_DEFAULT_LIMIT, &v->df, NULL)))
		return fail("dominance frontiers", st);
	if ((st = var_blocks_build(&v->vb, &v->p)))
		return fail("definition lists", st);
	for (int f = 0; f < 3; f++)
		if ((st = phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-idf"), &v->p, &v->dt, (enum phi_flavor)f, &v->phi[f])))
			return fail("φ placement", st);
	if ((st = ssa_form_layout(&v->ssa, &v->p, &v->phi[v->flavor])))
		return fail("SSA layout", st);
	if ((st = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), &v->p, &v->dt, &v->ssa, NULL)))
		return fail("renaming", st);
	char msg[512];
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
	FILE *m = open_memstream(&v->ssa_text, &v->ssa_len);
	if (!m || (st = ssa_form_dump_named(m, &v->p, &v->ssa)) || fclose(m))
		return fail("SSA text", st ? st : SSA_EIO);
	return 0;
}

static void print_view(const struct view *v)
{
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	char b1[16], b2[16];
	printf("program %s: %u block%s, %u edge%s, %u variable%s, %u operation%s\n", v->path,
	       g->n, g->n == 1 ? "" : "s", g->m, g->m == 1 ? "" : "s", p->nvars,
	       p->nvars == 1 ? "" : "s", p->nops, p->nops == 1 ? "" : "s");

	printf("\nCFG (successors in branch order; d = definition, u = use)\n");
	for (uint32_t b = 0; b < g->n; b++) {
		printf("  %s%s %s", bname(v, b, b1), b == 0 ? " (entry)" : "",
		       g->succ_off[b] == g->succ_off[b + 1] ? "(exit)" : "->");
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
			printf("%s %s", e > g->succ_off[b] ? "," : "", bname(v, g->succ[e], b2));
		if (p->op_off[b] < p->op_off[b + 1]) {
			printf("    [");
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
				printf("%s%s %s", i > p->op_off[b] ? "; " : "",
				       prog_op_is_def(p->ops[i]) ? "d" : "u",
				       vname(v, prog_op_var(p->ops[i]), b2));
			putchar(']');
		}
		if (v->dt.tin[b] == SSA_NONE)
			printf("    (unreachable)");
		putchar('\n');
	}

	printf("\nDominator tree (children indented under their immediate dominator)\n");
	for (uint32_t k = 0; k < v->dt.nreach; k++) {
		uint32_t b = v->dt.order[k];
		const char *name = bname(v, b, b1);
		printf("  %*s%s", 2 * (int)v->dt.depth[b], "", name);
		if (b != v->dt.root)
			printf("    idom(%s) = %s", name, bname(v, v->idom[b], b2));
		putchar('\n');
	}

	printf("\nDominance frontiers\n");
	for (uint32_t b = 0; b < g->n; b++) {
		if (v->dt.tin[b] == SSA_NONE)
			continue;
		printf("  DF(%s) = ", bname(v, b, b1));
		put_set(v, v->df.set + v->df.off[b], v->df.off[b + 1] - v->df.off[b]);
		putchar('\n');
	}

	printf("\nIterated dominance frontiers (minimal SSA puts a φ for v at each block of "
	       "DF+(Defs(v)))\n");
	for (uint32_t x = 0; x < p->nvars; x++) {
		printf("  Defs(%s) = ", vname(v, x, b1));
		put_set(v, v->vb.def + v->vb.def_off[x], v->vb.def_off[x + 1] - v->vb.def_off[x]);
		printf("    DF+(Defs(%s)) = ", vname(v, x, b1));
		const struct phi_sets *s = &v->phi[PHI_MINIMAL];
		put_set(v, s->blocks + s->off[x], s->off[x + 1] - s->off[x]);
		putchar('\n');
	}

	static const char *const title[] = {
	    "minimal     (all of DF+)", "semi-pruned (variables used before defined in a block)",
	    "pruned      (only where the variable is live)"};
	printf("\nφ placement, by flavour\n");
	for (int f = 0; f < 3; f++) {
		const struct phi_sets *s = &v->phi[f];
		printf("  %s: %llu φ\n", title[f], (unsigned long long)s->total);
		for (uint32_t x = 0; x < p->nvars; x++) {
			if (s->off[x] == s->off[x + 1])
				continue;
			printf("    %s: ", vname(v, x, b1));
			put_set(v, s->blocks + s->off[x], s->off[x + 1] - s->off[x]);
			putchar('\n');
		}
	}

	printf("\nSSA form (%s φs, renamed by Cytron's stacks; verified)\n",
	       phi_flavor_name(v->flavor));
	/* the dump, indented */
	const char *t = v->ssa_text;
	while (*t) {
		const char *nl = strchr(t, '\n');
		size_t k = nl ? (size_t)(nl - t) : strlen(t);
		printf("  %s%.*s\n", *t == '\t' ? "    " : "", (int)(*t == '\t' ? k - 1 : k),
		       *t == '\t' ? t + 1 : t);
		t += k + (nl ? 1 : 0);
	}
}

/* A DOT double-quoted string's body. */
static void dot_esc(FILE *f, const char *s, size_t k)
{
	for (size_t i = 0; i < k; i++) {
		if (s[i] == '"' || s[i] == '\\')
			fputc('\\', f);
		if (s[i] == '\t')
			fputs("  ", f);
		else
			fputc(s[i], f);
	}
}

/* The picture: left, the CFG whose blocks show their φs and renamed code (the lines of the
 * SSA dump, block by block); right, the dominator tree. */
static void write_dot(FILE *f, const struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	char b1[16];
	fprintf(f, "digraph \"show\" {\n\tnewrank=true;\n\tnode [shape=box, fontname=\"monospace\"];\n"
	           "\tsubgraph cluster_cfg {\n\t\tlabel=\"CFG, %s SSA\";\n",
	        phi_flavor_name(v->flavor));
	const char *t = v->ssa_text;
	for (uint32_t b = 0; b < g->n; b++) {
		/* block b's group: its "name:" header, then lines starting with a tab */
		const char *nl = strchr(t, '\n');
		t = nl ? nl + 1 : t + strlen(t);
		fprintf(f, "\t\tc%u [label=\"", b);
		const char *name = bname(v, b, b1);
		dot_esc(f, name, strlen(name));
		fputs(b == 0 && !names_get(&v->p.bnames, 0) ? " (entry)\\n" : "\\n", f);
		while (*t == '\t') {
			nl = strchr(t, '\n');
			size_t k = nl ? (size_t)(nl - t) : strlen(t);
			dot_esc(f, t + 1, k - 1);
			fputs("\\l", f);
			t += k + (nl ? 1 : 0);
		}
		fprintf(f, "\"%s%s];\n", b == 0 ? ", style=filled, fillcolor=lightblue" : "",
		        v->dt.tin[b] == SSA_NONE ? ", style=dashed, color=grey50" : "");
	}
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			fprintf(f, "\t\tc%u -> c%u;\n", u, g->succ[e]);
	fprintf(f, "\t}\n\tsubgraph cluster_dom {\n\t\tlabel=\"dominator tree\";\n"
	           "\t\tnode [shape=ellipse];\n");
	for (uint32_t b = 0; b < g->n; b++) {
		if (v->dt.tin[b] == SSA_NONE)
			continue;
		fprintf(f, "\t\td%u [label=\"", b);
		const char *name = bname(v, b, b1);
		dot_esc(f, name, strlen(name));
		fputs("\"];\n", f);
	}
	for (uint32_t b = 0; b < g->n; b++)
		if (v->idom[b] != SSA_NONE)
			fprintf(f, "\t\td%u -> d%u;\n", v->idom[b], b);
	fputs("\t}\n}\n", f);
}

/* Writes the picture to path: DOT source, or graphviz's rendering of it. */
static int picture(const struct view *v, const char *path)
{
	const char *dot = strrchr(path, '.');
	const char *fmt = dot && !strcmp(dot, ".svg") ? "svg" : dot && !strcmp(dot, ".png") ? "png" : NULL;
	bool src = dot && !strcmp(dot, ".dot");
	if (!fmt && !src) {
		fprintf(stderr, "show: --pic %s: the name must end in .dot, .svg or .png\n", path);
		return 2;
	}
	size_t tl = strlen(path) + 32;
	char *tmp = malloc(tl);
	if (!tmp)
		return fail("picture", SSA_ENOMEM);
	snprintf(tmp, tl, "%s.tmp-%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "show: %s: cannot create: %s\n", tmp, strerror(errno));
		free(tmp);
		return 1;
	}
	write_dot(f, v);
	int bad = ferror(f) | (fclose(f) != 0);
	if (!bad && fmt) {
		/* graphviz reads the temporary DOT file and writes the picture to a second one */
		char *img = malloc(tl + 4);
		if (!img) {
			unlink(tmp);
			free(tmp);
			return fail("picture", SSA_ENOMEM);
		}
		snprintf(img, tl + 4, "%s.img", tmp);
		pid_t pid = fork();
		if (pid == 0) {
			char o[16];
			snprintf(o, sizeof o, "-T%s", fmt);
			execlp("dot", "dot", o, "-o", img, tmp, (char *)NULL);
			fprintf(stderr, "show: cannot run graphviz 'dot' (%s): install graphviz, or "
			                "write --pic FILE.dot\n",
			        strerror(errno));
			_exit(127);
		}
		int ws = 0;
		bad = pid < 0 || waitpid(pid, &ws, 0) < 0 || !WIFEXITED(ws) || WEXITSTATUS(ws);
		unlink(tmp);
		if (!bad && rename(img, path) != 0)
			bad = 1;
		if (bad) {
			unlink(img);
			fprintf(stderr, "show: %s: graphviz failed\n", path);
		}
		free(img);
		free(tmp);
		return bad;
	}
	if (!bad && rename(tmp, path) != 0)
		bad = 1;
	if (bad) {
		unlink(tmp);
		fprintf(stderr, "show: %s: write failed: %s\n", path, strerror(errno));
	}
	free(tmp);
	return bad;
}

static void release(struct view *v)
{
	prog_free(&v->p);
	free(v->idom);
	domtree_free(&v->dt);
	df_sets_free(&v->df);
	var_blocks_free(&v->vb);
	for (int f = 0; f < 3; f++)
		phi_sets_free(&v->phi[f]);
	ssa_form_free(&v->ssa);
	free(v->ssa_text);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

#ifdef SSALAB_HAVE_LLVMIR
#ifndef SSALAB_LLVM_BINDIR
#define SSALAB_LLVM_BINDIR ""
#endif
#ifndef SSALAB_LLVM_MAJOR
#define SSALAB_LLVM_MAJOR 16
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

/* The clang of the importer's LLVM: $SSALAB_CLANG, else the clang beside llvm-config, else
 * clang-<major> from PATH. */
static const char *clang_path(char *buf, size_t len)
{
	const char *env = getenv("SSALAB_CLANG");
	if (env && *env)
		return env;
	snprintf(buf, len, "%s/clang", SSALAB_LLVM_BINDIR);
	if (SSALAB_LLVM_BINDIR[0] && access(buf, X_OK) == 0)
		return buf;
	snprintf(buf, len, "clang-%s", STR(SSALAB_LLVM_MAJOR));
	return buf;
}

/* C to text IR in ll (a temporary file): clang at -O0 without optnone (mem2reg could run) and
 * keeping value names, so the C variables keep their names. 0, or an exit status. */
static int compile_c(const char *c, const char *ll)
{
	char buf[4200];
	const char *clang = clang_path(buf, sizeof buf);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "show: cannot run %s: %s\n", clang, strerror(errno));
		return 1;
	}
	if (pid == 0) {
		execlp(clang, clang, "-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
		       "-S", "-emit-llvm", "-o", ll, c, (char *)NULL);
		fprintf(stderr, "show: %s is C and needs clang to be read: %s: %s (install clang-%s, "
		                "or set SSALAB_CLANG)\n", c, clang, strerror(errno),
		        STR(SSALAB_LLVM_MAJOR));
		_exit(127);
	}
	int ws;
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return 1;
	if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0)
		return 0;
	if (!(WIFEXITED(ws) && WEXITSTATUS(ws) == 127))
		fprintf(stderr, "show: %s failed on %s (its messages are above)\n", clang, c);
	return 1;
}

/* One function of an LLVM IR module (or of the module clang made of a C file). */
static int read_llvm(const char *path, const char *func, struct prog *out)
{
	char tmp[] = "/tmp/ssalab-show-XXXXXX", ll[64];
	const char *ir = path;
	if (has_suffix(path, ".c")) {
		if (!mkdtemp(tmp)) {
			fprintf(stderr, "show: temporary directory: %s\n", strerror(errno));
			return 1;
		}
		snprintf(ll, sizeof ll, "%s/c.ll", tmp);
		int rc = compile_c(path, ll);
		if (rc) {
			unlink(ll);
			rmdir(tmp);
			return rc;
		}
		ir = ll;
	}
	struct llvmir_options opt;
	llvmir_options_default(&opt);
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = llvmir_read(ir, &opt, &m, &err);
	if (ir != path) {
		unlink(ll);
		rmdir(tmp);
	}
	if (st) {
		char msg[700];
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "show: %s\n", msg);
		return 1;
	}
	uint32_t pick = UINT32_MAX;
	for (uint32_t i = 0; i < m.nfuncs && pick == UINT32_MAX; i++)
		if (!func || !strcmp(llvmir_func_name(&m.funcs[i]), func))
			pick = i;
	if (pick == UINT32_MAX) {
		if (func)
			fprintf(stderr, "show: %s has no function '%s'; it defines:", path, func);
		else
			fprintf(stderr, "show: %s defines no function the importer can model", path);
		for (uint32_t i = 0; func && i < m.nfuncs; i++)
			fprintf(stderr, " %s", llvmir_func_name(&m.funcs[i]));
		fputc('\n', stderr);
		for (uint32_t i = 0; i < m.nskipped; i++)
			fprintf(stderr, "show: %s: %s\n", path, llvmir_warning(&m, i));
		llvmir_module_free(&m);
		return func ? 2 : 1;
	}
	struct llvmir_func *f = &m.funcs[pick];
	st = llvmir_func_names(f, &f->prog.bnames, &f->prog.vnames);
	if (!st) {
		*out = f->prog; /* the module gives its program away */
		memset(&f->prog, 0, sizeof f->prog);
		if (!func && m.nfuncs > 1)
			fprintf(stderr, "show: %s: function '%s' (the first of %u; --function=NAME "
			                "picks another)\n", path, llvmir_func_name(f), m.nfuncs);
	}
	llvmir_module_free(&m);
	if (st)
		return fail("names", st);
	return 0;
}
#endif

/* The program to show: a file io_read_prog reads, or one function of LLVM IR or C. 0, or the
 * exit status. */
static int read_input(const char *path, const char *func, struct prog *out)
{
	bool c = has_suffix(path, ".c");
	bool ir = c || has_suffix(path, ".ll") || has_suffix(path, ".bc");
#ifdef SSALAB_HAVE_LLVMIR
	if (ir)
		return read_llvm(path, func, out);
#else
	if (ir) {
		fprintf(stderr, "show: %s is %s: this show was built without the LLVM IR importer "
		                "(install the newest llvm-N-dev and clang-N: tools/ssalab deps; then "
		                "rebuild)\n", path,
		        c ? "C" : "LLVM IR");
		return 1;
	}
#endif
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
	return 0;
}

int main(int argc, char **argv)
{
	struct view v;
	memset(&v, 0, sizeof v);
	v.flavor = PHI_PRUNED;
	const char *pic = NULL, *func = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strncmp(a, "--pic=", 6)) {
			pic = a + 6;
		} else if (!strcmp(a, "--pic") && i + 1 < argc) {
			pic = argv[++i];
		} else if (!strncmp(a, "--function=", 11) && a[11]) {
			func = a + 11;
		} else if (!strcmp(a, "--function") && i + 1 < argc) {
			func = argv[++i];
		} else if (!strncmp(a, "--flavor=", 9)) {
			if (phi_flavor_parse(a + 9, &v.flavor)) {
				fprintf(stderr, "show: unknown flavour '%s' (minimal, semipruned, "
				                "pruned)\n",
				        a + 9);
				return 2;
			}
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "show: unknown option '%s' (show --help for usage)\n", a);
			return 2;
		} else if (v.path) {
			fprintf(stderr, "show: one program at a time ('%s' and '%s')\n", v.path, a);
			return 2;
		} else {
			v.path = a;
		}
	}
	if (!v.path) {
		usage(stderr);
		return 2;
	}
	int st = read_input(v.path, func, &v.p);
	if (st)
		return st;
	if (v.p.cfg.n > SHOW_MAX_BLOCKS) {
		fprintf(stderr, "show: %s has %u blocks; the teaching view is for at most %u (bench "
		                "handles large inputs)\n",
		        v.path, v.p.cfg.n, SHOW_MAX_BLOCKS);
		release(&v);
		return 2;
	}
	int rc = compute(&v);
	if (!rc) {
		print_view(&v);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "show: writing standard output failed\n");
			rc = 1;
		}
	}
	if (!rc && pic)
		rc = picture(&v, pic);
	release(&v);
	return rc;
}
