/* Report writers. Text: fixed-width "key: k=v ..." lines a script can grep, one block per
 * kernel and a comparison table when several kernels ran. CSV: a header row and one row per
 * kernel with every field needed to reproduce the run. JSON: one object with meta, graph and a
 * runs array holding the same fields. Over several files and the functions of LLVM IR, one
 * aggregation per kernel (kernel_agg) feeds the summary lines, rows and tables. */
#include "bench/report.h"
#include "util/mem.h"
#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#endif

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ssalab_gitrev.h" /* generated at build time (CMakeLists.txt: ssalab_gitrev) */
#ifndef SSALAB_BUILD_TYPE
#define SSALAB_BUILD_TYPE "unknown"
#endif
#ifndef SSALAB_CFLAGS
#define SSALAB_CFLAGS ""
#endif
#ifndef SSALAB_COMPILER
#define SSALAB_COMPILER "unknown"
#endif

/* The build's flags without the leading blank CMake leaves when CMAKE_C_FLAGS is empty. */
static const char *cflags(void)
{
	const char *c = SSALAB_CFLAGS;
	while (*c == ' ')
		c++;
	return c;
}

/* A row kept for the tables, the JSON runs and the summaries, with the input it is about. */
struct bench_kept {
	struct bench_result res;
	struct bench_where at; /* at.function is the row's own copy */
};

/* A copy of v[0, n), NULL when v is NULL, n is 0 or memory is short. */
static double *copy_doubles(const double *v, unsigned n)
{
	double *c = v && n ? ssa_alloc_array(n, sizeof *c) : NULL;
	if (c)
		memcpy(c, v, n * sizeof *c);
	return c;
}

static void keep(struct bench_report *r, const struct bench_result *res)
{
	struct bench_kept *k = bench_grow(r->kept, r->nkept, &r->capkept, sizeof *k);
	if (!k)
		return; /* the row was already written where possible; the table omits it */
	r->kept = k;
	k = &r->kept[r->nkept++];
	k->at = r->at;
	k->at.function = r->at.function ? strdup(r->at.function) : NULL;
	k->res = *res;
	k->res.timing.rep_ms = copy_doubles(res->timing.rep_ms, res->timing.reps);
	k->res.timing.rep_start_ms = copy_doubles(res->timing.rep_start_ms, res->timing.reps);
	k->res.timing.cpu_rep_ms = NULL; /* the report shows per-run wall times only */
	if (!k->res.timing.rep_ms)
		k->res.timing.reps = 0;
}

static double mb(uint64_t bytes)
{
	return (double)bytes / 1e6;
}

static const char *status_str(enum bench_run_status s)
{
	return s == BENCH_RUN_OK ? "ok" : s == BENCH_RUN_REFUSED ? "refused" : "failed";
}

static double per(double ms, uint64_t count)
{
	return count ? ms * 1e6 / (double)count : 0.0;
}

/* ",s" (first: "s"), quoted as RFC 4180 asks when s holds a comma, a quote or a line break. */
static void csv_put(FILE *f, const char *s, bool first)
{
	if (!first)
		fputc(',', f);
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* ", \"k\": \"v\"" (without the comma when first). */
static void json_kv(FILE *f, const char *k, const char *v, bool first)
{
	fprintf(f, "%s\"%s\": ", first ? "" : ", ", k);
	json_str(f, v);
}

/* v[0, n) as JSON strings separated by ", ". */
static void json_strs(FILE *f, char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, v[i]);
	}
}

/* The separator before element i of a JSON array of objects, one per line. */
static void json_next(FILE *f, size_t i)
{
	fputs(i ? ",\n    " : "\n    ", f);
}

/* v[0, n) each in fmt, separated by sep; nothing when v is NULL. */
static void put_list(FILE *f, const double *v, unsigned n, const char *fmt, const char *sep)
{
	for (unsigned i = 0; v && i < n; i++) {
		fputs(i ? sep : "", f);
		fprintf(f, fmt, v[i]);
	}
}

/* The counters, each as its name between quotes q, eq, its value, separated by sep. */
static void put_counters(FILE *f, const struct bench_result *res, const char *q, const char *eq,
			 const char *sep)
{
	for (unsigned i = 0; i < res->ncounters; i++)
		fprintf(f, "%s%s%s%s%s%" PRIu64, i ? sep : "", q, res->counter_names[i], q, eq,
			res->counters[i]);
}

/* The input's lines in text: what it is (a file by the fields every format describes it with:
 * path, format, blocks, edges, vars), its graph and its loops. */
static void text_input(struct bench_report *r)
{
	FILE *f = r->f;
	const struct bench_where *w = &r->at;
	const struct bench_graph_stats *g = &w->gs;
	if (w->path)
		fprintf(f, "input: path=%s format=%s blocks=%" PRIu64 " edges=%" PRIu64 " vars=%"
			PRIu32 "\n", w->path, w->format, g->n, g->m, w->vars);
	else
		fprintf(f, "input: generated family=%s seed=%" PRIu64 "%s%s%s\n", w->family, w->seed,
			*w->note ? " note=\"" : "", w->note, *w->note ? "\"" : "");
	fprintf(f,
		"graph: family=%s n=%" PRIu64 " m=%" PRIu64 " reachable=%" PRIu64 " exits=%" PRIu64
		" max_in=%" PRIu64 " max_out=%" PRIu64 " reducible=%s vars=%" PRIu32 "\n",
		w->family ? w->family : "file", g->n, g->m, g->reachable, g->exits, g->max_in,
		g->max_out, g->reducible < 0 ? "?" : g->reducible ? "yes" : "no", w->vars);
	if (g->have_loops)
		fprintf(f, "loops: loops=%" PRIu32 " max_depth=%" PRIu32 " irreducible=%" PRIu32 "\n",
			g->loops, g->max_loop_depth, g->irreducible_loops);
	else
		fprintf(f, "loops: skipped (the loop forest needs %.1f MB, above 75%% of MemAvailable)\n",
			mb(g->loops_mem));
	fflush(f);
}

