/* Helpers for the tools tests (tools/sweep, tools/plot): scratch directories, running a shell
 * command, reading files, and a small CSV reader for the results files. Header-only. */
#ifndef SSALAB_TESTS_TOOLS_UTIL_H
#define SSALAB_TESTS_TOOLS_UTIL_H

#include <criterion/criterion.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define TOOLS_SWEEP SSALAB_SOURCE_DIR "/tools/sweep"
#define TOOLS_PLOT SSALAB_SOURCE_DIR "/tools/plot"
#define TOOLS_FAKEBENCH SSALAB_TEST_DATA "/tools_fakebench"

/* A fresh directory under $TMPDIR or /tmp, removed by tools_rmdir. */
static inline void tools_mkdtemp(char *dir, size_t len)
{
	const char *t = getenv("TMPDIR");
	snprintf(dir, len, "%s/ssalab-tools-test.XXXXXX", t && *t ? t : "/tmp");
	cr_assert_not_null(mkdtemp(dir), "mkdtemp %s", dir);
}

static inline void tools_rmdir(const char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		cr_log_warn("could not remove %s", dir);
}

/* A test suite whose every test gets a fresh directory in `dir`, removed after it. */
#define TOOLS_DIR_SUITE(suite)                                                                    \
	static char dir[4096];                                                                    \
	static void tools_dir_setup(void)                                                         \
	{                                                                                         \
		tools_mkdtemp(dir, sizeof dir);                                                   \
	}                                                                                         \
	static void tools_dir_teardown(void)                                                      \
	{                                                                                         \
		tools_rmdir(dir);                                                                 \
	}                                                                                         \
	TestSuite(suite, .init = tools_dir_setup, .fini = tools_dir_teardown)

/* Runs a shell command, returns its exit status (128+signal when killed). */
static inline int tools_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline int tools_sh(const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	cr_assert(len > 0 && (size_t)len < sizeof cmd, "command too long");
	int st = system(cmd);
	cr_assert_neq(st, -1, "system(%s)", cmd);
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + WTERMSIG(st);
}

/* The whole file as a NUL-terminated string (NULL if it cannot be read); *len its size. */
static inline char *tools_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	cr_assert_not_null(buf);
	for (;;) {
		if (n + 1 >= cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			cr_assert_not_null(buf);
		}
		size_t r = fread(buf + n, 1, cap - n - 1, f);
		if (r == 0)
			break;
		n += r;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static inline int tools_file_exists_nonempty(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0;
}

/* Splits one CSV line (quoted fields, "" for a quote; no newline inside) into at most max
 * fields of fieldlen bytes each. Returns the field count, or -1 when the line is malformed
 * (an unterminated quote, a quote in the middle of a bare field, a field too long). */
static inline int tools_csv_split(const char *line, char (*fields)[512], int max)
{
	int nf = 0;
	const char *p = line;
	for (;;) {
		if (nf == max)
			return -1;
		char *out = fields[nf];
		size_t k = 0;
		if (*p == '"') {
			p++;
			for (;;) {
				if (*p == '\0')
					return -1;
				if (*p == '"') {
					if (p[1] == '"') {
						p++;
					} else {
						p++;
						break;
					}
				}
				if (k + 1 >= 512)
					return -1;
				out[k++] = *p++;
			}
			if (*p != ',' && *p != '\0')
				return -1;
		} else {
			while (*p != ',' && *p != '\0') {
				if (*p == '"' || k + 1 >= 512)
					return -1;
				out[k++] = *p++;
			}
		}
		out[k] = '\0';
		nf++;
		if (*p == '\0')
			return nf;
		p++; /* the comma */
	}
}

#define TOOLS_MAX_ROWS 1024
#define TOOLS_MAX_COLS 40

/* A parsed results file: the header and up to TOOLS_MAX_ROWS rows. Every row must have the
 * header's field count; a malformed or torn line fails the test. */
struct tools_table {
	int ncols, nrows;
	char header[TOOLS_MAX_COLS][512];
	char (*rows)[TOOLS_MAX_COLS][512];
};

static inline void tools_table_load(struct tools_table *t, const char *path)
{
	size_t len;
	char *text = tools_slurp(path, &len);
	cr_assert_not_null(text, "cannot read %s", path);
	cr_assert(len > 0 && text[len - 1] == '\n', "%s does not end with a newline (torn row)", path);
	t->rows = malloc(sizeof *t->rows * TOOLS_MAX_ROWS);
	cr_assert_not_null(t->rows);
	t->nrows = 0;
	t->ncols = 0;
	int lineno = 0;
	for (char *line = text, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		*nl = '\0';
		lineno++;
		if (lineno == 1) {
			t->ncols = tools_csv_split(line, t->header, TOOLS_MAX_COLS);
			cr_assert(t->ncols > 0, "%s: bad header", path);
			continue;
		}
		cr_assert_lt(t->nrows, TOOLS_MAX_ROWS);
		int nf = tools_csv_split(line, t->rows[t->nrows], TOOLS_MAX_COLS);
		cr_assert_eq(nf, t->ncols, "%s:%d: %d fields, header has %d: %s", path, lineno, nf,
			     t->ncols, line);
		t->nrows++;
	}
	free(text);
}

static inline int tools_col(const struct tools_table *t, const char *name)
{
	for (int i = 0; i < t->ncols; i++)
		if (strcmp(t->header[i], name) == 0)
			return i;
	cr_assert_fail("no column %s", name);
	return -1;
}

static inline const char *tools_cell(const struct tools_table *t, int row, const char *name)
{
	return t->rows[row][tools_col(t, name)];
}

static inline void tools_table_free(struct tools_table *t)
{
	free(t->rows);
	t->rows = NULL;
}

#endif
