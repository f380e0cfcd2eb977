/* gen --from: a module's functions written as DIR/<function>.prog and .cfg, all or nothing.
 * The files are written without a sync each (an fsync per file cost 43 s for sqlite's 5204
 * files) and made durable together by one syncfs of DIR's file system at the end; a failure of
 * that sync takes every file back like any other failure. */
#ifndef _GNU_SOURCE /* the fuzz build defines it on the command line */
#define _GNU_SOURCE /* syncfs */
#endif
#include "llvmir/llvmir.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool plain_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '$' || c == '-';
}

void llvmir_file_base(const struct llvmir_module *m, uint32_t index, char *buf)
{
	const char *name = llvmir_func_name(&m->funcs[index]);
	size_t len = strlen(name);
	bool plain = len > 0 && len <= LLVMIR_FILE_NAME_MAX && name[0] != '.';
	for (size_t i = 0; plain && i < len; i++)
		plain = plain_byte(name[i]);
	if (plain) {
		memcpy(buf, name, len + 1);
		return;
	}
	int k = snprintf(buf, LLVMIR_FILE_NAME_MAX + 1, "@%u.", index);
	for (size_t i = 0; i < len && i < 64; i++)
		buf[k++] = plain_byte(name[i]) ? name[i] : '_';
	buf[k] = 0;
}

static const char *const file_ext[2] = {".prog", ".cfg"};

/* DIR/<base of function i><ext x>; false when it does not fit. */
static bool file_path(const struct llvmir_module *m, const char *dir, uint32_t i, int x,
		      char *path, size_t len)
{
	char base[LLVMIR_FILE_NAME_MAX + 1];
	llvmir_file_base(m, i, base);
	int k = snprintf(path, len, "%s/%s%s", dir, base, file_ext[x]);
	return k >= 0 && (size_t)k < len;
}

/* Makes the files written (and their renames) durable: the directory's file system is synced
 * once, then the directory itself. */
static int sync_dir(const char *dir, struct io_error *err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	const char *step = "open";
	int ok = fd >= 0;
#ifdef __linux__
	if (ok && syncfs(fd) != 0) {
		ok = 0;
		step = "syncfs";
	}
#else
	if (ok)
		sync();
#endif
	if (ok && fsync(fd) != 0) {
		ok = 0;
		step = "fsync";
	}
	int e = errno;
	if (fd >= 0)
		close(fd);
	if (ok)
		return SSA_OK;
	snprintf(err->file, sizeof err->file, "%s", dir);
	err->line = 0;
	snprintf(err->what, sizeof err->what, "%s of the directory failed: %s", step, strerror(e));
	return SSA_EIO;
}

int llvmir_write_dir(const struct llvmir_module *m, const char *dir, uint32_t *written,
		     struct io_error *err)
{
	*written = 0;
	struct stat sb;
	bool created = false;
	if (stat(dir, &sb) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			snprintf(err->file, sizeof err->file, "%s", dir);
			err->line = 0;
			snprintf(err->what, sizeof err->what, "cannot create the directory: %s",
				 strerror(errno));
			return SSA_EIO;
		}
		created = true;
	} else if (!S_ISDIR(sb.st_mode)) {
		snprintf(err->file, sizeof err->file, "%s", dir);
		err->line = 0;
		snprintf(err->what, sizeof err->what, "exists and is not a directory");
		return SSA_EIO;
	}
	int st = SSA_OK;
	uint64_t nw = 0;
	char path[4096];
	for (uint32_t i = 0; i < m->nfuncs && st == SSA_OK; i++)
		for (int x = 0; x < 2 && st == SSA_OK; x++) {
			if (!file_path(m, dir, i, x, path, sizeof path)) {
				snprintf(err->file, sizeof err->file, "%s", dir);
				err->line = 0;
				snprintf(err->what, sizeof err->what,
					 "path too long for function %u", i);
				st = SSA_EIO;
			} else if ((st = io_write_path_nosync(path, &m->funcs[i].prog, err)) ==
				   SSA_OK) {
				nw++;
			}
		}
	if (st == SSA_OK && nw > 0)
		st = sync_dir(dir, err);
	if (st != SSA_OK) {
		/* Files are written in (function, extension) order: take back the first nw. */
		for (uint64_t k = 0; k < nw; k++)
			if (file_path(m, dir, (uint32_t)(k / 2), (int)(k % 2), path, sizeof path))
				unlink(path);
		if (created)
			rmdir(dir);
		nw = 0;
	}
	*written = (uint32_t)(nw > UINT32_MAX ? UINT32_MAX : nw);
	return st;
}
