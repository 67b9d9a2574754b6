/* SPDX-License-Identifier: MIT */
/*
 * check_call_stack.c - the switch to a call's own stack
 * (sandbox/call_stack.c): a function that keeps the calling convention
 * leaves u8c_convention_broken alone; one that changes any register or
 * flag the convention has it keep sets it, and the caller goes on with
 * its own values all the same.
 */
#include <check.h>
#include <stdint.h>

#include "call_stack.h"
#include "fence.h"
#include "suites.h"

#if defined(__x86_64__)

enum { STACK = 64 << 10, ANSWER = 7 };

/* Each returns ANSWER; all but the first change one thing the caller
 * may trust to be as it was. */
#define STUB(name, body)                                                       \
	__asm__(".text\n"                                                      \
	        ".type " #name ", @function\n" #name ":\n" body                \
	        "	mov $7, %eax\n"                                              \
	        "	ret\n"                                                       \
	        ".size " #name ", . - " #name "\n");                           \
	void name(void) __asm__(#name)

STUB(keeps, "");
STUB(breaks_rbx, "	mov $0x5A5A, %rbx\n");
STUB(breaks_rbp, "	mov $0x5A5A, %rbp\n");
STUB(breaks_r12, "	mov $0x5A5A, %r12\n");
STUB(breaks_r13, "	mov $0x5A5A, %r13\n");
STUB(breaks_r14, "	mov $0x5A5A, %r14\n");
STUB(breaks_r15, "	mov $0x5A5A, %r15\n");
STUB(sets_direction, "	std\n");

static const struct {
	const char *what;
	void (*fn)(void);
	int broken;
} cases[] = {
    {"keeps all", keeps, 0}, {"rbx", breaks_rbx, 1},
    {"rbp", breaks_rbp, 1},  {"r12", breaks_r12, 1},
    {"r13", breaks_r13, 1},  {"r14", breaks_r14, 1},
    {"r15", breaks_r15, 1},  {"direction flag", sets_direction, 1},
};

enum { CASES = sizeof cases / sizeof cases[0] };

static int
direction_flag_set(void)
{
	unsigned long flags;

	__asm__ volatile("pushfq\n\tpopq %0" : "=r"(flags));
	return (flags >> 10 & 1u) != 0;
}

START_TEST(test_convention_told)
{
	struct u8s_fence stack;
	/* live across the call, so the compiler keeps them in registers
	 * the callee must keep */
	volatile uint64_t seed = 0x0123456789ABCDEFu;
	uint64_t a = seed, b = a * 3, c = a ^ 0x55, d = a + 11;
	uintptr_t got;

	ck_assert_int_eq(u8s_fence_map(&stack, STACK), 0);
	u8c_convention_broken = 0;
	got = u8c_stack_call(1, 2, 3, 4, 5, 6, u8s_fence_end(&stack, 0),
	                     cases[_i].fn);
	ck_assert_msg(got == ANSWER, "%s: returned %lu", cases[_i].what,
	              (unsigned long)got);
	ck_assert_msg(u8c_convention_broken == cases[_i].broken,
	              "%s: u8c_convention_broken %d", cases[_i].what,
	              u8c_convention_broken);
	ck_assert_msg(!direction_flag_set(), "%s: direction flag left set",
	              cases[_i].what);
	ck_assert_msg(a == seed && b == seed * 3 && c == (seed ^ 0x55) &&
	                  d == seed + 11,
	              "%s: the caller's values changed", cases[_i].what);
	u8c_convention_broken = 0;
	u8s_fence_unmap(&stack);
}
END_TEST

#else

/* Elsewhere calls do not switch stacks, and nothing looks. */
START_TEST(test_nothing_told)
{
	ck_assert_int_eq(u8c_stack_switches, 0);
	ck_assert_int_eq(u8c_convention_broken, 0);
}
END_TEST

#endif

Suite *
call_stack_suite(void)
{
	Suite *s = suite_create("call_stack");
	TCase *tc = tcase_create("convention");

#if defined(__x86_64__)
	tcase_add_loop_test(tc, test_convention_told, 0, CASES);
#else
	tcase_add_test(tc, test_nothing_told);
#endif
	suite_add_tcase(s, tc);
	return s;
}
