/* One scratch directory per test for the end-to-end suites: `tmpdir`, made by mk_tmpdir (the
 * suite's .init) under /tmp with the name SCRATCH_DIR_NAME-XXXXXX, emptied and removed by
 * rm_tmpdir (.fini) with what is in it and in its subdirectories; dir_entries counts what a run left in it.
 * Header-only: define SCRATCH_DIR_NAME and include it once, after criterion. */
#ifndef SSALAB_TEST_SCRATCH_DIR_H
#define SSALAB_TEST_SCRATCH_DIR_H

#ifndef SCRATCH_DIR_NAME
#error "define SCRATCH_DIR_NAME (e.g. \"ssalab-bench-test\") before including scratch_dir.h"
#endif

#include "support/tmp_name.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[64];

static void mk_tmpdir(void)
{
	tmp_name(tmpdir, sizeof tmpdir, SCRATCH_DIR_NAME);
	cr_assert_not_null(mkdtemp(tmpdir), "mkdtemp %s failed (TMPDIR too long?)", tmpdir);
}

/* Removes the files in dir, and the files of its subdirectories one level down (a test's --in
 * directory), then dir itself: what the suites make, without a recursive walk. */
static void rm_dir_files(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char p[512];
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
			if (unlink(p) != 0 && depth > 0)
				rm_dir_files(p, depth - 1);
		}
	closedir(d);
	rmdir(dir);
}

static void rm_tmpdir(void)
{
	if (tmpdir[0])
		rm_dir_files(tmpdir, 1);
}

static inline size_t dir_entries(void)
{
	DIR *d = opendir(tmpdir);
	if (!d)
		return 0;
	size_t k = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		k += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return k;
}

#endif
