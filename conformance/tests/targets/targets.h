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
	/* u8t_stream_decode's (conformance/tests/streams/) */
	unsigned char stream_drops_split; /* a character across a cut lost */
	unsigned char stream_early;       /* a cut tail replaced at once    */
	unsigned char stream_no_flush_empty; /* an empty last chunk: no flush */
	unsigned char stream_empty_ends;   /* an empty chunk taken as last   */
	unsigned char stream_init_keeps;   /* init leaves the tail there     */
	unsigned char stream_static;       /* the tail in a static variable  */
	unsigned char stream_three_chunks; /* a 4-byte tail cut twice: lost  */
	unsigned char stream_breaker_lost; /* E0 | 41: the 41 swallowed      */
	unsigned char stream_merges_split; /* E0 | 80: one U+FFFD for both   */
	unsigned char stream_stores_eight; /* from the 9th error in a row, 8
	                                      U+FFFD stored at once, past cap */
	unsigned char stream_strips_bom;   /* a first chunk's leading BOM
	                                      skipped                      */
	unsigned char stream_past_state;   /* writes state[size]             */
	unsigned char stream_before_state; /* k: writes state[-k]           */
	unsigned char stream_reads_past_state; /* reads state[size]        */
	unsigned char stream_reads_back; /* reads s[-1] to resume a tail   */
	unsigned char stream_holds_back; /* each chunk's last character
	                                    written with the next chunk   */
	unsigned char stream_gathers_blocks; /* chunks of under 16 bytes
	                                        gathered into blocks of 16,
	                                        each decoded alone         */
	unsigned char stream_pads_to_cap;    /* each chunk's values, then
	                                        U+FFFD up to its cap: five
	                                        values a byte, a byte a chunk */
	/* u8t_stream_consumed's (streams/consumed_core.c) */
	unsigned char consumed_ascii_unset; /* *consumed not set on a
	                                       chunk of ASCII alone      */
};

/* What a hostile target (conformance/tests/hostile/) does besides
 * decoding, each hook NULL when it does nothing there. */
struct u8tt_hooks {
	/* At the start of u8t_decode, u8t_validate, u8t_next ("decode",
	 * ...) with their input, of u8t_stream_decode ("stream") with its
	 * chunk, and of u8t_encode with s NULL and n the code point. */
	void (*on_call)(const char *fn, const uint8_t *s, size_t n);
	/* Then, in u8t_stream_decode, with its state and its chunk. */
	void (*on_stream)(void *state, const uint8_t *s, size_t n);
	/* Then, in u8t_decode, with the room it was given. */
	void (*on_decode_out)(const uint8_t *s, size_t n, uint32_t *out,
	                      size_t cap);
	size_t (*stream_size)(void); /* u8t_stream_size()'s answer
	                                instead (streaming targets)    */
	void (*on_name)(void);       /* when u8t_name() is asked        */
	void (*on_version)(void);    /* when u8t_abi_version() is asked */
	const char *(*name)(void);   /* u8t_name()'s answer instead    */
};

/* What a test target file defines: the rest of the library is base.c. */
struct u8tt_target {
	const char *name;            /* u8t_name(): "test-<manifest name>" */
	struct u8tt_defects defects; /* all zero for the correct control    */
	struct u8tt_hooks hooks;     /* all NULL but for hostile targets    */
};

/* Defined by exactly one target file per shared library. */
extern const struct u8tt_target u8tt_target;

/* The core's decision on s[0..n), n >= 1, for the stream's layer: the
 * character, the maximal subpart standing for one U+FFFD, or a live
 * prefix cut by the end of s (status 2). */
enum { U8TT_OK, U8TT_ILL, U8TT_TRUNCATED };
struct u8tt_step {
	int status;
	uint32_t cp; /* the value, or U+FFFD */
	size_t len;  /* bytes it took, 1..n  */
};
struct u8tt_step u8tt_step(const uint8_t *s, size_t n);

/* The core's u8t_decode, under a name of its own that still reaches it
 * when a target's own file defines u8t_decode (the core's is weak) and
 * calls this one from it: a hostile target that wraps it in assembly.
 * The code keeps the export's name, which a symbolized frame shows. */
size_t u8tt_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap);

/* Defined by the stream's layer, when it is linked in: the ABI version
 * its functions need (2, or 3 for u8t_stream_consumed). */
extern const int u8tt_streams __attribute__((weak));

#endif /* U8TT_TARGETS_H */
