/* Facts about the machine and the build (sysinfo.c, peers_info.c). */
#ifndef SSALAB_BENCH_SYSINFO_H
#define SSALAB_BENCH_SYSINFO_H

#include <stddef.h>
#include <stdio.h>

/* bench --version, and the peers lines that end --algo=list: what the build has and what it
 * left out, and why (bench/peers_info.c). */
void bench_version(FILE *f);
void bench_peers_info(FILE *f);

/* Facts about the machine and build recorded in CSV/JSON. */
struct bench_sysinfo {
	char cpu[128];
	unsigned cores;      /* online logical CPUs */
	char topology[256];  /* hwloc summary, or "n/a (...)" */
	char pinned[64];     /* "no" or "core K (PU P)" */
	char date[32];       /* UTC, ISO 8601 */
	char host[64];
	char cmdline[2048];
	char malloc_conf[128]; /* $MALLOC_CONF (e.g. thp:always), "" when unset */
};
void bench_sysinfo_collect(struct bench_sysinfo *s, int argc, char **argv);
/* Binds the process to one core (core < 0: the one it runs on). SSA_EUSAGE with a reason when
 * hwloc was not available at build time or the core does not exist. */
int bench_pin(struct bench_sysinfo *s, int core, char *err, size_t errlen);

#endif
