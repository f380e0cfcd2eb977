/* The dynamic-dominator stage: one kernel per entry of update_algos[] (algos/update/registry.c),
 * read from the table directly. The input is the CFG bench already has plus an update stream.
 *
 *   --stream=FILE.upd  read against the CFG (update_stream_read_path, blocks by id or by the
 *                      input's names); --stream=KIND  made by gen's stream API (gen/stream.h)
 *                      from the same --seed, with --updates=N and --batch=K as in gen (a
 *                      compiler-shaped kind stops after 10^4 edge updates unless --updates
 *                      says otherwise); no --stream: the compiler-shaped kind "compiler".
 *   --reverse          post-dominators: the reversed graph with a virtual exit and the stream
 *                      translated to it (algos/update/reverse.h), run like any other stream.
 *   setup      untimed: the stream (generated or read, and reversed), the output tree.
 *   run        update_run: the initial build and every batch of the stream.
 *   counters   updates and batches of the stream, then the algorithm's own (summed over the
 *              batches).
 *   check      update_check_stream (algos/update/check.h), update_run_checked once: the tree
 *              after the build, after every k-th batch and after the last, against the oracle
 *              or the reference with its low-high certificate; the message gives k and the
 *              method.
 *   memory     the larger of setup's stream making (and reversing) and what a run adds to the
 *              stream (update_run_bytes: the tree, the mutable graph and the algorithm's
 *              state_bytes at the most blocks and edges the stream reaches). The stream is
 *              made ahead once per input (it is deterministic, stream_facts) to know those
 *              sizes, and the making's own peak is measured then (jemalloc's thread peak;
 *              gen has no model of its scratch); without jemalloc that term is the stream
 *              alone. A stream that cannot be made is bounded (update_stream_bound) until
 *              setup refuses it. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "gen/stream.h"
#include "update/check.h"
#include "update/dyn_cfg.h"
#include "update/reverse.h"
#include "update/stream.h"
#include "update/update.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define UPDATE_STAGE_COUNTERS 2 /* updates, batches */
#define UPDATE_STAGE_DEFAULT_UPDATES 10000u

struct update_state {
	const struct update_algo *a;
	const struct cfg *g;       /* the start graph the algorithm sees (reversed with --reverse) */
	const struct update_stream *s;
	struct update_stream stream; /* as generated or read */
	struct update_stream rstream; /* --reverse: translated to rg */
	struct cfg rg;
	bool reverse;
	uint64_t updates, batches;
	uint32_t *idom; /* s->n_end entries: the final tree */
};

/* The stream the options ask for: a kind gen knows, else a file. */
static const char *stream_arg(const struct bench_input *in, const struct gen_stream_kind **kind)
{
	const char *arg = in->opts->stream ? in->opts->stream : "compiler";
	*kind = gen_stream_find(arg);
	return arg;
}

/* Updates the stream will hold, before it exists: a file's records take at least 4 bytes
 * ("a 7\n"); a random or adversarial kind makes --updates (default 1000) plus the adversaries'
 * setup batch (at most a block and an edge per block); a compiler kind over the whole function
 * made about 1.4 (n + m) at 10^5 blocks (gen/README.md), so 2 (n + m), or --updates plus one
 * transformation's worth when it stops early. An estimate for the refusal, not a bound. */
static uint64_t update_stream_estimate(const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	const struct gen_stream_kind *kind;
	const char *arg = stream_arg(in, &kind);
	uint64_t nm = (uint64_t)g->n + g->m;
	if (!kind) {
		struct stat sb;
		return stat(arg, &sb) == 0 && sb.st_size > 0 ? (uint64_t)sb.st_size / 4 + 1 : 0;
	}
	uint64_t want = in->opts->updates;
	if (!want && kind->cls == GEN_STREAM_COMPILER)
		want = UPDATE_STAGE_DEFAULT_UPDATES;
	if (kind->cls != GEN_STREAM_COMPILER)
		return ssa_sat_add(want ? want : GEN_STREAM_DEFAULT_UPDATES, 2 * (uint64_t)g->n + 1);
	uint64_t whole = ssa_sat_add(nm, nm);
	return want && ssa_sat_add(want, nm) < whole ? ssa_sat_add(want, nm) : whole;
}

