/* llvmir-stat: measures the LLVM IR importer on real modules, outside any unit test.
 *
 *   llvmir-stat [--pipeline] [--no-verify] [--no-isolation] [--parse-only] MODULE...
 *
 * Per module and in total: input size, import time (the checking child's parse and verify, the
 * parse, conversion; CPU seconds of the process and its children), MB/s and functions/s, how
 * many functions are optnone (imported, no variables); the function size distribution (blocks:
 * median, p90, p99, max; edges, variables, ops); and with --pipeline the whole SSA pipeline on
 * every function (dominators by auto, the tree, pruned default placement, rename-stack, the SSA
 * verifier), timed per stage and summed, with the verifier's verdict. Exit 0, 1 on an input
 * error or a failed verification. --no-isolation imports without the checking child (llvmir.h),
 * in this process only, to measure what the child costs. --parse-only times LLVM's parser alone
 * (LLVMParseIRInContext, no verifier, no conversion), the floor under the import. Built only
 * with LLVM (tools/README.md). */
#include "dom/dom.h"
#include "dom/domtree.h"
#include "llvmir/llvmir.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* CPU seconds of this process and of its waited-for children: the importer parses each module
 * once more in a forked child first (llvmir.h), and that is part of the import's cost. */
static double cpu_s(void)
{
	struct rusage self, kids;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
			kids.ru_stime.tv_sec) +
	       (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec +
			kids.ru_stime.tv_usec) * 1e-6;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

struct totals {
	uint64_t bytes, funcs, optnone, blocks, edges, vars, ops, phis;
	double import_s, stage_s[5];
	uint32_t *sizes;
	size_t nsizes, cap;
};

static const char *const stage_name[5] = {"dom", "domtree", "phi", "rename", "verify"};

/* One function through the pipeline; adds each stage's CPU time. */
static int pipeline(const struct llvmir_func *f, struct totals *t, char *why, size_t whylen)
{
	const struct prog *p = &f->prog;
	uint32_t n = p->cfg.n;
	uint32_t *idom = ssa_alloc_array(n, sizeof *idom);
	struct domtree dt = {0};
	struct var_blocks vb = {0};
	struct phi_sets ps = {0};
	struct ssa_form sf = {0};
	int st = idom ? SSA_OK : SSA_ENOMEM;
	double c0 = cpu_s(), c1 = c0;
#define STAGE(k, call)                              \
	if (st == SSA_OK) {                         \
		st = (call);                        \
		c1 = cpu_s();                       \
		t->stage_s[k] += c1 - c0;           \
		c0 = c1;                            \
	}
	STAGE(0, dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), &p->cfg, idom, NULL));
	STAGE(1, domtree_build(&dt, idom, n, 0));
	if (st == SSA_OK) {
		st = var_blocks_build(&vb, p);
		struct phi_input in = {.prog = p, .dt = &dt, .vb = &vb};
		if (st == SSA_OK)
			st = phi_compute(phi_default_algo(), &in, PHI_PRUNED, &ps, NULL);
		c1 = cpu_s();
		t->stage_s[2] += c1 - c0;
		c0 = c1;
	}
	if (st == SSA_OK) {
		t->phis += ps.total;
		st = ssa_form_layout(&sf, p, &ps);
		if (st == SSA_OK)
			st = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), p, &dt, &sf, NULL);
		c1 = cpu_s();
		t->stage_s[3] += c1 - c0;
		c0 = c1;
	}
	STAGE(4, ssa_verify(p, &dt, &sf, why, whylen));
#undef STAGE
	ssa_form_free(&sf);
	phi_sets_free(&ps);
	var_blocks_free(&vb);
	domtree_free(&dt);
	free(idom);
	return st;
}

static void print_sizes(const char *label, struct totals *t)
{
	if (!t->nsizes)
		return;
	qsort(t->sizes, t->nsizes, sizeof *t->sizes, cmp_u32);
	size_t k = t->nsizes;
	printf("%s: blocks per function: median=%u p90=%u p99=%u max=%u mean=%.1f\n", label,
	       t->sizes[(k - 1) / 2], t->sizes[(k * 9) / 10 < k ? (k * 9) / 10 : k - 1],
	       t->sizes[(k * 99) / 100 < k ? (k * 99) / 100 : k - 1], t->sizes[k - 1],
	       (double)t->blocks / (double)k);
}

/* LLVM's parser alone on one file: CPU seconds, or a negative value on failure. */
static double parse_only(const char *path)
{
	double c0 = cpu_s();
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMMemoryBufferRef buf;
	LLVMModuleRef mod;
	char *msg = NULL;
	double r = -1;
	if (!LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
		if (!LLVMParseIRInContext(ctx, buf, &mod, &msg)) {
			LLVMDisposeModule(mod);
			r = 0;
		}
	}
	LLVMDisposeMessage(msg);
	LLVMContextDispose(ctx);
	return r < 0 ? r : cpu_s() - c0;
}

