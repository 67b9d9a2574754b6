/* SPDX-License-Identifier: MIT */
/*
 * contestants.h - what the benchmark times: our kernels, the peers a
 * user would pick instead, and the memory-read baseline.  Each is timed
 * through one function, in this process or (Node.js) in another.
 */
#ifndef U8B_CONTESTANTS_H
#define U8B_CONTESTANTS_H

#include <stddef.h>
#include <stdint.h>

#include "inputs.h"

enum u8b_group {
	U8B_OURS,    /* libu8ref: a kernel by name, the dispatch, the walk */
	U8B_PEER,    /* another library's validator                       */
	U8B_BASELINE /* reads the bytes and judges nothing                */
};

struct u8b_contestant {
	char name[32];     /* column heading                           */
	char version[128]; /* "ICU 72.1": what exactly was timed       */
	enum u8b_group group;
	int small_only; /* too slow for the large inputs (the walk) */
	/* 1 when s[0..n) is well-formed UTF-8, else 0; in-process only. */
	int (*valid)(const void *ctx, const uint8_t *s, size_t n);
	const void *ctx; /* handed to valid, or to sample            */
	/*
	 * One sample: @reps calls on @in, their wall time in *@seconds.
	 * Returns the verdict of the calls (1 or 0), or -1 when the
	 * contestant could not run.
	 */
	int (*sample)(const struct u8b_contestant *c,
	              const struct u8b_input *in, uint64_t reps,
	              double *seconds);
};

/* A peer library's validator, compiled in when the library is present. */
struct u8b_peer {
	const char *name; /* column heading                         */
	int (*valid)(const void *ctx, const uint8_t *s, size_t n);
	void (*version)(char *buf, size_t cap); /* "ICU 72.1"        */
};

extern const struct u8b_peer u8b_peer_icu;
extern const struct u8b_peer u8b_peer_glib;
extern const struct u8b_peer u8b_peer_unistring;
extern const struct u8b_peer u8b_peer_utf8proc;
extern const struct u8b_peer u8b_peer_iconv;
extern const struct u8b_peer u8b_peer_simdutf;

/* The memory-read baseline: reads every byte with the widest vectors the
 * CPU has and returns 1.  u8b_baseline_isa names them. */
int u8b_baseline_read(const void *ctx, const uint8_t *s, size_t n);
const char *u8b_baseline_isa(void);

/*
 * u8b_contestants_ours - our kernels this CPU runs, each forced by name,
 * then "auto" (u8ref_validate_fast) and "walk" (u8ref_validate); at most
 * @cap of them into @out.  Returns how many.
 */
size_t u8b_contestants_ours(struct u8b_contestant *out, size_t cap);

/* u8b_contestants_peers - the peers compiled in, then the baseline. */
size_t u8b_contestants_peers(struct u8b_contestant *out, size_t cap);

/* u8b_local_sample - the sample function of in-process contestants. */
int u8b_local_sample(const struct u8b_contestant *c, const struct u8b_input *in,
                     uint64_t reps, double *seconds);

#endif /* U8B_CONTESTANTS_H */
