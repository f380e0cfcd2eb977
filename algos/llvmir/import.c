/* The importer: an LLVM module (text or bitcode) -> one struct prog per defined function, with
 * the names of the function, its blocks and its variables (see llvmir.h for the model).
 *
 * Per function, time O(I + m log n + A log A) for I instructions, m CFG edges and A entry-block
 * allocas (a terminator's successor is found by binary search in the blocks sorted by address,
 * a load's or store's address likewise among the variables: flat sorted arrays, no hash maps);
 * memory: the program's CSR, the name pool, and 2 words per block and per alloca of scratch.
 * LLVM's module itself dominates the import's memory (about ten times the .ll size). */
#include "llvmir/llvmir_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(struct io_error *err, const char *file, unsigned long long line, int status,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(struct io_error *err, const char *file, unsigned long long line, int status,
		const char *fmt, ...)
{
	if (!err)
		return status;
	snprintf(err->file, sizeof err->file, "%s", file);
	err->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->what, sizeof err->what, fmt, ap);
	va_end(ap);
	return status;
}

void llvmir_options_default(struct llvmir_options *o)
{
	memset(o, 0, sizeof *o);
}

/* ---- a pool of NUL-terminated strings addressed by 32-bit offsets ---- */

struct pool {
	char *buf;
	size_t len, cap;
};

static int pool_add(struct pool *p, const char *s, size_t n, uint32_t *off)
{
	size_t need;
	if (!ssa_add_ok(p->len, n + 1, &need) || need > UINT32_MAX)
		return SSA_ETOOBIG;
	if (need > p->cap) {
		size_t cap = p->cap ? p->cap : 256;
		while (cap < need)
			cap *= 2;
		char *b = ssa_realloc_array(p->buf, cap, 1);
		if (!b)
			return SSA_ENOMEM;
		p->buf = b;
		p->cap = cap;
	}
	memcpy(p->buf + p->len, s, n);
	p->buf[p->len + n] = 0;
	*off = (uint32_t)p->len;
	p->len = need;
	return SSA_OK;
}

/* A value's name as the IR printer shows it, without the sigil: its own name, or the next slot
 * number when it has none (so the caller must call this for every slot-taking value in order). */
static int pool_value_name(struct pool *p, LLVMValueRef v, uint64_t *slot, uint32_t *off)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(v, &len);
	if (name && len > 0)
		return pool_add(p, name, strnlen(name, len), off);
	char num[24];
	int k = snprintf(num, sizeof num, "%llu", (unsigned long long)(*slot)++);
	return pool_add(p, num, (size_t)k, off);
}

/* Unnamed non-void instructions and arguments take a slot number, named ones do not. */
static void skip_slot(LLVMValueRef v, uint64_t *slot)
{
	size_t len = 0;
	LLVMGetValueName2(v, &len);
	if (len == 0 && LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVoidTypeKind)
		(*slot)++;
}

/* ---- address -> index lookups: sorted flat arrays ---- */

struct addr_idx {
	uintptr_t addr;
	uint32_t idx;
};

static int addr_cmp(const void *a, const void *b)
{
	uintptr_t x = ((const struct addr_idx *)a)->addr, y = ((const struct addr_idx *)b)->addr;
	return x < y ? -1 : x > y;
}

