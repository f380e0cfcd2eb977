/* bench end to end, through the built executable: option errors, --algo=list, text, CSV and
 * JSON reports, refusal by --mem-limit, bad input files, dumps of the floor kernels, and --out
 * leaving no partial file. Exact outcomes only, never timings. */
#include "support/bench_run.h"
#include "phi/phi.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdint.h>
#include <sys/stat.h>

#include "support/bench_rows.h" /* after Criterion, which it uses */

#define SCRATCH_DIR_NAME "ssalab-bench-test"
#include "support/scratch_dir.h"

TestSuite(bench_cli, .init = mk_tmpdir, .fini = rm_tmpdir, .timeout = 120);

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

static void expect_usage(const char *args, const char *needle)
{
	struct bench_run r = RUN("%s", args);
	cr_expect_eq(r.code, 2, "bench %s: exit %d, expected 2 (stderr: %s)", args, r.code, r.err);
	cr_expect_not_null(strstr(r.err, needle), "bench %s: stderr lacks '%s': %s", args, needle,
			   r.err);
	cr_expect_str_empty(r.out, "bench %s printed on stdout: %s", args, r.out);
	bench_run_free(&r);
}

Test(bench_cli, usage_errors)
{
	expect_usage("--algo=dfs --bogus", "--bogus");
	expect_usage("--algo=dfs --bogus=3", "--bogus");
	expect_usage("--algo=dfs --reps=0", "--reps");
	expect_usage("--algo=dfs --reps=many", "--reps");
	expect_usage("--algo=dfs --blocks=1.5", "--blocks");
	expect_usage("--algo=dfs --mem-limit=lots", "--mem-limit");
	expect_usage("--algo=dfs --csv --json", "--csv");
	expect_usage("--algo=dfs --csv=1", "--csv");
	expect_usage("--algo=dfs --out", "--out");
	expect_usage("--blocks=100", "--algo");
	expect_usage("--algo=nosuchkernel --blocks=100", "nosuchkernel");
	expect_usage("--algo=dfs,,preds --blocks=100", "empty");
	expect_usage("--algo=all:nosuchstage", "nosuchstage");
	expect_usage("--algo=dfs --in x.cfg --blocks=100", "--in");
	expect_usage("--algo=dfs --in x.cfg --degree=3", "--degree");
	expect_usage("--algo=dfs --blocks=100 --family=nosuchfamily", "nosuchfamily");
	expect_usage("--algo=dfs,preds --blocks=100 --dump=dfs", "exactly one");
	expect_usage("--algo=dfs --blocks=100 --dump=idom", "no dump");
	expect_usage("stray", "stray");
	/* A phi kernel or a pipeline on a generated CFG without --vars: refused before the
	 * 10^7-block graph is generated, as a usage error naming the cure. */
	expect_usage("--algo=all:phi --blocks=1e7", "kernel phi-idf (stage phi) needs a program: "
						     "give --vars=V");
	expect_usage("--algo=dfs,live-walk --blocks=1e7", "kernel live-walk (stage phi)");
	expect_usage("--pipeline=auto,phi-dj,rename-stack --blocks=1e7",
		     "--pipeline needs a program: give --vars=V");
}

Test(bench_cli, help_and_list)
{
	struct bench_run r = RUN("--help");
	cr_expect_eq(r.code, 0);
	cr_expect_not_null(strstr(r.out, "--mem-limit"));
	cr_expect_not_null(strstr(r.out, "default structured"));
	bench_run_free(&r);

	r = RUN("--algo=list");
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_not_null(strstr(r.out, "stage floor:"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "  dfs "), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "  preds "), "%s", r.out);
	bench_run_free(&r);
}

/* Splits one CSV record (RFC 4180 quoting) into at most max fields, in place. */
static size_t csv_split(char *line, char **field, size_t max)
{
	size_t n = 0;
	char *p = line;
	while (n < max) {
		char *w = p;
		field[n++] = w;
		if (*p == '"') {
			p++;
			while (*p) {
				if (*p == '"' && p[1] == '"') {
					*w++ = '"';
					p += 2;
				} else if (*p == '"') {
					p++;
					break;
				} else {
					*w++ = *p++;
				}
			}
		} else {
			while (*p && *p != ',')
				*w++ = *p++;
		}
		if (*p != ',') {
			*w = 0;
			break;
		}
		*w = 0;
		p++;
	}
	return n;
}

static int col(char **hdr, size_t nh, const char *name)
{
	for (size_t i = 0; i < nh; i++)
		if (!strcmp(hdr[i], name))
			return (int)i;
	return -1;
}