static int make_stream(const struct bench_input *in, struct update_stream *out, char *err,
		       size_t errlen);

/* The stream setup will make, made once ahead: its ops, the most blocks and edges the graph
 * (reversed with --reverse) reaches over it, what making it (and reversing) allocated at the
 * peak, and what stays of that. Keyed by the input and the stream's options. */
static struct {
	bool valid, ok;
	uint64_t key, updates;
	uint32_t batch;
	bool reverse;
	char arg[256];
	uint64_t n_max, m_max, make_peak, kept;
} facts;

static bool stream_facts(const struct bench_input *in)
{
	const struct gen_stream_kind *kind;
	const char *arg = stream_arg(in, &kind);
	uint64_t key = prog_fingerprint(in->prog);
	if (facts.valid && facts.key == key && facts.updates == in->opts->updates &&
	    facts.batch == in->opts->batch && facts.reverse == in->opts->reverse &&
	    !strcmp(facts.arg, arg))
		return facts.ok;
	memset(&facts, 0, sizeof facts);
	facts.valid = true;
	facts.key = key;
	facts.updates = in->opts->updates;
	facts.batch = in->opts->batch;
	facts.reverse = in->opts->reverse;
	snprintf(facts.arg, sizeof facts.arg, "%s", arg);
	const struct cfg *g = &in->prog->cfg;
	struct update_stream st = {0}, rs = {0};
	struct cfg rg = {0};
	char err[256];
	struct bench_mem mem;
	bench_mem_reset();
	int rc = make_stream(in, &st, err, sizeof err);
	if (rc == SSA_OK && in->opts->reverse) {
		rc = update_reverse(g, &st, &rg, &rs);
		g = &rg;
	}
	bench_mem_snapshot(&mem);
	if (rc == SSA_OK) {
		update_stream_extent(in->opts->reverse ? &rs : &st, g->n, g->m, &facts.n_max,
				     &facts.m_max);
		facts.make_peak = mem.peak_alloc;
		/* the stream (and its reversed form and graph), names not counted */
		facts.kept = ssa_array_bytes(st.count, sizeof(struct update));
		if (in->opts->reverse)
			facts.kept = ssa_sat_add(ssa_sat_add(facts.kept, cfg_bytes(rg.n, rg.m)),
						 ssa_array_bytes(rs.count, sizeof(struct update)));
		facts.ok = true;
	}
	update_stream_free(&st);
	update_stream_free(&rs);
	cfg_free(&rg);
	return facts.ok;
}

static uint64_t update_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct update_state));
	uint64_t n, m, make, kept;
	if (stream_facts(in)) {
		n = facts.n_max;
		m = facts.m_max;
		make = facts.make_peak;
		kept = facts.kept;
	} else { /* setup will fail and say why; a bound for the refusal meanwhile */
		kept = make = update_stream_bound(g->n, g->m, update_stream_estimate(in),
						  in->opts->reverse, &n, &m);
	}
	uint64_t run = ssa_sat_add(kept, update_run_bytes(k->algo, n, m));
	return ssa_sat_add(make > run ? make : run, driver);
}

static void update_teardown(void *state)
{
	struct update_state *s = state;
	update_stream_free(&s->stream);
	update_stream_free(&s->rstream);
	cfg_free(&s->rg);
	free(s->idom);
}

