/* SPDX-License-Identifier: MIT */
/*
 * ctor_fork_helper.c - hostile target: its constructor forks a helper
 * that sleeps for 1000 s, holding the descriptors it inherited.
 *
 * Once this blocked u8conform's probe and the helper outlived the run.
 * Expected: a FAIL isolation/spawn attributed to loading, and no helper
 * left when u8conform has exited.
 */
#include <unistd.h>

#include "targets.h"

__attribute__((constructor)) static void
helper(void)
{
	if (fork() == 0) {
		sleep(1000);
		_exit(0);
	}
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-fork-helper"};
