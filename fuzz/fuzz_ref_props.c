/* SPDX-License-Identifier: MIT */
/*
 * fuzz_ref_props.c - the reference's functions agree with each other on
 * arbitrary bytes, under every profile.
 *
 * For each profile: stepping with u8ref_decode_one gives exactly what
 * u8ref_decode_all gives (and its count when sizing with cap 0); the
 * first error of that stepping is what u8ref_validate reports; a stream
 * fed in chunks cut where the input's own bytes say, with room for one
 * code point or for all, gives the same code points and first error;
 * every well-formed character encodes back to its own bytes.  Under
 * Table 3-7 the decoded text, re-encoded (U+FFFD as EF BF BD), is
 * well-formed and decodes to itself.  Nothing here decides what is
 * right: it only checks the reference against itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "u8f.h"
#include "u8ref.h"

enum { MAX_IN = 1024 }; /* longer inputs cost time, add no coverage */

static uint32_t stepped[MAX_IN], all[MAX_IN], streamed[MAX_IN];
static uint8_t repaired[3 * MAX_IN];
static uint32_t again[3 * MAX_IN];

/* What stepping through s[0..n) with decode_one found. */
struct steps {
	size_t count;
	struct u8ref_validation first;
	size_t errors;
};

/* The offset of the character being checked, for the report. */
static size_t at;

static void
note_input(const struct u8ref_profile *p)
{
	u8f_note_clear();
	u8f_note("profile %s\n", p->name);
}

/* Notes where a failed check was looking, then fails. */
#define CHECK(cond, s, n)                                                      \
	do {                                                                   \
		if (!(cond)) {                                                 \
			u8f_note("near byte %zu\n", at);                       \
			U8F_ASSERT(cond, s, n);                                \
		}                                                              \
	} while (0)

static struct steps
step_all(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct steps st = {0, {U8REF_OK, n, 0}, 0};
	struct u8ref_result r;
	uint8_t enc[U8REF_MAX_LEN];
	size_t off, k;

	for (off = 0; off < n; off += r.len) {
		r = u8ref_decode_one(p, s + off, n - off);
		at = off;
		/* Progress, and never past the input (D93b: >= 1 byte). */
		CHECK(r.len >= 1 && r.len <= n - off && r.len <= U8REF_MAX_LEN,
		      s, n);
		if (r.status == U8REF_OK) {
			/* A character encodes back to its own bytes. */
			k = u8ref_encode(p, r.cp, enc);
			CHECK(k == r.len && memcmp(enc, s + off, k) == 0, s, n);
		} else {
			CHECK(r.status != U8REF_EMPTY, s, n);
			/* Every kind the walk derives has a name. */
			CHECK(strcmp(u8ref_status_name(r.status), "unknown") !=
			          0,
			      s, n);
			CHECK(r.cp == U8REF_REPLACEMENT, s, n);
			if (st.errors++ == 0)
				st.first = (struct u8ref_validation){
				    r.status, off, r.len};
		}
		stepped[st.count++] = r.cp;
		/* Under Table 3-7 the fast decoder gives the same, field for
		 * field. */
		if (p == u8ref_profile_at(0)) {
			struct u8ref_result f =
			    u8ref_decode_fast(s + off, n - off);

			CHECK(f.status == r.status && f.cp == r.cp &&
			          f.len == r.len && f.row == r.row,
			      s, n);
		}
	}
	if (p == u8ref_profile_at(0)) /* and on nothing at all */
		CHECK(u8ref_decode_fast(s + n, 0).status == U8REF_EMPTY, s, n);
	return st;
}

/*
 * With U8FUZZ_CATEGORIES=1, the number of inputs run before each error
 * kind and each Table 3-7 row first appeared, on stderr: how fast a
 * mutator reaches them (scripts/bench-fuzz).  Off, it costs one test.
 */
static void
note_categories(const uint8_t *s, size_t n)
{
	static int on = -1;
	static unsigned long long runs;
	static uint32_t seen;
	struct u8ref_result r;
	size_t off, k;
	uint32_t bit;
	char name[32];

	if (on < 0)
		on = getenv("U8FUZZ_CATEGORIES") != NULL;
	if (!on)
		return;
	runs++;
	for (off = 0; off < n; off += r.len) {
		r = u8ref_decode_one(NULL, s + off, n - off);
		bit = r.status == U8REF_OK ? 1u << (16 + r.row)
		                           : 1u << (unsigned)r.status;
		if (seen & bit)
			continue;
		seen |= bit;
		if (r.status == U8REF_OK) {
			fprintf(stderr, "u8fuzz-category row-%d %llu\n", r.row,
			        runs);
			continue;
		}
		/* One word per kind: "invalid-lead". */
		snprintf(name, sizeof name, "%s", u8ref_status_name(r.status));
		for (k = 0; name[k] != '\0'; k++)
			name[k] = name[k] == ' ' ? '-' : name[k];
		fprintf(stderr, "u8fuzz-category %s %llu\n", name, runs);
	}
}

