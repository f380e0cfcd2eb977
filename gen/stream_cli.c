/* gen's stream side: writing the start graph and its update stream (update/stream.h's writer)
 * as one unit, and gen --from ... --function NAME --stream=KIND. See gen/stream_cli.h. */
#include "gen/stream_cli.h"
#include "gen/gen.h"
#include "io/io.h"
#include "update/stream.h"
#include "util/status.h"

#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The stream into a hidden temporary file beside path (same file system, so the rename that
 * publishes it is atomic); its name into tmp. 0 or -1 with the message printed. */
static int write_stream_tmp(const char *path, const struct update_stream *s, char *tmp,
			    size_t tmplen)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0;
	if (!path[dirlen]) {
		fprintf(stderr, "gen: %s: the stream output names a directory\n", path);
		return -1;
	}
	/* Created like any output file (0666 less the umask), under a name no one else uses: our
	 * pid and a counter. */
	int fd = -1;
	for (unsigned attempt = 0; attempt < 100 && fd < 0; attempt++) {
		if (snprintf(tmp, tmplen, "%.*s.%s.tmp-%ld-%u", dirlen, path, path + dirlen,
			     (long)getpid(), attempt) >= (int)tmplen) {
			fprintf(stderr, "gen: %s: path too long\n", path);
			return -1;
		}
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		fprintf(stderr, "gen: %s: cannot create a temporary file next to it: %s\n", path,
			strerror(errno));
		return -1;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	errno = 0;
	int st = update_stream_write(f, s);
	int e = errno;
	if (st == SSA_OK && fflush(f) != 0)
		st = SSA_EIO, e = errno;
	if (st == SSA_OK && fsync(fileno(f)) != 0)
		st = SSA_EIO, e = errno;
	if (fclose(f) != 0 && st == SSA_OK)
		st = SSA_EIO, e = errno;
	if (st != SSA_OK) {
		fprintf(stderr, "gen: %s: writing the stream failed: %s\n", path,
			st == SSA_EIO && e ? strerror(e) : ssa_status_str(st));
		unlink(tmp);
		return -1;
	}
	return 0;
}

static void print_summary(const struct gen_stream_options *so, const struct gen_stream_info *in,
			  const char *what, double gen_s, double write_s)
{
	fprintf(stderr, "gen: %s\n", in->note);
	fprintf(stderr,
		"gen: stream=%s start=%s n_start=%u n_end=%u m_end=%llu updates=%llu inserts=%llu "
		"deletes=%llu new_blocks=%llu batches=%llu",
		so->sp.kind, what, in->n_start, in->n_end, (unsigned long long)in->m_end,
		(unsigned long long)(in->inserts + in->deletes), (unsigned long long)in->inserts,
		(unsigned long long)in->deletes, (unsigned long long)in->blocks,
		(unsigned long long)in->batches);
	const struct gen_stream_kind *k = gen_stream_find(so->sp.kind);
	if (k && k->cls == GEN_STREAM_COMPILER)
		for (int x = 0; x < GEN_X_COUNT; x++)
			fprintf(stderr, " %s=%llu", gen_xform_name((enum gen_xform)x),
				(unsigned long long)in->xforms[x]);
	if (k && k->cls == GEN_STREAM_ADVERSARY)
		fprintf(stderr, " setup=%llu", (unsigned long long)in->setup);
	fprintf(stderr, " seed=%llu stream_s=%.3f write_s=%.3f\n", (unsigned long long)so->sp.seed,
		gen_s, write_s);
}

