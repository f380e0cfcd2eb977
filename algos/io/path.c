/* Reading and writing a file by its path: the format is sniffed from the first bytes (reading)
 * or chosen by the extension (writing), then handed to that format's reader or writer.
 * io_write_path replaces the target atomically (write a temporary file in the target's
 * directory, flush and fsync it, rename(2) it over the target; on any failure remove it, so a
 * reader never sees a partial file and an existing target is left untouched). */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bytes read before choosing a reader: enough for any format's header or first tokens. */
#define IO_SNIFF_BYTES 65536u

int io_read_any(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	char eb[128];
	memset(out, 0, sizeof *out);
	if (err)
		err->warning[0] = 0;
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	/* The binary magic starts with 0x89, a byte no text file of ours contains; the first
	 * byte decides, so a truncated binary file still gets binary diagnostics. The text kinds
	 * are told apart by their first tokens (io_sniff), from up to IO_SNIFF_BYTES. */
	unsigned char *pre = malloc(IO_SNIFF_BYTES);
	if (!pre)
		return io_fail(err, name, 0, SSA_ENOMEM, "out of memory");
	size_t plen = fread(pre, 1, 1, f);
	int st;
	if (plen == 0 && ferror(f))
		st =
		    io_fail(err, name, 0, SSA_EIO, "read error: %s", io_errtext(errno, eb, sizeof eb));
	else if (plen == 1 && pre[0] == (unsigned char)IO_SSAB_MAGIC[0])
		st = io_read_bin_prefixed(f, name, pre, plen, known, size, out, err);
	else {
		if (plen)
			plen += fread(pre + 1, 1, IO_SNIFF_BYTES - 1, f);
		enum io_input_kind kind = io_sniff(pre, plen);
		if (ferror(f))
			st = io_fail(err, name, 0, SSA_EIO, "read error: %s",
			             io_errtext(errno, eb, sizeof eb));
		else if (kind == IO_IN_DOT)
			st = io_read_dot_prefixed(f, name, pre, plen, known, size, out, err);
		else if (kind == IO_IN_EDGES)
			st = io_read_edges_prefixed(f, name, pre, plen, known, size, out, err);
		else if (kind == IO_IN_ARROWS)
			st = io_read_arrows_prefixed(f, name, pre, plen, known, size, out, err);
		else if (kind == IO_IN_FOREIGN)
			st = io_fail(err, name, 0, SSA_EINPUT,
			             "%s, a graph format ssalab does not read (it reads .cfg, .prog, "
			             ".ssab, DOT, Mermaid, edge lists and arrow lists: export the graph as "
			             "DOT or as an edge list)",
			             io_foreign_format(pre, plen));
		else if (kind == IO_IN_MERMAID)
			st = io_read_mermaid_prefixed(f, name, pre, plen, known, size, out, err);
		else if (kind == IO_IN_LLVM)
			st = io_fail(err, name, 0, SSA_EINPUT,
			             "LLVM IR (%s), not a graph file: the LLVM IR importer reads "
			             "modules (gen --from, and bench --in or show given the file)",
			             pre[0] == 'B' || pre[0] == 0xDE ? "bitcode" : "text");
		else
			st = io_read_text_prefixed(f, name, pre, plen, known, size, out, err);
	}
	free(pre);
	return st;
}

const char *io_file_format(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
	if (!f)
		return strcmp(path, "-") ? "" : "stdin";
	unsigned char buf[4096];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	enum io_input_kind k = io_sniff(buf, n);
	if (k != IO_IN_TEXT)
		return io_input_kind_str(k);
	for (size_t i = 0; i + 6 <= n; i++)
		if ((i == 0 || buf[i - 1] == '\n') && !memcmp(buf + i, "p prog", 6))
			return "prog";
	return "cfg";
}

int io_read_prog(const char *path, struct prog *out, struct io_error *err)
{
	char eb[128];
	memset(out, 0, sizeof *out);
	bool is_stdin = !strcmp(path, "-");
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (is_stdin)
		path = "<stdin>";
	if (!f)
		return io_fail(err, path, 0, SSA_EIO, "cannot open: %s",
		               io_errtext(errno, eb, sizeof eb));
	int st = io_read_any(f, path, out, err);
	if (!is_stdin)
		fclose(f);
	return st;
}

