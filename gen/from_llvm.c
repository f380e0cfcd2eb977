/* gen --from: the command side of algos/llvmir (parsing its options, printing, exit codes). */
#include "gen/from_llvm.h"
#include "util/status.h"

#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#endif

#include <stdio.h>
#include <string.h>

/* The value of --name=V or --name V at argv[*i]; NULL when argv[*i] is not that option. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t len = strlen(name);
	if (strncmp(argv[*i], name, len) != 0)
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] != 0)
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

int gen_from_llvm(int argc, char **argv)
{
	int has_from = 0;
	for (int i = 1; i < argc; i++)
		has_from |= strcmp(argv[i], "--from") == 0 || strncmp(argv[i], "--from=", 7) == 0;
	if (!has_from)
		return -1;
	const char *in = NULL, *dir = NULL;
	int quiet = 0;
	for (int i = 1; i < argc; i++) {
		int missing = 0;
		const char *v;
		if ((v = opt_value(argc, argv, &i, "--from", &missing)))
			in = v;
		else if ((v = opt_value(argc, argv, &i, "--out", &missing)))
			dir = v;
		else if (strcmp(argv[i], "--quiet") == 0)
			quiet = 1;
		else {
			fprintf(stderr, "gen: %s '%s' (gen --from MODULE --out DIR [--quiet])\n",
				missing ? "option needs a value:" : "unexpected with --from:", argv[i]);
			return 2;
		}
	}
	if (!in || !dir || !*in || !*dir) {
		fprintf(stderr, "gen: --from MODULE needs --out DIR (a directory)\n");
		return 2;
	}
#ifndef SSALAB_HAVE_LLVMIR
	(void)quiet;
	fprintf(stderr, "gen: --from %s: this gen was built without LLVM; install the Debian package "
			"llvm-16-dev (tools/ssalab deps does) and rebuild\n", in);
	return 1;
#else
	struct llvmir_module mod;
	struct io_error err;
	memset(&err, 0, sizeof err);
	char msg[600];
	int st = llvmir_read(in, NULL, &mod, &err);
	if (st != SSA_OK) {
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "gen: %s\n", msg);
		return 1;
	}
	for (uint32_t i = 0; i < mod.nskipped; i++)
		fprintf(stderr, "gen: warning: %s: %s\n", in, llvmir_warning(&mod, i));
	uint32_t written = 0;
	st = llvmir_write_dir(&mod, dir, &written, &err);
	if (st != SSA_OK) {
		if (err.what[0])
			io_error_format(&err, msg, sizeof msg);
		else
			snprintf(msg, sizeof msg, "%s: %s", dir, ssa_status_str(st));
		fprintf(stderr, "gen: %s (nothing written)\n", msg);
		llvmir_module_free(&mod);
		return 1;
	}
	if (!quiet) {
		uint64_t blocks = 0, edges = 0, vars = 0, ops = 0;
		for (uint32_t i = 0; i < mod.nfuncs; i++) {
			blocks += mod.funcs[i].prog.cfg.n;
			edges += mod.funcs[i].prog.cfg.m;
			vars += mod.funcs[i].prog.nvars;
			ops += mod.funcs[i].prog.nops;
		}
		fprintf(stderr,
			"gen: %s (%s): functions=%u declarations=%u skipped=%u blocks=%llu edges=%llu "
			"vars=%llu ops=%llu files=%u dir=%s\n",
			in, mod.bitcode ? "bitcode" : "text IR", mod.nfuncs, mod.ndeclared, mod.nskipped,
			(unsigned long long)blocks, (unsigned long long)edges, (unsigned long long)vars,
			(unsigned long long)ops, written, dir);
	}
	llvmir_module_free(&mod);
	return 0;
#endif
}
