/* gcc-dom: a GCC plugin that times GCC's own dominator computation on GCC's own CFG, function by
 * function, and writes that CFG and GCC's answer in ssalab's formats so that tools/gcc-dom can
 * time ssalab's kernels on the same graphs and diff the idoms (README.md beside this file).
 *
 *   gcc -O0 -fplugin=gcc_dom.so -fplugin-arg-gcc_dom-out=DIR [-fplugin-arg-gcc_dom-reps=5]
 *       [-fplugin-arg-gcc_dom-min-time=0.001] [-fplugin-arg-gcc_dom-corrupt=FUNCTION] -c f.c
 *
 * Position: right after the GIMPLE pass "cfg", the first point where a function has a CFG. It is
 * part of the lowering passes, which every -O level runs; GCC's CFG there is its own lowering of
 * GIMPLE: ENTRY_BLOCK and EXIT_BLOCK, the blocks cleanup_tree_cfg left (unreachable blocks
 * deleted, forwarders merged), at most one edge per (source, destination) pair, critical edges
 * not yet split (pass "crited" does that much later), no SSA yet.
 *
 * Nothing here may bring the compiler down: every size is checked, allocation failures and file
 * errors become one warning in GCC's diagnostics, and the compilation goes on. */
/* System headers first: GCC's system.h poisons malloc and friends for the code after it. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <new>

#include "gcc-plugin.h"
#include "plugin-version.h"

#include "context.h"
#include "tree.h"
#include "tree-pass.h"
#include "basic-block.h"
#include "cfg.h"
#include "dominance.h"
#include "function.h"
#include "diagnostic-core.h"


int plugin_is_GPL_compatible; /* ssalab is MIT-licensed, which the GPL accepts */

