/* SPDX-License-Identifier: MIT */
/*
 * check_seeds.c - every example of the seed documents decodes as they say.
 *
 * The examples and their expected code points are data in
 * seed_examples.c; here each is decoded whole and validated.
 */
#include <check.h>
#include <stdlib.h>

#include "seed_examples.h"
#include "suites.h"
#include "testutil.h"

START_TEST(test_seeds_example)
{
	const struct seed_example *e = &seed_examples[_i];
	const struct u8ref_profile *p = u8ref_profile_by_name(e->profile);
	uint8_t *s = exact_copy(e->in, e->n);
	uint32_t got[SEED_EXAMPLE_MAX];
	struct u8ref_validation v;
	size_t n, i;

	ck_assert_msg(p != NULL, "%s: no profile %s", e->what, e->profile);
	n = u8ref_decode_all(p, s, e->n, got, SEED_EXAMPLE_MAX);
	ck_assert_msg(n == e->nwant, "%s, %s (%s): %zu code points, want %zu",
	              e->source, e->what, hex(e->in, e->n).text, n, e->nwant);
	for (i = 0; i < n; i++)
		ck_assert_msg(got[i] == e->want[i],
		              "%s, %s (%s): code point %zu is U+%04X, want "
		              "U+%04X",
		              e->source, e->what, hex(e->in, e->n).text, i,
		              (unsigned)got[i], (unsigned)e->want[i]);
	v = u8ref_validate(p, s, e->n);
	free(s);
	ck_assert_msg(
	    v.status == e->first_status && v.offset == e->first_offset,
	    "%s, %s (%s): first error %s at %zu, want %s at %zu", e->source,
	    e->what, hex(e->in, e->n).text, u8ref_status_name(v.status),
	    v.offset, u8ref_status_name(e->first_status), e->first_offset);
}
END_TEST

Suite *
seeds_suite(void)
{
	Suite *s = suite_create("seeds");
	TCase *tc = tcase_create("seeds");

	tcase_add_loop_test(tc, test_seeds_example, 0,
	                    (int)seed_examples_count);
	suite_add_tcase(s, tc);
	return s;
}
