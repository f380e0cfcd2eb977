/* Stage 3: φ placement. The result every placement algorithm produces, and the renaming stage
 * consumes: for each variable, the ascending list of blocks that get a φ for it.
 * (The placement algorithms' descriptor table is declared further down by the stage.) */
#ifndef SSALAB_PHI_H
#define SSALAB_PHI_H

#include <stdint.h>

enum phi_flavor {
	PHI_MINIMAL,    /* all of IDF(defs(v)) */
	PHI_SEMIPRUNED, /* only variables used in some block before any definition in that block */
	PHI_PRUNED,     /* only blocks where v is live-in */
};

struct phi_sets {
	uint32_t nvars;
	uint64_t total;   /* number of φs */
	uint64_t *off;    /* nvars+1 offsets into blocks */
	uint32_t *blocks; /* the φ blocks of variable v: blocks[off[v] .. off[v+1]), ascending */
};

void phi_sets_free(struct phi_sets *s);

#endif
