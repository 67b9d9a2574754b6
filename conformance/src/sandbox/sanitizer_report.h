/* SPDX-License-Identifier: MIT */
/*
 * sanitizer_report.h - a sanitizer's report, as a worker's runtime wrote
 * it (unsymbolized) to its report pipe, read in the supervisor: its
 * kind, the access, and the top frames, which are symbolized here,
 * outside the jail.
 */
#ifndef U8C_SANITIZER_REPORT_H
#define U8C_SANITIZER_REPORT_H

#include <stddef.h>

#include "checks.h"

enum { U8C_SAN_FRAMES = 8, U8C_SAN_MODULE = 512 };

struct u8c_san_frame {
	char module[U8C_SAN_MODULE]; /* the file the code is in        */
	unsigned long offset;        /* into it                          */
};

struct u8c_san_report {
	enum u8c_fate fate; /* U8C_FATE_MEMORY_ERROR or _UNDEFINED     */
	char kind[64];      /* "heap-buffer-overflow", "signed-integer-
	                       overflow"                                */
	char access[64];    /* "READ of size 1", or ""                  */
	char where[160];    /* UBSan: "file.c:12:5: the message"        */
	struct u8c_san_frame frames[U8C_SAN_FRAMES];
	unsigned nframes;
};

/*
 * u8c_san_report_parse - the first report in text[0..n): 1 and @r, or
 * 0 when there is none (a warning alone, say).  The text comes from the
 * jail: it is only read, within n.
 */
int u8c_san_report_parse(const char *text, size_t n, struct u8c_san_report *r);

/*
 * u8c_san_report_say - @r in one line into out[0..size): kind, access
 * and the top frames outside the runtime and u8conform itself,
 * symbolized with llvm-symbolizer or addr2line where one is installed.
 */
void u8c_san_report_say(const struct u8c_san_report *r, char *out, size_t size);

#endif /* U8C_SANITIZER_REPORT_H */
