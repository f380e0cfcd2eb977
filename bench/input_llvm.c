/* bench --in MODULE.ll|.bc|DIR: real code as input. Each module is imported through
 * algos/llvmir (untimed; the import's wall and CPU time are reported on their own), then every
 * selected kernel, or the pipeline, runs on every defined function that --function,
 * --function-regex, --min-blocks and --max-blocks let through, exactly as on any other input:
 * memory refusal, calibrated batches, per-function check. Rows are per (function, kernel); the
 * text report gives, per module, the sizes, the import speed, the largest functions and each
 * kernel's time summed over the functions with its spread (report.c). */
#include "bench/driver.h"
#include "util/mem.h"
#include "util/status.h"

#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#include "phi/phi.h"
#endif
#ifdef SSALAB_HAVE_LLVM_PEERS
#include "peers/peers.h"
#endif
#include "ssalab_peers_info.h"

#include <dirent.h>
#include <inttypes.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* First tokens of a textual LLVM module; ssalab's text formats start with 'p' (or '#'
 * comments), its binary format with 0x89. */
static const char *const ir_words[] = {"source_filename", "target", "define", "declare",
				       "attributes", "module", "@", "%", "!", "$", "uselistorder",
				       NULL};

bool bench_input_is_llvm(const char *path)
{
	struct stat sb;
	if (!strcmp(path, "-") || stat(path, &sb) != 0)
		return false;
	if (S_ISDIR(sb.st_mode))
		return true;
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	unsigned char buf[512];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (n >= 4 && ((buf[0] == 'B' && buf[1] == 'C' && buf[2] == 0xC0 && buf[3] == 0xDE) ||
		       (buf[0] == 0xDE && buf[1] == 0xC0 && buf[2] == 0x17 && buf[3] == 0x0B)))
		return true;
	size_t i = 0;
	while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
		i++;
	if (i == n)
		return false;
	if (buf[i] == ';')
		return true;
	for (const char *const *w = ir_words; *w; w++) {
		size_t len = strlen(*w);
		if (i + len <= n && !memcmp(buf + i, *w, len))
			return true;
	}
	return false;
}

/* The --algo list without llvm-mem2reg: cli keeps pointing at it until bench exits. */
static char *m2r_rest;

static void m2r_rest_free(void)
{
	free(m2r_rest);
}

int bench_m2r_take(struct bench_cli *cli, char *err, size_t errlen)
{
	static const char name[] = "llvm-mem2reg";
	cli->m2r = cli->m2r_all = false;
	if (!cli->algo)
		return BENCH_EXIT_OK;
	size_t len = strlen(cli->algo);
	char *rest = malloc(len + 1);
	if (!rest) {
		snprintf(err, errlen, "out of memory");
		return BENCH_EXIT_REFUSED;
	}
	size_t u = 0;
	bool all = false;
	for (const char *p = cli->algo; *p;) {
		const char *e = strchr(p, ',');
		size_t tl = e ? (size_t)(e - p) : strlen(p);
		if (tl == sizeof name - 1 && !memcmp(p, name, tl)) {
			cli->m2r = true;
		} else {
			all |= tl == 3 && !memcmp(p, "all", 3);
			if (u)
				rest[u++] = ',';
			memcpy(rest + u, p, tl);
			u += tl;
		}
		p += tl + (e != NULL);
	}
	rest[u] = 0;
#ifndef SSALAB_HAVE_LLVM_PEERS
	if (cli->m2r) {
		free(rest);
		snprintf(err, errlen, "--algo=llvm-mem2reg: this bench was built without LLVM's peers "
			 "(%s; bench --version says what the build left out)", SSALAB_PEERS_LLVM_WHY);
		return BENCH_EXIT_USAGE;
	}
#endif
	/* On LLVM IR, 'all' means every kernel and the end-to-end rival: LLVM's mem2reg against
	 * ssalab's best whole pipeline, function by function (bench_llvm_run); a bench without
	 * LLVM's peers says there that it left them out. */
	if (all && !cli->m2r && !cli->pipeline && cli->in && bench_input_is_llvm(cli->in)) {
		cli->m2r_all = true;
#ifdef SSALAB_HAVE_LLVM_PEERS
		cli->m2r = true;
#endif
	}
	if (!cli->m2r || cli->m2r_all) {
		free(rest);
		return BENCH_EXIT_OK;
	}
	if (u == 0) {
		free(rest);
		cli->algo = NULL;
	} else {
		cli->algo = m2r_rest = rest;
		atexit(m2r_rest_free);
	}
	return BENCH_EXIT_OK;
}

#ifndef SSALAB_HAVE_LLVMIR

