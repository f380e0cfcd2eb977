/* Program generation: exact counts of variables, definitions and uses, --def-at-entry,
 * --locality windows in reverse postorder, uses before definitions and uses no definition
 * reaches, determinism (golden hash), limits. */
#include <criterion/criterion.h>

#include "support/gen_util.h"

#include "cfg/traverse.h"
#include "gen/gen.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void make_prog(struct prog *pr, const char *family, uint64_t blocks, uint64_t seed,
		      uint32_t vars, uint32_t defs, uint32_t uses, uint32_t locality, int at_entry)
{
	struct gen_params p;
	struct gen_info info;
	struct cfg g;
	gen_params_default(&p);
	p.family = family;
	p.blocks = blocks;
	p.seed = seed;
	p.vars = vars;
	p.defs_per_var = defs;
	p.uses_per_var = uses;
	p.locality = locality;
	p.define_at_entry = at_entry;
	cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
	int st = gen_prog(&p, &g, pr);
	cr_assert_eq(st, SSA_OK, "gen_prog(%s, %" PRIu64 ", seed %" PRIu64 ", vars %u): %s", family,
		     blocks, seed, vars, ssa_status_str(st));
	char why[160];
	cr_assert(prog_is_valid(pr, why, sizeof why), "%s", why);
}

static void count_ops(const struct prog *pr, uint32_t *ndef, uint32_t *nuse)
{
	memset(ndef, 0, pr->nvars * sizeof *ndef);
	memset(nuse, 0, pr->nvars * sizeof *nuse);
	for (uint32_t i = 0; i < pr->nops; i++) {
		uint32_t v = prog_op_var(pr->ops[i]);
		if (prog_op_is_def(pr->ops[i]))
			ndef[v]++;
		else
			nuse[v]++;
	}
}

Test(gen_prog, exact_counts_on_every_family_shape)
{
	static const char *const fams[] = {"random", "structured", "ladder", "switch", "itworst"};
	for (size_t f = 0; f < 5; f++)
		for (uint32_t at_entry = 0; at_entry <= 1; at_entry++) {
			struct prog pr;
			make_prog(&pr, fams[f], 500, 3, 37, 3, 5, 0, (int)at_entry);
			cr_assert_eq(pr.nvars, 37);
			cr_assert_eq(pr.nops, 37 * (3 + 5 + at_entry));
			cr_assert_eq(gen_prog_nops(&(struct gen_params){.vars = 37, .defs_per_var = 3,
									 .uses_per_var = 5,
									 .define_at_entry = (int)at_entry},
						   pr.cfg.n),
				     pr.nops);
			uint32_t ndef[37], nuse[37];
			count_ops(&pr, ndef, nuse);
			for (uint32_t v = 0; v < 37; v++) {
				cr_assert_eq(ndef[v], 3 + at_entry, "%s var %u: %u defs", fams[f], v, ndef[v]);
				cr_assert_eq(nuse[v], 5, "%s var %u: %u uses", fams[f], v, nuse[v]);
			}
			prog_free(&pr);
		}
}

Test(gen_prog, defaults_and_zero_vars)
{
	struct prog pr;
	make_prog(&pr, "chain", 100, 1, 4, 0, 0, 0, 0);
	cr_assert_eq(pr.nops, 4 * (GEN_DEFAULT_DEFS + GEN_DEFAULT_USES));
	prog_free(&pr);
	make_prog(&pr, "chain", 100, 1, 0, 0, 0, 0, 0);
	cr_assert_eq(pr.nvars, 0);
	cr_assert_eq(pr.nops, 0);
	cr_assert_eq(pr.cfg.n, 100);
	prog_free(&pr);
}

Test(gen_prog, def_at_entry_comes_first_in_variable_order)
{
	struct prog pr;
	make_prog(&pr, "structured", 2000, 4, 50, 2, 2, 0, 1);
	cr_assert_geq(pr.op_off[1], 50);
	for (uint32_t v = 0; v < 50; v++)
		cr_assert_eq(pr.ops[v], prog_op(v, PROG_DEF), "entry op %u", v);
	prog_free(&pr);
}

