/* SPDX-License-Identifier: MIT */
/*
 * fuzz_diff_target.c - differential: u8ref against any decoder library
 * that exports the u8t_ functions, named by U8FUZZ_TARGET.
 *
 * The library is loaded by u8conform's own loader (u8c_target_open: the
 * probe in a child first) and every answer is judged by u8conform's own
 * rules (u8c_judge_input, u8c_judge_encode), so a finding here is one
 * `u8conform --input @FILE LIB.so` shows.  Inputs lie flush against a
 * guard page after them, then before them, so an uninstrumented target
 * that reads s[n] or s[-1] faults.  A FAIL aborts; a WARN (another
 * replacement policy, dropped input) only with U8FUZZ_STRICT=1; an INFO
 * (a stripped BOM) never.  Crashes, hangs and exit() are the engine's
 * findings; writing to stdout or stderr is made one.
 * U8FUZZ_SYMBOL and U8FUZZ_SHAPE test one function of an unmodified
 * library, as u8conform's --symbol and --shape do.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge.h"
#include "sandbox.h"
#include "target.h"
#include "u8f.h"
#include "u8f_watch.h"
#include "u8ref.h"

/* The judge's matcher is exact up to 255 tokens by 255 code points;
 * beyond that a different replacement count would read as a FAIL. */
enum { MAX_IN = 255, MAX_ENCODE = 16 };

static struct u8c_target target;
static struct u8c_results results;
static struct u8c_worker *worker;
static int strict;

static struct u8c_suite suite;

static const char *
explain(const void *addr)
{
	switch (u8c_worker_fault_fate(worker, addr)) {
	case U8C_FATE_OVERREAD:
		return "read past the end of its input (s[n]: the guard "
		       "page after it)";
	case U8C_FATE_UNDERREAD:
		return "read before the start of its input (s[-1]: the guard "
		       "page before it)";
	case U8C_FATE_OVERWRITE:
		return "wrote past the end of its output (the guard page "
		       "after it)";
	default:
		return NULL;
	}
}

#ifdef U8FUZZ_DEFAULT_TARGET
/* @name in the directory of this executable, into buf. */
static int
beside_executable(char *buf, size_t len, const char *name)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if ((slash = strrchr(buf, '/')) == NULL)
		return 0;
	slash[1] = '\0';
	if (strlen(buf) + strlen(name) + 1 > len)
		return 0;
	strcat(buf, name);
	return 1;
}
#endif

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *path = getenv("U8FUZZ_TARGET");
	const char *symbol = getenv("U8FUZZ_SYMBOL");
	const char *shape = getenv("U8FUZZ_SHAPE");
	char err[512];

	(void)argc;
#ifdef U8FUZZ_DEFAULT_TARGET
	/* OSS-Fuzz runs fuzzers without an environment of ours: a build
	 * for it names a library shipped beside the executable. */
	static char beside[4096];
	if ((path == NULL || path[0] == '\0') &&
	    beside_executable(beside, sizeof beside, U8FUZZ_DEFAULT_TARGET))
		path = beside;
#endif
	if (path == NULL || path[0] == '\0') {
		fprintf(stderr,
		        "fuzz_diff_target: U8FUZZ_TARGET is not set; name the "
		        "decoder to fuzz, a shared library exporting u8t_ "
		        "functions:\n  U8FUZZ_TARGET=/path/to/libtarget.so "
		        "%s\n",
		        (*argv)[0]);
		exit(2);
	}
	if (symbol != NULL && symbol[0] != '\0' &&
	    (shape == NULL || shape[0] == '\0')) {
		fprintf(stderr, "fuzz_diff_target: U8FUZZ_SYMBOL needs "
		                "U8FUZZ_SHAPE (see u8conform --help)\n");
		exit(2);
	}
	if (u8c_target_open(&target, path, symbol && symbol[0] ? symbol : NULL,
	                    shape, err, sizeof err) != 0) {
		fprintf(stderr,
		        "fuzz_diff_target: cannot load U8FUZZ_TARGET: %s\n",
		        err);
		exit(2);
	}
	if ((worker = u8c_worker_local(&results)) == NULL) {
		perror("fuzz_diff_target: mmap");
		exit(2);
	}
	strict = getenv("U8FUZZ_STRICT") != NULL &&
	         strcmp(getenv("U8FUZZ_STRICT"), "1") == 0;
	suite.target = &target;
	suite.profile = u8ref_profile_at(0);
	suite.family = &u8c_family_one;
	suite.probes = 1; /* no state kept between calls */
	fprintf(stderr, "fuzz_diff_target: %s (%s):%s%s%s%s; %s\n", target.name,
	        target.path, target.decode ? " u8t_decode" : "",
	        target.validate ? " u8t_validate" : "",
	        target.next ? " u8t_next" : "",
	        target.encode ? " u8t_encode" : "",
	        strict ? "WARN is a finding (U8FUZZ_STRICT=1)"
	               : "FAIL only (U8FUZZ_STRICT=1 adds WARN)");
	u8f_watch_init("fuzz_diff_target", explain);
	return 0;
}

