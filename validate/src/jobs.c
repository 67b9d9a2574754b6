/* SPDX-License-Identifier: MIT */
/*
 * jobs.c - u8validate -j: a pool of workers and output in order.
 *
 * The main thread walks the operands and directories and submits one job
 * per input, numbered in the order -j 1 would check them.  Workers take
 * jobs in that order.  A worker's writers do not write: each full buffer
 * becomes a record (stdout or stderr, and the bytes) in its job's log,
 * and the main thread replays the logs on the real writers, one job
 * after the other.  A job whose log grows past LOG_CAP waits until the
 * main thread has replayed it, which it does only for the oldest job;
 * since jobs are taken in order, the oldest is always running or done,
 * so memory stays bounded and nothing waits forever.
 *
 * When the real output fails, the pool stops: logs are dropped, workers
 * find their writers failing and end their jobs, and the main thread
 * says what failed once, as one thread would.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jobs.h"

enum {
	QUEUE = 32,        /* jobs in flight at most                     */
	LOG_CAP = 1 << 20, /* bytes of output a job holds before waiting */
};

/* A log record: which writer, and how many bytes follow. */
struct record {
	uint8_t to_stderr;
	size_t len;
};

struct job {
	enum u8v_job_kind kind;
	char *path, *why;
	uint8_t *log; /* records, in the order the writers drained */
	size_t log_len, log_cap;
	enum u8v_status status;
	int done;
};

struct worker;

/* One of a worker's two writers, as its drain function sees it. */
struct stream {
	struct worker *w;
	uint8_t to_stderr;
};

struct worker {
	struct u8v_pool *pool;
	struct u8v_scanner scanner;
	struct u8v_writer out, err;
	struct stream out_stream, err_stream;
	struct job *job; /* the one being checked */
	pthread_t thread;
};

struct u8v_pool {
	struct u8v_run *run; /* its writers are the real output */
	pthread_mutex_t lock;
	pthread_cond_t changed; /* any field below, or a log */
	struct job ring[QUEUE];
	uint64_t head;  /* the oldest job not yet written out     */
	uint64_t taken; /* the next job a worker takes            */
	uint64_t next;  /* the next job submitted                 */
	int stopping;   /* the real output failed                 */
	int closing;    /* no more jobs come                      */
	unsigned nworkers;
	struct worker *workers;
};

/* Appends a record to @job's log; 0 or ENOMEM.  Lock held. */
static int
append(struct job *job, uint8_t to_stderr, const void *s, size_t n)
{
	struct record r = {to_stderr, n};

	if (job->log_cap - job->log_len < sizeof r + n) {
		size_t cap = 2 * job->log_cap + sizeof r + n;
		uint8_t *log = realloc(job->log, cap);

		if (log == NULL)
			return ENOMEM;
		job->log = log;
		job->log_cap = cap;
	}
	memcpy(job->log + job->log_len, &r, sizeof r);
	memcpy(job->log + job->log_len + sizeof r, s, n);
	job->log_len += sizeof r + n;
	return 0;
}

/* A worker's writer drains here: the bytes become a record of its job's
 * log.  Returns 0, or an errno value (ECANCELED once the pool stops). */
static int
to_log(void *ctx, const uint8_t *s, size_t n)
{
	struct stream *st = ctx;
	struct u8v_pool *p = st->w->pool;
	struct job *job = st->w->job;
	int error;

	pthread_mutex_lock(&p->lock);
	error = append(job, st->to_stderr, s, n);
	pthread_cond_broadcast(&p->changed);
	while (error == 0 && job->log_len > LOG_CAP && !p->stopping)
		pthread_cond_wait(&p->changed, &p->lock);
	if (error == 0 && p->stopping)
		error = ECANCELED;
	pthread_mutex_unlock(&p->lock);
	return error;
}

/* Checks @job in a run of the worker's own, whose output goes to the
 * job's log and whose failures, if the pool stops, stay silent. */
