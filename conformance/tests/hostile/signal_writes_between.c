/* SPDX-License-Identifier: MIT */
/*
 * signal_writes_between.c - hostile target: its first call sets a
 * SIGALRM timer that fires every millisecond; the handler writes to
 * stderr once, the first time it finds the worker waiting for its next
 * order (between calls, in a futex wait the kernel is about to restart;
 * where that cannot be told, outside this library).
 *
 * Once a write from the worker's main thread outside a call was taken
 * for u8conform's own, and the output went unreported.  Expected: a FAIL
 * isolation/output, "between calls", charged to the last call.
 */
#define _GNU_SOURCE
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#include "targets.h"

static uintptr_t text_lo, text_hi; /* this library's code */
static volatile sig_atomic_t written;

static int
find_text(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t here = (uintptr_t)data;

	(void)size;
	for (int k = 0; k < info->dlpi_phnum; k++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[k];
		uintptr_t lo = info->dlpi_addr + p->p_vaddr;

		if (p->p_type == PT_LOAD && (p->p_flags & PF_X) && here >= lo &&
		    here - lo < p->p_memsz) {
			text_lo = lo;
			text_hi = lo + p->p_memsz;
			return 1;
		}
	}
	return 0;
}

/* Whether the signal came between calls. */
static int
between_calls(const ucontext_t *uc)
{
#if defined(__x86_64__)
	/* a restarted system call: rip back on its syscall instruction,
	 * rax its number again */
	uint16_t insn;

	memcpy(&insn, (const void *)uc->uc_mcontext.gregs[REG_RIP], 2);
	return insn == 0x050f && uc->uc_mcontext.gregs[REG_RAX] == SYS_futex;
#elif defined(__aarch64__)
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.pc;

	return pc < text_lo || pc >= text_hi;
#else
#error "knows x86-64 and AArch64"
#endif
}

static void
on_alarm(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)info;
	if (written || !between_calls(uc))
		return; /* wait for the next tick */
	written = 1;
	(void)!write(2, "tick\n", 5);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static int armed;
	struct sigaction sa = {.sa_sigaction = on_alarm,
	                       .sa_flags = SA_SIGINFO | SA_RESTART};
	struct itimerval every_ms = {{0, 1000}, {0, 1000}};

	(void)fn;
	(void)s;
	(void)n;
	if (armed)
		return;
	armed = 1;
	dl_iterate_phdr(find_text, (void *)(uintptr_t)on_call);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &every_ms, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-signal-writes-between",
    .hooks = {.on_call = on_call},
};