int gen_stream_run(const struct gen_stream_options *so, const struct prog *start,
		   const char *out_path, const char *what, int quiet)
{
	bool graph_stdout = strcmp(out_path, "-") == 0, stream_stdout = strcmp(so->out, "-") == 0;
	if (graph_stdout && stream_stdout) {
		fprintf(stderr, "gen: --out and --stream-out cannot both be standard output\n"
				"(gen --help for usage)\n");
		return 2;
	}
	if (!graph_stdout && io_format_from_path(out_path) == IO_FMT_UNKNOWN) {
		fprintf(stderr, "gen: cannot tell the format of '%s': use .cfg, .prog, .ssab or .dot\n"
				"(gen --help for usage)\n", out_path);
		return 2;
	}
	double t0 = now_s();
	struct update_stream s;
	struct gen_stream_info info;
	int st = gen_stream(&so->sp, &start->cfg, &s, &info);
	if (st != SSA_OK) {
		fprintf(stderr, "gen: %s\n", info.note[0] ? info.note : ssa_status_str(st));
		return st == SSA_EUSAGE || st == SSA_ETOOBIG ? 2 : 1;
	}
	double t1 = now_s();
	/* Both files or neither: SIGINT and SIGTERM wait until both are in place (or removed). */
	sigset_t hold, old;
	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigprocmask(SIG_BLOCK, &hold, &old);
	char tmp[4096] = "";
	int rc = 0;
	if (stream_stdout) {
		if (update_stream_write(stdout, &s) != SSA_OK || fflush(stdout) != 0) {
			fprintf(stderr, "gen: writing the stream to standard output failed\n");
			rc = 1;
		}
	} else if (write_stream_tmp(so->out, &s, tmp, sizeof tmp) != 0) {
		rc = 1;
		tmp[0] = 0;
	}
	bool graph_written = false;
	if (rc == 0) {
		struct io_error err;
		memset(&err, 0, sizeof err);
		if (graph_stdout) {
			st = start->nvars ? io_write_prog_text(stdout, start)
					  : io_write_cfg_text_named(stdout, &start->cfg, &start->bnames);
			if (st == SSA_OK && fflush(stdout) != 0)
				st = SSA_EIO;
			if (st != SSA_OK)
				fprintf(stderr, "gen: writing standard output: %s\n", ssa_status_str(st));
		} else {
			st = io_write_path(out_path, start, &err);
			if (st != SSA_OK) {
				char msg[600];
				io_error_format(&err, msg, sizeof msg);
				fprintf(stderr, "gen: %s\n", err.what[0] ? msg : ssa_status_str(st));
			}
			graph_written = st == SSA_OK;
		}
		rc = st == SSA_OK ? 0 : 1;
	}
	if (rc == 0 && tmp[0] && rename(tmp, so->out) != 0) {
		fprintf(stderr, "gen: %s: %s\n", so->out, strerror(errno));
		rc = 1;
	}
	if (rc != 0) {
		if (tmp[0])
			unlink(tmp);
		if (graph_written)
			unlink(out_path);
	}
	sigset_t pend;
	int sig = 0;
	if (sigpending(&pend) == 0)
		sig = sigismember(&pend, SIGINT) ? SIGINT : sigismember(&pend, SIGTERM) ? SIGTERM : 0;
	if (sig) {
		/* Interrupted while writing: take back what was published, as gen does elsewhere. */
		if (rc == 0 && !stream_stdout)
			unlink(so->out);
		if (graph_written)
			unlink(out_path);
		_exit(128 + sig);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc == 0 && !quiet)
		print_summary(so, &info, what, t1 - t0, now_s() - t1);
	update_stream_free(&s);
	return rc;
}

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

