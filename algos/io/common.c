/* What every format shares: error records, choosing a format by extension or by the first
 * bytes of a file, and io_write_path's atomic replace (write a temporary file in the target's
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

int io_fail(struct io_error *err, const char *file, unsigned long long line, int status,
            const char *fmt, ...)
{
	if (!err)
		return status;
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
	err->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->what, sizeof err->what, fmt, ap);
	va_end(ap);
	return status;
}

void io_error_format(const struct io_error *e, char *buf, size_t len)
{
	if (!len)
		return;
	if (e->line)
		snprintf(buf, len, "%s:%llu: %s", e->file, e->line, e->what);
	else
		snprintf(buf, len, "%s: %s", e->file, e->what);
}

enum io_format io_format_from_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base)
		return IO_FMT_UNKNOWN;
	if (!strcmp(dot, ".cfg"))
		return IO_FMT_CFG;
	if (!strcmp(dot, ".prog"))
		return IO_FMT_PROG;
	if (!strcmp(dot, ".ssab"))
		return IO_FMT_BIN;
	if (!strcmp(dot, ".dot"))
		return IO_FMT_DOT;
	return IO_FMT_UNKNOWN;
}

bool io_stream_size(FILE *f, uint64_t *size)
{
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0)
		return false;
	*size = (uint64_t)st.st_size;
	return true;
}

static const char *errtext(int e, char *buf, size_t len)
{
	if (strerror_r(e, buf, len) != 0)
		snprintf(buf, len, "error %d", e);
	return buf;
}

#define IO_SNIFF_BYTES 65536u

static bool ident_byte(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c >= 0x80;
}

/* Skips blank lines and '#' comment lines (all three text kinds allow them), then decides by
 * the first token: a '//' or '/ *' comment or a DOT keyword is DOT; a one-letter 'p', 'e', 'b' or 'n'
 * followed by a blank is ssalab text; anything else is an edge list. Undecided (only comments,
 * or empty) is text, whose reader explains what is missing; so is anything with a NUL byte. */
enum io_input_kind io_sniff(const unsigned char *buf, size_t len)
{
	size_t i = 0;
	if (len && buf[0] == (unsigned char)IO_SSAB_MAGIC[0])
		return IO_IN_BIN;
	if (memchr(buf, 0, len))
		return IO_IN_TEXT; /* binary garbage: the strict reader's diagnostics fit best */
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		i = 3; /* a UTF-8 byte-order mark */
	for (;;) {
		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
			i++;
		if (i >= len)
			return IO_IN_TEXT;
		if (buf[i] != '#')
			break;
		while (i < len && buf[i] != '\n')
			i++;
	}
	if (i + 1 < len && buf[i] == '/' && (buf[i + 1] == '/' || buf[i + 1] == '*'))
		return IO_IN_DOT;
	size_t s = i;
	while (i < len && ident_byte(buf[i]))
		i++;
	size_t k = i - s;
	bool end = i == len || !ident_byte(buf[i]);
	static const char *const kw[] = {"digraph", "graph", "strict"};
	for (size_t j = 0; j < 3 && end; j++)
		if (k == strlen(kw[j]) && !strncasecmp((const char *)buf + s, kw[j], k))
			return IO_IN_DOT;
	if (k == 1 && strchr("pebn", buf[s]) && (i == len || strchr(" \t\r\n", buf[i])))
		return IO_IN_TEXT;
	return IO_IN_EDGES;
}

const char *io_input_kind_str(enum io_input_kind k)
{
	switch (k) {
	case IO_IN_TEXT:
		return "text";
	case IO_IN_BIN:
		return "ssab";
	case IO_IN_DOT:
		return "dot";
	default:
		return "edges";
	}
}

int io_slurp(FILE *f, const char *name, const unsigned char *prefix, size_t plen, bool size_known,
             uint64_t size, char **out, size_t *outlen, struct io_error *err)
{
	char eb[128];
	size_t cap = size_known && size >= plen && size < SIZE_MAX - 2 ? (size_t)size + 1 : plen + 65536;
	char *buf = malloc(cap);
	if (!buf)
		return io_fail(err, name, 0, SSA_ENOMEM, "out of memory (the input has %llu bytes)",
		               (unsigned long long)size);
	if (plen)
		memcpy(buf, prefix, plen);
	size_t len = plen;
	for (;;) {
		if (cap - len < 2) {
			size_t ncap;
			char *nb;
			if (!ssa_mul_ok(cap, 2, &ncap) || !(nb = realloc(buf, ncap))) {
				free(buf);
				return io_fail(err, name, 0, SSA_ENOMEM,
				               "out of memory after %zu bytes of input", len);
			}
			buf = nb;
			cap = ncap;
		}
		size_t got = fread(buf + len, 1, cap - 1 - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f)) {
				free(buf);
				return io_fail(err, name, 0, SSA_EIO, "read error: %s",
				               errtext(errno, eb, sizeof eb));
			}
			break;
		}
	}
	buf[len] = 0;
	*out = buf;
	*outlen = len;
	return SSA_OK;
}

