/* SPDX-License-Identifier: MIT */
/*
 * check.h - validate one operand (a file, a directory with -r, or
 * standard input) and keep the worst exit status seen.
 */
#ifndef U8V_CHECK_H
#define U8V_CHECK_H

#include "options.h"
#include "scan.h"
#include "writer.h"

enum u8v_status {
	U8V_VALID = 0,   /* every input is well-formed               */
	U8V_INVALID = 1, /* some input is not                        */
	U8V_TROUBLE = 2  /* an input or the output failed, or usage  */
};

struct u8v_run {
	const struct u8v_options *o;
	struct u8v_scanner scanner;
	struct u8v_writer *out;  /* reports: stdout, stderr if --replace */
	struct u8v_writer *err;  /* why an input failed: stderr          */
	struct u8v_writer *data; /* --replace output (stdout), or NULL   */
	struct u8v_pool *pool;   /* -j: inputs go to workers, or NULL    */
	enum u8v_status status;  /* worst so far                         */
	int output_failed;       /* a write failed: stop everything      */
	int in_job;              /* a worker's run: its writers are logs,
	                            whose failure is the pool's to tell  */
};

/* u8v_check_operand - @path as given on the command line; "-" is
 * standard input.  With a pool, it is checked by a worker (a directory
 * under -r is walked here and its files submitted one by one). */
void u8v_check_operand(struct u8v_run *run, const char *path);

/* u8v_check_file - a file found under a directory given with -r. */
void u8v_check_file(struct u8v_run *run, const char *path);

/* u8v_check_failed - an input that could not be opened or read, for
 * reason @why: its own report, and exit status 2. */
void u8v_check_failed(struct u8v_run *run, const char *name, const char *why);

/* u8v_output_failed - a write to our own output failed: say which (once,
 * outside a job), give status 2 and stop the run. */
void u8v_output_failed(struct u8v_run *run);

#endif /* U8V_CHECK_H */