/* Feeds s[0..n) in chunks whose lengths are the input's bytes mod 8,
 * with room for @cap code points per call; returns the count. */
static size_t
stream_all(const struct u8ref_profile *p, const uint8_t *s, size_t n,
           size_t cap, struct u8ref_stream *st)
{
	size_t off = 0, k = 0, count = 0, chunk, rest, used, got;
	int last, empty = 0;

	u8ref_stream_init(st, p);
	do {
		/* An empty chunk now and then, never two in a row. */
		chunk = n > 0 ? s[k++ % n] & 7u : 0;
		if (chunk == 0 && empty)
			chunk = 1;
		empty = chunk == 0;
		if (chunk > n - off)
			chunk = n - off;
		last = off + chunk == n;
		rest = chunk;
		/* Until the chunk is consumed and, at the end, nothing is
		 * held back. */
		for (;;) {
			got = u8ref_stream_decode(st, s + off, rest, last,
			                          streamed + count, cap, &used);
			U8F_ASSERT(used <= rest && count + got <= MAX_IN, s, n);
			count += got;
			off += used;
			rest -= used;
			if (rest == 0 && (!last || st->nheld == 0))
				break;
			/* Room was the only limit: something happened. */
			U8F_ASSERT(got > 0 || used > 0, s, n);
		}
	} while (!last);
	return count;
}

static void
check_profile(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct u8ref_stream st;
	struct u8ref_validation v;
	struct steps steps;
	size_t count, cap;

	note_input(p);
	/* The profile is found by its own name. */
	U8F_ASSERT(u8ref_profile_by_name(p->name) == p, s, n);
	steps = step_all(p, s, n);

	count = u8ref_decode_all(p, s, n, all, MAX_IN);
	U8F_ASSERT(count == steps.count, s, n);
	U8F_ASSERT(memcmp(all, stepped, count * sizeof *all) == 0, s, n);
	U8F_ASSERT(u8ref_decode_all(p, s, n, NULL, 0) == count, s, n);

	v = u8ref_validate(p, s, n);
	if (v.status != steps.first.status || v.offset != steps.first.offset)
		u8f_note("validate: %s at %zu len %zu; stepping: %s at %zu\n",
		         u8ref_status_name(v.status), v.offset, v.len,
		         u8ref_status_name(steps.first.status),
		         steps.first.offset);
	U8F_ASSERT(v.status == steps.first.status &&
	               v.offset == steps.first.offset &&
	               v.len == steps.first.len,
	           s, n);

	for (cap = 1; cap <= n + U8REF_STREAM_HOLD;
	     cap += n + U8REF_STREAM_HOLD - 1) {
		count = stream_all(p, s, n, cap, &st);
		U8F_ASSERT(count == steps.count, s, n);
		U8F_ASSERT(memcmp(streamed, stepped, count * sizeof *all) == 0,
		           s, n);
		U8F_ASSERT(st.errors == steps.errors && st.offset == n, s, n);
		U8F_ASSERT(st.first_status == v.status, s, n);
		U8F_ASSERT(
		    v.status == U8REF_OK ||
		        (st.first_offset == v.offset && st.first_len == v.len),
		    s, n);
	}
}

/* Table 3-7: the decoded text, re-encoded, is well-formed and itself. */
static void
check_repair(const uint8_t *s, size_t n)
{
	size_t count = u8ref_decode_all(NULL, s, n, all, MAX_IN), i, m = 0, k;
	struct u8ref_validation v;

	for (i = 0; i < count; i++) {
		k = u8ref_encode(NULL, all[i], repaired + m);
		U8F_ASSERT(k >= 1 && k <= 4, s, n);
		m += k;
	}
	v = u8ref_validate(NULL, repaired, m);
	U8F_ASSERT(v.status == U8REF_OK && v.offset == m, s, n);
	U8F_ASSERT(u8ref_decode_all(NULL, repaired, m, again, 3 * MAX_IN) ==
	                   count &&
	               memcmp(again, all, count * sizeof *all) == 0,
	           s, n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct u8ref_profile *p;
	const uint8_t *s;
	size_t i;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	/* Flush against a guard page: a read of s[n] faults. */
	s = u8f_place(data, size, 0, 0);
	for (i = 0; (p = u8ref_profile_at(i)) != NULL; i++)
		check_profile(p, s, size);
	u8f_note_clear();
	check_repair(s, size);
	note_categories(s, size);
	return 0;
}