namespace {

const char *out_dir;            /* -fplugin-arg-gcc_dom-out=DIR */
const char *corrupt_fn;         /* test hook: write a wrong idom for this function */
unsigned reps = 5;              /* samples per function */
double min_time_s = 0.001;      /* a sample lasts at least this long (bench's --min-time) */
FILE *summary;                  /* DIR/summary.tsv, one line per function */
bool disabled;                  /* after a file error: compile on, write nothing more */
unsigned long long fn_seq;      /* file names: NNNNNN.NAME, unique inside the TU */

/* Never more runs per sample than bench allows itself (bench/timing.c). */
const uint64_t max_iters = 100000000u;

void give_up(const char *what, const char *path)
{
	warning(0, "gcc-dom: %s %qs: %s; no more output for this translation unit", what,
		path ? path : "", xstrerror(errno));
	disabled = true;
}

double now_ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One run as a compiler does it when its dominators are stale: drop the tree, rebuild it. */
inline void one_run()
{
	free_dominance_info(CDI_DOMINATORS);
	calculate_dominance_info(CDI_DOMINATORS);
}

/* bench_calibrate's rule (bench/timing.c): grow the batch until it lasts min_time_s, aiming 20%
 * past it and at most tenfold per step. */
uint64_t calibrate()
{
	uint64_t iters = 1;
	if (!(min_time_s > 0))
		return 1;
	for (;;) {
		double t0 = now_ns(CLOCK_MONOTONIC);
		for (uint64_t i = 0; i < iters; i++)
			one_run();
		double ns = now_ns(CLOCK_MONOTONIC) - t0;
		if (ns >= min_time_s * 1e9 || iters >= max_iters)
			return iters;
		double want = ns > 0 ? 1.2 * min_time_s * 1e9 / ns * (double)iters
				     : 10.0 * (double)iters;
		double cap = 10.0 * (double)iters;
		uint64_t next = (uint64_t)(want < cap ? want : cap);
		iters = next > iters ? next : iters + 1;
		if (iters > max_iters)
			iters = max_iters;
	}
}

int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double median(double *v, unsigned n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A file name from a function name: the bytes a shell and bench's directory scan take as they
 * are, cut short enough that DIR/NNNNNN.NAME.idom stays far below NAME_MAX. */
void safe_name(const char *name, char *buf, size_t len)
{
	size_t j = 0;
	for (const char *p = name; *p && j + 1 < len && j < 120; p++) {
		char c = *p;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  c == '_' || c == '.' || c == '-';
		buf[j++] = ok ? c : '_';
	}
	buf[j] = 0;
}

/* Writes text through a temporary name and renames it, so a file is whole or absent. */
struct out_file {
	char path[4096], tmp[4200];
	FILE *f = nullptr;
	bool open(const char *dir, const char *base, const char *ext)
	{
		int a = snprintf(path, sizeof path, "%s/%s%s", dir, base, ext);
		int b = snprintf(tmp, sizeof tmp, "%s.tmp", path);
		if (a < 0 || (size_t)a >= sizeof path || b < 0 || (size_t)b >= sizeof tmp) {
			errno = ENAMETOOLONG;
			give_up("path too long:", dir);
			return false;
		}
		if (!(f = fopen(tmp, "w"))) {
			give_up("cannot create", tmp);
			return false;
		}
		return true;
	}
	bool close()
	{
		bool bad = ferror(f);
		if (fclose(f) != 0 || bad) {
			f = nullptr;
			give_up("cannot write", tmp);
			remove(tmp);
			return false;
		}
		f = nullptr;
		if (rename(tmp, path) != 0) {
			give_up("cannot rename to", path);
			remove(tmp);
			return false;
		}
		return true;
	}
	~out_file()
	{
		if (f) {
			fclose(f);
			remove(tmp);
		}
	}
};

struct buffers {
	uint32_t *id = nullptr;   /* GCC block index -> ssalab block id (UINT32_MAX: EXIT) */
	double *wall = nullptr, *cpu = nullptr;
	~buffers()
	{
		delete[] id;
		delete[] wall;
		delete[] cpu;
	}
};

/* FUNCTION's CFG as BASE.cfg and GCC's idoms as BASE.idom; *m gets the edges written. */
bool write_files(function *fun, const char *fname, const char *base, const uint32_t *id,
		 uint32_t n, long last, unsigned long long *m)
{
	basic_block bb;
	bool ok;
	{
		out_file cf;
		if (!cf.open(out_dir, base, ".cfg"))
			return false;
		FOR_ALL_BB_FN(bb, fun) {
			edge e;
			edge_iterator ei;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				if (e->dest->index >= 0 && e->dest->index < last &&
				    id[e->dest->index] != UINT32_MAX &&
				    e->src->index >= 0 && e->src->index < last &&
				    id[e->src->index] != UINT32_MAX)
					(*m)++;
			}
		}
		fprintf(cf.f, "# %s: GCC %s CFG after pass \"cfg\" (EXIT left out)\np cfg %u %llu\n",
			fname, gcc_version.basever, n, *m);
		/* Block order: ENTRY, then the chain; successors in GCC's edge order. */
		FOR_ALL_BB_FN(bb, fun) {
			if (bb->index < 0 || bb->index >= last || id[bb->index] == UINT32_MAX)
				continue;
			edge e;
			edge_iterator ei;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				int d = e->dest->index;
				if (d >= 0 && d < last && id[d] != UINT32_MAX)
					fprintf(cf.f, "e %u %u\n", id[bb->index], id[d]);
			}
		}
		fputs("end\n", cf.f);
		ok = cf.close();
	}
	if (ok) {
		/* GCC's answer in bench --dump=idom's layout: "block idom", -1 for the entry. The
		 * blocks in id order are ENTRY, then the chain. */
		out_file df;
		if (!df.open(out_dir, base, ".idom"))
			return false;
		bool corrupt = corrupt_fn && !strcmp(corrupt_fn, fname);
		uint32_t b = 0;
		FOR_ALL_BB_FN(bb, fun) {
			if (bb->index < 0 || bb->index >= last || id[bb->index] == UINT32_MAX)
				continue;
			basic_block d = get_immediate_dominator(CDI_DOMINATORS, bb);
			uint32_t di = UINT32_MAX;
			if (d && d->index >= 0 && d->index < last)
				di = id[d->index];
			if (corrupt && b == n - 1)
				di = b; /* no block is its own idom: a certain mismatch */
			if (di == UINT32_MAX)
				fprintf(df.f, "%u -1\n", b);
			else
				fprintf(df.f, "%u %u\n", b, di);
			b++;
		}
		ok = df.close();
	}
	return ok;
}

