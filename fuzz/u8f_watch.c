/* SPDX-License-Identifier: MIT */
/*
 * u8f_watch.c - output capture, the exit trap and fault messages around
 * a target's calls.
 *
 * While the target runs, descriptors 1 and 2 point at a file in memory
 * whose growth tells that it wrote.  Every way out of that window puts
 * them back first: u8f_watch_end, the signal handlers (installed at the
 * first u8f_watch_begin, after the engine's own, which they then call),
 * and the atexit hook (registered then too, so it runs before the
 * engine's), which reports an exit() as a failure.  A target
 * calling _exit() is beyond any hook: the engine sees a process that
 * ended.
 */
#define _GNU_SOURCE /* memfd_create */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "u8f.h"
#include "u8f_watch.h"

static const int caught[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM};
enum { NCAUGHT = sizeof caught / sizeof caught[0] };

static struct sigaction previous[NCAUGHT];
static int sink = -1, saved_out = -1, saved_err = -1, handlers;
static volatile sig_atomic_t watching;
static const uint8_t *cur;
static size_t ncur;
static off_t mark;
static const char *name = "u8fuzz";
static u8f_explain_fn explain;
static const char *context; /* the command that shows it again */

static void
restore(void)
{
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
}

static void
say_to(int fd, const char *text)
{
	size_t n = strlen(text);

	while (n > 0) {
		ssize_t k = write(fd, text, n);

		if (k <= 0)
			return;
		text += k;
		n -= (size_t)k;
	}
}

static void
say(const char *text)
{
	say_to(STDERR_FILENO, text);
}

void
u8f_watch_tell(const char *line)
{
	say_to(saved_err >= 0 ? saved_err : STDERR_FILENO, line);
}

static int
index_of(int sig)
{
	int k;

	for (k = 0; k < NCAUGHT; k++)
		if (caught[k] == sig)
			return k;
	return 0;
}

/* The handler that was there before ours: the engine's. */
static void
forward(int sig, siginfo_t *info, void *uctx)
{
	const struct sigaction *old = &previous[index_of(sig)];

	if (old->sa_flags & SA_SIGINFO) {
		if (old->sa_sigaction != NULL) {
			old->sa_sigaction(sig, info, uctx);
			return;
		}
	} else if (old->sa_handler == SIG_IGN) {
		return;
	} else if (old->sa_handler != SIG_DFL) {
		old->sa_handler(sig);
		return;
	}
	/* The default action: a fault happens again on return, a raised
	 * signal is raised again. */
	signal(sig, SIG_DFL);
	if (sig == SIGABRT || sig == SIGALRM || info->si_code <= 0)
		raise(sig);
}

/* What the target did on the input under way, the input, and the
 * command that shows it again. */
static void
tell_input(const char *what)
{
	say("\n==u8fuzz== ");
	say(name);
	say(": the target ");
	say(what);
	say(" on this input:\n");
	u8f_hex(stderr, cur, ncur, 512);
	fflush(stderr);
	say("\n");
	if (context != NULL) {
		say("reproduce: ");
		say(context);
		say("\n");
	}
}

static void
on_signal(int sig, siginfo_t *info, void *uctx)
{
	const char *why;

	if (watching && sig == SIGALRM) {
		/* The engine's timer: its timeout report must reach stderr;
		 * if it was no timeout, the input is watched on. */
		restore();
		forward(sig, info, uctx);
		if (watching) {
			dup2(sink, STDOUT_FILENO);
			dup2(sink, STDERR_FILENO);
		}
		return;
	}
	if (watching) {
		watching = 0;
		restore();
		why = explain && (sig == SIGSEGV || sig == SIGBUS)
		          ? explain(info->si_addr)
		          : NULL;
		tell_input(why ? why : "crashed");
	}
	forward(sig, info, uctx);
}

/* A sanitizer's report on the target (a decoder built with ASan or UBSan
 * by clang, whose symbols the fuzzer's own runtime serves): the report
 * itself goes to the real stderr (u8f_watch_init), and its summary line
 * ends here, the last thing the runtime prints before the engine's
 * death callback: the input and the command that shows it again. */
void __sanitizer_report_error_summary(const char *summary);
void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

void
__sanitizer_report_error_summary(const char *summary)
{
	int was = watching;

	if (was) {
		watching = 0;
		restore();
	}
	say(summary);
	say("\n");
	if (was)
		tell_input("made an error its sanitizer reported");
}

static void
on_exit_called(void)
{
	if (!watching)
		return;
	watching = 0;
	restore();
	u8f_note("%s: the target called exit() while deciding this input\n",
	         name);
	if (context != NULL)
		u8f_note("reproduce: %s\n", context);
	u8f_fail(__FILE__, __LINE__, "no exit() inside the target", cur, ncur);
}

void
u8f_watch_init(const char *who, u8f_explain_fn fn)
{
	name = who;
	explain = fn;
	/* in memory: no writable directory is needed */
	if ((sink = memfd_create("u8fuzz-output", MFD_CLOEXEC)) < 0 ||
	    (saved_out = dup(STDOUT_FILENO)) < 0 ||
	    (saved_err = dup(STDERR_FILENO)) < 0) {
		perror("u8fuzz: output capture");
		exit(2);
	}
	/* a sanitizer's report is not the target's output */
	if (__sanitizer_set_report_fd != NULL)
		__sanitizer_set_report_fd((void *)(intptr_t)saved_err);
	/* A printf without fflush shows at once, not at some later call. */
	setvbuf(stdout, NULL, _IONBF, 0);
}

static void
install(void)
{
	struct sigaction sa;
	int k;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < NCAUGHT; k++)
		sigaction(caught[k], &sa, &previous[k]);
	/* After the engine's own exit hook, so this one runs first. */
	atexit(on_exit_called);
	handlers = 1;
}

void
u8f_watch_begin(const uint8_t *s, size_t n)
{
	if (!handlers)
		install();
	cur = s;
	ncur = n;
	/* A chatty target must not fill the disk. */
	if ((mark = lseek(sink, 0, SEEK_END)) > (1 << 20)) {
		if (ftruncate(sink, 0) != 0)
			perror("u8fuzz: ftruncate");
		mark = lseek(sink, 0, SEEK_END);
	}
	dup2(sink, STDOUT_FILENO);
	dup2(sink, STDERR_FILENO);
	watching = 1;
}

void
u8f_watch_context(const char *line)
{
	context = line;
}

int
u8f_watch_end(void)
{
	watching = 0;
	restore();
	return lseek(sink, 0, SEEK_END) != mark;
}
