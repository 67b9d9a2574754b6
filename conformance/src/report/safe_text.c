/* SPDX-License-Identifier: MIT */
/*
 * safe_text.c - making outside bytes printable, with the reference
 * decoder.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safe_text.h"
#include "u8ref.h"

/* Characters that change how what follows is shown, or that XML 1.0
 * does not allow. */
static int
needs_escape(uint32_t cp)
{
	return cp < 0x20 || cp == 0x5C || (cp >= 0x7F && cp <= 0x9F) ||
	       cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 ||
	       cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
	       (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFFFE || cp == 0xFFFF;
}

char *
u8c_safe_text(const uint8_t *s, size_t n, size_t max)
{
	static const char cut[] = "...";
	/* each input byte becomes at most 10 output bytes ("\u{202E}") */
	size_t room = (n < max ? n : max) * 10 + sizeof cut + 16, at = 0, off;
	char *out = malloc(room), piece[16];
	struct u8ref_result r;
	size_t k;

	if (out == NULL)
		return NULL;
	for (off = 0; off < n; off += r.len) {
		r = u8ref_decode_one(NULL, s + off, n - off);
		if (r.status != U8REF_OK)
			k = (size_t)snprintf(piece, sizeof piece,
			                     "\xEF\xBF\xBD");
		else if (r.cp == 0x5C)
			k = (size_t)snprintf(piece, sizeof piece, "\\\\");
		else if (needs_escape(r.cp) && r.cp < 0x100)
			k = (size_t)snprintf(piece, sizeof piece, "\\x%02X",
			                     (unsigned)r.cp);
		else if (needs_escape(r.cp))
			k = (size_t)snprintf(piece, sizeof piece, "\\u{%X}",
			                     (unsigned)r.cp);
		else
			k = (size_t)u8ref_encode(NULL, r.cp, (uint8_t *)piece);
		if (at + k > max) {
			memcpy(out + at, cut, sizeof cut);
			return out;
		}
		memcpy(out + at, piece, k);
		at += k;
	}
	out[at] = '\0';
	return out;
}
