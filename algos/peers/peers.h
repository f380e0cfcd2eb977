/* Rival implementations that compilers and graph libraries ship, wrapped as ssalab kernels so
 * they run beside ours on the same graphs, under the same driver and checks.
 *
 * The adapters are files in algos/peers (C++ for LLVM and Boost, C for igraph) and are built
 * only when CMake finds the library: SSALAB_HAVE_LLVM_PEERS (the newest llvm-config-N, N >= 16,
 * that CMake finds), SSALAB_HAVE_BOOST_PEERS (boost/graph/dominator_tree.hpp) and
 * SSALAB_HAVE_IGRAPH_PEERS (igraph 0.10 or newer). The stage tables (algos/dom/registry.c, algos/phi/registry.c)
 * list the descriptors behind those definitions. Each descriptor's prepare() converts ssalab's
 * CSR into the peer's own graph type, untimed; run() is the peer's algorithm and the
 * conversion of its answer back into ssalab's arrays. */
#ifndef SSALAB_PEERS_H
#define SSALAB_PEERS_H

#include "cfg/cfg.h"
#include "dom/dom.h"
#include "phi/phi.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- LLVM (algos/peers/llvm_dom.cpp, llvm_idf.cpp, llvm_mem2reg.cpp) ---- */

/* "LLVM 22.1.8": the version of the headers the adapters were compiled against. */
const char *peer_llvm_version(void);

/* 1 when llvm-dom, llvm-pdom and llvm-idf run LLVM's numbered path (LLVM 20 and newer: the
 * node type gives LLVM block numbers, and LLVM keeps its per-block records in vectors indexed
 * by them), 0 when they run the pointer-keyed DenseMap path, as llvm-dom-map always does. */
int peer_llvm_numbered(void);

/* llvm-dom: DominatorTreeBase<node, false>::recalculate, LLVM's Semi-NCA, over a node type
 * with block numbers (see peer_llvm_numbered). */
extern const struct dom_algo peer_llvm_dom;
/* llvm-dom-map: the same over a node type without block numbers, so LLVM keys its records by
 * node pointer in DenseMaps: what numbering gained, side by side with llvm-dom. Before LLVM 20
 * the same code as llvm-dom. */
extern const struct dom_algo peer_llvm_dom_map;
/* llvm-pdom: DominatorTreeBase<node, true>::recalculate, LLVM's post-dominator construction,
 * run on the reverse of its input so that it answers the input's dominators. Under
 * `bench --reverse` its input is ssalab's reverse CFG (algos/dom/reverse.h), whose reverse is
 * the original function plus ssalab's virtual exit as its only sink: the answer is then
 * LLVM's post-dominator tree of that function, whose one root is ssalab's virtual exit. */
extern const struct dom_algo peer_llvm_pdom;
/* llvm-idf: IDFCalculatorBase<node, false> over LLVM's dominator tree (built by prepare). */
extern const struct phi_algo peer_llvm_idf;

/* LLVM's own post-dominator tree of g, with LLVM's choice of roots: every block without
 * successors, plus one block LLVM picks in each region that cannot reach one (an infinite
 * loop). ipdom[b] (n entries) is the immediate post-dominator, SSA_NONE when it is LLVM's
 * virtual root. roots (n entries) receives the roots in LLVM's order, *nroots their number.
 * Every block is in the tree, reachable from the entry or not. Allocates; not a benchmark. */
int peer_llvm_postdom(const struct cfg *g, uint32_t *ipdom, uint32_t *roots, uint32_t *nroots);

/* ---- LLVM's incremental dominator tree (algos/peers/llvm_update.cpp): dynamic-dominator
 * algorithms (algos/update/update.h) over the driver's struct dyn_cfg itself. LLVM is told an
 * edge insertion when the edge's copies go from 0 to 1 and a deletion when they go to 0. ---- */
struct update_algo;
struct dyn_cfg;
/* llvm-update: DominatorTreeBase::insertEdge / deleteEdge once per update, the graph LLVM sees
 * holding exactly the updates told so far (LLVM's contract). */
extern const struct update_algo peer_llvm_update;
/* llvm-update-batch: DominatorTreeBase::applyUpdates once per batch (LLVM's legalization and
 * its |DT|/40 recomputation threshold). */