Test(gen_prog, locality_keeps_each_variable_in_an_rpo_window)
{
	static const uint32_t windows[] = {1, 7, 40, 100000};
	for (size_t w = 0; w < 4; w++) {
		struct prog pr;
		uint32_t L = windows[w];
		make_prog(&pr, "structured", 3000, 11, 64, 4, 8, L, 0);
		struct cfg_dfs dfs;
		cr_assert_eq(cfg_dfs_alloc(&dfs, pr.cfg.n), SSA_OK);
		cfg_dfs_run(&dfs, &pr.cfg, 0);
		uint32_t *rpo_of = malloc(pr.cfg.n * sizeof *rpo_of);
		for (uint32_t i = 0; i < dfs.nreach; i++)
			rpo_of[dfs.rpo[i]] = i;
		uint32_t lo[64], hi[64];
		for (uint32_t v = 0; v < 64; v++) {
			lo[v] = UINT32_MAX;
			hi[v] = 0;
		}
		for (uint32_t b = 0; b < pr.cfg.n; b++)
			for (uint32_t i = pr.op_off[b]; i < pr.op_off[b + 1]; i++) {
				uint32_t v = prog_op_var(pr.ops[i]), r = rpo_of[b];
				cr_assert_neq(dfs.pre[b], SSA_NONE, "local op in an unreachable block");
				lo[v] = r < lo[v] ? r : lo[v];
				hi[v] = r > hi[v] ? r : hi[v];
			}
		uint32_t widest = 0;
		for (uint32_t v = 0; v < 64; v++) {
			cr_assert_lt(hi[v] - lo[v], L, "window %u: variable %u spans %u..%u", L, v, lo[v],
				     hi[v]);
			widest = hi[v] - lo[v] > widest ? hi[v] - lo[v] : widest;
		}
		if (L >= 40) /* 12 ops over a window that wide do spread out */
			cr_assert_gt(widest, (L < dfs.nreach ? L : dfs.nreach) / 4);
		free(rpo_of);
		cfg_dfs_free(&dfs);
		prog_free(&pr);
	}
}

Test(gen_prog, global_variables_spread_over_the_whole_graph)
{
	struct prog pr;
	make_prog(&pr, "chain", 1000, 2, 16, 20, 20, 0, 0);
	uint32_t lowest = UINT32_MAX, highest = 0;
	for (uint32_t b = 0; b < 1000; b++)
		if (pr.op_off[b] != pr.op_off[b + 1]) {
			lowest = b < lowest ? b : lowest;
			highest = b;
		}
	cr_assert_lt(lowest, 50);
	cr_assert_gt(highest, 950);
	prog_free(&pr);
}

Test(gen_prog, uses_before_defs_and_undefined_uses_occur)
{
	struct prog pr;
	/* A small graph with many ops per block: same-block use-before-def is common. */
	make_prog(&pr, "structured", 50, 8, 64, 4, 8, 0, 0);
	uint32_t use_first = 0, def_first = 0;
	for (uint32_t b = 0; b < pr.cfg.n; b++) {
		uint8_t seen[64] = {0}; /* 1: first op of v here was a use, 2: a def */
		for (uint32_t i = pr.op_off[b]; i < pr.op_off[b + 1]; i++) {
			uint32_t v = prog_op_var(pr.ops[i]);
			if (!seen[v])
				seen[v] = prog_op_is_def(pr.ops[i]) ? 2 : 1;
			else if (seen[v] == 1 && prog_op_is_def(pr.ops[i]))
				use_first++, seen[v] = 3;
			else if (seen[v] == 2 && !prog_op_is_def(pr.ops[i]))
				def_first++, seen[v] = 3;
		}
	}
	cr_assert_gt(use_first, 5, "use before def in a block: %u", use_first);
	cr_assert_gt(def_first, 5);
	/* Undefined uses: uses at the very start of the entry block, which has no predecessor in a
	 * structured CFG, read a value no definition reaches. */
	cr_assert_eq(cfg_in_degree(&pr.cfg, 0), 0);
	uint32_t undef = 0;
	for (uint32_t i = pr.op_off[0]; i < pr.op_off[1] && !prog_op_is_def(pr.ops[i]); i++)
		undef++;
	cr_assert_geq(undef, 3, "only %u leading entry uses", undef);
	prog_free(&pr);
	/* With --def-at-entry nothing is undefined: the entry starts with every definition. */
	make_prog(&pr, "structured", 50, 8, 64, 4, 8, 0, 1);
	cr_assert(prog_op_is_def(pr.ops[0]));
	prog_free(&pr);
}