static uint32_t addr_find(const struct addr_idx *t, uint32_t n, uintptr_t addr)
{
	uint32_t lo = 0, hi = n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (t[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && t[lo].addr == addr ? t[lo].idx : SSA_NONE;
}

/* ---- one function ---- */

struct fn_scratch {
	LLVMBasicBlockRef *bbs;
	struct addr_idx *bmap, *vmap;
	uint8_t *reason; /* per entry-block alloca, in order */
	uint64_t cap_bbs, cap_bmap, cap_vmap, cap_reason;
};

static void fn_scratch_free(struct fn_scratch *s)
{
	ssa_free_all(s->bbs, s->bmap, s->vmap, s->reason);
	memset(s, 0, sizeof *s);
}

static int grow(void **p, uint64_t *cap, uint64_t need, size_t size)
{
	if (need <= *cap)
		return SSA_OK;
	void *q = ssa_realloc_array(*p, need, size);
	if (!q)
		return SSA_ENOMEM;
	*p = q;
	*cap = need;
	return SSA_OK;
}

void llvmir_func_free(struct llvmir_func *f)
{
	prog_free(&f->prog);
	ssa_free_all(f->names, f->block_name, f->var_name, f->rej_name, f->rej_reason);
	memset(f, 0, sizeof *f);
}

#define SKIP 1000 /* not a status: the function cannot be modelled, *why says why */

static int import_function(LLVMValueRef fn, const struct llvmir_intrinsics *ids,
			   unsigned optnone_kind, const struct llvmir_options *opt, struct fn_scratch *s,
			   struct llvmir_func *out, uint64_t *mem_used, char *why, size_t whylen)
{
	memset(out, 0, sizeof *out);
	uint64_t max_blocks = opt->max_blocks ? opt->max_blocks : CFG_MAX_BLOCKS;
	if (max_blocks > CFG_MAX_BLOCKS)
		max_blocks = CFG_MAX_BLOCKS;
	uint64_t n = LLVMCountBasicBlocks(fn);
	if (n == 0 || n > max_blocks) {
		snprintf(why, whylen, "%llu blocks, more than the limit of %llu",
			 (unsigned long long)n, (unsigned long long)max_blocks);
		return SKIP;
	}
	int st = grow((void **)&s->bbs, &s->cap_bbs, n, sizeof *s->bbs);
	if (st == SSA_OK)
		st = grow((void **)&s->bmap, &s->cap_bmap, n, sizeof *s->bmap);
	if (st != SSA_OK)
		return st;
	LLVMGetBasicBlocks(fn, s->bbs);
	uint64_t m = 0;
	for (uint64_t b = 0; b < n; b++) {
		s->bmap[b].addr = (uintptr_t)s->bbs[b];
		s->bmap[b].idx = (uint32_t)b;
		LLVMValueRef term = LLVMGetBasicBlockTerminator(s->bbs[b]);
		if (!term) {
			snprintf(why, whylen, "block %llu has no terminator", (unsigned long long)b);
			return SKIP;
		}
		m += LLVMGetNumSuccessors(term);
	}
	if (m > CFG_MAX_EDGES) {
		snprintf(why, whylen, "%llu CFG edges, more than %u", (unsigned long long)m,
			 CFG_MAX_EDGES);
		return SKIP;
	}
	qsort(s->bmap, n, sizeof *s->bmap, addr_cmp);

	/* The entry block's allocas: which are variables. mem2reg never runs on an optnone
	 * function (the pass manager skips it), so none of its allocas is one, whatever its uses. */
	bool optnone = optnone_kind &&
		       LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone_kind);
	uint64_t nallocas = 0, nvars = 0;
	for (LLVMValueRef i = LLVMGetFirstInstruction(s->bbs[0]); i; i = LLVMGetNextInstruction(i))
		nallocas += LLVMIsAAllocaInst(i) != NULL;
	if ((st = grow((void **)&s->reason, &s->cap_reason, nallocas, 1)) != SSA_OK ||
	    (st = grow((void **)&s->vmap, &s->cap_vmap, nallocas, sizeof *s->vmap)) != SSA_OK)
		return st;
	uint64_t k = 0;
	for (LLVMValueRef i = LLVMGetFirstInstruction(s->bbs[0]); i; i = LLVMGetNextInstruction(i)) {
		if (!LLVMIsAAllocaInst(i))
			continue;
		enum llvmir_reject r = optnone ? LLVMIR_REJ_OPTNONE : llvmir_promotable(ids, i);
		s->reason[k++] = (uint8_t)r;
		if (r == LLVMIR_PROMOTABLE) {
			s->vmap[nvars].addr = (uintptr_t)i;
			s->vmap[nvars].idx = (uint32_t)nvars;
			nvars++;
		}
	}
	if (nvars > PROG_MAX_VARS) {
		snprintf(why, whylen, "%llu variables, more than %u", (unsigned long long)nvars,
			 PROG_MAX_VARS);
		return SKIP;
	}
	if (nvars > 1) /* qsort must not see the NULL of an empty table */
		qsort(s->vmap, nvars, sizeof *s->vmap, addr_cmp);
	uint32_t nrej = (uint32_t)(nallocas - nvars);

	/* Memory of what this function keeps, before allocating it: the CSR (ops bounded by the
	 * instructions, counted as they come), the name arrays. */
	uint64_t need = ssa_sat_add(prog_bytes(n, m, 0),
				    ssa_bytes(n + nvars + nallocas, sizeof(uint32_t) + 1));
	if (opt->mem_limit && ssa_sat_add(*mem_used, need) > opt->mem_limit)
		return SSA_ETOOBIG;

	struct pool pool = {0};
	uint32_t *succ_off = ssa_alloc_array(n + 1, sizeof *succ_off);
	uint32_t *succ = ssa_alloc_array(m, sizeof *succ);
	uint32_t *op_off = ssa_alloc_array(n + 1, sizeof *op_off);
	uint32_t *ops = NULL;
	uint64_t nops = 0, ops_cap = 0;
	out->block_name = ssa_alloc_array(n, sizeof *out->block_name);
	out->var_name = ssa_alloc_array(nvars, sizeof *out->var_name);
	out->rej_name = ssa_alloc_array(nrej, sizeof *out->rej_name);
	out->rej_reason = ssa_alloc_array(nrej, 1);
	if (!succ_off || !succ || !op_off || !out->block_name || !out->var_name || !out->rej_name ||
	    !out->rej_reason) {
		st = SSA_ENOMEM;
		goto fail;
	}
	size_t flen = 0;
	const char *fname = LLVMGetValueName2(fn, &flen);
	uint64_t slot = 0;
	if (fname && flen)
		st = pool_add(&pool, fname, strnlen(fname, flen), &out->name);
	else /* an unnamed function (@0): the module's numbering is not tracked, keep it simple */
		st = pool_add(&pool, "", 0, &out->name);
	if (st != SSA_OK)
		goto fail;
	for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
		skip_slot(a, &slot);

	uint64_t e = 0, ninstrs = 0, var_seen = 0, rej_seen = 0;
	for (uint64_t b = 0; b < n; b++) {
		LLVMBasicBlockRef bb = s->bbs[b];
		if ((st = pool_value_name(&pool, LLVMBasicBlockAsValue(bb), &slot,
					  &out->block_name[b])) != SSA_OK)
			goto fail;
		op_off[b] = (uint32_t)nops;
		succ_off[b] = (uint32_t)e;
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
			ninstrs++;
			LLVMValueRef addr = NULL;
			uint32_t kind = PROG_USE;
			if (LLVMIsALoadInst(i)) {
				addr = LLVMGetOperand(i, 0);
			} else if (LLVMIsAStoreInst(i)) {
				addr = LLVMGetOperand(i, 1);
				kind = PROG_DEF;
			} else if (b == 0 && LLVMIsAAllocaInst(i)) {
				/* The allocas come in the order their reasons were recorded. */
				uint8_t r = s->reason[var_seen + rej_seen];
				uint32_t *dst;
				if (r == LLVMIR_PROMOTABLE) {
					dst = &out->var_name[var_seen++];
				} else {
					out->rej_reason[rej_seen] = r;
					dst = &out->rej_name[rej_seen++];
				}
				if ((st = pool_value_name(&pool, i, &slot, dst)) != SSA_OK)
					goto fail;
				continue;
			}
			skip_slot(i, &slot);
			if (!addr || !LLVMIsAAllocaInst(addr))
				continue;
			uint32_t v = addr_find(s->vmap, (uint32_t)nvars, (uintptr_t)addr);
			if (v == SSA_NONE)
				continue;
			if (nops >= UINT32_MAX - 1u) {
				snprintf(why, whylen, "more than %u variable accesses", UINT32_MAX - 2u);
				st = SKIP;
				goto fail;
			}
			if (nops == ops_cap) {
				uint64_t c = ops_cap ? 2 * ops_cap : 64;
				if (opt->mem_limit &&
				    ssa_sat_add(ssa_sat_add(*mem_used, need), c * 4) > opt->mem_limit) {
					st = SSA_ETOOBIG;
					goto fail;
				}
				uint32_t *o = ssa_realloc_array(ops, c, sizeof *ops);
				if (!o) {
					st = SSA_ENOMEM;
					goto fail;
				}
				ops = o;
				ops_cap = c;
			}
			ops[nops++] = prog_op(v, kind);
		}
		LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
		unsigned ns = LLVMGetNumSuccessors(term);
		for (unsigned j = 0; j < ns; j++)
			succ[e++] = addr_find(s->bmap, (uint32_t)n,
					      (uintptr_t)LLVMGetSuccessor(term, j));
	}
	op_off[n] = (uint32_t)nops;
	succ_off[n] = (uint32_t)e;
	if (!ops && !(ops = ssa_alloc_array(0, sizeof *ops))) {
		st = SSA_ENOMEM;
		goto fail;
	}
	struct cfg g;
	st = cfg_from_succ_csr(&g, (uint32_t)n, (uint32_t)m, succ_off, succ);
	succ_off = succ = NULL; /* owned by g, or freed by it on failure */
	if (st != SSA_OK)
		goto fail;
	prog_init(&out->prog, &g, (uint32_t)nvars, (uint32_t)nops, op_off, ops);
	op_off = ops = NULL;
	out->names = pool.buf;
	out->ninstrs = ninstrs;
	out->nrejected = nrej;
	out->optnone = optnone;
	*mem_used = ssa_sat_add(*mem_used, ssa_sat_add(need, ssa_sat_add(pool.cap, nops * 4)));
	return SSA_OK;
fail:
	ssa_free_all(succ_off, succ, op_off, ops, pool.buf);
	llvmir_func_free(out);
	return st;
}

