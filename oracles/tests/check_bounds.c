/* SPDX-License-Identifier: MIT */
/*
 * check_bounds.c - no oracle reads outside its input or writes past cap.
 *
 * Inputs are placed flush against a PROT_NONE guard page, after them
 * (a read of s[n]) and before them (a read of s[-1]); a fault kills the
 * test with the signal, which Check's fork mode reports, after a line on
 * stderr naming the oracle, the function and the input.  Every input of
 * one and two bytes, every piece of every telling input, and one input
 * long enough for the heap and chunked paths of the shims go through
 * u8t_decode, u8t_validate and u8t_next.  Writing is checked against
 * sentinels for every cap from 0 to n.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "fence.h"
#include "suites.h"
#include "testutil.h"

/* One page between two guards. */
static struct u8s_fence
fence_up(void)
{
	struct u8s_fence f;

	ck_assert_msg(u8s_fence_map(&f, 1) == 0,
	              "mapping a page between guards failed");
	return f;
}

/* A copy of s[0..n) that ends at the guard after it, or (at_end 0)
 * begins at the guard before it. */
static const uint8_t *
place(const struct u8s_fence *f, const uint8_t *s, size_t n, int at_end)
{
	uint8_t *p = at_end ? u8s_fence_end(f, n) : f->base;

	memcpy(p, s, n);
	return p;
}

/* Decodes, validates and steps over s[0..n), 1 <= n <= U8O_CASE_MAX,
 * at both edges of the fence; the answers must be possible ones. */
static void
touch(const struct u8o_oracle *o, const struct u8s_fence *f, const uint8_t *in,
      size_t n)
{
	int at_end;

	for (at_end = 1; at_end >= 0; at_end--) {
		const uint8_t *s = place(f, in, n, at_end);
		uint32_t out[U8O_CASE_MAX], cp;
		size_t k, len, err = (size_t)-1;
		int valid;

		u8o_fault_running("u8t_decode", s, n);
		k = o->decode(s, n, out, n);
		U8O_REQUIRE(k <= n, "%s, %s: u8t_decode gives %zu values",
		            o->title, u8o_hex(in, n).text, k);
		u8o_fault_running("u8t_validate", s, n);
		valid = o->validate(s, n, &err);
		U8O_REQUIRE(valid == 1
		                ? err == (size_t)-1
		                : valid == 0 && (err == (size_t)-1 || err < n),
		            "%s, %s: u8t_validate gives %d at %zd", o->title,
		            u8o_hex(in, n).text, valid, (ptrdiff_t)err);
		u8o_fault_running("u8t_next", s, n);
		len = o->next(s, n, &cp);
		U8O_REQUIRE(len >= 1 && len <= n,
		            "%s, %s: u8t_next consumes %zu bytes", o->title,
		            u8o_hex(in, n).text, len);
	}
}

START_TEST(test_bounds_short_inputs)
{
	const char *oracle = u8o_oracle_name((size_t)_i);
	struct u8o_oracle o = u8o_load(oracle);
	struct u8s_fence f = fence_up();
	uint8_t s[2];
	unsigned a, b;

	u8o_fault_report(oracle);
	for (a = 0; a < 256; a++) {
		s[0] = (uint8_t)a;
		touch(&o, &f, s, 1);
		for (b = 0; b < 256; b++) {
			s[1] = (uint8_t)b;
			touch(&o, &f, s, 2);
		}
	}
	u8s_fence_unmap(&f);
	u8o_unload(&o);
}
END_TEST

/* Every s[i..j) of every telling input: each cut is a truncation
 * somewhere, which is where decoders read too far. */
START_TEST(test_bounds_pieces)
{
	const char *oracle = u8o_oracle_name((size_t)_i);
	struct u8o_oracle o = u8o_load(oracle);
	struct u8s_fence f = fence_up();
	size_t c, i, j;

	u8o_fault_report(oracle);
	for (c = 0; c < u8o_cases_3_7_count; c++) {
		const struct u8o_case *row = &u8o_cases_3_7[c];

		for (i = 0; i < row->n; i++)
			for (j = i + 1; j <= row->n; j++)
				touch(&o, &f, row->in + i, j - i);
	}
	u8s_fence_unmap(&f);
	u8o_unload(&o);
}
END_TEST

enum { REPEAT = 100 };

/* The Unicode ch. 3 example repeated: long enough for ICU's heap
 * buffers and several of glibc-iconv's output chunks.  Each copy begins
 * and ends with ASCII, so it decodes to its own decoding repeated. */
