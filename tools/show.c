/* show: the teaching view of a small program. Prints, in the course texts' notation, the CFG
 * with its code, the dominator tree, the dominance frontiers DF(X), the iterated frontier
 * DF+(Defs(v)) of every variable, the φs of each flavour (minimal, semi-pruned, pruned) and the
 * renamed SSA form (pruned φs, per-variable stacks), then optionally draws one picture: the CFG
 * with the φs and renamed code inside its blocks, the dominator tree beside it.
 *
 *   show [--pic FILE] [--flavor=F] PROGRAM
 *
 * PROGRAM is any input io_read_prog reads (.prog with names, DOT, ...). FILE ending in .dot is
 * written as graphviz source; .svg or .png runs graphviz `dot` on it. Every stage's answer is
 * checked before it is printed: the SSA form by the verifier and the equivalence interpreter.
 * Exit status: 0 shown, 1 input or output error, 2 usage error or a program too large to show. */
#include "cfg/names.h"
#include "df/df.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "io/io.h"
#include "phi/phi.h"
#include "ssa/ssa.h"
#include "util/mem.h"
#include "util/status.h"

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
	fprintf(f, "usage: show [--pic FILE] [--flavor=minimal|semipruned|pruned] PROGRAM\n"
	           "Prints the CFG, dominator tree, dominance frontiers, iterated frontiers,\n"
	           "the φs of each flavour and the renamed SSA of a small program (at most %u\n"
	           "blocks). --pic draws the CFG with φs and renamed code beside the dominator\n"
	           "tree: FILE.dot is graphviz source, FILE.svg or FILE.png runs graphviz 'dot'.\n"
	           "--flavor picks the φs of the renamed form (default pruned).\n",
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
	if ((st = dom_compute(dom_find("auto"), g, v->idom, NULL)))
		return fail("dominators", st);
	/* The textbook's definition, by brute force: a second opinion that shares no code. */
	uint32_t *check = ssa_alloc_array(g->n, sizeof *check);
	if (!check || (st = dom_compute(dom_find("iter"), g, check, NULL))) {
		free(check);
		return fail("dominators (check)", st ? st : SSA_ENOMEM);
	}
	st = memcmp(check, v->idom, g->n * sizeof *check) ? SSA_EVERIFY : SSA_OK;
	free(check);
	if (st)
		return fail("dominators disagree", st);
	if ((st = domtree_build(&v->dt, v->idom, g->n, 0)))
		return fail("dominator tree", st);
	if ((st = df_compute(df_find("df-cytron"), g, &v->dt, DF_DEFAULT_LIMIT, &v->df, NULL)))
		return fail("dominance frontiers", st);
	if ((st = var_blocks_build(&v->vb, &v->p)))
		return fail("definition lists", st);
	for (int f = 0; f < 3; f++)
		if ((st = phi_place_prog(phi_find("phi-idf"), &v->p, &v->dt, (enum phi_flavor)f, &v->phi[f])))
			return fail("φ placement", st);
	if ((st = ssa_form_layout(&v->ssa, &v->p, &v->phi[v->flavor])))
		return fail("SSA layout", st);
	if ((st = rename_compute(rename_find("rename-stack"), &v->p, &v->dt, &v->ssa, NULL)))
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

int main(int argc, char **argv)
{
	struct view v;
	memset(&v, 0, sizeof v);
	v.flavor = PHI_PRUNED;
	const char *pic = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strncmp(a, "--pic=", 6)) {
			pic = a + 6;
		} else if (!strcmp(a, "--pic") && i + 1 < argc) {
			pic = argv[++i];
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
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = io_read_prog(v.path, &v.p, &err);
	if (st) {
		char msg[600];
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "show: %s\n", msg);
		return 1;
	}
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
