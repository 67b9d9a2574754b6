/* SPDX-License-Identifier: MIT */
/*
 * main.c - u8conform: test a UTF-8 decoder shipped as a shared library.
 *
 * Parses the arguments, makes the plan, has the sandbox run it against
 * the library in jailed workers, and writes a report a CI job can act
 * on: exit 0 pass or warn (1 for warn with --strict), 1 fail, 2 usage or
 * load error, a report that cannot be written, or a run that stopped
 * before it found a FAIL.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "chunking.h"
#include "expect_file.h"
#include "jail_exec.h"
#include "merge.h"
#include "options.h"
#include "progress.h"
#include "sandbox.h"
#include "side_by_side.h"

/* The outcome and the expectations are large; one per process. */
static struct u8c_sandbox_outcome outcome;
static struct u8c_expectations expectations;

/* Descriptors 0, 1 and 2 closed when we start would be reused by the
 * first pipes; each gets /dev/null, and a closed stdout is remembered:
 * the report cannot be written there. */
static int
guard_standard_fds(void)
{
	int stdout_closed = fcntl(STDOUT_FILENO, F_GETFD) < 0;

	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 &&
		    open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			return -1;
	return stdout_closed;
}

/* The exit status a report calls for. */
static int
status_of(const struct u8c_report *r, int strict)
{
	if (r->unexpected == U8C_FAIL || (strict && r->unexpected == U8C_WARN))
		return 1;
	return r->complete ? 0 : 2;
}

/* Writes the report; a stream that fails is a line and status 2. */
static int
write_report(const struct u8c_report *r, const struct u8c_options *o,
             int stdout_closed)
{
	if (stdout_closed) {
		fprintf(stderr, "u8conform: cannot write the report: standard "
		                "output is closed\n");
		return 2;
	}
	errno = 0;
	if (u8c_report_write(stdout, o->format, r) != 0) {
		fprintf(stderr, "u8conform: cannot write the report: %s\n",
		        errno ? strerror(errno) : "write error");
		return 2;
	}
	return status_of(r, o->strict);
}

static int
merge(const struct u8c_options *o, int stdout_closed)
{
	struct u8c_report r;
	char err[1024];
	int rc;

	if (u8c_merge_reports(&r, o->reports, o->nreports, err, sizeof err) !=
	    0) {
		fprintf(stderr, "u8conform: %s\n", err);
		u8c_report_free(&r);
		return 2;
	}
	rc = write_report(&r, o, stdout_closed);
	if (o->write_expect_file != NULL &&
	    u8c_write_expect(o->write_expect_file, &r, err, sizeof err) != 0) {
		fprintf(stderr, "u8conform: %s\n", err);
		rc = 2;
	}
	/* the report says why too, but a merge job's log shows stderr */
	if (!r.complete)
		fprintf(stderr, "u8conform: --merge: not whole: %s\n",
		        r.stopped != NULL ? r.stopped
		                          : "a shard stopped early");
	u8c_report_free(&r);
	return rc;
}

/* The library named must be a file before anything is forked. */
static int
check_library(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "u8conform: %s: %s\n", path, strerror(errno));
		return 2;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "u8conform: %s: not a regular file\n", path);
		return 2;
	}
	return 0;
}

static void
make_plan(struct u8c_plan *plan, const struct u8c_options *o)
{
	if (o->input) {
		if (o->input_is_code_point)
			u8c_family_one_code_point_set(o->input_code_point);
		else
			u8c_family_one_set(o->input_bytes, o->input_len);
		u8c_plan_make(plan, U8C_PLAN_ONE, 0, 0, o->input_is_code_point);
		if (o->input_chunked) {
			u8c_chunking_given_set(o->input_cuts, o->input_ncuts);
			u8c_plan_given_chunks(plan);
		}
	} else if (o->exhaustive) {
		u8c_plan_make(plan, U8C_PLAN_EXHAUSTIVE, o->shard, o->shards,
		              0);
	} else {
		u8c_plan_make(plan, U8C_PLAN_DEFAULT, o->shard, o->shards, 0);
	}
	plan->profile = o->profile;
	plan->functions = o->functions;
}

/* u8conform never runs under a sanitizer's runtime that LD_PRELOAD
 * put there (as a user may have tried for a sanitized target): it runs
 * again without, and the target's jail gets the runtime it needs. */
