/* show, the teaching view (tools/show.c): what its files share. One program, every stage's
 * answer computed and checked once (show.c), then printed as text (show_text.c), drawn with
 * graphviz (show_pic.c) or written as a page to step through (show_html.c, laid out by
 * show_layout.c). The step-by-step traces the course texts teach (the IDF worklist with W and
 * F, renaming with per-variable stacks) and the printed SSA form live in show_trace.c; C input
 * and what its definitions store in show_llvm.c. */
#ifndef SSALAB_SHOW_H
#define SSALAB_SHOW_H

#include "cfg/names.h"
#include "df/df.h"
#include "dom/domtree.h"
#include "loops/loops.h"
#include "phi/phi.h"
#include "ssa/ssa.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A teaching view of more blocks than this is unreadable; bench is for large inputs. */
#define SHOW_MAX_BLOCKS 400u

/* The sections, in the order they print. */
enum show_section {
	SHOW_CFG,       /* blocks, successors, definitions and uses */
	SHOW_DOM,       /* the dominator tree, idom(v) */
	SHOW_SETS,      /* Dom(v) */
	SHOW_STRICT,    /* the pairs u sdom v */
	SHOW_DF,        /* DF(X) */
	SHOW_LOOPS,     /* back edges, loops, nesting */
	SHOW_IDF,       /* Defs(v), DF+(Defs(v)) */
	SHOW_IDF_TRACE, /* the worklist, step by step */
	SHOW_PHI,       /* φs of each flavour */
	SHOW_RENAME,    /* the renaming stacks, block by block */
	SHOW_SSA,       /* the renamed program */
	SHOW_NSECTIONS
};

#define SHOW_BIT(s) (1u << (s))
/* What prints without --view: the stages of the course texts, one screen each. */
#define SHOW_DEFAULT_VIEWS                                                                        \
	(SHOW_BIT(SHOW_CFG) | SHOW_BIT(SHOW_DOM) | SHOW_BIT(SHOW_SETS) | SHOW_BIT(SHOW_STRICT) |  \
	 SHOW_BIT(SHOW_DF) | SHOW_BIT(SHOW_LOOPS) | SHOW_BIT(SHOW_IDF) | SHOW_BIT(SHOW_PHI) |     \
	 SHOW_BIT(SHOW_SSA))

extern const char *const show_section_names[SHOW_NSECTIONS];

/* What a definition stores, when the input says (C through LLVM IR): rhs[i] for definition op
 * i is a string in pool ("0", "a", "x + i") or SHOW_NO_RHS; reads[j] for a use op j whose
 * loaded value only feeds a definition's rhs is the def op it feeds (the renamed form prints it
 * inside that definition), else SHOW_NO_RHS. */
#define SHOW_NO_RHS UINT32_MAX
struct show_rhs {
	uint32_t *rhs;   /* nops offsets into pool */
	uint32_t *reads; /* nops */
	char *pool;
	/* The rhs text refers to a use by "\x01<op index>\x02", so the renamed form can print its
	 * SSA name where the source form prints the variable's name. */
};

struct view {
	const char *path;
	struct prog p;
	uint32_t *idom;
	struct domtree dt;
	struct df_sets df;
	struct var_blocks vb;
	struct phi_sets phi[3];
	struct ssa_form ssa;
	enum phi_flavor flavor;
	struct loop_forest loops;
	struct show_rhs rhs; /* rhs.rhs NULL when the input has none */
	uint32_t *rank;      /* block -> its place in name order (show_rank) */
	uint32_t *ver;       /* SSA value -> its version, as the named dump numbers them */
	char *ssa_text;      /* the renamed program as printed (show_ssa_text) */
	size_t ssa_len;
	unsigned views; /* SHOW_BIT()s */
};

/* ---- show_trace.c ---- */

/* The entry first, then the block names as a person sorts them: digit runs by value (bb2 <
 * bb10), letters without case (bb8 < End); ties by id. rank[b] = b's position. */
int show_rank(struct view *v);
/* Sorts a block list by rank. */
void show_sort_blocks(const struct view *v, uint32_t *bl, uint32_t k);
const char *show_bname(const struct view *v, uint32_t b, char *buf);
const char *show_vname(const struct view *v, uint32_t x, char *buf);