/* ---- the module ---- */

struct diag_state {
	char msg[256];
	bool have;
};

/* LLVM reports some problems (bitcode errors, warnings while parsing) through the context; the
 * default handler would print them, or exit on an error. Keep the first error instead. */
static void on_diagnostic(LLVMDiagnosticInfoRef di, void *opaque)
{
	struct diag_state *d = opaque;
	if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->have)
		return;
	char *s = LLVMGetDiagInfoDescription(di);
	snprintf(d->msg, sizeof d->msg, "%s", s ? s : "unknown error");
	LLVMDisposeMessage(s);
	d->have = true;
}

/* The first line of an LLVM message, with "path:L:C: error: " turned into line L and "column
 * C: ". Messages without a location are kept whole (first line). */
static int fail_llvm(struct io_error *err, const char *path, const char *what, const char *msg)
{
	const char *end = strchr(msg, '\n');
	size_t len = end ? (size_t)(end - msg) : strlen(msg);
	size_t plen = strlen(path);
	unsigned long long line = 0, col = 0;
	const char *rest = msg;
	if (len > plen + 1 && strncmp(msg, path, plen) == 0 && msg[plen] == ':') {
		const char *c = msg + plen + 1;
		char *stop;
		line = strtoull(c, &stop, 10);
		if (stop != c && *stop == ':') {
			const char *c2 = stop + 1;
			col = strtoull(c2, &stop, 10);
			if (stop == c2)
				col = 0;
			rest = stop;
		} else {
			line = 0;
			rest = c;
		}
		while (rest < msg + len && (*rest == ':' || *rest == ' '))
			rest++;
	}
	if (strncmp(rest, "error: ", 7) == 0)
		rest += 7;
	int rlen = (int)(len - (size_t)(rest - msg));
	if (col)
		return fail(err, path, line, SSA_EINPUT, "%s: column %llu: %.*s", what, col, rlen, rest);
	return fail(err, path, line, SSA_EINPUT, "%s: %.*s", what, rlen, rest);
}

