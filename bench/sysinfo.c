/* Machine and run facts for the reports (CPU model, logical CPUs, hwloc topology, date, host,
 * command line); --pin, which binds the process to a single PU of one core through hwloc so
 * that a run is not migrated between cores mid-measurement; and what this bench was built
 * with: `bench --version`, and the end of `bench --algo=list`. The optional peers
 * (algos/peers) and the LLVM IR importer are configure-time choices; a build that left one
 * out says which kernels are missing and why, with the reason CMake found
 * (algos/peers/peers.cmake writes ssalab_peers_info.h). */
#include "bench/report.h"
#include "util/status.h"

#if defined(SSALAB_HAVE_LLVM_PEERS) || defined(SSALAB_HAVE_BOOST_PEERS) ||                      \
	defined(SSALAB_HAVE_IGRAPH_PEERS)
#include "peers/peers.h"
#endif
#include "ssalab_gitrev.h"
#include "ssalab_peers_info.h"
#include "ssalab_gcc_plugin_info.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef SSALAB_HAVE_HWLOC
#include <hwloc.h>

static hwloc_topology_t topo;
static bool topo_loaded;

static bool topo_load(void)
{
	if (!topo_loaded && hwloc_topology_init(&topo) == 0) {
		topo_loaded = hwloc_topology_load(topo) == 0;
		if (!topo_loaded)
			hwloc_topology_destroy(topo);
	}
	return topo_loaded;
}

static void cache_desc(char *buf, size_t len, hwloc_obj_type_t type, const char *name)
{
	hwloc_obj_t o = hwloc_get_obj_by_type(topo, type, 0);
	size_t used = strlen(buf);
	if (!o || !o->attr || used >= len)
		return;
	int count = hwloc_get_nbobjs_by_type(topo, type);
	unsigned long long kib = (unsigned long long)o->attr->cache.size / 1024;
	snprintf(buf + used, len - used, " %s=%d x %llu KiB", name, count, kib);
}
#endif

static void cpu_model(char *buf, size_t len)
{
	snprintf(buf, len, "unknown");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		char *c = strchr(line, ':');
		if (strncmp(line, "model name", 10) || !c)
			continue;
		c += 1 + strspn(c + 1, " \t");
		c[strcspn(c, "\n")] = 0;
		snprintf(buf, len, "%s", c);
		break;
	}
	fclose(f);
}

void bench_sysinfo_collect(struct bench_sysinfo *s, int argc, char **argv)
{
	memset(s, 0, sizeof *s);
	cpu_model(s->cpu, sizeof s->cpu);
	long nc = sysconf(_SC_NPROCESSORS_ONLN);
	s->cores = nc > 0 ? (unsigned)nc : 0;
	snprintf(s->pinned, sizeof s->pinned, "no");
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(s->date, sizeof s->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (gethostname(s->host, sizeof s->host) != 0)
		snprintf(s->host, sizeof s->host, "unknown");
	s->host[sizeof s->host - 1] = 0;
	const char *mc = getenv("MALLOC_CONF");
	snprintf(s->malloc_conf, sizeof s->malloc_conf, "%s", mc ? mc : "");
	size_t used = 0;
	for (int i = 0; i < argc && used < sizeof s->cmdline; i++) {
		int w = snprintf(s->cmdline + used, sizeof s->cmdline - used, "%s%s", i ? " " : "",
				 argv[i]);
		if (w < 0)
			break;
		used += (size_t)w;
	}
#ifdef SSALAB_HAVE_HWLOC
	if (topo_load()) {
		snprintf(s->topology, sizeof s->topology, "packages=%d cores=%d pus=%d",
			 hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE),
			 hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE),
			 hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU));
		cache_desc(s->topology, sizeof s->topology, HWLOC_OBJ_L1CACHE, "L1d");
		cache_desc(s->topology, sizeof s->topology, HWLOC_OBJ_L2CACHE, "L2");
		cache_desc(s->topology, sizeof s->topology, HWLOC_OBJ_L3CACHE, "L3");
	} else {
		snprintf(s->topology, sizeof s->topology, "n/a (hwloc could not load the topology)");
	}
#else
	snprintf(s->topology, sizeof s->topology, "n/a (built without hwloc)");
#endif
}