/* The IDF worklist of the lecture notes, for one variable: F = {}, W = Defs(v); while W is not
 * empty take X from W (first in, first out, as the mem2reg article's example runs), and for
 * every Y in DF(X) not in F (in name order) put a φ at Y, add Y to F, and add Y to W unless Y
 * defines v. One show_idf_next per X. */
struct show_idf {
	uint32_t var, step; /* step: X's taken so far */
	uint32_t x;         /* the X of the last step */
	uint32_t *queue;    /* W = queue[head .. tail) */
	uint32_t head, tail;
	uint8_t *in_f, *is_def;
	uint32_t *added, nadded; /* the last step's new φ blocks, in order */
	uint8_t *to_w;           /* to_w[j]: added[j] went to W */
	uint32_t *scratch;       /* n words */
};
int show_idf_alloc(struct show_idf *w, uint32_t n);
void show_idf_free(struct show_idf *w);
void show_idf_start(struct show_idf *w, const struct view *v, uint32_t var);
bool show_idf_next(struct show_idf *w, const struct view *v);
/* F as a block list in name order into w->scratch; its size. */
uint32_t show_idf_f(struct show_idf *w, const struct view *v);

/* Cytron's renaming, replayed as the texts teach it: a depth-first walk of the dominator tree
 * with a stack of SSA values per variable. A step enters a block (its φs and definitions push,
 * its uses read the tops, the φs of its successors get their operands from the tops) or leaves
 * it (its pushes are popped). The replay fills its own opval/arg and must equal the renamer's
 * (show_rename_check); step_of_op / step_of_arg say at which step each was filled. */
struct show_rename {
	uint32_t nsteps;   /* 2 * reachable blocks */
	uint32_t *block;   /* per step */
	uint8_t *leave;    /* per step: 1 leaving, 0 entering */
	uint32_t *step_of_op;  /* nops: the step that renamed op i */
	uint32_t *step_of_arg; /* nargs */
	uint32_t *opval, *arg; /* the replay's answers */
	/* the values step s pushes (entering) or pops (leaving): push[push_off[s] .. push_off[s+1]),
	 * in push order; replaying them gives the stacks after any step */
	uint32_t *push_off;
	uint32_t *push;
};
int show_rename_run(struct show_rename *r, const struct view *v);
int show_rename_check(const struct show_rename *r, const struct view *v, char *msg, size_t len);
void show_rename_free(struct show_rename *r);

/* Versions of every SSA value as ssa_form_dump_named numbers them (v->ver). */
int show_versions(struct view *v);
/* "x.3" or "undef". */
void show_value(const struct view *v, uint32_t val, char *buf, size_t len);
/* The renamed program in the named dump's notation; with_rhs adds what definitions store
 * (and leaves out the uses printed inside them). Without rhs it must equal
 * ssa_form_dump_named byte for byte, which show.c checks. */
int show_ssa_write(FILE *f, const struct view *v, bool with_rhs);
/* A definition's rhs with each variable it reads written by name (renamed: its SSA value). */
void show_rhs_write(FILE *f, const struct view *v, uint32_t op, bool renamed);

/* ---- show_text.c ---- */
void show_print(const struct view *v);

/* ---- show_pic.c ---- */
int show_picture(const struct view *v, const char *path);

/* ---- show_html.c ---- */
int show_html(const struct view *v, const char *path);

/* ---- show_llvm.c ---- */
/* What a PROGRAM path holds: C or C++ source (.c; .cc, .cpp, .cxx, .c++, .C), Rust source (.rs,
 * refused with the command that makes IR of it), LLVM IR (.ll, .bc, or a module by its first
 * bytes under any other name), else a graph file for io_read_prog ("-" always is). */
enum show_source { SHOW_SRC_GRAPH, SHOW_SRC_C, SHOW_SRC_IR, SHOW_SRC_RUST };
enum show_source show_source_of(const char *path);
/* One function of LLVM IR or C/C++ (compiled by clang first); with rhs filled for C and IR
 * whose variables are named. 0, or an exit status. */
int show_read_llvm(const char *path, const char *func, struct prog *out, struct show_rhs *rhs);
void show_rhs_free(struct show_rhs *r);

#endif
