/* SPDX-License-Identifier: MIT */
/*
 * examples_main.c - u8ref-examples: run the reference on the seed examples.
 *
 * For each example of the seed documents, prints the bytes, what the
 * reference decodes them to, its first error, and whether that is what
 * the document says.  Exit status 0 when every example agrees, 1
 * otherwise.
 */
#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "seed_examples.h"
#include "u8ref.h"

static void
print_bytes(const uint8_t *s, size_t n)
{
	char text[3 * SEED_EXAMPLE_MAX + 8];

	u8s_hex_format(text, sizeof text, s, n);
	fputs(text, stdout);
}

static void
print_code_points(const uint32_t *cp, size_t n)
{
	char text[9 * SEED_EXAMPLE_MAX + 8];

	u8s_code_points_format(text, sizeof text, cp, n);
	fputs(text, stdout);
}

/* Prints one example; returns 1 when the reference agrees with it. */
static int
run(const struct seed_example *e)
{
	const struct u8ref_profile *p = u8ref_profile_by_name(e->profile);
	uint32_t got[SEED_EXAMPLE_MAX];
	struct u8ref_validation v = u8ref_validate(p, e->in, e->n);
	size_t ngot = u8ref_decode_all(p, e->in, e->n, got, SEED_EXAMPLE_MAX);
	int ok = ngot == e->nwant &&
	         memcmp(got, e->want, ngot * sizeof got[0]) == 0 &&
	         v.status == e->first_status && v.offset == e->first_offset;

	printf("%-4s %s: %s [%s]\n     bytes    ", ok ? "ok" : "FAIL",
	       e->source, e->what, e->profile);
	print_bytes(e->in, e->n);
	printf("\n     decodes  ");
	print_code_points(got,
	                  ngot < SEED_EXAMPLE_MAX ? ngot : SEED_EXAMPLE_MAX);
	if (v.status == U8REF_OK)
		printf("\n     well-formed\n");
	else
		printf("\n     first error at byte %zu: %s, %zu byte%s\n",
		       v.offset, u8ref_status_name(v.status), v.len,
		       v.len == 1 ? "" : "s");
	if (!ok) {
		printf("     expected ");
		print_code_points(e->want, e->nwant);
		printf(", first error %s at %zu\n",
		       u8ref_status_name(e->first_status), e->first_offset);
	}
	return ok;
}

int
main(void)
{
	size_t i, passed = 0;

	for (i = 0; i < seed_examples_count; i++)
		passed += (size_t)run(&seed_examples[i]);
	printf("%zu passed, %zu failed\n", passed,
	       seed_examples_count - passed);
	return passed == seed_examples_count ? 0 : 1;
}
