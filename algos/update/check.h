/* Checks of the dynamic-dominator stage, beside what they check: after a batch, the algorithm's
 * tree must equal a fresh computation on the edited graph. On graphs the oracle accepts
 * (algos/dom/oracle.h) it is compared with the oracle; above that with the independent reference
 * (algos/dom/reference.h) and certified by a low-high order (dom_verify_cert). When checking
 * after every batch would dominate the run, every k-th batch is checked (and always the first
 * tree and the last batch); k is reported. */
#ifndef SSALAB_UPDATE_CHECK_H
#define SSALAB_UPDATE_CHECK_H

#include "update/update.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum update_check_how {
	UPDATE_CHECK_ORACLE = 1,    /* compared with the brute-force oracle */
	UPDATE_CHECK_REFERENCE = 2, /* compared with the reference and certified */
};

/* idom (g->n entries) against a fresh computation for g. SSA_OK, SSA_EVERIFY with the first
 * difference in msg ("block 7: idom 3, expected 5 (oracle)"), SSA_ENOMEM. *how (may be NULL)
 * says which method ran. */
int update_check_tree(const struct cfg *g, const uint32_t *idom, enum update_check_how *how,
		      char *msg, size_t len);

/* Units of work one check costs for n blocks and m edges: n (n + m) for the oracle, a constant
 * times n + m for the reference and the certificate. */
uint64_t update_check_cost(uint64_t n, uint64_t m);

/* Total check work a run may spend before checks are spread out, in the units above. */
#define UPDATE_CHECK_BUDGET 400000000ull

/* Every how many batches update_run_checked checks when asked to choose (every = 0): 1 while
 * checking each of the stream's batches costs at most UPDATE_CHECK_BUDGET, else spread evenly. */
uint64_t update_check_every(uint64_t n, uint64_t m, uint64_t batches);

struct update_check_report {
	uint64_t batches;             /* batches applied */
	uint64_t checked;             /* trees checked, the initial one included */
	uint64_t every;               /* the k used */
	enum update_check_how how;    /* the method of the last check */
	uint64_t failed_batch;        /* on SSA_EVERIFY: the batch after which the check failed,
				       * 0 for the initial tree */
};

/* Runs a over s from g like update_run, checking the tree after the initial build, after every
 * every-th batch (0: update_check_every) and after the last one. Stops at the first difference:
 * SSA_EVERIFY with msg and rep->failed_batch. counters may be NULL. */
int update_run_checked(const struct update_algo *a, const struct cfg *g,
		       const struct update_stream *s, uint64_t every, struct update_check_report *rep,
		       uint64_t *counters, char *msg, size_t len);

/* The dynamic-dominator stage's check: update_run_checked choosing k, with msg saying what was
 * compared (the trees after the build and after each batch or every k-th, against which method)
 * or where the first difference is. post: g and s are the reversed graph and stream, the trees
 * post-dominator trees; batches: the stream's batches as given (before reversing). */
int update_check_stream(const struct update_algo *a, const struct cfg *g,
			const struct update_stream *s, bool post, uint64_t batches, char *msg,
			size_t len);

#endif
