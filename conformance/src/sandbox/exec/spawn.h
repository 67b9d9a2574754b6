/* SPDX-License-Identifier: MIT */
/*
 * spawn.h - starting and ending an --exec target's child.
 *
 * A worker's seccomp filter would be the child's too (filters survive
 * fork and exec), and it traps what any runtime does at start.  So
 * before its filter, a worker forks a spawner: a small process of ours,
 * without the filter or any capability, that starts each child on a
 * word from the worker and hands back the child's pipes.  The child
 * leads its own process group, which the spawner kills whole; it dies
 * with the spawner, and the spawner with the worker.
 */
#ifndef U8C_EXEC_SPAWN_H
#define U8C_EXEC_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* How a child ended, as the spawner saw it. */
enum u8c_child_end {
	U8C_CHILD_SIGNALLED, /* killed by a signal: detail the signal    */
	U8C_CHILD_EXITED,    /* exited: detail its status                */
	U8C_CHILD_LINGERED,  /* closed its stdout but did not exit       */
};

struct u8c_child {
	pid_t pid; /* in the jail; 0 when there is none             */
	int to;    /* the child's stdin: requests                    */
	int from;  /* the child's stdout: answers                    */
};

struct u8c_spawner {
	pid_t pid;
	int sock; /* commands and the child's descriptors        */
};

/* u8c_spawner_start - fork the spawner for shell command @cmd.
 * Returns 0, or -1 with one line in @err. */
int u8c_spawner_start(struct u8c_spawner *sp, const char *cmd, char *err,
                      size_t errlen);

/* u8c_spawner_fresh - kill the current child, if any, and start another
 * into @c.  Returns 0, or -1 when no child could be started. */
int u8c_spawner_fresh(struct u8c_spawner *sp, struct u8c_child *c);

/* u8c_spawner_end_child - how @c ended (waited for a second at most,
 * then killed), its group killed and its pipes closed: @detail gets the
 * signal or the status. */
enum u8c_child_end u8c_spawner_end_child(struct u8c_spawner *sp,
                                         struct u8c_child *c, int *detail);

/* u8c_spawner_stop - end the child and the spawner. */
void u8c_spawner_stop(struct u8c_spawner *sp, struct u8c_child *c);

#endif /* U8C_EXEC_SPAWN_H */
