/* construct-timing: times whole SSA construction by Braun et al. (construct_algos[]) against the
 * classic pipeline, both through library calls, on one generated program, and prints ratios
 * measured in the same run. Not a benchmark harness (bench/ is): a small, repeatable
 * measurement for the README's finding.
 *
 *   construct-timing FAMILY BLOCKS VARS [SEED [REPS [LOCALITY]]]
 *
 * LOCALITY as gen --locality (0: every variable global).
 *
 * Pipelines: dominators by auto, the tree, the per-variable block lists, φ placement by the
 * default kernel (phi_default_algo(); minimal, and pruned with liveness by walk), the form's
 * layout, renaming by rename-stack. Each method runs REPS times (default 3) from scratch
 * (allocation included, as a compiler would run it once per function); the figure is the median
 * process CPU time. Every result is checked once: verifier, interpreter, and braun's form equal to
 * the pruned pipeline's when the CFG is reducible. Exit 0 ok, 1 failure, 2 usage. */
#include "dom/dom.h"
#include "dom/reducible.h"
#include "gen/gen.h"
#include "phi/phi.h"
#include "construct/construct.h"
#include "rename/rename.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int pipeline(const struct prog *p, enum phi_flavor flavor, struct ssa_form *out,
		    struct domtree *keep_tree)
{
	const struct cfg *g = &p->cfg;
	struct domtree dt = {0};
	struct var_blocks vb = {0};
	struct phi_sets ps = {0};
	uint32_t *idom = malloc((size_t)g->n * sizeof(uint32_t));
	if (!idom)
		return SSA_ENOMEM;
	int rc = dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), g, idom, NULL);
	if (rc == SSA_OK)
		rc = domtree_build(&dt, idom, g->n, 0);
	free(idom);
	if (rc == SSA_OK)
		rc = var_blocks_build(&vb, p);
	if (rc == SSA_OK) {
		struct phi_input in = {.prog = p, .dt = &dt, .vb = &vb, .df = NULL, .live = NULL};
		rc = phi_compute(phi_default_algo(), &in, flavor, &ps, NULL);
	}
	if (rc == SSA_OK)
		rc = ssa_form_layout(out, p, &ps);
	if (rc == SSA_OK)
		rc = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), p, &dt, out, NULL);
	phi_sets_free(&ps);
	var_blocks_free(&vb);
	if (keep_tree && rc == SSA_OK)
		*keep_tree = dt;
	else
		domtree_free(&dt);
	return rc;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc < 4 || argc > 7) {
		fprintf(stderr, "usage: construct-timing FAMILY BLOCKS VARS [SEED [REPS [LOCALITY]]]\n");
		return 2;
	}
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = argv[1];
	uint64_t vars, reps = 3, locality = 0;
	if (gen_parse_count(argv[2], &gp.blocks) || gen_parse_count(argv[3], &vars) || vars == 0 ||
	    vars > 1u << 20 || (argc > 4 && gen_parse_count(argv[4], &gp.seed)) ||
	    (argc > 5 && (gen_parse_count(argv[5], &reps) || reps == 0 || reps > 99)) ||
	    (argc > 6 && (gen_parse_count(argv[6], &locality) || locality > UINT32_MAX))) {
		fprintf(stderr, "construct-timing: bad number\n");
		return 2;
	}
	gp.vars = (uint32_t)vars;
	gp.locality = (uint32_t)locality;
	struct cfg g;
	struct gen_info info;
	struct prog p;
	int rc = gen_cfg(&gp, &g, &info);
	if (rc == SSA_OK && (rc = gen_prog(&gp, &g, &p)) != SSA_OK)
		cfg_free(&g);
	if (rc != SSA_OK) {
		fprintf(stderr, "construct-timing: gen: %s %s\n", ssa_status_str(rc), info.note);
		return rc == SSA_EUSAGE ? 2 : 1;
	}
	bool red = false;
	cfg_is_reducible(&p.cfg, &red);
	printf("input: family=%s n=%u m=%u vars=%u ops=%u locality=%u seed=%llu reducible=%s "
	       "reps=%llu\n",
	       gp.family, p.cfg.n, p.cfg.m, p.nvars, p.nops, gp.locality,
	       (unsigned long long)gp.seed, red ? "yes" : "no", (unsigned long long)reps);

	enum { M_MIN, M_PRUNED, M_BRAUN, M_NOSCC, M_COUNT };
	char min_name[96], pruned_name[96];
	snprintf(min_name, sizeof min_name, "auto+%s(minimal)+rename-stack", phi_default_algo()->head.name);
	snprintf(pruned_name, sizeof pruned_name, "auto+%s(pruned)+rename-stack", phi_default_algo()->head.name);
	const char *const names[M_COUNT] = {min_name, pruned_name, "braun", "braun-noscc"};
	double med[M_COUNT];
	uint32_t nphi[M_COUNT];
	uint64_t cnt[CONSTRUCT_MAX_COUNTERS] = {0}, cnt_noscc[CONSTRUCT_MAX_COUNTERS] = {0};
	struct ssa_form forms[M_COUNT];
	struct domtree tree = {0};
	double times[99];
	for (int k = 0; k < M_COUNT; k++) {
		for (uint64_t r = 0; r < reps; r++) {
			struct ssa_form s;
			double t0 = cpu_now();
			if (k == M_MIN || k == M_PRUNED)
				rc = pipeline(&p, k == M_MIN ? PHI_MINIMAL : PHI_PRUNED, &s,
					      k == M_PRUNED && r == 0 ? &tree : NULL);
			else
				rc = construct_compute(algo_find(construct_algos, construct_nalgos, names[k]), &p, &s,
						       k == M_BRAUN ? cnt : cnt_noscc);
			times[r] = cpu_now() - t0;
			if (rc != SSA_OK) {
				fprintf(stderr, "construct-timing: %s: %s\n", names[k], ssa_status_str(rc));
				return 1;
			}
			if (r == 0)
				forms[k] = s;
			else
				ssa_form_free(&s);
		}
		qsort(times, reps, sizeof times[0], cmp_double);
		med[k] = times[reps / 2];
		nphi[k] = forms[k].nphi;
	}
	char msg[400];
	for (int k = 0; k < M_COUNT; k++) {
		struct ssa_interp_opts io = {.seed = gp.seed, .walks = 64, .max_len = 1u << 20};
		struct ssa_interp_stats st;
		if (ssa_verify(&p, &tree, &forms[k], msg, sizeof msg) != SSA_OK ||
		    ssa_interp_check(&p, &forms[k], &io, &st, msg, sizeof msg) != SSA_OK) {
			fprintf(stderr, "construct-timing: %s: %s\n", names[k], msg);
			return 1;
		}
	}
	if (!ssa_form_equal(&forms[M_PRUNED], &forms[M_BRAUN], msg, sizeof msg)) {
		fprintf(stderr, "construct-timing: braun differs from pruned SSA: %s\n", msg);
		return 1;
	}
	printf("%-36s %10s %8s %10s\n", "method", "cpu_ms", "x_braun", "phis");
	for (int k = 0; k < M_COUNT; k++)
		printf("%-36s %10.1f %8.2f %10u\n", names[k], 1e3 * med[k], med[k] / med[M_BRAUN],
		       nphi[k]);
	printf("braun counters: lookups=%llu phis_created=%llu phis_trivial=%llu scc_passes=%llu "
	       "phis_scc=%llu phis_kept=%llu recheck_pushes=%llu\n",
	       (unsigned long long)cnt[0], (unsigned long long)cnt[1], (unsigned long long)cnt[2],
	       (unsigned long long)cnt[3], (unsigned long long)cnt[4], (unsigned long long)cnt[5],
	       (unsigned long long)cnt[6]);
	printf("check: ok (verifier + interpreter for all four; braun == pruned pipeline)\n");
	for (int k = 0; k < M_COUNT; k++)
		ssa_form_free(&forms[k]);
	domtree_free(&tree);
	prog_free(&p);
	return 0;
}
