/* SPDX-License-Identifier: MIT */
/*
 * u8f.c - the failure report, hex dumps and guard-page placement behind
 * u8f.h.
 *
 * The report goes to stderr in one piece before abort(): the engine's
 * own crash report (and the input it saves) follows it.
 */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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
	size_t i;

	for (i = 0; i < n && i < max; i++)
		fprintf(out, "%s%02X", i ? " " : "", s[i]);
	if (n > max)
		fprintf(out, " ...");
	if (n == 0)
		fprintf(out, "(empty)");
}

void
u8f_code_points(FILE *out, const uint32_t *cp, size_t n, size_t max)
{
	size_t i;

	for (i = 0; i < n && i < max; i++)
		fprintf(out, "%s%04X", i ? " " : "", (unsigned)cp[i]);
	if (n > max)
		fprintf(out, " ...");
	if (n == 0)
		fprintf(out, "(nothing)");
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

/* One mapping: U8F_PLACE_MAX + 64 usable bytes between two guards. */
static uint8_t *area, *low_guard, *high_guard;

static void
map_area(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t span = (U8F_PLACE_MAX + 64 + page - 1) / page * page;
	uint8_t *p = mmap(NULL, span + 2 * page, PROT_READ | PROT_WRITE,
	                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p, page, PROT_NONE) != 0 ||
	    mprotect(p + page + span, page, PROT_NONE) != 0) {
		perror("u8fuzz: mmap");
		abort();
	}
	low_guard = p;
	area = p + page;
	high_guard = p + page + span;
}

const uint8_t *
u8f_place(const uint8_t *s, size_t n, int before, size_t shift)
{
	uint8_t *at;

	if (area == NULL)
		map_area();
	if (n > U8F_PLACE_MAX)
		n = U8F_PLACE_MAX;
	shift %= 64;
	at = before ? area + shift : high_guard - shift - n;
	if (n > 0)
		memmove(at, s, n);
	return at;
}