Test(bench_cli, csv_by_column_name)
{
	struct bench_run r = RUN("--algo=dfs,preds --family=random --blocks=3000 --seed=7 --reps=3 "
				 "--warmup=0 --csv");
	cr_assert_eq(r.code, 0, "stderr: %s", r.err);
	char *lines[8];
	size_t nl = 0;
	for (char *s = strtok(r.out, "\n"); s && nl < 8; s = strtok(NULL, "\n"))
		lines[nl++] = s;
	cr_assert_eq(nl, 3, "expected a header and two rows, got %zu lines", nl);
	char *hdr[64], *row[64];
	size_t nh = csv_split(lines[0], hdr, 64);
	static const char *required[] = {
		"algo", "stage", "family", "n", "m", "seed", "vars", "reps", "median_ms", "min_ms",
		"max_ms", "ns_per_block", "ns_per_edge", "peak_mb", "counters", "check", "cpu",
		"cores", "compiler", "cflags", "git_rev", "build_type", "date", "cmdline", "rep_ms"};
	for (size_t i = 0; i < sizeof required / sizeof *required; i++)
		cr_expect_geq(col(hdr, nh, required[i]), 0, "column %s missing", required[i]);
	const char *algos[] = {"dfs", "preds"};
	for (int k = 0; k < 2; k++) {
		size_t nr = csv_split(lines[1 + k], row, 64);
		cr_assert_eq(nr, nh, "row %d has %zu fields, header %zu", k, nr, nh);
		cr_expect_str_eq(row[col(hdr, nh, "algo")], algos[k]);
		cr_expect_str_eq(row[col(hdr, nh, "stage")], "floor");
		cr_expect_str_eq(row[col(hdr, nh, "family")], "random");
		cr_expect_str_eq(row[col(hdr, nh, "seed")], "7");
		cr_expect_str_eq(row[col(hdr, nh, "reps")], "3");
		cr_expect_str_eq(row[col(hdr, nh, "check")], "ok");
		cr_expect_str_eq(row[col(hdr, nh, "status")], "ok");
		long n = atol(row[col(hdr, nh, "n")]);
		long m = atol(row[col(hdr, nh, "m")]);
		cr_expect_gt(n, 0);
		cr_expect_gt(m, 0);
		/* Three rep times, separated by ';'. */
		const char *reps = row[col(hdr, nh, "rep_ms")];
		int semis = 0;
		for (const char *c = reps; *c; c++)
			semis += *c == ';';
		cr_expect_eq(semis, 2, "rep_ms=%s", reps);
		/* The command line is recorded (quoted, it holds commas). */
		cr_expect_not_null(strstr(row[col(hdr, nh, "cmdline")], "--algo=dfs,preds"));
		if (k == 0) {
			char want[64];
			/* random: every block reachable (a spanning arborescence from the entry). */
			snprintf(want, sizeof want, "reached=%ld", n);
			cr_expect_str_eq(row[col(hdr, nh, "counters")], want);
			cr_expect_str_eq(row[col(hdr, nh, "reachable")], row[col(hdr, nh, "n")]);
		} else {
			char want[64];
			snprintf(want, sizeof want, "edges=%ld", m);
			cr_expect_str_eq(row[col(hdr, nh, "counters")], want);
		}
	}
	bench_run_free(&r);
}

/* A small JSON validator: true if s is one JSON value followed by whitespace only. */
static const char *js_ws(const char *s)
{
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	return s;
}

static const char *js_value(const char *s, int depth);

static const char *js_string(const char *s)
{
	if (*s != '"')
		return NULL;
	for (s++; *s && *s != '"'; s++) {
		if ((unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\') {
			s++;
			if (!strchr("\"\\/bfnrtu", *s) || !*s)
				return NULL;
		}
	}
	return *s == '"' ? s + 1 : NULL;
}

static const char *js_value(const char *s, int depth)
{
	if (depth > 32)
		return NULL;
	s = js_ws(s);
	if (*s == '{' || *s == '[') {
		char close = *s == '{' ? '}' : ']';
		bool obj = *s == '{';
		s = js_ws(s + 1);
		if (*s == close)
			return s + 1;
		while (1) {
			if (obj) {
				s = js_string(js_ws(s));
				if (!s)
					return NULL;
				s = js_ws(s);
				if (*s++ != ':')
					return NULL;
			}
			s = js_value(s, depth + 1);
			if (!s)
				return NULL;
			s = js_ws(s);
			if (*s == ',') {
				s++;
				continue;
			}
			return *s == close ? s + 1 : NULL;
		}
	}
	if (*s == '"')
		return js_string(s);
	if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4))
		return s + 4;
	if (!strncmp(s, "false", 5))
		return s + 5;
	char *end;
	strtod(s, &end);
	return end == s ? NULL : end;
}

Test(bench_cli, json_parses)
{
	struct bench_run r = RUN("--algo=dfs,preds --family=structured --blocks=2000 --reps=2 --json");
	cr_assert_eq(r.code, 0, "stderr: %s", r.err);
	const char *end = js_value(r.out, 0);
	cr_assert_not_null(end, "not valid JSON:\n%s", r.out);
	cr_expect_str_empty(js_ws(end), "trailing text after the JSON object");
	cr_expect_eq(r.out[0], '{');
	cr_expect_not_null(strstr(r.out, "\"runs\": ["));
	cr_expect_not_null(strstr(r.out, "\"algo\": \"dfs\""));
	cr_expect_not_null(strstr(r.out, "\"algo\": \"preds\""));
	cr_expect_not_null(strstr(r.out, "\"family\": \"structured\""));
	cr_expect_not_null(strstr(r.out, "\"check\": \"ok\""));
	cr_expect_not_null(strstr(r.out, "\"median_ms\": "));
	cr_expect_not_null(strstr(r.out, "\"git_rev\": "));
	bench_run_free(&r);
}

