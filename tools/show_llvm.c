/* show: C and LLVM IR input. A C file goes through the clang of the importer's LLVM (-O0
 * without optnone, value names kept) into a temporary .ll; the LLVM IR importer makes one
 * program of one function. Then the same IR is read once more through LLVM's C API for what
 * the program model leaves out: what each definition (a store to a variable's alloca) stores,
 * as C-like text ("0", "a", "x + i", "f(n)"), so the views print `d c = a` and the renamed form
 * `c.1 = a.0` instead of a bare use and definition. The walk visits loads and stores in the
 * importer's order and must meet the program's operations one for one, or no rhs is given. */
#include "show.h"

#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void show_rhs_free(struct show_rhs *r)
{
	ssa_free_all(r->rhs, r->reads, r->pool, NULL);
	memset(r, 0, sizeof *r);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

enum show_source show_source_of(const char *path)
{
	static const char *const cxx[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".CPP", ".cp"};
	for (size_t k = 0; k < sizeof cxx / sizeof cxx[0]; k++)
		if (has_suffix(path, cxx[k]))
			return SHOW_SRC_C;
	if (has_suffix(path, ".rs"))
		return SHOW_SRC_RUST;
	if (has_suffix(path, ".ll") || has_suffix(path, ".bc"))
		return SHOW_SRC_IR;
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
	if (!f)
		return SHOW_SRC_GRAPH; /* io_read_prog says why it cannot be read */
	unsigned char buf[4096];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	return io_sniff(buf, n) == IO_IN_LLVM ? SHOW_SRC_IR : SHOW_SRC_GRAPH;
}

#ifndef SSALAB_HAVE_LLVMIR

int show_read_llvm(const char *path, const char *func, struct prog *out, struct show_rhs *rhs)
{
	(void)func;
	(void)out;
	(void)rhs;
	fprintf(stderr, "show: %s is %s: this show was built without the LLVM IR importer "
	                "(install the newest llvm-N-dev and clang-N: tools/ssalab deps; then "
	                "rebuild)\n",
	        path, show_source_of(path) == SHOW_SRC_C ? "C or C++" : "LLVM IR");
	return 1;
}

#else

#include "llvmir/llvmir.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#ifndef SSALAB_LLVM_BINDIR
#define SSALAB_LLVM_BINDIR ""
#endif
#ifndef SSALAB_LLVM_MAJOR
#define SSALAB_LLVM_MAJOR 16
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

/* The clang of the importer's LLVM: $SSALAB_CLANG, else the clang beside llvm-config, else
 * clang-<major> from PATH. */
static const char *clang_path(char *buf, size_t len)
{
	const char *env = getenv("SSALAB_CLANG");
	if (env && *env)
		return env;
	snprintf(buf, len, "%s/clang", SSALAB_LLVM_BINDIR);
	if (SSALAB_LLVM_BINDIR[0] && access(buf, X_OK) == 0)
		return buf;
	snprintf(buf, len, "clang-%s", STR(SSALAB_LLVM_MAJOR));
	return buf;
}

/* C to text IR in ll (a temporary file): clang at -O0 without optnone (mem2reg could run) and
 * keeping value names, so the C variables keep their names. 0, or an exit status. */
static int compile_c(const char *c, const char *ll)
{
	char buf[4200];
	const char *clang = clang_path(buf, sizeof buf);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "show: cannot run %s: %s\n", clang, strerror(errno));
		return 1;
	}
	if (pid == 0) {
		execlp(clang, clang, "-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
		       "-S", "-emit-llvm", "-o", ll, c, (char *)NULL);
		fprintf(stderr, "show: %s is C or C++ and needs clang to be read: %s: %s (install clang-%s, "
		                "or set SSALAB_CLANG)\n", c, clang, strerror(errno),
		        STR(SSALAB_LLVM_MAJOR));
		_exit(127);
	}
	int ws;
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return 1;
	if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0)
		return 0;
	if (!(WIFEXITED(ws) && WEXITSTATUS(ws) == 127))
		fprintf(stderr, "show: %s failed on %s (its messages are above)\n", clang, c);
	return 1;
}

