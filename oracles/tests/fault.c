/* SPDX-License-Identifier: MIT */
/*
 * fault.c - a line on stderr naming what ran when a guard page was hit.
 *
 * The handler only reads what u8o_fault_running stored and writes with
 * write(2): it is async-signal-safe.  It then dies by the same signal,
 * so Check reports the test as killed by it.
 */
#define _POSIX_C_SOURCE 200809L /* sigaction */

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"

/* What was running when a fault came: read by the signal handler. */
static const char *volatile fault_oracle = "?";
static const char *volatile fault_fn = "?";
static const uint8_t *volatile fault_s;
static volatile size_t fault_n;

/* Async-signal-safe: appends text to buf[k..size). */
static size_t
append(char *buf, size_t k, size_t size, const char *text)
{
	while (*text != '\0' && k < size)
		buf[k++] = *text++;
	return k;
}

static void
on_fault(int sig)
{
	static const char digits[] = "0123456789ABCDEF";
	char msg[512];
	size_t k = 0, i;
	ssize_t written;

	k = append(msg, k, sizeof msg, "fault in oracle ");
	k = append(msg, k, sizeof msg, fault_oracle);
	k = append(msg, k, sizeof msg, ", ");
	k = append(msg, k, sizeof msg, fault_fn);
	k = append(msg, k, sizeof msg, " on");
	for (i = 0; i < fault_n && i < 64 && k + 3 < sizeof msg; i++) {
		msg[k++] = ' ';
		msg[k++] = digits[fault_s[i] >> 4];
		msg[k++] = digits[fault_s[i] & 15];
	}
	k = append(msg, k, sizeof msg, "\n");
	written = write(STDERR_FILENO, msg, k);
	(void)written; /* dying either way */
	signal(sig, SIG_DFL);
	raise(sig);
}

void
u8o_fault_report(const char *oracle)
{
	struct sigaction sa;

	fault_oracle = oracle;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

void
u8o_fault_running(const char *fn, const uint8_t *s, size_t n)
{
	fault_fn = fn;
	fault_s = s;
	fault_n = n;
}
