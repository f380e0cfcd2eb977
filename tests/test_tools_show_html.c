/* show --html: the page to step through, loaded in a real browser (Debian's headless chromium;
 * tools/ssalab installs it, and the tests that need it skip with a message without it). The
 * DOM after the page's script ran is read at chosen steps (#step-N, #idf-a-K, #rename-K): the
 * step shown, the blocks coloured in the drawings, the renamed names not yet given. A
 * screenshot must not be blank: a PNG of the page against one of an empty page of the same
 * size, both from the same browser (a blank area compresses to almost nothing, drawings and
 * text do not: the page's PNG is several times larger). */
#include "support/tools_util.h"

#define SHOW SSALAB_SHOW_EXE
#define EXAMPLES SSALAB_SOURCE_DIR "/tools/examples"

TOOLS_DIR_SUITE(show_html);

static bool have_chromium(void)
{
	return tools_sh("command -v chromium >/dev/null 2>&1") == 0;
}

#define NEED_CHROMIUM()                                                                           \
	do {                                                                                      \
		if (!have_chromium())                                                             \
			cr_skip_test("no chromium: apt-get install chromium (tools/ssalab deps "  \
			             "installs it) to load show's page in a browser");             \
	} while (0)

static void make_page(const char *example, const char *name)
{
	cr_assert_eq(tools_sh("cd '%s' && '%s' %s --view=cfg --html '%s/%s' > /dev/null", EXAMPLES,
	                      SHOW, example, dir, name),
	             0);
}

/* The DOM of DIR/page after the page's script ran at #frag. */
static char *dom_at(const char *page, const char *frag)
{
	cr_assert_eq(tools_sh("cd '%s' && timeout 120 chromium --headless --no-sandbox --disable-gpu "
	                      "--user-data-dir='%s/profile' --dump-dom 'file://%s/%s#%s' > dom.html "
	                      "2> chromium.log",
	                      dir, dir, dir, page, frag),
	             0);
	char p[4200];
	snprintf(p, sizeof p, "%s/dom.html", dir);
	char *t = tools_slurp(p, NULL);
	cr_assert_not_null(t);
	return t;
}

