/* SPDX-License-Identifier: MIT */
/*
 * kernel_env.c - U8REF_KERNEL chooses the kernel behind
 * u8ref_validate_fast.  Exits 0 when the kernel named there is the
 * active one and gives the walk's answer, 77 (CTest's "skipped") when
 * this CPU cannot run it, 1 otherwise.  "auto" must pick the fastest
 * kernel the CPU runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "u8ref.h"

int
main(void)
{
	static const uint8_t text[] =
	    "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 "
	    "and a cut \xE2\x82";
	const char *name = getenv("U8REF_KERNEL");
	const struct u8ref_kernel *want = NULL, *got;
	struct u8ref_validation a, b;

	if (name != NULL && strcmp(name, "auto") == 0) {
		for (size_t i = 0; u8ref_kernel_at(i) != NULL; i++)
			if (u8ref_kernel_supported(u8ref_kernel_at(i)))
				want = u8ref_kernel_at(i);
	} else {
		want = u8ref_kernel_by_name(name);
		if (want == NULL) {
			fprintf(stderr, "kernel_env: no kernel \"%s\"\n",
			        name ? name : "(unset)");
			return 1;
		}
		if (!u8ref_kernel_supported(want)) {
			printf("kernel_env: this CPU cannot run %s\n", name);
			return 77;
		}
	}
	got = u8ref_kernel_active();
	a = u8ref_validate(NULL, text, sizeof text - 1);
	b = u8ref_validate_fast(text, sizeof text - 1);
	printf("kernel_env: U8REF_KERNEL=%s runs %s\n", name, got->name);
	return got == want && a.status == b.status && a.offset == b.offset &&
	               a.len == b.len
	           ? 0
	           : 1;
}