extern const struct update_algo peer_llvm_update_batch;
/* The same two for LLVM's post-dominator tree (IsPostDom = true). Their idom() is LLVM's
 * immediate post-dominator (SSA_NONE under LLVM's virtual root, and for blocks LLVM has not
 * put in the tree), so they belong in no table of forward trees: the tests compare them with
 * peer_llvm_pdom_fresh after every batch. */
extern const struct update_algo peer_llvm_update_pdom;
extern const struct update_algo peer_llvm_update_pdom_batch;
/* LLVM's own verifier on the tree of state (a state of one of the four descriptors above):
 * DominatorTreeBase::verify() at its default (full) level, which also recomputes the roots
 * and compares. SSA_OK, SSA_EVERIFY (LLVM printed why on standard error), SSA_EUSAGE. */
int peer_llvm_update_verify(const struct update_algo *a, void *state);
/* LLVM's post-dominator tree of g recomputed from scratch, as those report it (g->n entries). */
int peer_llvm_pdom_fresh(const struct dyn_cfg *g, uint32_t *ipdom);

/* The outcome for one function of the placement check (peer_llvm_mem2reg_check
 * below). */
struct peer_m2r_parity {
	bool compared;      /* a placement was given and the function was promoted */
	bool optnone;       /* the function is optnone: LLVM's pass skips it, so nothing ran */
	uint32_t both;      /* φs (variable, block) on both sides */
	uint32_t folded;    /* ssalab's φs LLVM lacks that LLVM's simplification removes */
	uint32_t failures;  /* every other difference */
	char *msg;          /* failures (at most a few, then a count), one per line, each
			     * "function F: variable %V, block %B: ..."; NULL when none (malloc'd) */
};

/* llvm-mem2reg: LLVM's PromoteMemToReg, timed per function of an LLVM module (.ll or .bc).
 * For each function with a body, a call promotes all promotable allocas of the entry block
 * (what mem2reg does) on a fresh clone of the function made untimed; the dominator tree it
 * needs is built untimed too, as in LLVM's pass pipeline where mem2reg receives it from the
 * analysis manager. A sample makes `iters` clones (and trees) untimed, times the `iters`
 * PromoteMemToReg calls back to back, wall and CPU, and deletes the clones untimed; iters is
 * calibrated so that a sample lasts min_time_s, after the warm-up calls, as ssalab's own
 * kernels are timed (a real function's promotion takes microseconds, below what one clock
 * reading resolves, and a lone call on a cold clone times the cache misses, not the work).
 * A function without promotable allocas is not timed (iters 1, 0 ns). A function with LLVM's
 * optnone attribute is left alone, as the mem2reg pass leaves it: allocas 0, reps 0 ns. */
struct peer_m2r_func {
	char *name;            /* the function's name (malloc'd) */
	uint32_t blocks;       /* basic blocks */
	uint32_t allocas;      /* allocas promoted (the same in every rep) */
	uint32_t phis;         /* phi nodes after promotion (phis_before included) */
	uint32_t phis_before;  /* phi nodes already in the input (clang's ?:, && and ||) */
	uint32_t insts_before; /* instructions before and after promotion */
	uint32_t insts_after;
	uint32_t reps;
	uint64_t iters;        /* PromoteMemToReg calls per sample */
	double *rep_ns;        /* reps entries: a sample's wall-clock ns over iters (malloc'd) */
	double *cpu_rep_ns;    /* the same in process CPU time (malloc'd) */
	struct peer_m2r_parity parity; /* peer_llvm_mem2reg_check only */
};

struct peer_m2r_result {
	uint32_t nfuncs;
	struct peer_m2r_func *funcs; /* in module order */
};

/* How llvm-mem2reg times: reps samples of calibrated batches after warmup calls (at least 1),
 * each sample lasting at least min_time_s (0: one call per sample). */
struct peer_m2r_timing {
	uint32_t reps, warmup;
	double min_time_s;
};

/* Reads path, runs `reps` timed reps per function (reps >= 1; a warm-up rep is not included),
 * one call per sample.
 * SSA_EINPUT when LLVM cannot parse the file: err (errlen bytes) then holds LLVM's message
 * as "path:line:col: message". SSA_ENOMEM; SSA_EUSAGE for reps == 0 or a NULL argument.
 * On failure *out is left empty. */
