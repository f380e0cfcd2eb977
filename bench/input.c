/* The input iterator: the generated graph, one file, or the files of several --in and of
 * directories, each loaded untimed with its graph statistics; LLVM IR modules go to
 * input_llvm.c. An input that cannot be read stops the run (exit 1, no --out file); with
 * --keep-going it is skipped instead, and a note counts it. */
#include "bench/run.h"
#include "gen/gen.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* slash: always join dir and name with one (modules have always been named so). */
static int add_path(struct bench_inputs *l, const char *dir, const char *name, bool slash)
{
	char **v = bench_grow(l->path, l->n, &l->cap, sizeof *v);
	if (!v)
		return SSA_ENOMEM;
	l->path = v;
	size_t dl = dir ? strlen(dir) : 0;
	slash |= dl && dir[dl - 1] != '/'; /* "cfgs/" names "cfgs/a.cfg", not "cfgs//a.cfg" */
	size_t len = dl + slash + strlen(name) + 1;
	char *p = malloc(len);
	if (!p)
		return SSA_ENOMEM;
	snprintf(p, len, "%s%s%s", dir ? dir : "", slash ? "/" : "", name);
	l->path[l->n++] = p;
	return SSA_OK;
}

/* The names a directory's file inputs end in (bench/README.md, "Several inputs"); others are skipped. */
static const char *const file_suffixes[] = {".cfg", ".prog", ".ssab", ".dot", ".gv", ".edges",
					    ".el", ".txt", ".mmd", NULL};

static const char *const module_suffixes[] = {".ll", ".bc", NULL};