/*
 * The code point a character's bytes spell in the bit layout of UTF-8,
 * well-formed or not (ED A0 80 spells D800, F4 90 80 80 110000), as an
 * index of u8c_judge_encode's code points: so the encoder is asked for
 * the same surrogates and values beyond U+10FFFF the decoder is shown.
 */
static size_t
spelled(const uint8_t *s, size_t n)
{
	size_t len = s[0] < 0xC0   ? 1
	             : s[0] < 0xE0 ? 2
	             : s[0] < 0xF0 ? 3
	             : s[0] < 0xF8 ? 4
	             : s[0] < 0xFC ? 5
	                           : 6;
	uint32_t cp = s[0] & (len == 1 ? 0x7Fu : 0x7Fu >> len), k;

	for (k = 1; k < len; k++)
		cp = cp << 6 | (k < n ? s[k] & 0x3Fu : 0u);
	return cp < 0x110000
	           ? cp
	           : 0x110000 + cp % (u8c_encoder_points() - 0x110000);
}

static void
print_finding(enum u8c_check c, const struct u8c_tally *t, const uint8_t *s,
              size_t n)
{
	char id[64], title[160];

	u8c_check_id(c, id, sizeof id);
	u8c_check_title(c, title, sizeof title);
	u8f_note("%s %s: %s\n", t->level == U8C_FAIL ? "FAIL" : "WARN", id,
	         title);
	if (t->has_example) {
		if (t->example.code_point)
			u8f_note("  code point U+%02X%02X%02X%02X\n",
			         t->example.input[0], t->example.input[1],
			         t->example.input[2], t->example.input[3]);
		u8f_note("  expected: %s\n  got:      %s\n",
		         t->example.expected, t->example.got);
	}
	(void)s;
	(void)n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum u8c_level worst = strict ? U8C_WARN : U8C_FAIL;
	size_t c, i, asked = 0;
	int wrote, found = 0, target_agrees_with_u8ref;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	u8c_family_one_set(data, size);
	memset(&results, 0, sizeof results);
	u8f_note_clear();

	u8f_watch_begin(data, size);
	u8c_worker_place(worker, U8C_GUARD_AFTER);
	u8c_judge_input(worker, &suite, 0);
	u8c_worker_place(worker, U8C_GUARD_BEFORE);
	u8c_judge_input(worker, &suite, 0);
	for (i = 0; target.encode && i < size && asked < MAX_ENCODE; i++)
		if (data[i] < 0x80 || data[i] > 0xBF) {
			u8c_judge_encode(worker, &suite,
			                 spelled(data + i, size - i));
			asked++;
		}
	wrote = u8f_watch_end();

	u8f_note("fuzz_diff_target: %s (%s) differs from u8ref:\n", target.name,
	         target.path);
	for (c = 0; c < U8C_CHECKS; c++)
		if (results.checks[c].level >= worst) {
			print_finding((enum u8c_check)c, &results.checks[c],
			              data, size);
			found = 1;
		}
	if (wrote) {
		u8f_note("FAIL isolation/output: the target wrote to stdout "
		         "or stderr\n");
		found = 1;
	}
	target_agrees_with_u8ref = !found;
	if (found) {
		u8f_note("reproduce: u8conform --input @FILE %s\n",
		         target.path);
		U8F_ASSERT(target_agrees_with_u8ref, data, size);
	}
	return 0;
}