/* A --pin failure: status st, the message in err. */
#define PIN_FAIL(st, ...) do { snprintf(err, errlen, __VA_ARGS__); return (st); } while (0)

int bench_pin(struct bench_sysinfo *s, int core, char *err, size_t errlen)
{
#ifdef SSALAB_HAVE_HWLOC
	if (!topo_load())
		PIN_FAIL(SSA_EIO, "--pin: hwloc could not load the machine topology");
	hwloc_obj_t c = NULL;
	if (core < 0) {
		hwloc_bitmap_t where = hwloc_bitmap_alloc();
		if (where && hwloc_get_last_cpu_location(topo, where, HWLOC_CPUBIND_THREAD) == 0) {
			hwloc_obj_t pu = hwloc_get_obj_covering_cpuset(topo, where);
			if (pu)
				c = pu->type == HWLOC_OBJ_CORE
					    ? pu
					    : hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
		}
		hwloc_bitmap_free(where);
		if (!c)
			c = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, 0);
	} else {
		c = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)core);
		if (!c)
			PIN_FAIL(SSA_EUSAGE, "--pin=%d: this machine has cores 0..%d", core,
				 hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE) - 1);
	}
	if (!c || !c->cpuset)
		PIN_FAIL(SSA_EIO, "--pin: hwloc reports no core to bind to");
	hwloc_bitmap_t set = hwloc_bitmap_dup(c->cpuset);
	if (!set)
		PIN_FAIL(SSA_ENOMEM, "--pin: out of memory");
	/* One PU of the core, so hyperthread siblings do not trade the process between them. */
	hwloc_bitmap_singlify(set);
	int pu = hwloc_bitmap_first(set);
	int rc = hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_PROCESS);
	hwloc_bitmap_free(set);
	if (rc != 0)
		PIN_FAIL(SSA_EIO, "--pin: binding to core %u failed", c->logical_index);
	snprintf(s->pinned, sizeof s->pinned, "core %u (PU %d)", c->logical_index, pu);
	return SSA_OK;
#else
	(void)s;
	(void)core;
	PIN_FAIL(SSA_EUSAGE, "--pin: hwloc was not available at build time (install "
		 "libhwloc-dev and rebuild)");
#endif
}

void bench_peers_info(FILE *f)
{
#ifdef SSALAB_HAVE_LLVM_PEERS
	fprintf(f, "peers: %s: %s\n", SSALAB_PEERS_LLVM_NAMES, peer_llvm_version());
#else
	fprintf(f, "peers: left out %s: %s\n", SSALAB_PEERS_LLVM_NAMES, SSALAB_PEERS_LLVM_WHY);
#endif
#ifdef SSALAB_HAVE_BOOST_PEERS
	fprintf(f, "peers: %s: %s\n", SSALAB_PEERS_BOOST_NAMES, peer_boost_version());
#else
	fprintf(f, "peers: left out %s: %s\n", SSALAB_PEERS_BOOST_NAMES, SSALAB_PEERS_BOOST_WHY);
#endif
#ifdef SSALAB_HAVE_IGRAPH_PEERS
	fprintf(f, "peers: %s: %s\n", SSALAB_PEERS_IGRAPH_NAMES, peer_igraph_version());
#else
	fprintf(f, "peers: left out %s: %s\n", SSALAB_PEERS_IGRAPH_NAMES, SSALAB_PEERS_IGRAPH_WHY);
#endif
	/* Not a kernel: a GCC plugin that tools/gcc-dom loads into gcc (algos/peers/gcc). */
#if SSALAB_GCC_PLUGIN_BUILT
	fprintf(f, "peers: gcc-dom plugin: %s\n", SSALAB_GCC_PLUGIN_VERSION);
#else
	fprintf(f, "peers: left out gcc-dom plugin: %s\n", SSALAB_GCC_PLUGIN_WHY);
#endif
#ifdef SSALAB_HAVE_LLVMIR
	fprintf(f, "llvm ir input: yes (bench --in MODULE.ll|.bc)\n");
#else
	fprintf(f, "llvm ir input: left out (bench --in MODULE.ll): this build has no LLVM\n");
#endif
}

void bench_version(FILE *f)
{
	fprintf(f, "bench (ssalab) git %s, %s build, %s\n", SSALAB_GIT_REV, SSALAB_BUILD_TYPE,
		SSALAB_COMPILER);
	bench_peers_info(f);
}
