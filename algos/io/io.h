/* File formats: text CFG (.cfg), text program (.prog), the binary format (.ssab) and DOT
 * export. README.md documents each byte of them. Readers reject malformed input with an
 * error record naming the file, line (or byte offset for binary files) and problem, never
 * crash, and never allocate more than the file's size can justify. */
#ifndef SSALAB_IO_H
#define SSALAB_IO_H

#include "cfg/cfg.h"
#include "cfg/prog.h"

#include <stdio.h>

struct io_error {
	char file[256];
	unsigned long long line; /* 1-based text line, or byte offset in a binary file; 0 if none */
	char what[256];
};

/* "file:line: what" into buf. */
void io_error_format(const struct io_error *e, char *buf, size_t len);

enum io_format { IO_FMT_UNKNOWN, IO_FMT_CFG, IO_FMT_PROG, IO_FMT_BIN, IO_FMT_DOT };

/* By extension: .cfg, .prog, .ssab, .dot. */
enum io_format io_format_from_path(const char *path);

/* Reads any format into a program (a .cfg gives a program with no variables). Detects the
 * binary format by its magic, text formats by their 'p' line. */
int io_read_prog(const char *path, struct prog *out, struct io_error *err);
int io_read_cfg(const char *path, struct cfg *out, struct io_error *err);

/* From an open stream; name is used in error messages. */
int io_read_text(FILE *f, const char *name, struct prog *out, struct io_error *err);

/* Writers. Text writers emit edges in CSR order (block by block, successor order), one 'b'
 * line per block that has ops. Writing to a path goes through a temporary file renamed on
 * success, so a failure leaves no partial output. */
int io_write_cfg_text(FILE *f, const struct cfg *g);
int io_write_prog_text(FILE *f, const struct prog *p);
int io_write_bin(FILE *f, const struct prog *p);
int io_write_dot_cfg(FILE *f, const struct cfg *g, const char *name);
/* A dominator tree as DOT: an edge idom[b] -> b for every block with an idom. */
int io_write_dot_idom(FILE *f, const uint32_t *idom, uint32_t n, const char *name);
/* Chooses the format by extension; .cfg drops the ops. */
int io_write_path(const char *path, const struct prog *p, struct io_error *err);

#endif
