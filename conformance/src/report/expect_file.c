/* SPDX-License-Identifier: MIT */
/*
 * expect_file.c - writing a run's departures as expectations.
 *
 * Each line accepts its whole check ('*'): a check fails for as many
 * inputs as its departure touches, and the counterexample is only the
 * smallest of them.  The comment says what to narrow it to.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "expect_file.h"

int
u8c_write_expect(const char *file, const struct u8c_report *r, char *err,
                 size_t errlen)
{
	FILE *f = fopen(file, "w");
	int bad;

	if (f == NULL) {
		snprintf(err, errlen, "--write-expect %s: %s", file,
		         strerror(errno));
		return -1;
	}
	fprintf(f,
	        "# Departures of %s from u8conform's checks, as found.\n"
	        "# One a line: CHECK [INPUT|*] [# reason]; INPUT is a pattern "
	        "of the whole input\n"
	        "# or of the piece where the answers part (hex bytes, ranges "
	        "A0..BF, '*' for any\n"
	        "# run, '|' for a stream's cut) or U+XXXX.  Say why each is by "
	        "design, narrow\n"
	        "# '*' to the pieces that depart, and pass this file to "
	        "u8conform --expect.\n",
	        r->target);
	for (int c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_report_check *k = &r->checks[c];

		if (!k->ran || k->level == U8C_PASS)
			continue;
		fprintf(f, "%-26s *  # %s: %s", u8c_check(k->check)->id,
		        u8c_level_names[k->level], u8c_check(k->check)->title);
		if (k->has_example)
			fprintf(f, "; e.g. %s: want %s, got %s",
			        u8c_report_shown(&k->example),
			        k->example.expected, k->example.got);
		fputc('\n', f);
	}
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "--write-expect %s: %s", file,
		         strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}
