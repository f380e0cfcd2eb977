/* llvm-mem2reg, a workload of LLVM IR input: LLVM's PromoteMemToReg on the chosen functions of
 * one module, timed by the peer as bench times a kernel, checked for placement parity against
 * ssalab's pruned placement, one row per function, and set against the pipeline's rows when
 * one ran on the same functions. */
#include "bench/run.h"

#ifdef SSALAB_HAVE_LLVM_PEERS
#include "bench/ratio.h"
#include "peers/peers.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ssalab's side of the placement check: the pruned placement of every selected function that
 * LLVM's pass would promote (not optnone), with the importer's variable names. A function
 * whose placement fails gets none (err[i] set), and is counted as an error. */
struct m2r_places {
	struct peer_m2r_placement *v;
	struct phi_sets *sets;
	int *err;
	uint32_t n;
};

static void m2r_places_free(struct m2r_places *p)
{
	for (uint32_t i = 0; i < p->n; i++) {
		phi_sets_free(&p->sets[i]);
		free((void *)p->v[i].var_names);
	}
	ssa_free_all(p->v, p->sets, p->err);
}

static int m2r_places_make(struct m2r_places *p, const struct llvmir_module *m,
			   const uint32_t *pick, uint32_t npick)
{
	p->n = 0;
	p->v = ssa_calloc_array(npick, sizeof *p->v);
	p->sets = ssa_calloc_array(npick, sizeof *p->sets);
	p->err = ssa_calloc_array(npick, sizeof *p->err); /* SSA_OK */
	if (!p->v || !p->sets || !p->err) {
		m2r_places_free(p);
		return SSA_ENOMEM;
	}
	for (; p->n < npick; p->n++) {
		const struct llvmir_func *f = &m->funcs[pick[p->n]];
		struct peer_m2r_placement *pl = &p->v[p->n];
		uint32_t nv = f->prog.nvars;
		if (f->optnone)
			continue;
		if (nv) {
			p->err[p->n] = phi_place_prog(NULL, &f->prog, NULL, PHI_PRUNED, &p->sets[p->n]);
			if (p->err[p->n] != SSA_OK)
				continue;
		}
		const char **names = ssa_alloc_array(nv, sizeof *names);
		if (!names) {
			p->n++;
			m2r_places_free(p);
			return SSA_ENOMEM;
		}
		for (uint32_t v = 0; v < nv; v++)
			names[v] = llvmir_var_name(f, v);
		static const uint64_t none[1] = {0};
		pl->function = llvmir_func_name(f);
		pl->nvars = nv;
		pl->var_names = names;
		pl->off = nv ? p->sets[p->n].off : none;
		pl->blocks = nv ? p->sets[p->n].blocks : NULL;
	}
	return SSA_OK;
}

/* The row's check: placement parity of function f (ssalab's placement ps, placing err) against
 * LLVM's pf, or only a count for optnone; *want gets ssalab's φ count. */
static void m2r_check(const struct llvmir_func *f, const struct phi_sets *ps, int err,
		      const struct peer_m2r_func *pf, const char *path, struct bench_result *res)
{
	const struct peer_m2r_parity *par = &pf->parity;
	uint32_t made = pf->phis - pf->phis_before;
	res->check = "error";
	if (f->optnone != par->optnone) {
		snprintf(res->check_msg, sizeof res->check_msg, "optnone: the importer says %s, "
			 "LLVM says %s", f->optnone ? "yes" : "no", par->optnone ? "yes" : "no");
	} else if (f->optnone) {
		res->check = "unchecked";
		snprintf(res->check_msg, sizeof res->check_msg, "optnone: the mem2reg pass "
			 "skips it, so neither side promotes it");
	} else if (err != SSA_OK) {
		snprintf(res->check_msg, sizeof res->check_msg, "ssalab's pruned placement failed "
			 "(status %d)", err);
	} else if (!par->compared) {
		snprintf(res->check_msg, sizeof res->check_msg, "llvm-mem2reg did not compare "
			 "the placement");
	} else if (par->failures == 0) {
		res->check = "ok";
		snprintf(res->check_msg, sizeof res->check_msg,
			 "phis llvm=%" PRIu32 " ssalab-pruned=%" PRIu64 " both=%" PRIu32
			 " folded=%" PRIu32 ", allocas promoted=%" PRIu32 " variables=%"
			 PRIu32, made, f->prog.nvars ? ps->total : 0, par->both, par->folded,
			 pf->allocas, f->prog.nvars);
	} else {
		/* The row carries the first difference; stderr has them all. */
		const char *msg = par->msg ? par->msg : "";
		const char *nl = strchr(msg, '\n');
		int len = nl ? (int)(nl - msg) : (int)strlen(msg);
		res->check = "FAIL";
		snprintf(res->check_msg, sizeof res->check_msg, "%" PRIu32 " placement "
			 "difference%s, first: %.*s", par->failures,
			 par->failures == 1 ? "" : "s", len, msg);
		fprintf(stderr, "bench: llvm-mem2reg: %s: placement differs from LLVM's:\n%s",
			path, msg);
	}
}