Test(bench_cli, text_report_lines)
{
	struct bench_run r = RUN("--algo=dfs --blocks=2000 --reps=2");
	cr_assert_eq(r.code, 0, "stderr: %s", r.err);
	const char *want[] = {"\ngraph: family=structured n=", " reachable=", " reducible=",
			      "\nalgo: dfs ", "median_ms=", "ns/block=", "ns/edge=",
			      "\ncounters: reached=", "\nmemory: ", "rss_mb=",
			      "\ncheck: ok (reference", "\nreps_ms: "};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		cr_expect_not_null(strstr(r.out, want[i]), "missing '%s' in:\n%s", want[i], r.out);
	bench_run_free(&r);

	/* Several kernels end with a comparison table against the dfs floor. */
	r = RUN("--algo=dfs,preds --blocks=2000 --reps=1");
	cr_assert_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_not_null(strstr(r.out, "\ntable: preds "), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "x_dfs"), "%s", r.out);
	bench_run_free(&r);

	r = RUN("--algo=dfs --blocks=2000 --reps=1 --no-check");
	cr_assert_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_not_null(strstr(r.out, "\ncheck: skipped"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_cli, refused_by_mem_limit)
{
	char out[256];
	snprintf(out, sizeof out, "%s/refused.csv", tmpdir);
	struct bench_run r = RUN("--algo=dfs --blocks=10000 --mem-limit=1k");
	cr_expect_eq(r.code, 4, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "dfs needs "), "%s", r.err);
	cr_expect_not_null(strstr(r.err, "limit is 1.0 kB"), "%s", r.err);
	cr_expect_not_null(strstr(r.err, "use --mem-limit to override"), "%s", r.err);
	cr_expect_not_null(strstr(r.out, "refused"), "%s", r.out);
	bench_run_free(&r);

	/* The same run fits under a generous limit. */
	r = RUN("--algo=dfs --blocks=10000 --mem-limit=1G --reps=1");
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	bench_run_free(&r);
}

Test(bench_cli, time_limit_stops_a_quadratic_kernel)
{
	/* Semi-NCA's NCA walks are quadratic on ladder: ~k^2/2 = 8e9 steps at k = 1.25e5, far
	 * beyond half a second on any machine, while auto finishes the same graph in
	 * milliseconds. */
	char out[256];
	snprintf(out, sizeof out, "%s/timeout.csv", tmpdir);
	struct bench_run r = RUN("--algo=snca --family=ladder --blocks=250000 --time-limit=0.5 "
				 "--csv --out %s", out);
	cr_expect_eq(r.code, 5, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "snca exceeded --time-limit=0.5 s"), "%s", r.err);
	cr_expect_eq(dir_entries(), 0, "an unfinished --out file was left behind");
	bench_run_free(&r);

	r = RUN("--algo=auto --family=ladder --blocks=250000 --time-limit=60 --reps=1");
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok"), "%s", r.out);
	bench_run_free(&r);

	expect_usage("--algo=dfs --time-limit=soon", "--time-limit=soon");
	expect_usage("--algo=dfs --time-limit=-1", "--time-limit=-1");
}

Test(bench_cli, a_check_with_nothing_to_compare_says_unchecked)
{
	/* phi-dj's rival needs frontier sets, which --df-limit forbids here: the check must not
	 * claim "ok" for a comparison it never made. */
	struct bench_run r = RUN("--algo=phi-dj --family=ladder --blocks=20000 --vars=2 "
				 "--df-limit=1000 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, ",unchecked,"), "%s", r.out);
	cr_expect_null(strstr(r.out, ",ok,phi-idf needs"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_cli, bad_input_file)
{
	char in[256], out[256];
	snprintf(in, sizeof in, "%s/bad.cfg", tmpdir);
	snprintf(out, sizeof out, "%s/report.csv", tmpdir);
	cr_assert(bench_write_file(in, "p cfg 3 2\ne 0 1\ne 0 7\n"));
	struct bench_run r = RUN("--algo=dfs --in '%s' --csv --out '%s'", in, out);
	cr_expect_eq(r.code, 1, "exit %d, stderr: %s", r.code, r.err);
	char where[300];
	snprintf(where, sizeof where, "%s:3:", in);
	cr_expect_not_null(strstr(r.err, where), "stderr lacks '%s': %s", where, r.err);
	cr_expect_not(bench_run_exists(out), "a failed run left %s", out);
	cr_expect_eq(dir_entries(), 1, "a failed run left a temporary file in %s", tmpdir);
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s/missing.cfg'", tmpdir);
	cr_expect_eq(r.code, 1, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "missing.cfg"), "%s", r.err);
	bench_run_free(&r);
}

/* A directory of inputs with one that cannot be read: without --keep-going the run stops there
 * with no report and says that --keep-going exists; with it the good inputs run and are
 * reported (to --out too), the summary counts the skipped one, and the exit status is 1. */
Test(bench_cli, keep_going_skips_an_unreadable_input)
{
	char dir[256], in[300], out[300];
	snprintf(dir, sizeof dir, "%s/inputs", tmpdir);
	cr_assert_eq(mkdir(dir, 0777), 0);
	snprintf(in, sizeof in, "%s/a.cfg", dir);
	cr_assert(bench_write_file(in, "p cfg 3 2\ne 0 1\ne 1 2\nend\n"));
	snprintf(in, sizeof in, "%s/b.cfg", dir);
	cr_assert(bench_write_file(in, "p cfg 3 2\ne 0 1\ne 0 7\n"));
	snprintf(in, sizeof in, "%s/c.cfg", dir);
	cr_assert(bench_write_file(in, "p cfg 2 1\ne 0 1\nend\n"));
	snprintf(out, sizeof out, "%s/report.csv", tmpdir);

	struct bench_run r = RUN("--algo=dfs --in '%s' --reps=1 --csv --out '%s'", dir, out);
	cr_expect_eq(r.code, 1, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "b.cfg:3:"), "%s", r.err);
	cr_expect_not_null(strstr(r.err, "1 after it not run, no report (--keep-going skips"), "%s",
			   r.err);
	cr_expect_not(bench_run_exists(out));
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --reps=1 --csv --out '%s' --keep-going", dir, out);
	cr_expect_eq(r.code, 1, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "b.cfg:3:"), "%s", r.err);
	cr_expect_not_null(strstr(r.err, "b.cfg skipped: --keep-going"), "%s", r.err);
	cr_expect_not_null(strstr(r.err, "inputs: read=2 skipped=1"), "%s", r.err);
	char *text = bench_run_slurp(out);
	cr_assert_not_null(text, "--keep-going wrote no --out");
	cr_expect_not_null(strstr(text, "/a.cfg,"), "%s", text);
	cr_expect_not_null(strstr(text, "/c.cfg,"), "%s", text);
	cr_expect_null(strstr(text, "/b.cfg"), "%s", text);
	free(text);
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --reps=1 --keep-going", dir);
	cr_expect_eq(r.code, 1);
	cr_expect_not_null(strstr(r.out, "inputs: read=2 skipped=1"), "%s", r.out);
	bench_run_free(&r);
	/* Nothing to skip: the flag changes nothing. */
	r = RUN("--algo=dfs --in '%s/a.cfg' --reps=1 --keep-going", dir);
	cr_expect_eq(r.code, 0, "%s", r.err);
	bench_run_free(&r);
}

