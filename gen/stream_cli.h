/* gen's stream side (gen/stream_cli.c, linked into the gen command only): writing a start
 * graph and its update stream together, and streams over a function of an LLVM module. */
#ifndef SSALAB_GEN_STREAM_CLI_H
#define SSALAB_GEN_STREAM_CLI_H

#include "cfg/prog.h"
#include "gen/stream.h"

/* Makes the stream so asks for over start's CFG and writes start to out_path (format by
 * extension, "-" for standard output) and the stream to so->out ("-" likewise, not both): both
 * files or neither, SIGINT/SIGTERM held while they are written. Prints the summary unless
 * quiet (what names the start graph in it). Returns gen's exit status: 0, 1 (output failed),
 * 2 (usage: the kind cannot use this graph, a size limit). */
int gen_stream_run(const struct gen_stream_options *so, const struct prog *start,
		   const char *out_path, const char *what, int quiet);

/* gen --from MODULE --function NAME --stream=KIND ... --out FILE --stream-out FILE: -1 when
 * argv has no --from or no stream option (gen goes on as usual), else the exit status. The
 * inline kinds take their callees from the module's other functions. */
int gen_stream_from_llvm(int argc, char **argv);

#endif