/* llvm-mem2reg on the selected functions of one module: one row per function, timed by the
 * peer as bench times a kernel (warm-up, then samples of `iters` PromoteMemToReg calls on
 * clones made outside the timed region, iters calibrated to --min-time; wall and CPU). The check
 * is placement parity (peers.h, peer_llvm_mem2reg_check): per variable, the blocks of ssalab's
 * pruned placement against the blocks where LLVM leaves φs, a φ LLVM lacks accepted only where
 * LLVM's own simplification folds it on ssalab's placement (counted as folded). An optnone
 * function is promoted by neither side and only counted. Beside --pipeline, the pipeline's
 * total over the same functions (the rows of the report's section) is set against LLVM's. */
int bench_m2r_run(const struct bench_cli *cli, struct bench_report *r,
		  const struct bench_unit *u)
{
	const char *path = u->path;
	const struct llvmir_module *m = &u->module->m;
	const uint32_t *pick = u->module->pick;
	uint32_t npick = u->module->npick;
	struct peer_m2r_result pr;
	struct m2r_places places;
	char err[700];
	/* Per function with variables: the pipeline's medians summed, and LLVM's median. */
	double *pair_pipe = ssa_alloc_array(2 * (size_t)npick + 1, sizeof *pair_pipe);
	double *pair_llvm = pair_pipe + npick;
	if (!pair_pipe || m2r_places_make(&places, m, pick, npick) != SSA_OK) {
		free(pair_pipe);
		fprintf(stderr, "bench: llvm-mem2reg: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	bench_progress("llvm-mem2reg on %s", path);
	struct peer_m2r_timing how = {cli->timing.reps, cli->timing.warmup, cli->timing.min_time_s};
	int st = peer_llvm_mem2reg_timed(path, &how, places.v, places.n, &pr, err, sizeof err);
	bench_progress_done();
	if (st != SSA_OK) {
		m2r_places_free(&places);
		free(pair_pipe);
		fprintf(stderr, "bench: llvm-mem2reg: %s\n", st == SSA_EINPUT ? err : "out of memory");
		return st == SSA_EINPUT ? BENCH_EXIT_INPUT : BENCH_EXIT_REFUSED;
	}
	size_t last_row = r->nkept, row = r->first;
	uint32_t cur = 0, nrun = 0, nequal = 0, ndiff = 0, nerr = 0, npaired = 0, noptnone = 0;
	uint64_t phis_llvm = 0, phis_ssa = 0, nfolded = 0;
	double m2r_ms = 0, pipe_ms = 0, m2r_paired_ms = 0;
	int code = BENCH_EXIT_OK;
	for (uint32_t i = 0; i < npick; i++) {
		const struct llvmir_func *f = &m->funcs[pick[i]];
		const char *name = llvmir_func_name(f);
		/* Both lists are in module order: a cursor finds each function. */
		uint32_t j = cur;
		while (j < pr.nfuncs && strcmp(pr.funcs[j].name, name))
			j++;
		if (j == pr.nfuncs) {
			fprintf(stderr, "bench: warning: llvm-mem2reg did not see function '%s' of %s\n",
				name, path);
			continue;
		}
		cur = j + 1;
		const struct peer_m2r_func *pf = &pr.funcs[j];
		/* The pipeline's rows of this function (it skips functions without variables). */
		bool piped = cli->pipeline && f->prog.nvars;
		double pt = piped ? 0 : -1;
		const char *fn;
		while (piped && row < last_row && bench_report_row_at(r, row, &fn) && fn &&
		       !strcmp(fn, name)) {
			const struct bench_result *b = bench_report_row_at(r, row++, &fn);
			if (b->status != BENCH_RUN_OK)
				pt = -1e300;
			pt += b->timing.median_ms;
		}
		struct bench_result res;
		memset(&res, 0, sizeof res);
		if (bench_report_function(r, name, &f->prog) != SSA_OK ||
		    bench_timing_init(&res.timing, pf->reps) != SSA_OK) {
			code = BENCH_EXIT_REFUSED;
			break;
		}
		res.algo = "llvm-mem2reg";
		res.stage = "mem2reg";
		res.status = BENCH_RUN_OK;
		res.timing.reps = pf->reps;
		res.timing.iters = pf->iters ? pf->iters : 1;
		for (uint32_t k = 0; k < pf->reps; k++) {
			res.timing.rep_ms[k] = pf->rep_ns[k] / 1e6;
			res.timing.cpu_rep_ms[k] = pf->cpu_rep_ns[k] / 1e6;
		}
		/* The peer's samples have no place in this process's sample clock. */
		free(res.timing.rep_start_ms);
		res.timing.rep_start_ms = NULL;
		bench_timing_stats(&res.timing);
		res.timing.prepare_ms = -1;
		/* The φs mem2reg made: those the input already had are not its. */
		uint32_t made = pf->phis - pf->phis_before;
		static const char *const cn[] = {"phis", "allocas", "insts-before", "insts-after"};
		const uint64_t cv[] = {made, pf->allocas, pf->insts_before, pf->insts_after};
		for (unsigned k = 0; k < 4; k++) {
			res.counter_names[k] = cn[k];
			res.counters[k] = cv[k];
		}
		res.ncounters = 4;
		m2r_check(f, &places.sets[i], places.err[i], pf, path, &res);
		noptnone += f->optnone || pf->parity.optnone;
		nerr += !strcmp(res.check, "error");
		nequal += !strcmp(res.check, "ok");
		ndiff += !strcmp(res.check, "FAIL");
		if (!strcmp(res.check, "ok") || !strcmp(res.check, "FAIL")) {
			phis_llvm += made;
			phis_ssa += f->prog.nvars ? places.sets[i].total : 0;
			nfolded += pf->parity.folded;
		}
		bench_report_row(r, &res);
		nrun++;
		m2r_ms += res.timing.median_ms;
		if (pt >= 0) {
			pair_pipe[npaired] = pt;
			pair_llvm[npaired] = res.timing.median_ms;
			npaired++;
			pipe_ms += pt;
			m2r_paired_ms += res.timing.median_ms;
		}
		bench_timing_free(&res.timing);
	}
	char line[768];
	snprintf(line, sizeof line,
		 "llvm-mem2reg: functions=%" PRIu32 " total_ms=%.6f (warm: calibrated batches of "
		 "PromoteMemToReg on clones made untimed; wall) phis llvm=%" PRIu64 " ssalab-pruned=%" PRIu64 " functions_equal=%" PRIu32
		 " differ=%" PRIu32 " errors=%" PRIu32 " folded=%" PRIu64 " optnone=%" PRIu32
		 " (placement per variable and block)", nrun, m2r_ms, phis_llvm, phis_ssa, nequal,
		 ndiff, nerr, nfolded, noptnone);
	bench_report_note(r, line);
	if (cli->pipeline) {
		/* A ratio of sums over the functions, its interval a bootstrap over them. */
		struct bench_ratio x;
		bench_ratio_of_sums(pair_pipe, pair_llvm, npaired, &x);
		char xs[96];
		if (!x.have)
			/* No function with variables (rustc >= 1.79 locals, say): nothing to divide. */
			snprintf(xs, sizeof xs, "n/a [no function with variables]");
		else if (x.ci)
			snprintf(xs, sizeof xs, "%.4g [%.4g, %.4g]", x.value, x.lo, x.hi);
		else
			snprintf(xs, sizeof xs, "%.4g [interval n/a: %" PRIu32 " functions]",
				 x.value, npaired);
		snprintf(line, sizeof line,
			 "ratio: pipeline %s total_ms=%.6f vs llvm-mem2reg total_ms=%.6f over the same %"
			 PRIu32 " functions: pipeline/llvm=%s (ssalab's pipeline over LLVM's "
			 "PromoteMemToReg, both warm in calibrated batches: per-run medians summed over "
			 "the functions with variables; 95%% interval by bootstrap over the functions)",
			 cli->pipeline, pipe_ms, m2r_paired_ms, npaired, xs);
		bench_report_note(r, line);
	}
	free(pair_pipe);
	peer_m2r_result_free(&pr);
	m2r_places_free(&places);
	return code ? code : nerr || ndiff ? BENCH_EXIT_VERIFY : BENCH_EXIT_OK;
}

#endif
