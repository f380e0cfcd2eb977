/* φ-webs and the conventional-SSA check.
 *
 * A φ-web is an equivalence class of the reflexive transitive closure of "appears in the same
 * φ" (the seeds' lecture notes, 003: union-find over each φ's result and operands). SSA is
 * conventional (Sreedhar, Ju, Gillies, Santhanam, "Translating out of static single assignment
 * form", SAS 1999) when no two names of a web interfere; then renaming every web to one
 * variable and dropping the φs is a correct translation out of SSA.
 *
 * The check sorts the web members by (web, dominance order of their definitions) and walks
 * each web with a stack of the members whose definitions dominate the current one; a member is
 * tested against the top only. Time O(V log V + members · log(live-out list)), memory 3 words
 * per name. */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]]; /* path halving: iterative, no recursion */
		x = parent[x];
	}
	return x;
}

int phi_webs(const struct cprog *s, uint32_t *web, uint32_t *nwebs)
{
	uint32_t V = s->nvars;
	uint32_t *size = ssa_alloc_array(V, sizeof(uint32_t));
	uint8_t *inphi = ssa_calloc_array(V, 1);
	if (!size || !inphi) {
		ssa_free_all(size, inphi);
		return SSA_ENOMEM;
	}
	for (uint32_t v = 0; v < V; v++)
		web[v] = v, size[v] = 1;
	for (uint32_t q = 0; q < s->nphi; q++) {
		uint32_t r = uf_find(web, s->phi_var[q]);
		inphi[s->phi_var[q]] = 1;
		for (uint64_t k = s->arg_off[q]; k < s->arg_off[q + 1]; k++) {
			if (s->arg[k] == SSA_UNDEF)
				continue;
			inphi[s->arg[k]] = 1;
			uint32_t o = uf_find(web, s->arg[k]);
			if (o == r)
				continue;
			if (size[o] > size[r]) {
				uint32_t x = o;
				o = r;
				r = x;
			}
			web[o] = r;
			size[r] += size[o];
		}
	}
	uint32_t count = 0;
	for (uint32_t v = 0; v < V; v++) {
		web[v] = uf_find(web, v);
		if (inphi[v] && web[v] == v)
			count++;
	}
	/* A root whose members include a φ name counts once; roots are themselves members. */
	*nwebs = count;
	ssa_free_all(size, inphi);
	return SSA_OK;
}

struct web_key {
	uint32_t web;
	uint32_t v;
	uint64_t key;
};

static int cmp_key(const void *a, const void *b)
{
	const struct web_key *x = a, *y = b;
	if (x->web != y->web)
		return x->web < y->web ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->v > y->v) - (x->v < y->v);
}

int cssa_check(const struct cprog *s, const struct ssa_live *L, struct cssa_result *r)
{
	uint32_t V = s->nvars, nw;
	r->conventional = true;
	r->a = r->b = SSA_NONE;
	r->webs = r->members = r->checks = 0;
	uint32_t *web = ssa_alloc_array(V, sizeof(uint32_t));
	uint32_t *cnt = ssa_calloc_array(V, sizeof(uint32_t));
	uint32_t *stack = ssa_alloc_array(V, sizeof(uint32_t));
	struct web_key *m = NULL;
	int rc = SSA_ENOMEM;
	if (!web || !cnt || !stack)
		goto out;
	if ((rc = phi_webs(s, web, &nw)) != SSA_OK)
		goto out;
	r->webs = nw;
	/* Members of webs with at least two names, defined in reached code (the others never
	 * execute, so they cannot interfere). */
	for (uint32_t v = 0; v < V; v++)
		cnt[web[v]]++;
	uint64_t k = 0;
	for (uint32_t v = 0; v < V; v++)
		if (cnt[web[v]] > 1)
			k++;
	r->members = k;
	m = ssa_alloc_array((size_t)k, sizeof(*m));
	rc = SSA_ENOMEM;
	if (!m)
		goto out;
	uint64_t nm = 0;
	for (uint32_t v = 0; v < V; v++) {
		if (cnt[web[v]] < 2)
			continue;
		uint64_t key = ssa_live_key(L, v);
		if (key == UINT64_MAX)
			continue;
		m[nm++] = (struct web_key){.web = web[v], .v = v, .key = key};
	}
	qsort(m, (size_t)nm, sizeof(*m), cmp_key);
	uint32_t sp = 0;
	for (uint64_t i = 0; i < nm; i++) {
		if (i == 0 || m[i].web != m[i - 1].web)
			sp = 0;
		uint32_t c = m[i].v;
		while (sp && !ssa_def_dominates(L, stack[sp - 1], c))
			sp--;
		if (sp) {
			r->checks++;
			if (ssa_interfere(L, stack[sp - 1], c)) {
				r->conventional = false;
				r->a = stack[sp - 1];
				r->b = c;
				break;
			}
		}
		stack[sp++] = c;
	}
	rc = SSA_OK;
out:
	ssa_free_all(web, cnt, stack, m);
	return rc;
}
