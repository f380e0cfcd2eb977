/* Real code as input: LLVM IR (.ll text or .bc bitcode) read through libLLVM's C API and turned
 * into one ssalab program per defined function. Optional: built only when CMake finds
 * llvm-config (SSALAB_HAVE_LLVMIR is then defined for the targets that link ssallvmir).
 *
 * The model of a function (what LLVM's mem2reg would see):
 *   - blocks in layout order, block 0 the entry; blocks unreachable from the entry are kept;
 *   - the successors of a block are its terminator's successors in LLVM's successor order
 *     (getSuccessor(i), the order LLVM's dominator tree construction follows): br cond = true,
 *     false; switch = default, then the cases in order; indirectbr = its destinations; invoke =
 *     normal, unwind; callbr = default, then the indirect destinations; catchswitch = unwind dest
 *     (if any), then the handlers; cleanupret/catchret = their one destination; ret, resume,
 *     unreachable = none. Duplicate destinations stay multi-edges;
 *   - the variables are the allocas of the entry block that mem2reg can promote, numbered in
 *     instruction order (llvmir_promotable below gives the rule); every other alloca is memory,
 *     not a variable, and is listed in the function's rejected allocas with the reason;
 *   - in every block, in instruction order, a load from a variable's alloca is a use and a store
 *     to it a definition. Nothing is defined at entry (an alloca starts undefined, as in LLVM).
 *
 * Names: the function's name, each block's name and each variable's alloca name, as LLVM prints
 * them without the sigil: a named value keeps its name, an unnamed one gets the slot number the
 * IR printer gives it (%3 -> "3"), so dumps can be lined up with the .ll text.
 *
 * Library code: never prints, never exits. LLVM's own diagnostics are captured into the error
 * record (file, line, message). */
#ifndef SSALAB_LLVMIR_H
#define SSALAB_LLVMIR_H

#include "cfg/prog.h"
#include "io/io.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Why an entry-block alloca is not a variable: mem2reg's isAllocaPromotable for the linked LLVM
 * (promote.c says which versions), plus the function being optnone, which mem2reg skips whole. */
enum llvmir_reject {
	LLVMIR_PROMOTABLE = 0,
	LLVMIR_REJ_VOLATILE_LOAD,   /* a volatile load from it */
	LLVMIR_REJ_VOLATILE_STORE,  /* a volatile store to it */
	LLVMIR_REJ_LOAD_TYPE,       /* a load of a type other than the allocated type */
	LLVMIR_REJ_STORE_TYPE,      /* a store of a value of a type other than the allocated type */
	LLVMIR_REJ_ESCAPES,         /* its address is stored somewhere (store of the alloca itself) */
	LLVMIR_REJ_INTRINSIC,       /* an intrinsic call other than lifetime markers, droppable
				     * ones and (LLVM >= 20) llvm.fake.use */
	LLVMIR_REJ_CAST_USE,        /* a bitcast / zero GEP / addrspacecast used by anything but
				     * lifetime markers (and droppable uses, except addrspacecast) */
	LLVMIR_REJ_GEP,             /* a GEP with a non-zero index */
	LLVMIR_REJ_OTHER_USE,       /* any other user: call, ptrtoint, phi, select, cmp, ... */
	LLVMIR_REJ_OPTNONE,         /* the function is optnone: mem2reg leaves all its allocas */
	LLVMIR_REJ_COUNT
};

const char *llvmir_reject_str(enum llvmir_reject r);

struct llvmir_func {
	struct prog prog;     /* n = blocks, m = CFG edges, nvars = promotable allocas */
	uint64_t ninstrs;     /* instructions in the function (all blocks) */
	uint32_t nrejected;   /* entry-block allocas that are not variables */
	/* The function carries LLVM's optnone attribute: the mem2reg pass leaves it alone, so its
	 * CFG is imported but it has no variables (nvars = 0) and is reported as such. */
	bool optnone;
	/* Names, NUL-terminated strings in one pool. */
	char *names;
	uint32_t name;        /* offset of the function's name */
	uint32_t *block_name; /* n offsets */
	uint32_t *var_name;   /* nvars offsets */
	uint32_t *rej_name;   /* nrejected offsets: the rejected allocas' names, in order */
	uint8_t *rej_reason;  /* nrejected enum llvmir_reject */
};

static inline const char *llvmir_func_name(const struct llvmir_func *f) { return f->names + f->name; }
static inline const char *llvmir_block_name(const struct llvmir_func *f, uint32_t b)
{
	return f->names + f->block_name[b];
}
static inline const char *llvmir_var_name(const struct llvmir_func *f, uint32_t v)
{
	return f->names + f->var_name[v];
}

