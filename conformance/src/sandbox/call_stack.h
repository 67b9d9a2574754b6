/* SPDX-License-Identifier: MIT */
/*
 * call_stack.h - each call into the target on a stack of its own.
 *
 * A decoder that overruns a local array writes up its own stack, over
 * the frames of whoever called it.  On the worker's stack those are the
 * harness's frames, and the worker would go on from there with its own
 * return addresses and pointers smashed.  So every call runs on a
 * separate stack, in a fence (a guard page under it and over it), with
 * nothing of ours above the call's first frame but the return into
 * u8c_stack_call: a smash either faults in the upper guard (an
 * over-write) or damages only the call's own frames, and the call dies
 * in them (a crash).  The worker's recovery point lies on its own stack,
 * which the call never touches.
 */
#ifndef U8C_CALL_STACK_H
#define U8C_CALL_STACK_H

#include <stdint.h>

/* The call stack's size: what a thread gets by default. */
enum { U8C_CALL_STACK = 8 << 20 };

/* Whether calls really change stacks on this machine (x86-64); else
 * they run on the worker's stack, as before. */
extern const int u8c_stack_switches;

/* Set to 1 by u8c_stack_call when a call returned with a register or
 * flag changed that the calling convention has it keep; its reader
 * clears it.  In the worker's memory: a target can set it only against
 * itself. */
extern int u8c_convention_broken;

/*
 * u8c_stack_call - fn(a0, ..., a5) with the stack pointer at @top
 * (16-aligned, the stack's end); returns what fn returned in its integer
 * register.  The worker's registers are restored from its own stack,
 * whatever fn left in them.  The arguments stay in the registers they
 * came in: copied through memory, their loads held a third of the
 * switch's samples.
 */
uintptr_t u8c_stack_call(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3,
                         uintptr_t a4, uintptr_t a5, void *top,
                         void (*fn)(void));

/*
 * u8c_call_modes_reset - the modes the ABI has every function find and
 * leave as they were: the direction and alignment-check flags clear, the
 * floating point units' rounding, precision and exception masks their
 * defaults.  A call that died never restored what it changed; the next
 * call, on another input, would be judged with them.
 */
void u8c_call_modes_reset(void);

#endif /* U8C_CALL_STACK_H */
