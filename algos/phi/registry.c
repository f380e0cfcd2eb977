/* The φ-placement algorithms' table and the liveness computations' table (phi.h). Adding one is
 * a file and a line here; bench and the tests iterate the tables, so it is cross-checked for
 * free. */
#include "phi/phi.h"
#include "util/status.h"

_Static_assert(PHI_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct phi_algo phi_idf_algo, phi_dj_algo, phi_djq_algo, phi_djh_algo, phi_auto_algo;

#ifdef SSALAB_HAVE_LLVM_PEERS
#include "peers/peers.h" /* optional rival, built when CMake finds LLVM */
#endif

const struct phi_algo *const phi_algos[] = {
	&phi_idf_algo, &phi_dj_algo, &phi_djq_algo, &phi_djh_algo, &phi_auto_algo,
#ifdef SSALAB_HAVE_LLVM_PEERS
	&peer_llvm_idf,
#endif
};
const size_t phi_nalgos = sizeof phi_algos / sizeof phi_algos[0];

uint64_t phi_scratch_bytes(const struct phi_algo *a, const struct phi_input *in)
{
	if (a->scratch_bytes_in)
		return a->scratch_bytes_in(in);
	return a->scratch_bytes(in->prog->cfg.n, in->prog->nvars);
}

const struct phi_algo *phi_default_algo(void)
{
	return &phi_djq_algo;
}

int phi_compute(const struct phi_algo *a, const struct phi_input *in, enum phi_flavor flavor,
		struct phi_sets *out, uint64_t *counters)
{
	uint64_t local[PHI_MAX_COUNTERS];
	void *scratch = NULL;
	int st = a->scratch_alloc(&scratch, in->prog->cfg.n, in->prog->nvars);
	if (st != SSA_OK)
		return st;
	if (a->prepare)
		st = a->prepare(scratch, in);
	if (st == SSA_OK)
		st = a->run(scratch, in, flavor, out, counters ? counters : local);
	a->scratch_free(scratch);
	return st;
}

static const struct live_algo live_dataflow_algo = {
	.head = {.name = "live-dataflow",
		 .summary = "live-in sets of all variables by the iterative bitset dataflow",
		 .citation = "Kildall, POPL 1973 (the iterative dataflow framework)",
		 .complexity = "O((n + m) ceil(V/64) d) word operations for d passes; 3n ceil(V/64) words",
		 .counter_names = {"live-in", "block-visits", "words"}},
	.dataflow = true,
};
static const struct live_algo live_walk_algo = {
	.head = {.name = "live-walk",
		 .summary = "live-in sets variable by variable, backward walk from the uses (mem2reg)",
		 .citation = "Appel, Modern Compiler Implementation, 1998; LLVM PromoteMemToReg.cpp",
		 .complexity = "O(defs + sum of the live-in blocks' in-degrees) per variable; 3n words",
		 .counter_names = {"live-in", "pred-steps"}},
	.dataflow = false,
};

const struct live_algo *const live_algos[] = {&live_dataflow_algo, &live_walk_algo};
const size_t live_nalgos = sizeof live_algos / sizeof live_algos[0];
