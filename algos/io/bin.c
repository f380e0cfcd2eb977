/* The binary format .ssab, version 1: read and write the CSR arrays as they lie in memory
 * behind a 56-byte header (magic, version, flags, n, m, nvars, nops, checksum), so a load is a
 * few large reads plus one validating pass. Layout and checksum, byte by byte:
 * algos/io/README.md, "Binary format".
 * Reading checks every size against the file size before allocating, then the checksum, then the
 * structure (offsets monotone, targets < n, variables < nvars); an error names the byte offset of
 * the bad field. Any change confined to one 32-bit word changes the checksum.
 * Time O(n + m + nops); memory: the program itself, nothing more (predecessors are rebuilt with
 * cfg_build_preds). Writing is the inverse, in the same time. */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Why it is built this way.
 *
 * The file is exactly that long. Checksum: the file's bytes except 48..55, as 32-bit words
 * w_0.. w_{N-1}, go round-robin into four 64-bit lanes h_k (initial values below):
 * h_{i mod 4} = rotl64(h_{i mod 4} ^ w_i, 23) * 0x9E3779B97F4A7C15. Then r = N, and for
 * k = 0..3: r = rotl64(r ^ h_k, 27) * 0xC2B2AE3D27D4EB4F; the checksum is fmix64(r) (MurmurHash3's
 * finalizer). Every step is a bijection of the state it updates, so any change confined to one
 * word (a flipped byte, a torn write of one word) always changes the checksum. Four
 * independent lanes hash at several GB/s.
 *
 * Reading checks every size against the file size (fstat) before allocating, with 64-bit
 * arithmetic that cannot overflow (every count is < 2^32); a stream of unknown size gets its
 * arrays grown with the bytes actually read. Then the checksum, then the structure (offsets
 * monotone from 0 to m / nops, targets < n, variables < nvars); errors name the byte offset
 * of the bad field. Predecessors are rebuilt with cfg_build_preds. Memory: the program
 * itself, nothing more. */

#define HASH_MUL 0x9E3779B97F4A7C15ULL
#define HASH_FIN 0xC2B2AE3D27D4EB4FULL

struct ssab_hash {
	uint64_t h[4];
	uint64_t count;
};

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t lane(uint64_t h, uint32_t w)
{
	return rotl(h ^ w, 23) * HASH_MUL;
}

static void hash_init(struct ssab_hash *s)
{
	/* The fractional digits of pi, as in many hash seeds. */
	s->h[0] = 0x243F6A8885A308D3ULL;
	s->h[1] = 0x13198A2E03707344ULL;
	s->h[2] = 0xA4093822299F31D0ULL;
	s->h[3] = 0x082EFA98EC4E6C89ULL;
	s->count = 0;
}

static void hash_words(struct ssab_hash *s, const uint32_t *w, size_t n)
{
	size_t i = 0;
	for (; i < n && (s->count & 3); i++, s->count++)
		s->h[s->count & 3] = lane(s->h[s->count & 3], w[i]);
	uint64_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	size_t start = i;
	for (; i + 4 <= n; i += 4) {
		a = lane(a, w[i]);
		b = lane(b, w[i + 1]);
		c = lane(c, w[i + 2]);
		d = lane(d, w[i + 3]);
	}
	s->h[0] = a, s->h[1] = b, s->h[2] = c, s->h[3] = d;
	s->count += i - start;
	for (; i < n; i++, s->count++)
		s->h[s->count & 3] = lane(s->h[s->count & 3], w[i]);
}

static uint64_t hash_final(const struct ssab_hash *s)
{
	uint64_t r = s->count;
	for (int k = 0; k < 4; k++)
		r = rotl(r ^ s->h[k], 27) * HASH_FIN;
	r ^= r >> 33;
	r *= 0xFF51AFD7ED558CCDULL;
	r ^= r >> 33;
	r *= 0xC4CEB9FE1A85EC53ULL;
	r ^= r >> 33;
	return r;
}

static uint32_t get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const unsigned char *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put_le64(unsigned char *p, uint64_t v)
{
	put_le32(p, (uint32_t)v);
	put_le32(p + 4, (uint32_t)(v >> 32));
}

static bool host_is_le(void)
{
	return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
}

static void swap_words(uint32_t *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		w[i] = __builtin_bswap32(w[i]);
}

