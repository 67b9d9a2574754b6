/* SPDX-License-Identifier: MIT */
/*
 * calls.h - calling a target's functions on one item, through buffers
 * fenced by inaccessible pages, and keeping what it answers.
 *
 * Every input is copied flush against a guard page before each call (its
 * last byte before the upper guard, or its first after the lower one),
 * and every output buffer ends at one, so a read or write one byte
 * outside faults at an address that says which it was.  Nothing here
 * catches the fault: the worker does (sandbox/worker.c), or the fuzzing
 * engine.
 */
#ifndef U8C_CALLS_H
#define U8C_CALLS_H

#include "answers.h"
#include "families.h"
#include "fence.h"
#include "plan.h"
#include "target.h"

struct u8c_stage {
	struct u8s_fence in;  /* inputs                               */
	struct u8s_fence out; /* u8t_decode's values                  */
	struct u8s_fence enc; /* u8t_encode's bytes                   */
	enum u8c_placement placement;
	int nul; /* U8T_NEEDS_NUL: a 0 at s[n], the guard after it */
	/* where answers are kept */
	uint32_t decoded[U8C_MAX_INPUT];
	uint32_t next_cp[U8C_MAX_INPUT];
	size_t next_len[U8C_MAX_INPUT];
};

/* u8c_stage_init - map the fences; 0, or -1 with errno set. */
int u8c_stage_init(struct u8c_stage *st);

/*
 * u8c_call - call function @fn of @t on @item and store its answer in
 * @a (a->given[fn] is left to the caller, which knows whether the call
 * came back).  @fn must be exported and suit the item's kind.
 */
void u8c_call(struct u8c_stage *st, const struct u8c_target *t, enum u8c_fn fn,
              const struct u8c_item *item, struct u8c_answers *a);

/* u8c_call_probe - every decoding function @t exports on the state
 * probe's input @k, into @p. */
void u8c_call_probe(struct u8c_stage *st, const struct u8c_target *t,
                    unsigned k, struct u8c_probe *p);

/* u8c_stage_fate - what a fault at @addr means: an over-read, under-read
 * or over-write when it is in one of the stage's guards, else a crash. */
enum u8c_fate u8c_stage_fate(const struct u8c_stage *st, const void *addr);

#endif /* U8C_CALLS_H */