void llvmir_module_free(struct llvmir_module *m)
{
	for (uint32_t i = 0; i < m->nfuncs; i++)
		llvmir_func_free(&m->funcs[i]);
	ssa_free_all(m->funcs, m->warnings, m->warning);
	memset(m, 0, sizeof *m);
}

static bool is_bitcode(const unsigned char *p, size_t n)
{
	return n >= 4 && ((p[0] == 'B' && p[1] == 'C' && p[2] == 0xC0 && p[3] == 0xDE) ||
			  (p[0] == 0xDE && p[1] == 0xC0 && p[2] == 0x17 && p[3] == 0x0B));
}

/* ---- saying when a module is from another LLVM than the linked one ---- */

/* A field of w bits at bit offset at of p (LLVM's bitstream is little-endian, bit by bit). */
static unsigned bits_at(const unsigned char *p, uint64_t at, unsigned w)
{
	unsigned v = 0;
	for (unsigned i = 0; i < w; i++)
		v |= (unsigned)((p[(at + i) / 8] >> ((at + i) % 8)) & 1u) << i;
	return v;
}

/* A 6-bit character of LLVM's char6 encoding as ASCII, 0 when it is not a digit or a dot. */
static char char6_digit(unsigned v)
{
	return v >= 52 && v <= 61 ? (char)('0' + (v - 52)) : v == 62 ? '.' : 0;
}