Test(bench_cli, out_is_atomic)
{
	char out[256];
	snprintf(out, sizeof out, "%s/report.csv", tmpdir);
	/* A usage error detected after the options (unknown family) leaves nothing. */
	struct bench_run r = RUN("--algo=dfs --family=nosuchfamily --out '%s'", out);
	cr_expect_eq(r.code, 2);
	cr_expect_eq(dir_entries(), 0, "left a file behind");
	bench_run_free(&r);

	/* A good run writes the whole report there and nothing on stdout, as an ordinary file
	 * (0666 less the umask, not mkstemp's 0600). */
	mode_t old_mask = umask(022);
	r = RUN("--algo=dfs --blocks=500 --reps=1 --csv --out '%s'", out);
	umask(old_mask);
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_str_empty(r.out);
	struct stat sb;
	cr_assert_eq(stat(out, &sb), 0);
	cr_expect_eq(sb.st_mode & 0777, 0644, "mode %o", (unsigned)(sb.st_mode & 0777));
	char *text = bench_run_slurp(out);
	cr_assert_not_null(text);
	cr_expect_eq(strncmp(text, "algo,stage,", 11), 0, "%s", text);
	cr_expect_not_null(strstr(text, "\ndfs,floor,ok,"), "%s", text);
	free(text);
	cr_expect_eq(dir_entries(), 1);
	bench_run_free(&r);

	/* A later failing run keeps the previous good file intact. */
	r = RUN("--algo=dfs --in '%s/none.cfg' --out '%s'", tmpdir, out);
	cr_expect_eq(r.code, 1);
	text = bench_run_slurp(out);
	cr_assert_not_null(text);
	cr_expect_eq(strncmp(text, "algo,stage,", 11), 0);
	free(text);
	cr_expect_eq(dir_entries(), 1);
	bench_run_free(&r);

	/* An unwritable destination is an error before any work. */
	r = RUN("--algo=dfs --blocks=100 --out '%s/no/such/dir/x.csv'", tmpdir);
	cr_expect_eq(r.code, 1, "exit %d stderr %s", r.code, r.err);
	bench_run_free(&r);
}

/* 0->1, 0->2, 1->3, 2->3, 3->1, a duplicate 0->2, and block 4 unreachable. */
static const char *small_cfg = "# small\np cfg 5 6\ne 0 1\ne 0 2\ne 0 2\ne 1 3\ne 2 3\ne 3 1\nend\n";

Test(bench_cli, dump_floor)
{
	char in[256], out[256];
	snprintf(in, sizeof in, "%s/small.cfg", tmpdir);
	snprintf(out, sizeof out, "%s/dump.txt", tmpdir);
	cr_assert(bench_write_file(in, small_cfg));

	struct bench_run r = RUN("--algo=dfs --in '%s' --dump=dfs", in);
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_str_eq(r.out, "0 0 3 -1\n1 1 1 0\n2 3 2 0\n3 2 0 1\n4 -1 -1 -1\n");
	/* The report went to stderr, not into the dump. */
	cr_expect_not_null(strstr(r.err, "check: ok"), "%s", r.err);
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --dump=rpo", in);
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_str_eq(r.out, "0\n2\n1\n3\n");
	bench_run_free(&r);

	r = RUN("--algo=preds --in '%s' --dump=preds --out '%s'", in, out);
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_not_null(strstr(r.out, "algo: preds"), "the report belongs on stdout: %s", r.out);
	char *text = bench_run_slurp(out);
	cr_assert_not_null(text);
	cr_expect_str_eq(text, "0:\n1: 0 3\n2: 0 0\n3: 1 2\n4:\n");
	free(text);
	bench_run_free(&r);
}