Test(show_html, the_page_is_self_contained)
{
	make_page("bb8.prog", "bb8.html");
	char p[4200];
	snprintf(p, sizeof p, "%s/bb8.html", dir);
	char *html = tools_slurp(p, NULL);
	cr_assert_not_null(html);
	cr_expect_not_null(strstr(html, "<style>"));
	cr_expect_not_null(strstr(html, "<script>"));
	cr_expect_not_null(strstr(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"svg-cfg\""));
	cr_expect_not_null(strstr(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"svg-dom\""));
	/* nothing to fetch: no external script, style sheet, image or font */
	static const char *const bad[] = {" src=", "<link", "@import", "url(http", "https:"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_expect_null(strstr(html, bad[i]), "the page has '%s'", bad[i]);
	/* every step addressable, without the script too (:target) */
	cr_expect_not_null(strstr(html, "id=\"step-3\""));
	cr_expect_not_null(strstr(html, "<span id=\"idf-a-2\"></span>IDF worklist for a, step 2: "
	                                "X = bb2, DF(X) = {bb2, bb8}"));
	cr_expect_not_null(strstr(html, "<span id=\"rename-4\"></span>enter bb3: push a.3"));
	free(html);
	/* a CFG without variables: the drawings and the overview step only; --html needs .html */
	cr_assert_eq(tools_sh("'%s' '%s/show/exercise3.dot' --view=df --html '%s/ex.html' >/dev/null",
	                      SHOW, SSALAB_TEST_DATA, dir),
	             0);
	snprintf(p, sizeof p, "%s/ex.html", dir);
	html = tools_slurp(p, NULL);
	cr_assert_not_null(html);
	cr_expect_not_null(strstr(html, "id=\"step-0\""));
	cr_expect_null(strstr(html, "id=\"step-1\""));
	cr_expect_not_null(strstr(html, "id=\"cfg-10\""));
	free(html);
	cr_expect_eq(tools_sh("'%s' '%s/bb8.prog' --html '%s/x.htm' 2>/dev/null", SHOW, EXAMPLES, dir),
	             2);
}

/* bb8: step 0 the overview, 1 the worklist's start for a, 2 X = bb1, 3 X = bb2 (φ at bb2 and
 * bb8). The renaming follows the 8 worklist steps: #rename-K is step 8 + K. */
Test(show_html, steps_by_fragment_in_a_browser)
{
	NEED_CHROMIUM();
	make_page("bb8.prog", "bb8.html");
	char *d = dom_at("bb8.html", "step-3");
	cr_expect_not_null(strstr(d, "data-step=\"3\""), "%s", d);
	cr_expect_not_null(strstr(d, "id=\"step-3\" data-n=\"3\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"step current\" id=\"step-3\""), "%s", d);
	/* X = bb2 (block 2) in both drawings; bb8 (block 8) joined F and W */
	cr_expect_not_null(strstr(d, "hl-x\" id=\"cfg-2\""), "%s", d);
	cr_expect_not_null(strstr(d, "hl-x\" id=\"dom-2\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"node hl-f hl-w\" id=\"cfg-8\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"node\" id=\"cfg-7\""), "bb7 not yet in F: %s", d);
	cr_expect_not_null(strstr(d, "step 3 of 28: IDF of a"), "%s", d);
	free(d);

	/* the same step by its worklist name */
	d = dom_at("bb8.html", "idf-a-2");
	cr_expect_not_null(strstr(d, "data-step=\"3\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"step current\" id=\"step-3\""), "%s", d);
	free(d);

	/* the renaming: step 4 enters bb3; a.6 (given at bb7, renaming step 12) is not yet
	 * there, a.0 (bb1, step 2) is */
	d = dom_at("bb8.html", "rename-4");
	cr_expect_not_null(strstr(d, "data-step=\"12\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"step current\" id=\"step-12\""), "%s", d);
	cr_expect_not_null(strstr(d, "class=\"node hl-cur\" id=\"cfg-3\""), "%s", d);
	cr_expect_not_null(strstr(d, "<span class=\"r future\" data-s=\"20\">a.6</span>"), "%s", d);
	cr_expect_not_null(strstr(d, "<span class=\"r\" data-s=\"10\">a.0</span>"), "%s", d);
	free(d);

	/* no fragment: the overview, every name shown */
	d = dom_at("bb8.html", "");
	cr_expect_not_null(strstr(d, "data-step=\"0\""), "%s", d);
	cr_expect_null(strstr(d, "r future"), "%s", d);
	free(d);
}

Test(show_html, the_screenshot_is_not_blank)
{
	NEED_CHROMIUM();
	make_page("loop_if.prog", "loop.html");
	char p[4200];
	snprintf(p, sizeof p, "%s/blank.html", dir);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs("<!DOCTYPE html><html><body style=\"background:#fff\"></body></html>\n", f);
	fclose(f);
	static const char *const pages[] = {"loop.html#step-3", "blank.html"};
	long size[2];
	for (int i = 0; i < 2; i++) {
		cr_assert_eq(tools_sh("cd '%s' && rm -f shot.png && timeout 120 chromium --headless "
		                      "--no-sandbox --disable-gpu --user-data-dir='%s/profile' "
		                      "--window-size=1200,900 --screenshot=shot.png 'file://%s/%s' "
		                      ">/dev/null 2>&1",
		                      dir, dir, dir, pages[i]),
		             0);
		snprintf(p, sizeof p, "%s/shot.png", dir);
		struct stat sb;
		cr_assert_eq(stat(p, &sb), 0, "no screenshot of %s", pages[i]);
		char *png = tools_slurp(p, NULL);
		cr_assert_not_null(png);
		cr_expect_eq(memcmp(png, "\x89PNG", 4), 0);
		free(png);
		size[i] = (long)sb.st_size;
	}
	cr_expect_gt(size[0], 4 * size[1], "the page's screenshot (%ld bytes) is no larger than 4x "
	                                   "a blank one (%ld)", size[0], size[1]);
}
