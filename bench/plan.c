/* The plan of a run: which kernels --algo names (the stages' tables, kernel.h), which
 * workloads run on each input, --baseline, and the usage errors found before any input is
 * read. */
#include "bench/run.h"
#include "bench/pipeline.h"
#include "util/status.h"

#include "ssalab_peers_info.h"

#include <stdlib.h>
#include <string.h>

/* A usage error, its message in err (the functions below that take err and errlen). */
#define USAGE(...) do { snprintf(err, errlen, __VA_ARGS__); return BENCH_EXIT_USAGE; } while (0)

void bench_cli_usage(FILE *f)
{
	fputs(
"usage: bench --algo=NAME[,NAME...] [input] [timing] [output] [stage options]\n"
"       bench --algo=list | --algo=all | --algo=all:STAGE\n"
"\n"
"Algorithms:\n"
"  --algo=NAME          a kernel (or STAGE:NAME); several separated by commas run on the same\n"
"                       input; 'list' lists stages and kernels; 'all' runs the floor and every\n"
"                       kernel of the dominator stage; 'all:STAGE' every kernel of STAGE\n"
"                       (on LLVM IR, 'all' adds llvm-mem2reg beside ssalab's best pipeline)\n"
"  --pipeline[=A,B,C,D] SSA construction end to end: dominators[,frontiers],placement[,renamer];\n"
"                       no value or 'default': the fastest measured (bench/pipeline.c)\n"
"Input (generation and loading are not timed):\n"
"  --in FILE            read a .cfg, .prog, .ssab, DOT or edge-list file instead of\n"
"                       generating; or LLVM IR (.ll text or .bc bitcode, by content), or a\n"
"                       directory of .ll/.bc modules: every defined function is one input\n"
"                       (import not timed). Repeat --in, or give a directory of\n"
"                       .cfg/.prog/.ssab/.dot/.gv/.edges/.el/.txt files, to time each file\n"
"                       as one input and get a summary over them\n"
"  --function=NAME      LLVM IR: only the function NAME\n"
"  --function-regex=RE  LLVM IR: only functions whose name matches RE (POSIX extended)\n"
"  --min-blocks=N --max-blocks=N  LLVM IR: only functions with N or more / at most N blocks\n"
"  --keep-going         several inputs (a directory, or repeated --in): an input that cannot\n"
"                       be read is reported and skipped, the others run, the summary counts\n"
"                       the skipped ones; the exit status is still 1, and --out is written\n"
"                       (without it, the first unreadable input stops the run)\n"
"  --family=F           generator family (default structured)\n"
"  --blocks=N           number of blocks, 1e6 notation allowed (default 1e6)\n"
"  --seed=S             generator seed (default 1)\n"
"  --edges=E            edge budget for families sized by arcs (itworst)\n"
"  --degree=D           random/dense: average out-degree, e.g. 2.5\n"
"  --goto=P             structured: probability of a goto per statement, per mille\n"
"  --depth=D            structured: nesting bound\n"
"  --vars=V             generate a program with V variables over the CFG (default 0)\n"
"  --defs=D --uses=U    definitions and uses per variable\n"
"  --locality=L         each variable lives in a window of L blocks (0: global)\n"
"  --def-at-entry       define every variable at the start of the entry block\n"
"                       (the same names and meanings as gen's options)\n"
"Timing:\n"
"  --reps=R             timed samples (default 5; 1 with --dump)\n"
"  --warmup=W           untimed runs first (default 1; 0 with --dump)\n"
"  --min-time=SECONDS   each sample repeats the kernel until it lasts this long (default\n"
"                       0.001; 0: one run per sample); times are reported per run\n"
"  --baseline=NAME      every row's x_base: its per-round ratio to kernel NAME of the --algo\n"
"                       list (dfs, or a kernel of the others' stage; default dfs when listed)\n"
"  --pin[=CORE]         bind to one core (the current one, or logical core CORE); needs hwloc\n"
"  --mem-limit=BYTES    refuse kernels whose estimate exceeds BYTES (k/M/G/T suffixes, or\n"
"                       'none'); default 75% of MemAvailable\n"
"  --time-limit=SECONDS stop with exit 5 when one kernel (setup, reps and check) or the whole\n"
"                       pipeline runs longer (default: no limit)\n"
"Checking and output:\n"
"  --check / --no-check verify each kernel's result once after the reps (default on)\n"
"  --csv | --json       machine-readable report instead of text\n"
"  --out FILE           write the report (or the dump) to FILE, atomically\n"
"  --quiet              no report on stderr (nor on stdout with --dump --out): only the\n"
"                       requested output and errors\n"
"  --dump=KIND          write the kernel's result: idom, domtree-dot, df, phi, live, ssa,\n"
"                       loops, out; the floor's dfs, rpo, preds; with --pipeline, ssa (the\n"
"                       final form); dot (any kernel): the input's CFG as graphviz. Blocks\n"
"                       and variables are written by name when the input names them\n"
"  -h, --help           this text, with the stage options of every registered stage\n"
"  --version            the build: git revision, build type, compiler, which peers (LLVM,\n"
"                       Boost) and LLVM IR input it has, and why any were left out\n"
"\n"
"Exit codes: 0 ok, 1 input/IO error, 2 usage error, 3 verification failure, 4 refused (memory),\n"
"5 time limit exceeded.\n",
		f);
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		if (!st->options || !st->options[0].name)
			continue;
		fprintf(f, "\nOptions of stage %s:\n", st->name);
		for (const struct bench_option *o = st->options; o->name; o++)
			fprintf(f, "  --%-19s %s\n", o->name, o->help ? o->help : "");
	}
	fputs("\nOptions of --pipeline:\n", f);
	for (const struct bench_option *o = bench_pipeline_options; o->name; o++)
		fprintf(f, "  --%-19s %s\n", o->name, o->help ? o->help : "");
}