static const char *const csv_header =
	"algo,stage,status,family,input,n,m,reachable,exits,reducible,seed,vars,reps,warmup,"
	"median_ms,min_ms,max_ms,ns_per_block,ns_per_edge,peak_mb,allocated_mb,resident_mb,rss_mb,"
	"estimate_mb,counters,check,check_msg,status_msg,rep_ms,utilization,cpu_median_ms,invol_switches,cpu,cores,topology,pinned,malloc_conf,compiler,"
	"cflags,git_rev,build_type,date,host,cmdline,iters,mean_ms,stddev_ms,prepare_ms,min_time_s,"
	"function,path,format,blocks,edges,files,sum_median_ms,geomean_median_ms,failures,loops,"
	"max_loop_depth,irreducible_loops,x_dfs,x_dfs_lo,x_dfs_hi,busy,interleaved,rep_start_ms,"
	"baseline,x_base,x_base_lo,x_base_hi";

void bench_report_begin(struct bench_report *r)
{
	FILE *f = r->f;
	const struct bench_sysinfo *s = r->sys;
	r->begun = true;
	if (r->format == BENCH_FMT_CSV)
		fprintf(f, "%s\n", csv_header);
	if (r->format != BENCH_FMT_TEXT || r->quiet)
		return; /* JSON is written whole at the end */
	fprintf(f, "bench: git=%s build=%s compiler=\"%s\" date=%s\n", SSALAB_GIT_REV,
		SSALAB_BUILD_TYPE, SSALAB_COMPILER, s->date);
	fprintf(f,
		"machine: cpu=\"%s\" cores=%u pinned=\"%s\" topology=\"%s\" malloc_conf=\"%s\"\n",
		s->cpu, s->cores, s->pinned, s->topology, s->malloc_conf);
	/* The rest is per module and function (bench/input_llvm.c), or per input. */
	if (r->module)
		fprintf(f, "input: llvm=%s\n", r->cli->in);
	fflush(f);
}

static void text_row(struct bench_report *r, const struct bench_result *res)
{
	FILE *f = r->f;
	const struct bench_graph_stats *g = &r->at.gs;
	char est[32];
	bench_format_bytes(res->mem_estimate, est, sizeof est);
	if (res->status != BENCH_RUN_OK) {
		fprintf(f, "algo: %-12s stage=%s %s: %s\n", res->algo, res->stage,
			status_str(res->status), res->status_msg);
		fflush(f);
		return;
	}
	const struct bench_timing *t = &res->timing;
	fprintf(f,
		"algo: %-12s stage=%-6s median_ms=%.3f  min_ms=%.3f  max_ms=%.3f  ns/block=%.3f  "
		"ns/edge=%.3f  reps=%u warmup=%u\n",
		res->algo, res->stage, t->median_ms, t->min_ms, t->max_ms, per(t->median_ms, g->n),
		per(t->median_ms, g->m), t->reps, r->cli->timing.warmup);
	fprintf(f, "samples: reps=%u iters=%" PRIu64 " mean_ms=%.4f stddev_ms=%.4f min_time_s=%g",
		t->reps, t->iters, t->mean_ms, t->stddev_ms, r->cli->timing.min_time_s);
	if (t->prepare_ms >= 0)
		fprintf(f, " prepare_ms=%.3f", t->prepare_ms);
	fputs("\nreps_ms:", f);
	put_list(f, t->rep_ms, t->reps, " %.3f", "");
	fprintf(f,
		"\ncpu: utilization=%.2f cpu_median_ms=%.3f cpu_ns/block=%.3f "
		"involuntary_switches=%" PRIu64 "%s\n",
		t->utilization, t->cpu_median_ms, per(t->cpu_median_ms, g->n), t->invol_switches,
		bench_busy(t->utilization)		  ? " busy (timings inflated)"
		: t->utilization > BENCH_MAX_UTILIZATION ? " odd (CPU time above wall time)"
							   : "");
	fputs(res->ncounters ? "counters: " : "counters: none", f);
	put_counters(f, res, "", "=", " ");
	fputc('\n', f);
	if (res->mem.have_jemalloc)
		fprintf(f,
			"memory: peak_alloc_mb=%.1f allocated_mb=%.1f resident_mb=%.1f rss_mb=%.1f "
			"estimate=%s\n",
			mb(res->mem.peak_alloc), mb(res->mem.allocated), mb(res->mem.resident),
			mb(res->mem.maxrss), est);
	else
		fprintf(f, "memory: rss_mb=%.1f estimate=%s (no jemalloc in this build)\n",
			mb(res->mem.maxrss), est);
	fprintf(f, "check: %s%s%s%s\n", res->check, *res->check_msg ? " (" : "", res->check_msg,
		*res->check_msg ? ")" : "");
	fflush(f);
}

/* n empty CSV cells. */
static void csv_skip(FILE *f, unsigned n)
{
	while (n--)
		fputc(',', f);
}

/* ",x,lo,hi" (lo and hi empty without an interval, all three without a ratio). */
static void csv_ratio(FILE *f, const struct bench_ratio *x)
{
	if (!x || !x->have)
		fputs(",,,", f);
	else if (x->ci)
		fprintf(f, ",%.6g,%.6g,%.6g", x->value, x->lo, x->hi);
	else
		fprintf(f, ",%.6g,,", x->value);
}

