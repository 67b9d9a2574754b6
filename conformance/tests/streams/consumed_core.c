/* SPDX-License-Identifier: MIT */
/*
 * consumed_core.c - u8t_stream_size, _init and _consumed (ABI version 3)
 * over the test core (../targets/base.c), as CPython's stateful decoder
 * works: no state, each call decodes what it can and consumes all but
 * an incomplete tail, which the caller keeps and passes again; at the
 * last chunk that tail is replaced.  With its one defect,
 * consumed_ascii_unset, it is the bug of CPython 3.11.2's
 * PyUnicode_DecodeUTF8Stateful (gh-99612): a fast path for ASCII leaves
 * *consumed as it found it.
 */
#include "targets.h"
#include "u8t.h"

const int u8tt_streams = 3;

U8T_EXPORT size_t
u8t_stream_size(void)
{
	return 16;
}

U8T_EXPORT void
u8t_stream_init(void *state)
{
	(void)state; /* nothing is kept there */
}

U8T_EXPORT size_t
u8t_stream_consumed(void *state, const uint8_t *s, size_t n, int last,
                    size_t *consumed, uint32_t *out)
{
	size_t count = 0, i = 0;
	int ascii = 1;

	(void)state;
	for (size_t k = 0; k < n; k++)
		ascii &= s[k] < 0x80;
	if (u8tt_target.defects.consumed_ascii_unset && ascii && n > 0) {
		for (; i < n; i++)
			out[count++] = s[i];
		return count; /* Defect: *consumed left alone */
	}
	while (i < n) {
		struct u8tt_step r = u8tt_step(s + i, n - i);

		if (r.status == U8TT_TRUNCATED && !last)
			break; /* the caller keeps it */
		out[count++] = r.cp;
		i += r.len;
	}
	*consumed = i;
	return count;
}
