/* The gcc-dom plugin (algos/peers/gcc) and tools/gcc-dom: a small C file with loops, a switch
 * whose cases share targets, gotos, an infinite loop, unreachable code and a computed goto is
 * compiled with the plugin; every .cfg it writes must be read by bench, and GCC's idoms must be
 * byte-for-byte what bench --dump=idom writes for the same graph. The tool must exit 0 on it and
 * 3 when the plugin's test hook corrupts one function's idoms; plugin trouble (no output
 * directory, an unwritable one) must stay a warning, never fail or crash the compile. Skipped,
 * with the reason bench gives, in builds without the plugin. */
#include <criterion/criterion.h>

#include "support/bench_run.h"
#include "support/tools_util.h"

#include <libgen.h>

#define GCC_DOM SSALAB_SOURCE_DIR "/tools/gcc-dom"

TOOLS_DIR_SUITE(tools_gcc);

static const char source[] =
	"int loops(int n) { int s = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < i; j++) {\n"
	"    if (j == 3) continue; s += j; } if (s > 100) break; } while (n--) s--; return s; }\n"
	"int sw(int x) { switch (x) { case 1: case 2: case 7: return 3; case 3: case 9: x++;\n"
	"    /* fall through */ case 4: goto out; default: break; } return 0; out: return x; }\n"
	"int jumps(int x) { again: if (x > 10) { x -= 3; goto again; } if (x < 0) goto neg;\n"
	"    do { x--; if (x == 5) goto done; } while (x > 0); return x; neg: x = -x; goto again;\n"
	"    done: return 5; }\n"
	"void spin(volatile int *p) { for (;;) { if (*p) *p = 0; } }\n"
	"int dead(int x) { return x; x++; if (x) return 2; return x + 1; }\n"
	"int computed(int i) { static void *t[] = { &&a, &&b, &&c }; int r = 0;\n"
	"    goto *t[i % 3]; a: r += 1; goto *t[(i + 1) % 3]; b: r += 2; if (r > 5) return r;\n"
	"    goto *t[(i + 2) % 3]; c: return r + 3; }\n"
	"int straight(void) { return 42; }\n";

static const char *const functions[] = {"loops", "sw", "jumps", "spin", "dead", "computed",
					"straight"};
#define NFUNCS (sizeof functions / sizeof functions[0])

static char plugin[4096];

/* The plugin beside bench, or a skip with the reason bench --version gives. */
static void need_plugin(void)
{
	struct bench_run r = bench_run_cmd(SSALAB_BENCH_EXE, "--version");
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *left = strstr(r.out, "\npeers: left out gcc-dom plugin: ");
	if (left) {
		char why[512];
		snprintf(why, sizeof why, "the gcc-dom plugin is not built: %s",
			 left + strlen("\npeers: left out gcc-dom plugin: "));
		why[strcspn(why, "\n")] = 0;
		bench_run_free(&r);
		cr_skip_test("%s", why);
	}
	cr_assert_not_null(strstr(r.out, "\npeers: gcc-dom plugin: GCC "), "%s", r.out);
	bench_run_free(&r);
	char exe[4096];
	snprintf(exe, sizeof exe, "%s", SSALAB_BENCH_EXE);
	snprintf(plugin, sizeof plugin, "%s/gcc_dom.so", dirname(exe));
	cr_assert(bench_run_exists(plugin), "bench says the plugin is built, but no %s", plugin);
}

static void put_source(void)
{
	char p[4200];
	snprintf(p, sizeof p, "%s/t.c", dir);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs(source, f);
	cr_assert_eq(fclose(f), 0);
}

static char *slurp_at(const char *name)
{
	char p[4200];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	size_t len;
	return tools_slurp(p, &len);
}

