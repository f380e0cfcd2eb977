/* Every generator family (gen_families[]) at several sizes and seeds: every registered
 * dominator algorithm equals the oracle; at larger sizes, where the oracle is too slow, the
 * near-linear algorithms agree with each other and the verifier accepts them. Also the known
 * idoms of the adversarial families (gen/FAMILIES.md) and reducibility by family. */
#include <criterion/criterion.h>

#include "dom/reducible.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"

#include <string.h>

/* Algorithms whose scratch exceeds this are skipped (iter needs n^2/8 bytes). */
#define MAX_SCRATCH (64ull << 20)

static int make(struct cfg *g, const char *family, uint64_t blocks, uint64_t seed,
		struct gen_info *info)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = family;
	p.blocks = blocks;
	p.seed = seed;
	return gen_cfg(&p, g, info);
}

/* itworst makes iterative algorithms take ~1.5 k^4 steps: keep it small. */
static uint64_t size_cap(const char *family)
{
	if (!strcmp(family, "itworst"))
		return 200;
	if (!strcmp(family, "idfsquad") || !strcmp(family, "sncaworst") || !strcmp(family, "ladder") ||
	    !strcmp(family, "repeat-until") || !strcmp(family, "dense"))
		return 1000;
	return 2500;
}

Test(families, every_family_equals_the_oracle)
{
	static const uint64_t sizes[] = {2, 9, 40, 200, 1000, 2500};
	static const uint64_t seeds[] = {1, 2, 7};
	char msg[256];
	for (size_t f = 0; f < gen_nfamilies; f++) {
		const char *fam = gen_families[f].name;
		for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
			if (sizes[si] > size_cap(fam))
				continue;
			for (size_t k = 0; k < sizeof seeds / sizeof *seeds; k++) {
				struct cfg g;
				struct gen_info info;
				int rc = make(&g, fam, sizes[si], seeds[k], &info);
				if (rc == SSA_EUSAGE)
					continue; /* a size the family cannot take (e.g. too small) */
				cr_assert_eq(rc, SSA_OK, "%s blocks=%llu seed=%llu: %s", fam,
					     (unsigned long long)sizes[si], (unsigned long long)seeds[k],
					     info.note);
				uint32_t *want = malloc(g.n * sizeof *want);
				cr_assert_eq(dom_oracle(&g, want), SSA_OK, "%s: oracle refused %s", fam,
					     info.note);
				cr_assert_eq(dc_check_all(&g, want, MAX_SCRATCH, msg, sizeof msg), 0,
					     "family=%s blocks=%llu seed=%llu (%s): %s", fam,
					     (unsigned long long)sizes[si], (unsigned long long)seeds[k],
					     info.note, msg);
				free(want);
				cfg_free(&g);
			}
		}
	}
}

/* Larger graphs: the near-linear algorithms against slt plus the verifier. Families where
 * snca or chk are quadratic by design are left to the bench. */
Test(families, large_graphs_agree_and_verify)
{
	static const char *const fams[] = {"random", "structured", "chain", "diamonds",
					   "irreducible", "switch", "dense"};
	static const char *const quick[] = {"slt", "lt", "snca", "auto", "chk", "ibfs"};
	const struct dom_algo *ref = algo_find(dom_algos, dom_nalgos, "slt");
	cr_assert(ref, "slt is not registered");
	for (size_t f = 0; f < sizeof fams / sizeof *fams; f++) {
		if (!gen_find(fams[f]))
			continue;
		for (uint64_t seed = 1; seed <= 2; seed++) {
			struct cfg g;
			struct gen_info info;
			cr_assert_eq(make(&g, fams[f], 100000, seed, &info), SSA_OK, "%s", info.note);
			uint32_t *want = malloc(g.n * sizeof *want), *got = malloc(g.n * sizeof *got);
			cr_assert_eq(dom_compute(ref, &g, want, NULL), SSA_OK);
			char msg[256];
			bool cert;
			cr_assert_eq(dom_verify_cert(&g, want, &cert, msg, sizeof msg), SSA_OK,
				     "family=%s seed=%llu: slt rejected by the verifier: %s", fams[f],
				     (unsigned long long)seed, msg);
			/* The low-high certificate (lowhigh.c) is found for every correct tree. */
			cr_assert(cert,
				  "family=%s seed=%llu: correct tree not certified: %s", fams[f],
				  (unsigned long long)seed, msg);
			for (size_t a = 0; a < sizeof quick / sizeof *quick; a++) {
				const struct dom_algo *al = algo_find(dom_algos, dom_nalgos, quick[a]);
				if (!al || al == ref)
					continue;
				cr_assert_eq(dom_compute(al, &g, got, NULL), SSA_OK);
				uint32_t d = dc_first_diff(got, want, g.n);
				cr_assert_eq(d, UINT32_MAX,
					     "family=%s blocks=100000 seed=%llu: %s block %u idom %lld, slt %lld",
					     fams[f], (unsigned long long)seed, al->head.name, d,
					     d == UINT32_MAX ? 0 : dc_id(got[d]),
					     d == UINT32_MAX ? 0 : dc_id(want[d]));
			}
			free(want);
			free(got);
			cfg_free(&g);
		}
	}
}

