/* Names through every dump: the idom, DF, φ and SSA dumps print block and variable names when
 * the program has them and exactly the numeric formats when it has none. */
#include <criterion/criterion.h>

#include "df/df.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "io/io.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct dumps {
	char *idom, *df, *phi, *ssa;
};

static char *capture_begin(FILE **f, char **buf, size_t *len)
{
	*f = open_memstream(buf, len);
	cr_assert_not_null(*f);
	return NULL;
}

static void all_dumps(const struct prog *p, struct dumps *d)
{
	const struct cfg *g = &p->cfg;
	uint32_t *idom = malloc(g->n * sizeof *idom);
	cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "slt"), g, idom, NULL), SSA_OK);
	struct domtree dt;
	cr_assert_eq(domtree_build(&dt, idom, g->n, 0), SSA_OK);
	struct df_sets df;
	memset(&df, 0, sizeof df);
	cr_assert_eq(df_compute(algo_find(df_algos, df_nalgos, "df-runner"), g, &dt, DF_DEFAULT_LIMIT, &df, NULL), SSA_OK);
	struct phi_sets ps;
	memset(&ps, 0, sizeof ps);
	cr_assert_eq(phi_place_prog(NULL, p, NULL, PHI_PRUNED, &ps), SSA_OK);
	struct ssa_form s;
	cr_assert_eq(ssa_form_layout(&s, p, &ps), SSA_OK);
	cr_assert_eq(rename_compute(algo_find(rename_algos, rename_nalgos, "rename-rd"), p, &dt, &s, NULL), SSA_OK);
	FILE *f;
	size_t len;
	capture_begin(&f, &d->idom, &len);
	cr_assert_eq(dom_idom_dump_named(f, idom, g->n, &p->bnames), SSA_OK);
	fclose(f);
	capture_begin(&f, &d->df, &len);
	cr_assert_eq(df_sets_dump_named(&df, f, &p->bnames), SSA_OK);
	fclose(f);
	capture_begin(&f, &d->phi, &len);
	cr_assert_eq(phi_sets_dump_named(&ps, f, &p->bnames, &p->vnames), SSA_OK);
	fclose(f);
	capture_begin(&f, &d->ssa, &len);
	cr_assert_eq(ssa_form_dump(f, p, &s), SSA_OK);
	fclose(f);
	ssa_form_free(&s);
	phi_sets_free(&ps);
	df_sets_free(&df);
	domtree_free(&dt);
	free(idom);
}

static void dumps_free(struct dumps *d)
{
	free(d->idom);
	free(d->df);
	free(d->phi);
	free(d->ssa);
}

Test(names, every_dump_uses_the_names)
{
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_read_prog(SSALAB_SOURCE_DIR "/tools/examples/diamond.prog", &p, &err), SSA_OK);
	struct dumps d;
	all_dumps(&p, &d);
	cr_expect_str_eq(d.idom, "entry -1\nthen entry\nelse entry\njoin entry\n");
	cr_expect_str_eq(d.df, "entry:\nthen: join\nelse: join\njoin:\n");
	cr_expect_str_eq(d.phi, "x: join\ny: join\n");
	cr_expect_str_eq(d.ssa, "entry:\n\tx.0 = …\n\ty.0 = …\n"
	                        "then:\n\tx.1 = …\n"
	                        "else:\n\t… = y.0\n\ty.1 = …\n"
	                        "join:\n\tx.2 = φ(x.1 from then, x.0 from else)\n"
	                        "\ty.2 = φ(y.0 from then, y.1 from else)\n"
	                        "\t… = x.2\n\tx.3 = …\n\t… = y.2\n");
	dumps_free(&d);

	/* without names: the numeric formats, the SSA one exactly as before names existed */
	names_free(&p.bnames);
	names_free(&p.vnames);
	all_dumps(&p, &d);
	cr_expect_str_eq(d.idom, "0 -1\n1 0\n2 0\n3 0\n");
	cr_expect_str_eq(d.df, "0:\n1: 3\n2: 3\n3:\n");
	cr_expect_str_eq(d.phi, "0: 3\n1: 3\n");
	cr_expect_eq(strncmp(d.ssa, "ssa blocks 4 vars 2 ops 8 phis 2 operands 4\n", 44), 0, "%s",
	             d.ssa);
	dumps_free(&d);

	/* only variables named: blocks print as b<id> in the SSA notation */
	prog_free(&p);
	cr_assert_eq(io_read_prog(SSALAB_SOURCE_DIR "/tools/examples/diamond.prog", &p, &err), SSA_OK);
	names_free(&p.bnames);
	all_dumps(&p, &d);
	cr_expect_not_null(strstr(d.ssa, "b3:\n\tx.2 = φ(x.1 from b1, x.0 from b2)\n"), "%s", d.ssa);
	cr_expect_str_eq(d.phi, "x: 3\ny: 3\n");
	dumps_free(&d);
	prog_free(&p);
}
