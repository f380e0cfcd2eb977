/* A program: a CFG plus, per block, a sequence of operations on variables 0..nvars-1, each
 * either a definition or a use. Operations are stored as one CSR over blocks; an op word is
 * (var << 1) | kind. No variable is defined at entry unless an op says so; a use that no
 * definition reaches reads "undefined". */
#ifndef SSALAB_PROG_H
#define SSALAB_PROG_H

#include "cfg/cfg.h"
#include "cfg/names.h"

#define PROG_USE 0u
#define PROG_DEF 1u
#define PROG_MAX_VARS (UINT32_MAX >> 1)

static inline uint32_t prog_op(uint32_t var, uint32_t kind) { return (var << 1) | kind; }
static inline uint32_t prog_op_var(uint32_t op) { return op >> 1; }
static inline bool prog_op_is_def(uint32_t op) { return op & 1u; }

struct prog {
	struct cfg cfg;
	uint32_t nvars;
	uint32_t nops;
	uint32_t *op_off; /* n+1 offsets: the ops of block b are ops[op_off[b] .. op_off[b+1]) */
	uint32_t *ops;    /* nops op words, each block's in program order */
	/* Optional names (names.h): count 0 = none. bnames has n entries or none, vnames nvars
	 * or none. Dumps and pictures print a name where there is one, else the number. */
	struct names bnames, vnames;
};

/* Takes ownership of g (moved into p) and of op_off/ops; p has no names. */
void prog_init(struct prog *p, struct cfg *g, uint32_t nvars, uint32_t nops, uint32_t *op_off,
	       uint32_t *ops);
/* A program with no operations over g (ownership of g moves). */
int prog_empty(struct prog *p, struct cfg *g, uint32_t nvars);
void prog_free(struct prog *p);
bool prog_is_valid(const struct prog *p, char *why, unsigned whylen);
uint64_t prog_bytes(uint64_t n, uint64_t m, uint64_t nops);
/* A hash of every word of p's CFG and operations (names aside), so that two programs at one
 * address with the same sizes (the functions of a module, files of one directory) tell apart:
 * the key of caches of facts about a program. */
uint64_t prog_fingerprint(const struct prog *p);

#endif