/* Row res on input w in the columns of csv_header. */
static void csv_row(struct bench_report *r, const struct bench_result *res,
		    const struct bench_where *w)
{
	FILE *f = r->f;
	const struct bench_graph_stats *g = &w->gs;
	const struct bench_sysinfo *s = r->sys;
	const struct bench_timing *t = &res->timing;
	bool ok = res->status == BENCH_RUN_OK;
	csv_put(f, res->algo, true);
	csv_put(f, res->stage, false);
	csv_put(f, status_str(res->status), false);
	csv_put(f, w->family, false);
	csv_put(f, w->path, false);
	fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s,%" PRIu64 ",%" PRIu32
		",%u,%u,",
		g->n, g->m, g->reachable, g->exits,
		g->reducible < 0 ? "?" : g->reducible ? "yes" : "no", w->seed, w->vars,
		ok ? t->reps : 0, r->cli->timing.warmup);
	if (ok)
		fprintf(f, "%.6f,%.6f,%.6f,%.4f,%.4f,", t->median_ms, t->min_ms, t->max_ms,
			per(t->median_ms, g->n), per(t->median_ms, g->m));
	else
		csv_skip(f, 5);
	if (ok && res->mem.have_jemalloc)
		fprintf(f, "%.3f,%.3f,%.3f,", mb(res->mem.peak_alloc), mb(res->mem.allocated),
			mb(res->mem.resident));
	else
		csv_skip(f, 3);
	if (ok)
		fprintf(f, "%.3f", mb(res->mem.maxrss));
	fprintf(f, ",%.3f,", mb(res->mem_estimate));
	if (ok)
		put_counters(f, res, "", "=", ";");
	csv_put(f, res->check, false);
	csv_put(f, res->check_msg, false);
	csv_put(f, res->status_msg, false);
	fputc(',', f);
	put_list(f, t->rep_ms, t->reps, "%.4f", ";");
	if (ok)
		fprintf(f, ",%.3f,%.6f,%" PRIu64, t->utilization, t->cpu_median_ms, t->invol_switches);
	else
		csv_skip(f, 3);
	csv_put(f, s->cpu, false);
	fprintf(f, ",%u", s->cores);
	const char *const facts[] = {s->topology, s->pinned, s->malloc_conf, SSALAB_COMPILER,
				     cflags(), SSALAB_GIT_REV, SSALAB_BUILD_TYPE, s->date, s->host,
				     s->cmdline};
	for (size_t i = 0; i < sizeof facts / sizeof *facts; i++)
		csv_put(f, facts[i], false);
	if (ok)
		fprintf(f, ",%" PRIu64 ",%.6f,%.6f,", t->iters, t->mean_ms, t->stddev_ms);
	else
		csv_skip(f, 4);
	if (ok && t->prepare_ms >= 0)
		fprintf(f, "%.4f", t->prepare_ms);
	fprintf(f, ",%g", r->cli->timing.min_time_s);
	csv_put(f, w->function, false);
	csv_put(f, w->path, false);
	csv_put(f, w->format, false);
	/* files, sum_median_ms, geomean_median_ms, failures: summary rows only */
	fprintf(f, ",%" PRIu64 ",%" PRIu64 ",,,,,", g->n, g->m);
	if (g->have_loops)
		fprintf(f, "%" PRIu32 ",%" PRIu32 ",%" PRIu32, g->loops, g->max_loop_depth,
			g->irreducible_loops);
	else
		csv_skip(f, 2);
	csv_ratio(f, ok ? &res->x_dfs : NULL);
	if (ok) {
		fprintf(f, ",%s,%s,", bench_busy(t->utilization) ? "yes" : "no",
			res->interleaved ? "yes" : "no");
		put_list(f, t->rep_start_ms, t->reps, "%.3f", ";");
	} else {
		csv_skip(f, 3);
	}
	csv_put(f, res->base, false);
	csv_ratio(f, ok ? &res->x_base : NULL);
	fputc('\n', f);
	fflush(f);
}

void bench_report_row(struct bench_report *r, const struct bench_result *res)
{
	keep(r, res);
	if (r->quiet)
		return;
	if (r->format == BENCH_FMT_TEXT && !r->module)
		text_row(r, res);
	else if (r->format == BENCH_FMT_CSV)
		csv_row(r, res, &r->at);
}

void bench_report_note(struct bench_report *r, const char *line)
{
	if (r->mute_notes || r->quiet)
		return;
	if (r->format == BENCH_FMT_TEXT) {
		fprintf(r->f, "%s\n", line);
		return;
	}
	char **n = bench_grow(r->notes, r->nnotes, &r->capnotes, sizeof *n);
	if (!n)
		return;
	r->notes = n;
	n[r->nnotes] = strdup(line);
	if (n[r->nnotes])
		r->nnotes++;
}

/* A ratio as a table shows it: the value and its interval ("[lo,hi]" or "n/a(k<5)"). */
static void table_ratio(const struct bench_ratio *x, char *v, size_t vlen, char *ci, size_t clen)
{
	snprintf(v, vlen, x->have ? "%.2f" : "-", x->value);
	if (!x->have)
		snprintf(ci, clen, "-");
	else if (x->ci)
		snprintf(ci, clen, "[%.2f,%.2f]", x->lo, x->hi);
	else
		snprintf(ci, clen, "n/a(%u<%u)", x->pairs, BENCH_RATIO_MIN_PAIRS);
}

/* The --baseline's name when it is not dfs (whose ratio is x_dfs already), else NULL. */
static const char *other_base(const struct bench_report *r)
{
	const char *b = r->cli->baseline;
	return b && strcmp(b, "dfs") ? b : NULL;
}

/* A comparison table: its columns' headers and text widths (negative: left-aligned; 0: as
 * wide as the cell), the last two only with another --baseline (x_NAME and its interval). */
struct table {
	int ncols;
	const char *head[12];
	int width[12];
};

static const struct table graph_table = {
	12,
	{"algo", "stage", "median_ms", "ns/block", "ns/edge", "x_dfs", "x_dfs_95%", "peak_mb",
	 "check", "cpu"},
	{-12, -6, 12, 10, 10, 8, -21, 10, -9, -4, 8, 0},
};

static const struct table module_table = {
	9,
	{"algo", "stage", "functions", "total_ms", "x_dfs", "x_dfs_95%", "checks"},
	{-14, -7, 9, 12, 8, -21, -12, 8, 0},
};

/* One line of table t: "table: " and the cells c in their widths, or with --format=md a row of a
 * markdown table. c NULL: the header, the other baseline's names in its last two columns (in
 * markdown after a blank line, and followed by the rule that makes it a table, numbers
 * right-aligned). */