/* ---- what definitions store ---- */

/* An rhs longer than this prints as "…": the view is for reading, not for the whole IR. */
#define RHS_MAX 120
#define RHS_DEPTH 4

struct rhs_walk {
	const struct prog *p;
	LLVMValueRef *var_alloca; /* nvars */
	LLVMValueRef *load;       /* loads of variables, sorted by address ... */
	uint32_t *load_op;        /* ... and their use ops */
	uint32_t nloads;
	struct show_rhs *out;
	uint32_t def; /* the definition being described */
	char buf[RHS_MAX + 64];
	size_t len;
	bool full;
};

static void put(struct rhs_walk *w, const char *s)
{
	size_t l = strlen(s);
	if (w->len + l > RHS_MAX) {
		w->full = true;
		return;
	}
	memcpy(w->buf + w->len, s, l + 1);
	w->len += l;
}

static uint32_t var_of_alloca(const struct rhs_walk *w, LLVMValueRef a)
{
	for (uint32_t x = 0; x < w->p->nvars; x++)
		if (w->var_alloca[x] == a)
			return x;
	return SSA_NONE;
}

static uint32_t op_of_load(const struct rhs_walk *w, LLVMValueRef l)
{
	uint32_t lo = 0, hi = w->nloads;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if ((uintptr_t)w->load[mid] < (uintptr_t)l)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < w->nloads && w->load[lo] == l ? w->load_op[lo] : SSA_NONE;
}

static const char *binop(LLVMOpcode op)
{
	switch (op) {
	case LLVMAdd: case LLVMFAdd: return " + ";
	case LLVMSub: case LLVMFSub: return " - ";
	case LLVMMul: case LLVMFMul: return " * ";
	case LLVMSDiv: case LLVMUDiv: case LLVMFDiv: return " / ";
	case LLVMSRem: case LLVMURem: case LLVMFRem: return " % ";
	case LLVMShl: return " << ";
	case LLVMLShr: case LLVMAShr: return " >> ";
	case LLVMAnd: return " & ";
	case LLVMOr: return " | ";
	case LLVMXor: return " ^ ";
	default: return NULL;
	}
}

static const char *cmpop(LLVMValueRef i)
{
	if (LLVMIsAICmpInst(i)) {
		switch (LLVMGetICmpPredicate(i)) {
		case LLVMIntEQ: return " == ";
		case LLVMIntNE: return " != ";
		case LLVMIntSGT: case LLVMIntUGT: return " > ";
		case LLVMIntSGE: case LLVMIntUGE: return " >= ";
		case LLVMIntSLT: case LLVMIntULT: return " < ";
		case LLVMIntSLE: case LLVMIntULE: return " <= ";
		}
		return NULL;
	}
	switch (LLVMGetFCmpPredicate(i)) {
	case LLVMRealOEQ: case LLVMRealUEQ: return " == ";
	case LLVMRealONE: case LLVMRealUNE: return " != ";
	case LLVMRealOGT: case LLVMRealUGT: return " > ";
	case LLVMRealOGE: case LLVMRealUGE: return " >= ";
	case LLVMRealOLT: case LLVMRealULT: return " < ";
	case LLVMRealOLE: case LLVMRealULE: return " <= ";
	default: return NULL;
	}
}

static void put_name(struct rhs_walk *w, LLVMValueRef val, const char *none)
{
	size_t l = 0;
	const char *s = LLVMGetValueName2(val, &l);
	if (!s || !l || l > 64) {
		put(w, none);
		return;
	}
	char b[72];
	memcpy(b, s, l);
	b[l] = '\0';
	put(w, b);
}

/* C-like text of the value val: constants, variables (as references to their use ops),
 * arguments, globals, arithmetic, comparisons, casts (left out), calls, selects; anything
 * else, or deeper than RHS_DEPTH, is "…". */