static bool has_suffixes(const char *name, const char *const *suffixes)
{
	for (const char *const *x = suffixes; name[0] != '.' && *x; x++)
		if (bench_has_suffix(name, *x))
			return true;
	return false;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_dir(const char *path)
{
	struct stat sb;
	return strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Appends the files of directory path with one of the suffixes, sorted by name. */
static int scan_dir(struct bench_inputs *l, const char *path, const char *const *suffixes,
		    bool slash)
{
	DIR *d = opendir(path);
	if (!d)
		return SSA_EIO;
	size_t first = l->n;
	int st = SSA_OK;
	for (struct dirent *e; st == SSA_OK && (e = readdir(d));)
		if (has_suffixes(e->d_name, suffixes))
			st = add_path(l, path, e->d_name, slash);
	closedir(d);
	/* An empty directory leaves l->path NULL, which qsort must not be given even for 0. */
	if (st == SSA_OK && l->n > first)
		qsort(l->path + first, l->n - first, sizeof *l->path, cmp_path);
	return st;
}

/* A directory holding .ll or .bc modules is LLVM IR input (bench/input_llvm.c). */
static bool dir_has_llvm(const char *path)
{
	DIR *d = opendir(path);
	if (!d)
		return false;
	bool llvm = false;
	for (struct dirent *e; !llvm && (e = readdir(d));)
		llvm = has_suffixes(e->d_name, module_suffixes);
	closedir(d);
	return llvm;
}

bool bench_input_is_llvm(const char *path)
{
	return is_dir(path) ? dir_has_llvm(path) : bench_llvm_file(path);
}

/* The modules: path itself, or the .ll and .bc files of the directory path, by name. */
static int list_modules(const char *path, struct bench_inputs *l)
{
	int st = is_dir(path) ? scan_dir(l, path, module_suffixes, true) : add_path(l, NULL, path, false);
	if (st == SSA_OK && l->n)
		return BENCH_EXIT_OK;
	fprintf(stderr, "bench: --in %s: %s\n", path,
		st == SSA_ENOMEM ? "out of memory listing the directory"
		: st		 ? "cannot read the directory"
				 : "the directory holds no .ll or .bc module");
	return st == SSA_ENOMEM ? BENCH_EXIT_REFUSED : BENCH_EXIT_INPUT;
}

/* Expands the --in list into files, printing why when it cannot. LLVM IR is one module or one
 * directory of modules: it does not mix with other inputs. */
static int expand_inputs(const struct bench_cli *cli, struct bench_inputs *l)
{
	l->several = cli->nin > 1;
	for (unsigned i = 0; i < cli->nin; i++) {
		const char *in = cli->ins[i];
		bool dir = is_dir(in);
		if (cli->nin > 1 && bench_input_is_llvm(in)) {
			fprintf(stderr, "bench: --in %s is LLVM IR: an LLVM IR input is one module or one "
				"directory of modules, alone on the command line\n", in);
			return BENCH_EXIT_USAGE;
		}
		size_t first = l->n;
		int st = dir ? scan_dir(l, in, file_suffixes, false) : add_path(l, NULL, in, false);
		if (st == SSA_EIO)
			fprintf(stderr, "bench: --in %s: cannot read the directory: %s\n", in,
				strerror(errno));
		else if (st != SSA_OK && dir)
			fprintf(stderr, "bench: --in %s: out of memory listing the directory\n", in);
		else if (st != SSA_OK)
			fprintf(stderr, "bench: out of memory\n");
		else if (l->n == first)
			fprintf(stderr, "bench: --in %s: the directory holds no input file (.ll, .bc, "
				".cfg, .prog, .ssab, .dot, .gv, .edges, .el or .txt)\n", in);
		if (st != SSA_OK || l->n == first)
			return st == SSA_ENOMEM ? BENCH_EXIT_REFUSED : BENCH_EXIT_INPUT;
		l->several |= dir;
	}
	return BENCH_EXIT_OK;
}

int bench_inputs_open(struct bench_inputs *it, const struct bench_cli *cli,
		      struct bench_report *rep)
{
	memset(it, 0, sizeof *it);
	it->cli = cli;
	if (cli->nin == 1 && bench_input_is_llvm(cli->in)) {
		it->llvm = rep->module = true;
		int code = bench_llvm_open(it, cli);
		if (!code)
			code = list_modules(cli->in, it);
		/* a directory of modules: one that cannot be read may be skipped */
		it->dir = !code && (it->n > 1 || strcmp(it->path[0], cli->in) != 0);
		return code;
	}
	int code = cli->in ? expand_inputs(cli, it) : BENCH_EXIT_OK;
	if (!code && it->several && cli->dump) {
		fprintf(stderr, "bench: --dump needs exactly one input (got %zu files)\n", it->n);
		code = BENCH_EXIT_USAGE;
	}
	/* Several files make one report: its header now, a block per file, a summary at the end. */
	rep->files = it->several;
	if (!code && it->several)
		bench_report_begin(rep);
	return code;
}

/* Reads the program of file path into u (untimed), printing why when it cannot; returns the
 * exit code. */
static int read_unit(const struct bench_cli *cli, const char *path, struct bench_unit *u)
{
	struct prog *prog = &u->prog;
	struct io_error ioe;
	memset(&ioe, 0, sizeof ioe);
	bench_progress("reading %s", path);
	int st = io_read_prog(path, prog, &ioe);
	bench_progress_done();
	char buf[800];
	if (st) {
		io_error_format(&ioe, buf, sizeof buf);
		fprintf(stderr, "bench: %s\n", buf);
		return BENCH_EXIT_INPUT;
	}
	if (io_warning_format(&ioe, buf, sizeof buf))
		fprintf(stderr, "bench: warning: %s\n", buf);
	if (cli->gen.p.vars && prog->nvars) {
		fprintf(stderr, "bench: --vars: %s already is a program with %" PRIu32
			" variables\n", path, prog->nvars);
		prog_free(prog);
		return BENCH_EXIT_USAGE;
	}
	if (!cli->gen.p.vars)
		return BENCH_EXIT_OK;
	struct cfg g = prog->cfg;
	ssa_free_all(prog->op_off, prog->ops);
	memset(prog, 0, sizeof *prog);
	st = gen_prog(&cli->gen.p, &g, prog);
	if (st)
		fprintf(stderr, "bench: generating a program over %s: %s\n", path, ssa_status_str(st));
	return st == SSA_OK ? BENCH_EXIT_OK : st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
}

/* Generates the input program (untimed) into u, printing why when it cannot; returns the exit
 * code. */
static int generate_unit(const struct bench_cli *cli, struct bench_unit *u)
{
	const struct gen_params *gp = &cli->gen.p;
	struct gen_info info;
	memset(&info, 0, sizeof info);
	struct cfg g;
	memset(&g, 0, sizeof g);
	bench_progress("generating %s n=%" PRIu64 " seed=%" PRIu64, gp->family, gp->blocks, gp->seed);
	int st = gen_cfg(gp, &g, &info);
	if (st) {
		bench_progress_done();
		fprintf(stderr, "bench: generating %s with %" PRIu64 " blocks: %s%s%s\n", gp->family,
			gp->blocks, ssa_status_str(st), info.note[0] ? ": " : "", info.note);
		return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
	}
	snprintf(u->note, sizeof u->note, "%s", info.note);
	if (gp->vars) {
		bench_progress("generating a program with %" PRIu32 " variables", gp->vars);
		st = gen_prog(gp, &g, &u->prog);
	} else {
		st = prog_empty(&u->prog, &g, 0);
	}
	bench_progress_done();
	if (st) {
		cfg_free(&g); /* gen_prog leaves the CFG to its caller on failure */
		fprintf(stderr, "bench: generating the program: %s\n", ssa_status_str(st));
	}
	return st == SSA_OK ? BENCH_EXIT_OK : st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
}

int bench_inputs_next(struct bench_inputs *it, struct bench_unit *u, struct bench_report *rep,
		      bool phi)
{
	memset(u, 0, sizeof *u);
	if (it->llvm)
		return bench_llvm_next(it, u, rep, phi);
	/* The generated graph, or one file, is the one input; several files follow each other. */
	if (it->next == (it->n ? it->n : 1))
		return BENCH_INPUT_END;
	const char *path = it->n ? it->path[it->next] : NULL;
	it->next++;
	int code = path ? read_unit(it->cli, path, u) : generate_unit(it->cli, u);
	struct bench_graph_stats gs;
	if (!code) {
		bench_progress("graph statistics (reachability, reducibility)");
		int st = bench_graph_stats(&u->prog.cfg, &gs);
		bench_progress_done();
		if (st != SSA_OK) {
			fprintf(stderr, "bench: %s%sout of memory computing graph statistics\n",
				path ? path : "", path ? ": " : "");
			prog_free(&u->prog);
			code = BENCH_EXIT_REFUSED;
		}
	}
	if (code == BENCH_EXIT_OK) {
		it->nread++;
		u->path = path;
		rep->at = (struct bench_where){
			.path = path,
			.format = path ? io_file_format(path) : NULL,
			.family = path ? NULL : it->cli->gen.p.family,
			.note = u->note,
			.seed = path ? 0 : it->cli->gen.p.seed,
			.vars = u->prog.nvars,
			.gs = gs,
		};
		if (!it->several)
			bench_report_begin(rep);
		bench_report_input(rep);
		return code;
	}
	if (!it->several)
		return code;
	if (it->cli->keep_going && code == BENCH_EXIT_INPUT) {
		fprintf(stderr, "bench: (%s skipped: --keep-going)\n", path);
		it->nskipped++;
		return BENCH_INPUT_SKIPPED;
	}
	fprintf(stderr, "bench: stopped at this input, %zu after it not run, no report "
			"(--keep-going skips an input that cannot be read and runs and reports the "
			"others)\n", it->n - it->next);
	return code;
}

int bench_inputs_close(struct bench_inputs *it, struct bench_report *rep, int code,
		       bool *partial)
{
	*partial = false;
	if (it->llvm)
		code = bench_llvm_close(it, rep, code, partial);
	else if (it->nskipped) {
		char line[200];
		snprintf(line, sizeof line, "inputs: read=%zu skipped=%zu (--keep-going: could not "
			 "be read)", it->nread, it->nskipped);
		bench_report_note(rep, line);
		fprintf(stderr, "bench: %s\n", line);
		*partial = it->nread > 0;
		code = code ? code : BENCH_EXIT_INPUT;
	}
	if (it->several && rep->begun)
		bench_report_end(rep);
	for (size_t i = 0; i < it->n; i++)
		free(it->path[i]);
	free(it->path);
	return code;
}

void bench_inputs_end_unit(struct bench_inputs *it, struct bench_unit *u,
			   struct bench_report *rep)
{
	if (u->module) { /* freed by the iterator */
		bench_report_module_kernels(rep);
		return;
	}
	bench_report_input_end(rep);
	if (!it->several) /* the report of one input ends with it */
		bench_report_end(rep);
	prog_free(&u->prog);
}
