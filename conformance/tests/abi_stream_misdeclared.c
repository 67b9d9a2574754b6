/* SPDX-License-Identifier: MIT */
/*
 * abi_stream_misdeclared.c - two targets whose stream u8conform must
 * refuse with exit status 2: with BOTH, one exporting u8t_stream_decode
 * and u8t_stream_consumed, which is one stream too many; without it, one
 * exporting u8t_stream_consumed while it says it is version 2.
 */
#include "u8t.h"

U8T_EXPORT int
u8t_abi_version(void)
{
#ifdef BOTH
	return 3;
#else
	return 2;
#endif
}

U8T_EXPORT size_t
u8t_stream_size(void)
{
	return 16;
}

U8T_EXPORT void
u8t_stream_init(void *state)
{
	(void)state;
}

U8T_EXPORT size_t
u8t_stream_consumed(void *state, const uint8_t *s, size_t n, int last,
                    size_t *consumed, uint32_t *out)
{
	(void)state, (void)s, (void)last, (void)out;
	*consumed = n;
	return 0;
}

#ifdef BOTH
U8T_EXPORT size_t
u8t_stream_decode(void *state, const uint8_t *s, size_t n, int last,
                  uint32_t *out, size_t cap)
{
	(void)state, (void)s, (void)n, (void)last, (void)out, (void)cap;
	return 0;
}
#endif