static void table_line(const struct bench_report *r, const struct table *t, const char *const *c)
{
	FILE *f = r->f;
	const char *base = other_base(r), *head[12];
	int n = base ? t->ncols : t->ncols - 2;
	char xb[48], xbci[48];
	snprintf(xb, sizeof xb, "x_%s", base ? base : "");
	snprintf(xbci, sizeof xbci, "x_%s_95%%", base ? base : "");
	memcpy(head, t->head, sizeof head);
	head[t->ncols - 2] = xb;
	head[t->ncols - 1] = xbci;
	const char *const *cell = c ? c : head;
	if (!r->cli->md) {
		fputs("table:", f);
		for (int i = 0; i < n; i++)
			fprintf(f, " %*s", t->width[i], cell[i]);
		fputc('\n', f);
		return;
	}
	fputs(c ? "|" : "\n|", f);
	for (int i = 0; i < n; i++)
		fprintf(f, " %s |", cell[i]);
	fputc('\n', f);
	if (c)
		return;
	fputc('|', f);
	for (int i = 0; i < n; i++)
		fputs(i >= 2 ? "--:|" : "---|", f);
	fputc('\n', f);
}

/* The input's closing comparison table in text, for rows [r->first, nkept) when there are
 * several: each kernel's median, and x_dfs, its time over the dfs floor's on the same input as
 * the median of the per-sample ratios with a 95% interval (ratio.c); with another --baseline,
 * x_NAME the same over that kernel's. */
void bench_report_input_end(struct bench_report *r)
{
	if (r->format != BENCH_FMT_TEXT || r->quiet || r->nkept - r->first < 2)
		return;
	table_line(r, &graph_table, NULL);
	for (size_t i = r->first; i < r->nkept; i++) {
		const struct bench_result *res = &r->kept[i].res;
		const struct bench_graph_stats *g = &r->kept[i].at.gs;
		if (res->status != BENCH_RUN_OK) {
			table_line(r, &graph_table, (const char *const[]){res->algo, res->stage,
				   status_str(res->status), "-", "-", "-", "-", "-", "-", "-", "-", "-"});
			continue;
		}
		char med[32], nb[32], ne[32], ratio[32], ci[64], bv[32], bci[64], peak[32] = "-";
		snprintf(med, sizeof med, "%.4f", res->timing.median_ms);
		snprintf(nb, sizeof nb, "%.3f", per(res->timing.median_ms, g->n));
		snprintf(ne, sizeof ne, "%.3f", per(res->timing.median_ms, g->m));
		table_ratio(&res->x_dfs, ratio, sizeof ratio, ci, sizeof ci);
		table_ratio(&res->x_base, bv, sizeof bv, bci, sizeof bci);
		if (res->mem.have_jemalloc)
			snprintf(peak, sizeof peak, "%.1f", mb(res->mem.peak_alloc));
		table_line(r, &graph_table, (const char *const[]){res->algo, res->stage, med, nb, ne,
			   ratio, ci, peak, res->check,
			   bench_busy(res->timing.utilization) ? "busy" : "ok", bv, bci});
	}
}

/* {"median", "lo", "hi", "pairs"} (with "baseline" first when base is given), or null. */
static void json_ratio(FILE *f, const struct bench_ratio *x, const char *base)
{
	if (!x->have) {
		fputs("null", f);
		return;
	}
	fputc('{', f);
	if (base) {
		json_kv(f, "baseline", base, true);
		fputs(", ", f);
	}
	fprintf(f, "\"median\": %.6g, ", x->value);
	if (x->ci)
		fprintf(f, "\"lo\": %.6g, \"hi\": %.6g", x->lo, x->hi);
	else
		fputs("\"lo\": null, \"hi\": null", f);
	fprintf(f, ", \"pairs\": %u}", x->pairs);
}

/* A file input's description: {"path", "function" (LLVM IR, when function), "format",
 * "blocks", "edges", "vars"}. */
static void json_file(FILE *f, const struct bench_where *w, bool function)
{
	fputc('{', f);
	json_kv(f, "path", w->path, true);
	if (function)
		json_kv(f, "function", w->function, false);
	json_kv(f, "format", w->format, false);
	fprintf(f, ", \"blocks\": %" PRIu64 ", \"edges\": %" PRIu64 ", \"vars\": %" PRIu32 "}",
		w->gs.n, w->gs.m, w->vars);
}

/* The input's graph: "{...},\n  \"runs\": [". */
static void json_graph(struct bench_report *r)
{
	FILE *f = r->f;
	const struct bench_where *w = &r->at;
	const struct bench_graph_stats *g = &w->gs;
	fputs(w->family ? "{" : "{\"family\": null", f);
	if (w->family)
		json_kv(f, "family", w->family, true);
	fputs(w->path ? ", \"input\": " : ", \"input\": null", f);
	if (w->path)
		json_str(f, w->path);
	json_kv(f, "generator_note", w->note, false);
	fputs(w->path ? ", \"file\": " : ", \"file\": null", f);
	if (w->path)
		json_file(f, w, false);
	fprintf(f,
		", \"seed\": %" PRIu64 ", \"n\": %" PRIu64 ", \"m\": %" PRIu64 ", \"reachable\": %" PRIu64
		", \"exits\": %" PRIu64 ", \"max_in\": %" PRIu64 ", \"max_out\": %" PRIu64
		", \"reducible\": %s, \"vars\": %" PRIu32,
		w->seed, g->n, g->m, g->reachable, g->exits, g->max_in, g->max_out,
		g->reducible < 0 ? "null" : g->reducible ? "true" : "false", w->vars);
	if (g->have_loops)
		fprintf(f, ", \"loops\": %" PRIu32 ", \"max_loop_depth\": %" PRIu32
			", \"irreducible_loops\": %" PRIu32, g->loops, g->max_loop_depth,
			g->irreducible_loops);
	else
		fputs(", \"loops\": null, \"max_loop_depth\": null, \"irreducible_loops\": null", f);
	fputs("},\n  \"runs\": [", f);
}

