/* SPDX-License-Identifier: MIT */
/*
 * call_stack.c - u8c_stack_call: the switch to a call's own stack.
 *
 * A few instructions of assembly, since C has no way to say "call this
 * with that stack pointer" short of swapcontext, which costs a system
 * call (the signal mask) each way.  Every register the ABI has a callee
 * keep (rbx, rbp, r12-r15) is saved on the worker's stack before the
 * switch and restored from it after, and the worker's stack pointer is
 * kept in memory too, so a target that breaks the convention carries no
 * bad value back into our code.  The direction flag, which the ABI has a
 * function clear on return and our copies trust, is cleared after a call
 * that left it set.  Each of the seven is compared with what it was
 * before the call: a C caller of such a target would go on with a wrong
 * value, so it is a finding (u8c_convention_broken).
 */
#include "call_stack.h"

#if defined(__x86_64__)

const int u8c_stack_switches = 1;

int u8c_convention_broken __attribute__((visibility("hidden")));

/* The worker's stack pointer during a call: not in a register the
 * target could leave changed. */
uintptr_t u8c_call_saved_sp __attribute__((visibility("hidden")));

/* The six arguments come in the registers the call takes them in, @top
 * and @fn on the stack, above the return address and the six registers
 * saved here.  The worker's stack pointer is kept in rbx and in memory:
 * when rbx still holds it, the stack is back without waiting for a
 * load, and rcx (free, as rdi: the caller's to lose) gathers the other
 * differences: each saved register xor its value now, then the
 * direction flag's.  The flag is cleared only when something differed,
 * since cld costs as much as the look. */
__asm__(".text\n"
        ".globl u8c_stack_call\n"
        ".hidden u8c_stack_call\n"
        ".type u8c_stack_call, @function\n"
        "u8c_stack_call:\n"
        "	push %rbp\n"
        "	push %rbx\n"
        "	push %r12\n"
        "	push %r13\n"
        "	push %r14\n"
        "	push %r15\n"
        "	mov %rsp, %rbx\n"
        "	mov %rsp, u8c_call_saved_sp(%rip)\n"
        "	mov 64(%rsp), %rax\n"
        "	mov 56(%rsp), %rsp\n"
        "	call *%rax\n"
        "	cmp u8c_call_saved_sp(%rip), %rbx\n"
        "	jne 2f\n"
        "	mov %rbx, %rsp\n"
        "	mov %rsp, %rdi\n"
        "	xor (%rsp), %r15\n"
        "	mov %r15, %rcx\n"
        "	xor 8(%rsp), %r14\n"
        "	or %r14, %rcx\n"
        "	xor 16(%rsp), %r13\n"
        "	or %r13, %rcx\n"
        "	xor 24(%rsp), %r12\n"
        "	or %r12, %rcx\n"
        "	xor 40(%rsp), %rbp\n"
        "	or %rbp, %rcx\n"
        /* scasb steps rdi one up, or one down under the direction
         * flag: rdi - 1 - rsp is 0, or -2.  A third of what pushfq
         * costs, and no more than the cld it saves. */
        "	scasb\n"
        "	lea -1(%rdi), %rdi\n"
        "	sub %rsp, %rdi\n"
        "	or %rdi, %rcx\n"
        "	jnz 3f\n"
        "1:\n"
        "	pop %r15\n"
        "	pop %r14\n"
        "	pop %r13\n"
        "	pop %r12\n"
        "	pop %rbx\n"
        "	pop %rbp\n"
        "	ret\n"
        "2:\n" /* rbx changed: the stack pointer from memory */
        "	mov u8c_call_saved_sp(%rip), %rsp\n"
        "3:\n"
        "	cld\n"
        "	movl $1, u8c_convention_broken(%rip)\n"
        "	jmp 1b\n"
        ".size u8c_stack_call, . - u8c_stack_call\n");

void
u8c_call_modes_reset(void)
{
	static const uint32_t mxcsr = 0x1F80; /* SSE's at start */
	enum { AC = 1 << 18 };

	__asm__ volatile("cld\n\t"
	                 "pushfq\n\t"
	                 "andq %1, (%%rsp)\n\t"
	                 "popfq\n\t"
	                 "fninit\n\t" /* x87's control word 0x37F */
	                 "ldmxcsr %0"
	                 :
	                 : "m"(mxcsr), "i"(~(long)AC)
	                 : "cc", "memory");
}

#else

const int u8c_stack_switches = 0;

int u8c_convention_broken; /* never set: only the switch looks */

/* Elsewhere the call runs where the worker is: the six integer
 * arguments are passed in registers on every ABI we build for, so a
 * function that takes fewer ignores the rest. */
uintptr_t
u8c_stack_call(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3,
               uintptr_t a4, uintptr_t a5, void *top, void (*fn)(void))
{
	typedef uintptr_t (*six)(uintptr_t, uintptr_t, uintptr_t, uintptr_t,
	                         uintptr_t, uintptr_t);

	(void)top;
	return ((six)(void (*)(void))fn)(a0, a1, a2, a3, a4, a5);
}

#if defined(__aarch64__)
void
u8c_call_modes_reset(void)
{
	/* FPCR 0: rounding to nearest, no traps, no flushing to zero */
	__asm__ volatile("msr fpcr, xzr" ::: "memory");
}
#else
#error "u8c_call_modes_reset knows x86-64 and AArch64"
#endif

#endif