void bench_plan_list(FILE *f)
{
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		fprintf(f, "stage %s: %s\n", st->name, st->title);
		for (size_t i = 0, n = bench_stage_count(st); i < n; i++) {
			struct bench_kernel k;
			bench_stage_kernel(st, i, &k);
			fprintf(f, "  %-18s %s\n", k.name, k.summary);
		}
		for (size_t a = 0; a < bench_naliases; a++)
			if (!strcmp(bench_aliases[a].stage, st->name))
				fprintf(f, "  alias %s = %s: %s\n", bench_aliases[a].alias,
					bench_aliases[a].kernel, bench_aliases[a].why);
		for (const struct bench_option *o = st->options; o && o->name; o++)
			fprintf(f, "  option --%-10s %s\n", o->name, o->help ? o->help : "");
	}
	bench_peers_info(f);
}

static int add(struct bench_plan *sel, const struct bench_kernel *k, bool by_group)
{
	struct bench_selected *v = bench_grow(sel->sel, sel->nsel, &sel->cap, sizeof *v);
	if (!v)
		return SSA_ENOMEM;
	sel->sel = v;
	v[sel->nsel++] = (struct bench_selected){*k, by_group};
	return SSA_OK;
}

static int add_stage(struct bench_plan *sel, const struct bench_stage *st)
{
	for (size_t i = 0, n = bench_stage_count(st); i < n; i++) {
		struct bench_kernel k;
		bench_stage_kernel(st, i, &k);
		if (add(sel, &k, true) != SSA_OK)
			return SSA_ENOMEM;
	}
	return SSA_OK;
}

/* "a,b,c", "all" (the floor and the dominators), "all:STAGE", "STAGE:name"; llvm-mem2reg is a
 * workload, not a kernel (bench_plan_make). Messages quote the list without it. */
static int select_kernels(const char *algo, struct bench_plan *sel, char *err, size_t errlen)
{
	const char *spec = sel->kernels_spec;
	for (const char *p = algo;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int st = SSA_OK;
		if (len == 0)
			USAGE("--algo=%s: empty name in the list", spec);
		if (bench_word(p, len, "llvm-mem2reg")) {
			/* the workload, planned by the caller */
		} else if (bench_word(p, len, "all")) {
			st = add_stage(sel, bench_find_stage("floor", 5));
			if (st == SSA_OK)
				st = add_stage(sel, bench_find_stage("dom", 3));
		} else if (len > 4 && !strncmp(p, "all:", 4)) {
			const struct bench_stage *stage = bench_find_stage(p + 4, len - 4);
			if (!stage)
				USAGE("--algo: no stage named '%.*s' (try --algo=list)", (int)(len - 4),
				      p + 4);
			st = add_stage(sel, stage);
		} else {
			struct bench_kernel k;
			if (!bench_find_kernel(p, len, &k))
				USAGE("--algo: no kernel named '%.*s' (try --algo=list)", (int)len, p);
			st = add(sel, &k, false);
		}
		if (st != SSA_OK) {
			snprintf(err, errlen, "--algo: out of memory");
			return BENCH_EXIT_INPUT;
		}
		if (!end)
			return BENCH_EXIT_OK;
		p = end + 1;
	}
}


