/* --time-limit: a quadratic algorithm on an adversarial family (Semi-NCA on a 10^6-block
 * ladder, df-runner on repeat-until) can run for hours; the limit turns that into a clear
 * message and exit code instead of a hang. A kernel cannot be interrupted safely in the middle
 * of its work, so the alarm ends the process: the handler only uses async-signal-safe calls
 * (write, unlink, _exit), with the message and the temporary --out path prepared in advance. */
#include "bench/deadline.h"
#include "bench/cli.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static char deadline_msg[512];
static size_t deadline_msg_len;
static char deadline_tmp[4096];

static void deadline_fire(int sig)
{
	(void)sig;
	ssize_t w = write(STDERR_FILENO, deadline_msg, deadline_msg_len);
	(void)w;
	if (deadline_tmp[0])
		unlink(deadline_tmp);
	_exit(BENCH_EXIT_TIMEOUT);
}

void bench_deadline_arm(double seconds, const char *what, const char *tmp_path)
{
	if (seconds <= 0)
		return;
	int len = snprintf(deadline_msg, sizeof deadline_msg,
			   "\nbench: %s exceeded --time-limit=%g s and was stopped; no result. On an "
			   "adversarial family this is a quadratic algorithm at work (bench/README.md: "
			   "\"Time limits\"); try a smaller --blocks or the near-linear rival.\n",
			   what, seconds);
	deadline_msg_len = len < 0 ? 0 : (size_t)len >= sizeof deadline_msg ? sizeof deadline_msg - 1 : (size_t)len;
	deadline_tmp[0] = 0;
	if (tmp_path && strlen(tmp_path) < sizeof deadline_tmp)
		memcpy(deadline_tmp, tmp_path, strlen(tmp_path) + 1);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = deadline_fire;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
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
