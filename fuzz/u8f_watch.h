/* SPDX-License-Identifier: MIT */
/*
 * u8f_watch.h - keep an eye on a target while it runs inside the fuzzer:
 * output to stdout or stderr, exit(), and faults in guard pages.
 *
 * The engine supervises the process, so a crash, hang or exit is its
 * ordinary finding; this only makes each one say what happened, and
 * turns what no engine sees (an exit, a write to stdout) into an abort.
 */
#ifndef U8F_WATCH_H
#define U8F_WATCH_H

#include <stddef.h>
#include <stdint.h>

/* Says what a fault at @addr means ("read past the end of its input"),
 * or NULL for an ordinary crash. */
typedef const char *(*u8f_explain_fn)(const void *addr);

/* u8f_watch_init - once, before the first input: where output will be
 * caught, the exit trap, and @explain for faults. */
void u8f_watch_init(const char *who, u8f_explain_fn explain);

/* u8f_watch_begin - the target runs on s[0..n) from now: its output
 * goes to a file, exit() aborts, a fault is explained first. */
void u8f_watch_begin(const uint8_t *s, size_t n);

/* u8f_watch_context - the command line that shows what the target is
 * about to be called on, printed with a crash or an exit() (NULL: none).
 * The text must stay until the next call. */
void u8f_watch_context(const char *line);

/* u8f_watch_tell - @line to the real stderr, while the target's output
 * is caught (what the harness saw of a child, say). */
void u8f_watch_tell(const char *line);

/* u8f_watch_end - the target is done; returns 1 if it wrote anything to
 * stdout or stderr since u8f_watch_begin, else 0. */
int u8f_watch_end(void);

#endif /* U8F_WATCH_H */
