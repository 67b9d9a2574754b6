/* SPDX-License-Identifier: MIT */
/*
 * contestants.c - the list of contestants this build and CPU can run,
 * and how an in-process one is timed.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "contestants.h"
#include "u8ref.h"

/* Verdicts land here so that no call can be optimized away. */
static volatile int sink;

int
u8b_local_sample(const struct u8b_contestant *c, const struct u8b_input *in,
                 uint64_t reps, double *seconds)
{
	struct timespec t0, t1;
	int all = 1, any = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (uint64_t i = 0; i < reps; i++) {
		int v = c->valid(c->ctx, in->bytes, in->n);

		all &= v;
		any |= v;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	sink = all;
	*seconds = (double)(t1.tv_sec - t0.tv_sec) +
	           (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	/* A contestant that answers differently for the same bytes has
	 * no verdict: -1 shows it, as a wrong answer would. */
	return all == any ? all : -1;
}

/* A kernel forced by name: k->validate directly, no dispatch. */
static int
kernel_valid(const void *ctx, const uint8_t *s, size_t n)
{
	const struct u8ref_kernel *k = ctx;

	return k->validate(s, n).status == U8REF_OK;
}

static int
auto_valid(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
	return u8ref_validate_fast(s, n).status == U8REF_OK;
}

static int
walk_valid(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
	return u8ref_validate(NULL, s, n).status == U8REF_OK;
}

static struct u8b_contestant
local(const char *name, enum u8b_group group,
      int (*valid)(const void *, const uint8_t *, size_t), const void *ctx)
{
	struct u8b_contestant c = {.group = group,
	                           .valid = valid,
	                           .ctx = ctx,
	                           .sample = u8b_local_sample};

	snprintf(c.name, sizeof c.name, "%s", name);
	return c;
}

size_t
u8b_contestants_ours(struct u8b_contestant *out, size_t cap)
{
	const struct u8ref_kernel *k;
	size_t m = 0;

	for (size_t i = 0; (k = u8ref_kernel_at(i)) != NULL && m < cap; i++) {
		if (!u8ref_kernel_supported(k))
			continue;
		out[m] = local(k->name, U8B_OURS, kernel_valid, k);
		snprintf(out[m].version, sizeof out[m].version,
		         "u8ref_kernel_by_name(\"%s\")->validate", k->name);
		m++;
	}
	if (m < cap) {
		out[m] = local("auto", U8B_OURS, auto_valid, NULL);
		snprintf(out[m].version, sizeof out[m].version,
		         "u8ref_validate_fast (%s)",
		         u8ref_kernel_active()->name);
		m++;
	}
	if (m < cap) {
		out[m] = local("walk", U8B_OURS, walk_valid, NULL);
		out[m].small_only = 1;
		snprintf(out[m].version, sizeof out[m].version,
		         "u8ref_validate (the Table 3-7 walk)");
		m++;
	}
	return m;
}

static const struct u8b_peer *const peers[] = {
#ifdef U8B_HAVE_SIMDUTF
    &u8b_peer_simdutf,
#endif
#ifdef U8B_HAVE_ICU
    &u8b_peer_icu,
#endif
#ifdef U8B_HAVE_GLIB
    &u8b_peer_glib,
#endif
#ifdef U8B_HAVE_UNISTRING
    &u8b_peer_unistring,
#endif
#ifdef U8B_HAVE_UTF8PROC
    &u8b_peer_utf8proc,
#endif
#ifdef U8B_HAVE_ICONV
    &u8b_peer_iconv,
#endif
    NULL,
};

size_t
u8b_contestants_peers(struct u8b_contestant *out, size_t cap)
{
	size_t m = 0;

	for (size_t i = 0; peers[i] != NULL && m < cap; i++, m++) {
		out[m] = local(peers[i]->name, U8B_PEER, peers[i]->valid, NULL);
		peers[i]->version(out[m].version, sizeof out[m].version);
	}
	if (m < cap) {
		out[m] =
		    local("memread", U8B_BASELINE, u8b_baseline_read, NULL);
		snprintf(out[m].version, sizeof out[m].version,
		         "OR of every byte, %s loads", u8b_baseline_isa());
		m++;
	}
	return m;
}
