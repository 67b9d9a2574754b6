/* SPDX-License-Identifier: MIT */
/*
 * ctor_tells_twin.c - hostile target: its constructor writes "s" (the
 * word that makes a fork server) into every pipe it finds open, the
 * loader's twin's among them when there is one.
 *
 * Once the twin took it: a second fork server, beside the one the
 * loader made, took commands meant for the first, and the run never
 * ended.  Expected: one fork server, whose run ends, and a FAIL
 * isolation/output attributed to loading (the pipes it wrote to lead to
 * the supervisor).
 */
#include <sys/stat.h>
#include <unistd.h>

#include "targets.h"

__attribute__((constructor)) static void
tell(void)
{
	struct stat st;

	for (int fd = 3; fd < 1024; fd++)
		if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
			(void)!write(fd, "s", 1);
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-tells-twin"};
