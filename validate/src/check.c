/* SPDX-License-Identifier: MIT */
/*
 * check.c - one input from open() to verdict: the scan's errors go to
 * the report and, under --replace, the repaired bytes to stdout.
 * A failure on one input is reported and the others go on; only a
 * failed write to our own output stops the run.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "jobs.h"
#include "report.h"
#include "tree.h"

/* U+FFFD, what each maximal subpart becomes under --replace. */
static const uint8_t replacement[] = {0xEF, 0xBF, 0xBD};

struct input {
	struct u8v_run *run;
	struct u8v_report report;
};

static int
on_error(void *ctx, const struct u8v_error *e)
{
	struct input *in = ctx;

	if (in->run->data != NULL &&
	    u8v_write(in->run->data, replacement, sizeof replacement) != 0)
		return -1;
	return u8v_report_error(&in->report, e);
}

static int
on_text(void *ctx, const uint8_t *s, size_t n)
{
	struct input *in = ctx;

	return u8v_write(in->run->data, s, n);
}

static void
worsen(struct u8v_run *run, enum u8v_status status)
{
	if (status > run->status)
		run->status = status;
}

/* Reports go to a writer of ours; so does --replace.  Say which broke. */
void
u8v_output_failed(struct u8v_run *run)
{
	struct u8v_writer *w = run->out->error != 0 ? run->out : run->data;

	run->output_failed = 1;
	worsen(run, U8V_TROUBLE);
	if (run->in_job)
		return;
	u8v_flush(run->out); /* a no-op when it is the one that failed */
	fprintf(stderr, "u8validate: write error: %s\n",
	        strerror(w != NULL && w->error != 0 ? w->error : EIO));
}

/* Its own report (a JSON object too), a line on stderr, status 2. */
void
u8v_check_failed(struct u8v_run *run, const char *name, const char *why)
{
	struct u8v_report report;

	if (run->pool != NULL) {
		u8v_pool_submit(run->pool, U8V_JOB_FAILED, name, why);
		return;
	}
	worsen(run, U8V_TROUBLE);
	if (u8v_report_begin(&report, run->o, run->out, run->err, name) != 0 ||
	    u8v_report_end(&report, 0, why) != 0)
		u8v_output_failed(run);
}

static void
check_fd(struct u8v_run *run, int fd, const char *name)
{
	struct input in = {.run = run};
	struct u8v_sink sink = {
	    .error = on_error,
	    .text = run->data != NULL ? on_text : NULL,
	    .ctx = &in,
	};
	enum u8v_scan_status scanned;
	uint64_t errors;
	int read_errno, failed;

	if (u8v_report_begin(&in.report, run->o, run->out, run->err, name) !=
	    0) {
		u8v_output_failed(run);
		return;
	}
	scanned = u8v_scan(&run->scanner, fd, &sink, &errors, &read_errno);
	if (scanned == U8V_SCAN_SINK_FAILED) {
		u8v_output_failed(run);
		return;
	}
	worsen(run, scanned == U8V_SCAN_READ_FAILED ? U8V_TROUBLE
	            : errors > 0                    ? U8V_INVALID
	                                            : U8V_VALID);
	failed = u8v_report_end(
	    &in.report, errors,
	    scanned == U8V_SCAN_READ_FAILED ? strerror(read_errno) : NULL);
	if (failed != 0)
		u8v_output_failed(run);
}

/* Opens @path; directories are walked when -r allows (@walk_dirs). */
static void
check_path(struct u8v_run *run, const char *path, int walk_dirs)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0) {
		u8v_check_failed(run, path, strerror(errno));
		return;
	}
	if (fstat(fd, &st) != 0) {
		u8v_check_failed(run, path, strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		if (walk_dirs)
			u8v_walk_directory(run, path);
		else
			u8v_check_failed(
			    run, path,
			    "Is a directory (-r validates the files "
			    "under it)");
	} else {
		if (S_ISREG(st.st_mode)) /* the kernel may read ahead more */
			posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		check_fd(run, fd, path);
	}
	close(fd);
}

void
u8v_check_operand(struct u8v_run *run, const char *path)
{
	struct stat st;

	if (run->pool != NULL) {
		if (run->o->recursive && strcmp(path, "-") != 0 &&
		    stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			u8v_walk_directory(run, path);
		else
			u8v_pool_submit(run->pool, U8V_JOB_OPERAND, path, NULL);
	} else if (strcmp(path, "-") == 0) {
		check_fd(run, STDIN_FILENO, "-");
	} else {
		check_path(run, path, run->o->recursive);
	}
}

void
u8v_check_file(struct u8v_run *run, const char *path)
{
	if (run->pool != NULL)
		u8v_pool_submit(run->pool, U8V_JOB_FILE, path, NULL);
	else
		check_path(run, path, 0);
}