Test(bench_cli, pin)
{
	struct bench_run r = RUN("--algo=dfs --blocks=200 --reps=1 --pin");
	if (r.code == 0)
		cr_expect_not_null(strstr(r.out, "pinned=\"core "), "%s", r.out);
	else
		cr_expect(r.code == 2 && strstr(r.err, "hwloc was not available"), "exit %d: %s",
			  r.code, r.err);
	bench_run_free(&r);
	r = RUN("--algo=dfs --blocks=200 --reps=1 --pin=100000");
	cr_expect_eq(r.code, 2, "exit %d: %s", r.code, r.err);
	bench_run_free(&r);
}

Test(bench_cli, every_family_checks)
{
	/* Each registered generator family at a small size, both floor kernels checked. */
	static const char *fams[] = {"random", "structured", "chain", "diamonds", "ladder",
				     "irreducible", "switch", "dense"};
	for (size_t i = 0; i < sizeof fams / sizeof *fams; i++) {
		struct bench_run r = RUN("--algo=dfs,preds --family=%s --blocks=1500 --seed=%zu "
					 "--reps=1 --warmup=0 --csv", fams[i], i + 1);
		cr_expect_eq(r.code, 0, "family %s seed %zu: exit %d: %s", fams[i], i + 1, r.code,
			     r.err);
		bench_run_free(&r);
	}
}

