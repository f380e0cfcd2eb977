/* tools/ssalab's build step for the commands that run one binary (bench, gen, show): a call
 * builds only the binary it runs, and a second call on an unchanged tree runs it without CMake,
 * dpkg or apt. The wrapper runs here in a copy of its own folder layout with stand-ins for
 * cmake, dpkg-query and apt-cache on the PATH that write down every call, so the test sees
 * which commands a call would run without building anything. */
#include "support/tools_util.h"

TOOLS_DIR_SUITE(show_wrapper);

static void put(const char *path, const char *text, int mode)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
	cr_assert_eq(chmod(path, (mode_t)mode), 0);
}

/* The fake tree: tree/ with the real tools/ssalab, one source per folder; bin/ with the
 * stand-ins. cmake writes its arguments to cmake.log; `--build DIR [--target T]` makes DIR/T
 * (every binary without --target), a script that prints what it was asked. */
static void setup_tree(void)
{
	cr_assert_eq(tools_sh("cd '%s' && mkdir -p tree/tools tree/algos/dom tree/gen tree/bench "
	                      "bin && cp '%s/tools/ssalab' tree/tools/ && touch tree/tools/show.c "
	                      "tree/algos/dom/a.c tree/gen/g.c tree/bench/b.c tree/CMakeLists.txt "
	                      "&& touch -d '2 hours ago' tree/tools/* tree/algos/dom/a.c "
	                      "tree/algos/dom tree/algos tree/gen/g.c tree/gen tree/bench/b.c "
	                      "tree/bench tree/CMakeLists.txt tree/tools tree",
	                      dir, SSALAB_SOURCE_DIR),
	             0);
	char p[4200];
	snprintf(p, sizeof p, "%s/bin/cmake", dir);
	put(p,
	    "#!/bin/sh\n"
	    "log=$(dirname \"$0\")/../cmake.log\n"
	    "echo \"$*\" >> \"$log\"\n"
	    "[ \"$1\" = -S ] && { touch \"$4/CMakeCache.txt\"; exit 0; }\n"
	    "[ \"$1\" = --build ] || exit 0\n"
	    "d=$2; t='bench gen show'\n"
	    "while [ $# -gt 0 ]; do [ \"$1\" = --target ] && t=$2; shift; done\n"
	    "for x in $t; do printf '#!/bin/sh\\necho ran %s \"$@\"\\n' $x > \"$d/$x\"; "
	    "chmod +x \"$d/$x\"; done\n",
	    0755);
	snprintf(p, sizeof p, "%s/bin/dpkg-query", dir);
	put(p, "#!/bin/sh\necho \"$*\" >> \"$(dirname \"$0\")/../dpkg.log\"\nprintf 'install ok "
	       "installed'\n",
	    0755);
	snprintf(p, sizeof p, "%s/bin/apt-cache", dir);
	put(p, "#!/bin/sh\necho \"$*\" >> \"$(dirname \"$0\")/../dpkg.log\"\n", 0755);
}

/* Runs tools/ssalab ARGS in the fake tree; its stdout. */
static char *ssalab(const char *env, const char *args)
{
	char out[4200];
	snprintf(out, sizeof out, "%s/out.txt", dir);
	int rc = tools_sh("cd '%s' && env -u CI -u SSALAB_NATIVE PATH=\"$PWD/bin:$PATH\" "
	                  "BUILD_DIR=\"$PWD/build\" %s tree/tools/ssalab %s > out.txt 2> err.txt",
	                  dir, env, args);
	char *err = tools_slurp(out, NULL);
	cr_assert_eq(rc, 0, "tools/ssalab %s exited %d", args, rc);
	return err;
}

/* Lines written to a log since the last look (the log is emptied). */
static char *take_log(const char *name)
{
	char p[4200];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	char *t = tools_slurp(p, NULL);
	if (!t)
		t = strdup("");
	FILE *f = fopen(p, "w");
	if (f)
		fclose(f);
	return t;
}

static void expect_run(const char *env, const char *args, const char *want_out,
                       const char *want_cmake, bool deps)
{
	char *out = ssalab(env, args);
	cr_expect_str_eq(out, want_out, "tools/ssalab %s printed '%s'", args, out);
	char *cm = take_log("cmake.log"), *dp = take_log("dpkg.log");
	cr_expect_str_eq(cm, want_cmake, "tools/ssalab %s ran cmake as:\n%s", args, cm);
	if (deps)
		cr_expect_neq(*dp, 0, "tools/ssalab %s did not check the packages", args);
	else
		cr_expect_str_eq(dp, "", "tools/ssalab %s asked dpkg/apt:\n%s", args, dp);
	free(out);
	free(cm);
	free(dp);
}