/* The producer string of a bitcode module ("LLVM22.1.8"), found without a bitstream reader:
 * LLVM writes it early, in its identification block, as an array of 6-bit characters (or of
 * 8-bit ones when it has characters outside that set, e.g. a '-'), so look for
 * "LLVM" and a digit in either encoding at every bit offset of the first bytes and read on
 * while the characters are digits or dots. Only used to word an error, so a rare miss costs a
 * sentence. */
static void bitcode_producer(const unsigned char *p, size_t n, char *out, size_t outlen)
{
	out[0] = 0;
	if (outlen < 8)
		return;
	if (n > 512)
		n = 512;
	uint64_t nbits = (uint64_t)n * 8;
	static const unsigned llvm6[4] = {37, 37, 47, 38}; /* 'L' 'L' 'V' 'M' in char6 */
	for (unsigned w = 6; w <= 8; w += 2) {
		for (uint64_t at = 0; at + 5 * w <= nbits; at++) {
			bool hit = true;
			for (unsigned k = 0; k < 4 && hit; k++)
				hit = bits_at(p, at + k * w, w) == (w == 6 ? llvm6[k] : (unsigned)"LLVM"[k]);
			if (!hit)
				continue;
			size_t len = 4;
			memcpy(out, "LLVM", 4);
			for (uint64_t b = at + 4 * w; b + w <= nbits && len + 1 < outlen; b += w) {
				unsigned v = bits_at(p, b, w);
				char c = w == 6 ? char6_digit(v)
						: ((v >= '0' && v <= '9') || v == '.') ? (char)v : 0;
				if (!c)
					break;
				out[len++] = c;
			}
			out[len] = 0;
			if (len > 4)
				return;
			out[0] = 0;
		}
	}
}

/* The major version in "LLVM<major>...", 0 if there is none. LLVM's bitcode errors name the
 * producer themselves ("(Producer: 'LLVM23.0.0git' Reader: 'LLVM 22.1.8')"). */
static unsigned producer_major(const char *producer, const char *msg)
{
	const char *s = msg ? strstr(msg, "Producer: 'LLVM") : NULL;
	s = s ? s + 15 : (strncmp(producer, "LLVM", 4) == 0 ? producer + 4 : NULL);
	return s ? (unsigned)strtoul(s, NULL, 10) : 0;
}

/* Appends one sentence to err->what, shortening LLVM's message if both do not fit. */
static void append_sentence(struct io_error *err, const char *sentence)
{
	if (!err)
		return;
	size_t cap = sizeof err->what, w = strlen(err->what), h = strlen(sentence);
	if (h + 8 >= cap)
		return;
	if (w + 2 + h + 1 > cap) {
		w = cap - 1 - h - 2 - 3;
		memcpy(err->what + w, "...", 3);
		w += 3;
	}
	snprintf(err->what + w, cap - w, ". %s", sentence);
}

/* After LLVM refused a module: say so when it looks newer than the linked LLVM (its producer
 * names a later major version, or it uses a record, attribute or opcode LLVM does not know) or
 * is text in a syntax LLVM no longer reads. */
