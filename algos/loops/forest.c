/* The loop forest's storage, its summary and its dump (loops.h). */
#include "loops/loops.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

uint64_t loop_forest_bytes(uint64_t n)
{
	return ssa_bytes(8, ssa_array_bytes(n, sizeof(uint32_t)));
}

int loop_forest_alloc(struct loop_forest *f, uint32_t n)
{
	memset(f, 0, sizeof(*f));
	f->n = n;
	f->block_loop = ssa_alloc_array(n, sizeof(uint32_t));
	f->entry_top = ssa_alloc_array(n, sizeof(uint32_t));
	f->header = ssa_alloc_array(n, sizeof(uint32_t));
	f->parent = ssa_alloc_array(n, sizeof(uint32_t));
	f->last = ssa_alloc_array(n, sizeof(uint32_t));
	f->depth = ssa_alloc_array(n, sizeof(uint32_t));
	f->entries = ssa_alloc_array(n, sizeof(uint32_t));
	f->nblocks = ssa_alloc_array(n, sizeof(uint32_t));
	if (!f->block_loop || !f->entry_top || !f->header || !f->parent || !f->last || !f->depth ||
	    !f->entries || !f->nblocks) {
		loop_forest_free(f);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void loop_forest_free(struct loop_forest *f)
{
	ssa_free_all(f->block_loop, f->entry_top, f->header, f->parent, f->last, f->depth,
		     f->entries, f->nblocks);
	memset(f, 0, sizeof(*f));
}

void loops_summarize(const struct loop_forest *f, struct loops_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->loops = f->nloops;
	for (uint32_t l = 0; l < f->nloops; l++) {
		if (f->depth[l] > s->max_depth)
			s->max_depth = f->depth[l];
		s->irreducible += f->entries[l] > 1;
	}
	for (uint32_t b = 0; b < f->n; b++)
		s->blocks_in_loops += f->block_loop[b] != SSA_NONE;
}

int loop_forest_dump_named(FILE *out, const struct loop_forest *f, const struct names *bn)
{
	char buf[NAMES_MAX_LEN + 16];
	/* Loops are numbered; blocks are written by name where the input names them. */
	for (uint32_t l = 0; l < f->nloops; l++) {
		fprintf(out, "loop %" PRIu32 " header %s parent ", l,
			names_str(bn, f->header[l], "", buf, sizeof buf));
		if (f->parent[l] == SSA_NONE)
			fputs("-", out);
		else
			fprintf(out, "%" PRIu32, f->parent[l]);
		fprintf(out, " depth %" PRIu32 " blocks %" PRIu32 " entries %" PRIu32 "%s\n",
			f->depth[l], f->nblocks[l], f->entries[l],
			f->entries[l] > 1 ? " irreducible" : "");
	}
	for (uint32_t b = 0; b < f->n; b++)
		if (f->block_loop[b] != SSA_NONE)
			fprintf(out, "block %s loop %" PRIu32 "\n",
				names_str(bn, b, "", buf, sizeof buf), f->block_loop[b]);
	return ferror(out) ? SSA_EIO : SSA_OK;
}
