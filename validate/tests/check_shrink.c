/* SPDX-License-Identifier: MIT */
/*
 * check_shrink.c - a mapped file that shrinks while u8v_scan reads it.
 *
 * The scan maps a regular file larger than a chunk.  Here the file is
 * cut short (ftruncate) when the scan reports its first error, so the
 * rest of the mapping is gone: the pages past the new end raise SIGBUS,
 * and the page where the file now ends reads as zeros past it.  The
 * scan must neither die nor judge bytes that are no longer there: its
 * errors are the first one, then every error of the bytes the file
 * still has, as the walk finds them (offset, kind, length, line and
 * column).
 */
#define _DEFAULT_SOURCE /* mkstemp */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/guard.h"
#include "../src/scan.h"

enum { MAX_ERRORS = 64, KIB = 1024, MIB = 1024 * 1024 };

/* One way of cutting the file: the whole file, the window the scan
 * reads at a time, and the size it is cut to. */
static const struct {
	const char *what;
	size_t size, window, cut_to;
} cases[] = {
    /* inside the window being read, at a page: SIGBUS */
    {"SIGBUS in the window", 2 * MIB, 1 * MIB, 64 * KIB},
    /* past the window, inside a page and a character: the next window
     * sees the new size, and the character is cut at the end */
    {"cut after the window", 2 * MIB, 64 * KIB, 1 * MIB + 5},
    /* to nothing: only the first error was ever there to see */
    {"cut to nothing", 2 * MIB, 1 * MIB, 0},
};

/* Errors planted, each far from the others: FF, a lone trail, E0 80. */
static const size_t planted_at[] = {1000, 30001, 70002, 1 * MIB + 7,
                                    3 * MIB / 2};

struct found {
	struct u8v_error e[MAX_ERRORS];
	size_t n;
	int rw; /* the file, to cut it */
	off_t cut_to;
};

static int
on_error(void *ctx, const struct u8v_error *e)
{
	struct found *f = ctx;

	if (f->n == 0 && ftruncate(f->rw, f->cut_to) != 0)
		return -1;
	if (f->n < MAX_ERRORS)
		f->e[f->n++] = *e;
	return 0;
}

/* Text with a character of every length, an error at each planted
 * offset, and a three-byte character across every 1 MiB + 4. */
static uint8_t *
make_text(size_t n)
{
	static const char *const words[] = {"plain ", "caf\xC3\xA9 ",
	                                    "\xE6\x96\x87 ",
	                                    "\xF0\x9F\x98\x80 ", "\n"};
	uint8_t *s = malloc(n);
	size_t at = 0, k = 0;

	ck_assert_ptr_nonnull(s);
	while (at < n) {
		const char *w = words[k++ % 5];
		size_t len = strlen(w);

		len = len < n - at ? len : n - at;
		memcpy(s + at, w, len);
		at += len;
	}
	for (size_t i = 0; i < sizeof planted_at / sizeof planted_at[0]; i++)
		if (planted_at[i] + 2 <= n) {
			s[planted_at[i]] = 0xFF;
			s[planted_at[i] + 1] = 'x';
		}
	for (size_t m = MIB; m + 7 <= n; m += MIB)
		memcpy(s + m + 4, "\xE6\x96\x87", 3);
	return s;
}

/* The walk's errors over s[0..n), as u8v_scan gives them. */
static size_t
walk_errors(const uint8_t *s, size_t n, struct u8v_error *out, size_t cap)
{
	uint64_t line = 1, column = 1;
	struct u8ref_result r;
	size_t at, k = 0;

	for (at = 0; at < n; at += r.len) {
		r = u8ref_decode_one(NULL, s + at, n - at);
		if (r.status != U8REF_OK && k < cap)
			out[k++] = (struct u8v_error){
			    .offset = at,
			    .line = line,
			    .column = column,
			    .kind = r.status,
			    .len = r.len,
			};
		if (r.status == U8REF_OK && r.cp == '\n') {
			line++;
			column = 1;
		} else {
			column++;
		}
	}
	return k;
}

static int
same_error(const struct u8v_error *a, const struct u8v_error *b)
{
	return a->offset == b->offset && a->line == b->line &&
	       a->column == b->column && a->kind == b->kind && a->len == b->len;
}

START_TEST(test_shrink)
{
	char path[] = "/tmp/u8v-shrink-XXXXXX";
	size_t size = cases[_i].size;
	uint8_t *text = make_text(size);
	struct u8v_error want[MAX_ERRORS], left[MAX_ERRORS];
	struct found f = {.cut_to = (off_t)cases[_i].cut_to};
	struct u8v_sink sink = {.error = on_error, .ctx = &f};
	struct u8v_scanner sc;
	uint64_t errors;
	int fd, read_errno;
	size_t nwant, nleft;

	f.rw = mkstemp(path);
	ck_assert_int_ge(f.rw, 0);
	ck_assert_int_eq(write(f.rw, text, size), (ssize_t)size);
	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(u8v_guard_install(), 0);
	/* mapped: larger than a chunk */
	ck_assert_int_eq(u8v_scanner_init(&sc, NULL, 4 * KIB), 0);
	sc.window = cases[_i].window;
	sc.every_error = 1;
	sc.positions = 1;

	ck_assert_int_eq(u8v_scan(&sc, fd, &sink, &errors, &read_errno),
	                 U8V_SCAN_DONE);
	/* the first error, then those of what is left after it */
	walk_errors(text, size, want, 1);
	nleft = walk_errors(text, cases[_i].cut_to, left, MAX_ERRORS);
	nwant = 1;
	for (size_t k = 0; k < nleft && nwant < MAX_ERRORS; k++)
		if (left[k].offset > want[0].offset)
			want[nwant++] = left[k];
	ck_assert_msg(f.n == nwant && errors == nwant,
	              "%s: %zu errors reported, want %zu", cases[_i].what, f.n,
	              nwant);
	for (size_t k = 0; k < nwant; k++)
		ck_assert_msg(
		    same_error(&f.e[k], &want[k]),
		    "%s: error %zu at byte %llu %llu:%llu %s len %zu, "
		    "want byte %llu %llu:%llu %s len %zu",
		    cases[_i].what, k, (unsigned long long)f.e[k].offset,
		    (unsigned long long)f.e[k].line,
		    (unsigned long long)f.e[k].column,
		    u8ref_status_name(f.e[k].kind), f.e[k].len,
		    (unsigned long long)want[k].offset,
		    (unsigned long long)want[k].line,
		    (unsigned long long)want[k].column,
		    u8ref_status_name(want[k].kind), want[k].len);
	u8v_scanner_free(&sc);
	close(fd);
	close(f.rw);
	unlink(path);
	free(text);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("shrink");
	TCase *tc = tcase_create("shrink");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_shrink, 0,
	                    (int)(sizeof cases / sizeof cases[0]));
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
