/* SPDX-License-Identifier: MIT */
/*
 * sets_fault_handler.c - hostile target: on the input C1 it installs a
 * SIGSEGV handler of its own, and on the input C2 it reads s[1], past its
 * input, with that handler ready to jump over the fault.
 *
 * Once a disposition a call changed outlived the call: the worker's
 * guard-page faults went to the target, which could hide its own
 * over-reads.  Expected: a FAIL isolation/reach naming C1 (the change is
 * refused), and the over-read on C2 still reported.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include "targets.h"

static sigjmp_buf over;
static volatile sig_atomic_t hiding;

static void
on_segv(int sig)
{
	if (hiding)
		siglongjmp(over, 1);
	signal(sig, SIG_DFL);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct sigaction sa;

	(void)fn;
	if (s == NULL || n != 1)
		return;
	if (s[0] == 0xC1) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_segv;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, NULL);
	} else if (s[0] == 0xC2 && sigsetjmp(over, 1) == 0) {
		hiding = 1;
		(void)*(const volatile uint8_t *)(s + 1);
	}
	hiding = 0;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-sets-fault-handler",
    .hooks = {.on_call = on_call},
};
