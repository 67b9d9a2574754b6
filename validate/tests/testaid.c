/* SPDX-License-Identifier: MIT */
/*
 * testaid.c - what u8validate's tests compare it with, computed another
 * way: the whole input in memory, walked one character at a time by
 * u8ref_decode_one (never the fast kernels, never in chunks).
 *
 *   testaid errors PROFILE NAME FILE   every error, as u8validate --all
 *                                      prints it for an input called NAME
 *   testaid repair PROFILE FILE        u8ref_decode_all, then each code
 *                                      point encoded again
 *   testaid librepair FILE             u8ref_repair of the whole input
 *   testaid mixed BYTES SEED           text, newlines and every kind of
 *                                      error of every profile, mixed
 *   testaid text BYTES [HEX]           valid text (all four lengths and
 *                                      newlines), then the bytes HEX
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "u8ref.h"

static uint8_t *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *s = NULL;
	size_t cap = 0, got;

	if (f == NULL) {
		perror(path);
		exit(2);
	}
	*n = 0;
	do {
		if (*n == cap) {
			cap = cap ? 2 * cap : 65536;
			if ((s = realloc(s, cap)) == NULL)
				exit(2);
		}
		got = fread(s + *n, 1, cap - *n, f);
		*n += got;
	} while (got > 0);
	fclose(f);
	return s;
}

static const struct u8ref_profile *
profile_named(const char *name)
{
	const struct u8ref_profile *p = u8ref_profile_by_name(name);

	if (p == NULL) {
		fprintf(stderr, "testaid: unknown profile %s\n", name);
		exit(2);
	}
	return p;
}

/* Lines count '\n'; columns count characters and maximal subparts. */
static void
errors(const struct u8ref_profile *p, const char *name, const uint8_t *s,
       size_t n)
{
	uint64_t line = 1, column = 1;
	struct u8ref_result r;
	size_t at, i;

	for (at = 0; at < n; at += r.len) {
		r = u8ref_decode_one(p, s + at, n - at);
		if (r.status != U8REF_OK) {
			printf("%s:%" PRIu64 ":%" PRIu64 ": byte %zu: %s (",
			       name, line, column, at,
			       u8ref_status_name(r.status));
			for (i = 0; i < r.len; i++)
				printf("%s%02X", i ? " " : "", s[at + i]);
			printf(")\n");
		}
		if (r.status == U8REF_OK && r.cp == '\n') {
			line++;
			column = 1;
		} else {
			column++;
		}
	}
}

static void
repair(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	uint32_t *cps = malloc((n + 1) * sizeof *cps);
	uint8_t bytes[U8REF_MAX_LEN];
	size_t count, i, len;

	if (cps == NULL)
		exit(2);
	count = u8ref_decode_all(p, s, n, cps, n);
	for (i = 0; i < count; i++) {
		len = u8ref_encode(p, cps[i], bytes);
		if (len == 0) { /* every decoded value must encode again */
			fprintf(stderr, "testaid: U+%04X does not encode\n",
			        (unsigned)cps[i]);
			exit(2);
		}
		fwrite(bytes, 1, len, stdout);
	}
	free(cps);
}

static void
librepair(const uint8_t *s, size_t n)
{
	uint8_t *out = malloc(u8ref_repair_length(s, n) + 1);

	if (out == NULL)
		exit(2);
	fwrite(out, 1, u8ref_repair(s, n, out), stdout);
	free(out);
}

/* Pieces for mixed input: well-formed in some profile or none. */
static const char *const pieces[] = {"a",
                                     "z",
                                     " ",
                                     "\n",
                                     "\n",
                                     "\xC3\xA9",
                                     "\xE2\x82\xAC",
                                     "\xF0\x9F\x98\x80",
                                     "\xF4\x8F\xBF\xBF",
                                     "\xED\x9F\xBF",
                                     "\xEF\xBF\xBD",
                                     "\x80",
                                     "\xBF",
                                     "\xC0",
                                     "\xC1\xBF",
                                     "\xC0\x80",
                                     "\xF5",
                                     "\xFF",
                                     "\xE0\x80",
                                     "\xE0\x9F\xBF",
                                     "\xED\xA0\x80",
                                     "\xED\xA0\xBD\xED\xB2\xA9",
                                     "\xED\xB2\xA9",
                                     "\xF4\x90\x80\x80",
                                     "\xF8\x88\x80\x80\x80",
                                     "\xFC\x84\x80\x80\x80\x80",
                                     "\xE2\x82",
                                     "\xF0\x9F\x98",
                                     "\xC3",
                                     "\xF0\x90",
                                     "\x00"};