static void expr(struct rhs_walk *w, LLVMValueRef val, int depth, bool top)
{
	char b[64];
	if (w->full)
		return;
	if (depth > RHS_DEPTH) {
		put(w, "…");
		return;
	}
	if (LLVMIsAConstantInt(val)) {
		snprintf(b, sizeof b, "%lld", LLVMConstIntGetSExtValue(val));
		put(w, LLVMGetIntTypeWidth(LLVMTypeOf(val)) == 1 ? (LLVMConstIntGetZExtValue(val) ? "1" : "0") : b);
	} else if (LLVMIsAConstantFP(val)) {
		LLVMBool lost;
		snprintf(b, sizeof b, "%g", LLVMConstRealGetDouble(val, &lost));
		put(w, b);
	} else if (LLVMIsAConstantPointerNull(val)) {
		put(w, "NULL");
	} else if (LLVMIsAUndefValue(val)) {
		put(w, "undef");
	} else if (LLVMIsAArgument(val) || LLVMIsAGlobalValue(val)) {
		put_name(w, val, "…");
	} else if (LLVMIsALoadInst(val)) {
		LLVMValueRef addr = LLVMGetOperand(val, 0);
		uint32_t op = var_of_alloca(w, addr) != SSA_NONE ? op_of_load(w, val) : SSA_NONE;
		if (op != SSA_NONE) {
			snprintf(b, sizeof b, "\x01%u\x02", op);
			put(w, b);
			/* a load that only feeds this definition prints inside it */
			LLVMUseRef u = LLVMGetFirstUse(val);
			if (u && !LLVMGetNextUse(u))
				w->out->reads[op] = w->def;
		} else if (LLVMIsAAllocaInst(addr) || LLVMIsAGlobalValue(addr)) {
			put_name(w, addr, "…"); /* memory by name: an array, an escaped local, a global */
		} else {
			put(w, "*");
			expr(w, addr, depth + 1, false);
		}
	} else if (LLVMIsAGetElementPtrInst(val) && LLVMGetNumOperands(val) >= 2) {
		expr(w, LLVMGetOperand(val, 0), depth + 1, false);
		put(w, "[");
		expr(w, LLVMGetOperand(val, LLVMGetNumOperands(val) - 1), depth + 1, true);
		put(w, "]");
	} else if (LLVMIsAUnaryOperator(val) && LLVMGetInstructionOpcode(val) == LLVMFNeg) {
		put(w, "-");
		expr(w, LLVMGetOperand(val, 0), depth + 1, false);
	} else if (LLVMIsABinaryOperator(val) && binop(LLVMGetInstructionOpcode(val))) {
		LLVMValueRef a = LLVMGetOperand(val, 0), c = LLVMGetOperand(val, 1);
		LLVMOpcode op = LLVMGetInstructionOpcode(val);
		if (op == LLVMSub && LLVMIsAConstantInt(a) && !LLVMConstIntGetSExtValue(a)) {
			put(w, "-");
			expr(w, c, depth + 1, false);
			return;
		}
		if (op == LLVMXor && LLVMIsAConstantInt(c) && LLVMConstIntGetSExtValue(c) == -1) {
			put(w, "~");
			expr(w, a, depth + 1, false);
			return;
		}
		put(w, top ? "" : "(");
		expr(w, a, depth + 1, false);
		put(w, binop(op));
		expr(w, c, depth + 1, false);
		put(w, top ? "" : ")");
	} else if ((LLVMIsAICmpInst(val) || LLVMIsAFCmpInst(val)) && cmpop(val)) {
		put(w, top ? "" : "(");
		expr(w, LLVMGetOperand(val, 0), depth + 1, false);
		put(w, cmpop(val));
		expr(w, LLVMGetOperand(val, 1), depth + 1, false);
		put(w, top ? "" : ")");
	} else if (LLVMIsACastInst(val)) {
		expr(w, LLVMGetOperand(val, 0), depth, top);
	} else if (LLVMIsASelectInst(val)) {
		put(w, top ? "" : "(");
		for (int k = 0; k < 3; k++) {
			expr(w, LLVMGetOperand(val, (unsigned)k), depth + 1, false);
			put(w, k == 0 ? " ? " : k == 1 ? " : " : "");
		}
		put(w, top ? "" : ")");
	} else if (LLVMIsACallInst(val) && !LLVMIsAInlineAsm(LLVMGetCalledValue(val))) {
		put_name(w, LLVMGetCalledValue(val), "(*f)");
		put(w, "(");
		unsigned na = LLVMGetNumArgOperands(val);
		for (unsigned k = 0; k < na; k++) {
			put(w, k ? ", " : "");
			expr(w, LLVMGetOperand(val, k), depth + 1, true);
		}
		put(w, ")");
	} else {
		put(w, "…");
	}
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t) * (LLVMValueRef const *)a, y = (uintptr_t) * (LLVMValueRef const *)b;
	return x < y ? -1 : x > y;
}

