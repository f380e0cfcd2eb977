/* bench --in MODULE.ll|.bc|DIR: real code as input, the LLVM IR side of the input iterator.
 * Each module is imported through algos/llvmir (untimed; the import's wall and CPU time are
 * reported on their own), and its defined functions that --function, --function-regex,
 * --min-blocks and --max-blocks let through are the inputs the workloads run on, one after
 * another. The text report gives, per module, the sizes, the import speed and the largest
 * functions (here), and each kernel's time summed over the functions (report.c). */
#include "bench/run.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A module by its name (.ll, .bc) or by its content (io_sniff: bitcode's magic, or a first line
 * only LLVM IR starts with), so an arrow or edge list whose names start with '%' or '@' is a
 * graph. */
bool bench_llvm_file(const char *path)
{
	struct stat sb;
	if (!strcmp(path, "-") || stat(path, &sb) != 0)
		return false;
	if (S_ISDIR(sb.st_mode))
		return true;
	if (bench_has_suffix(path, ".ll") || bench_has_suffix(path, ".bc"))
		return true;
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	unsigned char buf[4096];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	return io_sniff(buf, n) == IO_IN_LLVM;
}

#ifndef SSALAB_HAVE_LLVMIR

int bench_llvm_open(struct bench_inputs *it, const struct bench_cli *cli)
{
	(void)it;
	fprintf(stderr, "bench: %s is LLVM IR, and this bench was built without LLVM: install the "
			"newest Debian llvm-N-dev (tools/ssalab does) and rebuild\n", cli->in);
	return BENCH_EXIT_INPUT;
}

int bench_llvm_next(struct bench_inputs *it, struct bench_unit *u, struct bench_report *rep,
		    bool phi)
{
	(void)it, (void)u, (void)rep, (void)phi;
	return BENCH_INPUT_END;
}

int bench_llvm_close(struct bench_inputs *it, struct bench_report *rep, int code, bool *partial)
{
	(void)it, (void)rep, (void)partial;
	return code;
}

#else

/* A chosen function by its size: blocks, then its place in the module. */
struct fsize {
	uint32_t n, at;
};

/* Largest first; ties in module order. */
static int cmp_fsize(const void *a, const void *b)
{
	const struct fsize *x = a, *y = b;
	return x->n != y->n ? (x->n < y->n) - (x->n > y->n) : (x->at > y->at) - (x->at < y->at);
}

/* The module's header lines: sizes of the selected functions, import speed, the largest. */
static void module_notes(struct bench_report *r, const char *path, const struct llvmir_module *m,
			 const uint32_t *pick, uint32_t npick, double import_ms, double import_cpu_ms,
			 uint32_t novars, bool pipeline, bool phi)
{
	char line[1024];
	uint64_t blocks = 0, edges = 0, vars = 0, instrs = 0;
	struct fsize *sz = ssa_alloc_array(npick, sizeof *sz);
	for (uint32_t i = 0; i < npick; i++) {
		const struct llvmir_func *f = &m->funcs[pick[i]];
		blocks += f->prog.cfg.n;
		edges += f->prog.cfg.m;
		vars += f->prog.nvars;
		instrs += f->ninstrs;
		if (sz)
			sz[i] = (struct fsize){f->prog.cfg.n, pick[i]};
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
		 PRIu64 " instructions=%" PRIu64, npick, blocks, edges, vars, instrs);
	bench_report_note(r, line);
	if (novars && (pipeline || phi)) {
		snprintf(line, sizeof line, "functions: %" PRIu32 " without variables: %s skips them "
			 "(nothing to place)", novars, pipeline ? "the pipeline" : "the phi stage");
		bench_report_note(r, line);
	}
	if (!sz || !npick) {
		free(sz);
		return;
	}
	qsort(sz, npick, sizeof *sz, cmp_fsize);
	uint32_t p90 = sz[npick - 1 - (uint32_t)(((uint64_t)npick * 9 - 1) / 10)].n;
	double med = npick % 2 ? sz[npick / 2].n : ((double)sz[npick / 2 - 1].n + sz[npick / 2].n) / 2;
	snprintf(line, sizeof line,
		 "sizes: blocks min=%" PRIu32 " median=%.1f mean=%.1f p90=%" PRIu32 " max=%" PRIu32,
		 sz[npick - 1].n, med, (double)blocks / npick, p90, sz[0].n);
	bench_report_note(r, line);
	for (uint32_t t = 0; t < npick && t < 5; t++) {
		const struct llvmir_func *f = &m->funcs[sz[t].at];
		char *src = llvmir_source_name(llvmir_func_name(f)); /* C++, Rust: what --function takes */
		snprintf(line, sizeof line,
			 "largest: %-32s blocks=%" PRIu32 " edges=%" PRIu32 " variables=%" PRIu32
			 " instructions=%" PRIu64 "%s%.200s%s", llvmir_func_name(f), f->prog.cfg.n,
			 f->prog.cfg.m, f->prog.nvars, f->ninstrs, src ? " source=\"" : "",
			 src ? src : "", src ? "\"" : "");
		free(src);
		bench_report_note(r, line);
	}
	free(sz);
}

