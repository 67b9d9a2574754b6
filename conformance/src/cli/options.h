/* SPDX-License-Identifier: MIT */
/*
 * options.h - u8conform's command line, parsed and checked.
 *
 * Every option is validated where it is read: integers in range with
 * nothing after them, files that exist and are regular, combinations
 * that mean something.  A bad one gets one line on stderr and exit
 * status 2; nothing is guessed.
 */
#ifndef U8C_OPTIONS_H
#define U8C_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "families.h"
#include "report.h"
#include "shared.h"
#include "u8ref.h"

struct u8c_options {
	enum u8c_format format;
	int strict, exhaustive;
	unsigned jobs, timeout_ms, max_fatal, memory_mib;
	size_t shard, shards; /* --shard K/N, or 0 of 0              */
	const struct u8ref_profile *profile;
	const char *library, *symbol, *shape;
	const char *exec; /* --exec: a child's shell command, or NULL */
	/* --input: bytes, or a code point */
	int input, input_is_code_point;
	uint8_t input_bytes[U8C_MAX_INPUT];
	size_t input_len;
	/* "E0|A0 80": the stream's chunks, a cut at each bar */
	int input_chunked;
	uint16_t input_cuts[U8C_MAX_INPUT];
	size_t input_ncuts;
	uint32_t input_code_point;
	char **reports; /* --merge: the shards' JSON reports */
	int nreports;
	const char *expect_file;       /* --expect                     */
	const char *write_expect_file; /* --write-expect               */
	unsigned functions;            /* --functions: bit per u8c_fn  */
	int progress;                  /* --progress: even off a tty   */
	enum u8c_load_mode load;       /* --load                       */
};

/*
 * u8c_options_parse - @argv into @o.  Returns 0 to go on, 2 after
 * writing one line on stderr, or -1 when --help or --version was
 * answered (exit 0).
 */
int u8c_options_parse(int argc, char **argv, struct u8c_options *o);

#endif /* U8C_OPTIONS_H */