/* The header's words 0..11 (bytes 0..47) into the hash. */
static void hash_header(struct ssab_hash *s, const unsigned char *hdr)
{
	uint32_t w[12];
	for (int i = 0; i < 12; i++)
		w[i] = get_le32(hdr + 4 * i);
	hash_words(s, w, 12);
}

uint64_t io_ssab_checksum(const void *image, size_t len)
{
	const unsigned char *b = image;
	struct ssab_hash s;
	hash_init(&s);
	if (len < IO_SSAB_HEADER_BYTES)
		return 0;
	hash_header(&s, b);
	uint32_t chunk[256];
	size_t words = (len - IO_SSAB_HEADER_BYTES) / 4;
	const unsigned char *p = b + IO_SSAB_HEADER_BYTES;
	while (words) {
		size_t k = words < 256 ? words : 256;
		for (size_t i = 0; i < k; i++)
			chunk[i] = get_le32(p + 4 * i);
		hash_words(&s, chunk, k);
		p += 4 * k;
		words -= k;
	}
	return hash_final(&s);
}

/* ---- writer ---- */

static void write_words(struct io_wbuf *w, const uint32_t *a, size_t n)
{
	if (host_is_le()) {
		io_wbuf_drain(w);
		if (!w->failed && n && fwrite(a, sizeof *a, n, w->f) != n) {
			w->failed = true;
			w->err = errno ? errno : EIO;
		}
		return;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char *q = (unsigned char *)io_wbuf_room(w, 4);
		put_le32(q, a[i]);
		w->len += 4;
	}
}

int io_write_bin(FILE *f, const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	bool has_ops = p->nvars || p->nops;
	unsigned char hdr[IO_SSAB_HEADER_BYTES];
	memcpy(hdr, IO_SSAB_MAGIC, 8);
	put_le32(hdr + 8, IO_SSAB_VERSION);
	put_le32(hdr + 12, has_ops ? IO_SSAB_FLAG_PROG : 0);
	put_le64(hdr + 16, g->n);
	put_le64(hdr + 24, g->m);
	put_le64(hdr + 32, has_ops ? p->nvars : 0);
	put_le64(hdr + 40, has_ops ? p->nops : 0);

	struct ssab_hash s;
	hash_init(&s);
	hash_header(&s, hdr);
	hash_words(&s, g->succ_off, (size_t)g->n + 1);
	hash_words(&s, g->succ, g->m);
	if (has_ops) {
		hash_words(&s, p->op_off, (size_t)g->n + 1);
		hash_words(&s, p->ops, p->nops);
	}
	put_le64(hdr + 48, hash_final(&s));

	struct io_wbuf w;
	if (io_wbuf_open(&w, f))
		return SSA_ENOMEM;
	errno = 0;
	io_wbuf_bytes(&w, hdr, sizeof hdr);
	write_words(&w, g->succ_off, (size_t)g->n + 1);
	write_words(&w, g->succ, g->m);
	if (has_ops) {
		write_words(&w, p->op_off, (size_t)g->n + 1);
		write_words(&w, p->ops, p->nops);
	}
	return io_wbuf_close(&w);
}

/* ---- reader ---- */

struct brd {
	FILE *f;
	const char *name;
	struct io_error *err;
	bool size_known;
	uint64_t size;
	uint64_t off; /* bytes consumed */
};