/* The function filters, compiled once, the importer's options, and the module the workloads run
 * on now. */
struct bench_llvm_filter {
	const struct bench_func_select *fs;
	regex_t re;
	bool have_re;
	struct llvmir_options opt;
	char filt[600]; /* the filters as the user wrote them, for messages */
	struct bench_module *cur;
};

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

/* Whether the filters pick f. A C++ or Rust function is named by its symbol or by its source
 * name (llvmir_name_matches: "parse", "ns::bar"); exact says that --function names a symbol of
 * the module, which then picks that function alone. The regex matches either name. */
static bool selected(const struct bench_llvm_filter *flt, const struct llvmir_func *f, bool exact)
{
	const struct bench_func_select *fs = flt->fs;
	if (f->prog.cfg.n < fs->min_blocks || f->prog.cfg.n > fs->max_blocks)
		return false;
	const char *name = llvmir_func_name(f);
	if (exact || (!fs->name && !flt->have_re))
		return (!fs->name || !strcmp(fs->name, name)) &&
		       (!flt->have_re || regexec(&flt->re, name, 0, NULL, 0) == 0);
	char *src = llvmir_source_name(name);
	bool pick = (!fs->name || llvmir_name_matches(name, src, fs->name)) &&
		    (!flt->have_re || regexec(&flt->re, name, 0, NULL, 0) == 0 ||
		     (src && regexec(&flt->re, src, 0, NULL, 0) == 0));
	free(src);
	return pick;
}

static void module_free(struct bench_module *bm)
{
	if (!bm)
		return;
	names_free(&bm->named.bnames); /* zeroed when there is no dump */
	names_free(&bm->named.vnames);
	llvmir_module_free(&bm->m);
	ssa_free_all(bm->funcs, bm->pick, bm);
}