int bench_llvm_run(const struct bench_cli *cli, const struct bench_selected *sel, size_t nsel,
		   struct bench_report *r, FILE *dump_f, const char *unfinished, bool *partial)
{
	(void)sel, (void)nsel, (void)r, (void)dump_f, (void)unfinished;
	*partial = false;
	fprintf(stderr, "bench: %s is LLVM IR, and this bench was built without LLVM: install the "
			"newest Debian llvm-N-dev (tools/ssalab does) and rebuild\n", cli->in);
	return BENCH_EXIT_INPUT;
}

#else

struct modlist {
	char **path;
	size_t n;
};

static void modlist_free(struct modlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->path[i]);
	free(l->path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

/* The modules: path itself, or the .ll and .bc files of the directory path, by name. */
static int list_modules(const char *path, struct modlist *l)
{
	memset(l, 0, sizeof *l);
	struct stat sb;
	if (stat(path, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
		l->path = malloc(sizeof *l->path);
		if (!l->path || !(l->path[0] = strdup(path))) {
			free(l->path);
			return SSA_ENOMEM;
		}
		l->n = 1;
		return SSA_OK;
	}
	DIR *d = opendir(path);
	if (!d)
		return SSA_EIO;
	size_t cap = 0;
	int st = SSA_OK;
	for (struct dirent *e; st == SSA_OK && (e = readdir(d));) {
		if (e->d_name[0] == '.' || !(ends_with(e->d_name, ".ll") || ends_with(e->d_name, ".bc")))
			continue;
		if (l->n == cap) {
			cap = cap ? 2 * cap : 16;
			char **v = ssa_realloc_array(l->path, cap, sizeof *v);
			if (!v) {
				st = SSA_ENOMEM;
				break;
			}
			l->path = v;
		}
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		char *p = malloc(len);
		if (!p) {
			st = SSA_ENOMEM;
			break;
		}
		snprintf(p, len, "%s/%s", path, e->d_name);
		l->path[l->n++] = p;
	}
	closedir(d);
	if (st != SSA_OK) {
		modlist_free(l);
		return st;
	}
	if (l->n)
		qsort(l->path, l->n, sizeof *l->path, cmp_str);
	return SSA_OK;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static bool selected(const struct bench_func_select *fs, const regex_t *re,
		     const struct llvmir_func *f)
{
	const char *name = llvmir_func_name(f);
	if (fs->name && strcmp(fs->name, name))
		return false;
	if (fs->regex && regexec(re, name, 0, NULL, 0) != 0)
		return false;
	return f->prog.cfg.n >= fs->min_blocks && f->prog.cfg.n <= fs->max_blocks;
}

/* The filters as the user wrote them, for messages. */
static void filters_str(const struct bench_func_select *fs, char *buf, size_t len)
{
	size_t u = 0;
	buf[0] = 0;
#define PUT(...) do { int w = snprintf(buf + u, len - u, __VA_ARGS__); \
		if (w > 0 && (size_t)w < len - u) u += (size_t)w; } while (0)
	if (fs->name)
		PUT("--function=%s ", fs->name);
	if (fs->regex)
		PUT("--function-regex=%s ", fs->regex);
	if (fs->min_blocks)
		PUT("--min-blocks=%" PRIu64 " ", fs->min_blocks);
	if (fs->max_blocks != UINT32_MAX)
		PUT("--max-blocks=%" PRIu64 " ", fs->max_blocks);
#undef PUT
	if (u)
		buf[u - 1] = 0;
}

/* The module's header lines: sizes of the selected functions, import speed, the largest. */
static void module_notes(struct bench_report *r, const char *path, const struct llvmir_module *m,
			 const uint32_t *pick, uint32_t npick, double import_ms, double import_cpu_ms,
			 uint32_t novars, bool pipeline, bool phi)
{
	char line[1024];
	uint64_t blocks = 0, edges = 0, vars = 0, instrs = 0;
	uint32_t *sz = ssa_alloc_array(npick ? npick : 1, sizeof *sz);
	for (uint32_t i = 0; i < npick; i++) {
		const struct llvmir_func *f = &m->funcs[pick[i]];
		blocks += f->prog.cfg.n;
		edges += f->prog.cfg.m;
		vars += f->prog.nvars;
		instrs += f->ninstrs;
		if (sz)
			sz[i] = f->prog.cfg.n;
	}
	double mbytes = (double)m->input_bytes / 1e6;
	snprintf(line, sizeof line,
		 "module: file=%s format=%s size_mb=%.2f import_ms=%.1f import_cpu_ms=%.1f "
		 "import_mb_per_s=%.2f defined=%" PRIu32 " skipped=%" PRIu32 " declared=%" PRIu32,
		 path, m->bitcode ? "bitcode" : "text", mbytes, import_ms, import_cpu_ms,
		 import_ms > 0 ? mbytes / (import_ms / 1e3) : 0.0, m->nfuncs + m->nskipped,
		 m->nskipped, m->ndeclared);
	bench_report_note(r, line);
	snprintf(line, sizeof line,
		 "functions: selected=%" PRIu32 " blocks=%" PRIu64 " edges=%" PRIu64 " variables=%"
		 PRIu64 " instructions=%" PRIu64 "%s",
		 npick, blocks, edges, vars, instrs, pipeline ? "" : "");
	bench_report_note(r, line);
	if (novars && (pipeline || phi)) {
		snprintf(line, sizeof line, "functions: %" PRIu32 " without variables: %s skips them "
			 "(nothing to place)", novars, pipeline ? "the pipeline" : "the phi stage");
		bench_report_note(r, line);
	}
	if (sz && npick) {
		qsort(sz, npick, sizeof *sz, cmp_u32);
		uint32_t p90 = sz[(uint32_t)(((uint64_t)npick * 9 - 1) / 10)];
		double med = npick % 2 ? sz[npick / 2]
				       : ((double)sz[npick / 2 - 1] + sz[npick / 2]) / 2;
		snprintf(line, sizeof line,
			 "sizes: blocks min=%" PRIu32 " median=%.1f mean=%.1f p90=%" PRIu32
			 " max=%" PRIu32, sz[0], med, (double)blocks / npick, p90, sz[npick - 1]);
		bench_report_note(r, line);
	}
	free(sz);
	/* The five largest by blocks (ties: module order). */
	uint32_t top[5];
	unsigned ntop = 0;
	for (uint32_t i = 0; i < npick; i++) {
		uint32_t n = m->funcs[pick[i]].prog.cfg.n;
		unsigned at = ntop;
		while (at > 0 && m->funcs[pick[top[at - 1]]].prog.cfg.n < n)
			at--;
		if (at >= 5)
			continue;
		if (ntop < 5)
			ntop++;
		memmove(top + at + 1, top + at, (ntop - 1 - at) * sizeof *top);
		top[at] = i;
	}
	for (unsigned t = 0; t < ntop; t++) {
		const struct llvmir_func *f = &m->funcs[pick[top[t]]];
		snprintf(line, sizeof line,
			 "largest: %-32s blocks=%" PRIu32 " edges=%" PRIu32 " variables=%" PRIu32
			 " instructions=%" PRIu64, llvmir_func_name(f), f->prog.cfg.n, f->prog.cfg.m,
			 f->prog.nvars, f->ninstrs);
		bench_report_note(r, line);
	}
}

/* Runs the kernels or the pipeline on one function; returns the exit code it asks for. */
static int run_function(const struct bench_cli *cli, const struct bench_selected *sel,
			size_t nsel, struct bench_report *r, FILE *dump_f, const char *unfinished,
			const char *path, const struct llvmir_func *f)
{
	struct bench_graph_stats gs;
	if (bench_graph_stats(&f->prog.cfg, &gs) != SSA_OK) {
		fprintf(stderr, "bench: function '%s': out of memory computing graph statistics\n",
			llvmir_func_name(f));
		return BENCH_EXIT_REFUSED;
	}
	struct bench_input in = {
		.prog = &f->prog,
		.path = path,
		.opts = &cli->opts,
		.function = llvmir_func_name(f),
	};
	r->gs = &gs;
	r->input = path;
	r->vars = f->prog.nvars;
	r->function = in.function;
	/* A dump writes the IR's block and variable names: the kernels see a copy of the program
	 * that carries them (the module's own stays as imported). */
	struct prog named;
	if (dump_f && llvmir_func_names(f, &named.bnames, &named.vnames) == SSA_OK) {
		struct names bn = named.bnames, vn = named.vnames;
		named = f->prog;
		named.bnames = bn;
		named.vnames = vn;
		in.prog = &named;
	}
	int code = BENCH_EXIT_OK;
	if (cli->pipeline) {
		r->mute_notes = true;
		bench_deadline_arm(cli->time_limit_s, "the pipeline", unfinished);
		code = bench_pipeline_run(cli, &in, r, dump_f);
		bench_deadline_disarm();
		r->mute_notes = false;
		if (code && code != BENCH_EXIT_USAGE)
			fprintf(stderr, "bench: (the pipeline on function '%s' of %s)\n", in.function,
				path);
	} else {
		/* Placement and liveness refuse a program without variables; real code has such
		 * functions, and there is nothing to place in them. */
		struct bench_selected *run = ssa_alloc_array(nsel ? nsel : 1, sizeof *run);
		size_t nrun = 0;
		for (size_t i = 0; run && i < nsel; i++)
			if (f->prog.nvars || strcmp(sel[i].k.stage->name, "phi"))
				run[nrun++] = sel[i];
		if (!run) {
			fprintf(stderr, "bench: out of memory\n");
			code = BENCH_EXIT_REFUSED;
		} else {
			code = bench_run_kernels(cli, &in, run, nrun, r, dump_f, unfinished);
		}
		free(run);
	}
	if (in.prog == &named) {
		names_free(&named.bnames);
		names_free(&named.vnames);
	}
	r->gs = NULL;
	return code;
}

#ifdef SSALAB_HAVE_LLVM_PEERS
/* The whole pipeline 'all' sets against llvm-mem2reg: ssalab's best of each stage
 * (results/realcode/README.md), pruned like mem2reg's output. */
#define BENCH_M2R_ALL_PIPELINE "auto,phi-dj,rename-stack"

/* ssalab's side of the placement check: the pruned placement of every selected function that
 * LLVM's pass would promote (not optnone), with the importer's variable names. A function
 * whose placement fails gets none (err[i] set), and is counted as an error. */
struct m2r_places {
	struct peer_m2r_placement *v;
	struct phi_sets *sets;
	int *err;
	uint32_t n;
};

static void m2r_places_free(struct m2r_places *p)
{
	for (uint32_t i = 0; i < p->n; i++) {
		phi_sets_free(&p->sets[i]);
		free((void *)p->v[i].var_names);
	}
	free(p->v);
	free(p->sets);
	free(p->err);
}

static int m2r_places_make(struct m2r_places *p, const struct llvmir_module *m,
			   const uint32_t *pick, uint32_t npick)
{
	memset(p, 0, sizeof *p);
	p->v = ssa_alloc_array(npick ? npick : 1, sizeof *p->v);
	p->sets = ssa_alloc_array(npick ? npick : 1, sizeof *p->sets);
	p->err = ssa_alloc_array(npick ? npick : 1, sizeof *p->err);
	if (!p->v || !p->sets || !p->err) {
		m2r_places_free(p);
		return SSA_ENOMEM;
	}
	for (uint32_t i = 0; i < npick; i++, p->n++) {
		const struct llvmir_func *f = &m->funcs[pick[i]];
		struct peer_m2r_placement *pl = &p->v[i];
		memset(pl, 0, sizeof *pl);
		memset(&p->sets[i], 0, sizeof p->sets[i]);
		p->err[i] = SSA_OK;
		if (f->optnone)
			continue;
		uint32_t nv = f->prog.nvars;
		if (nv) {
			p->err[i] = phi_place_prog(NULL, &f->prog, NULL, PHI_PRUNED, &p->sets[i]);
			if (p->err[i] != SSA_OK)
				continue;
		}
		const char **names = ssa_alloc_array(nv ? nv : 1, sizeof *names);
		if (!names) {
			p->n++;
			m2r_places_free(p);
			return SSA_ENOMEM;
		}
		for (uint32_t v = 0; v < nv; v++)
			names[v] = llvmir_var_name(f, v);
		static const uint64_t none[1] = {0};
		pl->function = llvmir_func_name(f);
		pl->nvars = nv;
		pl->var_names = names;
		pl->off = nv ? p->sets[i].off : none;
		pl->blocks = nv ? p->sets[i].blocks : NULL;
	}
	return SSA_OK;
}

/* llvm-mem2reg on the selected functions of one module: one row per function, timed by the
 * peer as bench times a kernel (warm-up, then samples of `iters` PromoteMemToReg calls on
 * clones made outside the timed region, iters calibrated to --min-time; wall and CPU). The check
 * is placement parity (peers.h, peer_llvm_mem2reg_check): per variable, the blocks of ssalab's
 * pruned placement against the blocks where LLVM leaves φs, a φ LLVM lacks accepted only where
 * LLVM's own simplification folds it on ssalab's placement (counted as folded). An optnone
 * function is promoted by neither side and only counted. Beside --pipeline, the pipeline's
 * total over the same functions (the rows from first_row on) is set against LLVM's. */
static int m2r_module(const struct bench_cli *cli, struct bench_report *r, const char *path,
		      const struct llvmir_module *m, const uint32_t *pick, uint32_t npick,
		      size_t first_row)
{
	struct peer_m2r_result pr;
	struct m2r_places places;
	char err[700];
	unsigned reps = cli->timing.reps ? cli->timing.reps : 1;
	if (m2r_places_make(&places, m, pick, npick) != SSA_OK) {
		fprintf(stderr, "bench: llvm-mem2reg: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	bench_progress("llvm-mem2reg on %s", path);
	struct peer_m2r_timing how = {reps, cli->timing.warmup, cli->timing.min_time_s};
	int st = peer_llvm_mem2reg_timed(path, &how, places.v, places.n, &pr, err, sizeof err);
	bench_progress_done();
	if (st != SSA_OK) {
		m2r_places_free(&places);
		fprintf(stderr, "bench: llvm-mem2reg: %s\n", st == SSA_EINPUT ? err : "out of memory");
		return st == SSA_EINPUT ? BENCH_EXIT_INPUT : BENCH_EXIT_REFUSED;
	}
	size_t last_row = bench_report_nrows(), row = first_row;
	uint32_t cur = 0, nrun = 0, nequal = 0, ndiff = 0, nerr = 0, npaired = 0, noptnone = 0;
	uint64_t phis_llvm = 0, phis_ssa = 0, nfolded = 0;
	double m2r_ms = 0, pipe_ms = 0, m2r_paired_ms = 0;
	/* Per function with variables: the pipeline's medians summed, and LLVM's median. */
	double *pair_pipe = ssa_alloc_array(npick ? npick : 1, sizeof *pair_pipe);
	double *pair_llvm = ssa_alloc_array(npick ? npick : 1, sizeof *pair_llvm);
	if (!pair_pipe || !pair_llvm) {
		free(pair_pipe);
		free(pair_llvm);
		peer_m2r_result_free(&pr);
		m2r_places_free(&places);
		fprintf(stderr, "bench: llvm-mem2reg: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	int code = BENCH_EXIT_OK;
	char line[768];
	for (uint32_t i = 0; i < npick; i++) {
		const struct llvmir_func *f = &m->funcs[pick[i]];
		const char *name = llvmir_func_name(f);
		/* Both lists are in module order: a cursor finds each function. */
		uint32_t j = cur;
		while (j < pr.nfuncs && strcmp(pr.funcs[j].name, name))
			j++;
		if (j == pr.nfuncs) {
			fprintf(stderr, "bench: warning: llvm-mem2reg did not see function '%s' of %s\n",
				name, path);
			continue;
		}
		cur = j + 1;
		const struct peer_m2r_func *pf = &pr.funcs[j];
		/* The pipeline's rows of this function (it skips functions without variables). */
		double pt = -1;
		if (cli->pipeline && f->prog.nvars) {
			const char *fn;
			pt = 0;
			while (row < last_row && bench_report_row_at(row, &fn) && fn && !strcmp(fn, name)) {
				const struct bench_result *b = bench_report_row_at(row, &fn);
				if (b->status != BENCH_RUN_OK)
					pt = -1e300;
				pt += b->timing.median_ms;
				row++;
			}
		}
		struct bench_graph_stats gs;
		if (bench_graph_stats(&f->prog.cfg, &gs) != SSA_OK) {
			code = BENCH_EXIT_REFUSED;
			break;
		}
		struct bench_result res;
		memset(&res, 0, sizeof res);
		res.algo = "llvm-mem2reg";
		res.stage = "mem2reg";
		res.status = BENCH_RUN_OK;
		res.check = "unchecked";
		if (bench_timing_init(&res.timing, pf->reps) != SSA_OK) {
			code = BENCH_EXIT_REFUSED;
			break;
		}
		res.timing.reps = pf->reps;
		res.timing.iters = pf->iters ? pf->iters : 1;
		for (uint32_t k = 0; k < pf->reps; k++) {
			res.timing.rep_ms[k] = pf->rep_ns[k] / 1e6;
			res.timing.cpu_rep_ms[k] = pf->cpu_rep_ns[k] / 1e6;
		}
		/* The peer's samples have no place in this process's sample clock. */
		free(res.timing.rep_start_ms);
		res.timing.rep_start_ms = NULL;
		bench_timing_stats(&res.timing);
		res.timing.prepare_ms = -1;
		/* The φs mem2reg made: those the input already had are not its. */
		uint32_t made = pf->phis - pf->phis_before;
		static const char *const cn[] = {"phis", "allocas", "insts-before", "insts-after"};
		const uint64_t cv[] = {made, pf->allocas, pf->insts_before, pf->insts_after};
		for (unsigned k = 0; k < 4; k++) {
			res.counter_names[k] = cn[k];
			res.counters[k] = cv[k];
		}
		res.ncounters = 4;
		/* The check: placement parity, or only a count for optnone. */
		const struct peer_m2r_parity *par = &pf->parity;
		uint64_t want = f->prog.nvars ? places.sets[i].total : 0;
		if (f->optnone || par->optnone) {
			noptnone++;
			if (f->optnone != par->optnone) {
				res.check = "error";
				snprintf(res.check_msg, sizeof res.check_msg, "optnone: the importer "
					 "says %s, LLVM says %s", f->optnone ? "yes" : "no",
					 par->optnone ? "yes" : "no");
				nerr++;
			} else {
				res.check = "unchecked";
				snprintf(res.check_msg, sizeof res.check_msg, "optnone: the mem2reg pass "
					 "skips it, so neither side promotes it");
			}
		} else if (places.err[i] != SSA_OK) {
			res.check = "error";
			snprintf(res.check_msg, sizeof res.check_msg, "ssalab's pruned placement failed "
				 "(status %d)", places.err[i]);
			nerr++;
		} else if (!par->compared) {
			res.check = "error";
			snprintf(res.check_msg, sizeof res.check_msg, "llvm-mem2reg did not compare "
				 "the placement");
			nerr++;
		} else {
			phis_llvm += made;
			phis_ssa += want;
			nfolded += par->folded;
			bool same = par->failures == 0;
			res.check = same ? "ok" : "FAIL";
			if (same) {
				snprintf(res.check_msg, sizeof res.check_msg,
					 "phis llvm=%" PRIu32 " ssalab-pruned=%" PRIu64 " both=%" PRIu32
					 " folded=%" PRIu32 ", allocas promoted=%" PRIu32 " variables=%"
					 PRIu32, made, want, par->both, par->folded, pf->allocas,
					 f->prog.nvars);
			} else {
				/* The row carries the first difference; stderr has them all. */
				const char *msg = par->msg ? par->msg : "";
				const char *nl = strchr(msg, '\n');
				int len = nl ? (int)(nl - msg) : (int)strlen(msg);
				snprintf(res.check_msg, sizeof res.check_msg, "%" PRIu32 " placement "
					 "difference%s, first: %.*s", par->failures,
					 par->failures == 1 ? "" : "s", len, msg);
				fprintf(stderr, "bench: llvm-mem2reg: %s: placement differs from LLVM's:\n%s",
					path, msg);
			}
			nequal += same;
			ndiff += !same;
		}
		r->gs = &gs;
		r->input = path;
		r->vars = f->prog.nvars;
		r->function = name;
		bench_report_row(r, &res);
		r->gs = NULL;
		nrun++;
		m2r_ms += res.timing.median_ms;
		if (pt >= 0) {
			pair_pipe[npaired] = pt;
			pair_llvm[npaired] = res.timing.median_ms;
			npaired++;
			pipe_ms += pt;
			m2r_paired_ms += res.timing.median_ms;
		}
		bench_timing_free(&res.timing);
	}
	snprintf(line, sizeof line,
		 "llvm-mem2reg: functions=%" PRIu32 " total_ms=%.6f (warm: calibrated batches of "
		 "PromoteMemToReg on clones made untimed; wall) phis llvm=%" PRIu64 " ssalab-pruned=%" PRIu64 " functions_equal=%" PRIu32
		 " differ=%" PRIu32 " errors=%" PRIu32 " folded=%" PRIu64 " optnone=%" PRIu32
		 " (placement per variable and block)", nrun, m2r_ms, phis_llvm, phis_ssa, nequal,
		 ndiff, nerr, nfolded, noptnone);
	bench_report_note(r, line);
	if (cli->pipeline) {
		/* A ratio of sums over the functions, its interval a bootstrap over them. */
		struct bench_ratio x;
		bench_ratio_of_sums(pair_pipe, pair_llvm, npaired, &x);
		char xs[96];
		if (x.have && x.ci)
			snprintf(xs, sizeof xs, "%.4g [%.4g, %.4g]", x.value, x.lo, x.hi);
		else
			snprintf(xs, sizeof xs, "%.4g [interval n/a: %" PRIu32 " functions]",
				 x.have ? x.value : 0.0, npaired);
		snprintf(line, sizeof line,
			 "ratio: pipeline %s total_ms=%.6f vs llvm-mem2reg total_ms=%.6f over the same %"
			 PRIu32 " functions: pipeline/llvm=%s (ssalab's pipeline over LLVM's "
			 "PromoteMemToReg, both warm in calibrated batches: per-run medians summed over "
			 "the functions with variables; 95%% interval by bootstrap over the functions)",
			 cli->pipeline, pipe_ms, m2r_paired_ms, npaired, xs);
		bench_report_note(r, line);
	}
	free(pair_pipe);
	free(pair_llvm);
	peer_m2r_result_free(&pr);
	m2r_places_free(&places);
	return code ? code : nerr || ndiff ? BENCH_EXIT_VERIFY : BENCH_EXIT_OK;
}
#endif

int bench_llvm_run(const struct bench_cli *cli, const struct bench_selected *sel, size_t nsel,
		   struct bench_report *r, FILE *dump_f, const char *unfinished, bool *partial)
{
	*partial = false;
	if (cli->gen.p.vars) {
		fprintf(stderr, "bench: --vars: the functions of %s already are programs (their "
				"promotable allocas are the variables)\n", cli->in);
		return BENCH_EXIT_USAGE;
	}
	const struct bench_func_select *fs = &cli->fsel;
	regex_t re;
	if (fs->regex && regcomp(&re, fs->regex, REG_EXTENDED | REG_NOSUB) != 0) {
		fprintf(stderr, "bench: --function-regex=%s: cannot compile\n", fs->regex);
		return BENCH_EXIT_USAGE;
	}
	struct modlist mods;
	int st = list_modules(cli->in, &mods);
	if (st != SSA_OK || mods.n == 0) {
		fprintf(stderr, "bench: --in %s: %s\n", cli->in,
			st == SSA_ENOMEM ? "out of memory listing the directory"
			: st		 ? "cannot read the directory"
					 : "the directory holds no .ll or .bc module");
		if (fs->regex)
			regfree(&re);
		if (st == SSA_OK)
			modlist_free(&mods);
		return st == SSA_ENOMEM ? BENCH_EXIT_REFUSED : BENCH_EXIT_INPUT;
	}
	bool dir = mods.n > 1 || strcmp(mods.path[0], cli->in) != 0;

	struct llvmir_options opt;
	llvmir_options_default(&opt);
	uint64_t limit = bench_mem_limit(cli, NULL);
	opt.mem_limit = limit == UINT64_MAX ? 0 : limit;

	int code = BENCH_EXIT_OK;
	bool begun = false;
	uint64_t total_selected = 0;
	/* --keep-going: the modules that could not be read, for the summary. */
	size_t nskipped = 0, nread = 0;
	char skipped[600] = "";
	char filt[600];
	filters_str(fs, filt, sizeof filt);
	for (size_t mi = 0; mi < mods.n && code != BENCH_EXIT_USAGE; mi++) {
		const char *path = mods.path[mi];
		struct llvmir_module m;
		struct io_error ioe;
		memset(&ioe, 0, sizeof ioe);
		bench_progress("importing %s", path);
		double w0 = bench_now_ns(), c0 = bench_cpu_ns();
		st = llvmir_read(path, &opt, &m, &ioe);
		double import_ms = (bench_now_ns() - w0) / 1e6, import_cpu_ms = (bench_cpu_ns() - c0) / 1e6;
		bench_progress_done();
		if (st != SSA_OK) {
			char buf[700];
			io_error_format(&ioe, buf, sizeof buf);
			int c = bench_exit_for(st) == BENCH_EXIT_REFUSED ? BENCH_EXIT_REFUSED
									 : BENCH_EXIT_INPUT;
			/* One broken module of a directory need not cost the others' results. Out
			 * of memory is not a broken module: the others would likely fail the same. */
			if (dir && cli->keep_going && st != SSA_ENOMEM) {
				fprintf(stderr, "bench: %s (skipped: --keep-going)\n", buf);
				size_t u = strlen(skipped);
				if (u + 1 < sizeof skipped)
					snprintf(skipped + u, sizeof skipped - u, "%s%s", u ? " " : "",
						 path);
				nskipped++;
				continue;
			}
			fprintf(stderr, "bench: %s\n", buf);
			if (dir)
				fprintf(stderr, "bench: --in %s: stopped at this module, %zu after it not "
						"run, no report (--keep-going skips a module that cannot "
						"be read and runs and reports the others)\n", cli->in,
					mods.n - mi - 1);
			code = c;
			break;
		}
		nread++;
		for (uint32_t i = 0; i < m.nskipped; i++)
			fprintf(stderr, "bench: warning: %s: %s\n", path, llvmir_warning(&m, i));
		uint32_t *pick = ssa_alloc_array(m.nfuncs ? m.nfuncs : 1, sizeof *pick);
		if (!pick) {
			llvmir_module_free(&m);
			fprintf(stderr, "bench: out of memory\n");
			code = BENCH_EXIT_REFUSED;
			break;
		}
		uint32_t npick = 0, novars = 0;
		for (uint32_t i = 0; i < m.nfuncs; i++)
			if (selected(fs, fs->regex ? &re : NULL, &m.funcs[i])) {
				pick[npick++] = i;
				novars += m.funcs[i].prog.nvars == 0;
			}
		total_selected += npick;
		if (npick == 0 && fs->given && !dir) {
			fprintf(stderr, "bench: %s: no function of %s matches (%" PRIu32 " defined)\n",
				filt, path, m.nfuncs);
			code = BENCH_EXIT_USAGE;
		} else if (cli->dump && (dir || npick != 1)) {
			fprintf(stderr, "bench: --dump needs exactly one function of one module (select "
					"it with --function=NAME); %s selects %" PRIu32 "\n",
				filt[0] ? filt : "no filter", npick);
			code = BENCH_EXIT_USAGE;
		}
		if (code == BENCH_EXIT_USAGE) {
			free(pick);
			llvmir_module_free(&m);
			break;
		}
		if (!begun) {
			bench_report_begin(r);
			begun = true;
		}
		r->input = path;
		bool phi = false;
		for (size_t i = 0; i < nsel; i++)
			phi |= !strcmp(sel[i].k.stage->name, "phi");
		module_notes(r, path, &m, pick, npick, import_ms, import_cpu_ms, novars,
			     cli->pipeline != NULL, phi);
		size_t first_row = bench_report_nrows();
		for (uint32_t i = 0; i < npick; i++) {
			const struct llvmir_func *f = &m.funcs[pick[i]];
			if (cli->pipeline && f->prog.nvars == 0)
				continue;
			int c = run_function(cli, sel, nsel, r, dump_f, unfinished, path, f);
			if (c && !code)
				code = c;
			if (c == BENCH_EXIT_USAGE)
				break;
		}
#ifdef SSALAB_HAVE_LLVM_PEERS
		if (cli->m2r_all && code != BENCH_EXIT_USAGE) {
			/* 'all': the kernels' summary first, then ssalab's best whole pipeline on
			 * every function with variables, as the end-to-end rival of mem2reg. */
			bench_report_module_kernels(r, first_row);
			struct bench_cli pc = *cli;
			pc.algo = NULL;
			pc.pipeline = BENCH_M2R_ALL_PIPELINE;
			pc.opts.flavor_set = true;
			pc.opts.flavor = PHI_PRUNED;
			bench_report_note(r, "end to end: --pipeline=" BENCH_M2R_ALL_PIPELINE
					     " --flavor=pruned against llvm-mem2reg, per function");
			first_row = bench_report_nrows();
			for (uint32_t i = 0; i < npick && code != BENCH_EXIT_USAGE; i++) {
				const struct llvmir_func *f = &m.funcs[pick[i]];
				if (f->prog.nvars == 0)
					continue;
				int c = run_function(&pc, sel, 0, r, NULL, unfinished, path, f);
				if (c && !code)
					code = c;
			}
			if (code != BENCH_EXIT_USAGE) {
				int c = m2r_module(&pc, r, path, &m, pick, npick, first_row);
				if (c && !code)
					code = c;
			}
		} else if (cli->m2r && code != BENCH_EXIT_USAGE) {
			int c = m2r_module(cli, r, path, &m, pick, npick, first_row);
			if (c && !code)
				code = c;
		}
#else
		if (cli->m2r_all && code != BENCH_EXIT_USAGE)
			bench_report_note(r, "llvm-mem2reg: left out of 'all': this bench has no LLVM "
					     "peers (" SSALAB_PEERS_LLVM_WHY ")");
#endif
		bench_report_module_kernels(r, first_row);
		free(pick);
		llvmir_module_free(&m);
	}
	if (nskipped) {
		char line[900];
		snprintf(line, sizeof line, "modules: read=%zu skipped=%zu (--keep-going: could not be "
			 "read: %s%s)", nread, nskipped, skipped,
			 strlen(skipped) + 1 >= sizeof skipped ? " ..." : "");
		if (begun)
			bench_report_note(r, line);
		fprintf(stderr, "bench: %s\n", line);
		*partial = begun;
		if (code == BENCH_EXIT_OK)
			code = BENCH_EXIT_INPUT;
	}
	if (code == BENCH_EXIT_OK && dir && total_selected == 0 && fs->given) {
		fprintf(stderr, "bench: %s: no function of the modules in %s matches\n", filt, cli->in);
		code = BENCH_EXIT_USAGE;
	}
	if (begun) {
		bench_report_run_kernels(r);
		bench_report_end(r);
	}
	if (fs->regex)
		regfree(&re);
	/* The rows kept by the report pointed at the module paths: freed only now. */
	modlist_free(&mods);
	return code;
}

#endif