Test(bench_cli, algo_all_and_stage)
{
	/* all: the floor first, then every dominator kernel, one table. */
	struct bench_run r = RUN("--algo=all --blocks=400 --reps=1 --warmup=0");
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	const char *dfs = strstr(r.out, "\ntable: dfs ");
	const char *preds = strstr(r.out, "\ntable: preds ");
	cr_expect(dfs && preds && dfs < preds, "%s", r.out);
	cr_expect_null(strstr(r.out, " FAIL"), "%s", r.out);
	bench_run_free(&r);

	r = RUN("--algo=all:floor --blocks=400 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	size_t lines = 0;
	for (const char *c = r.out; *c; c++)
		lines += *c == '\n';
	cr_expect_eq(lines, 3, "%s", r.out);
	bench_run_free(&r);

	r = RUN("--algo=floor:dfs --blocks=400 --reps=1");
	cr_expect_eq(r.code, 0, "stderr: %s", r.err);
	cr_expect_not_null(strstr(r.out, "\nalgo: dfs "), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_cli, programs)
{
	char in[256];
	snprintf(in, sizeof in, "%s/small.prog", tmpdir);
	cr_assert(bench_write_file(in, "p prog 3 2 2\ne 0 1\ne 1 2\nb 0 d0 d1\nb 2 u0 u1\nend\n"));
	/* A program file already has variables: --vars would be ambiguous. */
	struct bench_run r = RUN("--algo=dfs --in '%s' --vars=4", in);
	cr_expect_eq(r.code, 2, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "--vars"), "%s", r.err);
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --reps=1 --csv", in);
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ndfs,floor,ok,,"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, ",3,2,3,1,yes,0,2,1,"), "n m reachable exits reducible "
			       "seed vars reps: %s", r.out);
	bench_run_free(&r);

	r = RUN("--algo=dfs --blocks=300 --vars=5 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, ",1,5,1,1,"), "seed vars reps warmup: %s", r.out);
	bench_run_free(&r);
}

/* The same graph generated in bench, written by gen as text and as binary, and read back,
 * gives byte-identical dumps. */
Test(bench_cli, same_graph_every_route)
{
	char cfg[256], bin[256];
	snprintf(cfg, sizeof cfg, "%s/g.cfg", tmpdir);
	snprintf(bin, sizeof bin, "%s/g.ssab", tmpdir);
	struct bench_run g1 = bench_run_cmd(SSALAB_GEN_EXE, "--family=irreducible --blocks=700 "
					    "--seed=5 --out '%s'", cfg);
	struct bench_run g2 = bench_run_cmd(SSALAB_GEN_EXE, "--family=irreducible --blocks=700 "
					    "--seed=5 --out '%s'", bin);
	cr_assert_eq(g1.code, 0, "%s", g1.err);
	cr_assert_eq(g2.code, 0, "%s", g2.err);
	bench_run_free(&g1);
	bench_run_free(&g2);
	struct bench_run a = RUN("--algo=preds --family=irreducible --blocks=700 --seed=5 "
				 "--dump=preds");
	struct bench_run b = RUN("--algo=preds --in '%s' --dump=preds", cfg);
	struct bench_run c = RUN("--algo=preds --in '%s' --dump=preds", bin);
	cr_expect_eq(a.code, 0, "%s", a.err);
	cr_expect_eq(b.code, 0, "%s", b.err);
	cr_expect_eq(c.code, 0, "%s", c.err);
	cr_expect_gt(strlen(a.out), 700 * 2);
	cr_expect_str_eq(a.out, b.out);
	cr_expect_str_eq(a.out, c.out);
	bench_run_free(&a);
	bench_run_free(&b);
	bench_run_free(&c);
}

Test(bench_cli, group_runs_what_fits)
{
	/* Named explicitly, a refused kernel fails the run; inside all:floor it is reported and
	 * the others still run. */
	struct bench_run r = RUN("--algo=all:floor --blocks=5000 --mem-limit=100k --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ndfs,floor,refused,"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\npreds,floor,ok,"), "%s", r.out);
	cr_expect_not_null(strstr(r.err, "refused: dfs needs"), "%s", r.err);
	bench_run_free(&r);
	r = RUN("--algo=dfs,preds --blocks=5000 --mem-limit=100k --reps=1 --csv");
	cr_expect_eq(r.code, 4, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\npreds,floor,ok,"), "%s", r.out);
	bench_run_free(&r);
}

/* One option grammar: each case is refused before any work with a message that
 * names the option. --blocks=5e7 makes "before any work" observable: generating it would take
 * seconds and print a report. */
Test(bench_cli, option_grammar)
{
	expect_usage("--algo=auto --blocks=5e7 --reverse=no", "--reverse");
	expect_usage("--algo=auto --blocks=5e7 --check=yes", "--check");
	expect_usage("--algo=auto --blocks=5e7 --flavor=bogus", "--flavor");
	expect_usage("--algo=dfs --blocks=5e7 --reverse", "--reverse");
	expect_usage("--algo=chk --blocks=5e7 --flavor=minimal", "--flavor");
	expect_usage("--algo=chk --blocks=5e7 --live=walk", "--live");
	expect_usage("--algo=phi-dj --blocks=5e7 --placement=phi-idf", "--placement");
	expect_usage("--algo=slt --algo=chk --blocks=5e7", "--algo");
	expect_usage("--algo=slt --blocks=5e7 --blocks=10", "--blocks");
	expect_usage("--algo=slt --blocks=5e7 --reps=2 --reps=3", "--reps");
	expect_usage("--algo=phi-dj --vars=4 --blocks=5e7 --flavor=pruned --flavor=minimal",
		     "--flavor");
	expect_usage("--algo=chk --blocks=5e7 --dump=phi", "--dump=phi");
	expect_usage("--pipeline=auto,phi-dj,rename-stack --vars=4 --blocks=5e7 --dump=phi",
		     "--dump=phi");
	expect_usage("--pipeline=auto,phi-dj,rename-stack --vars=4 --blocks=5e7 --reverse",
		     "--reverse");
	expect_usage("--algo=dfs --family=chain --blocks=5e7 --goto=5", "--goto");
	expect_usage("--algo=dfs --family=structured --blocks=5e7 --edges=5", "--edges");
	expect_usage("--algo=dfs --blocks=5e7 --defs=3", "--defs");
	expect_usage("--algo=dfs --blocks=5e7 --def-at-entry=1", "--def-at-entry");
	expect_usage("--algo=dfs --blocks=5e7 --min-time=-1", "--min-time");
}

Test(bench_cli, counts_parse_as_in_gen)
{
	struct bench_run r = RUN("--algo=dfs --blocks=1e+3 --reps=1e0");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, " n=1000 "), "%s", r.out);
	bench_run_free(&r);
}

/* A refusal is a refusal everywhere: --df-limit inside a group is reported and does not change
 * the exit code; named explicitly it is exit 4; never "failed". */
Test(bench_cli, df_limit_refusal_is_refused)
{
	struct bench_run r = RUN("--algo=all:df --family=ladder --blocks=3000 --df-limit=1000 "
				 "--reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ndf-runner,df,refused,"), "%s", r.out);
	cr_expect_null(strstr(r.out, ",failed,"), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=df-runner --family=ladder --blocks=3000 --df-limit=1000 --reps=1 --csv");
	cr_expect_eq(r.code, 4, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ndf-runner,df,refused,"), "%s", r.out);
	bench_run_free(&r);
}

/* The pipeline is reported like kernels: every stage row with real CPU figures, one check, a
 * --dump=ssa that writes the final form, byte for byte what the rename stage dumps for the
 * same placement, and no key twice in a JSON object. */
Test(bench_cli, pipeline_rows_dump_and_json)
{
	struct bench_run r = RUN("--pipeline=auto,df-runner,phi-idf,rename-rd --family=structured "
				 "--blocks=3000 --vars=8 --csv");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	int rows = 0;
	for (char *line = strchr(r.out, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		rows++;
		char algo[32], stage[16];
		cr_expect_eq(sscanf(line + 1, "%31[^,],%15[^,],ok,", algo, stage), 2, "%s", line);
	}
	cr_expect_eq(rows, 4, "%s", r.out);
	bench_run_free(&r);

	r = RUN("--pipeline=auto,phi-dj,rename-stack --family=structured --blocks=3000 --vars=8 "
		"--json");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	for (const char *p = r.out; (p = strstr(p, "\"cpu_median_ms\": ")); p++) {
		double cpu = atof(p + 17);
		cr_expect(cpu > 0, "a pipeline row without CPU time: %s", r.out);
	}
	/* phi-dj's counters already name phis: not twice. */
	const char *phi = strstr(r.out, "\"algo\": \"phi-dj\"");
	cr_assert_not_null(phi);
	const char *c = strstr(phi, "\"counters\": {");
	cr_assert_not_null(c);
	const char *end = strchr(c, '}');
	int phis = 0;
	for (const char *q = c; (q = strstr(q, "\"phis\"")) && q < end; q++)
		phis++;
	cr_expect_eq(phis, 1, "key \"phis\" %d times: %.200s", phis, c);
	bench_run_free(&r);

	r = RUN("--pipeline=auto,phi-dj,rename-stack --family=structured --blocks=500 --vars=4 "
		"--dump=ssa");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	struct bench_run k = RUN("--algo=rename-stack --family=structured --blocks=500 --vars=4 "
				 "--dump=ssa");
	cr_expect_eq(k.code, 0, "exit %d: %s", k.code, k.err);
	cr_expect(r.out[0] != 0, "the pipeline dumped nothing");
	cr_expect_str_eq(r.out, k.out, "the pipeline's final SSA differs from rename-stack's");
	bench_run_free(&k);
	bench_run_free(&r);
}

/* The literature's names: "idfs" (Georgiadis, Tarjan and Werneck's IDFS) runs chk, whose own
 * name keys the rows; --algo=list says so under the stage; a stage prefix works too. */
Test(bench_cli, paper_names_are_aliases)
{
	struct bench_run r = RUN("--algo=idfs,dom:idfs --family=structured --blocks=300 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_eq(bench_count_rows(r.out, "chk,dom,ok,"), 2, "%s", r.out);
	cr_expect_eq(bench_count_rows(r.out, "idfs,"), 0, "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=list");
	cr_expect_not_null(strstr(r.out, "\n  alias idfs = chk: "), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=floor:idfs --blocks=10");
	cr_expect_eq(r.code, 2, "an alias of another stage: exit %d", r.code);
	bench_run_free(&r);
}

/* --format=md: the closing table in markdown, nothing else of the report changed. */
Test(bench_cli, markdown_table)
{
	struct bench_run r = RUN("--algo=dfs,slt --family=structured --blocks=500 --reps=2 --format=md");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\n| algo | stage | median_ms | ns/block | ns/edge | x_dfs | "
					 "x_dfs_95% | peak_mb | check | cpu |\n|---|---|--:|"),
			   "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\n| slt | dom | "), "%s", r.out);
	cr_expect_null(strstr(r.out, "\ntable: "), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok"), "%s", r.out);
	bench_run_free(&r);
}

/* A stage row of the pipeline carries its kernel's counters and nothing after them: auto fills
 * all eight of its descriptor's slots, and the pipeline's row once read on past them into
 * whatever followed in memory. */
Test(bench_cli, pipeline_counters_are_the_kernels)
{
	struct bench_run k = RUN("--algo=auto --family=structured --blocks=2000 --reps=1");
	struct bench_run r = RUN("--pipeline=auto,phi-dj,rename-stack --family=structured "
				 "--blocks=2000 --vars=4 --reps=1");
	cr_assert_eq(k.code, 0, "exit %d: %s", k.code, k.err);
	cr_assert_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	/* the names of the first counters line (the dom row's), values stripped */
	char names[2][512];
	const struct bench_run *run[2] = {&k, &r};
	for (int i = 0; i < 2; i++) {
		const char *line = strstr(run[i]->out, "\ncounters: ");
		cr_assert_not_null(line, "%s", run[i]->out);
		line += 11;
		size_t n = 0;
		for (const char *q = line; *q && *q != '\n' && n + 1 < sizeof names[i]; q++) {
			if (*q == '=') {
				while (q[1] && q[1] != ' ' && q[1] != '\n')
					q++;
				continue;
			}
			names[i][n++] = *q;
		}
		names[i][n] = 0;
	}
	cr_expect_str_eq(names[1], names[0], "the pipeline's dom counters differ from auto's");
	bench_run_free(&k);
	bench_run_free(&r);
}

/* One default placement everywhere: the default pipeline and the rename stage's --placement use
 * phi_default_algo() (phi_place_prog(NULL, ...): test_phi_place.c); a placement named anywhere
 * else would show up here as a different kernel in the pipeline or in the stage's help. */
Test(bench_cli, one_default_placement)
{
	const char *def = phi_default_algo()->head.name;
	char want[128];
	struct bench_run r = RUN("--pipeline --family=structured --blocks=300 --vars=2 --reps=1");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	snprintf(want, sizeof want, "pipeline: default = auto,%s,rename-stack", def);
	cr_expect_not_null(strstr(r.out, want), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=list");
	snprintf(want, sizeof want, "before a renamer (default %s,", def);
	cr_expect_not_null(strstr(r.out, want), "%s", r.out);
	bench_run_free(&r);
}

/* --pipeline with no value runs the default pipeline and says which; under one memory limit
 * the maximal placement (one φ per variable per join) and the set-based iterative dominators
 * are refused from their estimates, before any allocation, while the default fits. */
Test(bench_cli, pipeline_default_and_refusals)
{
	struct bench_run r = RUN("--pipeline --family=structured --blocks=2000 --vars=4 --reps=1");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "pipeline: default = auto,phi-djq,rename-stack"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nphi     phi-djq "), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok"), "%s", r.out);
	bench_run_free(&r);

	static const char *const big[] = {"auto,phi-maximal", "iter,phi-djq,rename-stack"};
	for (size_t i = 0; i < 2; i++) {
		r = RUN("--pipeline=%s --family=structured --blocks=20000 --vars=64 --mem-limit=16M",
			big[i]);
		cr_expect_eq(r.code, 4, "%s: exit %d: %s", big[i], r.code, r.err);
		cr_expect_not_null(strstr(r.err, "refused: the pipeline needs about"), "%s", r.err);
		bench_run_free(&r);
	}
	r = RUN("--pipeline --family=structured --blocks=20000 --vars=64 --mem-limit=16M --reps=1 "
		"--no-check");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	bench_run_free(&r);
}

/* The bytes of "needs about 1.6 MB" in a refusal (decimal units, as bench_format_bytes). */
static uint64_t needs_about(const char *err)
{
	const char *at = strstr(err, "needs about ");
	cr_assert_not_null(at, "%s", err);
	double v = 0;
	char unit[4] = "";
	cr_assert_eq(sscanf(at + 12, "%lf %3s", &v, unit), 2, "%s", err);
	double mul = unit[0] == 'k' ? 1e3 : unit[0] == 'M' ? 1e6 : unit[0] == 'G' ? 1e9 : 1;
	return (uint64_t)(v * mul);
}

/* The pipeline's memory: each stage's scratch lives only through its stage, a placement's φs
 * are in the estimate (counted by the input's facts) before anything runs, and the floor's
 * samples come first, its arrays freed, with one sample or when the floor and the pipeline do
 * not fit the limit together. */
Test(bench_cli, pipeline_memory_refusal_and_floor_order)
{
	struct bench_run r = RUN("--pipeline --family=structured --blocks=20000 --vars=64 --reps=1");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\norder: the floor's sample first"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok"), "%s", r.out);
	bench_run_free(&r);

	/* random: 64 variables give ~800,000 φs; the input's facts count them, so the refusal
	 * comes before anything is allocated, with the form they make in the estimate (the
	 * pipeline alone without them needs about 3 MB) */
	r = RUN("--pipeline --family=random --blocks=20000 --vars=64 --reps=1 --mem-limit=8M");
	cr_expect_eq(r.code, 4, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "refused: the pipeline needs about "), "%s", r.err);
	cr_expect_gt(needs_about(r.err), UINT64_C(20000000), "%s", r.err);
	cr_expect_null(strstr(r.out, "\npipeline:"), "ran before refusing:\n%s", r.out);
	bench_run_free(&r);

	/* A limit the pipeline fits (its need, from the refusals, plus 8%) but not with the floor's
	 * 7n words (560 kB) beside it. */
	const char *cmd = "--pipeline --family=structured --blocks=20000 --vars=64 --reps=3 "
			  "--no-check";
	uint64_t need = 1000;
	for (int step = 0;; step++) {
		r = RUN("%s --mem-limit=%llu", cmd, (unsigned long long)need);
		if (r.code == 0 || step == 2)
			break;
		cr_assert_eq(r.code, 4, "exit %d: %s", r.code, r.err);
		need = needs_about(r.err) / 100 * 108;
		bench_run_free(&r);
	}
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\norder: the floor's samples first, then the pipeline's, "
					 "not interleaved"), "%s", r.out);
	bench_run_free(&r);
}

