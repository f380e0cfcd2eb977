/* File formats: text CFG (.cfg), text program (.prog), the binary format (.ssab) and DOT export.
 * README.md beside this file documents each byte of them. Readers reject malformed input with an
 * error record naming the file, line (or byte offset for binary files) and problem, never crash,
 * and never allocate more than the file's size can justify. */
#ifndef SSALAB_IO_H
#define SSALAB_IO_H

#include "cfg/cfg.h"
#include "cfg/prog.h"

#include <stdio.h>

struct io_error {
	char file[256];
	unsigned long long line; /* 1-based text line, or byte offset in a binary file; 0 if none */
	char what[256];
	/* After a successful read of DOT, an edge list or an arrow list: "" or one warning that the
	 * graph read may not be the one meant (blocks unreachable from the entry, a node name
	 * holding '->', ',' or '{'), naming the format the content was read as. The readers set
	 * it and never print; commands print it (io_warning_format). */
	char warning[512];
};

/* "file:line: what" into buf. */
void io_error_format(const struct io_error *e, char *buf, size_t len);
/* "file: warning" into buf and true, or false (buf untouched) when the read left no warning. */
bool io_warning_format(const struct io_error *e, char *buf, size_t len);

enum io_format { IO_FMT_UNKNOWN, IO_FMT_CFG, IO_FMT_PROG, IO_FMT_BIN, IO_FMT_DOT };

/* By extension: .cfg, .prog, .ssab, .dot. */
enum io_format io_format_from_path(const char *path);

/* Reads any format into a program (a .cfg gives a program with no variables). The format comes
 * from the content (io_sniff): the binary magic, a graphviz 'digraph', a Mermaid flowchart, ssalab
 * text ('p', 'e', 'b', 'n' lines), an arrow list (an arrow on the first line, or 'A: B, C'),
 * else a plain edge list; LLVM IR
 * (text or bitcode, IO_IN_LLVM) is refused with a message naming the importer. DOT,
 * edge-list and arrow-list inputs keep their node names in out->bnames (DOT's def/use/ops
 * attributes make a program with named variables); on success err->warning may hold a warning. */
int io_read_prog(const char *path, struct prog *out, struct io_error *err);
int io_read_cfg(const char *path, struct cfg *out, struct io_error *err);
/* The same from an open stream (name is used in error messages): what io_read_prog does once
 * the file is open. */
int io_read_any(FILE *f, const char *name, struct prog *out, struct io_error *err);

enum io_input_kind {
	IO_IN_TEXT,
	IO_IN_BIN,
	IO_IN_DOT,
	IO_IN_EDGES,
	IO_IN_ARROWS,
	IO_IN_LLVM,
	IO_IN_MERMAID,
	IO_IN_FOREIGN /* a graph format ssalab does not read: io_foreign_format names it */
};
/* The kind of input whose first bytes are buf[0..len) (len may be short: the whole input).
 * IO_IN_LLVM is an LLVM module, text or bitcode, which only algos/llvmir reads. */
enum io_input_kind io_sniff(const unsigned char *buf, size_t len);
const char *io_input_kind_str(enum io_input_kind k);
/* The name of the format of the file at path by its first 4 KiB, as io_read_prog tells them
 * apart: cfg, prog (by its 'p prog' line), ssab, dot, edges and the other io_input_kind_str
 * names; "stdin" for "-" (read once, by the reader alone); "" when it cannot be opened. */
const char *io_file_format(const char *path);
/* "DIMACS", "GML", "JSON", "Pajek", "XML (GraphML or GEXF)" for an input of IO_IN_FOREIGN, else NULL. */
const char *io_foreign_format(const unsigned char *buf, size_t len);

/* Graphviz DOT (README.md "DOT input"), plain edge lists (README.md "Edge lists") and the course
 * notes' arrow lists (README.md "Arrow lists": 'A -> B, C') from an open stream; name is used in
 * error messages. */
