/* SPDX-License-Identifier: MIT */
/*
 * report.h - what u8validate says about each input, as text lines or
 * as one JSON object per input (JSON Lines).
 */
#ifndef U8V_REPORT_H
#define U8V_REPORT_H

#include <stdint.h>

#include "options.h"
#include "scan.h"
#include "writer.h"

struct u8v_report {
	const struct u8v_options *o;
	struct u8v_writer *out; /* stdout, or stderr under --replace   */
	struct u8v_writer *err; /* stderr: why an input failed         */
	const char *name;       /* the input as the user named it      */
	uint64_t shown;         /* errors printed for this input       */
};

/* u8v_report_begin - start the report on input @name. */
int u8v_report_begin(struct u8v_report *r, const struct u8v_options *o,
                     struct u8v_writer *out, struct u8v_writer *err,
                     const char *name);

/* u8v_report_error - one error: printed unless --quiet, and unless it
 * is not the first and --all was not given. */
int u8v_report_error(struct u8v_report *r, const struct u8v_error *e);

/*
 * u8v_report_end - finish the report: @errors found, or @failure (a
 * message such as "Is a directory") when the input could not be read
 * to its end.  Failures also go to stderr, even under --quiet.
 */
int u8v_report_end(struct u8v_report *r, uint64_t errors, const char *failure);

#endif /* U8V_REPORT_H */
