/* SPDX-License-Identifier: MIT */
/*
 * checks.h - the catalogue of checks: what u8conform judges, one row
 * each.
 *
 * A check has an id (a contract: reports, expectation files and CI jobs
 * name it), a title, the function it judges and, for the per-group
 * checks, the group of inputs it covers.  The ids below name the rows
 * of the table in checks.c; the per-group rows come from U8C_GROUP_LIST,
 * so a group cannot be added without its three checks.
 */
#ifndef U8C_CHECKS_H
#define U8C_CHECKS_H

#include <stddef.h>

#include "groups.h"

/* The target's functions, in the order an item calls them. */
enum u8c_fn {
	U8C_FN_DECODE,
	U8C_FN_VALIDATE,
	U8C_FN_NEXT,
	U8C_FN_ENCODE,
	U8C_FN_STREAM, /* u8t_stream_size, _init and _decode (ABI 2),
	                  or _consumed (ABI 3)                        */
	U8C_FNS,
	U8C_FN_ANY = U8C_FNS, /* a check of the target as a whole */
};

/* The functions that decode bytes, as bits. */
#define U8C_DECODING_FNS                                                       \
	(1u << U8C_FN_DECODE | 1u << U8C_FN_VALIDATE | 1u << U8C_FN_NEXT |     \
	 1u << U8C_FN_STREAM)
/* Every function, as bits. */
#define U8C_ALL_FNS ((1u << U8C_FNS) - 1)

/* Beside the U8T_ traits, in the same word: the target's stream is
 * u8t_stream_consumed, whose tail the harness keeps. */
#define U8C_STREAM_CONSUMED 0x10000u

/* Short names ("decode"), as --functions and reports spell them; the
 * functions' own names ("u8t_decode", "u8t_stream_decode"). */
extern const char *const u8c_fn_names[U8C_FNS];
extern const char *const u8c_fn_titles[U8C_FNS];

/* u8c_fn_named - the function whose short name is name[0..len)
 * ("decode"), or U8C_FN_ANY for none. */
enum u8c_fn u8c_fn_named(const char *name, size_t len);

/* u8c_fn_list_parse - "decode,next" into bits of enum u8c_fn: each name
 * once, at least one.  Returns 0, or -1 for anything else. */
int u8c_fn_list_parse(const char *arg, unsigned *bits);

/* What can happen to a target's process, beyond a wrong answer. */
enum u8c_fate {
	U8C_FATE_CRASH,     /* killed by a signal (detail: the signal)       */
	U8C_FATE_OVERREAD,  /* read past the end of its input (detail:
	                       U8C_DETAIL_STATE: of a stream's state)       */
	U8C_FATE_UNDERREAD, /* read before the start of its input            */
	U8C_FATE_OVERWRITE, /* wrote past the end of its output (detail:
	                       U8C_DETAIL_STATE for a stream's state,
	                       U8C_DETAIL_STACK for its call stack's top)   */
	U8C_FATE_HANG,      /* no answer within the timeout                  */
	U8C_FATE_EXIT,      /* called exit (detail: the status)              */
	U8C_FATE_OUTPUT,    /* wrote to stdout or stderr                     */
	U8C_FATE_SPAWN,     /* started a process, or a program               */
	U8C_FATE_KILL,      /* sent a signal to another process              */
	U8C_FATE_REACH,     /* reached into another process (ptrace, its
	                       memory, descriptors) or around the filter    */
	U8C_FATE_MEMORY,    /* held more than --memory (detail: MiB held)    */
	U8C_FATE_MEMORY_ERROR, /* a sanitizer's memory error (AddressSanitizer,
	                          MemorySanitizer): its report says which    */
	U8C_FATE_UNDEFINED,    /* UndefinedBehaviorSanitizer's report        */
	U8C_FATE_PROTOCOL,     /* an --exec child's answer was not one: not a
	                          frame, or not the frame asked for         */
	U8C_FATE_CONVENTION,   /* returned with a register or flag changed
	                          that the calling convention has it keep  */
	U8C_FATES
};

/* The details a fate's text tells apart: an over-write past
 * u8t_stream_size() bytes of state, past the top of the call's own stack,
 * or before the start of its output; a reach that changes the handler of
 * a signal the worker keeps; a fate that is not a call's end (output,
 * a process started, a signal sent) met between calls, charged to the
 * last one; and an over-write of the record of its answers that the
 * harness reads (sandbox/wire.h). */
enum {
	U8C_DETAIL_STATE = -1,
	U8C_DETAIL_STACK = -2,
	U8C_DETAIL_BETWEEN = -3,
	U8C_DETAIL_BEFORE = -4,
	U8C_DETAIL_SIGNAL = -5,
	/* a hang: which clock ran out */
	U8C_DETAIL_HANG_CPU = -6,
	U8C_DETAIL_HANG_BLOCKED = -7,
	U8C_DETAIL_HANG_UNREAD = -8,
	/* an over-write of the record the harness reads */
	U8C_DETAIL_HARNESS = -9,
	/* a hang of an --exec child: no answer within the --timeout */
	U8C_DETAIL_HANG_CHILD = -10,
	/* an over-write of the load report: functions the library defines
	 * left out of its exports */
	U8C_DETAIL_LOAD_REPORT = -11
};

