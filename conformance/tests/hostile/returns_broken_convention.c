/* SPDX-License-Identifier: MIT */
/*
 * returns_broken_convention.c - hostile target: its u8t_decode, on an
 * input holding the byte C1, returns the right answer with rbx, rbp and
 * r12 changed and the direction flag set.  The calling convention has a
 * function leave all four as it found them: a C caller would go on with
 * its own variables replaced and its copies run backwards.
 *
 * Once, u8conform restored the registers and cleared the flag without a
 * word, and the worker's stack pointer was kept in rbx, so the change
 * of rbx killed the worker in its own code, told as a crash.  Expected:
 * isolation/convention on the inputs that hold C1, charged to
 * u8t_decode, and nothing else: the run goes on with its own values.
 */
#include "targets.h"

#if defined(__x86_64__)
/* The core's decoding, and whether what it decoded asks for the damage. */
__attribute__((used)) static volatile unsigned char break_it;

__attribute__((used)) static size_t
decode_and_look(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	break_it = 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] == 0xC1)
			break_it = 1;
	return u8tt_decode(s, n, out, cap);
}

/* Entered 8 bytes below a 16-byte boundary: one slot more aligns the
 * call.  The export replaces the core's weak one. */
__asm__(".text\n"
        ".globl u8t_decode\n"
        ".type u8t_decode, @function\n"
        "u8t_decode:\n"
        "	sub $8, %rsp\n"
        "	call decode_and_look\n"
        "	add $8, %rsp\n"
        "	cmpb $0, break_it(%rip)\n"
        "	je 1f\n"
        "	mov $0x5A5A5A5A, %ebx\n"
        "	mov %rbx, %rbp\n"
        "	mov %rbx, %r12\n"
        "	std\n"
        "1:\n"
        "	ret\n"
        ".size u8t_decode, . - u8t_decode\n");
#endif

const struct u8tt_target u8tt_target = {
    .name = "hostile-returns-broken-convention",
};