/* Timing of short kernels: samples are calibrated to --min-time, and the report says so. */
Test(bench_cli, short_kernels_are_timed_in_batches)
{
	struct bench_run r = RUN("--algo=dfs --blocks=100 --min-time=0.002 --reps=3 --json");
	cr_expect_eq(r.code, 0, "exit %d: %s", r.code, r.err);
	const char *it = strstr(r.out, "\"iters\": ");
	cr_assert_not_null(it, "%s", r.out);
	cr_expect_gt(atol(it + 9), 1, "a 100-block DFS lasts far less than 2 ms: %s", r.out);
	cr_expect_not_null(strstr(r.out, "\"stddev_ms\": "), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\"mean_ms\": "), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=dfs --blocks=100 --min-time=0 --reps=3 --json");
	it = strstr(r.out, "\"iters\": ");
	cr_assert_not_null(it, "%s", r.out);
	cr_expect_eq(atol(it + 9), 1, "%s", r.out);
	bench_run_free(&r);
}

/* LLVM IR input in either build: without LLVM, bench names the package to install. */
Test(bench_cli, llvm_input_with_or_without_llvm)
{
	struct bench_run r = bench_run_cmd(SSALAB_BENCH_EXE, "--algo=dfs --reps=1 --min-time=0 --in '%s'",
					   SSALAB_TEST_DATA "/llvm/bench_module.ll");
	if (SSALAB_LLVM_MAJOR == 0) {
		cr_expect_eq(r.code, 1);
		cr_expect(strstr(r.err, "built without LLVM: install the newest Debian llvm-N-dev"),
			  "%s", r.err);
		cr_expect_str_eq(r.out, "");
	} else if (SSALAB_LLVM_MAJOR >= 15) {
		cr_expect_eq(r.code, 0, "%s", r.err);
		cr_expect(strstr(r.out, "module: file="), "%s", r.out);
	}
	bench_run_free(&r);
}
