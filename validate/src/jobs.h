/* SPDX-License-Identifier: MIT */
/*
 * jobs.h - inputs checked by several threads, their output written in
 * the order the inputs were given, as one thread would write it.
 */
#ifndef U8V_JOBS_H
#define U8V_JOBS_H

struct u8v_run;
struct u8v_pool;

/* What a job checks. */
enum u8v_job_kind {
	U8V_JOB_OPERAND, /* a command-line operand: u8v_check_operand   */
	U8V_JOB_FILE,    /* a file found under a directory (-r)         */
	U8V_JOB_FAILED   /* an input that could not be opened: its report */
};

/*
 * u8v_pool_start - @workers threads that check the inputs submitted for
 * @run, each with a scanner of its own (configured like run->scanner).
 * Returns NULL when threads or memory are short: check in this thread.
 */
struct u8v_pool *u8v_pool_start(struct u8v_run *run, unsigned workers);

/*
 * u8v_pool_submit - check @path (or report @why for it, U8V_JOB_FAILED)
 * in some worker.  Its output reaches run's writers after that of every
 * input submitted before it.  Blocks while many inputs are in flight,
 * writing the output of those that are done meanwhile.
 */
void u8v_pool_submit(struct u8v_pool *pool, enum u8v_job_kind kind,
                     const char *path, const char *why);

/* u8v_pool_finish - write the output of every input, join the workers,
 * fold their statuses into the run's, and free the pool. */
void u8v_pool_finish(struct u8v_pool *pool);

#endif /* U8V_JOBS_H */
