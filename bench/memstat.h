/* Memory snapshots and the limit estimates are held to (memstat.c). */
#ifndef SSALAB_BENCH_MEMSTAT_H
#define SSALAB_BENCH_MEMSTAT_H

#include <stdbool.h>
#include <stdint.h>

struct bench_cli;

/* Memory. With jemalloc: the calling thread's peak of net allocated bytes since the last
 * bench_mem_reset(), and the process's allocated/resident bytes. Always: getrusage max RSS
 * (process lifetime, monotone). Fields that are unknown are 0 and have_jemalloc is false. */
struct bench_mem {
	bool have_jemalloc;
	uint64_t peak_alloc;
	uint64_t allocated;
	uint64_t resident;
	uint64_t maxrss;
};
void bench_mem_reset(void);
void bench_mem_snapshot(struct bench_mem *m);
/* MemAvailable from /proc/meminfo in bytes, 0 when unknown. */
uint64_t bench_mem_available(void);
/* The limit a memory estimate is compared with: --mem-limit, or 75% of MemAvailable read now;
 * UINT64_MAX for --mem-limit=none or when MemAvailable is unknown. *how (may be NULL) names the
 * source for messages. */
uint64_t bench_mem_limit(const struct bench_cli *cli, const char **how);

#endif
