/* --out FILE: the report or dump is written to a temporary file in the same directory and
 * renamed over FILE only when the run completed, so a failed run never leaves a partial file
 * (and never clobbers a previous good one). */
#include "bench/driver.h"
#include "util/status.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int bench_outfile_open(struct bench_outfile *o, const char *path, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	int w = snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", path);
	if (w < 0 || (size_t)w >= sizeof o->tmp) {
		snprintf(err, errlen, "%s: path too long", path);
		return SSA_EUSAGE;
	}
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file beside it: %s", path,
			 strerror(errno));
		o->tmp[0] = 0;
		return SSA_EIO;
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(o->tmp);
		o->tmp[0] = 0;
		return SSA_EIO;
	}
	return SSA_OK;
}

int bench_outfile_commit(struct bench_outfile *o, char *err, size_t errlen)
{
	if (!o->f)
		return SSA_EIO;
	bool bad = fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0;
	int saved = errno;
	if (fclose(o->f) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	o->f = NULL;
	if (bad) {
		snprintf(err, errlen, "%s: write failed: %s", o->path, strerror(saved));
		unlink(o->tmp);
		return SSA_EIO;
	}
	if (rename(o->tmp, o->path) != 0) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		unlink(o->tmp);
		return SSA_EIO;
	}
	return SSA_OK;
}

void bench_outfile_abort(struct bench_outfile *o)
{
	if (o->f) {
		fclose(o->f);
		o->f = NULL;
	}
	if (o->tmp[0])
		unlink(o->tmp);
	o->tmp[0] = 0;
}
