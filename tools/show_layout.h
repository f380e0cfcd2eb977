/* show --html's drawing of a small directed graph in layers (show_layout.c). */
#ifndef SSALAB_SHOW_LAYOUT_H
#define SSALAB_SHOW_LAYOUT_H

#include <stdint.h>

/* Dummies included: a graph whose edges could need more (m times n) is refused, SSA_ETOOBIG. */
#define SHOW_LAYOUT_MAX_NODES (1u << 22)

struct show_layout {
	uint32_t n, m;     /* nodes and edges of the graph */
	uint32_t total;    /* nodes plus the dummies long edges pass through */
	double *x, *y;     /* centre of every node and dummy */
	double *w;         /* widths (dummies: narrow) */
	double h;          /* every box's height */
	uint32_t *layer;
	uint32_t *path_off; /* m + 1: edge e runs through path[path_off[e] .. path_off[e+1]) */
	uint32_t *path;     /* from its source to its target, dummies between */
	uint8_t *reversed;  /* e points up: a retreating edge of the depth-first search */
	double width, height;
};

/* Lays out n nodes (node i is width[i] wide, all height high) and the m edges src[e] ->
 * dst[e]; node 0 is the root (the top). SSA_OK or SSA_ENOMEM (L left empty). */
int show_layout_graph(struct show_layout *L, uint32_t n, uint32_t m, const uint32_t *src,
		      const uint32_t *dst, const double *width, double height);
void show_layout_free(struct show_layout *L);

#endif
