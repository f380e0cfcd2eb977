/* The gen command end to end: exit codes, --list, output identical to the library's
 * canonical text (pinned hashes), the note on stderr, program output. */
#include <criterion/criterion.h>

#include "support/gen_util.h"
#include "support/tmp_name.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs gen with args (a shell fragment of our own literals), capturing stdout and stderr into
 * files; returns the exit status. */
static int run_gen(const char *args, char *out, size_t outlen, char *err, size_t errlen)
{
	char so[TMP_NAME_MAX], se[TMP_NAME_MAX];
	tmp_name(so, sizeof so, "ssalab-gen-cli-out");
	tmp_name(se, sizeof se, "ssalab-gen-cli-err");
	int fo = mkstemp(so), fe = mkstemp(se);
	cr_assert(fo >= 0 && fe >= 0);
	close(fo);
	close(fe);
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "'%s' %s >'%s' 2>'%s'", SSALAB_GEN_EXE, args, so, se);
	int st = system(cmd);
	cr_assert(st != -1 && WIFEXITED(st), "could not run: %s", cmd);
	const char *paths[2] = {so, se};
	char *bufs[2] = {out, err};
	size_t lens[2] = {outlen, errlen};
	for (int i = 0; i < 2; i++) {
		FILE *f = fopen(paths[i], "rb");
		cr_assert_not_null(f);
		size_t n = bufs[i] ? fread(bufs[i], 1, lens[i] - 1, f) : 0;
		if (bufs[i])
			bufs[i][n] = 0;
		fclose(f);
		unlink(paths[i]);
	}
	return WEXITSTATUS(st);
}

/* The hash of a text file less its closing "end" line (the hashes were pinned before the text
 * formats had one; the line itself is checked here). */
static uint64_t fnv_file_text(char *s)
{
	size_t len = strlen(s);
	cr_assert(len >= 4 && !strcmp(s + len - 4, "end\n"), "no closing 'end' line");
	s[len - 4] = 0;
	return gen_fnv_str(GEN_FNV_OFFSET, s);
}

Test(gen_cli, list_names_every_family)
{
	static char out[8192], err[1024];
	cr_assert_eq(run_gen("--list", out, sizeof out, err, sizeof err), 0);
	for (size_t i = 0; i < gen_nfamilies; i++)
		cr_assert(strstr(out, gen_families[i].name), "%s not listed", gen_families[i].name);
}

Test(gen_cli, usage_errors_exit_2)
{
	static const char *const bad[] = {
		"",
		"--family=nope --blocks=10 --out -",
		"--family=chain --blocks=1.5 --out -",
		"--family=chain --blocks=-3 --out -",
		"--family=chain --blocks=1e30 --out -",
		"--family=chain --blocks=10",
		"--family=chain --blocks=10 --out x.unknown",
		"--family=switch --blocks=2 --out -",
		"--family=chain --blocks=10 --bogus=1 --out -",
		"--family=random --degree=0.5 --out -",
		"--family=structured --goto=1001 --out -",
		"--family=chain --blocks=5000000000 --out -",
		/* One option grammar, shared with bench (gen/options.c). */
		"--family=chain --blocks=10 --goto=5 --out -",
		"--family=chain --blocks=10 --depth=3 --out -",
		"--family=structured --blocks=10 --degree=3 --out -",
		"--family=chain --blocks=10 --blocks=20 --out -",
		"--family=chain --blocks=10 --out - --out x.cfg",
		"--family=chain --blocks=10 --defs=3 --out x.cfg",
		"--family=chain --blocks=10 --vars=2 --def-at-entry=1 --out -",
	};
	static char err[4096];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = run_gen(bad[i], NULL, 0, err, sizeof err);
		cr_assert_eq(rc, 2, "'gen %s' exited %d", bad[i], rc);
		cr_assert(strncmp(err, "gen: ", 5) == 0 || strstr(err, "usage"), "'%s': %s", bad[i], err);
	}
}

Test(gen_cli, counts_parse_as_in_bench)
{
	static char out[1 << 16], err[4096];
	cr_assert_eq(run_gen("--family=chain --blocks=1e+2 --out -", out, sizeof out, err, sizeof err),
		     0, "%s", err);
	cr_expect(strncmp(out, "p cfg 100 ", 10) == 0, "%.40s", out);
}

Test(gen_cli, output_error_exits_1)
{
	static char err[4096];
	int rc = run_gen("--family=chain --blocks=10 --out /nonexistent-ssalab-dir/x.cfg", NULL, 0,
			 err, sizeof err);
	cr_assert_eq(rc, 1);
	cr_assert(strstr(err, "nonexistent-ssalab-dir"), "%s", err);
}

Test(gen_cli, text_output_matches_the_pinned_library_hashes)
{
	static char out[1 << 20], err[4096];
	/* The same graphs as test_gen_families's goldens. */
	cr_assert_eq(run_gen("--family=structured --blocks=3e3 --seed=3 --goto=50 --out -", out,
			     sizeof out, err, sizeof err), 0);
	cr_assert_eq(fnv_file_text(out), UINT64_C(0xdbf40577bcbbafdf));
	cr_assert(strstr(err, "n=3000"), "%s", err);
	cr_assert(strstr(err, "reachable=3000"), "%s", err);
	cr_assert_eq(run_gen("--family dense --blocks 2000 --seed 4 --degree 2.5 --out -", out,
			     sizeof out, err, sizeof err), 0);
	cr_assert_eq(fnv_file_text(out), UINT64_C(0x40242aeb3d65e335));
	cr_assert_eq(run_gen("--family=itworst --edges=5250 --out -", out, sizeof out, err,
			     sizeof err), 0);
	cr_assert(strstr(err, "itworst: k=70 (n=281, m=5250)"), "%s", err);
	cr_assert_eq(fnv_file_text(out), UINT64_C(0x148495a61d10f071));
}

Test(gen_cli, program_to_a_file)
{
	char dir[TMP_NAME_MAX];
	tmp_name(dir, sizeof dir, "ssalab-gen-cli");
	cr_assert_not_null(mkdtemp(dir));
	char args[TMP_NAME_MAX + 256], path[TMP_NAME_MAX + 16];
	snprintf(path, sizeof path, "%s/p.prog", dir);
	snprintf(args, sizeof args, "--family=ladder --blocks=40 --vars=5 --defs=2 --uses=3 "
				    "--def-at-entry --quiet --out %s", path);
	static char err[4096];
	cr_assert_eq(run_gen(args, NULL, 0, err, sizeof err), 0, "%s", err);
	cr_assert_eq(err[0], 0, "--quiet printed: %s", err);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f);
	char line[256];
	cr_assert_not_null(fgets(line, sizeof line, f));
	cr_assert_str_eq(line, "p prog 40 58 5\n");
	unsigned d = 0, u = 0;
	while (fgets(line, sizeof line, f))
		if (line[0] == 'b')
			for (char *c = line; *c; c++) {
				d += c[0] == ' ' && c[1] == 'd';
				u += c[0] == ' ' && c[1] == 'u';
			}
	fclose(f);
	cr_assert_eq(d, 5 * 3);
	cr_assert_eq(u, 5 * 3);
	unlink(path);
	rmdir(dir);
}
