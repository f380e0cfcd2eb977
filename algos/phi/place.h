/* Internal to the placement algorithms: what phi-idf, phi-dj and phi-djq share, the flavour
 * filter and the output builder (per-variable lists collected into one growing buffer, sorted,
 * then copied into struct phi_sets). Not part of the public API. */
#ifndef SSALAB_PHI_PLACE_H
#define SSALAB_PHI_PLACE_H

#include "phi/phi.h"

struct phi_common {
	struct live_walk lw;
	uint32_t *buf; /* φ blocks of all variables so far */
	uint64_t len, cap;
	uint32_t nvars;
	uint32_t n;
	uint64_t *mark; /* n bits, all clear between variables: sorts a variable's large φ list */
};

int phi_common_alloc(struct phi_common *c, uint32_t n, uint32_t nvars);
void phi_common_free(struct phi_common *c);
uint64_t phi_common_bytes(uint64_t n, uint64_t nvars);

/* Starts a run: out->off sized for the variables. */
int phi_common_begin(struct phi_common *c, const struct phi_input *in, struct phi_sets *out);

/* The prologue of a run of phi-dj and phi-djq: zeroes the counters, starts the run
 * (phi_common_begin, which refuses a CFG larger than the scratch) and builds the algorithm's
 * per-run structure by build(s, cfg, dominator tree). */
int phi_common_start(struct phi_common *c, const struct phi_input *in, struct phi_sets *out,
		     uint64_t *counters,
		     int (*build)(void *s, const struct cfg *g, const struct domtree *dt), void *s);

/* Before placing v: false when the flavour gives v no φ at all (semi-pruned, no upward-exposed
 * use). For pruned without dataflow liveness, computes v's live-in blocks; *steps += its work. */
bool phi_common_var(struct phi_common *c, const struct phi_input *in, enum phi_flavor f,
		    uint32_t v, uint64_t *steps);

/* Whether a φ for v may stand at b under the flavour. */
static inline bool phi_common_allowed(const struct phi_common *c, const struct phi_input *in,
				      enum phi_flavor f, uint32_t v, uint32_t b)
{
	if (f != PHI_PRUNED)
		return true;
	if (in->live)
		return live_dataflow_is_live(in->live, b, v);
	return live_walk_is_live(&c->lw, b);
}

/* Doubles buf. */
int phi_common_grow(struct phi_common *c);

/* Appends a φ block of the current variable. */
static inline int phi_common_push(struct phi_common *c, uint32_t b)
{
	if (c->len == c->cap) {
		int st = phi_common_grow(c);
		if (st)
			return st;
	}
	c->buf[c->len++] = b;
	return 0;
}

/* Ends variable v: sorts its blocks and records the offset. */
void phi_common_end_var(struct phi_common *c, struct phi_sets *out, uint32_t v);

/* Ends the run: copies the blocks into out. */
int phi_common_finish(struct phi_common *c, struct phi_sets *out);

#endif