Test(gen_prog, deterministic_and_seeded)
{
	struct prog a, b, c;
	make_prog(&a, "random", 3000, 5, 20, 3, 6, 0, 0);
	make_prog(&b, "random", 3000, 5, 20, 3, 6, 0, 0);
	make_prog(&c, "random", 3000, 6, 20, 3, 6, 0, 0);
	cr_assert_eq(gen_hash_prog(&a), gen_hash_prog(&b));
	cr_assert_neq(gen_hash_prog(&a), gen_hash_prog(&c));
	prog_free(&a);
	prog_free(&b);
	prog_free(&c);
	static const struct {
		const char *family;
		uint32_t locality;
		int at_entry;
		uint64_t hash;
	} golden[] = {
		{"random", 0, 0, UINT64_C(0x74fb9ef5dfeaa00d)},
		{"random", 50, 0, UINT64_C(0xde52ba5bdaccdb59)},
		{"structured", 0, 0, UINT64_C(0x8f0bb0ac1612dc08)},
		{"structured", 100, 1, UINT64_C(0x4a1541acfc5f7d2c)},
		{"ladder", 0, 1, UINT64_C(0x69032444ffed1dcf)},
		{"irreducible", 30, 0, UINT64_C(0x476fe0f32f37b020)},
	};
	for (size_t i = 0; i < sizeof golden / sizeof golden[0]; i++) {
		make_prog(&a, golden[i].family, 2000, 3, 24, 3, 5, golden[i].locality,
			  golden[i].at_entry);
		uint64_t h = gen_hash_prog(&a);
		cr_expect_eq(h, golden[i].hash, "%s locality %u def-at-entry %d: 0x%016" PRIx64
			     ", pinned 0x%016" PRIx64, golden[i].family, golden[i].locality,
			     golden[i].at_entry, h, golden[i].hash);
		prog_free(&a);
	}
}

Test(gen_prog, limits)
{
	struct gen_params p;
	struct gen_info info;
	struct cfg g;
	struct prog pr;
	gen_params_default(&p);
	p.family = "chain";
	p.blocks = 10;
	cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
	p.vars = 1u << 30;
	p.defs_per_var = 100;
	cr_assert_eq(gen_prog_nops(&p, g.n) > UINT32_MAX, true);
	cr_assert_eq(gen_prog(&p, &g, &pr), SSA_ETOOBIG);
	p.vars = PROG_MAX_VARS + 1u;
	cr_assert_eq(gen_prog(&p, &g, &pr), SSA_ETOOBIG);
	/* On failure g still belongs to the caller. */
	cr_assert_eq(g.n, 10);
	cfg_free(&g);
}

Test(gen_prog, million_blocks_64_vars)
{
	struct prog pr;
	make_prog(&pr, "structured", 1000000, 1, 64, 0, 0, 5000, 0);
	cr_assert_eq(pr.nops, 64 * (GEN_DEFAULT_DEFS + GEN_DEFAULT_USES));
	prog_free(&pr);
}
