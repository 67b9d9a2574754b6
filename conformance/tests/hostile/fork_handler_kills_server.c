/* SPDX-License-Identifier: MIT */
/*
 * fork_handler_kills_server.c - hostile target: its constructor
 * registers a fork handler that aborts in the child, which is the fork
 * server as the loader forks it.
 *
 * Once u8conform waited for the fork server until the loader's timeout
 * (ten times --timeout, the loader blocked) and then blamed the
 * loading's length.  Expected: exit 2 at once, one line saying the fork
 * server was killed in the target's fork handlers.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>

#include "targets.h"

__attribute__((constructor)) static void
start(void)
{
	pthread_atfork(NULL, NULL, abort);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-fork-handler-kills-server"};