static int bfail(struct brd *r, uint64_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bfail(struct brd *r, uint64_t at, const char *fmt, ...)
{
	char what[sizeof r->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return io_fail(r->err, r->name, at, SSA_EINPUT, "%s", what);
}

static unsigned long long left_at(const struct brd *r, uint64_t at)
{
	return at < r->size ? (unsigned long long)(r->size - at) : 0;
}

/* Reads count words of section `what` into a new array. Sizes were checked for a regular
 * file; for a stream the array grows with the data that actually arrives. */
static int read_section(struct brd *r, uint64_t count, const char *what, uint32_t **out)
{
	uint64_t at = r->off;
	uint64_t cap = r->size_known ? count : (count < (1u << 20) ? count : (1u << 20));
	uint32_t *a = ssa_alloc_array((size_t)cap, sizeof *a);
	if (!a)
		return io_fail(r->err, r->name, at, SSA_ENOMEM,
		               "out of memory for %llu bytes of %s", (unsigned long long)count * 4,
		               what);
	uint64_t have = 0;
	while (have < count) {
		if (have == cap) {
			uint64_t ncap = cap * 2 > count ? count : cap * 2;
			uint32_t *na = ssa_realloc_array(a, (size_t)ncap, sizeof *na);
			if (!na) {
				free(a);
				return io_fail(r->err, r->name, at, SSA_ENOMEM,
				               "out of memory for %s", what);
			}
			a = na;
			cap = ncap;
		}
		size_t want = (size_t)(cap - have);
		size_t got = fread(a + have, sizeof *a, want, r->f);
		have += got;
		r->off += 4 * (uint64_t)got;
		if (got < want) {
			int io = ferror(r->f);
			int e = errno;
			free(a);
			if (io)
				return io_fail(r->err, r->name, r->off, SSA_EIO, "read error: %s",
				               strerror(e));
			return bfail(
			    r, at, "truncated: header says %llu bytes of %s, file has %llu left",
			    (unsigned long long)count * 4, what, (unsigned long long)(r->off - at));
		}
	}
	if (!host_is_le())
		swap_words(a, (size_t)count);
	*out = a;
	return SSA_OK;
}

/* Offsets monotone from 0 to total; 0 or the status of the error reported at its byte. */
static int check_offsets(struct brd *r, const uint32_t *off, uint32_t n, uint32_t total,
                         uint64_t at, const char *what, const char *totname)
{
	if (off[0] != 0)
		return bfail(r, at, "%s start at %u, not 0", what, off[0]);
	for (uint32_t b = 0; b < n; b++)
		if (off[b + 1] < off[b])
			return bfail(r, at + 4 * ((uint64_t)b + 1),
			             "%s decrease at block %u (%u after %u)", what, b + 1,
			             off[b + 1], off[b]);
	if (off[n] != total)
		return bfail(r, at + 4 * (uint64_t)n, "%s end at %u, header says %s = %u", what,
		             off[n], totname, total);
	return SSA_OK;
}

int io_read_bin_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                         bool size_known, uint64_t size, struct prog *out, struct io_error *err)
{
	memset(out, 0, sizeof *out);
	struct brd r = {.f = f, .name = name, .err = err, .size_known = size_known, .size = size};
	unsigned char hdr[IO_SSAB_HEADER_BYTES];
	if (plen > sizeof hdr)
		plen = sizeof hdr;
	if (plen)
		memcpy(hdr, prefix, plen);
	size_t got = plen + fread(hdr + plen, 1, sizeof hdr - plen, f);
	if (got < sizeof hdr && ferror(f))
		return io_fail(err, name, got, SSA_EIO, "read error: %s", strerror(errno));
	r.off = got;
	size_t mcmp = got < 8 ? got : 8;
	if (memcmp(hdr, IO_SSAB_MAGIC, mcmp) != 0)
		return bfail(&r, 0, "bad magic (not an .ssab file)");
	if (got < sizeof hdr)
		return bfail(&r, got, "truncated: the header needs %u bytes, file has %zu",
		             IO_SSAB_HEADER_BYTES, got);
	uint32_t version = get_le32(hdr + 8), flags = get_le32(hdr + 12);
	uint64_t n = get_le64(hdr + 16), m = get_le64(hdr + 24);
	uint64_t nvars = get_le64(hdr + 32), nops = get_le64(hdr + 40), sum = get_le64(hdr + 48);
	if (version != IO_SSAB_VERSION)
		return bfail(&r, 8, "unsupported version %u (this build reads version %u)", version,
		             IO_SSAB_VERSION);
	if (flags & ~IO_SSAB_FLAG_PROG)
		return bfail(&r, 12, "unknown flags 0x%x", flags & ~IO_SSAB_FLAG_PROG);
	if (n == 0 || n > CFG_MAX_BLOCKS)
		return bfail(&r, 16, "block count %llu out of range 1..%u", (unsigned long long)n,
		             CFG_MAX_BLOCKS);
	if (m > CFG_MAX_EDGES)
		return bfail(&r, 24, "edge count %llu too large (at most %u)",
		             (unsigned long long)m, CFG_MAX_EDGES);
	bool has_ops = flags & IO_SSAB_FLAG_PROG;
	if (nvars > (has_ops ? PROG_MAX_VARS : 0))
		return bfail(
		    &r, 32,
		    has_ops
		        ? "variable count %llu too large (at most %u)"
		        : "variable count %llu in a file without ops (flag bit 0 clear; max %u)",
		    (unsigned long long)nvars, has_ops ? PROG_MAX_VARS : 0);
	if (nops > (has_ops ? UINT32_MAX - 1u : 0))
		return bfail(&r, 40,
		             has_ops
		                 ? "op count %llu too large (at most %u)"
		                 : "op count %llu in a file without ops (flag bit 0 clear; max %u)",
		             (unsigned long long)nops, has_ops ? UINT32_MAX - 1u : 0);

	/* Every count is < 2^32, so these byte counts and their sum fit easily in 64 bits. */
	struct {
		const char *what;
		uint64_t words;
	} sec[4] = {{"successor offsets", n + 1},
	            {"successor targets", m},
	            {"op offsets", has_ops ? n + 1 : 0},
	            {"ops", nops}};
	int nsec = has_ops ? 4 : 2;
	uint64_t at = IO_SSAB_HEADER_BYTES, secat[4];
	for (int i = 0; i < nsec; i++) {
		secat[i] = at;
		uint64_t bytes = sec[i].words * 4;
		if (size_known && size - (at < size ? at : size) < bytes)
			return bfail(&r, at,
			             "truncated: header says %llu bytes of %s, file has %llu left",
			             (unsigned long long)bytes, sec[i].what, left_at(&r, at));
		at += bytes;
	}
	if (size_known && size > at)
		return bfail(&r, at, "%llu trailing bytes after the payload",
		             (unsigned long long)(size - at));

	uint32_t *arr[4] = {NULL, NULL, NULL, NULL};
	int st = SSA_OK;
	for (int i = 0; i < nsec && !st; i++)
		st = read_section(&r, sec[i].words, sec[i].what, &arr[i]);
	if (!st && !size_known) {
		int c = getc(f);
		if (c != EOF)
			st = bfail(&r, r.off, "trailing bytes after the payload");
	}
	if (st)
		goto fail;

	struct ssab_hash s;
	hash_init(&s);
	hash_header(&s, hdr);
	for (int i = 0; i < nsec; i++)
		hash_words(&s, arr[i], (size_t)sec[i].words);
	uint64_t have = hash_final(&s);
	if (have != sum) {
		st = bfail(&r, 48,
		           "checksum mismatch: header says %016llx, contents hash to %016llx "
		           "(the file is corrupted)",
		           (unsigned long long)sum, (unsigned long long)have);
		goto fail;
	}

	uint32_t n32 = (uint32_t)n, m32 = (uint32_t)m, nops32 = (uint32_t)nops;
	if ((st = check_offsets(&r, arr[0], n32, m32, secat[0], "successor offsets", "m")))
		goto fail;
	for (uint32_t e = 0; e < m32; e++)
		if (arr[1][e] >= n32) {
			st = bfail(&r, secat[1] + 4 * (uint64_t)e,
			           "edge %u targets block %u, out of range 0..%u", e, arr[1][e],
			           n32 - 1);
			goto fail;
		}
	if (has_ops) {
		if ((st = check_offsets(&r, arr[2], n32, nops32, secat[2], "op offsets", "nops")))
			goto fail;
		uint32_t nv = (uint32_t)nvars;
		for (uint32_t i = 0; i < nops32; i++)
			if (prog_op_var(arr[3][i]) >= nv) {
				if (nv)
					st = bfail(&r, secat[3] + 4 * (uint64_t)i,
					           "op %u names variable %u, out of range 0..%u", i,
					           prog_op_var(arr[3][i]), nv - 1);
				else
					st = bfail(&r, secat[3] + 4 * (uint64_t)i,
					           "op %u names variable %u, but the header "
					           "declares no variables",
					           i, prog_op_var(arr[3][i]));
				goto fail;
			}
	}

	struct cfg g;
	st = cfg_from_succ_csr(&g, n32, m32, arr[0], arr[1]); /* owns arr[0..1], even on failure */
	arr[0] = arr[1] = NULL;
	if (st) {
		st = io_fail(err, name, 0, st, "out of memory while building predecessors");
		goto fail;
	}
	if (has_ops) {
		prog_init(out, &g, (uint32_t)nvars, nops32, arr[2], arr[3]);
		return SSA_OK;
	}
	if ((st = prog_empty(out, &g, 0))) {
		cfg_free(&g);
		st = io_fail(err, name, 0, st, "out of memory");
	}
	return st;
fail:
	for (int i = 0; i < 4; i++)
		free(arr[i]);
	return st;
}

int io_read_bin(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_bin_prefixed(f, name, NULL, 0, known, size, out, err);
}