/* The idoms FAMILIES.md states, block ids in the order the blocks are listed there. */
Test(families, adversarial_known_idoms)
{
	struct cfg g;
	struct gen_info info;
	const uint64_t k = 6;
	/* sncaworst(k): r, x1..xk, y1..yk. */
	{
		cr_assert_eq(make(&g, "sncaworst", 2 * k + 1, 1, &info), SSA_OK, "%s", info.note);
		cr_assert_eq(g.n, 2 * k + 1, "%s", info.note);
		uint32_t *want = malloc(g.n * sizeof *want);
		want[0] = SSA_NONE;
		for (uint32_t i = 1; i <= k; i++)
			want[i] = i == 1 ? 0 : i - 1;
		for (uint32_t i = 1; i <= k; i++)
			want[k + i] = 0;
		char msg[256];
		cr_assert_eq(dc_check_all(&g, want, MAX_SCRATCH, msg, sizeof msg), 0, "sncaworst: %s", msg);
		free(want);
		cfg_free(&g);
	}
	/* ibfsquad(k): r, w, y, z, x1..xk: z -> y, all else -> r. */
	{
		cr_assert_eq(make(&g, "ibfsquad", k + 4, 1, &info), SSA_OK, "%s", info.note);
		cr_assert_eq(g.n, k + 4, "%s", info.note);
		uint32_t *want = malloc(g.n * sizeof *want);
		for (uint32_t b = 0; b < g.n; b++)
			want[b] = b == 0 ? SSA_NONE : 0;
		want[3] = 2;
		char msg[256];
		cr_assert_eq(dc_check_all(&g, want, MAX_SCRATCH, msg, sizeof msg), 0, "ibfsquad: %s", msg);
		free(want);
		cfg_free(&g);
	}
}

Test(families, reducibility_by_family)
{
	static const char *const reducible[] = {"structured", "chain", "diamonds", "ladder",
						"repeat-until"};
	for (size_t f = 0; f < sizeof reducible / sizeof *reducible; f++) {
		if (!gen_find(reducible[f]))
			continue;
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct cfg g;
			struct gen_info info;
			cr_assert_eq(make(&g, reducible[f], 5000, seed, &info), SSA_OK, "%s", info.note);
			bool r;
			cr_assert_eq(cfg_is_reducible(&g, &r), SSA_OK);
			cr_assert(r, "family=%s seed=%llu should be reducible", reducible[f],
				  (unsigned long long)seed);
			cfg_free(&g);
		}
	}
	if (gen_find("irreducible")) {
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct cfg g;
			struct gen_info info;
			cr_assert_eq(make(&g, "irreducible", 5000, seed, &info), SSA_OK, "%s", info.note);
			bool r;
			cr_assert_eq(cfg_is_reducible(&g, &r), SSA_OK);
			cr_assert(!r, "family=irreducible seed=%llu came out reducible",
				  (unsigned long long)seed);
			cfg_free(&g);
		}
	}
}

/* ibfsquad defeats the BFS-initialised iterative algorithm (FAMILIES.md): exactly k+1 passes,
 * each scanning all 2k+3 arcs, so the work grows as n^2; chk, started from the DFS order, needs
 * a constant number of passes on the same graphs. */
Test(families, ibfsquad_makes_ibfs_quadratic)
{
	const struct dom_algo *ibfs = algo_find(dom_algos, dom_nalgos, "ibfs"), *chk = algo_find(dom_algos, dom_nalgos, "chk");
	cr_assert(ibfs && chk);
	static const uint64_t ks[] = {1, 2, 3, 10, 100, 1000, 3000};
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		uint64_t k = ks[i];
		struct cfg g;
		struct gen_info info;
		cr_assert_eq(make(&g, "ibfsquad", k + 4, 1, &info), SSA_OK, "%s", info.note);
		cr_assert_eq(info.k, k, "%s", info.note);
		uint32_t *idom = malloc(g.n * sizeof *idom);
		uint64_t c[DOM_MAX_COUNTERS], d[DOM_MAX_COUNTERS];
		cr_assert_eq(dom_compute(ibfs, &g, idom, c), SSA_OK);
		cr_expect_eq(c[0], k + 1, "ibfs on ibfsquad k=%llu: %llu passes, expected k+1",
			     (unsigned long long)k, (unsigned long long)c[0]);
		cr_expect_eq(c[2], (k + 1) * (2 * k + 3), "ibfs on ibfsquad k=%llu: %llu arc scans",
			     (unsigned long long)k, (unsigned long long)c[2]);
		cr_assert_eq(dom_compute(chk, &g, idom, d), SSA_OK);
		cr_expect_leq(d[0], 3, "chk on ibfsquad k=%llu: %llu passes", (unsigned long long)k,
			      (unsigned long long)d[0]);
		free(idom);
		cfg_free(&g);
	}
}