enum u8c_check_id {
#define U8C_DECODE_ID(name, id, title) U8C_DECODE_##name,
	U8C_GROUP_LIST(U8C_DECODE_ID)
#undef U8C_DECODE_ID
#define U8C_VALIDATE_ID(name, id, title) U8C_VALIDATE_##name,
	    U8C_GROUP_LIST(U8C_VALIDATE_ID)
#undef U8C_VALIDATE_ID
#define U8C_NEXT_ID(name, id, title) U8C_NEXT_##name,
	        U8C_GROUP_LIST(U8C_NEXT_ID)
#undef U8C_NEXT_ID
	            U8C_DECODE_REPLACEMENT,
	U8C_DECODE_DROPS,
	U8C_DECODE_BOM,
	U8C_NEXT_REPLACEMENT,
	U8C_ENCODE_SCALARS,
	U8C_ENCODE_SURROGATES,
	U8C_ENCODE_BEYOND,
	U8C_ABI_DECODE_CAP,
	U8C_ABI_VALIDATE,
	U8C_ABI_NEXT,
	U8C_ABI_ENCODE,
	U8C_CONSISTENCY_DECODE_NEXT,
	U8C_STATE_BETWEEN_CALLS,
	U8C_ISOLATION_CRASH, /* one per fate, in enum u8c_fate's order */
	U8C_ISOLATION_OVERREAD,
	U8C_ISOLATION_UNDERREAD,
	U8C_ISOLATION_OVERWRITE,
	U8C_ISOLATION_HANG,
	U8C_ISOLATION_EXIT,
	U8C_ISOLATION_OUTPUT,
	U8C_ISOLATION_SPAWN,
	U8C_ISOLATION_KILL,
	U8C_ISOLATION_REACH,
	U8C_ISOLATION_MEMORY,
	U8C_ISOLATION_MEMORY_ERROR,
	U8C_ISOLATION_UNDEFINED,
	U8C_ISOLATION_PROTOCOL,
	U8C_ISOLATION_CONVENTION,
#define U8C_STREAM_ID(name, id, title) U8C_STREAM_##name,
	U8C_GROUP_LIST(U8C_STREAM_ID)
#undef U8C_STREAM_ID
	    U8C_STREAM_REPLACEMENT,
	U8C_STREAM_DROPS,
	U8C_STREAM_BOM,
	U8C_STREAM_PROMPT,
	U8C_STREAM_EARLY,
	U8C_STREAM_FLUSH,
	U8C_STREAM_INIT,
	U8C_STREAM_INDEPENDENT,
	U8C_ABI_STREAM_SIZE,
	U8C_ABI_STREAM_CAP,
	U8C_ABI_STREAM_CONSUMED,
	U8C_CONSISTENCY_DECODE_STREAM,
	U8C_CHECKS
};

/* The per-group checks of a function are its group's index apart. */
_Static_assert(U8C_VALIDATE_ROW_00_7F - U8C_DECODE_ROW_00_7F == U8C_GROUPS &&
                   U8C_NEXT_ROW_00_7F - U8C_VALIDATE_ROW_00_7F == U8C_GROUPS,
               "one check per group and function, in group order");
_Static_assert(U8C_ISOLATION_CONVENTION - U8C_ISOLATION_CRASH + 1 == U8C_FATES,
               "one isolation check per fate, in fate order");

/* Whether check @c is one of the isolation checks (one per fate). */
static inline int
u8c_check_is_isolation(int c)
{
	return c >= U8C_ISOLATION_CRASH && c < U8C_ISOLATION_CRASH + U8C_FATES;
}

/* How a failure of a check departs from Table 3-7, as the byte map
 * (byte_map.h) colours it: from the least to the most serious, so that
 * a cell shows the worst of its inputs. */
enum u8c_departure {
	U8C_DEPART_NONE,    /* a cell not tested                        */
	U8C_DEPART_AGREES,  /* tested, no departure                     */
	U8C_DEPART_BOM,     /* a leading BOM stripped                   */
	U8C_DEPART_STREAM,  /* only its stream departs                  */
	U8C_DEPART_OTHER,   /* offsets, the ABI, one function against
	                       another, state, encoding                 */
	U8C_DEPART_POLICY,  /* another count of U+FFFD                  */
	U8C_DEPART_REJECTS, /* well-formed bytes rejected or misread    */
	U8C_DEPART_ACCEPTS, /* ill-formed bytes read otherwise than
	                       Table 3-7 reads them                     */
	U8C_DEPART_FATAL,   /* a crash, a hang, an exit, an escape      */
	U8C_DEPARTURES
};

struct u8c_check {
	const char *id;    /* "decode/overlong-3": a contract            */
	const char *title; /* what passing it means                      */
	enum u8c_fn fn;    /* the function it judges, or U8C_FN_ANY      */
	int group;         /* its enum u8c_group, or -1                  */
	enum u8c_departure departure; /* how a failure of it departs     */
};

/* The row of check @c. */
const struct u8c_check *u8c_check(enum u8c_check_id c);

/* The check of @fn (decode, validate, next or stream) for group @g. */
static inline enum u8c_check_id
u8c_check_of_group(enum u8c_fn fn, enum u8c_group g)
{
	return (enum u8c_check_id)(
	    (fn == U8C_FN_STREAM
	         ? U8C_STREAM_ROW_00_7F
	         : U8C_DECODE_ROW_00_7F + (int)fn * U8C_GROUPS) +
	    (int)g);
}

/* The isolation check of @fate. */
static inline enum u8c_check_id
u8c_check_of_fate(enum u8c_fate fate)
{
	return (enum u8c_check_id)(U8C_ISOLATION_CRASH + (int)fate);
}

/* The check whose id is @id, or -1. */
int u8c_check_by_id(const char *id);

#endif /* U8C_CHECKS_H */
