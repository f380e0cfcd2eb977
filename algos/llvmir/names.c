/* The names of an imported function as names tables (cfg/names.h), for the dumps and pictures
 * that print names: blocks by their IR labels (or slot numbers), variables by their allocas'
 * names. The import itself keeps them in the function's own pool and leaves prog's tables
 * empty, so that gen --from writes exactly what it always wrote. O(n + nvars + name bytes). */
#include "llvmir/llvmir.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* One table: count names from the pool; a control byte becomes '_' (a quoted IR name may hold
 * a newline: one name stays one line of a view), a name is cut to NAMES_MAX_LEN bytes at a UTF-8
 * character's start. Blanks and a leading '#' stay, as in DOT's names ('"entry block"' and
 * 'entry_block' are two blocks); the text writers write them as '_'. */
/* How much of name s a table keeps: all of it, or NAMES_MAX_LEN bytes less a UTF-8 character
 * that would be cut. */
static size_t cut_len(const char *s)
{
	size_t l = strlen(s);
	if (l <= NAMES_MAX_LEN)
		return l;
	l = NAMES_MAX_LEN;
	while (l > 0 && ((unsigned char)s[l] & 0xc0) == 0x80)
		l--; /* s[l], the first byte left out, continues a character */
	return l;
}

static int table(struct names *out, uint32_t count, const struct llvmir_func *f, bool blocks)
{
	uint64_t total = 0;
	for (uint32_t i = 0; i < count; i++)
		total += cut_len(blocks ? llvmir_block_name(f, i) : llvmir_var_name(f, i));
	uint32_t *ids = ssa_alloc_array(count ? count : 1, sizeof *ids);
	uint64_t *soff = ssa_alloc_array((size_t)count + 1, sizeof *soff);
	char *pool = malloc(total ? total : 1);
	int st = SSA_ENOMEM;
	if (ids && soff && pool) {
		uint64_t at = 0;
		uint32_t k = 0;
		soff[0] = 0;
		for (uint32_t i = 0; i < count; i++) {
			const char *nm = blocks ? llvmir_block_name(f, i) : llvmir_var_name(f, i);
			size_t l = cut_len(nm);
			if (!l)
				continue;
			for (size_t j = 0; j < l; j++) {
				unsigned char ch = (unsigned char)nm[j];
				pool[at + j] = ch < ' ' || ch == 0x7f ? '_' : (char)ch;
			}
			at += l;
			ids[k] = i;
			soff[++k] = at;
		}
		st = names_build(out, count, k, ids, soff, pool);
	}
	free(ids);
	free(soff);
	free(pool);
	return st;
}

int llvmir_func_names(const struct llvmir_func *f, struct names *bnames, struct names *vnames)
{
	memset(bnames, 0, sizeof *bnames);
	memset(vnames, 0, sizeof *vnames);
	int st = table(bnames, f->prog.cfg.n, f, true);
	if (st == SSA_OK)
		st = table(vnames, f->prog.nvars, f, false);
	if (st != SSA_OK) {
		names_free(bnames);
		names_free(vnames);
	}
	return st;
}
