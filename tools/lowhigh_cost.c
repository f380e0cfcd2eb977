/* lowhigh-cost: what certifying a dominator tree costs, against the DFS floor, on one generated
 * CFG. It times the two fast low-high constructions on the same graph in the same run: the default
 * harmonic one (algos/dom/lowhigh_harm.c, O(m alpha(m, n))) and the cascade (lowhigh.c, proven
 * complete but only O(n m)), each as a multiple of one DFS, with their work counts: t-side path
 * minima the harmonic construction took from its buckets per child, and the cascade's levels and
 * edge reads. A row per run, tab-separated, for results/lowhigh/.
 *
 *   lowhigh-cost [--reverse] FAMILY BLOCKS [SEED [REPS]]
 *
 * --reverse certifies the post-dominator tree (the reverse CFG with its virtual exit, as
 * bench --reverse). The tree is the default dominator algorithm's; the order is checked by
 * dom_verify_cert, so a row is only printed for a certified tree. Times are medians of REPS
 * (default 5) process-CPU runs. Exit 0 ok, 1 failure, 2 usage. */
#include "cfg/traverse.h"
#include "dom/dom.h"
#include "dom/lowhigh.h"
#include "dom/reverse.h"
#include "dom/verify.h"
#include "gen/gen.h"
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

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, unsigned k)
{
	qsort(v, k, sizeof *v, cmp_double);
	return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

/* Times, certifies and prints one graph; g's entry is block 0. */
static int measure(const char *family, const char *dir, const struct cfg *g, unsigned reps)
{
	struct domtree t = {0};
	struct cfg_dfs d = {0};
	uint32_t *pos = malloc((size_t)(g->n ? g->n : 1) * sizeof(uint32_t));
	int rc = pos ? dom_tree_default(g, &t) : SSA_ENOMEM;
	if (rc == SSA_OK)
		rc = cfg_dfs_alloc(&d, g->n);
	if (rc != SSA_OK)
		goto out;
	bool certified = false;
	char msg[256];
	rc = dom_verify_cert(g, t.idom, &certified, msg, sizeof msg);
	if (rc == SSA_OK && !certified) {
		fprintf(stderr, "lowhigh-cost: %s %s: not certified (%s)\n", family, dir, msg);
		rc = SSA_EVERIFY;
	}
	if (rc != SSA_OK)
		goto out;
	double dfs[99], order[99], cascade[99], cert[99];
	struct dom_lowhigh_stats st, cst;
	for (unsigned r = 0; r < reps && rc == SSA_OK; r++) {
		double t0 = cpu_now();
		cfg_dfs_run(&d, g, 0);
		double t1 = cpu_now();
		rc = dom_lowhigh_order_by(g, &t, pos, DOM_LOWHIGH_HARMONIC, &st);
		double t2 = cpu_now();
		if (rc == SSA_OK)
			rc = dom_lowhigh_order_by(g, &t, pos, DOM_LOWHIGH_CASCADE, &cst);
		double t3 = cpu_now();
		if (rc == SSA_OK)
			rc = dom_verify_cert(g, t.idom, &certified, msg, sizeof msg);
		double t4 = cpu_now();
		dfs[r] = t1 - t0;
		order[r] = t2 - t1;
		cascade[r] = t3 - t2;
		cert[r] = t4 - t3;
	}
	if (rc != SSA_OK)
		goto out;
	const double md = median(dfs, reps), mo = median(order, reps);
	const double mcas = median(cascade, reps), mc = median(cert, reps);
	const double kids = t.nreach > 1 ? (double)(t.nreach - 1) : 1.0;
	printf("%s\t%s\t%u\t%u\t%.3f\t%.3f\t%.3f\t%.3f\t%.2f\t%.2f\t%.2f\t%llu\t%.3f\t%llu\t%.3f"
	       "\t%llu\t%.3f\t%llu\n",
	       family, dir, g->n, g->m, 1e3 * md, 1e3 * mo, 1e3 * mcas, 1e3 * mc, mo / md,
	       mcas / md, mc / md, (unsigned long long)st.groups, (double)st.harm_tqueries / kids,
	       (unsigned long long)cst.instances, (double)cst.memberships / kids,
	       (unsigned long long)cst.max_level,
	       (double)cst.edge_reads / ((double)g->n + (double)g->m),
	       (unsigned long long)(st.fallback_groups + cst.fallback_groups));
out:
	if (rc != SSA_OK && rc != SSA_EVERIFY)
		fprintf(stderr, "lowhigh-cost: %s %s: %s\n", family, dir, ssa_status_str(rc));
	cfg_dfs_free(&d);
	domtree_free(&t);
	free(pos);
	return rc;
}

int main(int argc, char **argv)
{
	int a = 1;
	bool reverse = argc > 1 && strcmp(argv[1], "--reverse") == 0;
	a += reverse;
	if (argc - a < 2 || argc - a > 4) {
		fprintf(stderr, "usage: lowhigh-cost [--reverse] FAMILY BLOCKS [SEED [REPS]]\n");
		return 2;
	}
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = argv[a];
	uint64_t reps = 5;
	const char *what = NULL;
	int arg = a + 1;
	if (gen_parse_count(argv[arg], &gp.blocks))
		what = "BLOCKS";
	else if (argc - a > 2 && gen_parse_count(argv[++arg], &gp.seed))
		what = "SEED";
	else if (argc - a > 3 && (gen_parse_count(argv[++arg], &reps) || reps == 0 || reps > 99))
		what = "REPS (1..99)";
	if (what) {
		fprintf(stderr, "lowhigh-cost: bad %s '%s'\n", what, argv[arg]);
		return 2;
	}
	struct cfg g;
	struct gen_info info;
	int rc = gen_cfg(&gp, &g, &info);
	if (rc != SSA_OK) {
		fprintf(stderr, "lowhigh-cost: gen: %s %s\n", ssa_status_str(rc), info.note);
		return rc == SSA_EUSAGE ? 2 : 1;
	}
	if (reverse) {
		struct cfg rg;
		struct dom_reverse_info ri;
		rc = dom_reverse_cfg(&g, &rg, &ri);
		cfg_free(&g);
		if (rc != SSA_OK) {
			fprintf(stderr, "lowhigh-cost: reverse: %s\n", ssa_status_str(rc));
			return 1;
		}
		g = rg;
	}
	rc = measure(gp.family, reverse ? "reverse" : "forward", &g, (unsigned)reps);
	cfg_free(&g);
	return rc == SSA_OK ? 0 : 1;
}
