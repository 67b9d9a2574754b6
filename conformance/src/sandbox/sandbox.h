/* SPDX-License-Identifier: MIT */
/*
 * sandbox.h - running a plan against a target that may do anything, as
 * the supervisor sees it.
 *
 * u8c_sandbox_run makes the jail (sandbox/jail.h), has the target loaded
 * there, runs every row of the plan in workers, re-checks each check's
 * counterexamples in a fresh worker, unloads the target and kills the
 * jail, whatever happened on the way.  No target code ever runs in the
 * calling process.
 */
#ifndef U8C_SANDBOX_H
#define U8C_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"
#include "sanitizer.h"
#include "shared.h"
#include "tally.h"

/* Where a run is, for a progress line. */
struct u8c_progress {
	const char *phase;    /* the family being run                 */
	uint64_t done, total; /* items of the whole plan            */
	double seconds;       /* since the run began                  */
};

struct u8c_sandbox_config {
	const char *path, *symbol, *shape;
	int exec; /* @path is an --exec child's shell command */
	const struct u8c_plan *plan;
	const struct u8c_expectations *expect; /* accepted departures, or
	                                          NULL                     */
	unsigned jobs;           /* worker processes, 1..U8C_MAX_WORKERS  */
	unsigned timeout_ms;     /* one call; loading; unloading          */
	unsigned max_fatal;      /* stop after this many fatal fates; 0 no */
	unsigned memory_mib;     /* the most a worker may hold of its own  */
	int capture;             /* keep the raw answers of the first item */
	int namespaces;          /* try a PID namespace for the jail       */
	enum u8c_load_mode load; /* where workers get the target from */
	/* a target built with a sanitizer: its jail runs under the runtime,
	 * started again from u8conform's executable with @argv (main's,
	 * which make this same config again there); else NULL */
	const struct u8c_sanitizer *sanitizer;
	char *const *argv;
	/* Optional: told about five times a second. */
	void (*progress)(void *ctx, const struct u8c_progress *p);
	void *progress_ctx;
};

enum u8c_sandbox_status {
	U8C_SANDBOX_DONE,      /* the plan ran (completely or not)       */
	U8C_SANDBOX_NO_TARGET, /* loading failed: nothing was judged     */
	U8C_SANDBOX_BROKEN,    /* u8conform itself failed                */
};

struct u8c_sandbox_outcome {
	enum u8c_sandbox_status status;
	char error[2048]; /* the one line, when not DONE             */
	uint8_t name[U8C_NAME_MAX]; /* u8t_name(), raw; name_len 0: none */
	size_t name_len;
	int abi_version;
	unsigned exports; /* bit per enum u8c_fn                          */
	unsigned traits;  /* U8T_ bits the target declared                */
	struct u8c_tallies total;
	int complete;        /* every item of the plan was judged          */
	unsigned set_aside;  /* functions not called after hanging (bits) */
	char stopped[512];   /* why not, when not                          */
	int interrupted;     /* the signal that stopped the run, or 0      */
	int namespaced;      /* the jail was a PID namespace               */
	int private_proc;    /* whose /proc shows the jail alone           */
	int per_worker;      /* each worker loaded the target itself       */
	unsigned sanitizers; /* U8C_SAN_ bits of the jail's runtime      */
	int exec;            /* the target was an --exec child           */
	unsigned threads;    /* the loader's threads once it loaded it     */
	size_t row_judged[U8C_PLAN_MAX]; /* items of each plan row judged */
	struct u8c_capture capture;
};

/*
 * u8c_sandbox_run - run @cfg's plan against its target into @out.
 * Returns out->status.
 */
enum u8c_sandbox_status u8c_sandbox_run(const struct u8c_sandbox_config *cfg,
                                        struct u8c_sandbox_outcome *out);

#endif /* U8C_SANDBOX_H */
