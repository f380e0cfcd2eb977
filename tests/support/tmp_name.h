/* Names for the suites' scratch files and directories under $TMPDIR (else /tmp), as mkstemp and
 * mkdtemp want them, so that a machine whose /tmp is small or shared can point them elsewhere. */
#ifndef SSALAB_TESTS_TMP_NAME_H
#define SSALAB_TESTS_TMP_NAME_H

#include <stdio.h>
#include <stdlib.h>

/* Room for a name under a long $TMPDIR. */
#define TMP_NAME_MAX 512

/* "<dir>/<stem>-XXXXXX" into buf; a name cut short by len fails mkstemp/mkdtemp (no XXXXXX). */
static inline void tmp_name(char *buf, size_t len, const char *stem)
{
	const char *dir = getenv("TMPDIR");
	snprintf(buf, len, "%s/%s-XXXXXX", dir && *dir ? dir : "/tmp", stem);
}

#endif