static int
leave_preloaded_runtime(char **argv)
{
	char name[256];

	if (u8c_jail_exec_is_jail() ||
	    !u8c_sanitizer_in_preload(name, sizeof name))
		return 0;
	fprintf(stderr,
	        "u8conform: LD_PRELOAD holds %s: u8conform runs again "
	        "without it, and preloads the runtime a sanitized target "
	        "needs into the target's jail only\n",
	        name);
	u8c_sanitizer_leave_preload(argv);
	fprintf(stderr, "u8conform: cannot run again without %s: %s\n", name,
	        strerror(errno));
	return 2;
}

/* Which sanitizer the target was built with, into @san; 0, or 2 with
 * the line said. */
static int
find_sanitizer(const char *library, struct u8c_sanitizer *san)
{
	char err[1024];

	if (u8c_sanitizer_detect(library, san, err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (san->kinds == 0 || !u8c_sanitizer_in_self())
		return 0;
	/* a test build of u8conform, built with clang's sanitizers: its own
	 * runtime serves a library built by clang, in the forked jail, as
	 * it serves the tree's own libraries */
	if (san->needed == 0) {
		memset(san, 0, sizeof *san);
		return 0;
	}
	fprintf(stderr,
	        "u8conform: %s needs %s's own runtime (%s), and this "
	        "u8conform is itself built with sanitizers, whose runtime "
	        "the target's cannot join: use a build without them\n",
	        library, u8c_sanitizer_names(san->needed), san->preload);
	return 2;
}

int
main(int argc, char **argv)
{
	static struct u8c_plan plan;
	static struct u8c_sanitizer sanitizer;
	struct u8c_sandbox_config cfg;
	struct u8c_run_facts facts;
	struct u8c_report r;
	struct u8c_options o;
	char err[1024];
	int stdout_closed, rc;

	if ((rc = leave_preloaded_runtime(argv)) != 0)
		return rc;
	if ((stdout_closed = guard_standard_fds()) < 0)
		return 2;
	if ((rc = u8c_options_parse(argc, argv, &o)) != 0)
		return rc < 0 ? 0 : rc;
	if (o.nreports > 0)
		return merge(&o, stdout_closed);
	if (o.exec == NULL &&
	    ((rc = check_library(o.library)) != 0 ||
	     (rc = find_sanitizer(o.library, &sanitizer)) != 0))
		return rc;
	if (o.expect_file != NULL &&
	    u8c_expect_read(&expectations, o.expect_file, err, sizeof err) !=
	        0) {
		fprintf(stderr, "u8conform: %s\n", err);
		return 2;
	}
	make_plan(&plan, &o);
	memset(&cfg, 0, sizeof cfg);
	cfg.path = o.exec != NULL ? o.exec : o.library;
	cfg.exec = o.exec != NULL;
	cfg.symbol = o.symbol;
	cfg.shape = o.shape;
	cfg.plan = &plan;
	cfg.jobs = o.jobs;
	cfg.timeout_ms = o.timeout_ms;
	cfg.max_fatal = o.max_fatal;
	cfg.memory_mib = o.memory_mib;
	cfg.capture = o.input;
	cfg.namespaces = 1;
	cfg.load = o.load;
	cfg.expect = o.expect_file != NULL ? &expectations : NULL;
	cfg.sanitizer = &sanitizer;
	cfg.argv = argv;
	u8c_progress_attach(&cfg, !o.input, o.progress);
	u8c_sandbox_run(&cfg, &outcome);
	u8c_progress_end();
	if (outcome.status != U8C_SANDBOX_DONE) {
		fprintf(stderr, "%s\n", outcome.error);
		return 2;
	}
	facts = (struct u8c_run_facts){.plan = &plan,
	                               .path = cfg.path,
	                               .symbol = o.symbol,
	                               .shape = o.shape,
	                               .shard = o.shard,
	                               .shards = o.shards,
	                               .expect = cfg.expect,
	                               .expect_file = o.expect_file,
	                               .outcome = &outcome};
	if (u8c_report_build(&r, &facts) != 0) {
		fprintf(stderr, "u8conform: out of memory\n");
		u8c_report_free(&r);
		return 2;
	}
	if (o.input && o.format == U8C_FORMAT_TEXT && !stdout_closed)
		u8c_side_by_side(stdout, &plan, &outcome);
	rc = write_report(&r, &o, stdout_closed);
	if (o.write_expect_file != NULL &&
	    u8c_write_expect(o.write_expect_file, &r, err, sizeof err) != 0) {
		fprintf(stderr, "u8conform: %s\n", err);
		rc = 2;
	}
	u8c_report_free(&r);
	return rc;
}
