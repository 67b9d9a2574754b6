/* SPDX-License-Identifier: MIT */
/*
 * fate_floor.c - u8bench-fate-floor [-n N] [--fates F,...]: what one fatal
 * call costs this machine when it is recovered the way u8conform's worker
 * recovers it, with no harness around it: the floor scripts/bench-conform
 * sets the harness's cost per fatal call against.
 *
 * Each fate is met N times (200000 by default) by a tiny function, the
 * fates of conformance/bench/fatal_target.c: crash writes through NULL
 * (SIGSEGV), trap is __builtin_trap() (SIGILL), abort is abort()
 * (SIGABRT, raised by libc), exit is exit(3); none is a plain call, the
 * baseline.  Each call is recovered as conformance/src/sandbox/worker.c
 * recovers it: a handler on an alternate stack, installed with
 * SA_SIGINFO | SA_ONSTACK | SA_NODEFER, or an on_exit() hook registered
 * again after each exit (as its hook_exit does), siglongjmp()s to one
 * sigsetjmp(..., 0) point on the main stack.  Each fate runs 5 rounds;
 * a line gives the medians of wall time (CLOCK_MONOTONIC) and of user
 * and system time (getrusage) per call.  Every round checks that each
 * fatal call came back through its recovery, by the signal expected.
 * Not here: the sandbox (seccomp filter, guard pages, pipes, the judge),
 * which is what the harness adds; nor hangs, which cost their timeout.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum {
	ROUNDS = 5,
	ALT_STACK = 1 << 16, /* the worker's size */
	EXIT_STATUS = 3,     /* fatal_target.c's exit(3) */
};

enum fate { NONE, CRASH, EXIT, TRAP, ABORT, FATES };

static int *volatile nowhere; /* NULL, read at each call */
static int somewhere;
static int *volatile here = &somewhere;

/* A fate's function: each does the same work, one store through a
 * pointer it reads; all but none never return. */
__attribute__((noinline)) static void
meet_none(void)
{
	*here = 1;
}

__attribute__((noinline)) static void
meet_crash(void)
{
	*nowhere = 1;
}

__attribute__((noinline)) static void
meet_exit(void)
{
	*here = 1;
	exit(EXIT_STATUS);
}

__attribute__((noinline)) static void
meet_trap(void)
{
	*here = 1;
	__builtin_trap();
}

/* glibc's abort() unblocks SIGABRT and raises it; only if the handler
 * returns does it set SIG_DFL and raise again.  Ours leaves by
 * siglongjmp, and SA_NODEFER leaves SIGABRT unblocked behind it, so each
 * call meets the handler afresh (one_round checks that it does). */
__attribute__((noinline)) static void
meet_abort(void)
{
	*here = 1;
	abort();
}

static const struct {
	const char *name;
	void (*meet)(void);
	int sig; /* the signal it dies of; 0 for none and exit */
} fates[FATES] = {
    [NONE] = {.name = "none", .meet = meet_none, .sig = 0},
    [CRASH] = {.name = "crash", .meet = meet_crash, .sig = SIGSEGV},
    [EXIT] = {.name = "exit", .meet = meet_exit, .sig = 0},
    [TRAP] = {.name = "trap", .meet = meet_trap, .sig = SIGILL},
    [ABORT] = {.name = "abort", .meet = meet_abort, .sig = SIGABRT},
};

/* The recovery point and what the round's recoveries saw, for the
 * handlers. */
static sigjmp_buf recover;
static volatile sig_atomic_t in_round; /* calls are being made */
static volatile sig_atomic_t exit_hook;
static volatile sig_atomic_t last_sig;    /* what ended the last call */
static volatile sig_atomic_t last_status; /* its exit status, if exit */

static void
on_fault(int sig, siginfo_t *info, void *uctx)
{
	(void)info;
	(void)uctx;
	if (!in_round) { /* not a call of ours: die of it */
		signal(sig, SIG_DFL);
		return;
	}
	last_sig = sig;
	siglongjmp(recover, 1);
}

/* exit() in a call: libc runs the handler registered last first, and
 * uses it up; the recovery registers it again.  Outside a round (the
 * program's own exit) it steps aside. */
static void
on_exit_call(int status, void *arg)
{
	(void)arg;
	exit_hook = 0;
	if (!in_round)
		return;
	last_sig = 0;
	last_status = status;
	siglongjmp(recover, 1);
}

static int
hook_exit(void)
{
	if (exit_hook)
		return 0;
	exit_hook = 1;
	return on_exit(on_exit_call, NULL);
}

static void
install_handlers(void)
{
	static char stack[ALT_STACK];
	static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE};
	stack_t ss = {.ss_sp = stack, .ss_size = sizeof stack, .ss_flags = 0};
	struct sigaction sa;

	if (sigaltstack(&ss, NULL) != 0) {
		perror("u8bench-fate-floor: sigaltstack");
		exit(1);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
		sigaction(sigs[k], &sa, NULL);
}