/* Sets the stamps back an hour: what a build an hour ago would have left. */
static void age_stamps(void)
{
	cr_assert_eq(tools_sh("cd '%s/build' && touch -d '1 hour ago' .ssalab-stamp-*", dir), 0);
}

Test(show_wrapper, a_second_call_runs_the_binary_without_building)
{
	setup_tree();
	static char b[32768], conf[16384], build_show[16384];
	snprintf(conf, sizeof conf, "-S %s/tree -B %s/build -DCMAKE_BUILD_TYPE=Release\n", dir, dir);
	long np = 0;
	FILE *pp = popen("nproc", "r");
	cr_assert(pp && fscanf(pp, "%ld", &np) == 1);
	pclose(pp);
	snprintf(build_show, sizeof build_show, "--build %s/build -j %ld --target show\n", dir, np);
	snprintf(b, sizeof b, "%s%s", conf, build_show);
	/* the first call configures and builds show alone */
	expect_run("", "show x.prog", "ran show x.prog\n", b, true);
	/* the second does nothing but run it */
	expect_run("", "show y.prog --view=df", "ran show y.prog --view=df\n", "", false);
	expect_run("", "show y.prog", "ran show y.prog\n", "", false);

	/* gen and bench: each built alone once (configured already), then run as they are */
	snprintf(b, sizeof b, "--build %s/build -j %ld --target gen\n", dir, np);
	expect_run("", "gen --family=chain", "ran gen --family=chain\n", b, true);
	expect_run("", "gen --family=chain", "ran gen --family=chain\n", "", false);
	snprintf(b, sizeof b, "--build %s/build -j %ld --target bench\n", dir, np);
	expect_run("", "bench --algo=chk", "ran bench --algo=chk\n", b, true);
	expect_run("", "bench --algo=chk", "ran bench --algo=chk\n", "", false);

	/* an edited source rebuilds the binaries built from it, and only those */
	age_stamps();
	cr_assert_eq(tools_sh("touch '%s/tree/gen/g.c'", dir), 0);
	expect_run("", "show z.prog", "ran show z.prog\n", "", false);
	snprintf(b, sizeof b, "--build %s/build -j %ld --target gen\n", dir, np);
	expect_run("", "gen", "ran gen\n", b, true);
	expect_run("", "gen", "ran gen\n", "", false);
	snprintf(b, sizeof b, "--build %s/build -j %ld --target bench\n", dir, np);
	expect_run("", "bench", "ran bench\n", b, true);

	/* the library every binary links */
	age_stamps();
	cr_assert_eq(tools_sh("touch '%s/tree/algos/dom/a.c'", dir), 0);
	expect_run("", "show z.prog", "ran show z.prog\n", build_show, true);
	expect_run("", "show z.prog", "ran show z.prog\n", "", false);

	/* a new file, a removed one (the folder changes), show's own sources, CMakeLists.txt */
	static const char *const edits[] = {"touch tree/algos/dom/new.c", "rm tree/algos/dom/new.c",
	                                    "touch tree/tools/show_html.c", "touch tree/CMakeLists.txt"};
	for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
		age_stamps();
		cr_assert_eq(tools_sh("cd '%s' && %s", dir, edits[i]), 0);
		expect_run("", "show z.prog", "ran show z.prog\n", build_show, true);
	}

	/* other flags: configured again, then built */
	snprintf(b, sizeof b, "-S %s/tree -B %s/build -DCMAKE_BUILD_TYPE=Release -DSSALAB_NATIVE=ON\n%s",
	         dir, dir, build_show);
	expect_run("SSALAB_NATIVE=1", "show z.prog", "ran show z.prog\n", b, true);
	expect_run("SSALAB_NATIVE=1", "show z.prog", "ran show z.prog\n", "", false);

	/* tools/ssalab build builds everything and leaves every binary current */
	snprintf(b, sizeof b, "%s--build %s/build -j %ld\n", conf, dir, np);
	char *out = ssalab("", "build");
	free(out);
	char *cm = take_log("cmake.log");
	cr_expect_str_eq(cm, b, "%s", cm);
	free(cm);
	free(take_log("dpkg.log"));
	expect_run("", "bench", "ran bench\n", "", false);
	expect_run("", "gen", "ran gen\n", "", false);
	expect_run("", "show", "ran show\n", "", false);
}