static uint32_t
next_random(uint32_t *state)
{
	*state = *state * 1103515245u + 12345u;
	return *state >> 16;
}

static void
mixed(size_t bytes, uint32_t seed)
{
	size_t written = 0, npieces = sizeof pieces / sizeof pieces[0];
	const char *piece;

	while (written < bytes) {
		/* Mostly plain text, so errors sit at varied distances. */
		piece = next_random(&seed) % 3 != 0
		            ? pieces[next_random(&seed) % 5]
		            : pieces[next_random(&seed) % npieces];
		/* "\x00" is a piece of its own: strlen would say 0. */
		if (*piece == '\0') {
			fputc(0, stdout);
			written++;
			continue;
		}
		fputs(piece, stdout);
		written += strlen(piece);
	}
	if (seed & 1) /* end inside a character, half the time */
		fputs("\xF0\x9F\x98", stdout);
}

/* A megabyte of valid lines, repeated, then @tail. */
static void
text(size_t bytes, const char *tail)
{
	static const char *const words[] = {"plain ",
	                                    "caf\xC3\xA9 ",
	                                    "\xCE\xB1\xCE\xB2\xCE\xB3 ",
	                                    "\xE6\x96\x87\xE5\xAD\x97 ",
	                                    "\xF0\x9F\x98\x80 ",
	                                    "\n"};
	enum { BLOCK = 1 << 20 };
	static char block[BLOCK];
	size_t used = 0, len, k;
	uint32_t seed = 1;
	unsigned long byte;
	char *end;

	while (used < BLOCK - 8) {
		const char *w = words[next_random(&seed) % 6];

		len = strlen(w);
		memcpy(block + used, w, len);
		used += len;
	}
	while (used < BLOCK) /* ASCII to the end: blocks join anywhere */
		block[used++] = '\n';
	for (; bytes > 0; bytes -= k) {
		k = bytes < BLOCK ? bytes : BLOCK;
		while (k > 0 && (block[k - 1] & 0xC0) == 0x80)
			k--; /* never cut a character */
		if (k > 0 && (unsigned char)block[k - 1] >= 0xC0)
			k--;
		if (k == 0)
			break;
		fwrite(block, 1, k, stdout);
	}
	while (tail != NULL) { /* "E0 80": hex bytes, spaced */
		byte = strtoul(tail, &end, 16);
		if (end == tail)
			break;
		fputc((int)byte, stdout);
		tail = end;
	}
}

int
main(int argc, char **argv)
{
	uint8_t *s;
	size_t n;

	if (argc == 5 && strcmp(argv[1], "errors") == 0) {
		s = slurp(argv[4], &n);
		errors(profile_named(argv[2]), argv[3], s, n);
	} else if (argc == 4 && strcmp(argv[1], "repair") == 0) {
		s = slurp(argv[3], &n);
		repair(profile_named(argv[2]), s, n);
	} else if (argc == 3 && strcmp(argv[1], "librepair") == 0) {
		s = slurp(argv[2], &n);
		librepair(s, n);
	} else if (argc == 4 && strcmp(argv[1], "mixed") == 0) {
		mixed(strtoul(argv[2], NULL, 10),
		      (uint32_t)strtoul(argv[3], NULL, 10));
		return fflush(stdout) != 0 ? 2 : 0;
	} else if ((argc == 3 || argc == 4) && strcmp(argv[1], "text") == 0) {
		text(strtoull(argv[2], NULL, 10), argc == 4 ? argv[3] : NULL);
		return fflush(stdout) != 0 ? 2 : 0;
	} else {
		fprintf(stderr, "usage: see testaid.c\n");
		return 2;
	}
	free(s);
	return fflush(stdout) != 0 ? 2 : 0;
}
