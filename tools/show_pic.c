/* show --pic: the picture through graphviz. Left, the CFG whose blocks show their φs and
 * renamed code (the lines of the printed SSA form, block by block); right, the dominator tree.
 * FILE.dot is the graphviz source; FILE.svg or FILE.png runs graphviz `dot` on it. */
#include "show.h"

#include "util/status.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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
		const char *name = show_bname(v, b, b1);
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
		const char *name = show_bname(v, b, b1);
		dot_esc(f, name, strlen(name));
		fputs("\"];\n", f);
	}
	for (uint32_t b = 0; b < g->n; b++)
		if (v->idom[b] != SSA_NONE)
			fprintf(f, "\t\td%u -> d%u;\n", v->idom[b], b);
	fputs("\t}\n}\n", f);
}

/* Writes the picture to path: DOT source, or graphviz's rendering of it. */
int show_picture(const struct view *v, const char *path)
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
		{ fprintf(stderr, "show: picture: %s\n", ssa_status_str(SSA_ENOMEM)); return 1; }
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
			{ fprintf(stderr, "show: picture: %s\n", ssa_status_str(SSA_ENOMEM)); return 1; }
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