static void add_hint(struct io_error *err, bool bitcode, const char *producer, const char *msg)
{
	unsigned maj = 0, min = 0, pat = 0;
	LLVMGetVersion(&maj, &min, &pat);
	unsigned pmaj = bitcode ? producer_major(producer, msg) : 0;
	char s[200];
	if (pmaj > maj) {
		snprintf(s, sizeof s, "It was written by LLVM %u, newer than the LLVM %u.%u.%u linked "
			 "here: ask for LLVM %u output or rebuild with a newer LLVM", pmaj, maj, min,
			 pat, maj);
	} else if (pmaj == 0 && (strstr(msg, "Unknown") || strstr(msg, "unknown") ||
				 strstr(msg, "Incompatible epoch") ||
				 strstr(msg, "expected instruction opcode"))) {
		snprintf(s, sizeof s, "LLVM %u.%u.%u does not know a kind used here: the module may "
			 "come from a newer LLVM", maj, min, pat);
	} else if (!bitcode && (strstr(msg, "expected comma after load's type") ||
				strstr(msg, "expected comma after getelementptr's type"))) {
		snprintf(s, sizeof s, "This looks like text IR of LLVM 3.6 or older (load or "
			 "getelementptr without its type), which LLVM no longer reads; that LLVM's "
			 "bitcode still reads");
	} else {
		return;
	}
	append_sentence(err, s);
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGABRT: return "SIGABRT";
	case SIGBUS: return "SIGBUS";
	case SIGILL: return "SIGILL";
	case SIGFPE: return "SIGFPE";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGXCPU: return "SIGXCPU";
	case SIGTRAP: return "SIGTRAP";
	default: return NULL;
	}
}

/* The error for a child that did not come back normally (isolate.c). */
static int fail_child(struct io_error *err, const char *path, const struct llvmir_child_result *cr,
		      const struct llvmir_options *opt, const unsigned char *p, size_t n,
		      bool bitcode)
{
	int st = SSA_EINPUT;
	switch (cr->kind) {
	case LLVMIR_CHILD_SIGNAL: {
		const char *name = signal_name(cr->code);
		char sig[32];
		if (!name) {
			snprintf(sig, sizeof sig, "signal %d", cr->code);
			name = sig;
		}
		if (opt->mem_limit)
			fail(err, path, 0, st, "LLVM crashed (%s) while reading or verifying this "
			     "module, with its memory capped at %llu MB (it may have run out)", name,
			     (unsigned long long)(opt->mem_limit >> 20));
		else
			fail(err, path, 0, st, "LLVM crashed (%s) while reading or verifying this "
			     "module", name);
		break;
	}
	case LLVMIR_CHILD_FATAL:
		fail(err, path, 0, st, "LLVM stopped with a fatal error while reading or verifying "
		     "this module: %s", cr->reason[0] ? cr->reason : "no reason given");
		break;
	case LLVMIR_CHILD_EXIT:
		fail(err, path, 0, st, "LLVM exited with status %d while reading or verifying this "
		     "module", cr->code);
		break;
	case LLVMIR_CHILD_NOSTART:
		return fail(err, path, 0, SSA_ENOMEM, "cannot start the process that checks the "
			    "module: %s", strerror(cr->code));
	default:
		return fail(err, path, 0, SSA_EIO, "cannot wait for the process that checks the "
			    "module: %s (is SIGCHLD ignored?)", strerror(cr->code));
	}
	char producer[64] = "";
	if (bitcode)
		bitcode_producer(p, n, producer, sizeof producer);
	add_hint(err, bitcode, producer, "");
	return st;
}

