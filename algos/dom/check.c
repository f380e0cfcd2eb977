/* The dominator stage's check (check.h). */
#include "dom/check.h"
#include "dom/oracle.h"
#include "dom/reference.h"
#include "dom/verify.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const uint32_t *got, const uint32_t *want, uint32_t n, bool reverse,
		   const char *who, char *msg, size_t msglen)
{
	for (uint32_t b = 0; b < n; b++) {
		if (got[b] == want[b])
			continue;
		/* Report in the ids the user sees. */
		long long gb = got[b] == SSA_NONE ? -1 : (long long)got[b];
		long long wb = want[b] == SSA_NONE ? -1 : (long long)want[b];
		if (reverse) {
			if (b == 0) {
				snprintf(msg, msglen, "%s: the virtual exit has idom %lld", who, gb);
				return SSA_EVERIFY;
			}
			gb = gb <= 0 ? -1 : gb - 1;
			wb = wb <= 0 ? -1 : wb - 1;
		}
		snprintf(msg, msglen, "%s: block %" PRIu32 " %s %lld, expected %lld", who,
			 reverse ? b - 1 : b, reverse ? "ipdom" : "idom", gb, wb);
		return SSA_EVERIFY;
	}
	return SSA_OK;
}

int dom_check_idom(const struct cfg *g, const uint32_t *idom, bool reverse, char *msg,
		   size_t msglen)
{
	uint32_t *want = ssa_alloc_array(g->n, sizeof(uint32_t));
	if (!want) {
		snprintf(msg, msglen, "check: out of memory");
		return SSA_ENOMEM;
	}
	int st;
	char who[128];
	if (dom_oracle_work(g->n, g->m) <= DOM_CHECK_ORACLE_WORK) {
		snprintf(who, sizeof who, "oracle");
		st = dom_oracle(g, want);
		if (st == SSA_OK)
			st = compare(idom, want, g->n, reverse, who, msg, msglen);
	} else {
		char vmsg[200];
		bool cert = false;
		st = dom_verify_cert(g, idom, &cert, vmsg, sizeof vmsg);
		if (st == SSA_EVERIFY)
			snprintf(msg, msglen, "verifier: %s", vmsg);
		if (st == SSA_OK) {
			snprintf(who, sizeof who, "vs independent reference + verifier%s",
				 cert ? ", certified by a low-high order" : " (not certified)");
			st = dom_reference(g, want);
			if (st == SSA_OK)
				st = compare(idom, want, g->n, reverse, who, msg, msglen);
		}
	}
	if (st == SSA_OK)
		snprintf(msg, msglen, "%s: ok", who);
	else if (st != SSA_EVERIFY)
		snprintf(msg, msglen, "check could not run: %s", ssa_status_str(st));
	free(want);
	return st;
}