/* One element of the runs array. */
static void json_run(struct bench_report *r, const struct bench_kept *k)
{
	FILE *f = r->f;
	const struct bench_result *res = &k->res;
	const struct bench_timing *t = &res->timing;
	const struct bench_graph_stats *g = &k->at.gs; /* the row's own input */
	fputc('{', f);
	json_kv(f, "algo", res->algo, true);
	json_kv(f, "stage", res->stage, false);
	json_kv(f, "status", status_str(res->status), false);
	json_kv(f, "status_msg", res->status_msg, false);
	if (r->module || r->files) {
		json_kv(f, "input", k->at.path, false);
		json_kv(f, "function", k->at.function, false);
		fprintf(f, ", \"n\": %" PRIu64 ", \"m\": %" PRIu64 ", \"reachable\": %" PRIu64
			", \"vars\": %" PRIu32 ", \"file\": ", g->n, g->m, g->reachable, k->at.vars);
		json_file(f, &k->at, r->module);
	}
	fprintf(f, ", \"estimate_bytes\": %" PRIu64, res->mem_estimate);
	if (res->status == BENCH_RUN_OK) {
		fprintf(f,
			", \"reps\": %u, \"median_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f"
			", \"ns_per_block\": %.4f, \"ns_per_edge\": %.4f, \"rep_ms\": [",
			t->reps, t->median_ms, t->min_ms, t->max_ms, per(t->median_ms, g->n),
			per(t->median_ms, g->m));
		put_list(f, t->rep_ms, t->reps, "%.6f", ", ");
		fprintf(f, "], \"iters\": %" PRIu64 ", \"mean_ms\": %.6f, \"stddev_ms\": %.6f"
			", \"utilization\": %.4f, \"cpu_median_ms\": %.6f"
			", \"invol_switches\": %" PRIu64,
			t->iters, t->mean_ms, t->stddev_ms, t->utilization, t->cpu_median_ms,
			t->invol_switches);
		if (t->prepare_ms >= 0)
			fprintf(f, ", \"prepare_ms\": %.6f", t->prepare_ms);
		fputs(", \"counters\": {", f);
		put_counters(f, res, "\"", ": ", ", ");
		fputs("}, \"memory\": {", f);
		const struct bench_mem *m = &res->mem;
		if (m->have_jemalloc)
			fprintf(f,
				"\"peak_bytes\": %" PRIu64 ", \"allocated_bytes\": %" PRIu64
				", \"resident_bytes\": %" PRIu64 ", ",
				m->peak_alloc, m->allocated, m->resident);
		fprintf(f, "\"maxrss_bytes\": %" PRIu64 "}, \"peak_mb\": ", m->maxrss);
		if (m->have_jemalloc)
			fprintf(f, "%.3f", mb(m->peak_alloc));
		else
			fputs("null", f);
		fputs(", \"x_dfs\": ", f);
		json_ratio(f, &res->x_dfs, NULL);
		fputs(", \"x_base\": ", f);
		json_ratio(f, &res->x_base, res->base);
		fprintf(f, ", \"busy\": %s, \"interleaved\": %s, \"rep_start_ms\": [",
			bench_busy(t->utilization) ? "true" : "false",
			res->interleaved ? "true" : "false");
		put_list(f, t->rep_start_ms, t->reps, "%.3f", ", ");
		fputc(']', f);
	}
	json_kv(f, "check", res->check, false);
	json_kv(f, "check_msg", res->check_msg, false);
	fputc('}', f);
}

/* A ratio of sums over functions, gathered row by row. Two medians of one function are not a
 * pair (a burst of load may hit most of one kernel's samples): the row's paired ratio stands
 * for the kernel, weighted by the base's least loaded time there. One function: its own
 * interval, over its samples. */
struct sum_ratio {
	double *a, *b;
	unsigned n;
	struct bench_ratio one;
};

/* Adds row j's ratio x to the row of kernel name (stage stage) on the same function and
 * module among rows [r->first, nkept), when there is one. */
static void sum_ratio_add(const struct bench_report *r, size_t j, const struct bench_ratio *x,
			  const char *name, const char *stage, struct sum_ratio *s)
{
	const struct bench_where *w = &r->kept[j].at;
	for (size_t i = r->first; x->have && w->function && i < r->nkept; i++) {
		const struct bench_result *b = &r->kept[i].res;
		const struct bench_where *bw = &r->kept[i].at;
		if (b->status == BENCH_RUN_OK && !strcmp(b->algo, name) && !strcmp(b->stage, stage) &&
		    bw->function && !strcmp(bw->function, w->function) && bw->path && w->path &&
		    !strcmp(bw->path, w->path)) {
			s->a[s->n] = x->value * b->timing.min_ms;
			s->b[s->n++] = b->timing.min_ms;
			s->one = *x;
			return;
		}
	}
}

static void sum_ratio_end(const struct sum_ratio *s, struct bench_ratio *out)
{
	bench_ratio_of_sums(s->a, s->b, s->n, out);
	if (s->n == 1)
		*out = s->one;
}

/* One kernel's totals over the rows it has among [r->first, nkept): the rows that ran (files
 * or functions) and those refused or failed, the sum and geometric mean of their medians (a
 * median of 0, below the clock's step, leaves the geometric mean out), the spread, CPU,
 * iterations, checks, the slowest row, and the ratios of sums to dfs and to --baseline (only
 * where rows name their function: LLVM IR). The same figures serve the summary over several
 * files and the kernel lines of a module. */
struct kernel_agg {
	const struct bench_result *a; /* the kernel's first row */
	uint64_t nrun, nbad, nok, nfail, nunchk, nna, npos, nbusy, blocks, edges, it_lo, it_hi;
	double sum, logsum, smin, smax, cpu, cpu_all, wall_all, worst;
	const char *worst_fn;
	struct bench_ratio xd, xb; /* over nd and nb rows */
	unsigned nd, nb;
};

/* Aggregates the kernel of row i; done[j - first] marks the rows taken. v is room for
 * 4 (nkept - first) doubles that the ratios use while they are gathered. */
