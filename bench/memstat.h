/* Memory snapshots and the limit estimates are held to (memstat.c). */
#ifndef SSALAB_BENCH_MEMSTAT_H
#define SSALAB_BENCH_MEMSTAT_H

#include <stdbool.h>
#include <stddef.h>
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
/* What the driver itself allocates for a kernel between bench_mem_reset() and the kernel's
 * setup, counted in its peak: the stage's zeroed state (state_size bytes) and the three arrays
 * of one double per sample (bench_timing_init), here for up to BENCH_MEM_DRIVER_REPS samples.
 * Every stage's mem_estimate adds it, so that the estimate covers what peak_alloc covers. */
#define BENCH_MEM_DRIVER_REPS 256u
uint64_t bench_mem_driver_bytes(size_t state_size);
/* Bytes the calling thread has allocated and not freed since it started (jemalloc's
 * thread.allocated - thread.deallocated); 0 without jemalloc. The difference of two readings is
 * what the code between them kept. */
uint64_t bench_mem_thread_net(void);
/* MemAvailable from /proc/meminfo in bytes, 0 when unknown. */
uint64_t bench_mem_available(void);
/* The limit a memory estimate is compared with: --mem-limit, or 75% of MemAvailable read now;
 * UINT64_MAX for --mem-limit=none or when MemAvailable is unknown. *how (may be NULL) names the
 * source for messages. */
uint64_t bench_mem_limit(const struct bench_cli *cli, const char **how);

#endif
