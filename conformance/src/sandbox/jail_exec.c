/* SPDX-License-Identifier: MIT */
/*
 * jail_exec.c - the jail started again under a sanitizer's runtime
 * (jail_exec.h).
 *
 * The supervisor's pipes are close-on-exec, so only the ends the jail
 * keeps are made to survive the exec; their numbers, the shared
 * memory's descriptor and the supervisor's pid travel in one variable,
 * which the new jail checks against its parent before it believes it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "jail_exec.h"

#define JAIL_VAR "U8C_JAIL"

/* The options the sanitizers run with in the jail, after the user's
 * own (the later flag wins).  The worker's handlers keep the faults,
 * so the runtime leaves the signals alone; a report is not symbolized
 * in the jail (the supervisor does it: no symbolizer process starts
 * there) and ends the worker (the death callback, worker.c); no leak
 * check runs at exit. */
#define SIGNALS_LEFT                                                           \
	"handle_segv=0:handle_sigbus=0:handle_sigill=0:handle_sigfpe=0:"       \
	"handle_abort=0:handle_sigtrap=0:allow_user_segv_handler=1:"           \
	"use_sigaltstack=0"
static const struct {
	const char *var, *ours;
} options[] = {
    {"ASAN_OPTIONS", "symbolize=0:detect_leaks=0:halt_on_error=1:"
                     "abort_on_error=0:detect_stack_use_after_return=0:"
                     "detect_odr_violation=0:quarantine_size_mb=64:"
                     "print_summary=1:fast_unwind_on_fatal=0:" SIGNALS_LEFT},
    {"UBSAN_OPTIONS", "symbolize=0:halt_on_error=1:print_stacktrace=1:"
                      "report_error_type=1:print_summary=1:"
                      "fast_unwind_on_fatal=0:" SIGNALS_LEFT},
};

/* The jail's descriptors, in the order the variable lists them. */
enum { FIXED = 7 };
static int *
fixed_fd(struct u8c_jail *j, int k)
{
	int *fds[FIXED] = {&j->cmd[0],
	                   &j->lifeline[0],
	                   &j->load_out[1],
	                   &j->unload_out[1],
	                   &j->go_twin[0],
	                   &j->go_server[0],
	                   &j->loader_unmapped[1]};

	return fds[k];
}

static int
keep_across_exec(int fd)
{
	return fd < 0 ? 0 : fcntl(fd, F_SETFD, 0);
}

static int
set_options(void)
{
	for (size_t k = 0; k < sizeof options / sizeof options[0]; k++) {
		const char *user = getenv(options[k].var);
		char *both;
		int rc;

		if (user != NULL && *user != '\0')
			rc = asprintf(&both, "%s:%s", user, options[k].ours);
		else
			rc = asprintf(&both, "%s", options[k].ours);
		if (rc < 0 || setenv(options[k].var, both, 1) != 0)
			return -1;
		free(both);
	}
	return 0;
}

void
u8c_jail_exec(const struct u8c_jail *j, int shared_fd,
              const struct u8c_sanitizer *san, char *const *argv)
{
	struct u8c_jail mine = *j;
	char var[1024];
	int n, ok = 1;

	n = snprintf(var, sizeof var, "%d %d %u", (int)getppid(), shared_fd,
	             j->slots);
	ok = keep_across_exec(shared_fd) == 0;
	for (int k = 0; k < FIXED; k++) {
		int fd = *fixed_fd(&mine, k);

		n += snprintf(var + n, sizeof var - (size_t)n, " %d", fd);
		ok = ok && keep_across_exec(fd) == 0;
	}
	for (unsigned k = 0; k < j->slots; k++) {
		n += snprintf(var + n, sizeof var - (size_t)n, " %d %d",
		              j->slot_out[k][1], j->slot_report[k][1]);
		ok = ok && keep_across_exec(j->slot_out[k][1]) == 0 &&
		     keep_across_exec(j->slot_report[k][1]) == 0;
	}
	if (!ok || n >= (int)sizeof var || setenv(JAIL_VAR, var, 1) != 0 ||
	    setenv("LD_PRELOAD", san->preload, 1) != 0 || set_options() != 0) {
		fprintf(stderr, "u8conform: cannot hand the jail over: %s\n",
		        strerror(errno));
		return;
	}
	execv("/proc/self/exe", argv);
	fprintf(stderr,
	        "u8conform: cannot start the jail under %s (LD_PRELOAD=%s): "
	        "%s\n",
	        u8c_sanitizer_names(san->kinds), san->preload, strerror(errno));
}

int
u8c_jail_exec_is_jail(void)
{
	return getenv(JAIL_VAR) != NULL;
}

/* The next number of @p, which must be there. */
static int
next_int(char **p, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(*p, &end, 10);
	if (end == *p || errno != 0 || *v < -1 || *v > 1 << 20)
		return -1;
	*p = end;
	return 0;
}

_Noreturn void
u8c_jail_exec_resume(struct u8c_jail *j)
{
	char *var = getenv(JAIL_VAR), *p = var;
	long ppid, shared, slots, fd;
	void *sh;
	int ok;

	ok = p != NULL && next_int(&p, &ppid) == 0 &&
	     next_int(&p, &shared) == 0 && next_int(&p, &slots) == 0 &&
	     ppid == (long)getppid() && slots == (long)j->slots;
	for (int k = 0; ok && k < FIXED; k++) {
		ok = next_int(&p, &fd) == 0;
		*fixed_fd(j, k) = (int)fd;
	}
	for (unsigned k = 0; ok && k < j->slots; k++) {
		ok = next_int(&p, &fd) == 0;
		j->slot_out[k][1] = (int)fd;
		ok = ok && next_int(&p, &fd) == 0;
		j->slot_report[k][1] = (int)fd;
	}
	sh = ok ? mmap(NULL, sizeof *j->sh, PROT_READ | PROT_WRITE, MAP_SHARED,
	               (int)shared, 0)
	        : MAP_FAILED;
	if (sh == MAP_FAILED) {
		fprintf(stderr,
		        "u8conform: %s was not set by u8conform's "
		        "supervisor, or does not match its arguments\n",
		        JAIL_VAR);
		_exit(2);
	}
	/* nothing the target starts gets the runtime, or this variable;
	 * and no descriptor of the shared memory stays for it to map */
	close((int)shared);
	unsetenv(JAIL_VAR);
	unsetenv("LD_PRELOAD");
	/* exec made the process dumpable again */
	prctl(PR_SET_DUMPABLE, 0);
	j->sh = sh;
	u8c_jail_main(j);
}
