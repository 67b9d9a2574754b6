/* SPDX-License-Identifier: MIT */
/*
 * jail_exec.h - the jail started again from u8conform's own executable,
 * with a sanitizer's runtime preloaded, for a target built with one.
 *
 * A runtime must be in a process from its first instruction, so the
 * jail cannot just be forked: its first process runs u8conform again,
 * with the same arguments (which make the same plan) and, in the
 * environment, the descriptors it keeps and the shared memory's.  The
 * supervisor stays as it is, never under the runtime.
 */
#ifndef U8C_JAIL_EXEC_H
#define U8C_JAIL_EXEC_H

#include "jail.h"
#include "sanitizer.h"

/*
 * u8c_jail_exec - in the supervisor's child: start the jail again under
 * @san's runtime, from @argv, with @j's descriptors and the shared
 * memory in @shared_fd.  Returns only if it cannot, having said why.
 */
void u8c_jail_exec(const struct u8c_jail *j, int shared_fd,
                   const struct u8c_sanitizer *san, char *const *argv);

/* Whether this process is a jail started again (u8c_jail_exec). */
int u8c_jail_exec_is_jail(void);

/*
 * u8c_jail_exec_resume - in that process: @j, whose plan and options
 * the arguments made again, takes its descriptors and shared memory
 * from the environment, and becomes the jail.  Exits 2 on an
 * environment it did not write.
 */
_Noreturn void u8c_jail_exec_resume(struct u8c_jail *j);

#endif /* U8C_JAIL_EXEC_H */