const pass_data gcc_dom_pass_data = {
	GIMPLE_PASS,
	"gcc_dom",     /* name, as -fdump-tree-gcc_dom would take it */
	OPTGROUP_NONE,
	TV_PLUGIN_RUN,
	PROP_cfg,      /* properties_required */
	0, 0, 0, 0,
};

class gcc_dom_pass : public gimple_opt_pass {
public:
	gcc_dom_pass(gcc::context *ctx) : gimple_opt_pass(gcc_dom_pass_data, ctx) {}
	bool gate(function *) final override { return out_dir && !disabled; }
	unsigned int execute(function *fun) final override;
};

unsigned int gcc_dom_pass::execute(function *fun)
{
	if (fun != cfun || !fun->cfg)
		return 0;
	const char *fname = function_name(fun);
	if (!fname)
		fname = "(anonymous)";
	/* GCC's forward DFS starts at ENTRY and never enters EXIT (dom_info's end block), and it
	 * requires every other block to be reachable: so the graph it works on is ENTRY plus
	 * the blocks in the chain, and that is what we write. EXIT and the edges into it are
	 * left out: EXIT dominates nothing and GCC gives it no idom. */
	long gcc_blocks = n_basic_blocks_for_fn(fun), gcc_edges = n_edges_for_fn(fun);
	long last = last_basic_block_for_fn(fun);
	if (gcc_blocks < 2 || last < gcc_blocks || (unsigned long)last >= UINT32_MAX / 2) {
		warning(0, "gcc-dom: %qs: unexpected CFG sizes (%ld blocks, last index %ld), skipped",
			fname, gcc_blocks, last);
		return 0;
	}
	uint32_t n = (uint32_t)(gcc_blocks - 1);
	buffers buf;
	buf.id = new (std::nothrow) uint32_t[(size_t)last];
	buf.wall = new (std::nothrow) double[reps];
	buf.cpu = new (std::nothrow) double[reps];
	if (!buf.id || !buf.wall || !buf.cpu) {
		errno = ENOMEM;
		give_up("out of memory for", fname);
		return 0;
	}
	for (long i = 0; i < last; i++)
		buf.id[i] = UINT32_MAX;
	uint32_t next = 0;
	buf.id[ENTRY_BLOCK_PTR_FOR_FN(fun)->index] = next++;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		if (bb->index < 0 || bb->index >= last || next >= n) {
			warning(0, "gcc-dom: %qs: block chain longer than %<n_basic_blocks%>, skipped",
				fname);
			return 0;
		}
		buf.id[bb->index] = next++;
	}
	if (next != n) {
		warning(0, "gcc-dom: %qs: %u blocks in the chain, %u expected, skipped", fname,
			next, n);
		return 0;
	}

	/* Leave GCC as we found it: if nothing had computed dominators, free ours at the end. */
	bool had_dom = dom_info_available_p(fun, CDI_DOMINATORS);
	one_run(); /* warm-up: the allocation pools and caches, as bench's --warmup=1 */
	uint64_t iters = calibrate();
	for (unsigned r = 0; r < reps; r++) {
		double c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID), t0 = now_ns(CLOCK_MONOTONIC);
		for (uint64_t k = 0; k < iters; k++)
			one_run();
		double t1 = now_ns(CLOCK_MONOTONIC), c1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
		buf.wall[r] = (t1 - t0) / (double)iters;
		buf.cpu[r] = (c1 - c0) / (double)iters;
	}
	double wall_med = median(buf.wall, reps), cpu_med = median(buf.cpu, reps);

	char name[128], base[160];
	safe_name(fname, name, sizeof name);
	snprintf(base, sizeof base, "%06llu.%s", ++fn_seq, name);
	unsigned long long m = 0;
	bool ok = write_files(fun, fname, base, buf.id, n, last, &m);
	if (!had_dom)
		free_dominance_info(CDI_DOMINATORS);
	if (!ok)
		return 0;
	if (fprintf(summary, "%s\t%s\t%u\t%llu\t%ld\t%ld\t%.1f\t%.1f\t%llu\t%u\n", base, fname, n, m,
		    gcc_blocks, gcc_edges, wall_med, cpu_med, (unsigned long long)iters, reps) < 0 ||
	    fflush(summary) != 0)
		give_up("cannot write", "summary.tsv");
	return 0;
}