int bench_llvm_open(struct bench_inputs *it, const struct bench_cli *cli)
{
	if (cli->gen.p.vars) {
		fprintf(stderr, "bench: --vars: the functions of %s already are programs (their "
				"promotable allocas are the variables)\n", cli->in);
		return BENCH_EXIT_USAGE;
	}
	struct bench_llvm_filter *flt = calloc(1, sizeof *flt);
	if (!flt) {
		fprintf(stderr, "bench: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	it->filter = flt;
	const struct bench_func_select *fs = &cli->fsel;
	flt->fs = fs;
	if (fs->regex && regcomp(&flt->re, fs->regex, REG_EXTENDED | REG_NOSUB) != 0) {
		fprintf(stderr, "bench: --function-regex=%s: cannot compile\n", fs->regex);
		return BENCH_EXIT_USAGE;
	}
	flt->have_re = fs->regex != NULL;
	llvmir_options_default(&flt->opt);
	uint64_t limit = bench_mem_limit(cli, NULL);
	flt->opt.mem_limit = limit == UINT64_MAX ? 0 : limit;
	filters_str(fs, flt->filt, sizeof flt->filt);
	return BENCH_EXIT_OK;
}

/* Imports module path: the module, or an exit code (BENCH_INPUT_SKIPPED under --keep-going)
 * with the reason printed. */
static int import(struct bench_inputs *it, const char *path, struct bench_module **out)
{
	const struct bench_cli *cli = it->cli;
	struct bench_module *bm = calloc(1, sizeof *bm);
	if (!bm) {
		fprintf(stderr, "bench: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	struct io_error ioe;
	memset(&ioe, 0, sizeof ioe);
	bench_progress("importing %s", path);
	double w0 = bench_now_ns(), c0 = bench_cpu_ns();
	int st = llvmir_read(path, &it->filter->opt, &bm->m, &ioe);
	bm->import_ms = (bench_now_ns() - w0) / 1e6;
	bm->import_cpu_ms = (bench_cpu_ns() - c0) / 1e6;
	bench_progress_done();
	if (st == SSA_OK) {
		*out = bm;
		return BENCH_EXIT_OK;
	}
	free(bm);
	char buf[700];
	io_error_format(&ioe, buf, sizeof buf);
	/* One broken module of a directory need not cost the others' results. Out of memory is not
	 * a broken module: the others would likely fail the same. */
	if (it->dir && cli->keep_going && st != SSA_ENOMEM) {
		fprintf(stderr, "bench: %s (skipped: --keep-going)\n", buf);
		size_t len = strlen(it->skipped);
		if (len + 1 < sizeof it->skipped)
			snprintf(it->skipped + len, sizeof it->skipped - len, "%s%s", len ? " " : "",
				 path);
		it->nskipped++;
		return BENCH_INPUT_SKIPPED;
	}
	fprintf(stderr, "bench: %s\n", buf);
	if (it->dir)
		fprintf(stderr, "bench: --in %s: stopped at this module, %zu after it not run, no "
				"report (--keep-going skips a module that cannot be read and runs and "
				"reports the others)\n", cli->in, it->n - it->next);
	return st == SSA_ENOMEM || st == SSA_ETOOBIG ? BENCH_EXIT_REFUSED : BENCH_EXIT_INPUT;
}

int bench_llvm_next(struct bench_inputs *it, struct bench_unit *u, struct bench_report *rep,
		    bool phi)
{
	const struct bench_cli *cli = it->cli;
	struct bench_llvm_filter *flt = it->filter;
	if (it->next == it->n)
		return BENCH_INPUT_END;
	const char *path = it->path[it->next++];
	module_free(flt->cur); /* the workloads on the previous module have ended */
	flt->cur = NULL;
	int code = import(it, path, &flt->cur);
	if (code)
		return code;
	it->nread++;
	struct bench_module *bm = flt->cur;
	struct llvmir_module *m = &bm->m;
	for (uint32_t i = 0; i < m->nskipped; i++)
		fprintf(stderr, "bench: warning: %s: %s\n", path, llvmir_warning(m, i));
	bm->pick = ssa_alloc_array(m->nfuncs, sizeof *bm->pick);
	bm->funcs = ssa_alloc_array(m->nfuncs, sizeof *bm->funcs);
	if (!bm->pick || !bm->funcs) {
		fprintf(stderr, "bench: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	bool exact = false;
	for (uint32_t i = 0; flt->fs->name && i < m->nfuncs && !exact; i++)
		exact = !strcmp(flt->fs->name, llvmir_func_name(&m->funcs[i]));
	uint32_t novars = 0;
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (selected(flt, &m->funcs[i], exact)) {
			bm->funcs[bm->npick] = (struct bench_func){&m->funcs[i].prog,
								   llvmir_func_name(&m->funcs[i])};
			bm->pick[bm->npick++] = i;
			novars += m->funcs[i].prog.nvars == 0;
		}
	u->module = bm;
	u->path = path;
	u->funcs = bm->funcs;
	u->nfuncs = bm->npick;
	it->selected += bm->npick;
	if (m->nfuncs == 0 && !it->dir) {
		/* an empty table and exit 0 would read as a run */
		fprintf(stderr, "bench: %s: the module has no function to run (%" PRIu32
				" defined, %" PRIu32 " of them skipped; %" PRIu32 " declared)\n",
			path, m->nfuncs + m->nskipped, m->nskipped, m->ndeclared);
		return BENCH_EXIT_INPUT;
	}
	if (bm->npick == 0 && flt->fs->given && !it->dir) {
		fprintf(stderr, "bench: %s: no function of %s matches (%" PRIu32 " defined)\n",
			flt->filt, path, m->nfuncs);
		return BENCH_EXIT_USAGE;
	}
	if (cli->dump && (it->dir || bm->npick != 1)) {
		fprintf(stderr, "bench: --dump needs exactly one function of one module (select it "
				"with --function=NAME); %s selects %" PRIu32 "\n",
			flt->filt[0] ? flt->filt : "no filter", bm->npick);
		return BENCH_EXIT_USAGE;
	}
	/* A dump writes the IR's block and variable names: the kernels see a copy of the program
	 * that carries them (the module's own stays as imported). */
	struct prog *named = &bm->named;
	if (cli->dump && llvmir_func_names(&m->funcs[bm->pick[0]], &named->bnames,
					   &named->vnames) == SSA_OK) {
		struct names bn = named->bnames, vn = named->vnames;
		*named = *bm->funcs[0].prog;
		named->bnames = bn;
		named->vnames = vn;
		bm->funcs[0].prog = named;
	}
	if (!rep->begun)
		bench_report_begin(rep);
	rep->at = (struct bench_where){.path = path,
				       .format = bench_has_suffix(path, ".bc") ? "llvm-bc" : "llvm-ir"};
	module_notes(rep, path, m, bm->pick, bm->npick, bm->import_ms, bm->import_cpu_ms, novars,
		     cli->pipeline != NULL, phi);
	return BENCH_EXIT_OK;
}

int bench_llvm_close(struct bench_inputs *it, struct bench_report *rep, int code, bool *partial)
{
	const struct bench_cli *cli = it->cli;
	struct bench_llvm_filter *flt = it->filter;
	if (it->nskipped) {
		char line[900];
		snprintf(line, sizeof line, "modules: read=%zu skipped=%zu (--keep-going: could not be "
			 "read: %s%s)", it->nread, it->nskipped, it->skipped,
			 strlen(it->skipped) + 1 >= sizeof it->skipped ? " ..." : "");
		if (rep->begun)
			bench_report_note(rep, line);
		fprintf(stderr, "bench: %s\n", line);
		*partial = rep->begun;
		code = code ? code : BENCH_EXIT_INPUT;
	}
	if (flt && code == BENCH_EXIT_OK && it->dir && it->selected == 0 && flt->fs->given) {
		fprintf(stderr, "bench: %s: no function of the modules in %s matches\n", flt->filt,
			cli->in);
		code = BENCH_EXIT_USAGE;
	} else if (flt && code == BENCH_EXIT_OK && it->dir && it->selected == 0) {
		fprintf(stderr, "bench: %s: no module there has a function to run\n", cli->in);
		code = BENCH_EXIT_INPUT;
	}
	if (rep->begun) {
		bench_report_run_kernels(rep);
		bench_report_end(rep);
	}
	if (flt && flt->have_re)
		regfree(&flt->re);
	if (flt)
		module_free(flt->cur);
	free(flt);
	it->filter = NULL;
	return code;
}

#endif