int llvmir_read(const char *path, const struct llvmir_options *opt_in, struct llvmir_module *out,
		struct io_error *err)
{
	memset(out, 0, sizeof *out);
	struct llvmir_options opt;
	if (opt_in)
		opt = *opt_in;
	else
		llvmir_options_default(&opt);
	char *msg = NULL;
	LLVMMemoryBufferRef buf = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
		int st = fail(err, path, 0, SSA_EIO, "cannot read: %s", msg ? msg : "unknown error");
		LLVMDisposeMessage(msg);
		return st;
	}
	size_t size = LLVMGetBufferSize(buf);
	bool bitcode = is_bitcode((const unsigned char *)LLVMGetBufferStart(buf), size);
	uint64_t mem_used = ssa_bytes(size, LLVMIR_LLVM_BYTES_PER_INPUT_BYTE);
	if (opt.mem_limit && mem_used > opt.mem_limit) {
		LLVMDisposeMemoryBuffer(buf);
		return fail(err, path, 0, SSA_ETOOBIG,
			    "a module of %zu bytes needs about %llu MB in LLVM, over the limit of "
			    "%llu MB", size, (unsigned long long)(mem_used >> 20),
			    (unsigned long long)(opt.mem_limit >> 20));
	}

	/* A crash of LLVM on this input happens in the child, not here. The child also ran the
	 * verifier on these very bytes, so when it accepted the module this process does not
	 * verify again: the isolation costs one extra parse, not a parse and a verification. */
	bool verify = !opt.no_verify;
	if (!opt.no_isolation) {
		struct llvmir_child_result cr;
		llvmir_check_in_child(buf, bitcode, verify, opt.mem_limit, &cr);
		if (cr.kind != LLVMIR_CHILD_OK && cr.kind != LLVMIR_CHILD_REFUSED) {
			int st = fail_child(err, path, &cr, &opt,
					    (const unsigned char *)LLVMGetBufferStart(buf), size, bitcode);
			LLVMDisposeMemoryBuffer(buf);
			return st;
		}
		if (cr.kind == LLVMIR_CHILD_OK)
			verify = false;
	}

	/* For the hint on failure: text parsing consumes buf. */
	char producer[64] = "";
	if (bitcode)
		bitcode_producer((const unsigned char *)LLVMGetBufferStart(buf), size, producer,
				 sizeof producer);
	struct diag_state diag = {.have = false};
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, &diag);
	LLVMModuleRef mod = NULL;
	int st = SSA_OK;
	if (bitcode) {
		if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
			mod = NULL;
			st = fail(err, path, 0, SSA_EINPUT, "invalid bitcode: %s",
				  diag.have ? diag.msg : "LLVM gave no reason");
			add_hint(err, true, producer, diag.have ? diag.msg : "");
		}
		LLVMDisposeMemoryBuffer(buf);
	} else if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) { /* takes buf */
		mod = NULL;
		st = fail_llvm(err, path, "invalid LLVM IR", msg ? msg : "LLVM gave no reason");
		add_hint(err, false, "", msg ? msg : "");
		LLVMDisposeMessage(msg);
	}
	msg = NULL;
	if (st == SSA_OK && verify && LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
		st = fail_llvm(err, path, "LLVM's verifier rejects the module",
			       msg && *msg ? msg : "no reason given");
	}
	LLVMDisposeMessage(msg);
	if (st != SSA_OK)
		goto done;

	uint32_t ndef = 0;
	for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
		if (LLVMIsDeclaration(f))
			out->ndeclared++;
		else
			ndef++;
	}
	out->funcs = ssa_calloc_array(ndef, sizeof *out->funcs);
	out->warning = ssa_alloc_array(ndef, sizeof *out->warning);
	if (!out->funcs || !out->warning) {
		st = fail(err, path, 0, SSA_ENOMEM, "out of memory");
		goto done;
	}
	struct llvmir_intrinsics ids;
	llvmir_intrinsics_init(&ids);
	unsigned optnone_kind = LLVMGetEnumAttributeKindForName("optnone", 7);
	struct fn_scratch scratch = {0};
	struct pool warn = {0};
	for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && st == SSA_OK; f = LLVMGetNextFunction(f)) {
		if (LLVMIsDeclaration(f))
			continue;
		char why[160];
		int r = import_function(f, &ids, optnone_kind, &opt, &scratch,
					&out->funcs[out->nfuncs], &mem_used, why, sizeof why);
		if (r == SSA_OK) {
			out->noptnone += out->funcs[out->nfuncs].optnone;
			out->nfuncs++;
		} else if (r == SKIP) {
			size_t len = 0;
			const char *name = LLVMGetValueName2(f, &len);
			char line[512];
			int k = snprintf(line, sizeof line, "function '%.*s' skipped: %s",
					 (int)(len > 200 ? 200 : len), name ? name : "", why);
			r = pool_add(&warn, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1,
				     &out->warning[out->nskipped]);
			if (r == SSA_OK)
				out->nskipped++;
		}
		if (r == SSA_ETOOBIG)
			st = fail(err, path, 0, r,
				  "importing function %u needs more than the memory limit of %llu MB",
				  out->nfuncs + out->nskipped, (unsigned long long)(opt.mem_limit >> 20));
		else if (r != SSA_OK)
			st = fail(err, path, 0, r, "importing: %s", ssa_status_str(r));
	}
	fn_scratch_free(&scratch);
	out->warnings = warn.buf ? warn.buf : ssa_alloc_array(0, 1);
	out->input_bytes = size;
	out->bitcode = bitcode;
done:
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	if (st != SSA_OK)
		llvmir_module_free(out);
	return st;
}