static void kernel_agg(const struct bench_report *r, size_t i, bool *done, double *v,
		       struct kernel_agg *k)
{
	size_t nr = r->nkept - r->first;
	const char *bname = r->cli->baseline;
	memset(k, 0, sizeof *k);
	k->a = &r->kept[i].res;
	k->it_lo = UINT64_MAX;
	k->worst = -1;
	k->worst_fn = "";
	struct sum_ratio sd = {v, v + nr, 0, {0}};
	struct sum_ratio sb = {v + 2 * nr, v + 3 * nr, 0, {0}};
	for (size_t j = i; j < r->nkept; j++) {
		const struct bench_result *b = &r->kept[j].res;
		if (done[j - r->first] || strcmp(k->a->algo, b->algo) || strcmp(k->a->stage, b->stage))
			continue;
		done[j - r->first] = true;
		if (b->status != BENCH_RUN_OK) {
			k->nbad++;
			continue;
		}
		const struct bench_timing *t = &b->timing;
		k->nrun++;
		k->blocks += r->kept[j].at.gs.n;
		k->edges += r->kept[j].at.gs.m;
		k->sum += t->median_ms;
		if (t->median_ms > 0) {
			k->logsum += log(t->median_ms);
			k->npos++;
		}
		k->smin += t->min_ms;
		k->smax += t->max_ms;
		k->cpu += t->cpu_median_ms;
		k->cpu_all += t->cpu_ms;
		k->wall_all += t->mean_ms * t->reps * (double)t->iters;
		k->nbusy += bench_busy(t->utilization);
		sum_ratio_add(r, j, &b->x_dfs, "dfs", "floor", &sd);
		if (bname)
			sum_ratio_add(r, j, &b->x_base, bname, r->cli->base_stage, &sb);
		k->it_lo = t->iters < k->it_lo ? t->iters : k->it_lo;
		k->it_hi = t->iters > k->it_hi ? t->iters : k->it_hi;
		if (t->median_ms > k->worst) {
			k->worst = t->median_ms;
			k->worst_fn = r->kept[j].at.function ? r->kept[j].at.function : "";
		}
		k->nok += !strcmp(b->check, "ok");
		k->nfail += !strcmp(b->check, "FAIL") || !strcmp(b->check, "error");
		k->nunchk += !strcmp(b->check, "unchecked");
		k->nna += !strcmp(b->check, "n/a");
	}
	sum_ratio_end(&sd, &k->xd);
	sum_ratio_end(&sb, &k->xb);
	k->nd = sd.n;
	k->nb = sb.n;
}

static double geomean(const struct kernel_agg *k)
{
	return k->npos ? exp(k->logsum / (double)k->npos) : 0.0;
}

/* Every kernel's aggregate over rows [r->first, nkept), in the order the kernels first ran: an
 * array of *n (NULL when out of memory or there are no rows). */
static struct kernel_agg *kernel_aggs(const struct bench_report *r, size_t *n)
{
	size_t nr = r->first < r->nkept ? r->nkept - r->first : 0;
	*n = 0;
	bool *done = nr ? calloc(nr, sizeof *done) : NULL;
	struct kernel_agg *ag = nr ? calloc(nr, sizeof *ag) : NULL;
	double *v = nr ? calloc(4 * nr, sizeof *v) : NULL;
	for (size_t i = r->first; done && ag && v && i < r->nkept; i++)
		if (!done[i - r->first])
			kernel_agg(r, i, done, v, &ag[(*n)++]);
	if (!done || !v) {
		free(ag);
		ag = NULL;
	}
	free(done);
	free(v);
	return ag;
}

/* A CSV summary row (status "summary"): kernel k's figures over the module or run input (k
 * NULL: the whole run, over units files), the other columns empty. */
static void csv_summary_row(struct bench_report *r, const struct kernel_agg *k,
			    const char *input, uint64_t units, uint64_t blocks, uint64_t edges,
			    uint64_t failures)
{
	FILE *f = r->f;
	csv_put(f, k ? k->a->algo : "", true);
	csv_put(f, k ? k->a->stage : "", false);
	fputs(",summary,", f);
	csv_put(f, input, false);
	fprintf(f, ",%" PRIu64 ",%" PRIu64, blocks, edges);
	csv_skip(f, 43); /* reachable .. function */
	csv_put(f, input, false);
	fprintf(f, ",,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", blocks, edges, units);
	/* A module's kernel that never ran has no sums; over files they are 0. */
	if (k && (k->nrun || r->files))
		fprintf(f, "%.6f,%.6f", k->sum, geomean(k));
	else
		fputc(',', f);
	fprintf(f, ",%" PRIu64 ",,,", failures); /* and empty loops, depth, irreducible */
	/* The ratios of sums: only a module's rows name their function (kernel_agg). */
	csv_ratio(f, k ? &k->xd : NULL);
	csv_skip(f, 3); /* busy, interleaved, rep_start_ms */
	csv_put(f, k && k->xb.have ? r->cli->baseline : NULL, false);
	csv_ratio(f, k ? &k->xb : NULL);
	fputc('\n', f);
}

/* The summary over several files: text lines, CSV rows with status "summary" (algo and stage
 * empty for the whole run), or the JSON "summary" member. */
static void summary(struct bench_report *r)
{
	FILE *f = r->f;
	uint64_t blocks = 0, edges = 0, failures = 0;
	for (size_t i = 0; i < r->nins; i++) {
		blocks += r->ins[i].gs.n;
		edges += r->ins[i].gs.m;
	}
	size_t nk;
	r->first = 0;
	struct kernel_agg *ag = kernel_aggs(r, &nk);
	if (!ag && r->nkept)
		return;
	for (size_t i = 0; i < nk; i++)
		failures += ag[i].nbad + ag[i].nfail;
	if (r->format == BENCH_FMT_TEXT)
		fprintf(f, "summary: files=%zu blocks=%" PRIu64 " edges=%" PRIu64 " failures=%" PRIu64
			"\n", r->nins, blocks, edges, failures);
	else if (r->format == BENCH_FMT_CSV)
		csv_summary_row(r, NULL, NULL, r->nins, blocks, edges, failures);
	else
		fprintf(f, ",\n  \"summary\": {\"files\": %zu, \"blocks\": %" PRIu64
			", \"edges\": %" PRIu64 ", \"failures\": %" PRIu64 ", \"kernels\": [",
			r->nins, blocks, edges, failures);
	for (size_t i = 0; i < nk; i++) {
		const struct kernel_agg *k = &ag[i];
		if (r->format == BENCH_FMT_TEXT) {
			fprintf(f, "summary: algo=%-12s stage=%-6s files=%" PRIu64 " sum_median_ms=%.6f "
				"geomean_median_ms=%.6f failures=%" PRIu64 "\n", k->a->algo, k->a->stage,
				k->nrun, k->sum, geomean(k), k->nbad + k->nfail);
		} else if (r->format == BENCH_FMT_CSV) {
			csv_summary_row(r, k, NULL, k->nrun, blocks, edges, k->nbad + k->nfail);
		} else {
			json_next(f, i);
			fputc('{', f);
			json_kv(f, "algo", k->a->algo, true);
			json_kv(f, "stage", k->a->stage, false);
			fprintf(f, ", \"files\": %" PRIu64 ", \"sum_median_ms\": %.6f"
				", \"geomean_median_ms\": %.6f, \"failures\": %" PRIu64 "}", k->nrun,
				k->sum, geomean(k), k->nbad + k->nfail);
		}
	}
	if (r->format == BENCH_FMT_JSON)
		fputs(nk ? "\n  ]}" : "]}", f);
	free(ag);
}

