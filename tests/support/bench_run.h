/* Running the built executables from end-to-end tests: a command line in, exit code, stdout
 * and stderr out (captured through temporary files), plus small text helpers. Header-only. */
#ifndef SSALAB_TEST_BENCH_RUN_H
#define SSALAB_TEST_BENCH_RUN_H

#include "support/tmp_name.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct bench_run {
	int code;  /* exit code, or -1 when the process did not exit normally */
	char *out; /* stdout, NUL-terminated */
	char *err; /* stderr */
};

static inline char *bench_run_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len < 2) {
			char *b = realloc(buf, cap * 2);
			if (!b) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = b;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[len] = 0;
	return buf;
}

static inline bool bench_run_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* Runs "exe args" through the shell; args is a printf format (callers quote paths). */
static inline struct bench_run bench_run_cmd(const char *exe, const char *fmt, ...)
{
	struct bench_run r = {-1, NULL, NULL};
	char out_path[TMP_NAME_MAX], err_path[TMP_NAME_MAX];
	tmp_name(out_path, sizeof out_path, "ssalab-test-out");
	tmp_name(err_path, sizeof err_path, "ssalab-test-err");
	int fo = mkstemp(out_path), fe = mkstemp(err_path);
	if (fo < 0 || fe < 0)
		return r;
	close(fo);
	close(fe);
	char args[4096], cmd[8192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(args, sizeof args, fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof cmd, "'%s' %s >'%s' 2>'%s' </dev/null", exe, args, out_path, err_path);
	int st = system(cmd);
	if (st != -1 && WIFEXITED(st))
		r.code = WEXITSTATUS(st);
	r.out = bench_run_slurp(out_path);
	r.err = bench_run_slurp(err_path);
	unlink(out_path);
	unlink(err_path);
	if (!r.out)
		r.out = calloc(1, 1);
	if (!r.err)
		r.err = calloc(1, 1);
	return r;
}

static inline void bench_run_free(struct bench_run *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
}

/* Writes text to path; true on success. */
static inline bool bench_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	bool ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok;
}

#endif