START_TEST(test_bounds_long_input)
{
	const char *oracle = u8o_oracle_name((size_t)_i);
	struct u8o_oracle o = u8o_load(oracle);
	const struct u8o_case *ex = NULL;
	struct u8s_fence f = fence_up();
	uint32_t one[U8O_CASE_MAX], cut1[U8O_CASE_MAX], *out;
	const uint8_t *cut;
	uint8_t *in;
	size_t c, n, k, none, ncut1, r, err = (size_t)-1;
	int at_end;

	u8o_fault_report(oracle);
	for (c = 0; c < u8o_cases_3_7_count; c++)
		if (strcmp(u8o_cases_3_7[c].what,
		           "Unicode ch. 3 maximal subparts") == 0)
			ex = &u8o_cases_3_7[c];
	ck_assert_ptr_nonnull(ex);
	n = REPEAT * ex->n;
	ck_assert_msg(n <= f.page, "input longer than a page");
	in = malloc(n);
	out = malloc(n * sizeof *out);
	ck_assert_msg(in != NULL && out != NULL, "malloc failed");
	for (r = 0; r < REPEAT; r++)
		memcpy(in + r * ex->n, ex->in, ex->n);
	none = o.decode(ex->in, ex->n, one, ex->n);
	ncut1 = o.decode(ex->in, ex->n - 1, cut1, ex->n - 1);

	for (at_end = 1; at_end >= 0; at_end--) {
		const uint8_t *s = place(&f, in, n, at_end);

		u8o_fault_running("u8t_decode", s, n);
		k = o.decode(s, n, out, n);
		ck_assert_msg(k == REPEAT * none,
		              "%s, %s x %d: u8t_decode gives %zu values, want "
		              "%d x %zu",
		              o.title, u8o_hex(ex->in, ex->n).text, REPEAT, k,
		              REPEAT, none);
		for (r = 0; r < REPEAT; r++)
			ck_assert_msg(memcmp(out + r * none, one,
			                     none * sizeof *out) == 0,
			              "%s, %s x %d: copy %zu decodes to %s",
			              o.title, u8o_hex(ex->in, ex->n).text,
			              REPEAT, r,
			              u8o_values(out + r * none, none).text);
		u8o_fault_running("u8t_validate", s, n);
		ck_assert_msg(o.validate(s, n, &err) == 0 && err == ex->err,
		              "%s, %s x %d: u8t_validate gives offset %zd",
		              o.title, u8o_hex(ex->in, ex->n).text, REPEAT,
		              (ptrdiff_t)err);
	}

	/* Without its last byte, flush against the guard: the last copy
	 * decodes as the example cut by one byte. */
	cut = place(&f, in, n - 1, 1);
	u8o_fault_running("u8t_decode", cut, n - 1);
	k = o.decode(cut, n - 1, out, n - 1);
	ck_assert_msg(k == (REPEAT - 1) * none + ncut1 &&
	                  memcmp(out + (REPEAT - 1) * none, cut1,
	                         ncut1 * sizeof *out) == 0,
	              "%s, %s x %d less its last byte: u8t_decode gives %zu "
	              "values",
	              o.title, u8o_hex(ex->in, ex->n).text, REPEAT, k);

	free(out);
	free(in);
	u8s_fence_unmap(&f);
	u8o_unload(&o);
}
END_TEST

/* For every cap from 0 to n: at most cap values written, the first
 * min(cap, all) of the full decoding, nothing past cap touched. */
START_TEST(test_bounds_cap)
{
	const char *oracle = u8o_oracle_name((size_t)_i);
	struct u8o_oracle o = u8o_load(oracle);
	size_t c, cap, i;

	for (c = 0; c < u8o_cases_3_7_count; c++) {
		const struct u8o_case *row = &u8o_cases_3_7[c];
		uint32_t full[U8O_CASE_MAX], out[U8O_CASE_MAX + 4];
		size_t nfull = o.decode(row->in, row->n, full, row->n);

		for (cap = 0; cap <= row->n; cap++) {
			size_t k, want = nfull < cap ? nfull : cap;

			for (i = 0; i < U8O_COUNT(out); i++)
				out[i] = 0xA5A5A5A5u;
			k = o.decode(row->in, row->n, out, cap);
			ck_assert_msg(
			    k == want &&
			        memcmp(out, full, k * sizeof *out) == 0,
			    "%s, %s (%s), cap %zu: u8t_decode gives %s",
			    o.title, row->what, u8o_hex(row->in, row->n).text,
			    cap, u8o_values(out, k < cap ? k : cap).text);
			for (i = cap; i < U8O_COUNT(out); i++)
				ck_assert_msg(
				    out[i] == 0xA5A5A5A5u,
				    "%s, %s (%s), cap %zu: u8t_decode "
				    "wrote out[%zu]",
				    o.title, row->what,
				    u8o_hex(row->in, row->n).text, cap, i);
		}
	}
	u8o_unload(&o);
}
END_TEST

Suite *
bounds_suite(void)
{
	Suite *s = suite_create("bounds");
	TCase *tc = tcase_create("bounds");
	int n = (int)u8o_oracle_count();

	tcase_add_loop_test(tc, test_bounds_short_inputs, 0, n);
	tcase_add_loop_test(tc, test_bounds_pieces, 0, n);
	tcase_add_loop_test(tc, test_bounds_long_input, 0, n);
	tcase_add_loop_test(tc, test_bounds_cap, 0, n);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