static void json_all(struct bench_report *r)
{
	FILE *f = r->f;
	const struct bench_sysinfo *s = r->sys;
	const char *const meta[][2] = {
		{"topology", s->topology}, {"pinned", s->pinned}, {"malloc_conf", s->malloc_conf},
		{"compiler", SSALAB_COMPILER}, {"cflags", cflags()}, {"git_rev", SSALAB_GIT_REV},
		{"build_type", SSALAB_BUILD_TYPE}, {"date", s->date}, {"host", s->host},
		{"cmdline", s->cmdline}};
	fputs("{\n  \"format\": \"ssalab-bench-1\",\n  \"meta\": {", f);
	json_kv(f, "cpu", s->cpu, true);
	fprintf(f, ", \"cores\": %u", s->cores);
	for (size_t i = 0; i < sizeof meta / sizeof *meta; i++)
		json_kv(f, meta[i][0], meta[i][1], false);
	fputs(", \"argv\": [", f);
	json_strs(f, r->cli->argv, (size_t)r->cli->argc);
	fprintf(f, "], \"reps\": %u, \"warmup\": %u, \"min_time_s\": %g},\n  \"graph\": ",
		r->cli->timing.reps, r->cli->timing.warmup, r->cli->timing.min_time_s);
	if (r->module) {
		/* LLVM IR: each run names its module, function and graph. */
		fputs("null,\n  \"llvm\": ", f);
		json_str(f, r->cli->in);
		fputs(",\n  \"runs\": [", f);
	} else if (r->files) {
		/* Several files: each run names its file, the files are listed. */
		fputs("null,\n  \"inputs\": [", f);
		for (size_t i = 0; i < r->nins; i++) {
			json_next(f, i);
			json_file(f, &r->ins[i], false);
		}
		fputs(r->nins ? "\n  ],\n  \"runs\": [" : "],\n  \"runs\": [", f);
	} else {
		json_graph(r);
	}
	for (size_t i = 0; i < r->nkept; i++) {
		json_next(f, i);
		json_run(r, &r->kept[i]);
	}
	fputs(r->nkept ? "\n  ],\n  \"notes\": [" : "],\n  \"notes\": [", f);
	json_strs(f, r->notes, r->nnotes);
	fputs("]", f);
	if (r->files)
		summary(r);
	fputs("\n}\n", f);
}

void bench_report_input(struct bench_report *r)
{
	r->first = r->nkept;
	struct bench_where *v = r->files ? bench_grow(r->ins, r->nins, &r->capins, sizeof *v) : NULL;
	if (v) { /* out of memory: the summary misses the file, the rows are kept */
		r->ins = v;
		v[r->nins++] = r->at;
	}
	if (r->format == BENCH_FMT_TEXT && !r->quiet)
		text_input(r);
}

