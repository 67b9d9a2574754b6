/* SPDX-License-Identifier: MIT */
/*
 * fuzz_diff_target.c - differential: u8ref against any decoder library
 * that exports the u8t_ functions, named by U8FUZZ_TARGET.
 *
 * The library is loaded in this process (the engine supervises it) by
 * u8conform's own loader, called through u8conform's own fenced buffers
 * (sandbox/calls.c) and judged by u8conform's own judge, so a finding
 * here is one `u8conform --input @FILE LIB.so` shows.  Inputs lie flush
 * against a guard page after them, then before them, so an
 * uninstrumented target that reads s[n] or s[-1] faults.  A FAIL aborts;
 * a WARN (another replacement policy, dropped input) only with
 * U8FUZZ_STRICT=1; an INFO (a stripped BOM) never.  Crashes, hangs and
 * exit() are the engine's findings; writing to stdout or stderr is made
 * one.  U8FUZZ_SYMBOL and U8FUZZ_SHAPE test one function of an
 * unmodified library, as u8conform's --symbol and --shape do.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "hex.h"
#include "judge.h"
#include "plan.h"
#include "target.h"
#include "u8f.h"
#include "u8f_watch.h"
#include "u8ref.h"

/* Longer inputs cost time and find nothing more. */
enum { MAX_IN = 255, MAX_ENCODE = 16 };

static struct u8c_target target;
static struct u8c_identity identity;
static const char *target_path;
static struct u8c_stage stage;
static struct u8c_tallies tallies;
static struct u8c_probe fresh[U8C_PROBES]; /* before any other call */
static int have_fresh;
static int strict;
static struct u8c_expectations expectations, *expect; /* U8FUZZ_EXPECT */

