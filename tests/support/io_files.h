/* Test helpers for the file formats: temporary directories and files, building programs from
 * literal edge/op lists, and exact comparison of two programs. Header-only (static inline). */
#ifndef SSALAB_TEST_IO_FILES_H
#define SSALAB_TEST_IO_FILES_H

#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/prog.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"
#include "support/tmp_name.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A fresh directory under $TMPDIR (or /tmp); caller removes it with io_t_rmdir. */
static inline void io_t_mkdtemp(char *buf, size_t len)
{
	tmp_name(buf, len, "ssalab-io");
	cr_assert_not_null(mkdtemp(buf), "mkdtemp %s failed", buf);
}

/* Number of entries (other than . and ..) in dir. */
static inline int io_t_count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	cr_assert_not_null(d);
	int k = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			k++;
	closedir(d);
	return k;
}

/* Removes the regular files of dir, then dir (one level, as the tests create it). */
static inline void io_t_rmdir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char p[1024];
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
			if (unlink(p) != 0)
				rmdir(p);
		}
	closedir(d);
	rmdir(dir);
}

static inline void io_t_write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f, "cannot create %s", path);
	cr_assert_eq(fwrite(data, 1, len, f), len);
	cr_assert_eq(fclose(f), 0);
}

/* Whole file into a malloc'd buffer (NUL-terminated); *len gets its size. */
static inline char *io_t_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s", path);
	size_t cap = 4096, n = 0;
	char *b = malloc(cap + 1);
	size_t got;
	while ((got = fread(b + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			b = realloc(b, cap + 1);
		}
	}
	fclose(f);
	b[n] = '\0';
	if (len)
		*len = n;
	return b;
}

/* A program from edges and per-block op strings ("u3 d3"-like, NULL for none). */
static inline void io_t_build(struct prog *p, uint32_t n, const uint32_t (*edges)[2], uint32_t m,
                              uint32_t nvars, const char *const *blockops)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m ? m : 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, edges[i][0], edges[i][1]), SSA_OK);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *off = calloc((size_t)n + 1, sizeof *off);
	uint32_t cap = 16, k = 0;
	uint32_t *ops = malloc(cap * sizeof *ops);
	for (uint32_t b = 0; b < n; b++) {
		off[b] = k;
		const char *s = blockops ? blockops[b] : NULL;
		while (s && *s) {
			while (*s == ' ')
				s++;
			if (!*s)
				break;
			uint32_t kind = *s == 'd' ? PROG_DEF : PROG_USE;
			uint32_t v = (uint32_t)strtoul(s + 1, (char **)&s, 10);
			if (k == cap)
				ops = realloc(ops, (cap *= 2) * sizeof *ops);
			ops[k++] = prog_op(v, kind);
		}
	}
	off[n] = k;
	prog_init(p, &g, nvars, k, off, ops);
}

/* Exact equality, predecessors included; a message names the first difference. */
static inline bool io_t_prog_equal(const struct prog *a, const struct prog *b, char *why,
                                   size_t len)
{
#define IO_T_DIFF(...)                                                                             \
	do {                                                                                       \
		snprintf(why, len, __VA_ARGS__);                                                   \
		return false;                                                                      \
	} while (0)
	if (a->cfg.n != b->cfg.n || a->cfg.m != b->cfg.m)
		IO_T_DIFF("n/m %u/%u vs %u/%u", a->cfg.n, a->cfg.m, b->cfg.n, b->cfg.m);
	if (a->nvars != b->nvars || a->nops != b->nops)
		IO_T_DIFF("nvars/nops %u/%u vs %u/%u", a->nvars, a->nops, b->nvars, b->nops);
	size_t nb = ((size_t)a->cfg.n + 1) * 4, mb = (size_t)a->cfg.m * 4;
	if (memcmp(a->cfg.succ_off, b->cfg.succ_off, nb) || memcmp(a->cfg.succ, b->cfg.succ, mb))
		IO_T_DIFF("successor CSR differs");
	if (memcmp(a->cfg.pred_off, b->cfg.pred_off, nb) || memcmp(a->cfg.pred, b->cfg.pred, mb))
		IO_T_DIFF("predecessor CSR differs");
	if (memcmp(a->op_off, b->op_off, nb) || memcmp(a->ops, b->ops, (size_t)a->nops * 4))
		IO_T_DIFF("op CSR differs");
	return true;
#undef IO_T_DIFF
}

/* Reads text from memory through a temporary file named `name` inside dir. */
static inline int io_t_read_string(const char *dir, const char *name, const char *text, size_t len,
                                   struct prog *out, struct io_error *err)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	io_t_write_file(path, text, len);
	int st = io_read_prog(path, out, err);
	unlink(path);
	return st;
}

#endif