Test(tools_gcc, plugin_cfgs_parse_and_gcc_idoms_equal_bench_dumps)
{
	need_plugin();
	put_source();
	int rc = tools_sh("cd '%s' && gcc -O0 -fplugin='%s' -fplugin-arg-gcc_dom-out=out "
			  "-fplugin-arg-gcc_dom-reps=3 -fplugin-arg-gcc_dom-min-time=0.00001 "
			  "-c t.c -o /dev/null 2> gcc.err",
			  dir, plugin);
	char *err = slurp_at("gcc.err");
	cr_assert_eq(rc, 0, "gcc: %s", err ? err : "");
	cr_expect(!err || !strstr(err, "gcc-dom:"), "plugin warned: %s", err);
	free(err);

	char *sum = slurp_at("out/summary.tsv");
	cr_assert_not_null(sum);
	cr_assert(!strncmp(sum, "file\tfunction\tblocks\tedges\tgcc_blocks\tgcc_edges\tmedian_ns\t"
				"cpu_median_ns\titers\tsamples\n", 84), "%s", sum);
	unsigned seen = 0;
	char sw_file[300] = "";
	char *save = NULL;
	for (char *line = strtok_r(strchr(sum, '\n') + 1, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char file[256], fn[256];
		unsigned blocks, edges, gblocks, gedges, samples;
		double med, cpu;
		unsigned long long iters;
		cr_assert_eq(sscanf(line, "%255s %255s %u %u %u %u %lf %lf %llu %u", file, fn,
				    &blocks, &edges, &gblocks, &gedges, &med, &cpu, &iters, &samples),
			     10, "%s", line);
		/* EXIT is left out, and with it only the edges into it. */
		cr_expect_eq(blocks + 1, gblocks, "%s", line);
		cr_expect_leq(edges, gedges, "%s", line);
		cr_expect(med > 0 && cpu > 0 && iters >= 1 && samples == 3, "%s", line);
		if (!strcmp(fn, "sw"))
			snprintf(sw_file, sizeof sw_file, "out/%s.cfg", file);
		if (!strcmp(fn, "spin"))
			cr_expect_eq(edges, gedges, "an infinite loop never reaches EXIT: %s", line);
		for (unsigned i = 0; i < NFUNCS; i++)
			if (!strcmp(fn, functions[i]))
				seen |= 1u << i;

		/* bench reads the .cfg (n and m as the summary says) and dumps the same idoms. */
		char name[300];
		snprintf(name, sizeof name, "out/%s.idom", file);
		char *gcc_idom = slurp_at(name);
		cr_assert_not_null(gcc_idom, "%s", name);
		const char *kernels[] = {"snca", "chk", "lt"};
		for (unsigned k = 0; k < 3; k++) {
			struct bench_run r = bench_run_cmd(SSALAB_BENCH_EXE,
							   "--in '%s/out/%s.cfg' --algo=%s --dump=idom",
							   dir, file, kernels[k]);
			cr_assert_eq(r.code, 0, "%s %s: %s", file, kernels[k], r.err);
			cr_expect_str_eq(r.out, gcc_idom, "%s: GCC against %s", fn, kernels[k]);
			char want[100];
			snprintf(want, sizeof want, " blocks=%u edges=%u ", blocks, edges);
			cr_expect_not_null(strstr(r.err, want), "%s: %s", want, r.err);
			bench_run_free(&r);
		}
		free(gcc_idom);
	}
	cr_expect_eq(seen, (1u << NFUNCS) - 1, "functions seen: mask %x", seen);
	free(sum);

	/* GCC makes one edge per (source, destination): the three cases of sw that return 3
	 * share one successor edge, not three. */
	char *sw = slurp_at(sw_file);
	cr_assert_not_null(sw);
	char *dup = NULL;
	for (char *p = strstr(sw, "\ne "); p; p = strstr(p + 1, "\ne ")) {
		char *q = p + 1;
		size_t len = strcspn(q, "\n") + 1;
		for (char *r2 = strstr(q + len - 1, "\ne "); r2; r2 = strstr(r2 + 1, "\ne "))
			if (!strncmp(r2 + 1, q, len))
				dup = q;
	}
	cr_expect_null(dup, "duplicate edge in sw: %s", sw);
	free(sw);
}

Test(tools_gcc, tool_exit_status_zero_when_equal_three_on_a_corrupted_idom)
{
	need_plugin();
	put_source();
	int rc = tools_sh("cd '%s' && '%s' --bench='%s' --plugin='%s' --out=o --reps=1 "
			  "--min-time=0 --dump-all --algos=auto,snca,dfs t.c > out 2> err",
			  dir, GCC_DOM, SSALAB_BENCH_EXE, plugin);
	char *out = slurp_at("out"), *err = slurp_at("err");
	cr_assert_eq(rc, 0, "exit %d\n%s\n%s", rc, out, err);
	cr_expect_not_null(strstr(out, "functions: 7; idom mismatches: 0 blocks in 0 functions"),
			   "%s", out);
	cr_expect(strstr(out, "own process (cc1)") && strstr(out, "not clang's"),
		  "the header says what differs from the in-process peers: %s", out);
	cr_expect_not_null(strstr(out, "\n| all | 7 |"), "%s", out);
	free(out);
	free(err);

	rc = tools_sh("cd '%s' && '%s' --bench='%s' --plugin='%s' --out=o --reps=1 --min-time=0 "
		      "--inject-mismatch=jumps t.c > out 2> err",
		      dir, GCC_DOM, SSALAB_BENCH_EXE, plugin);
	out = slurp_at("out");
	err = slurp_at("err");
	cr_expect_eq(rc, 3, "exit %d\n%s\n%s", rc, out, err);
	cr_expect_not_null(strstr(err, "MISMATCH t jumps block "), "%s", err);
	cr_expect_not_null(strstr(out, "idom mismatches: 1 blocks in 1 functions"), "%s", out);
	free(out);
	free(err);
}

Test(tools_gcc, plugin_trouble_is_a_warning_and_the_compile_goes_on)
{
	need_plugin();
	put_source();
	/* No output directory: nothing to do, one warning. */
	int rc = tools_sh("cd '%s' && gcc -O0 -fplugin='%s' -c t.c -o t.o 2> err", dir, plugin);
	char *err = slurp_at("err");
	cr_expect_eq(rc, 0, "%s", err);
	cr_expect_not_null(err && strstr(err, "gcc-dom: no "), "%s", err);
	free(err);
	/* An output directory below a regular file cannot be created. */
	rc = tools_sh("cd '%s' && gcc -O0 -fplugin='%s' -fplugin-arg-gcc_dom-out=t.c/sub "
		      "-c t.c -o t.o 2> err",
		      dir, plugin);
	err = slurp_at("err");
	cr_expect_eq(rc, 0, "%s", err);
	cr_expect_not_null(err && strstr(err, "gcc-dom: cannot create directory"), "%s", err);
	free(err);
	/* An unknown argument is named, and the compile still succeeds. */
	rc = tools_sh("cd '%s' && gcc -O0 -fplugin='%s' -fplugin-arg-gcc_dom-out=o2 "
		      "-fplugin-arg-gcc_dom-reps=0 -c t.c -o t.o 2> err",
		      dir, plugin);
	err = slurp_at("err");
	cr_expect_eq(rc, 0, "%s", err);
	cr_expect_not_null(err && strstr(err, "gcc-dom: unknown or bad argument"), "%s", err);
	free(err);
	/* The tool says why when the plugin is missing. */
	rc = tools_sh("cd '%s' && '%s' --bench='%s' --plugin=nowhere.so t.c > out 2> err", dir,
		      GCC_DOM, SSALAB_BENCH_EXE);
	err = slurp_at("err");
	cr_expect_eq(rc, 1, "%s", err);
	cr_expect_not_null(err && strstr(err, "no plugin nowhere.so"), "%s", err);
	free(err);
}