int main(int argc, char **argv)
{
	bool run_pipeline = false, parse_floor = false;
	struct llvmir_options opt;
	llvmir_options_default(&opt);
	int first = 1;
	for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
		if (strcmp(argv[first], "--pipeline") == 0)
			run_pipeline = true;
		else if (strcmp(argv[first], "--parse-only") == 0)
			parse_floor = true;
		else if (strcmp(argv[first], "--no-verify") == 0)
			opt.no_verify = true;
		else if (strcmp(argv[first], "--no-isolation") == 0)
			opt.no_isolation = true;
		else {
			fprintf(stderr, "llvmir-stat: unknown option %s\n", argv[first]);
			return 2;
		}
	}
	if (first >= argc) {
		fprintf(stderr, "usage: llvmir-stat [--pipeline] [--no-verify] [--no-isolation] "
				"[--parse-only] MODULE...\n");
		return 2;
	}
	struct totals all = {0};
	int rc = 0;
	for (int a = first; a < argc && parse_floor; a++) {
		double t = parse_only(argv[a]);
		if (t < 0) {
			fprintf(stderr, "llvmir-stat: %s: LLVM cannot parse it\n", argv[a]);
			return 1;
		}
		printf("parse-only %s: llvm_parse_s=%.3f\n", argv[a], t);
	}
	if (parse_floor)
		return 0;
	for (int a = first; a < argc; a++) {
		struct llvmir_module m;
		struct io_error err;
		memset(&err, 0, sizeof err);
		double c0 = cpu_s();
		int st = llvmir_read(argv[a], &opt, &m, &err);
		double dt = cpu_s() - c0;
		if (st != SSA_OK) {
			char msg[600];
			io_error_format(&err, msg, sizeof msg);
			fprintf(stderr, "llvmir-stat: %s\n", msg);
			rc = 1;
			continue;
		}
		for (uint32_t i = 0; i < m.nskipped; i++)
			fprintf(stderr, "llvmir-stat: warning: %s: %s\n", argv[a], llvmir_warning(&m, i));
		uint64_t blocks = 0;
		uint32_t largest = 0;
		for (uint32_t i = 0; i < m.nfuncs; i++) {
			const struct prog *p = &m.funcs[i].prog;
			blocks += p->cfg.n;
			if (p->cfg.n > m.funcs[largest].prog.cfg.n)
				largest = i;
			all.edges += p->cfg.m;
			all.vars += p->nvars;
			all.ops += p->nops;
			if (all.nsizes == all.cap) {
				size_t c = all.cap ? 2 * all.cap : 1024;
				uint32_t *s = ssa_realloc_array(all.sizes, c, sizeof *s);
				if (!s) {
					fprintf(stderr, "llvmir-stat: out of memory\n");
					return 1;
				}
				all.sizes = s;
				all.cap = c;
			}
			all.sizes[all.nsizes++] = p->cfg.n;
			if (run_pipeline) {
				char why[300] = "";
				int ps = pipeline(&m.funcs[i], &all, why, sizeof why);
				if (ps != SSA_OK) {
					fprintf(stderr, "llvmir-stat: %s: %s: %s %s\n", argv[a],
						llvmir_func_name(&m.funcs[i]), ssa_status_str(ps), why);
					rc = 1;
				}
			}
		}
		printf("module %s: bytes=%llu format=%s functions=%u optnone=%u skipped=%u "
		       "blocks=%llu import_s=%.3f MB/s=%.1f functions/s=%.0f largest=%s:%u\n",
		       argv[a], (unsigned long long)m.input_bytes, m.bitcode ? "bc" : "ll", m.nfuncs,
		       m.noptnone, m.nskipped, (unsigned long long)blocks, dt,
		       dt > 0 ? (double)m.input_bytes / 1e6 / dt : 0.0,
		       dt > 0 ? (double)m.nfuncs / dt : 0.0,
		       m.nfuncs ? llvmir_func_name(&m.funcs[largest]) : "-",
		       m.nfuncs ? m.funcs[largest].prog.cfg.n : 0);
		all.bytes += m.input_bytes;
		all.funcs += m.nfuncs;
		all.optnone += m.noptnone;
		all.blocks += blocks;
		all.import_s += dt;
		llvmir_module_free(&m);
	}
	printf("total: modules=%d bytes=%llu functions=%llu optnone=%llu blocks=%llu edges=%llu "
	       "vars=%llu ops=%llu import_s=%.3f MB/s=%.1f functions/s=%.0f\n",
	       argc - first, (unsigned long long)all.bytes, (unsigned long long)all.funcs,
	       (unsigned long long)all.optnone,
	       (unsigned long long)all.blocks, (unsigned long long)all.edges,
	       (unsigned long long)all.vars, (unsigned long long)all.ops, all.import_s,
	       all.import_s > 0 ? (double)all.bytes / 1e6 / all.import_s : 0.0,
	       all.import_s > 0 ? (double)all.funcs / all.import_s : 0.0);
	print_sizes("total", &all);
	if (run_pipeline) {
		double sum = 0;
		printf("pipeline: phis=%llu", (unsigned long long)all.phis);
		for (int k = 0; k < 5; k++) {
			printf(" %s_s=%.3f", stage_name[k], all.stage_s[k]);
			sum += all.stage_s[k];
		}
		printf(" total_s=%.3f functions/s=%.0f verified=%s\n", sum,
		       sum > 0 ? (double)all.funcs / sum : 0.0, rc == 0 ? "yes" : "NO");
	}
	free(all.sizes);
	return rc;
}
