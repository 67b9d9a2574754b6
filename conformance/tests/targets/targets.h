/* SPDX-License-Identifier: MIT */
/*
 * targets.h - the one decoder core behind every test target, and its defects.
 *
 * base.c implements the u8t ABI once, correctly, from Table 3-7 of The
 * Unicode Standard and the "U+FFFD Substitution of Maximal Subparts"
 * practice.  Each test target is a small file that defines u8tt_target:
 * its name and the single defect it switches on.  With no defect set the
 * core is the "correct" control.  Nothing here is copied from ref/.
 */
#ifndef U8TT_TARGETS_H
#define U8TT_TARGETS_H

#include <stddef.h>
#include <stdint.h>

/* One flag per defect, 0 or 1; a broken target sets exactly one. */
struct u8tt_defects {
	unsigned char accepts_overlong;    /* C0 80 decodes, to U+0000 */
	unsigned char accepts_surrogate;   /* ED A0 80 decodes, to D800 */
	unsigned char accepts_too_large;   /* F4 90 80 80 gives 110000 */
	unsigned char accepts_5_6_byte;    /* F8 88 80 80 80: 200000 */
	unsigned char rejects_fffe_ffff;   /* EF BF BE, EF BF BF fail */
	unsigned char drops_lead_bits;     /* F1 80 80 80 gives 0000 */
	unsigned char encodes_surrogate;   /* D800 encodes as ED A0 80 */
	unsigned char crash_on_f5;         /* NULL write at a lead F5 */
	unsigned char hang_on_fe;          /* endless loop at a lead FE */
	unsigned char exit_on_ff;          /* exit(3) at a lead FF */
	unsigned char prints_on_c1;        /* stdout line at a lead C1 */
	unsigned char reads_past_end;      /* s[n] after a final lead */
	unsigned char reads_before_start;  /* s[-1] before a first trail */
	unsigned char writes_past_cap;     /* out[cap] = 0 on ASCII */
	unsigned char keeps_state;         /* a cut-off tail carries over */
	unsigned char next_no_progress;    /* next: 0 at a lone trail */
	unsigned char next_past_end;       /* next: n + 1 when cut off */
	unsigned char validate_off_by_one; /* *err one byte too far */
	unsigned char count_over_cap;      /* decode: cap + 1 on errors */
	unsigned char fffd_per_byte;       /* U+FFFD per ill-formed byte */
	unsigned char fffd_per_run;        /* U+FFFD per run of errors */
	unsigned char drops_ill_formed;    /* nothing for ill-formed */
	unsigned char strips_bom;          /* leading EF BB BF dropped */
	unsigned char next_leaves_cp;      /* next: *cp untouched on errors */
	unsigned char stops_at_nul;        /* decode, validate end at a 00 */
};

/* What a hostile target (conformance/tests/hostile/) does besides
 * decoding, each hook NULL when it does nothing there. */
struct u8tt_hooks {
	/* At the start of u8t_decode, u8t_validate, u8t_next ("decode",
	 * ...) with their input, and of u8t_encode with s NULL and n the
	 * code point. */
	void (*on_call)(const char *fn, const uint8_t *s, size_t n);
	void (*on_name)(void);     /* when u8t_name() is asked        */
	void (*on_version)(void);  /* when u8t_abi_version() is asked */
	const char *(*name)(void); /* u8t_name()'s answer instead    */
};

/* What a test target file defines: the rest of the library is base.c. */
struct u8tt_target {
	const char *name;            /* u8t_name(): "test-<manifest name>" */
	struct u8tt_defects defects; /* all zero for the correct control    */
	struct u8tt_hooks hooks;     /* all NULL but for hostile targets    */
};

/* Defined by exactly one target file per shared library. */
extern const struct u8tt_target u8tt_target;

#endif /* U8TT_TARGETS_H */
