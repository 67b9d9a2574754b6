/* SPDX-License-Identifier: MIT */
/*
 * guard.h - reading a mapped file that may shrink under us.
 *
 * A page of a mapping that lies past the end of its file, because the
 * file was truncated after it was mapped, raises SIGBUS when touched.
 * u8v_guarded runs a function with that signal turned into a return
 * value, so a shrinking file is an ordinary event, not a crash.
 */
#ifndef U8V_GUARD_H
#define U8V_GUARD_H

/*
 * u8v_guard_install - catch SIGBUS for u8v_guarded, once per process,
 * before any thread touches a mapping.  Returns 0, or -1 (errno set).
 */
int u8v_guard_install(void);

/*
 * u8v_guarded - run @fn(@ctx) in this thread and return 0, or -1 when a
 * SIGBUS cut it short.  @fn must leave @ctx consistent at every point
 * where it may touch the mapping (commit its results after reading),
 * since it is abandoned there.  Calls nest: a SIGBUS lands in the
 * innermost.  A SIGBUS outside u8v_guarded, or in a thread with none
 * running, kills the process as usual.
 */
int u8v_guarded(void (*fn)(void *ctx), void *ctx);

#endif /* U8V_GUARD_H */
