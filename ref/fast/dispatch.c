/* SPDX-License-Identifier: MIT */
/*
 * dispatch.c - the list of kernels, which ones this CPU runs, and the
 * one u8ref_validate_fast uses.
 *
 * The choice is the only state in libu8ref: one pointer, set at the
 * first call from U8REF_KERNEL (or the fastest kernel the CPU runs) and
 * changed only by u8ref_kernel_select.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

/* Slowest first, so "auto" is the last one the CPU supports. */
static const struct u8ref_kernel kernels[] = {
    {"scalar", u8ref_fast_scalar},
#ifdef U8REF_X86_KERNELS
    {"sse4", u8ref_fast_sse4},
    {"avx2", u8ref_fast_avx2},
    {"avx512", u8ref_fast_avx512},
#endif
};
enum { NKERNELS = sizeof kernels / sizeof kernels[0] };

static _Atomic(const struct u8ref_kernel *) active;

const struct u8ref_kernel *
u8ref_kernel_at(size_t i)
{
	return i < NKERNELS ? &kernels[i] : NULL;
}

int
u8ref_kernel_supported(const struct u8ref_kernel *k)
{
	if (k == NULL)
		return 0;
#ifdef U8REF_X86_KERNELS
	/* The instructions each kernel's file is compiled for. */
	if (k->validate == u8ref_fast_sse4)
		return __builtin_cpu_supports("ssse3") &&
		       __builtin_cpu_supports("sse4.1");
	if (k->validate == u8ref_fast_avx2)
		return __builtin_cpu_supports("avx2");
	if (k->validate == u8ref_fast_avx512)
		return __builtin_cpu_supports("avx512f") &&
		       __builtin_cpu_supports("avx512bw") &&
		       __builtin_cpu_supports("avx512vbmi");
#endif
	return k->validate == u8ref_fast_scalar;
}

const struct u8ref_kernel *
u8ref_kernel_by_name(const char *name)
{
	for (size_t i = 0; name != NULL && i < NKERNELS; i++)
		if (strcmp(kernels[i].name, name) == 0)
			return &kernels[i];
	return NULL;
}

/* The kernel @name picks, or NULL when it picks none this CPU runs. */
static const struct u8ref_kernel *
pick(const char *name)
{
	const struct u8ref_kernel *k;

	if (name == NULL || strcmp(name, "auto") == 0) {
		for (size_t i = NKERNELS; i-- > 0;)
			if (u8ref_kernel_supported(&kernels[i]))
				return &kernels[i];
	}
	k = u8ref_kernel_by_name(name);
	return u8ref_kernel_supported(k) ? k : NULL;
}

int
u8ref_kernel_select(const char *name)
{
	const struct u8ref_kernel *k = pick(name);

	if (k == NULL)
		return -1;
	atomic_store_explicit(&active, k, memory_order_relaxed);
	return 0;
}

const struct u8ref_kernel *
u8ref_kernel_active(void)
{
	const struct u8ref_kernel *k =
	    atomic_load_explicit(&active, memory_order_relaxed);

	if (k == NULL) {
		k = pick(getenv("U8REF_KERNEL"));
		if (k == NULL)
			k = pick(NULL);
		/* Keep a concurrent u8ref_kernel_select's choice. */
		const struct u8ref_kernel *none = NULL;
		if (!atomic_compare_exchange_strong(&active, &none, k))
			k = none;
	}
	return k;
}

struct u8ref_validation
u8ref_validate_fast(const uint8_t *s, size_t n)
{
	if (n <= U8REF_FAST_ONE_CHARACTER)
		return u8ref_fast_scalar(s, n);
	return u8ref_kernel_active()->validate(s, n);
}