static const char *
explain(const void *addr)
{
	switch (u8c_stage_fate(&stage, addr)) {
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
	if (symbol != NULL && symbol[0] == '\0')
		symbol = NULL;
	if (symbol != NULL && (shape == NULL || shape[0] == '\0')) {
		fprintf(stderr, "fuzz_diff_target: U8FUZZ_SYMBOL needs "
		                "U8FUZZ_SHAPE (see u8conform --help)\n");
		exit(2);
	}
	if (access(path, F_OK) != 0 ||
	    u8c_target_load(&target, path, symbol, shape, NULL, &identity, err,
	                    sizeof err) != 0) {
		fprintf(stderr,
		        "fuzz_diff_target: cannot load U8FUZZ_TARGET: %s%s%s\n",
		        path, access(path, F_OK) != 0 ? ": no such file" : ": ",
		        access(path, F_OK) != 0 ? "" : err);
		exit(2);
	}
	if (getenv("U8FUZZ_EXPECT") != NULL && getenv("U8FUZZ_EXPECT")[0]) {
		if (u8c_expect_read(&expectations, getenv("U8FUZZ_EXPECT"), err,
		                    sizeof err) != 0) {
			fprintf(stderr, "fuzz_diff_target: %s\n", err);
			exit(2);
		}
		expect = &expectations;
	}
	if (u8c_stage_init(&stage) != 0) {
		perror("fuzz_diff_target: mmap");
		exit(2);
	}
	stage.nul = (identity.traits & U8T_NEEDS_NUL) != 0;
	target_path = path;
	strict = getenv("U8FUZZ_STRICT") != NULL &&
	         strcmp(getenv("U8FUZZ_STRICT"), "1") == 0;
	fprintf(stderr, "fuzz_diff_target: %s:%s%s%s%s; %s\n", path,
	        target.decode ? " u8t_decode" : "",
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
 * well-formed or not (ED A0 80 spells D800, F4 90 80 80 110000), so the
 * encoder is asked for the same surrogates and values beyond U+10FFFF
 * the decoder is shown.
 */
static uint32_t
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
	return cp;
}

/* Every exported function of the target on @item, then the judge. */
static void
judge(const struct u8c_item *item, enum u8c_placement placement, int probe)
{
	static struct u8c_reading in;
	struct u8c_judging j = {u8ref_profile_at(0), expect, identity.traits, 0,
	                        U8C_NO_RUN,          0};
	struct u8c_answers a;

	memset(&a, 0, sizeof a);
	stage.placement = placement;
	a.error_at = SIZE_MAX;
	if (item->kind == U8C_ITEM_BYTES) {
		u8c_read(j.profile, item->s, item->n, &in);
		a.error_at = in.error_at;
	}
	for (int fn = 0; fn < U8C_FNS; fn++) {
		int bytes = fn != U8C_FN_ENCODE;

		if (!(identity.exports >> fn & 1u) ||
		    bytes != (item->kind == U8C_ITEM_BYTES) ||
		    (!bytes && !u8c_encoder_asked(identity.traits, item->cp)))
			continue;
		u8c_call(&stage, &target, (enum u8c_fn)fn, item, &a);
		a.given[fn] = U8C_ANSWER_GIVEN;
	}
	if (probe && (identity.exports & U8C_DECODING_FNS)) {
		/* no state kept between calls */
		a.probe_k = (unsigned)(item->n % U8C_PROBES);
		a.probe_fresh = &fresh[a.probe_k];
		u8c_call_probe(&stage, &target, a.probe_k, &a.probe_now);
		a.probed = 1;
	}
	u8c_judge(&tallies, &j, item, item->kind == U8C_ITEM_BYTES ? &in : NULL,
	          &a);
}

static void
print_finding(enum u8c_check_id c, const struct u8c_tally *t)
{
	const struct u8c_check *row = u8c_check(c);
	char text[16];

	u8f_note("%s %s: %s\n", u8c_level_names[t->level], row->id, row->title);
	if (t->nexamples == 0)
		return;
	if (t->ex[0].kind == U8C_ITEM_CODE_POINT) {
		u8s_u_format(text, sizeof text, t->ex[0].cp);
		u8f_note("  code point %s\n", text);
	}
	u8f_note("  expected: %s\n  got:      %s\n", t->ex[0].expected,
	         t->ex[0].got);
}

/* Forgets the last input's judging: only what it touched. */
static void
reset(void)
{
	memset(tallies.seen, 0, sizeof tallies.seen);
	for (int c = 0; c < U8C_CHECKS; c++)
		if (tallies.t[c].failed > 0)
			memset(&tallies.t[c], 0, sizeof tallies.t[c]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum u8c_level worst = strict ? U8C_WARN : U8C_FAIL;
	struct u8c_item item = {U8C_ITEM_BYTES, data, 0, 0};
	size_t i, asked = 0;
	int wrote, found = 0, target_agrees_with_u8ref;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	item.n = size;
	reset();
	u8f_note_clear();

	u8f_watch_begin(data, size);
	/* the fresh answers of the state probe, before any other call, in
	 * the first input's watch: what they meet is a finding too */
	if (!have_fresh && (identity.exports & U8C_DECODING_FNS))
		for (unsigned k = 0; k < U8C_PROBES; k++)
			u8c_call_probe(&stage, &target, k, &fresh[k]);
	have_fresh = 1;
	judge(&item, U8C_GUARD_AFTER, 1);
	judge(&item, U8C_GUARD_BEFORE, 0);
	for (i = 0; target.encode && i < size && asked < MAX_ENCODE; i++)
		if (data[i] < 0x80 || data[i] > 0xBF) {
			struct u8c_item cp = {U8C_ITEM_CODE_POINT, NULL, 0,
			                      spelled(data + i, size - i)};

			judge(&cp, U8C_GUARD_AFTER, 0);
			asked++;
		}
	wrote = u8f_watch_end();

	u8f_note("fuzz_diff_target: %s differs from u8ref:\n", target_path);
	for (int c = 0; c < U8C_CHECKS; c++)
		if (tallies.t[c].failed > 0 && tallies.t[c].level >= worst) {
			print_finding((enum u8c_check_id)c, &tallies.t[c]);
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
		         target_path);
		U8F_ASSERT(target_agrees_with_u8ref, data, size);
	}
	return 0;
}
