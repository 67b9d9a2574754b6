/* SPDX-License-Identifier: MIT */
/*
 * tree.c - recursion for -r: a directory's entries, sorted, each file
 * checked and each subdirectory walked in turn.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tree.h"

/* "dir/name", or NULL when out of memory. */
static char *
join(const char *dir, const char *name)
{
	size_t ndir = strlen(dir), nname = strlen(name);
	int slash = ndir > 0 && dir[ndir - 1] != '/';
	char *path = malloc(ndir + (size_t)slash + nname + 1);

	if (path != NULL) {
		memcpy(path, dir, ndir);
		if (slash)
			path[ndir] = '/';
		memcpy(path + ndir + slash, name, nname + 1);
	}
	return path;
}

static int
by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int
not_dot(const struct dirent *e)
{
	return strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
}

void
u8v_walk_directory(struct u8v_run *run, const char *dir)
{
	struct dirent **entries;
	struct stat st;
	char *path;
	int n, i;

	n = scandir(dir, &entries, not_dot, by_name);
	if (n < 0) {
		u8v_check_failed(run, dir, strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		path = join(dir, entries[i]->d_name);
		if (run->output_failed)
			; /* nobody hears the rest */
		else if (path == NULL)
			u8v_check_failed(run, entries[i]->d_name,
			                 strerror(ENOMEM));
		else if (lstat(path, &st) != 0)
			u8v_check_failed(run, path, strerror(errno));
		else if (S_ISDIR(st.st_mode))
			u8v_walk_directory(run, path);
		else if (S_ISREG(st.st_mode))
			u8v_check_file(run, path);
		free(path);
		free(entries[i]);
	}
	free(entries);
}