int io_import_finish(const char *name, struct names_builder *nb, uint32_t entry,
                     struct edge_list *el, uint32_t nlab, const uint32_t *lab_node,
                     const uint64_t *lab_soff, const char *lab_pool, struct prog *out,
                     struct io_error *err)
{
	uint32_t n = nb->count;
	uint32_t *newid = ssa_alloc_array(n, sizeof *newid);
	uint32_t *ids = ssa_alloc_array(n, sizeof *ids);
	uint64_t *soff = ssa_alloc_array((size_t)n + 1, sizeof *soff);
	uint32_t *label = ssa_alloc_array(n, sizeof *label);
	char *pool = NULL;
	int st = SSA_OK;
	struct cfg g;
	memset(&g, 0, sizeof g);
	if (!newid || !ids || !soff || !label) {
		st = SSA_ENOMEM;
		goto out;
	}
	/* The entry becomes 0; the nodes before it move up by one, the rest keep their ids. */
	for (uint32_t i = 0; i < n; i++)
		newid[i] = i == entry ? 0 : i < entry ? i + 1 : i;
	for (uint64_t e = 0; e < el->m; e++) {
		el->src[e] = newid[el->src[e]];
		el->dst[e] = newid[el->dst[e]];
	}
	el->n = n;
	if ((st = cfg_from_edges(&g, el)))
		goto out;
	/* A node's name: its last label's first line when it has one, else its id. */
	for (uint32_t i = 0; i < n; i++)
		label[i] = SSA_NONE;
	for (uint32_t j = 0; j < nlab; j++)
		label[lab_node[j]] = j;
	uint64_t total = 0;
	for (uint32_t i = 0; i < n; i++) {
		size_t len;
		if (label[i] != SSA_NONE)
			len = (size_t)(lab_soff[label[i] + 1] - lab_soff[label[i]]);
		else
			names_builder_get(nb, i, &len);
		total += len > NAMES_MAX_LEN ? NAMES_MAX_LEN : len;
	}
	pool = ssa_alloc_array(total + 1, 1);
	if (!pool) {
		st = SSA_ENOMEM;
		goto out;
	}
	soff[0] = 0;
	for (uint32_t i = 0; i < n; i++) {
		size_t len;
		const char *s;
		if (label[i] != SSA_NONE) {
			s = lab_pool + lab_soff[label[i]];
			len = (size_t)(lab_soff[label[i] + 1] - lab_soff[label[i]]);
		} else {
			s = names_builder_get(nb, i, &len);
		}
		if (len > NAMES_MAX_LEN)
			len = NAMES_MAX_LEN;
		memcpy(pool + soff[i], s, len);
		soff[i + 1] = soff[i] + len;
		ids[i] = newid[i];
	}
	if ((st = prog_empty(out, &g, 0)))
		goto out;
	if ((st = names_build(&out->bnames, n, n, ids, soff, pool)))
		prog_free(out);
out:
	cfg_free(&g);
	free(newid);
	free(ids);
	free(soff);
	free(label);
	free(pool);
	if (st == SSA_ENOMEM)
		return io_fail(err, name, 0, st, "out of memory (the graph has %u nodes, %u edges)",
		               n, el->m);
	if (st)
		return io_fail(err, name, 0, st, "cannot build the graph: %s", ssa_status_str(st));
	return SSA_OK;
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
		               errtext(errno, eb, sizeof eb));
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	/* The binary magic starts with 0x89, a byte no text file of ours contains; the first
	 * byte decides, so a truncated binary file still gets binary diagnostics. */
	/* The binary magic starts with 0x89, a byte no text file of ours contains; the first
	 * byte decides, so a truncated binary file still gets binary diagnostics. The text kinds
	 * are told apart by their first tokens (io_sniff), from up to IO_SNIFF_BYTES. */
	unsigned char *pre = malloc(IO_SNIFF_BYTES);
	if (!pre) {
		if (!is_stdin)
			fclose(f);
		return io_fail(err, path, 0, SSA_ENOMEM, "out of memory");
	}
	size_t plen = fread(pre, 1, 1, f);
	int st;
	if (plen == 0 && ferror(f))
		st =
		    io_fail(err, path, 0, SSA_EIO, "read error: %s", errtext(errno, eb, sizeof eb));
	else if (plen == 1 && pre[0] == (unsigned char)IO_SSAB_MAGIC[0])
		st = io_read_bin_prefixed(f, path, pre, plen, known, size, out, err);
	else {
		if (plen)
			plen += fread(pre + 1, 1, IO_SNIFF_BYTES - 1, f);
		if (ferror(f))
			st = io_fail(err, path, 0, SSA_EIO, "read error: %s",
			             errtext(errno, eb, sizeof eb));
		else if (io_sniff(pre, plen) == IO_IN_DOT)
			st = io_read_dot_prefixed(f, path, pre, plen, known, size, out, err);
		else if (io_sniff(pre, plen) == IO_IN_EDGES)
			st = io_read_edges_prefixed(f, path, pre, plen, known, size, out, err);
		else
			st = io_read_text_prefixed(f, path, pre, plen, known, size, out, err);
	}
	free(pre);
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
		               errtext(e, eb, sizeof eb));
	}
	FILE *f = fdopen(fd, "wb");
	if (!f) {
		int e = errno;
		close(fd);
		io_write_pending = NULL;
		unlink(tmp);
		free(tmp);
		return io_fail(err, path, 0, SSA_EIO, "cannot open a stream: %s",
		               errtext(e, eb, sizeof eb));
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
			               errtext(e ? e : EIO, eb, sizeof eb));
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
