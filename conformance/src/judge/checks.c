/* SPDX-License-Identifier: MIT */
/*
 * checks.c - the catalogue of checks, one row each.
 *
 * The order of the rows is the order of every report.  The per-group
 * rows are expanded from U8C_GROUP_LIST: one per group for u8t_decode,
 * u8t_validate and u8t_next.
 */
#include <string.h>

#include "checks.h"

const char *const u8c_fn_names[U8C_FNS] = {
    [U8C_FN_DECODE] = "decode", [U8C_FN_VALIDATE] = "validate",
    [U8C_FN_NEXT] = "next",     [U8C_FN_ENCODE] = "encode",
    [U8C_FN_STREAM] = "stream",
};

const char *const u8c_fn_titles[U8C_FNS] = {
    [U8C_FN_DECODE] = "u8t_decode",
    [U8C_FN_VALIDATE] = "u8t_validate",
    [U8C_FN_NEXT] = "u8t_next",
    [U8C_FN_ENCODE] = "u8t_encode",
    [U8C_FN_STREAM] = "u8t_stream_decode",
};

enum u8c_fn
u8c_fn_named(const char *name, size_t len)
{
	int fn;

	for (fn = 0; fn < U8C_FNS; fn++)
		if (strlen(u8c_fn_names[fn]) == len &&
		    strncmp(name, u8c_fn_names[fn], len) == 0)
			break;
	return (enum u8c_fn)fn;
}

/* "decode,next" into bits of enum u8c_fn; each name once. */
int
u8c_fn_list_parse(const char *arg, unsigned *bits)
{
	const char *p = arg;

	*bits = 0;
	while (*p != '\0') {
		size_t len = strcspn(p, ",");
		enum u8c_fn fn = u8c_fn_named(p, len);

		if (fn == U8C_FN_ANY || (*bits >> fn & 1u))
			return -1;
		*bits |= 1u << fn;
		p += len;
		if (*p == ',' && *++p == '\0')
			return -1;
	}
	return *bits != 0 ? 0 : -1;
}

/* A per-group check fails on a piece of its group: a row of Table 3-7
 * misread, or an ill-formed kind read as something else. */
#define BY_GROUP(name)                                                         \
	(U8C_GROUP_##name < U8REF_TABLE_3_7_ROWS ? U8C_DEPART_REJECTS          \
	                                         : U8C_DEPART_ACCEPTS)

