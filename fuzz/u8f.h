/* SPDX-License-Identifier: MIT */
/*
 * u8f.h - what every fuzz harness shares: an assert that stays on in
 * every build, hex dumps, and inputs placed against a guard page.
 *
 * A failed U8F_ASSERT prints file:line, the condition, what the harness
 * says differed and a hex dump of the input, then calls abort(), so each
 * engine keeps the input as an ordinary crash.  Nothing here depends on
 * assert.h or NDEBUG.
 */
#ifndef U8F_H
#define U8F_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The entry points every harness defines or may define. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Prints the failure report for U8F_ASSERT and aborts. */
_Noreturn void u8f_fail(const char *file, int line, const char *cond,
                        const uint8_t *data, size_t size);

/*
 * U8F_ASSERT - abort with a report when @cond is false.  Anything the
 * harness wrote to u8f_note() before the check is printed with it.
 */
#define U8F_ASSERT(cond, data, size)                                           \
	do {                                                                   \
		if (!(cond))                                                   \
			u8f_fail(__FILE__, __LINE__, #cond, data, size);       \
	} while (0)

/* A line of context for the next failure (printf format); u8f_note_clear
 * forgets what was noted for the previous input. */
void u8f_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void u8f_note_clear(void);

/* Writes s[0..n) as hex bytes ("C0 80"), at most @max of them then
 * " ..."; u8f_note_hex, into the notes. */
void u8f_hex(FILE *out, const uint8_t *s, size_t n, size_t max);
void u8f_note_hex(const uint8_t *s, size_t n);

/*
 * u8f_place - copy s[0..n) so that it lies flush against an inaccessible
 * page: its last byte right before the page (@before 0), or its first
 * byte right after it (@before 1), and @shift bytes further from the
 * page (0..63) for other alignments.  n <= U8F_PLACE_MAX.  Returns the
 * copy; the memory is reused by the next call.
 */
enum { U8F_PLACE_MAX = 1 << 16 };
const uint8_t *u8f_place(const uint8_t *s, size_t n, int before, size_t shift);

#endif /* U8F_H */
