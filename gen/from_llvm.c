/* gen --from: the command side of algos/llvmir (parsing its options, printing, exit codes). */
#include "gen/from_llvm.h"
#include "util/status.h"

#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
#endif

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

#ifdef SSALAB_HAVE_LLVMIR
/* The files of one run, as moved from the staging directory into DIR. */
struct moved {
	char **names;
	size_t n, cap;
};

static void moved_undo(struct moved *mv, const char *dir)
{
	char path[4096];
	for (size_t i = 0; i < mv->n; i++) {
		if (snprintf(path, sizeof path, "%s/%s", dir, mv->names[i]) < (int)sizeof path)
			unlink(path);
		free(mv->names[i]);
	}
	free(mv->names);
	mv->names = NULL;
	mv->n = mv->cap = 0;
}

/* Empties and removes the staging directory (it holds only files this run wrote). */
static void stage_remove(const char *stage)
{
	DIR *d = opendir(stage);
	if (d) {
		char path[4096];
		struct dirent *e;
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
			    snprintf(path, sizeof path, "%s/%s", stage, e->d_name) < (int)sizeof path)
				unlink(path);
		closedir(d);
	}
	rmdir(stage);
}

/* Moves every file of stage into dir (same file system: rename(2)), recording each, then
 * syncs dir. On failure the moved files are taken back and the error is printed. */
static int stage_commit(const char *stage, const char *dir, struct moved *mv)
{
	DIR *d = opendir(stage);
	if (!d) {
		fprintf(stderr, "gen: %s: %s (nothing written)\n", stage, strerror(errno));
		return -1;
	}
	char from[4096], to[4096];
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (snprintf(from, sizeof from, "%s/%s", stage, e->d_name) >= (int)sizeof from ||
		    snprintf(to, sizeof to, "%s/%s", dir, e->d_name) >= (int)sizeof to) {
			fprintf(stderr, "gen: %s: path too long (nothing written)\n", dir);
			rc = -1;
			break;
		}
		if (mv->n == mv->cap) {
			size_t nc = mv->cap ? 2 * mv->cap : 64;
			char **nn = realloc(mv->names, nc * sizeof *nn);
			if (!nn) {
				fprintf(stderr, "gen: %s: out of memory (nothing written)\n", dir);
				rc = -1;
				break;
			}
			mv->names = nn;
			mv->cap = nc;
		}
		char *name = strdup(e->d_name);
		if (!name) {
			fprintf(stderr, "gen: %s: out of memory (nothing written)\n", dir);
			rc = -1;
			break;
		}
		if (rename(from, to) != 0) {
			fprintf(stderr, "gen: %s: %s (nothing written)\n", to, strerror(errno));
			free(name);
			rc = -1;
			break;
		}
		mv->names[mv->n++] = name;
	}
	closedir(d);
	if (rc == 0) {
		int fd = open(dir, O_RDONLY | O_DIRECTORY);
		if (fd < 0 || fsync(fd) != 0) {
			fprintf(stderr, "gen: %s: cannot sync the directory: %s (nothing written)\n",
				dir, strerror(errno));
			rc = -1;
		}
		if (fd >= 0)
			close(fd);
	}
	if (rc != 0)
		moved_undo(mv, dir);
	return rc;
}

/* Writes the module's files into dir so that an error or a SIGINT/SIGTERM leaves none of them:
 * they are written into a staging directory inside dir, then renamed into dir. SIGINT and
 * SIGTERM are held for that whole phase (writing is a small part of a run: parsing the module
 * is most of it, and an interrupt there writes nothing); one that came is acted on at the end,
 * after taking every file of this run back. Returns the exit status; *written as
 * llvmir_write_dir's. */
static int write_staged(const struct llvmir_module *mod, const char *dir, uint32_t *written)
{
	sigset_t hold, old;
	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigprocmask(SIG_BLOCK, &hold, &old);
	char msg[600], stage[4096];
	struct io_error err;
	memset(&err, 0, sizeof err);
	struct moved mv = {0};
	int created = 0, rc = 1;
	struct stat sb;
	if (stat(dir, &sb) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			fprintf(stderr, "gen: %s: cannot create the directory: %s\n", dir,
				strerror(errno));
			goto out;
		}
		created = 1;
	} else if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "gen: %s: exists and is not a directory\n", dir);
		goto out;
	}
	if (snprintf(stage, sizeof stage, "%s/.gen-from.XXXXXX", dir) >= (int)sizeof stage ||
	    !mkdtemp(stage)) {
		fprintf(stderr, "gen: %s: cannot create a staging directory: %s\n", dir,
			strerror(errno));
		goto out;
	}
	int st = llvmir_write_dir(mod, stage, written, &err);
	if (st != SSA_OK) {
		if (err.what[0])
			io_error_format(&err, msg, sizeof msg);
		else
			snprintf(msg, sizeof msg, "%s: %s", dir, ssa_status_str(st));
		fprintf(stderr, "gen: %s (nothing written)\n", msg);
		stage_remove(stage);
		goto out;
	}
	if (stage_commit(stage, dir, &mv) != 0) {
		stage_remove(stage);
		goto out;
	}
	rmdir(stage);
	rc = 0;
out:;
	sigset_t pend;
	int sig = 0;
	if (sigpending(&pend) == 0)
		sig = sigismember(&pend, SIGINT) ? SIGINT : sigismember(&pend, SIGTERM) ? SIGTERM : 0;
	if (rc != 0 || sig) {
		moved_undo(&mv, dir);
		if (created)
			rmdir(dir);
	}
	for (size_t i = 0; i < mv.n; i++)
		free(mv.names[i]);
	free(mv.names);
	if (sig)
		_exit(128 + sig); /* as gen's handler would have: 130 or 143 */
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}
#endif

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
	fprintf(stderr, "gen: --from %s: this gen was built without LLVM; install the newest Debian "
			"llvm-N-dev (tools/ssalab deps does) and rebuild\n", in);
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
	if (write_staged(&mod, dir, &written) != 0) {
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
			"gen: %s (%s): functions=%u optnone=%u declarations=%u skipped=%u blocks=%llu "
			"edges=%llu vars=%llu ops=%llu files=%u dir=%s\n",
			in, mod.bitcode ? "bitcode" : "text IR", mod.nfuncs, mod.noptnone, mod.ndeclared,
			mod.nskipped,
			(unsigned long long)blocks, (unsigned long long)edges, (unsigned long long)vars,
			(unsigned long long)ops, written, dir);
	}
	llvmir_module_free(&mod);
	return 0;
#endif
}
