/* SPDX-License-Identifier: MIT */
/*
 * options.h - what the command line asks u8validate to do.
 */
#ifndef U8V_OPTIONS_H
#define U8V_OPTIONS_H

#include <stddef.h>

#include "u8ref.h"

/* Bytes read at a time unless U8VALIDATE_CHUNK says otherwise: large
 * enough that read() costs little per byte, small enough for L2. */
#define U8V_DEFAULT_CHUNK ((size_t)256 * 1024)

/* Bytes of a mapped file validated at a time unless U8VALIDATE_CHUNK
 * says otherwise: large enough that the kernels prefetch from memory
 * (they do from 1 MiB on), and a few of them stay resident. */
#define U8V_DEFAULT_WINDOW ((size_t)4 << 20)

/* -j accepts up to this many threads. */
#define U8V_MAX_JOBS 1024

enum u8v_format {
	U8V_FORMAT_TEXT = 0, /* FILE:LINE:COLUMN: byte OFFSET: KIND (HEX) */
	U8V_FORMAT_JSON      /* one JSON object per file (JSON Lines)     */
};

struct u8v_options {
	int all;       /* --all: every error, not only the first       */
	int quiet;     /* --quiet: exit status only                    */
	int replace;   /* --replace: repaired input on stdout          */
	int recursive; /* -r: descend into directories                 */
	enum u8v_format format;
	/* --profile: NULL for Table 3-7, which takes the fast kernels */
	const struct u8ref_profile *profile;
	unsigned jobs; /* -j: threads; 0 for the online CPUs      */
	size_t chunk;  /* read() size: U8VALIDATE_CHUNK or default */
	size_t window; /* mapped window: U8VALIDATE_CHUNK or default */
	char **paths;  /* operands; none means standard input      */
	size_t npaths; /* how many                                 */
};

/* What u8v_parse_options decided. */
enum u8v_parsed {
	U8V_RUN = 0,  /* validate the operands                       */
	U8V_DONE,     /* --help or --version was printed: exit 0     */
	U8V_BAD_USAGE /* a message was printed on stderr: exit 2     */
};

/*
 * u8v_parse_options - fill @o from argv (getopt_long), select the
 * kernel --kernel names, and read U8VALIDATE_CHUNK from the environment.
 */
enum u8v_parsed u8v_parse_options(int argc, char **argv, struct u8v_options *o);

#endif /* U8V_OPTIONS_H */
