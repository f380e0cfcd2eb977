/* Update streams for the dynamic-dominator stage (algos/update/update.h): what a compiler pass,
 * a random process or an adversary does to a start CFG, as edge insertions, edge deletions, new
 * blocks and batch marks. Deterministic like the graphs: the same start graph, kind, options
 * and seed give the same stream, update for update, on every machine (util/rng.h, integer
 * decisions only). The kinds are in gen_stream_kinds[] (gen/stream.c); gen/README.md defines
 * each one and the CFG every transformation produces. Library code: never prints or exits. */
#ifndef SSALAB_GEN_STREAM_H
#define SSALAB_GEN_STREAM_H

#include "cfg/cfg.h"
#include "update/update.h"

#include <stddef.h>
#include <stdint.h>

enum gen_stream_class {
	GEN_STREAM_RANDOM,    /* random insertions and deletions over any start graph */
	GEN_STREAM_COMPILER,  /* compiler transformations, the updates LLVM's passes report */
	GEN_STREAM_ADVERSARY, /* sequences that make a dynamic algorithm do the most work */
};

/* The transformations, counted in gen_stream_info.xforms. */
enum gen_xform {
	GEN_X_SPLIT, GEN_X_MERGE, GEN_X_THREAD, GEN_X_ROTATE, GEN_X_PEEL, GEN_X_UNROLL,
	GEN_X_REGION, GEN_X_INLINE, GEN_X_COUNT
};

struct gen_stream_kind {
	const char *name;
	enum gen_stream_class cls;
	const char *summary;
};

extern const struct gen_stream_kind gen_stream_kinds[];
extern const size_t gen_stream_nkinds;
const struct gen_stream_kind *gen_stream_find(const char *name);
const char *gen_xform_name(enum gen_xform x);

#define GEN_STREAM_DEFAULT_UPDATES 1000u /* random and adversarial kinds */
#define GEN_STREAM_DEFAULT_UNROLL 4u
#define GEN_STREAM_MAX_UNROLL 64u
#define GEN_STREAM_MAX_UPDATES 100000000u /* 1.2 GB of updates in memory */

struct gen_stream_params {
	const char *kind;
	uint64_t seed;
	/* Random and adversarial kinds: edge updates to make (0: GEN_STREAM_DEFAULT_UPDATES; the
	 * adversaries' setup batch comes on top). Compiler kinds: stop after the transformation
	 * that reaches this many edge updates (0: none, the whole function). */
	uint64_t updates;
	/* 0: random and adversarial kinds, one update per batch; compiler kinds, one batch per
	 * applyUpdates call of the pass. K > 0: K edge updates per batch (random, adversarial), K
	 * transformations per batch (compiler). */
	uint32_t batch;
	uint32_t unroll;                /* unroll factor (0: GEN_STREAM_DEFAULT_UNROLL) */
	/* inline: the callees, used round robin; NULL: structured CFGs with the real-code corpus's
	 * size distribution, drawn from the seed. */
	const struct cfg *callees;
	uint32_t ncallees;
};

void gen_stream_params_default(struct gen_stream_params *sp);

struct gen_stream_info {
	uint64_t inserts, deletes, blocks, batches;
	uint64_t setup;                 /* adversaries: updates of the setup batch */
	uint64_t xforms[GEN_X_COUNT];   /* transformations applied, by kind */
	uint32_t n_start, n_end;
	uint64_t m_end;                 /* edges after the stream */
	char note[256];                 /* what was made, or why nothing could be */
};

/* The stream of kind sp->kind over start (entry 0) into out (update_stream_free). SSA_EUSAGE
 * with info->note for an unknown kind, a bad option or a start graph the kind cannot use;
 * SSA_ETOOBIG when the stream would pass the graph limits; SSA_ENOMEM. */
int gen_stream(const struct gen_stream_params *sp, const struct cfg *start,
	       struct update_stream *out, struct gen_stream_info *info);

/* ---- gen's stream options (gen/options.c), beside the generator options but in a table of
 * their own: --stream=KIND --updates=N --batch=K --unroll=K --stream-out FILE. ---- */
enum gen_stream_opt_id {
	GEN_SOPT_STREAM, GEN_SOPT_UPDATES, GEN_SOPT_BATCH, GEN_SOPT_UNROLL, GEN_SOPT_STREAM_OUT,
	GEN_NSOPTS
};

struct gen_stream_options {
	struct gen_stream_params sp;
	const char *out;  /* --stream-out */
	unsigned given;   /* bit (1 << enum gen_stream_opt_id) per option given */
};

void gen_stream_options_init(struct gen_stream_options *o);
/* The stream option called name (len bytes, no dashes), or -1. Every one takes a value. */
int gen_stream_option_find(const char *name, size_t len);
/* SSA_EUSAGE with a message naming the option for a bad value or an option given twice. */
int gen_stream_option_set(struct gen_stream_options *o, int id, const char *val, char *err,
			  size_t errlen);
/* After every option: SSA_EUSAGE when a stream option comes without --stream, --stream without
 * --stream-out, or --unroll with a kind that does not unroll. */
int gen_stream_options_check(const struct gen_stream_options *o, char *err, size_t errlen);

#endif
