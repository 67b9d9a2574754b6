/* SPDX-License-Identifier: MIT */
/* u8abnf.c - RFC 3629 grammar text and the runtime of the ABNF oracle. */
/*
 * The grammar text below is the authority; everything else runs the
 * automaton u8abnf_compile (u8abnf_compile.c) derives from it.  The
 * runtime does no parsing and no allocation: one table lookup per octet,
 * because the exhaustive tests call it billions of times.  Deliberately
 * not done: any shortcut on known UTF-8 byte ranges.
 */
#include "u8abnf.h"

/* RFC 3629 section 4, page break removed, left margin of 3 dropped. */
const char u8abnf_rfc3629_text[] =
    "UTF8-octets = *( UTF8-char )\n"
    "UTF8-char   = UTF8-1 / UTF8-2 / UTF8-3 / UTF8-4\n"
    "UTF8-1      = %x00-7F\n"
    "UTF8-2      = %xC2-DF UTF8-tail\n"
    "UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /\n"
    "              %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )\n"
    "UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /\n"
    "              %xF4 %x80-8F 2( UTF8-tail )\n"
    "UTF8-tail   = %x80-BF\n";

int
u8abnf_init(struct u8abnf *g)
{
	return u8abnf_compile(g, u8abnf_rfc3629_text, "UTF8-char",
	                      "UTF8-octets");
}

struct u8abnf_char
u8abnf_first(const struct u8abnf *g, const uint8_t *s, size_t n)
{
	struct u8abnf_char r = {0, 0};
	unsigned st = g->start;
	size_t i;

	for (i = 0; i < n; i++) {
		st = g->next[st][s[i]];
		if (g->flags[st] & U8ABNF_ACCEPT) {
			/* Prefix code: no longer match exists, stop here. */
			r.complete = 1;
			r.len = i + 1;
			return r;
		}
		if (!(g->flags[st] & U8ABNF_LIVE)) {
			/* s[0..i) was the longest viable prefix. */
			r.len = i > 0 ? i : 1;
			return r;
		}
	}
	r.len = n; /* input ended inside a viable prefix */
	return r;
}

struct u8abnf_verdict
u8abnf_check(const struct u8abnf *g, const uint8_t *s, size_t n)
{
	struct u8abnf_verdict v = {0, 0, 0};
	unsigned st = g->start;
	size_t at = 0; /* where the current character began */
	size_t i;

	/* Same walk as u8abnf_first, restarted after each character, so the
	 * whole string costs one pass. */
	for (i = 0; i < n; i++) {
		unsigned f;

		st = g->next[st][s[i]];
		f = g->flags[st];
		if (f & U8ABNF_ACCEPT) {
			st = g->start;
			at = i + 1;
		} else if (!(f & U8ABNF_LIVE)) {
			v.offset = at;
			v.len = i > at ? i - at : 1;
			return v;
		}
	}
	if (at == n) {
		v.well_formed = 1;
		v.offset = n;
		return v;
	}
	v.offset = at;
	v.len = n - at;
	return v;
}