int peer_llvm_mem2reg(const char *path, uint32_t reps, struct peer_m2r_result *out, char *err,
		      size_t errlen);
void peer_m2r_result_free(struct peer_m2r_result *r);

/* Placement parity: ssalab's φ blocks of one function, handed to peer_llvm_mem2reg_check, which
 * sets them against the blocks where PromoteMemToReg leaves φs, variable by variable.
 *
 * LLVM's side comes from one more untimed clone per function: every name in it is cleared and
 * its promotable allocas are renamed "m<k>", so the φs PromoteMemToReg creates ("m<k>.<n>")
 * say which alloca they belong to whatever names the input had (clang discards them).
 *
 * ssalab's φs that LLVM lacks are accepted only when LLVM's own simplification removes them:
 * on another clone the φs are inserted where ssalab places them, loads and stores renamed by a
 * walk of LLVM's dominator tree (the value of an alloca entering a block is its φ there, else
 * the value leaving the immediate dominator; undef at the entry, as in LLVM), incoming values
 * added per CFG edge from reachable predecessors, then llvm::simplifyInstruction applied to
 * those φs until none changes, which is the last step of PromoteMemToReg (it folds a φ whose
 * incoming values, self-references aside, are one value, with LLVM's own rules for undef and
 * poison). Any other difference is a failure. */
struct peer_m2r_placement {
	const char *function;          /* the function's name */
	uint32_t nvars;                /* variables: the importer's promotable allocas */
	const char *const *var_names;  /* nvars alloca names as LLVM prints them, a slot number
					* ("7") for an unnamed one */
	const uint64_t *off;           /* nvars + 1 offsets into blocks */
	const uint32_t *blocks;        /* φ blocks per variable, layout-order indices */
};

/* peer_llvm_mem2reg with the parity check: for each function named in places[0..nplaces)
 * (order free), parity is filled; for the others, parity.compared is false (and for an
 * optnone function, where parity.optnone is set instead).
 * places may be NULL when nplaces is 0. */
int peer_llvm_mem2reg_check(const char *path, uint32_t reps,
			    const struct peer_m2r_placement *places, uint32_t nplaces,
			    struct peer_m2r_result *out, char *err, size_t errlen);
/* The same, timed as t says (calibrated batches); the parity check runs once per function,
 * after the samples and untimed. */
int peer_llvm_mem2reg_timed(const char *path, const struct peer_m2r_timing *t,
			    const struct peer_m2r_placement *places, uint32_t nplaces,
			    struct peer_m2r_result *out, char *err, size_t errlen);

/* ---- Boost.Graph (algos/peers/boost_lt.cpp) ---- */

/* "Boost 1.81.0". */
const char *peer_boost_version(void);

/* boost-lt: boost::lengauer_tarjan_dominator_tree, the overload that takes the DFS maps, with
 * unreachable blocks marked as its documentation requires. */
extern const struct dom_algo peer_boost_lt;

/* The convenience overload (graph, entry, idom map) on the same CSR graph, kept to show that
 * it is wrong when a block unreachable from the entry has an edge into a reachable one (its
 * DFS numbers start at 0 for every block, so such a block looks like the entry). Fills idom
 * like a dom_algo run. Not in the table. */
int peer_boost_lt_3arg(const struct cfg *g, uint32_t *idom);

/* ---- igraph (algos/peers/igraph_dom.c, C) ---- */

/* "igraph 0.10.2": igraph_version() of the library linked in. */
const char *peer_igraph_version(void);

/* igraph-dom: igraph_dominator_tree(graph, entry, dom, NULL, NULL, IGRAPH_OUT) on an igraph_t
 * built by prepare. igraph's errors come back as ssalab statuses through the adapter's own
 * error handler instead of aborting the process. */
extern const struct dom_algo peer_igraph_dom;

/* Asks igraph, through the adapter's handler, for something it refuses (a dominator tree with
 * mode IGRAPH_ALL) and returns the status the adapter made of it: SSA_EUSAGE, with the process
 * still running. For the tests. */
int peer_igraph_handler_check(void);

/* igraph's message for the first error of the adapter's most recent failing igraph call ("" if
 * none failed yet). */
const char *peer_igraph_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
