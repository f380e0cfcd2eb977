/* LLVM's parser, bitcode reader, auto-upgrader and verifier are not hardened against hostile or
 * damaged input: a few flipped bytes in a .bc file make LLVM 22 dereference garbage or abort
 * (tests/data/llvm/crash_reader.bc). A library must not take its caller down for a bad file, so
 * the importer first runs the same parse and verification in a forked child that only reports
 * how it ended; the parent reads the module itself only after the child came back normally.
 *
 * The child inherits the already-read file (copy-on-write, nothing is read twice), sends stdout
 * and stderr to /dev/null (LLVM prints on a fatal error and on some crashes), turns LLVM's fatal
 * errors into an exit with the reason written to a pipe, and caps its address space: the
 * caller's memory limit, or without one three quarters of the available memory. It never returns into the caller's code: every path ends in _exit, so no
 * atexit handler or stdio buffer of the caller runs twice. */
#include "llvmir/llvmir_internal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

enum { EXIT_PARSED = 0, EXIT_PARSE_FAILED = 3, EXIT_VERIFY_FAILED = 4, EXIT_FATAL = 5 };

static int child_pipe = -1;

static void child_fatal(const char *reason)
{
	if (child_pipe >= 0 && reason) {
		ssize_t k = write(child_pipe, reason, strnlen(reason, 255));
		(void)k;
	}
	_exit(EXIT_FATAL);
}

/* Without a handler LLVM prints context errors and, for some, exits: stay silent instead. */
static void child_diagnostic(LLVMDiagnosticInfoRef di, void *opaque)
{
	(void)di;
	(void)opaque;
}

/* The address space the process has mapped now, in bytes (0 if unknown): the child's cap is
 * this plus the caller's memory limit, since libLLVM and the caller's own heap are mapped
 * already and count against RLIMIT_AS. */
static uint64_t mapped_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f)
		return 0;
	unsigned long long pages = 0;
	int ok = fscanf(f, "%llu", &pages) == 1;
	fclose(f);
	long psz = sysconf(_SC_PAGESIZE);
	return ok && psz > 0 ? (uint64_t)pages * (uint64_t)psz : 0;
}

static void run_child(LLVMMemoryBufferRef buf, bool bitcode, bool verify, uint64_t cap, int fd)
{
	child_pipe = fd;
	/* A crash must end the child by its signal, whatever the caller installed (a crash
	 * reporter, a sanitizer's handler that would exit with a status instead): the parent names
	 * the signal. */
	static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		sigaction(crash_signals[i], &dfl, NULL);
	int nul = open("/dev/null", O_WRONLY);
	if (nul >= 0) {
		dup2(nul, 1);
		dup2(nul, 2);
	}
	if (cap) {
		struct rlimit rl = {.rlim_cur = (rlim_t)cap, .rlim_max = (rlim_t)cap};
		setrlimit(RLIMIT_AS, &rl);
	}
	LLVMInstallFatalErrorHandler(child_fatal);
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMContextSetDiagnosticHandler(ctx, child_diagnostic, NULL);
	LLVMModuleRef mod = NULL;
	char *msg = NULL;
	bool bad = bitcode ? LLVMParseBitcodeInContext2(ctx, buf, &mod) != 0
			   : LLVMParseIRInContext(ctx, buf, &mod, &msg) != 0;
	if (bad)
		_exit(EXIT_PARSE_FAILED);
	if (verify && LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg))
		_exit(EXIT_VERIFY_FAILED);
	_exit(EXIT_PARSED); /* the module and context die with the process: no teardown */
}

/* Three quarters of the memory the kernel reports available (MemAvailable), 0 if unknown: the
 * child's budget when the caller sets none, as bench's default --mem-limit is, so that a module
 * that makes LLVM allocate without bound ends the child, not the machine. */
static uint64_t default_budget(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	if (!f)
		return 0;
	char line[128];
	unsigned long long kb = 0;
	bool found = false;
	while (!found && fgets(line, sizeof line, f))
		found = sscanf(line, "MemAvailable: %llu kB", &kb) == 1;
	fclose(f);
	if (!found || kb > UINT64_MAX / 1024u)
		return 0;
	return (uint64_t)kb * 1024u / 4 * 3;
}

void llvmir_check_in_child(LLVMMemoryBufferRef buf, bool bitcode, bool verify,
			   uint64_t mem_limit, struct llvmir_child_result *r)
{
	memset(r, 0, sizeof *r);
	uint64_t cap = 0;
	if (!mem_limit)
		mem_limit = default_budget();
	if (mem_limit) {
		uint64_t now = mapped_bytes();
		cap = now + mem_limit < now ? UINT64_MAX : now + mem_limit;
	}
	int fds[2];
	if (pipe(fds) != 0) {
		r->kind = LLVMIR_CHILD_NOSTART;
		r->code = errno;
		return;
	}
	pid_t pid = fork();
	if (pid < 0) {
		r->kind = LLVMIR_CHILD_NOSTART;
		r->code = errno;
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		run_child(buf, bitcode, verify, cap, fds[1]);
	}
	close(fds[1]);
	int status = 0;
	pid_t w;
	while ((w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	if (w < 0) {
		r->kind = LLVMIR_CHILD_NOWAIT;
		r->code = errno;
		close(fds[0]);
		return;
	}
	if (WIFSIGNALED(status)) {
		r->kind = LLVMIR_CHILD_SIGNAL;
		r->code = WTERMSIG(status);
	} else if (WIFEXITED(status)) {
		switch (WEXITSTATUS(status)) {
		case EXIT_PARSED:
			r->kind = LLVMIR_CHILD_OK;
			break;
		case EXIT_PARSE_FAILED:
		case EXIT_VERIFY_FAILED:
			r->kind = LLVMIR_CHILD_REFUSED;
			break;
		case EXIT_FATAL:
			r->kind = LLVMIR_CHILD_FATAL;
			break;
		default:
			r->kind = LLVMIR_CHILD_EXIT;
			r->code = WEXITSTATUS(status);
		}
	}
	if (r->kind == LLVMIR_CHILD_FATAL) {
		ssize_t k = read(fds[0], r->reason, sizeof r->reason - 1);
		r->reason[k > 0 ? k : 0] = 0;
	}
	close(fds[0]);
}