/* Fills rhs for f (imported from ir) when its loads and stores of variables line up with the
 * program's ops; otherwise leaves rhs empty. Errors only for memory. */
static int rhs_extract(const char *ir, const struct llvmir_func *f, struct show_rhs *rhs)
{
	const struct prog *p = &f->prog;
	memset(rhs, 0, sizeof *rhs);
	if (!p->nops)
		return SSA_OK;
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMMemoryBufferRef buf = NULL;
	LLVMModuleRef mod = NULL;
	char *msg = NULL;
	int st = SSA_OK;
	struct rhs_walk w;
	memset(&w, 0, sizeof w);
	if (LLVMCreateMemoryBufferWithContentsOfFile(ir, &buf, &msg)) {
		LLVMDisposeMessage(msg);
		goto done; /* it was read a moment ago: nothing to add, then */
	}
	size_t bl = LLVMGetBufferSize(buf);
	const unsigned char *bs = (const unsigned char *)LLVMGetBufferStart(buf);
	bool bitcode = bl >= 4 && ((bs[0] == 'B' && bs[1] == 'C') || (bs[0] == 0xDE && bs[1] == 0xC0));
	if (bitcode) {
		if (LLVMParseBitcodeInContext2(ctx, buf, &mod))
			mod = NULL;
		LLVMDisposeMemoryBuffer(buf);
	} else if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) { /* takes buf */
		LLVMDisposeMessage(msg);
		mod = NULL;
	}
	LLVMValueRef fn = mod ? LLVMGetNamedFunction(mod, llvmir_func_name(f)) : NULL;
	if (!fn || !LLVMGetFirstBasicBlock(fn))
		goto done;
	w.p = p;
	w.out = rhs;
	w.var_alloca = ssa_calloc_array(p->nvars, sizeof *w.var_alloca);
	w.load = ssa_alloc_array(p->nops, sizeof *w.load);
	w.load_op = ssa_alloc_array(p->nops, sizeof *w.load_op);
	LLVMValueRef *inst = ssa_alloc_array(p->nops, sizeof *inst); /* op k's load or store */
	LLVMValueRef *pairs = ssa_alloc_array(2 * (uint64_t)p->nops, sizeof *pairs);
	rhs->rhs = ssa_alloc_array(p->nops, sizeof *rhs->rhs);
	rhs->reads = ssa_alloc_array(p->nops, sizeof *rhs->reads);
	if (!w.var_alloca || !w.load || !w.load_op || !inst || !pairs || !rhs->rhs || !rhs->reads) {
		st = SSA_ENOMEM;
		goto fail;
	}
	/* the variables' allocas, by the importer's names (unique within a function) */
	LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(fn);
	for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i)) {
		size_t l = 0;
		const char *s = LLVMIsAAllocaInst(i) ? LLVMGetValueName2(i, &l) : NULL;
		for (uint32_t x = 0; s && l && x < p->nvars; x++)
			if (strlen(llvmir_var_name(f, x)) == l && !memcmp(llvmir_var_name(f, x), s, l))
				w.var_alloca[x] = i;
	}
	for (uint32_t x = 0; x < p->nvars; x++)
		if (!w.var_alloca[x])
			goto fail; /* unnamed variables: cannot be matched, so no rhs */
	/* the loads and stores of variables must be the program's ops, one for one */
	uint32_t k = 0, b = 0;
	for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb), b++) {
		if (b >= p->cfg.n || p->op_off[b] != k)
			goto fail;
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
			bool ld = LLVMIsALoadInst(i) != NULL, sto = LLVMIsAStoreInst(i) != NULL;
			if (!ld && !sto)
				continue;
			uint32_t x = var_of_alloca(&w, LLVMGetOperand(i, ld ? 0 : 1));
			if (x == SSA_NONE)
				continue;
			if (k >= p->nops || prog_op_var(p->ops[k]) != x ||
			    prog_op_is_def(p->ops[k]) != sto)
				goto fail;
			inst[k] = i;
			k++;
		}
	}
	if (b != p->cfg.n || k != p->nops)
		goto fail;
	for (uint32_t i = 0; i < p->nops; i++)
		if (!prog_op_is_def(p->ops[i])) {
			pairs[2 * w.nloads] = inst[i];
			pairs[2 * w.nloads + 1] = (LLVMValueRef)(uintptr_t)i;
			w.nloads++;
		}
	qsort(pairs, w.nloads, 2 * sizeof *pairs, cmp_ptr);
	for (uint32_t j = 0; j < w.nloads; j++) {
		w.load[j] = pairs[2 * j];
		w.load_op[j] = (uint32_t)(uintptr_t)pairs[2 * j + 1];
	}
	/* each definition's stored value as text, into one pool */
	size_t plen = 0, pcap = 0;
	for (uint32_t i = 0; i < p->nops; i++) {
		rhs->reads[i] = SHOW_NO_RHS;
		rhs->rhs[i] = SHOW_NO_RHS;
	}
	for (uint32_t i = 0; i < p->nops; i++) {
		if (!prog_op_is_def(p->ops[i]))
			continue;
		w.def = i;
		w.len = 0;
		w.full = false;
		w.buf[0] = '\0';
		expr(&w, LLVMGetOperand(inst[i], 0), 0, true);
		if (w.full)
			snprintf(w.buf, sizeof w.buf, "…");
		size_t l = strlen(w.buf);
		if (plen + l + 1 > pcap) {
			size_t c = 2 * (plen + l + 1) + 256;
			char *np = realloc(rhs->pool, c);
			if (!np) {
				st = SSA_ENOMEM;
				goto fail;
			}
			rhs->pool = np;
			pcap = c;
		}
		memcpy(rhs->pool + plen, w.buf, l + 1);
		rhs->rhs[i] = (uint32_t)plen;
		plen += l + 1;
	}
	if (rhs->pool && !w.full) {
		ssa_free_all(inst, pairs, NULL);
		goto done;
	}