/* Chooses the kernels, then refuses before any work what the run could not honour: a dump kind
 * the kernel lacks, an option nothing chosen reads. */
static int plan(const struct bench_cli *cli, struct bench_plan *sel, char *err, size_t errlen)
{
	const struct bench_option *tables[32] = {NULL};
	size_t nt = 0;
	/* A generated input has variables only with --vars; a file's are known once it is read. */
	bool no_vars = !cli->in && cli->gen.p.vars == 0;
	const struct bench_kernel *needy = NULL; /* a chosen kernel that needs variables */
	if (cli->pipeline) {
		tables[nt++] = bench_pipeline_options;
		if (cli->dump && strcmp(cli->dump, "ssa"))
			USAGE("--dump=%s: a pipeline writes only its final SSA (--dump=ssa)", cli->dump);
	} else if (sel->kernels_spec) { /* llvm-mem2reg alone reads no stage option */
		int code = select_kernels(cli->algo, sel, err, errlen);
		if (code)
			return code;
		if (cli->dump && sel->nsel != 1)
			USAGE("--dump needs exactly one kernel (got %zu)", sel->nsel);
		if (cli->dump && strcmp(cli->dump, "dot") &&
		    !bench_kernel_has_dump(&sel->sel[0].k, cli->dump))
			USAGE("--dump=%s: kernel %s has no dump of that kind (it has: %s, and dot, the "
			      "input's CFG)", cli->dump, sel->sel[0].k.name,
			      sel->sel[0].k.dumps[0] ? sel->sel[0].k.dumps : "none");
		for (size_t i = 0; i < sel->nsel; i++) {
			const struct bench_stage *st = sel->sel[i].k.stage;
			if (st->needs_vars && !needy)
				needy = &sel->sel[i].k;
			bool have = false;
			for (size_t t = 0; t < nt; t++)
				have |= tables[t] == st->options;
			if (!have && st->options && nt < sizeof tables / sizeof *tables)
				tables[nt++] = st->options;
		}
	}
	int code = bench_cli_check_used(cli, tables, nt, cli->gen.p.vars > 0, err, errlen);
	if (code || !no_vars || !(cli->pipeline || needy))
		return code;
	if (cli->pipeline)
		USAGE("--pipeline needs a program: give --vars=V (or --in a .prog with variables)");
	USAGE("kernel %s (stage %s) needs a program: give --vars=V (or --in a .prog with "
	      "variables)", needy->name, needy->stage->name);
}

/* --baseline: a kernel of the list, the dfs floor or of the stage of every other kernel (a
 * ratio across stages compares different work); without it, dfs when it is listed. */
