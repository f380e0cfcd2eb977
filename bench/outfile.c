/* --out FILE: the report or dump is written to a temporary file in the same directory and
 * renamed over FILE only when the run completed, so a failed run never leaves a partial file
 * (and never clobbers a previous good one). SIGINT and SIGTERM while the temporary file exists
 * remove it and exit with 128 + the signal (130, 143): the handler only calls unlink and
 * _exit, both async-signal-safe, on a path copied before the handler was installed.
 *
 * --time-limit: a quadratic algorithm on an adversarial family (Semi-NCA on a 10^6-block
 * ladder, df-runner on repeat-until) can run for hours; the limit turns that into a clear
 * message and exit code instead of a hang. A kernel cannot be interrupted safely in the middle
 * of its work, so the alarm ends the process the same way: its handler writes a message
 * prepared in advance, removes the temporary file and exits (write, unlink, _exit). */
#include "bench/run.h"
#include "util/status.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static char interrupt_tmp[sizeof ((struct bench_outfile *)0)->tmp];
static volatile sig_atomic_t interrupt_armed;

static char deadline_msg[512];
static size_t deadline_msg_len;

static void interrupt_fire(int sig)
{
	if (sig == SIGALRM) {
		ssize_t w = write(STDERR_FILENO, deadline_msg, deadline_msg_len);
		(void)w;
	}
	if (interrupt_armed)
		unlink(interrupt_tmp);
	_exit(sig == SIGALRM ? BENCH_EXIT_TIMEOUT : 128 + sig);
}

static void on_signal(int sig)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = interrupt_fire;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* Removes the temporary file (closing fd when it is open): nothing is left to remove, the
 * handlers stay, and a later signal still exits 128 + signal. err, when given, says why: what
 * failed and the errno it left (saved); the status is SSA_EIO. */
static int drop_tmp(struct bench_outfile *o, int fd, const char *what, int saved, char *err,
		    size_t errlen)
{
	if (err)
		snprintf(err, errlen, "%s: %s%s", o->path, what, strerror(saved));
	if (fd >= 0)
		close(fd);
	interrupt_armed = 0;
	if (o->tmp[0])
		unlink(o->tmp);
	o->tmp[0] = 0;
	return SSA_EIO;
}

int bench_outfile_open(struct bench_outfile *o, const char *path, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	int w = snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", path);
	if (w < 0 || (size_t)w >= sizeof o->tmp) {
		snprintf(err, errlen, "%s: path too long", path);
		return SSA_EUSAGE;
	}
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file beside it: %s", path,
			 strerror(errno));
		o->tmp[0] = 0;
		return SSA_EIO;
	}
	/* mkstemp creates 0600; a report is an ordinary file, so give it the mode open(2) would
	 * (0666 less the umask) before it is renamed into place. */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0)
		return drop_tmp(o, fd, "", errno, err, errlen);
	memcpy(interrupt_tmp, o->tmp, sizeof interrupt_tmp);
	interrupt_armed = 1;
	on_signal(SIGINT);
	on_signal(SIGTERM);
	o->f = fdopen(fd, "w");
	return o->f ? SSA_OK : drop_tmp(o, fd, "", errno, err, errlen);
}

int bench_outfile_commit(struct bench_outfile *o, char *err, size_t errlen)
{
	if (!o->f)
		return SSA_EIO;
	bool bad = fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0;
	int saved = errno;
	if (fclose(o->f) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	o->f = NULL;
	if (bad)
		return drop_tmp(o, -1, "write failed: ", saved, err, errlen);
	if (rename(o->tmp, o->path) != 0)
		return drop_tmp(o, -1, "", errno, err, errlen);
	interrupt_armed = 0;
	return SSA_OK;
}

void bench_outfile_abort(struct bench_outfile *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	drop_tmp(o, -1, "", 0, NULL, 0);
}

void bench_deadline_arm(double seconds, const char *what)
{
	if (seconds <= 0)
		return;
	int len = snprintf(deadline_msg, sizeof deadline_msg,
			   "\nbench: %s exceeded --time-limit=%g s and was stopped; no result. On an "
			   "adversarial family this is a quadratic algorithm at work (bench/README.md: "
			   "\"Time limits\"); try a smaller --blocks or the near-linear rival.\n",
			   what, seconds);
	deadline_msg_len = len < 0 ? 0 : (size_t)len >= sizeof deadline_msg ? sizeof deadline_msg - 1 : (size_t)len;
	on_signal(SIGALRM);
	struct itimerval it;
	memset(&it, 0, sizeof it);
	it.it_value.tv_sec = (time_t)seconds;
	it.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
	if (!it.it_value.tv_sec && !it.it_value.tv_usec)
		it.it_value.tv_usec = 1;
	setitimer(ITIMER_REAL, &it, NULL);
}

void bench_deadline_disarm(void)
{
	struct itimerval it;
	memset(&it, 0, sizeof it);
	setitimer(ITIMER_REAL, &it, NULL);
}
