/* SPDX-License-Identifier: MIT */
/*
 * main.c - u8validate: is this UTF-8?  Exact (Table 3-7, or a variant)
 * and fast (the library's kernels), for files of any size.
 *
 * Exit status: 0 all inputs valid, 1 some input invalid, 2 trouble
 * (usage, an input that cannot be read, a write that failed); the worst
 * status of all inputs wins.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "guard.h"
#include "jobs.h"
#include "options.h"

static struct u8v_writer standard_output, standard_error;

/* Whether the operands name more than one input: then -j checks them
 * side by side, else it splits the one input. */
static int
several_inputs(const struct u8v_options *o)
{
	struct stat st;

	if (o->npaths > 1)
		return 1;
	return o->npaths == 1 && o->recursive && stat(o->paths[0], &st) == 0 &&
	       S_ISDIR(st.st_mode);
}

int
main(int argc, char **argv)
{
	struct u8v_options o;
	struct u8v_run run = {.o = &o};
	unsigned jobs;
	size_t i;

	switch (u8v_parse_options(argc, argv, &o)) {
	case U8V_DONE:
		return fflush(stdout) == 0 ? U8V_VALID : U8V_TROUBLE;
	case U8V_BAD_USAGE:
		return U8V_TROUBLE;
	case U8V_RUN:
		break;
	}
	/* A reader that goes away must end in a message and status 2,
	 * which EPIPE allows and SIGPIPE's silent death does not. */
	signal(SIGPIPE, SIG_IGN);
	if (u8v_guard_install() != 0 ||
	    u8v_scanner_init(&run.scanner, o.profile, o.chunk) != 0) {
		fprintf(stderr, "u8validate: out of memory\n");
		return U8V_TROUBLE;
	}
	run.scanner.window = o.window;
	run.scanner.every_error = o.all || o.replace;
	run.scanner.positions = !o.quiet;
	u8v_writer_init(&standard_output, STDOUT_FILENO);
	u8v_writer_init(&standard_error, STDERR_FILENO);
	run.out = o.replace ? &standard_error : &standard_output;
	run.err = &standard_error;
	run.data = o.replace ? &standard_output : NULL;

	jobs = o.jobs;
	if (jobs == 0) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);

		jobs = online < 1              ? 1
		       : online > U8V_MAX_JOBS ? U8V_MAX_JOBS
		                               : (unsigned)online;
	}
	/* --replace writes each input whole, in order: one at a time. */
	if (jobs > 1 && !o.replace && several_inputs(&o))
		run.pool = u8v_pool_start(&run, jobs);
	else if (!o.replace)
		run.scanner.helpers = jobs - 1;

	if (o.npaths == 0)
		u8v_check_operand(&run, "-");
	for (i = 0; i < o.npaths && !run.output_failed; i++)
		u8v_check_operand(&run, o.paths[i]);
	if (run.pool != NULL) {
		u8v_pool_finish(run.pool);
		run.pool = NULL;
	}

	if (!run.output_failed && (u8v_flush(&standard_output) != 0 ||
	                           u8v_flush(&standard_error) != 0)) {
		run.status = U8V_TROUBLE;
		fprintf(stderr, "u8validate: write error: %s\n",
		        strerror(standard_output.error != 0
		                     ? standard_output.error
		                     : standard_error.error));
	}
	u8v_scanner_free(&run.scanner);
	return (int)run.status;
}
