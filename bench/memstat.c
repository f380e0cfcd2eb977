/* Memory measurements for the report. jemalloc (5.3) gives exact allocator figures: the
 * calling thread's peak of net allocated bytes since thread.peak.reset (what one kernel's setup
 * and reps needed on top of what was live before), and the process's allocated and resident
 * bytes after an epoch refresh. getrusage's max RSS is always available but covers the whole
 * process lifetime, so with several kernels it is the maximum over all of them and the input. */
#include "bench/memstat.h"
#include "bench/cli.h"
#include "util/mem.h"

#include <string.h>
#include <sys/resource.h>

#ifdef SSALAB_HAVE_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

void bench_mem_reset(void)
{
#ifdef SSALAB_HAVE_JEMALLOC
	mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
#endif
}

void bench_mem_snapshot(struct bench_mem *m)
{
	memset(m, 0, sizeof *m);
#ifdef SSALAB_HAVE_JEMALLOC
	uint64_t peak = 0, epoch = 1;
	size_t sz = sizeof peak;
	if (mallctl("thread.peak.read", &peak, &sz, NULL, 0) == 0) {
		m->have_jemalloc = true;
		m->peak_alloc = peak;
	}
	sz = sizeof epoch;
	mallctl("epoch", &epoch, &sz, &epoch, sz);
	size_t v = 0;
	sz = sizeof v;
	if (mallctl("stats.allocated", &v, &sz, NULL, 0) == 0)
		m->allocated = v;
	sz = sizeof v;
	if (mallctl("stats.resident", &v, &sz, NULL, 0) == 0)
		m->resident = v;
#endif
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		m->maxrss = (uint64_t)ru.ru_maxrss * 1024u; /* Linux reports kilobytes */
}

uint64_t bench_mem_thread_net(void)
{
#ifdef SSALAB_HAVE_JEMALLOC
	uint64_t a = 0, d = 0;
	size_t sz = sizeof a;
	if (mallctl("thread.allocated", &a, &sz, NULL, 0) == 0 &&
	    mallctl("thread.deallocated", &d, &sz, NULL, 0) == 0)
		return a - d;
#endif
	return 0;
}

uint64_t bench_mem_driver_bytes(size_t state_size)
{
	return ssa_sat_add(ssa_alloc_size(state_size),
			   ssa_bytes(3, ssa_array_bytes(BENCH_MEM_DRIVER_REPS, sizeof(double))));
}

uint64_t bench_mem_available(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	if (!f)
		return 0;
	char line[256];
	unsigned long long kb = 0;
	while (fgets(line, sizeof line, f) && sscanf(line, "MemAvailable: %llu", &kb) != 1)
		;
	fclose(f);
	return (uint64_t)kb * 1024u;
}

uint64_t bench_mem_limit(const struct bench_cli *cli, const char **how)
{
	if (how)
		*how = cli->mem_limit_none ? "--mem-limit=none"
		       : cli->mem_limit	   ? "--mem-limit"
					   : "75% of MemAvailable";
	if (cli->mem_limit_none)
		return UINT64_MAX;
	if (cli->mem_limit)
		return cli->mem_limit;
	uint64_t avail = bench_mem_available();
	return avail ? avail / 4 * 3 : UINT64_MAX;
}
