/* What this bench was built with: `bench --version`, and the end of `bench --algo=list`. The
 * optional peers (algos/peers) and the LLVM IR importer are configure-time choices; a build
 * that left one out says which kernels are missing and why, with the reason CMake found
 * (algos/peers/peers.cmake writes ssalab_peers_info.h). */
#include "bench/report.h"

#if defined(SSALAB_HAVE_LLVM_PEERS) || defined(SSALAB_HAVE_BOOST_PEERS) ||                      \
	defined(SSALAB_HAVE_IGRAPH_PEERS)
#include "peers/peers.h"
#endif
#include "ssalab_gitrev.h"
#include "ssalab_peers_info.h"
#include "ssalab_gcc_plugin_info.h"

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