static void
check_job(struct worker *w, struct job *job)
{
	struct u8v_run run = {
	    .o = w->pool->run->o,
	    .scanner = w->scanner,
	    .out = &w->out,
	    .err = &w->err,
	    .in_job = 1,
	};

	w->job = job;
	u8v_writer_init_drain(&w->out, to_log, &w->out_stream);
	u8v_writer_init_drain(&w->err, to_log, &w->err_stream);
	switch (job->kind) {
	case U8V_JOB_OPERAND:
		u8v_check_operand(&run, job->path);
		break;
	case U8V_JOB_FILE:
		u8v_check_file(&run, job->path);
		break;
	case U8V_JOB_FAILED:
		u8v_check_failed(&run, job->path, job->why);
		break;
	}
	if (!run.output_failed) {
		u8v_flush(&w->out);
		u8v_flush(&w->err);
	}
	job->status = run.status;
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct u8v_pool *p = w->pool;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct job *job;

		while (p->taken == p->next && !p->closing)
			pthread_cond_wait(&p->changed, &p->lock);
		if (p->taken == p->next)
			break;
		job = &p->ring[p->taken++ % QUEUE];
		if (!p->stopping) {
			pthread_mutex_unlock(&p->lock);
			check_job(w, job);
			pthread_mutex_lock(&p->lock);
		}
		job->done = 1;
		pthread_cond_broadcast(&p->changed);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Replays @log on the real writers; a failure stops the pool. */
static void
replay(struct u8v_pool *p, const uint8_t *log, size_t len)
{
	struct u8v_run *run = p->run;
	struct record r;

	for (size_t at = 0; at < len && !run->output_failed;
	     at += sizeof r + r.len) {
		memcpy(&r, log + at, sizeof r);
		if (!r.to_stderr) {
			if (u8v_write(run->out, log + at + sizeof r, r.len) !=
			    0)
				u8v_output_failed(run);
			continue;
		}
		/* As report.c does: stdout first, then the message. */
		if (u8v_flush(run->out) != 0)
			u8v_output_failed(run);
		u8v_write(run->err, log + at + sizeof r, r.len);
		u8v_flush(run->err);
	}
}

/* Writes out finished jobs in order until @upto have been (waiting for
 * them), then those already done.  Called with the lock held. */
static void
emit(struct u8v_pool *p, uint64_t upto)
{
	while (p->head < p->next) {
		struct job *job = &p->ring[p->head % QUEUE];

		if (job->log_len > 0) {
			uint8_t *log = job->log;
			size_t len = job->log_len;

			job->log = NULL;
			job->log_len = job->log_cap = 0;
			pthread_cond_broadcast(&p->changed);
			pthread_mutex_unlock(&p->lock);
			replay(p, log, len);
			free(log);
			pthread_mutex_lock(&p->lock);
			if (p->run->output_failed && !p->stopping) {
				p->stopping = 1;
				pthread_cond_broadcast(&p->changed);
			}
		} else if (job->done) {
			if (job->status > p->run->status)
				p->run->status = job->status;
			free(job->path);
			free(job->why);
			memset(job, 0, sizeof *job);
			p->head++;
			pthread_cond_broadcast(&p->changed);
		} else if (p->head < upto) {
			pthread_cond_wait(&p->changed, &p->lock);
		} else {
			break;
		}
	}
}

struct u8v_pool *
u8v_pool_start(struct u8v_run *run, unsigned workers)
{
	struct u8v_pool *p = calloc(1, sizeof *p);
	unsigned started = 0;

	if (workers > U8V_MAX_JOBS)
		workers = U8V_MAX_JOBS;
	if (p == NULL ||
	    (p->workers = calloc(workers, sizeof *p->workers)) == NULL) {
		free(p);
		return NULL;
	}
	p->run = run;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->changed, NULL);
	for (; started < workers; started++) {
		struct worker *w = &p->workers[started];

		w->pool = p;
		w->out_stream = (struct stream){w, 0};
		w->err_stream = (struct stream){w, 1};
		if (u8v_scanner_init(&w->scanner, run->scanner.profile,
		                     run->scanner.chunk) != 0)
			break;
		w->scanner.window = run->scanner.window;
		w->scanner.every_error = run->scanner.every_error;
		w->scanner.positions = run->scanner.positions;
		if (pthread_create(&w->thread, NULL, work, w) != 0) {
			u8v_scanner_free(&w->scanner);
			break;
		}
	}
	p->nworkers = started;
	if (started == 0) {
		u8v_pool_finish(p);
		return NULL;
	}
	return p;
}

static char *
copy_of(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

void
u8v_pool_submit(struct u8v_pool *p, enum u8v_job_kind kind, const char *path,
                const char *why)
{
	struct job *job;

	pthread_mutex_lock(&p->lock);
	if (p->next - p->head >= QUEUE)
		emit(p, p->next - QUEUE + 1);
	job = &p->ring[p->next % QUEUE];
	job->kind = kind;
	job->path = copy_of(path);
	job->why = copy_of(why);
	if (job->path == NULL || (why != NULL && job->why == NULL)) {
		static const char message[] = "u8validate: out of memory\n";

		append(job, 1, message, sizeof message - 1);
		job->status = U8V_TROUBLE;
		job->done = 1;
	}
	p->next++;
	pthread_cond_broadcast(&p->changed);
	emit(p, 0);
	pthread_mutex_unlock(&p->lock);
}

void
u8v_pool_finish(struct u8v_pool *p)
{
	pthread_mutex_lock(&p->lock);
	emit(p, p->next);
	p->closing = 1;
	pthread_cond_broadcast(&p->changed);
	pthread_mutex_unlock(&p->lock);
	for (unsigned i = 0; i < p->nworkers; i++) {
		pthread_join(p->workers[i].thread, NULL);
		u8v_scanner_free(&p->workers[i].scanner);
	}
	pthread_cond_destroy(&p->changed);
	pthread_mutex_destroy(&p->lock);
	free(p->workers);
	free(p);
}
