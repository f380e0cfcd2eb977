/* The dominator stage's check, beside what it checks (bench's dom stage and the tests call it):
 * an immediate-dominator array against the oracle (algos/dom/oracle.h) where its n (n + m) work
 * is at most DOM_CHECK_ORACLE_WORK; above that, the verifier with its low-high certificate
 * attempt (verify.h), then dom_reference (reference.h) must agree block for block. The
 * reference shares no code with any registered algorithm (no dom_dfs, no dominator cuts), so a
 * bug common to the Lengauer-Tarjan family cannot make two wrong answers agree. */
#ifndef SSALAB_DOM_CHECK_H
#define SSALAB_DOM_CHECK_H

#include "cfg/cfg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The oracle costs n*(n+m) steps; 10^8 is a fraction of a second. */
#define DOM_CHECK_ORACLE_WORK 100000000ull

/* idom (g->n entries) against the answer for g. reverse: g is dom_reverse_cfg's graph, and a
 * difference is reported in the original ids (ipdom, -1 for the virtual exit). SSA_OK with what
 * was compared in msg ("oracle: ok"), SSA_EVERIFY with the first difference, or the status of a
 * step that could not run ("check could not run: ..."). */
int dom_check_idom(const struct cfg *g, const uint32_t *idom, bool reverse, char *msg,
		   size_t msglen);

#endif