struct sample {
	double wall, user, sys; /* seconds */
};

static double
seconds_of(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* One round: @n calls of fate @f, each recovered if it dies.  Its times
 * into @out; 0, or -1 when a call came back other than as it should. */
static int
one_round(enum fate f, unsigned long n, struct sample *out)
{
	static volatile unsigned long i, recoveries;
	static volatile int wrong;
	struct timespec t0, t1;
	struct rusage r0, r1;

	i = 0;
	recoveries = 0;
	wrong = 0;
	if (hook_exit() != 0) {
		fprintf(stderr, "u8bench-fate-floor: on_exit failed\n");
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	getrusage(RUSAGE_SELF, &r0);
	in_round = 1;
	if (sigsetjmp(recover, 0) != 0) {
		/* As the worker's calls(): the hook again, then on to the
		 * next call. */
		if (hook_exit() != 0)
			wrong = 1;
		if (last_sig != fates[f].sig ||
		    (f == EXIT && last_status != EXIT_STATUS))
			wrong = 1;
		recoveries++;
		i++;
	}
	while (i < n) {
		fates[f].meet();
		i++;
	}
	in_round = 0;
	getrusage(RUSAGE_SELF, &r1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	out->wall = (double)(t1.tv_sec - t0.tv_sec) +
	            (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	out->user = seconds_of(r1.ru_utime) - seconds_of(r0.ru_utime);
	out->sys = seconds_of(r1.ru_stime) - seconds_of(r0.ru_stime);
	if (wrong || recoveries != (f == NONE ? 0 : n)) {
		fprintf(stderr,
		        "u8bench-fate-floor: %s: %lu of %lu calls recovered "
		        "as expected\n",
		        fates[f].name, wrong ? 0 : recoveries, n);
		return -1;
	}
	return 0;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
median(double *v)
{
	qsort(v, ROUNDS, sizeof *v, by_value);
	return v[ROUNDS / 2];
}

/* The fate's line: its medians per call, in nanoseconds. */
static int
measure(enum fate f, unsigned long n)
{
	double wall[ROUNDS], user[ROUNDS], sys[ROUNDS];
	struct sample s;
	double per = 1e9 / (double)n;

	for (int k = 0; k < ROUNDS; k++) {
		if (one_round(f, n, &s) != 0)
			return -1;
		wall[k] = s.wall;
		user[k] = s.user;
		sys[k] = s.sys;
	}
	printf("%-6s %10.1f ns/call  (user %.1f ns, sys %.1f ns)\n",
	       fates[f].name, median(wall) * per, median(user) * per,
	       median(sys) * per);
	fflush(stdout);
	return 0;
}

_Noreturn static void
usage_error(const char *what, const char *arg)
{
	fprintf(stderr,
	        "u8bench-fate-floor: %s '%s' (usage: u8bench-fate-floor "
	        "[-n N] [--fates none,crash,exit,trap,abort])\n",
	        what, arg);
	exit(2);
}

/* --fates LIST into @want, in the order given: names of fates, each once,
 * separated by commas. */
static size_t
parse_fates(char *list, enum fate *want)
{
	size_t count = 0;
	char *name = list;

	for (;;) {
		char *comma = strchr(name, ',');
		enum fate f = NONE;

		if (comma != NULL)
			*comma = '\0';
		while (f < FATES && strcmp(fates[f].name, name) != 0)
			f++;
		if (f == FATES)
			usage_error("--fates: unknown fate", name);
		for (size_t k = 0; k < count; k++)
			if (want[k] == f)
				usage_error("--fates: named twice", name);
		want[count++] = f;
		if (comma == NULL)
			return count;
		name = comma + 1;
	}
}

int
main(int argc, char **argv)
{
	enum fate want[FATES] = {NONE, CRASH, EXIT, TRAP, ABORT};
	size_t nwant = FATES;
	unsigned long n = 200000;

	for (int k = 1; k < argc; k++) {
		if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
			const char *s = argv[++k];
			char *end;

			errno = 0;
			n = strtoul(s, &end, 10);
			if (s[0] < '0' || s[0] > '9' || *end != '\0' ||
			    errno != 0 || n == 0)
				usage_error("-n: not a positive count", s);
		} else if (strcmp(argv[k], "--fates") == 0 && k + 1 < argc) {
			nwant = parse_fates(argv[++k], want);
		} else if (strcmp(argv[k], "-n") == 0 ||
		           strcmp(argv[k], "--fates") == 0) {
			usage_error("no value after", argv[k]);
		} else {
			usage_error("bad argument", argv[k]);
		}
	}
	install_handlers();
	for (size_t k = 0; k < nwant; k++)
		if (measure(want[k], n) != 0)
			return 1;
	return 0;
}
