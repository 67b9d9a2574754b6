/* SPDX-License-Identifier: MIT */
/*
 * coverage.h - gcov's counters written out by processes that never reach
 * atexit (workers end with the exit_group system call, the jail's
 * processes with _exit), in a U8_COVERAGE build; nothing otherwise.
 */
#ifndef U8S_COVERAGE_H
#define U8S_COVERAGE_H

#include <unistd.h>

#ifdef U8_COVERAGE
void __gcov_dump(void);
void __gcov_reset(void);

/* Writes the counts so far, then starts them again from zero, so that
 * the next flush adds only what came since. */
static inline void
u8s_coverage_flush(void)
{
	__gcov_dump();
	__gcov_reset();
}
#else
static inline void
u8s_coverage_flush(void)
{
}
#endif

/* _exit, with the counts written first. */
_Noreturn static inline void
u8s_exit(int status)
{
	u8s_coverage_flush();
	_exit(status);
}

#endif /* U8S_COVERAGE_H */