fail:
	ssa_free_all(inst, pairs, NULL);
	show_rhs_free(rhs);
done:
	ssa_free_all(w.var_alloca, w.load, w.load_op, NULL);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return st;
}

/* The function of m that --function=func names: its exact symbol, else the one function whose
 * source name matches (llvmir_name_matches); UINT32_MAX when none or several do (*several tells
 * which). */
static uint32_t pick_function(const struct llvmir_module *m, const char *func, bool *several)
{
	*several = false;
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (!strcmp(llvmir_func_name(&m->funcs[i]), func))
			return i;
	uint32_t pick = UINT32_MAX;
	for (uint32_t i = 0; i < m->nfuncs && !*several; i++) {
		const char *sym = llvmir_func_name(&m->funcs[i]);
		char *src = llvmir_source_name(sym);
		if (llvmir_name_matches(sym, src, func)) {
			*several = pick != UINT32_MAX;
			pick = *several ? UINT32_MAX : i;
		}
		free(src);
	}
	return pick;
}

/* One function of an LLVM IR module (or of the module clang made of a C file). */
int show_read_llvm(const char *path, const char *func, struct prog *out, struct show_rhs *rhs)
{
	/* in $TMPDIR (else the system's), as clang's own temporary files */
	const char *td = getenv("TMPDIR");
	char tmp[4096], ll[4200];
	snprintf(tmp, sizeof tmp, "%s/ssalab-show-XXXXXX", td && *td ? td : "/tmp");
	const char *ir = path;
	if (show_source_of(path) == SHOW_SRC_C) {
		if (!mkdtemp(tmp)) {
			fprintf(stderr, "show: temporary directory: %s\n", strerror(errno));
			return 1;
		}
		snprintf(ll, sizeof ll, "%s/c.ll", tmp);
		int rc = compile_c(path, ll);
		if (rc) {
			unlink(ll);
			rmdir(tmp);
			return rc;
		}
		ir = ll;
	}
	struct llvmir_options opt;
	llvmir_options_default(&opt);
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = llvmir_read(ir, &opt, &m, &err);
	int rc = 0;
	if (st) {
		char msg[700];
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "show: %s\n", msg);
		rc = 1;
		goto out;
	}
	uint32_t pick = m.nfuncs ? 0 : UINT32_MAX;
	bool several = false;
	if (func)
		pick = pick_function(&m, func, &several);
	if (pick == UINT32_MAX) {
		if (several)
			fprintf(stderr, "show: %s has several functions called '%s' (give the mangled "
			                "name):", path, func);
		else if (func)
			fprintf(stderr, "show: %s has no function '%s'; it defines:", path, func);
		else
			fprintf(stderr, "show: %s defines no function the importer can model", path);
		uint32_t listed = 0;
		for (uint32_t i = 0; func && i < m.nfuncs; i++) {
			const char *fn = llvmir_func_name(&m.funcs[i]);
			char *src = llvmir_source_name(fn);
			bool list = !several || llvmir_name_matches(fn, src, func);
			if (list && listed++ == 20) {
				fprintf(stderr, " and more (%u in all)", m.nfuncs);
				free(src);
				break;
			}
			if (list && several)
				fprintf(stderr, " %s (%s)", fn, src ? src : fn);
			else if (list)
				fprintf(stderr, " %s", src ? src : fn);
			free(src);
		}
		fputc('\n', stderr);
		for (uint32_t i = 0; i < m.nskipped; i++)
			fprintf(stderr, "show: %s: %s\n", path, llvmir_warning(&m, i));
		llvmir_module_free(&m);
		rc = func ? 2 : 1;
		goto out;
	}
	struct llvmir_func *f = &m.funcs[pick];
	st = llvmir_func_names(f, &f->prog.bnames, &f->prog.vnames);
	if (!st && f->prog.cfg.n <= SHOW_MAX_BLOCKS)
		st = rhs_extract(ir, f, rhs);
	if (!st) {
		*out = f->prog; /* the module gives its program away */
		memset(&f->prog, 0, sizeof f->prog);
		if (!func && m.nfuncs > 1)
			fprintf(stderr, "show: %s: function '%s' (the first of %u; --function=NAME "
			                "picks another)\n", path, llvmir_func_name(f), m.nfuncs);
		else if (func && strcmp(func, llvmir_func_name(f)))
			fprintf(stderr, "show: %s: function '%s' is %s\n", path, func,
			        llvmir_func_name(f));
	}
	llvmir_module_free(&m);
	if (st) {
		fprintf(stderr, "show: %s: %s\n", path, ssa_status_str(st));
		rc = 1;
	}
out:
	if (ir != path) {
		unlink(ll);
		rmdir(tmp);
	}
	return rc;
}

#endif