int io_read_dot(FILE *f, const char *name, struct prog *out, struct io_error *err);
int io_read_edges(FILE *f, const char *name, struct prog *out, struct io_error *err);
int io_read_arrows(FILE *f, const char *name, struct prog *out, struct io_error *err);
/* Mermaid flowcharts ('flowchart TD' / 'graph LR', then 'A --> B' statements: README.md
 * "Mermaid flowcharts"). */
int io_read_mermaid(FILE *f, const char *name, struct prog *out, struct io_error *err);

/* From an open stream; name is used in error messages. */
int io_read_text(FILE *f, const char *name, struct prog *out, struct io_error *err);

/* Writers. Text writers emit edges in CSR order (block by block, successor order), one 'b'
 * line per block that has ops. Writing to a path goes through a temporary file renamed on
 * success, so a failure leaves no partial output. */
int io_write_cfg_text(FILE *f, const struct cfg *g);
/* The same with 'n b <id> <name>' lines for the named blocks (bnames may be NULL). */
int io_write_cfg_text_named(FILE *f, const struct cfg *g, const struct names *bnames);
int io_write_prog_text(FILE *f, const struct prog *p);
int io_write_bin(FILE *f, const struct prog *p);
int io_write_dot_cfg(FILE *f, const struct cfg *g, const char *name);
/* A dominator tree as DOT: an edge idom[b] -> b for every block with an idom. */
int io_write_dot_idom(FILE *f, const uint32_t *idom, uint32_t n, const char *name);
/* The same, each block labelled with its name when bnames has one (bnames may be NULL). */
int io_write_dot_cfg_named(FILE *f, const struct cfg *g, const struct names *bnames,
                           const char *name);
int io_write_dot_idom_named(FILE *f, const uint32_t *idom, uint32_t n,
                            const struct names *bnames, const char *name);
/* Chooses the format by extension; .cfg drops the ops. */
int io_write_path(const char *path, const struct prog *p, struct io_error *err);
/* The same atomic replace without the fsync, for a caller that writes many files and syncs
 * them once (llvmir_write_dir): each file is still whole or absent, but not yet durable. */
int io_write_path_nosync(const char *path, const struct prog *p, struct io_error *err);
/* The temporary file io_write_path is writing right now, or NULL: a program's SIGINT/SIGTERM
 * handler may unlink(2) it (async-signal-safe) before _exit, so an interrupted write leaves
 * nothing behind. The library only sets and clears it. */
extern const char *volatile io_write_pending;

/* The binary format (.ssab, README.md "Binary format"): a 56-byte little-endian header (magic,
 * version, flags, n, m, nvars, nops, checksum) followed by the successor CSR and, when flag
 * IO_SSAB_FLAG_PROG is set, the op CSR. Errors from binary files give the byte offset of the
 * offending field in io_error.line. */
#define IO_SSAB_MAGIC "\x89SSAB\r\n\x1a"
#define IO_SSAB_VERSION 1u
#define IO_SSAB_HEADER_BYTES 56u
#define IO_SSAB_FLAG_PROG 1u

/* Reads a binary file from an open stream, magic included; regular files are checked against
 * their size (fstat) before anything is allocated. */
int io_read_bin(FILE *f, const char *name, struct prog *out, struct io_error *err);

/* The checksum stored at byte 48 of an .ssab image of len bytes: computed over bytes 0..47 and
 * 56..len-1, read as little-endian 32-bit words (len - 56 must be a multiple of 4). */
uint64_t io_ssab_checksum(const void *image, size_t len);

/* io_read_prog and io_read_cfg read standard input when path is "-" (named "<stdin>" in
 * errors), in any format. */
#define IO_PATH_STDIN "-"

/* Text readers accept n up to this many blocks plus IO_TEXT_BLOCKS_PER_BYTE per byte of input;
 * a larger n is refused as absurd before anything of size n is allocated. */
#define IO_TEXT_BLOCKS_BASE (UINT64_C(1) << 20)
#define IO_TEXT_BLOCKS_PER_BYTE 64u

#endif
