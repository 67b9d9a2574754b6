/* SPDX-License-Identifier: MIT */
/*
 * u8f.c - the failure report, hex dumps and guard-page placement behind
 * u8f.h, on the shared codecs and fences of support/.
 *
 * The report goes to stderr in one piece before abort(): the engine's
 * own crash report (and the input it saves) follows it.
 */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fence.h"
#include "hex.h"
#include "u8f.h"

enum { NOTES = 4096, DUMP_MAX = 512 };

static char notes[NOTES];
static size_t nnotes;

void
u8f_note(const char *fmt, ...)
{
	va_list ap;
	int k;

	if (nnotes >= NOTES - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(notes + nnotes, NOTES - nnotes, fmt, ap);
	va_end(ap);
	if (k > 0)
		nnotes +=
		    (size_t)k < NOTES - nnotes ? (size_t)k : NOTES - 1 - nnotes;
}

void
u8f_note_clear(void)
{
	nnotes = 0;
	notes[0] = '\0';
}

void
u8f_hex(FILE *out, const uint8_t *s, size_t n, size_t max)
{
	static char text[3 * DUMP_MAX + 8];
	size_t room = 3 * (max < DUMP_MAX ? max : DUMP_MAX) + 8;

	u8s_hex_format(text, room, s, n);
	fputs(text, out);
}

void
u8f_note_hex(const uint8_t *s, size_t n)
{
	static char text[3 * DUMP_MAX + 8];

	u8s_hex_format(text, sizeof text, s, n);
	u8f_note("%s", text);
}

void
u8f_fail(const char *file, int line, const char *cond, const uint8_t *data,
         size_t size)
{
	fprintf(stderr, "\n==u8fuzz== FAILED %s:%d: %s\n", file, line, cond);
	if (nnotes > 0)
		fprintf(stderr, "%s%s", notes,
		        notes[nnotes - 1] == '\n' ? "" : "\n");
	fprintf(stderr, "input (%zu bytes): ", size);
	u8f_hex(stderr, data, size, DUMP_MAX);
	fprintf(stderr, "\n");
	fflush(stderr);
	abort();
}

/* One fence for every harness: U8F_PLACE_MAX + 64 bytes between two
 * inaccessible pages. */
static struct u8s_fence fence;

const uint8_t *
u8f_place(const uint8_t *s, size_t n, int before, size_t shift)
{
	uint8_t *at;

	if (fence.base == NULL &&
	    u8s_fence_map(&fence, U8F_PLACE_MAX + 64) != 0) {
		perror("u8fuzz: mmap");
		abort();
	}
	if (n > U8F_PLACE_MAX)
		n = U8F_PLACE_MAX;
	shift %= 64;
	at = before ? fence.base + shift : u8s_fence_end(&fence, n + shift);
	if (n > 0)
		memmove(at, s, n);
	return at;
}

/*
 * One exit status for every finding: libFuzzer ends with 77 on a crash,
 * an abort (a difference) or an exit(); the sanitizers' own reports (a
 * guard page fault under ASan is one) end with 1 unless told.  The
 * environment's ASAN_OPTIONS and UBSAN_OPTIONS still win.
 */
__attribute__((visibility("default"))) const char *__asan_default_options(void);
__attribute__((visibility("default"))) const char *
__ubsan_default_options(void);

const char *
__asan_default_options(void)
{
	return "exitcode=77";
}

const char *
__ubsan_default_options(void)
{
	return "exitcode=77";
}
