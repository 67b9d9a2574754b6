/* SPDX-License-Identifier: MIT */
/* u8abnf.h - UTF-8 recognizer compiled from the ABNF of RFC 3629 section 4. */
/*
 * A test oracle that is independent of the main decoder: the only thing
 * authoritative here is the grammar text of RFC 3629 section 4, embedded
 * verbatim and compiled at init time by a small ABNF (RFC 5234) parser into
 * a minimal deterministic automaton over octets.  No byte range is written
 * by hand anywhere in this component.  Deliberately not done: decoding to
 * scalar values, replacement-character policy, and ABNF features that text
 * does not use (char-val, prose-val, %d/%b, "." concatenation, "=/").
 */
#ifndef U8ABNF_H
#define U8ABNF_H

#include <stddef.h>
#include <stdint.h>

/* Upper bound on automaton states, before and after minimisation; the
 * RFC 3629 grammar needs 10 after minimisation. */
#define U8ABNF_MAXSTATES 64

/* Bits of u8abnf.flags[state]. */
#define U8ABNF_ACCEPT 1u /* the octets read so far match the rule */
#define U8ABNF_LIVE   2u /* some continuation can still match the rule */

/*
 * The compiled grammar: a minimal DFA for one rule (UTF8-char for
 * u8abnf_init).  Plain data, so callers may keep it on the stack or in
 * static storage; it is read-only after u8abnf_init/u8abnf_compile.
 * State 0 is the dead state (no match is reachable from it).
 */
struct u8abnf {
	uint8_t next[U8ABNF_MAXSTATES][256]; /* next[state][octet] */
	uint8_t flags[U8ABNF_MAXSTATES];     /* U8ABNF_ACCEPT | U8ABNF_LIVE */
	uint8_t start;                       /* state before any octet */
	uint8_t nstates;                     /* states in use, dead included */
};

/* The rules of RFC 3629 section 4, character for character except that the
 * page break is removed and the 3-column left margin is dropped. */
extern const char u8abnf_rfc3629_text[];

/*
 * u8abnf_init - compile u8abnf_rfc3629_text into g.
 * @g: storage for the automaton; fully overwritten.
 *
 * Equivalent to u8abnf_compile(g, u8abnf_rfc3629_text, "UTF8-char",
 * "UTF8-octets").  Returns 0 on success, -1 if the text does not parse or
 * does not have the shape the API needs (see u8abnf_compile); the embedded
 * text always succeeds.  Spec: RFC 3629 section 4.
 */
int u8abnf_init(struct u8abnf *g);

/*
 * u8abnf_compile - compile one rule of an ABNF text into g.
 * @g: storage for the automaton; fully overwritten, contents unspecified
 *     on failure.
 * @text: NUL-terminated rule list in the RFC 5234 subset: "name = ..."
 *     definitions (names are case-insensitive), continuation lines that
 *     start with white space, ";" comments, alternation "/", concatenation
 *     by white space, "( )" groups, "[ ]" options, repetition "n", "n*m",
 *     "*m", "n*", "*", and %xHH / %xHH-HH terminals (octets only).  LF or
 *     CRLF line ends.
 * @char_rule: name of the rule that defines one character.
 * @string_rule: NULL, or the name of a rule that must be written as
 *     *( char_rule ) or *char_rule, i.e. a string is any sequence of
 *     characters (RFC 3629: UTF8-octets = *( UTF8-char )).
 *
 * Rule references are expanded in place, so recursive rules are rejected.
 * Returns 0 on success, -1 when the text does not parse, a referenced rule
 * is undefined or recursive, the automaton exceeds U8ABNF_MAXSTATES or the
 * internal construction limits, @string_rule has another shape, or
 * @char_rule is not a non-empty prefix code (it matches the empty string,
 * or some match is a proper prefix of another).  The prefix-code property
 * is what makes the greedy split in u8abnf_check unambiguous.
 * Spec: RFC 5234 sections 2-4 (ABNF), RFC 3629 section 4.
 */
int u8abnf_compile(struct u8abnf *g, const char *text, const char *char_rule,
                   const char *string_rule);

struct u8abnf_char {
	int complete; /* 1: a prefix of s matches the character rule */
	size_t len;   /* that match's length, or the maximal subpart's */
};

/*
 * u8abnf_first - classify the first character of s[0..n).
 * @g: automaton from u8abnf_init/u8abnf_compile.
 * @s: the octets; only s[0..n) is read.
 * @n: their number, n >= 1.
 *
 * If a prefix of s matches the character rule (UTF8-char), returns
 * complete=1 and len = the length of that prefix (unique: prefix code).
 * Otherwise complete=0 and len = the length of the maximal subpart: the
 * longest prefix of s that is a prefix of some match, or 1 if that prefix
 * is empty.  For n == 0 returns complete=0, len=0.
 * Spec: RFC 3629 section 4; maximal subpart per Unicode chapter 3 (D93b).
 */
struct u8abnf_char u8abnf_first(const struct u8abnf *g, const uint8_t *s,
                                size_t n);

struct u8abnf_verdict {
	int well_formed; /* 1: s[0..n) matches UTF8-octets */
	size_t offset;   /* n, or where the first ill-formed part begins */
	size_t len;      /* 0, or that part's maximal subpart length */
};

/*
 * u8abnf_check - decide whether s[0..n) matches the string rule.
 * @g: automaton from u8abnf_init/u8abnf_compile.
 * @s: the octets; only s[0..n) is read (may be NULL when n == 0).
 * @n: their number; 0 is well-formed (zero repetitions).
 *
 * Splits s greedily into characters from offset 0.  Returns well_formed=1,
 * offset=n, len=0 when every piece matches; otherwise well_formed=0, offset
 * = the start of the first piece u8abnf_first reports incomplete, and len =
 * its maximal-subpart length as in u8abnf_first.  Never fails.
 * Spec: RFC 3629 section 4 (UTF8-octets = *( UTF8-char )).
 */
struct u8abnf_verdict u8abnf_check(const struct u8abnf *g, const uint8_t *s,
                                   size_t n);

#endif