static int resolve_baseline(struct bench_cli *cli, const struct bench_plan *sel, char *err,
			    size_t errlen)
{
	bool dfs = false;
	for (size_t i = 0; i < sel->nsel; i++)
		dfs |= !strcmp(sel->sel[i].k.name, "dfs") && !strcmp(sel->sel[i].k.stage->name, "floor");
	if (!cli->baseline) {
		if (dfs && !cli->pipeline) {
			cli->baseline = "dfs";
			cli->base_stage = "floor";
		}
		return BENCH_EXIT_OK;
	}
	if (cli->pipeline || !sel->nsel)
		USAGE("--baseline=%s: compares the kernels of --algo, and there are none (the "
		      "pipeline's ratios are to dfs)", cli->baseline);
	struct bench_kernel k;
	if (!bench_find_kernel(cli->baseline, strlen(cli->baseline), &k))
		USAGE("--baseline=%s: no kernel of that name (try --algo=list)", cli->baseline);
	bool listed = false;
	for (size_t i = 0; i < sel->nsel; i++)
		listed |= !strcmp(sel->sel[i].k.name, k.name) && sel->sel[i].k.stage == k.stage;
	if (!listed)
		USAGE("--baseline=%s: not among the --algo kernels (%s)", cli->baseline,
		      sel->kernels_spec);
	bool floor = !strcmp(k.stage->name, "floor");
	for (size_t i = 0; i < sel->nsel && !floor; i++) {
		const struct bench_stage *st = sel->sel[i].k.stage;
		if (st != k.stage && strcmp(st->name, "floor"))
			USAGE("--baseline=%s is of stage %s, and %s of stage %s: a baseline is dfs or "
			      "of the stage of the kernels it is set against", cli->baseline,
			      k.stage->name, sel->sel[i].k.name, st->name);
	}
	cli->baseline = k.name;
	cli->base_stage = k.stage->name;
	return BENCH_EXIT_OK;
}


/* Whether --algo names llvm-mem2reg and 'all', and the list as messages quote it: without
 * llvm-mem2reg when it is there (NULL when nothing is left). */
static int scan_algo(const char *algo, struct bench_plan *p, bool *all)
{
	size_t len = strlen(algo), u = 0;
	char *rest = malloc(len + 1);
	if (!rest)
		return SSA_ENOMEM;
	for (const char *s = algo; *s;) {
		const char *e = strchr(s, ',');
		size_t tl = e ? (size_t)(e - s) : strlen(s);
		if (bench_word(s, tl, "llvm-mem2reg")) {
			p->m2r = true;
		} else {
			*all |= bench_word(s, tl, "all");
			if (u)
				rest[u++] = ',';
			memcpy(rest + u, s, tl);
			u += tl;
		}
		s += tl + (e != NULL);
	}
	rest[u] = 0;
	if (!p->m2r)
		memcpy(rest, algo, len + 1);
	if (u || !p->m2r)
		p->kernels_spec = rest;
	else
		free(rest);
	return SSA_OK;
}

int bench_plan_make(struct bench_cli *cli, struct bench_plan *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	p->llvm = cli->nin == 1 && bench_input_is_llvm(cli->in);
	bool all = false;
	if (cli->algo && scan_algo(cli->algo, p, &all) != SSA_OK) {
		snprintf(err, errlen, "out of memory");
		return BENCH_EXIT_REFUSED;
	}
#ifndef SSALAB_HAVE_LLVM_PEERS
	if (p->m2r)
		USAGE("--algo=llvm-mem2reg: this bench was built without LLVM's peers (%s; bench "
		      "--version says what the build left out)", SSALAB_PEERS_LLVM_WHY);
#endif
	/* On LLVM IR, 'all' means every kernel and the end-to-end rival: LLVM's mem2reg against
	 * ssalab's best whole pipeline, function by function. */
	p->rival = all && !p->m2r && !cli->pipeline && p->llvm;
	int code = plan(cli, p, err, errlen);
	if (!code)
		code = resolve_baseline(cli, p, err, errlen);
	if (code)
		return code;
	for (size_t i = 0; i < p->nsel; i++)
		p->phi |= !strcmp(p->sel[i].k.stage->name, "phi");
	p->kernels = !cli->pipeline && (p->nsel || !p->m2r);
	return BENCH_EXIT_OK;
}

int bench_plan_check_input(const struct bench_cli *cli, const struct bench_plan *p)
{
	if (p->m2r && !p->llvm) {
		fprintf(stderr, "bench: --algo=llvm-mem2reg runs LLVM's mem2reg on the functions of an "
				"LLVM IR input: it needs --in MODULE.ll|.bc|DIR\n");
		return BENCH_EXIT_USAGE;
	}
	if (cli->fsel.given && !p->llvm) {
		fprintf(stderr, "bench: --%s selects functions of an LLVM IR input, and %s is not LLVM "
				"IR (.ll or .bc)\n", cli->fsel.given, cli->in);
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

void bench_plan_free(struct bench_plan *p)
{
	free(p->sel);
	free(p->kernels_spec);
	memset(p, 0, sizeof *p);
}
