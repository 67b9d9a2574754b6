/* SPDX-License-Identifier: MIT */
/*
 * answers.h - what a target answered on one item: the contract between
 * the code that calls a target (sandbox/calls.c, the fuzzer) and the
 * judge, which never calls it.
 *
 * Answers are raw: the values and lengths the target returned, as it
 * returned them.  A call that did not come back (a crash, a hang, an
 * exit...) is U8C_ANSWER_DIED; its fate is recorded by whoever saw it.
 */
#ifndef U8C_ANSWERS_H
#define U8C_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

#include "checks.h"
#include "u8t.h"

enum u8c_answer {
	U8C_ANSWER_NONE = 0, /* not asked: not exported, or set aside */
	U8C_ANSWER_GIVEN,    /* the call returned                    */
	U8C_ANSWER_DIED,     /* the call never returned              */
};

/* The answers to a fixed input, which must not change from call to call:
 * a stateless target gives the same every time. */
struct u8c_probe {
	size_t ndecode, nnext;
	uint32_t decode[4], next[4];
	int valid;
};

/* The fixed inputs of the state probe.  A continuation byte first: it is
 * what a leftover lead byte would swallow. */
enum { U8C_PROBES = 3 };
struct u8c_probe_input {
	uint8_t s[2];
	size_t n;
	const char *name;
};
extern const struct u8c_probe_input u8c_probe_inputs[U8C_PROBES];

/* Whether u8t_encode is asked for @cp: not outside the domain a target
 * with U8T_SCALARS_ONLY declares. */
static inline int
u8c_encoder_asked(unsigned traits, uint32_t cp)
{
	return !(traits & U8T_SCALARS_ONLY) ||
	       !(cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF));
}

struct u8c_answers {
	uint8_t given[U8C_FNS]; /* enum u8c_answer, per function          */
	/* u8t_decode(s, n, out, cap) */
	size_t cap;             /* the room it was given                  */
	size_t ndecode;         /* what it returned; may exceed cap       */
	const uint32_t *decode; /* the values, when ndecode <= cap        */
	/* u8t_validate(s, n, &err), err preset to SIZE_MAX */
	int valid;
	size_t err;
	/* when it said valid but the reference finds an error at error_at
	 * (set by the caller; SIZE_MAX when none): the last start, from
	 * error_at back, from which it calls the rest valid too.  Below
	 * error_at, what made it accept the error is there (a NUL, say) */
	size_t error_at;
	size_t accepted_from;
	/* when it said ill-formed at err != error_at: its answer on the
	 * input up to the later of the two, which holds error_at's error
	 * (or, when err came first, holds none): 1 or 0 as said, -1 when
	 * not asked.  A right answer there leaves only the offset wrong */
	int valid_prefix;
	/* u8t_next, once per character; a step that consumed 0 or more
	 * than was left is the last one */
	size_t nnext;
	const uint32_t *next_cp; /* *cp, preset to U8T_ERROR            */
	const size_t *next_len;  /* what each call returned              */
	/* u8t_encode(cp, out) */
	size_t nencode;
	uint8_t encode[8];
	/* the state probe after this item */
	int probed;                          /* it ran                    */
	unsigned probe_k;                    /* on u8c_probe_inputs[k]    */
	struct u8c_probe probe_now;          /* its answers now           */
	const struct u8c_probe *probe_fresh; /* on a fresh start       */
};

#endif /* U8C_ANSWERS_H */
