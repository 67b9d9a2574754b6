/* SPDX-License-Identifier: MIT */
/*
 * sandbox.h - run calls into a target in worker processes that may die.
 *
 * A job is a numbered list of items; workers run them in order, each
 * input placed flush against an inaccessible page and each output buffer
 * ending at one.  The supervisor watches: a worker that crashes, reads
 * or writes past a buffer, hangs or exits is replaced by a fresh one that
 * resumes after the item that did it, and the item is reported with its
 * input.  Output to stdout or stderr is caught per item too.
 */
#ifndef U8C_SANDBOX_H
#define U8C_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/* Longest input a check may place. */
#define U8C_MAX_INPUT 4096

/* What went wrong in a worker, beyond a wrong answer. */
enum u8c_fate {
	U8C_FATE_CRASH,     /* killed by a signal (detail: the signal)    */
	U8C_FATE_OVERREAD,  /* read past the end of its input             */
	U8C_FATE_UNDERREAD, /* read before the start of its input         */
	U8C_FATE_OVERWRITE, /* wrote past the end of its output           */
	U8C_FATE_HANG,      /* no progress within the timeout             */
	U8C_FATE_EXIT,      /* called exit (detail: the status)           */
	U8C_FATE_OUTPUT,    /* wrote to stdout or stderr                  */
	U8C_FATES
};

/* Where inputs lie: their last byte before a guard page, or their first
 * byte after one. */
enum u8c_placement { U8C_GUARD_AFTER, U8C_GUARD_BEFORE };

struct u8c_worker;

/* Runs item @i in a worker; calls the target through the buffers below. */
typedef void (*u8c_item_fn)(struct u8c_worker *w, void *ctx, size_t i);

struct u8c_job {
	u8c_item_fn item;             /* what one item does (in a worker)  */
	void *ctx;                    /* passed to item and fate           */
	size_t first, count;          /* items first..first+count-1        */
	enum u8c_placement placement; /* where inputs lie                  */
	size_t results_size;          /* bytes of shared, zeroed memory
	                                 each worker writes its results to */
	/* Told in the supervisor of each fate, with the item's input. */
	void (*fate)(void *ctx, enum u8c_fate fate, int detail,
	             const uint8_t *s, size_t n);
	/* Optional: told every fifth of a second of items done so far. */
	void (*tick)(void *ctx, uint64_t done, uint64_t total);
	/* Folds one worker's results into ctx, in the supervisor. */
	void (*merge)(void *ctx, const void *results);
};

/*
 * u8c_sandbox_run - run every item of @job in up to @jobs workers; with
 * @jobs 0, in this process (no isolation: only to measure its cost).
 * @timeout_ms: how long one item may run before it counts as a hang.
 * @fatal_left: how many more fates (crash, hang, exit, ...) to put up
 *              with; decremented, and at 0 the job stops early.
 *
 * Returns 0, or -1 if workers could not be started (with a message on
 * stderr).  Every item runs once, except that the item a worker died in
 * is not run again, and none runs once *@fatal_left reaches 0.
 */
int u8c_sandbox_run(const struct u8c_job *job, int jobs, unsigned timeout_ms,
                    unsigned *fatal_left);

/* In a worker: this worker's results area (job.results_size bytes). */
void *u8c_worker_results(struct u8c_worker *w);

/* In a worker: nonzero while an item is being replayed to find which
 * one wrote to stdout; results must not be counted twice. */
int u8c_worker_replaying(const struct u8c_worker *w);

/*
 * u8c_worker_input - place s[0..n) against the guard for a target call;
 * the first input an item places is the one reports name.
 * Returns the placed copy; n <= U8C_MAX_INPUT.
 */
const uint8_t *u8c_worker_input(struct u8c_worker *w, const uint8_t *s,
                                size_t n);

/* In a worker: room for exactly @cap code points, ending at a guard. */
uint32_t *u8c_worker_output(struct u8c_worker *w, size_t cap);

/* In a worker: the 8 bytes u8t_encode may write, ending at a guard. */
uint8_t *u8c_worker_encode_buffer(struct u8c_worker *w);

/*
 * u8c_worker_local - a worker that is the calling process, for a harness
 * that a fuzzing engine supervises instead: the same guard pages and
 * placement of inputs, no fault handler, no isolation.
 * @results: the area u8c_worker_results returns.
 *
 * Returns NULL when the buffers cannot be mapped (errno says why).
 * Inputs lie against the guard after them until u8c_worker_place.
 */
struct u8c_worker *u8c_worker_local(void *results);

/* u8c_worker_place - where the next inputs of @w lie; the next input
 * placed is the one reports name. */
void u8c_worker_place(struct u8c_worker *w, enum u8c_placement placement);

/* u8c_worker_fault_fate - what a fault at @addr means for worker @w:
 * an over-read, under-read or over-write when @addr is in one of its
 * guard pages, else a crash. */
enum u8c_fate u8c_worker_fault_fate(const struct u8c_worker *w,
                                    const void *addr);

#endif /* U8C_SANDBOX_H */
