/* SPDX-License-Identifier: MIT */
/*
 * ctor_fork_nested_pids.c - hostile target: its constructor makes a PID
 * namespace of its own below the jail's (with a user namespace, which
 * needs no privilege) and forks into it a process that sleeps.
 *
 * Every process the loader forks after that is in the new namespace:
 * the sleeper, and then u8conform's own go-between, fork server and
 * workers.  A count of the jail's namespace found only init and the
 * loader, and the spawn went untold.  Expected: a FAIL isolation/spawn
 * attributed to loading, and nothing left when u8conform has exited.
 * Where the kernel refuses the namespace, the fork is a plain one, as
 * ctor-fork-helper's.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>

#include "targets.h"

__attribute__((constructor)) static void
nest(void)
{
	(void)unshare(CLONE_NEWUSER | CLONE_NEWPID);
	if (fork() == 0)
		for (;;)
			pause();
}

const struct u8tt_target u8tt_target = {.name =
                                            "hostile-ctor-fork-nested-pids"};