struct llvmir_options {
	/* A function with more blocks than this is skipped with a warning (0: CFG_MAX_BLOCKS). */
	uint64_t max_blocks;
	/* Refuse (SSA_ETOOBIG) when the estimate of the import's memory exceeds this many bytes:
	 * LLVM's in-memory module (estimated at LLVMIR_LLVM_BYTES_PER_INPUT_BYTE times the file
	 * size, checked before parsing) plus the programs built (checked per function). 0: none. */
	uint64_t mem_limit;
	/* Skip LLVM's verifier (only for input known to be valid, e.g. timing the import). */
	bool no_verify;
	/* Parse in this process only, without the forked pre-check that turns a crash of LLVM
	 * into an error (only for trusted input, e.g. timing LLVM's parser alone). */
	bool no_isolation;
};

#define LLVMIR_LLVM_BYTES_PER_INPUT_BYTE 12u

struct llvmir_module {
	uint32_t nfuncs;           /* defined functions imported, in module order */
	struct llvmir_func *funcs;
	uint32_t nskipped;         /* defined functions that could not be modelled */
	char *warnings;            /* nskipped strings "function 'NAME' skipped: REASON", one pool */
	uint32_t *warning;         /* nskipped offsets into warnings */
	uint32_t ndeclared;        /* declarations (no body): not functions to import */
	uint32_t noptnone;         /* imported functions marked optnone (see llvmir_func.optnone) */
	uint64_t input_bytes;      /* size of the file read */
	bool bitcode;              /* the input was bitcode (by its magic), else text IR */
};

static inline const char *llvmir_warning(const struct llvmir_module *m, uint32_t i)
{
	return m->warnings + m->warning[i];
}

void llvmir_options_default(struct llvmir_options *o);

/* Reads path (format by content: bitcode magic 'BC' 0xC0DE or its wrapper 0x0B17C0DE, else
 * text IR), verifies the module, and imports every defined function. On failure returns a
 * status with err filled (LLVM's diagnostic with the file and line where LLVM gives one:
 * SSA_EINPUT malformed or invalid IR, SSA_EIO unreadable file, SSA_ETOOBIG over mem_limit,
 * SSA_ENOMEM) and out left empty: nothing partial. A module from a newer LLVM than the linked
 * one, or text in a syntax LLVM dropped, gets one more sentence saying so.
 *
 * Unless no_isolation, LLVM first parses and verifies the module in a forked child (with its
 * address space capped by mem_limit, or 3/4 of MemAvailable when unset); if LLVM crashes or
 * aborts there, the result is SSA_EINPUT naming the signal, and this process never runs LLVM on that input. The caller must
 * not ignore SIGCHLD (waitpid needs the child). */
int llvmir_read(const char *path, const struct llvmir_options *opt, struct llvmir_module *out,
		struct io_error *err);

void llvmir_module_free(struct llvmir_module *m);
void llvmir_func_free(struct llvmir_func *f);

/* The file base name gen --from gives function f: its name when that is made only of
 * [A-Za-z0-9_.$-], does not start with '.' and has at most LLVMIR_FILE_NAME_MAX bytes; otherwise
 * "@<index>." followed by the name with every other byte replaced by '_', cut to 64 bytes ('@'
 * never occurs in the first kind, and the index is unique, so no two functions share a file).
 * buf needs LLVMIR_FILE_NAME_MAX + 1 bytes. */
#define LLVMIR_FILE_NAME_MAX 200u
void llvmir_file_base(const struct llvmir_module *m, uint32_t index, char *buf);

/* The source name of a mangled symbol (C++, Rust legacy and v0, D; LLVM's demangler):
 * qualified, without parameters, without a Rust legacy hash ("regex_syntax::ast::parse::
 * Parser::parse"); malloc'd, NULL for a name that is not mangled (C) or when memory is short. */
char *llvmir_source_name(const char *symbol);

/* Whether query names the function of this symbol (source: its llvmir_source_name, or NULL): the
 * symbol itself, its source name, or the source name's last component ("parse", "fmt" in
 * "<x::Ast as core::fmt::Debug>::fmt"), each also without a trailing template argument list. */
bool llvmir_name_matches(const char *symbol, const char *source, const char *query);

/* f's block and variable names as names tables (names.c), for what prints names (show, bench's
 * dumps); f->prog's own tables stay empty. Blanks, control bytes and a leading '#' become '_'.
 * On failure (SSA_ENOMEM) both tables are left empty. */
int llvmir_func_names(const struct llvmir_func *f, struct names *bnames, struct names *vnames);

/* Writes DIR/<base>.prog and DIR/<base>.cfg for every imported function (base from
 * llvmir_file_base). DIR is created if missing. Each file is written atomically (io_write_path);
 * if any write fails, the files already written by this call are removed (and DIR if this call
 * created it), so a failure leaves no partial output. *written counts the files. */
int llvmir_write_dir(const struct llvmir_module *m, const char *dir, uint32_t *written,
		     struct io_error *err);

#endif