void finish(void *, void *)
{
	if (summary && fclose(summary) != 0)
		warning(0, "gcc-dom: cannot close summary.tsv: %s", xstrerror(errno));
	summary = nullptr;
}

bool parse_unsigned(const char *s, unsigned long max, unsigned long *v)
{
	char *end;
	errno = 0;
	if (!s || !*s || *s == '-')
		return false;
	unsigned long x = strtoul(s, &end, 10);
	if (errno || *end || x > max)
		return false;
	*v = x;
	return true;
}

} // namespace

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	/* Internal data structures differ between GCC releases: refuse another one outright. */
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("gcc-dom: built for GCC %s, loaded by GCC %s", gcc_version.basever,
		      version->basever);
		return 1;
	}
	for (int i = 0; i < info->argc; i++) {
		const char *k = info->argv[i].key, *v = info->argv[i].value;
		unsigned long x;
		if (!strcmp(k, "out") && v && *v)
			out_dir = v;
		else if (!strcmp(k, "reps") && parse_unsigned(v, 1000, &x) && x > 0)
			reps = (unsigned)x;
		else if (!strcmp(k, "min-time") && v && *v) {
			char *end;
			errno = 0;
			double t = strtod(v, &end);
			if (errno || *end || !(t >= 0) || t > 10)
				warning(0, "gcc-dom: min-time=%qs: expected seconds in [0, 10]", v);
			else
				min_time_s = t;
		} else if (!strcmp(k, "corrupt") && v && *v)
			corrupt_fn = v;
		else
			warning(0, "gcc-dom: unknown or bad argument %qs%s%s (known: out=DIR, reps=N, "
				   "min-time=SECONDS, corrupt=FUNCTION)",
				k, v ? "=" : "", v ? v : "");
	}
	if (!out_dir) {
		warning(0, "gcc-dom: no %<-fplugin-arg-%s-out=DIR%>: nothing timed or written",
			info->base_name);
		return 0;
	}
	if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
		give_up("cannot create directory", out_dir);
		return 0;
	}
	char path[4200];
	int len = snprintf(path, sizeof path, "%s/summary.tsv", out_dir);
	if (len < 0 || (size_t)len >= sizeof path) {
		errno = ENAMETOOLONG;
		give_up("path too long:", out_dir);
		return 0;
	}
	if (!(summary = fopen(path, "w"))) {
		give_up("cannot create", path);
		return 0;
	}
	if (fprintf(summary, "file\tfunction\tblocks\tedges\tgcc_blocks\tgcc_edges\tmedian_ns\t"
			     "cpu_median_ns\titers\tsamples\n") < 0) {
		give_up("cannot write", path);
		return 0;
	}

	static struct register_pass_info pass;
	pass.pass = new gcc_dom_pass(g);
	pass.reference_pass_name = "cfg";
	pass.ref_pass_instance_number = 1;
	pass.pos_op = PASS_POS_INSERT_AFTER;
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &pass);
	register_callback(info->base_name, PLUGIN_FINISH, finish, nullptr);
	static struct plugin_info pinfo = {"ssalab", "times calculate_dominance_info and writes "
						     "each function's CFG and idoms for ssalab"};
	register_callback(info->base_name, PLUGIN_INFO, nullptr, &pinfo);
	return 0;
}
