/* SPDX-License-Identifier: MIT */
/*
 * expect_file.c - writing a run's departures as expectations.
 *
 * Each check that departed gets a line per cause (causes.h): the byte
 * classes of a piece where the answers part, with its cuts, so that the
 * file accepts what was seen and no more, and a new departure under the
 * same check is still reported.  A check whose failures no pattern names
 * (a code point, a long piece, more causes than are kept) gets '*'.
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
	        "# run, '|' for a stream's cut) or U+XXXX.  Each line below "
	        "is one cause, the\n"
	        "# byte classes of the pieces that departed.  Say why each is "
	        "by design, and\n"
	        "# pass this file to u8conform --expect.\n",
	        r->target);
	for (int c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_report_check *k = &r->checks[c];
		const char *id = u8c_check(k->check)->id,
		           *level = u8c_level_names[k->level],
		           *title = u8c_check(k->check)->title;

		if (!k->ran || k->level == U8C_PASS)
			continue;
		if (k->has_example)
			fprintf(f, "# e.g. %s: want %s, got %s\n",
			        u8c_report_shown(&k->example),
			        k->example.expected, k->example.got);
		for (unsigned m = 0; m < k->ncauses && !k->any_cause; m++)
			fprintf(f, "%-26s %-22s # %s: %s\n", id, k->causes[m],
			        level, title);
		if (k->any_cause || k->ncauses == 0)
			fprintf(f,
			        "%-26s %-22s # %s: %s (a code point, a long "
			        "input, or more than %d causes)\n",
			        id, "*", level, title, U8C_CAUSES);
	}
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "--write-expect %s: %s", file,
		         strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}