void bench_report_end(struct bench_report *r)
{
	if (r->quiet)
		;
	else if (r->format == BENCH_FMT_JSON)
		json_all(r);
	else if (r->files)
		summary(r);
	fflush(r->f);
	for (size_t i = 0; i < r->nkept; i++) {
		free(r->kept[i].res.timing.rep_ms);
		free(r->kept[i].res.timing.rep_start_ms);
		free((char *)r->kept[i].at.function);
	}
	for (size_t i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	ssa_free_all(r->kept, r->notes, r->ins);
	r->kept = NULL;
	r->notes = NULL;
	r->ins = NULL;
	r->nkept = r->capkept = r->nnotes = r->capnotes = r->nins = r->capins = r->first = 0;
}

int bench_report_function(struct bench_report *r, const char *name, const struct prog *p)
{
	int st = bench_graph_stats(&p->cfg, &r->at.gs);
	r->at.function = name;
	r->at.vars = p->nvars;
	return st;
}

const struct bench_result *bench_report_row_at(const struct bench_report *r, size_t i,
					       const char **function)
{
	*function = r->kept[i].at.function;
	return &r->kept[i].res;
}

/* " x_NAME=R [lo, hi] over N functions", or "" without a ratio. */
static void sum_ratio_str(const struct bench_ratio *x, const char *name, unsigned n, char *buf,
			  size_t len)
{
	buf[0] = 0;
	if (x->have && x->ci)
		snprintf(buf, len, " x_%s=%.4g [%.4g, %.4g] over %u function%s", name, x->value,
			 x->lo, x->hi, n, n == 1 ? "" : "s");
	else if (x->have)
		snprintf(buf, len, " x_%s=%.4g [interval n/a: %u pairs] over %u function%s", name,
			 x->value, x->pairs, n, n == 1 ? "" : "s");
}

/* The module's kernel line for kernel k (a note), and the warning when its samples were busy.
 * Times are per run (the median of a function's samples), so the total is what one pass of the
 * kernel over the module costs; the geometric mean of the medians (those above 0) is the
 * typical function's, as in the summary over several files. x_dfs (and x_BASE for another
 * --baseline) is a ratio of sums over the functions where the base ran too (sum_ratio), its
 * interval a bootstrap over those functions; utilization is the CPU time over the wall time of
 * all the kernel's samples, and busy_functions counts the rows whose own utilization was
 * flagged. */
static void kernel_line(struct bench_report *r, const struct kernel_agg *k)
{
	char line[1200], xs[128], xbs[160] = "", checks[96];
	const struct bench_result *a = k->a;
	if (!k->nrun) {
		snprintf(line, sizeof line, "kernel: %-14s stage=%-7s functions=0 not_run=%" PRIu64,
			 a->algo, a->stage, k->nbad);
		bench_report_note(r, line);
		return;
	}
	sum_ratio_str(&k->xd, "dfs", k->nd, xs, sizeof xs);
	if (other_base(r))
		sum_ratio_str(&k->xb, other_base(r), k->nb, xbs, sizeof xbs);
	double util = k->wall_all > 0 ? k->cpu_all / k->wall_all : 1.0;
	/* A pipeline's inner stages are checked as part of the whole (their rows say n/a): their
	 * counts are n/a too, not a misleading 0. */
	if (k->nna == k->nrun)
		snprintf(checks, sizeof checks, "checks_ok=n/a failed=n/a unchecked=n/a");
	else
		snprintf(checks, sizeof checks,
			 "checks_ok=%" PRIu64 " failed=%" PRIu64 " unchecked=%" PRIu64, k->nok,
			 k->nfail, k->nunchk);
	/* A C++ or Rust symbol says little to a reader: its source name, as --function takes it. */
	char *src = NULL;
#ifdef SSALAB_HAVE_LLVMIR
	src = llvmir_source_name(k->worst_fn);
#endif
	char slowest_src[240] = "";
	if (src)
		snprintf(slowest_src, sizeof slowest_src, " slowest_source=\"%.200s\"", src);
	free(src);
	snprintf(line, sizeof line,
		 "kernel: %-14s stage=%-7s functions=%" PRIu64 " total_ms=%.6f geomean_ms=%.6f"
		 " spread_ms=%.6f..%.6f"
		 " cpu_total_ms=%.6f iters=%" PRIu64 "..%" PRIu64 " %s not_run=%" PRIu64
		 " slowest=%s (%.6f ms)%s utilization=%.2f busy_functions=%" PRIu64 "%s%s%s%s",
		 a->algo, a->stage, k->nrun, k->sum, geomean(k), k->smin, k->smax,
		 k->cpu, k->it_lo, k->it_hi, checks,
		 k->nbad, k->worst_fn, k->worst, slowest_src, util, k->nbusy, xs, xbs,
		 bench_busy(util) ? " busy (timings inflated)" : "",
		 /* one thread cannot use more CPU than wall time: a coarse CPU clock at
		  * this size, or medians from different samples */
		 k->sum > 0 && k->cpu / k->sum > BENCH_MAX_UTILIZATION
			 ? " cpu>wall (CPU medians not to be trusted at this size: read total_ms)"
			 : "");
	bench_report_note(r, line);
	if (bench_busy(util) && !r->cli->quiet)
		fprintf(stderr, "bench: warning: %s got %.0f%% of a CPU during its samples over "
			"%s (%" PRIu64 " of %" PRIu64 " functions flagged busy): its times are not "
			"to be trusted\n", a->algo, 100.0 * util, r->at.path ? r->at.path : "the module",
			k->nbusy, k->nrun);
}

/* The module's comparison table, one row per kernel like a single graph's closing table: the
 * summed median over the functions it ran on, x_dfs (and x_BASE) as ratios of sums with their
 * intervals, and its checks; in markdown with --format=md, to paste as it is. */
static void module_kernel_table(struct bench_report *r, const struct kernel_agg *ag, size_t nk)
{
	table_line(r, &module_table, NULL);
	for (size_t i = 0; i < nk; i++) {
		const struct kernel_agg *k = &ag[i];
		char fn[24], tot[32], xv[32], xci[64], bv[32], bci[64], chk[48];
		snprintf(fn, sizeof fn, "%" PRIu64, k->nrun);
		snprintf(tot, sizeof tot, k->nrun ? "%.4g" : "-", k->sum);
		table_ratio(&k->xd, xv, sizeof xv, xci, sizeof xci);
		table_ratio(&k->xb, bv, sizeof bv, bci, sizeof bci);
		if (!k->nrun)
			snprintf(chk, sizeof chk, "not run");
		else if (k->nna == k->nrun)
			snprintf(chk, sizeof chk, "n/a");
		else
			snprintf(chk, sizeof chk, "%" PRIu64 "/%" PRIu64 " ok", k->nok, k->nrun);
		table_line(r, &module_table, (const char *const[]){k->a->algo, k->a->stage, fn, tot,
			   xv, xci, chk, bv, bci});
	}
}

void bench_report_module_kernels(struct bench_report *r)
{
	size_t nk;
	struct kernel_agg *ag = kernel_aggs(r, &nk);
	/* The summary rows are there for their ratios: none without a base to pair with. */
	for (size_t i = 0; r->format == BENCH_FMT_CSV && !r->quiet && r->cli->baseline && i < nk; i++)
		csv_summary_row(r, &ag[i], r->at.path, ag[i].nrun, ag[i].blocks, ag[i].edges,
				ag[i].nbad + ag[i].nfail);
	for (size_t i = 0; i < nk; i++)
		kernel_line(r, &ag[i]);
	if (r->format == BENCH_FMT_TEXT && !r->quiet && !r->mute_notes)
		module_kernel_table(r, ag, nk);
	free(ag);
	r->first = r->nkept;
}

void bench_report_run_kernels(struct bench_report *r)
{
	if (r->format != BENCH_FMT_CSV || r->quiet || !r->cli->baseline)
		return;
	size_t nk;
	r->first = 0;
	struct kernel_agg *ag = kernel_aggs(r, &nk);
	for (size_t i = 0; i < nk; i++)
		csv_summary_row(r, &ag[i], r->cli->in, ag[i].nrun, ag[i].blocks, ag[i].edges,
				ag[i].nbad + ag[i].nfail);
	free(ag);
}