int gen_stream_from_llvm(int argc, char **argv)
{
	bool has_from = false, has_stream = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		has_from |= strcmp(a, "--from") == 0 || strncmp(a, "--from=", 7) == 0;
		if (strncmp(a, "--", 2) == 0) {
			size_t len = strcspn(a + 2, "=");
			has_stream |= gen_stream_option_find(a + 2, len) >= 0 ||
				      (len == 8 && strncmp(a + 2, "function", 8) == 0);
		}
	}
	if (!has_from || !has_stream)
		return -1;
	struct gen_stream_options so;
	gen_stream_options_init(&so);
	const char *in = NULL, *out = NULL, *fname = NULL, *seed = NULL;
	int quiet = 0;
	char msg[600];
	for (int i = 1; i < argc; i++) {
		int missing = 0;
		const char *v;
		const char *a = argv[i];
		size_t len = strncmp(a, "--", 2) == 0 ? strcspn(a + 2, "=") : 0;
		int id = len ? gen_stream_option_find(a + 2, len) : -1;
		if ((v = opt_value(argc, argv, &i, "--from", &missing)))
			in = v;
		else if (!missing && (v = opt_value(argc, argv, &i, "--out", &missing)))
			out = v;
		else if (!missing && (v = opt_value(argc, argv, &i, "--function", &missing)))
			fname = v;
		else if (!missing && (v = opt_value(argc, argv, &i, "--seed", &missing)))
			seed = v;
		else if (!missing && strcmp(a, "--quiet") == 0)
			quiet = 1;
		else if (!missing && id >= 0 &&
			 (v = opt_value(argc, argv, &i, id == GEN_SOPT_STREAM_OUT ? "--stream-out"
						    : id == GEN_SOPT_STREAM    ? "--stream"
						    : id == GEN_SOPT_UPDATES   ? "--updates"
						    : id == GEN_SOPT_BATCH     ? "--batch"
									       : "--unroll",
					 &missing))) {
			if (gen_stream_option_set(&so, id, v, msg, sizeof msg) != SSA_OK) {
				fprintf(stderr, "gen: %s\n(gen --help for usage)\n", msg);
				return 2;
			}
		} else {
			fprintf(stderr,
				"gen: %s '%s' (gen --from MODULE --function NAME --stream=KIND "
				"[--updates=N] [--batch=K] [--unroll=K] [--seed=S] --out FILE "
				"--stream-out FILE)\n",
				missing ? "option needs a value:" : "unexpected with --from and a stream:",
				a);
			return 2;
		}
	}
	if (seed && gen_parse_count(seed, &so.sp.seed) != SSA_OK) {
		fprintf(stderr, "gen: --seed=%s: expected a whole number\n", seed);
		return 2;
	}
	if (!(so.given & (1u << GEN_SOPT_STREAM))) {
		fprintf(stderr, "gen: --function picks the function to stream over: give --stream=KIND\n");
		return 2;
	}
	if (gen_stream_options_check(&so, msg, sizeof msg) != SSA_OK) {
		fprintf(stderr, "gen: %s\n(gen --help for usage)\n", msg);
		return 2;
	}
	if (!in || !*in || !out || !*out) {
		fprintf(stderr, "gen: --from MODULE with a stream needs --out FILE (the function's CFG)\n");
		return 2;
	}
#ifndef SSALAB_HAVE_LLVMIR
	(void)quiet;
	(void)fname;
	fprintf(stderr, "gen: --from %s: this gen was built without LLVM; install the newest Debian "
			"llvm-N-dev (tools/ssalab deps does) and rebuild\n", in);
	return 1;
#else
	struct llvmir_module mod;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = llvmir_read(in, NULL, &mod, &err);
	if (st != SSA_OK) {
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "gen: %s\n", msg);
		return 1;
	}
	uint32_t pick = UINT32_MAX;
	for (uint32_t i = 0; i < mod.nfuncs; i++)
		if (fname ? strcmp(llvmir_func_name(&mod.funcs[i]), fname) == 0 : mod.nfuncs == 1)
			pick = i;
	if (pick == UINT32_MAX) {
		if (fname)
			fprintf(stderr, "gen: %s: no defined function named '%s' (%u functions)\n", in,
				fname, mod.nfuncs);
		else
			fprintf(stderr, "gen: %s has %u defined functions: name one with --function\n",
				in, mod.nfuncs);
		llvmir_module_free(&mod);
		return 2;
	}
	/* The other functions are the callees the inline kinds splice in. */
	struct cfg *callees = NULL;
	uint32_t ncallees = 0;
	if (mod.nfuncs > 1) {
		callees = malloc((size_t)(mod.nfuncs - 1) * sizeof *callees);
		if (!callees) {
			fprintf(stderr, "gen: out of memory\n");
			llvmir_module_free(&mod);
			return 1;
		}
		for (uint32_t i = 0; i < mod.nfuncs; i++)
			if (i != pick)
				callees[ncallees++] = mod.funcs[i].prog.cfg;
	}
	so.sp.callees = callees;
	so.sp.ncallees = ncallees;
	struct llvmir_func *f = &mod.funcs[pick];
	struct names vn;
	if (llvmir_func_names(f, &f->prog.bnames, &vn) == SSA_OK)
		f->prog.vnames = vn;
	snprintf(msg, sizeof msg, "%s@%s", in, llvmir_func_name(f));
	int rc = gen_stream_run(&so, &f->prog, out, msg, quiet);
	free(callees);
	llvmir_module_free(&mod);
	return rc;
#endif
}
