/* Update streams as files (README.md beside this file gives the format): the reader, the writer,
 * and the in-memory check of a stream against its start graph. The stream itself is struct
 * update_stream (update.h). */
#ifndef SSALAB_UPDATE_STREAM_H
#define SSALAB_UPDATE_STREAM_H

#include "cfg/names.h"
#include "update/update.h"

#include <stdio.h>

/* Reads a stream over the start graph g from f (name is used in messages). Blocks may be named
 * by id or by name: the names of bnames (the start graph's, may be NULL) and those of the 'a'
 * lines. The whole stream is validated against g by simulating the edge multiset, so a deletion
 * of an edge that is not there at that point is an error at its line. On success out holds the
 * stream (names when any block has one; the last op is UPDATE_BATCH unless the stream is
 * empty); on failure out is empty and err says "file:line: reason" (io_error_format). SSA_OK,
 * SSA_EINPUT, SSA_ENOMEM, SSA_EIO. Memory: the ops read and one copy of g (dyn_cfg). */
int update_stream_read(FILE *f, const char *name, const struct cfg *g, const struct names *bnames,
		       struct update_stream *out, struct io_error *err);
/* The same from a path ("-" is standard input, named "<stdin>" in messages). */
int update_stream_read_path(const char *path, const struct cfg *g, const struct names *bnames,
			    struct update_stream *out, struct io_error *err);

/* Writes s in the canonical form (README.md): blocks by id, new blocks' names on their 'a'
 * lines, one 'batch' line after each batch, then 'end'. SSA_EUSAGE (nothing written) when s is
 * not well formed (update_stream_shape), SSA_EIO with errno set when a write fails. */
int update_stream_write(FILE *f, const struct update_stream *s);

/* The shape of s alone: known kinds, new blocks numbered n_start, n_start + 1, ... up to n_end
 * (their names, if any, update_name_ok), edge ids below the blocks that exist at that point, the last op a batch mark (count > 0),
 * count fits size_t. SSA_OK or SSA_EINPUT with *bad the index of the first bad op (count when
 * the problem is the end) and a reason in why (may be NULL). */
int update_stream_shape(const struct update_stream *s, uint64_t *bad, char *why, size_t len);

/* A name the format can hold as a new block's name: 1..NAMES_MAX_LEN bytes, no blank or control
 * byte, not starting with '#', not all digits (it would read as an id). */
bool update_name_ok(const char *s);

/* update_stream_shape, then s replayed on a copy of g: n_start must be g->n, every deletion
 * must find its edge, and no new block's name may be another block's. SSA_OK, SSA_EINPUT with *bad and why as above, or SSA_ENOMEM. */
int update_stream_check(const struct cfg *g, const struct update_stream *s, uint64_t *bad,
			char *why, size_t len);

/* Walks the batches of s: from *at (0 at the start), the next batch is ops[*start .. *start +
 * *k), without its UPDATE_BATCH mark, and *at moves past the mark. false when none is left. */
bool update_stream_next_batch(const struct update_stream *s, uint64_t *at, uint64_t *start,
			      size_t *k);

/* The most blocks and edges a start graph of n blocks and m edges reaches while s is applied
 * (what a run's graph and state are sized for), and s's edge updates and batch marks. */
void update_stream_extent(const struct update_stream *s, uint64_t n, uint64_t m, uint64_t *n_max,
			  uint64_t *m_max);
void update_stream_counts(const struct update_stream *s, uint64_t *updates, uint64_t *batches);

#endif