static const struct u8c_check checks[U8C_CHECKS] = {
#define DECODE_ROW(name, id, title)                                            \
	[U8C_DECODE_##name] = {"decode/" id, "u8t_decode: " title,             \
	                       U8C_FN_DECODE, U8C_GROUP_##name,                \
	                       BY_GROUP(name)},
    U8C_GROUP_LIST(DECODE_ROW)
#undef DECODE_ROW
#define VALIDATE_ROW(name, id, title)                                          \
	[U8C_VALIDATE_##name] = {"validate/" id, "u8t_validate: " title,       \
	                         U8C_FN_VALIDATE, U8C_GROUP_##name,            \
	                         BY_GROUP(name)},
        U8C_GROUP_LIST(VALIDATE_ROW)
#undef VALIDATE_ROW
#define NEXT_ROW(name, id, title)                                              \
	[U8C_NEXT_##name] = {"next/" id, "u8t_next: " title, U8C_FN_NEXT,      \
	                     U8C_GROUP_##name, BY_GROUP(name)},
            U8C_GROUP_LIST(NEXT_ROW)
#undef NEXT_ROW
#define STREAM_ROW(name, id, title)                                            \
	[U8C_STREAM_##name] = {"stream/" id, "u8t_stream_decode: " title,      \
	                       U8C_FN_STREAM, U8C_GROUP_##name,                \
	                       BY_GROUP(name)},
                U8C_GROUP_LIST(STREAM_ROW)
#undef STREAM_ROW
                    /* clang-format off */
	[U8C_DECODE_REPLACEMENT] = {"decode/replacement", "u8t_decode: U+FFFD per maximal subpart", U8C_FN_DECODE, -1, U8C_DEPART_POLICY},
	[U8C_DECODE_DROPS] = {"decode/drops", "u8t_decode: ill-formed input replaced, not dropped", U8C_FN_DECODE, -1, U8C_DEPART_POLICY},
	[U8C_DECODE_BOM] = {"decode/bom", "u8t_decode: a leading BOM kept as U+FEFF", U8C_FN_DECODE, -1, U8C_DEPART_BOM},
	[U8C_NEXT_REPLACEMENT] = {"next/replacement", "u8t_next: errors as long as their maximal subpart", U8C_FN_NEXT, -1, U8C_DEPART_POLICY},
	[U8C_ENCODE_SCALARS] = {"encode/scalars", "u8t_encode: every scalar value, shortest form", U8C_FN_ENCODE, -1, U8C_DEPART_OTHER},
	[U8C_ENCODE_SURROGATES] = {"encode/surrogates", "u8t_encode: refuses surrogates D800..DFFF", U8C_FN_ENCODE, -1, U8C_DEPART_OTHER},
	[U8C_ENCODE_BEYOND] = {"encode/beyond", "u8t_encode: refuses values beyond U+10FFFF", U8C_FN_ENCODE, -1, U8C_DEPART_OTHER},
	[U8C_ABI_DECODE_CAP] = {"abi/decode-cap", "u8t_decode: returns at most cap", U8C_FN_DECODE, -1, U8C_DEPART_OTHER},
	[U8C_ABI_VALIDATE] = {"abi/validate", "u8t_validate: returns 0 or 1, and the right offset", U8C_FN_VALIDATE, -1, U8C_DEPART_OTHER},
	[U8C_ABI_NEXT] = {"abi/next", "u8t_next: consumes 1..n bytes", U8C_FN_NEXT, -1, U8C_DEPART_OTHER},
	[U8C_ABI_ENCODE] = {"abi/encode", "u8t_encode: writes at most 6 bytes", U8C_FN_ENCODE, -1, U8C_DEPART_OTHER},
	[U8C_CONSISTENCY_DECODE_NEXT] = {"consistency/decode-next", "u8t_decode gives what u8t_next gives", U8C_FN_ANY, -1, U8C_DEPART_OTHER},
	[U8C_STATE_BETWEEN_CALLS] = {"state/between-calls", "no state kept between calls", U8C_FN_ANY, -1, U8C_DEPART_OTHER},
	[U8C_ISOLATION_CRASH] = {"isolation/crash", "never crashes (killed by a signal)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_OVERREAD] = {"isolation/over-read", "never reads past the end of its input", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_UNDERREAD] = {"isolation/under-read", "never reads before the start of its input", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_OVERWRITE] = {"isolation/over-write", "never writes past the end of its output", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_HANG] = {"isolation/hang", "never hangs (no answer within the timeout)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_EXIT] = {"isolation/exit", "never calls exit", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_OUTPUT] = {"isolation/output", "never writes to stdout or stderr", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_SPAWN] = {"isolation/spawn", "never starts a process or a program", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_KILL] = {"isolation/kill", "never signals another process", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_REACH] = {"isolation/reach", "never reaches into another process (ptrace, its memory or descriptors) or around the sandbox (io_uring, resource limits)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_MEMORY] = {"isolation/memory", "never holds more memory than --memory", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_MEMORY_ERROR] = {"isolation/memory-error", "never makes a memory error its sanitizer reports (built with AddressSanitizer)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_UNDEFINED] = {"isolation/undefined", "never runs into undefined behaviour its sanitizer reports (built with UndefinedBehaviorSanitizer)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_PROTOCOL] = {"isolation/protocol", "an --exec child answers every batch with exactly its frame, and writes nothing else to stdout", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_ISOLATION_CONVENTION] = {"isolation/convention", "returns with the registers and flags the calling convention has it keep (x86-64: rbx, rbp, r12 to r15, the direction flag clear)", U8C_FN_ANY, -1, U8C_DEPART_FATAL},
	[U8C_STREAM_REPLACEMENT] = {"stream/replacement", "u8t_stream_decode: U+FFFD per maximal subpart", U8C_FN_STREAM, -1, U8C_DEPART_POLICY},
	[U8C_STREAM_DROPS] = {"stream/drops", "u8t_stream_decode: ill-formed input replaced, not dropped", U8C_FN_STREAM, -1, U8C_DEPART_POLICY},
	[U8C_STREAM_BOM] = {"stream/bom", "u8t_stream_decode: a leading BOM kept as U+FEFF", U8C_FN_STREAM, -1, U8C_DEPART_BOM},
	[U8C_STREAM_PROMPT] = {"stream/prompt", "u8t_stream_decode: every character written by the chunk it ends in", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_STREAM_EARLY] = {"stream/early", "u8t_stream_decode: an incomplete tail kept, not replaced, until the last chunk", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_STREAM_FLUSH] = {"stream/flush", "u8t_stream_decode: an incomplete tail replaced at the last chunk", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_STREAM_INIT] = {"stream/init", "u8t_stream_init: nothing of the previous input left", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_STREAM_INDEPENDENT] = {"stream/independent", "u8t_stream_decode: two states interleaved give what each gives alone", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_ABI_STREAM_SIZE] = {"abi/stream-size", "u8t_stream_size: 1..4096 bytes", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_ABI_STREAM_CAP] = {"abi/stream-cap", "u8t_stream_decode: returns at most cap", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_ABI_STREAM_CONSUMED] = {"abi/stream-consumed", "u8t_stream_consumed: consumes 0..n bytes, and all n at last", U8C_FN_STREAM, -1, U8C_DEPART_STREAM},
	[U8C_CONSISTENCY_DECODE_STREAM] = {"consistency/decode-stream", "u8t_stream_decode in one chunk gives what u8t_decode gives", U8C_FN_ANY, -1, U8C_DEPART_STREAM},
    /* clang-format on */
};
#undef BY_GROUP

const struct u8c_check *
u8c_check(enum u8c_check_id c)
{
	return &checks[c];
}

int
u8c_check_by_id(const char *id)
{
	for (int c = 0; c < U8C_CHECKS; c++)
		if (strcmp(checks[c].id, id) == 0)
			return c;
	return -1;
}