int io_read_cfg(const char *path, struct cfg *out, struct io_error *err)
{
	struct prog p;
	memset(out, 0, sizeof *out);
	int st = io_read_prog(path, &p, err);
	if (st)
		return st;
	*out = p.cfg;
	memset(&p.cfg, 0, sizeof p.cfg);
	prog_free(&p);
	return SSA_OK;
}

/* The base name without its extension, for the DOT graph's name. */
static void stem(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t k = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	snprintf(buf, len, "%.*s", (int)k, base);
}

const char *volatile io_write_pending;

static int write_path(const char *path, const struct prog *p, bool sync, struct io_error *err)
{
	char eb[128];
	enum io_format fmt = io_format_from_path(path);
	if (fmt == IO_FMT_UNKNOWN)
		return io_fail(
		    err, path, 0, SSA_EUSAGE,
		    "unknown output format (the name must end in .cfg, .prog, .ssab or .dot)");
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	const char *base = path + dirlen;
	if (!*base)
		return io_fail(err, path, 0, SSA_EUSAGE, "output path names a directory");

	/* A hidden name next to the target: same file system, so rename(2) is atomic. */
	static unsigned counter;
	size_t tlen = strlen(path) + 64;
	char *tmp = malloc(tlen);
	if (!tmp)
		return io_fail(err, path, 0, SSA_ENOMEM, "out of memory");
	int fd = -1;
	for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
		snprintf(tmp, tlen, "%.*s.%s.tmp-%ld-%u", (int)dirlen, path, base, (long)getpid(),
		         __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED));
		/* Published before the file exists, so a signal between open and the write
		 * finds it; the name holds our pid, so it is nobody else's. */
		io_write_pending = tmp;
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0)
			io_write_pending = NULL;
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		int e = errno;
		free(tmp);
		return io_fail(err, path, 0, SSA_EIO,
		               "cannot create a temporary file next to it: %s",
		               io_errtext(e, eb, sizeof eb));
	}
	FILE *f = fdopen(fd, "wb");
	if (!f) {
		int e = errno;
		close(fd);
		io_write_pending = NULL;
		unlink(tmp);
		free(tmp);
		return io_fail(err, path, 0, SSA_EIO, "cannot open a stream: %s",
		               io_errtext(e, eb, sizeof eb));
	}

	int st;
	char name[256];
	errno = 0;
	switch (fmt) {
	case IO_FMT_CFG:
		st = io_write_cfg_text_named(f, &p->cfg, &p->bnames);
		break;
	case IO_FMT_PROG:
		st = io_write_prog_text(f, p);
		break;
	case IO_FMT_BIN:
		st = io_write_bin(f, p);
		break;
	default:
		stem(path, name, sizeof name);
		st = io_write_dot_cfg_named(f, &p->cfg, &p->bnames, name);
		break;
	}
	const char *step = "write";
	int e = errno;
	if (!st && sync && fsync(fileno(f)) != 0) {
		st = SSA_EIO;
		e = errno;
		step = "fsync";
	}
	if (fclose(f) != 0 && !st) {
		st = SSA_EIO;
		e = errno;
		step = "close";
	}
	if (!st && rename(tmp, path) != 0) {
		st = SSA_EIO;
		e = errno;
		step = "rename";
	}
	io_write_pending = NULL;
	if (st) {
		unlink(tmp);
		free(tmp);
		if (st == SSA_EIO)
			return io_fail(err, path, 0, st, "%s failed: %s", step,
			               io_errtext(e ? e : EIO, eb, sizeof eb));
		return io_fail(err, path, 0, st, "%s failed: %s", step, ssa_status_str(st));
	}
	free(tmp);
	return SSA_OK;
}

int io_write_path(const char *path, const struct prog *p, struct io_error *err)
{
	return write_path(path, p, true, err);
}

int io_write_path_nosync(const char *path, const struct prog *p, struct io_error *err)
{
	return write_path(path, p, false, err);
}