static int make_stream(const struct bench_input *in, struct update_stream *out, char *err,
		       size_t errlen)
{
	const struct gen_stream_kind *kind;
	const char *arg = stream_arg(in, &kind);
	const struct cfg *g = &in->prog->cfg;
	if (!kind) {
		if (in->opts->updates || in->opts->batch) {
			snprintf(err, errlen, "--%s: the stream comes from the file %s (it applies to "
				 "--stream=KIND only)", in->opts->updates ? "updates" : "batch", arg);
			return SSA_EUSAGE;
		}
		struct io_error ioe;
		int st = update_stream_read_path(arg, g, &in->prog->bnames, out, &ioe);
		if (st)
			io_error_format(&ioe, err, errlen);
		return st;
	}
	struct gen_stream_params sp;
	struct gen_stream_info info;
	gen_stream_params_default(&sp);
	sp.kind = kind->name;
	sp.seed = in->seed;
	sp.updates = in->opts->updates;
	/* A compiler-shaped kind runs its transformations over the whole function by default:
	 * about 3 (n + m) updates, so recomputing after every batch of a 10^5-block function would
	 * take minutes a run. bench stops it after UPDATE_STAGE_DEFAULT_UPDATES unless told. */
	if (!sp.updates && kind->cls == GEN_STREAM_COMPILER)
		sp.updates = UPDATE_STAGE_DEFAULT_UPDATES;
	sp.batch = in->opts->batch;
	memset(&info, 0, sizeof info);
	int st = gen_stream(&sp, g, out, &info);
	if (st)
		snprintf(err, errlen, "--stream=%s: %s%s%s", kind->name, ssa_status_str(st),
			 info.note[0] ? ": " : "", info.note);
	return st;
}

static int update_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
			char *err, size_t errlen)
{
	struct update_state *s = state;
	s->a = k->algo;
	s->g = &in->prog->cfg;
	s->reverse = in->opts->reverse;
	int st = make_stream(in, &s->stream, err, errlen);
	if (st)
		return st;
	s->s = &s->stream;
	if (s->reverse) {
		if ((st = update_reverse(s->g, &s->stream, &s->rg, &s->rstream))) {
			snprintf(err, errlen, "%s: cannot reverse the graph and its stream: %s",
				 s->a->head.name, ssa_status_str(st));
			return st;
		}
		s->g = &s->rg;
		s->s = &s->rstream;
	}
	/* The stage's own counters describe the stream the user gave, not its reversed form. */
	update_stream_counts(&s->stream, &s->updates, &s->batches);
	s->idom = ssa_alloc_array(s->s->n_end ? s->s->n_end : 1, sizeof(uint32_t));
	if (!s->idom) {
		snprintf(err, errlen, "%s: the tree of %" PRIu32 " blocks: out of memory",
			 s->a->head.name, s->s->n_end);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

static int update_bench_run(void *state, uint64_t *counters)
{
	struct update_state *s = state;
	uint64_t own[UPDATE_MAX_COUNTERS];
	int st = update_run(s->a, s->g, s->s, s->idom, own);
	counters[0] = s->updates;
	counters[1] = s->batches;
	_Static_assert(UPDATE_STAGE_COUNTERS + UPDATE_MAX_COUNTERS <= BENCH_MAX_COUNTERS,
		       "every counter of an update algorithm has a slot after the stage's own");
	memcpy(counters + UPDATE_STAGE_COUNTERS, own, sizeof own);
	return st;
}

static int update_check(void *state, char *msg, size_t msglen)
{
	struct update_state *s = state;
	return update_check_stream(s->a, s->g, s->s, s->reverse, s->batches, msg, msglen);
}

static const struct bench_option update_options[] = {
	{"stream", "the update stream: a .upd file, or a kind gen makes (default compiler)"},
	{"updates", "--stream=KIND: edge updates to make (gen's --updates)"},
	{"batch", "--stream=KIND: updates (random, adversarial) or transformations per batch"},
	{"reverse", "post-dominators: the reversed graph and stream from a virtual exit"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_update = {
	.name = "update",
	.title = "dynamic dominators: the tree kept current over an update stream",
	.options = update_options,
	.table = update_algos,
	.nalgos = &update_nalgos,
	.dumps = "",
	.counters = {"updates", "batches"},
	.mem_estimate = update_mem,
	.state_size = sizeof(struct update_state),
	.setup = update_setup,
	.run = update_bench_run,
	.check = update_check,
	.teardown = update_teardown,
};
