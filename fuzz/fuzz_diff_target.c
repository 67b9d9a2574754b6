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
 * unmodified library, U8FUZZ_PROFILE judges against a variant,
 * U8FUZZ_FUNCTIONS calls only the functions it names and U8FUZZ_EXPECT
 * accepts departures, as u8conform's --symbol, --shape, --profile,
 * --functions and --expect do; a finding prints the u8conform command
 * with those options that shows it again, on its input made as small
 * as it can be while the same check fails.  U8FUZZ_EXEC names an --exec
 * child in U8FUZZ_TARGET's place (conformance/PROTOCOL.md): each call is
 * then one request, and a child that crashes, exits, hangs or breaks the
 * protocol on one aborts the run there, a finding.
 */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "chunking.h"
#include "exec/bridge.h"
#include "hex.h"
#include "judge.h"
#include "plan.h"
#include "sanitizer.h"
#include "stream.h"
#include "target.h"
#include "u8f.h"
#include "u8f_repro.h"
#include "u8f_shrink.h"
#include "u8f_watch.h"
#include "u8ref.h"

/* Longer inputs cost time and find nothing more. */
enum { MAX_IN = 255, MAX_ENCODE = 16, SHRINK_TRIES = 4096 };

/* An --exec child's time for one input's batch (asked again one
 * request at a time, twice that), under the engine's own
 * -timeout (libFuzzer's default is 1200 s; fuzz-smoke's, 3 s), so that
 * a hang is named the child's. */
enum { EXEC_TIMEOUT_MS = 1000 };

static struct u8c_target target;
static struct u8c_identity identity;
static const char *target_path;
static struct u8c_stage stage;
static struct u8c_tallies tallies;
static struct u8c_probe fresh[U8C_PROBES]; /* before any other call */
static int have_fresh;
static int strict;
static enum u8c_level worst; /* a finding: FAIL, or WARN with strict */
static struct u8c_expectations expectations, *expect; /* U8FUZZ_EXPECT */
static const struct u8ref_profile *profile;           /* U8FUZZ_PROFILE */
static unsigned functions;                            /* U8FUZZ_FUNCTIONS */

static const char *
explain(const void *addr)
{
	int detail;

	switch (u8c_stage_fate(&stage, addr, 0, U8C_ACCESS_UNKNOWN, &detail)) {
	case U8C_FATE_OVERREAD:
		return "read past the end of its input (s[n]: the guard "
		       "page after it)";
	case U8C_FATE_UNDERREAD:
		return "read before the start of its input (s[-1]: the guard "
		       "page before it)";
	case U8C_FATE_OVERWRITE:
		return detail == U8C_DETAIL_STATE
		           ? "wrote past the end of its stream state (the "
		             "guard page after u8t_stream_size() bytes)"
		       : detail == U8C_DETAIL_STACK
		           ? "wrote past the top of its call stack (a local "
		             "array overrun)"
		           : "wrote past the end of its output (the guard "
		             "page after it)";
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

/* Our variable @name, NULL when unset or empty. */
static const char *
env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && v[0] != '\0' ? v : NULL;
}

/* One line on stderr and exit status 2: the run cannot start. */
__attribute__((format(printf, 1, 2))) _Noreturn static void
refuse(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "fuzz_diff_target: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

/*
 * The engine's flags, with -timeout_exitcode=77 before the user's: a
 * hang is a finding like a crash or a difference, and every finding
 * ends the run with status 77 (a flag given wins, being later).
 * libFuzzer reads the flags after LLVMFuzzerInitialize.  AFL++'s driver
 * takes argv[1] for its own (a count of runs, or a file), so built for
 * it (U8F_AFL_DRIVER) nothing is added: a hang is afl-fuzz's to report.
 */
#ifndef U8F_AFL_DRIVER
static void
one_exit_status(int *argc, char ***argv)
{
	static char flag[] = "-timeout_exitcode=77";
	static char **more; /* the engine keeps using it: never freed */

	more = malloc(((size_t)*argc + 2) * sizeof *more);
	if (more == NULL || *argc < 1)
		return;
	more[0] = (*argv)[0];
	more[1] = flag;
	memcpy(more + 2, *argv + 1, (size_t)*argc * sizeof *more);
	*argv = more; /* argv[argc] stays NULL */
	(*argc)++;
}
#endif

/* The options of the run, for u8conform's reproduce line as well. */
static void
read_options(const char *path, const char *symbol, const char *shape)
{
	const char *name = env("U8FUZZ_PROFILE"),
	           *fns = env("U8FUZZ_FUNCTIONS");
	const char *file = env("U8FUZZ_EXPECT");
	char err[512];

	profile = u8ref_profile_at(0);
	functions = (1u << U8C_FNS) - 1;
	strict = env("U8FUZZ_STRICT") != NULL &&
	         strcmp(env("U8FUZZ_STRICT"), "1") == 0;
	worst = strict ? U8C_WARN : U8C_FAIL;
	if (symbol != NULL) {
		u8f_repro_option("--symbol", symbol);
		u8f_repro_option("--shape", shape);
	}
	if (name != NULL) {
		if ((profile = u8ref_profile_by_name(name)) == NULL)
			refuse("U8FUZZ_PROFILE=%s: no such profile (u8conform "
			       "--help lists them)",
			       name);
		u8f_repro_option("--profile", name);
	}
	if (fns != NULL) {
		if (u8c_fn_list_parse(fns, &functions) != 0)
			refuse("U8FUZZ_FUNCTIONS=%s: want decode, validate, "
			       "next, encode, comma-separated",
			       fns);
		u8f_repro_option("--functions", fns);
	}
	if (file != NULL) {
		if (u8c_expect_read(&expectations, file, err, sizeof err) != 0)
			refuse("%s", err);
		expect = &expectations;
		u8f_repro_option("--expect", file);
	}
	if (strict)
		u8f_repro_option("--strict", NULL);
	if (env("U8FUZZ_EXEC") != NULL)
		u8f_repro_exec(path);
	else
		u8f_repro_library(path);
}

/* A sanitized target shares the fuzzer's process, and so its runtime:
 * clang's, linked into a fuzzer built with sanitizers.  A library that
 * needs a runtime of its own (gcc's libasan.so, clang's -shared-libasan)
 * would be a second one. */
static void
refuse_foreign_sanitizer(const char *path)
{
	struct u8c_sanitizer san;
	char err[512];

	if (u8c_sanitizer_detect(path, &san, err, sizeof err) != 0 &&
	    san.kinds == 0)
		return; /* the loader says why, if anything is wrong */
	if (san.needed != 0)
		refuse(
		    "U8FUZZ_TARGET %s is built with %s and needs its own "
		    "runtime (%s); the fuzzer carries clang's: build it with "
		    "clang -fsanitize=..., without -shared-libasan, or judge "
		    "it with u8conform, which hosts either",
		    path, u8c_sanitizer_names(san.needed), san.preload);
	if (san.kinds != 0 && !u8c_sanitizer_in_self())
		refuse("U8FUZZ_TARGET %s is built with %s, and this fuzzer "
		       "without sanitizers: use the fuzz-libfuzzer build",
		       path, u8c_sanitizer_names(san.kinds));
}

/* What an --exec child met on a request: the engine's finding, as an
 * abort, with what it was. */
static void
exec_child_dies(enum u8c_fate fate, int detail)
{
	char line[256];

	snprintf(line, sizeof line,
	         "fuzz_diff_target: the --exec child %s on this input "
	         "(isolation/%s, detail %d)\n",
	         fate == U8C_FATE_CRASH  ? "was killed by a signal"
	         : fate == U8C_FATE_EXIT ? "exited"
	         : fate == U8C_FATE_HANG ? "did not answer in time"
	                                 : "broke the protocol",
	         fate == U8C_FATE_CRASH  ? "crash"
	         : fate == U8C_FATE_EXIT ? "exit"
	         : fate == U8C_FATE_HANG ? "hang"
	                                 : "protocol",
	         detail);
	u8f_watch_tell(line);
	abort();
}

/* The target, a library or an --exec child, loaded into this process. */
static void
load_target(const char *path, const char *exec, const char *symbol,
            const char *shape)
{
	char err[512];

	if (exec != NULL) {
		if (symbol != NULL)
			refuse("U8FUZZ_EXEC takes no U8FUZZ_SYMBOL: its child "
			       "says its functions");
		if (u8c_exec_load(&target, exec, &identity, err, sizeof err) !=
		    0)
			refuse("cannot start U8FUZZ_EXEC: %s", err);
		u8c_exec_set_hooks(&(struct u8c_exec_hooks){
		    exec_child_dies, NULL, EXEC_TIMEOUT_MS, 0});
		return;
	}
	if (access(path, F_OK) != 0)
		refuse("cannot load U8FUZZ_TARGET: %s: no such file", path);
	refuse_foreign_sanitizer(path);
	if (u8c_target_load(&target, path, symbol, shape, NULL, &identity, err,
	                    sizeof err) != 0)
		refuse("cannot load U8FUZZ_TARGET: %s: %s", path, err);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *path = env("U8FUZZ_TARGET");
	const char *exec = env("U8FUZZ_EXEC");
	const char *symbol = env("U8FUZZ_SYMBOL");
	const char *shape = env("U8FUZZ_SHAPE");

#ifdef U8FUZZ_DEFAULT_TARGET
	/* OSS-Fuzz runs fuzzers without an environment of ours: a build
	 * for it names a library shipped beside the executable. */
	static char beside[4096];
	if (path == NULL &&
	    beside_executable(beside, sizeof beside, U8FUZZ_DEFAULT_TARGET))
		path = beside;
#endif
	if (path != NULL && exec != NULL)
		refuse("U8FUZZ_TARGET and U8FUZZ_EXEC are both set; name one "
		       "decoder");
	if (exec != NULL)
		path = exec;
	if (path == NULL)
		refuse("U8FUZZ_TARGET is not set; name the decoder to fuzz, a "
		       "shared library exporting u8t_ functions:\n  "
		       "U8FUZZ_TARGET=/path/to/libtarget.so %s\nor a child "
		       "process speaking conformance/PROTOCOL.md:\n  "
		       "U8FUZZ_EXEC='python3 child.py' %s",
		       (*argv)[0], (*argv)[0]);
	if (symbol != NULL && shape == NULL)
		refuse("U8FUZZ_SYMBOL needs U8FUZZ_SHAPE (see u8conform "
		       "--help)");
	load_target(path, exec, symbol, shape);
	read_options(path, symbol, shape);
#ifndef U8F_AFL_DRIVER
	one_exit_status(argc, argv);
#endif
	if (u8c_stage_init(&stage) != 0) {
		perror("fuzz_diff_target: mmap");
		exit(2);
	}
	stage.nul = (identity.traits & U8T_NEEDS_NUL) != 0;
	target_path = path;
	identity.exports &= functions;
	fprintf(stderr, "fuzz_diff_target: %s:%s%s%s%s%s; %s\n", path,
	        identity.exports >> U8C_FN_DECODE & 1u ? " u8t_decode" : "",
	        identity.exports >> U8C_FN_VALIDATE & 1u ? " u8t_validate" : "",
	        identity.exports >> U8C_FN_NEXT & 1u ? " u8t_next" : "",
	        identity.exports >> U8C_FN_ENCODE & 1u ? " u8t_encode" : "",
	        !(identity.exports >> U8C_FN_STREAM & 1u) ? ""
	        : identity.traits & U8C_STREAM_CONSUMED ? " u8t_stream_consumed"
	                                                : " u8t_stream_decode",
	        strict ? "WARN is a finding (U8FUZZ_STRICT=1)"
	               : "FAIL only (U8FUZZ_STRICT=1 adds WARN)");
	fprintf(stderr,
	        "fuzz_diff_target: a finding kept in FILE shows again "
	        "with: %s\n",
	        u8f_repro_file("FILE"));
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

/*
 * The chunks u8t_stream_decode gets besides the whole input and a byte a
 * chunk: their lengths taken from the input's own bytes, s[k] % 5 for
 * chunk k (empty chunks among them, the last one too), so the fuzzer's
 * mutations move the cuts too.
 */
static void
cuts_from_input(const uint8_t *s, size_t n)
{
	static uint16_t cuts[MAX_IN];
	size_t ncuts = 0, at = 0;

	for (size_t k = 0; n > 0 && ncuts < MAX_IN; k++) {
		at += s[k % n] % 5;
		if (at > n)
			break;
		cuts[ncuts++] = (uint16_t)at;
	}
	u8c_chunking_given_set(cuts, ncuts);
}

/* u8t_stream_decode on @item in each chunking, each judged and watched
 * with the command that replays its chunks; then, with @probe, its
 * probes (init, two states in turns), where u8conform runs them; the
 * one-chunk run into @a for the consistency with u8t_decode. */
static void
judge_stream(const struct u8c_item *item, const struct u8c_judging *j,
             const struct u8c_reading *in, struct u8c_answers *a, int probe)
{
	static char chunks[5 * MAX_IN + 16]; /* "XX | " a byte */
	static const enum u8c_chunking_kind kinds[] = {
	    U8C_CHUNK_WHOLE, U8C_CHUNK_GIVEN, U8C_CHUNK_BYTES};
	static struct u8c_stream_ref ref;
	static struct u8c_stream_whole whole;
	static struct u8c_stream_probes probes;
	struct u8c_stream_answers sa;
	struct u8c_item chunked = *item;

	u8c_stream_ref_make(&ref, profile, item->s, item->n);
	cuts_from_input(item->s, item->n);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		chunked.chunking =
		    (struct u8c_chunking){(uint8_t)kinds[k], 0, 0};
		u8c_chunks_format(chunks, sizeof chunks, item->s, item->n,
		                  &chunked.chunking);
		u8f_watch_context(strchr(chunks, '|') != NULL
		                      ? u8f_repro_chunks(chunks)
		                      : u8f_repro_bytes(item->s, item->n));
		u8c_call_stream(&stage, &target, &chunked, k == 0, &sa);
		u8c_judge_stream(&tallies, j, &chunked, in, &ref, &sa, &whole);
	}
	u8f_watch_context(u8f_repro_bytes(item->s, item->n));
	if (probe) {
		u8c_call_stream_probes(&stage, &target, &chunked, &probes);
		u8c_judge_stream_probes(&tallies, j, &chunked, in, &probes);
	}
	a->given[U8C_FN_STREAM] = U8C_ANSWER_GIVEN;
	a->stream = whole.judged ? whole.out : NULL;
	a->nstream = whole.nout;
	a->stream_fits = whole.judged && whole.failure.level != U8C_FAIL;
}

/* The state probe an input of @n bytes is followed by. */
static unsigned
probe_of(size_t n)
{
	return (unsigned)(n % U8C_PROBES);
}

/* Every exported function of the target on @item, then the judge. */
static void
judge(const struct u8c_item *item, enum u8c_placement placement, int probe)
{
	static struct u8c_reading in;
	struct u8c_judging j = {profile, expect,     identity.traits,
	                        0,       U8C_NO_RUN, 0};
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

		if (!(identity.exports >> fn & 1u) || fn == U8C_FN_STREAM ||
		    bytes != (item->kind == U8C_ITEM_BYTES) ||
		    (!bytes && !u8c_encoder_asked(identity.traits, item->cp)))
			continue;
		u8c_call(&stage, &target, (enum u8c_fn)fn, item, &a);
		a.given[fn] = U8C_ANSWER_GIVEN;
	}
	if (probe && (identity.exports & U8C_DECODING_FNS)) {
		/* no state kept between calls */
		a.probe_k = probe_of(item->n);
		a.probe_fresh = &fresh[a.probe_k];
		u8c_call_probe(&stage, &target, a.probe_k, &a.probe_now);
		a.probed = 1;
	}
	if (item->kind == U8C_ITEM_BYTES &&
	    (identity.exports >> U8C_FN_STREAM & 1u))
		judge_stream(item, &j, &in, &a, probe);
	u8c_judge(&tallies, &j, item, item->kind == U8C_ITEM_BYTES ? &in : NULL,
	          &a);
}

/* What a finding of check @c says: its example's answers. */
static void
print_finding(enum u8c_check_id c, const struct u8c_tally *t)
{
	static const char *const levels[U8C_FAIL + 1] = {
	    [U8C_PASS] = "PASS",
	    [U8C_INFO] = "INFO",
	    [U8C_WARN] = "WARN",
	    [U8C_FAIL] = "FAIL",
	};
	const struct u8c_check *row = u8c_check(c);

	u8f_note("%s %s: %s\n", levels[t->level], row->id, row->title);
	if (t->nexamples > 0)
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

/*
 * Every call on the bytes s[0..n), watched; 1 if the target wrote.  The
 * last decoding calls are a probe's, as after each item of u8conform:
 * a target that keeps state then leaves the next input (or the
 * shrinker's next try) what u8conform's replay of it starts from, not
 * the tail of this one, which would show there and never in the replay.
 */
static int
judge_bytes(const uint8_t *s, size_t n)
{
	struct u8c_item item = {U8C_ITEM_BYTES, s, n, 0, {0, 0, 0}};
	struct u8c_probe settle;

	u8f_watch_begin(s, n);
	u8f_watch_context(u8f_repro_bytes(s, n));
	judge(&item, U8C_GUARD_AFTER, 1);
	judge(&item, U8C_GUARD_BEFORE, 0);
	if (identity.exports & U8C_DECODING_FNS) {
		/* the first judging's probe again, placed as it was: no call
		 * that input did not make already */
		stage.placement = U8C_GUARD_AFTER;
		u8c_call_probe(&stage, &target, probe_of(n), &settle);
	}
	return u8f_watch_end();
}

/* What a finding on bytes is: a check that fails, or WRITES. */
enum { WRITES = U8C_CHECKS };

/* u8f_shrink's test: finding *ctx shows on s[0..n) too. */
static int
still_fails(const uint8_t *s, size_t n, void *ctx)
{
	const int *what = ctx;
	int wrote;

	reset();
	wrote = judge_bytes(s, n);
	return *what == WRITES ? wrote
	                       : tallies.t[*what].failed > 0 &&
	                             tallies.t[*what].level >= worst;
}

/* Finding @what on bytes: the smallest input that shows it, into
 * small[0..*n), judged last (so tallies hold its answers). */
static const uint8_t *
shrunk(int what, const uint8_t *data, size_t size, size_t *n)
{
	static uint8_t small[MAX_IN];

	memcpy(small, data, size);
	*n = u8f_shrink(small, size, still_fails, &what, SHRINK_TRIES);
	if (!still_fails(small, *n, &what)) { /* it changed its mind */
		memcpy(small, data, size);
		*n = size;
		still_fails(small, *n, &what);
	}
	return small;
}

/* The input line and the command of a finding on bytes, in the chunks
 * of @c when it is a stream's finding in more than one. */
static void
note_input(const uint8_t *s, size_t n, size_t size,
           const struct u8c_chunking *c)
{
	static char chunks[5 * MAX_IN + 16]; /* "XX | " a byte */
	int chunked = c != NULL && c->kind != U8C_CHUNK_NONE &&
	              c->kind != U8C_CHUNK_WHOLE;

	u8f_note("  input:    ");
	if (chunked) {
		u8c_chunks_format(chunks, sizeof chunks, s, n, c);
		u8f_note("%s", chunks);
	} else {
		u8f_note_hex(s, n);
	}
	if (n < size)
		u8f_note(" (made smaller from %zu bytes)", size);
	u8f_note("\n  reproduce: %s\n",
	         chunked ? u8f_repro_chunks(chunks) : u8f_repro_bytes(s, n));
}

/* Check @c's finding on bytes, on the smallest input that shows it. */
static void
report_bytes(enum u8c_check_id c, const struct u8c_tally *found,
             const uint8_t *data, size_t size)
{
	size_t n;
	const uint8_t *s = shrunk((int)c, data, size, &n);
	const struct u8c_tally *t =
	    tallies.t[c].failed > 0 ? &tallies.t[c] : found;

	print_finding(c, t);
	note_input(s, n, size, t->nexamples > 0 ? &t->ex[0].chunking : NULL);
}

/* Check @c's finding on the code point given to u8t_encode. */
static void
report_code_point(enum u8c_check_id c, const struct u8c_tally *found)
{
	char text[16];

	print_finding(c, found);
	u8s_u_format(text, sizeof text, found->ex[0].cp);
	u8f_note("  code point %s\n  reproduce: %s\n", text,
	         u8f_repro_code_point(found->ex[0].cp));
}

/*
 * u8t_encode on the code points the input's characters spell, each
 * judged.  With @writer, each in a watch of its own: returns 1 with the
 * first that wrote to stdout or stderr in *writer, else 0.
 */
static int
encode_all(const uint8_t *data, size_t size, uint32_t *writer)
{
	size_t asked = 0;

	for (size_t i = 0; (identity.exports >> U8C_FN_ENCODE & 1u) &&
	                   i < size && asked < MAX_ENCODE;
	     i++) {
		struct u8c_item cp = {
		    U8C_ITEM_CODE_POINT, NULL, 0, 0, {0, 0, 0}};

		if (data[i] >= 0x80 && data[i] <= 0xBF)
			continue;
		cp.cp = spelled(data + i, size - i);
		if (writer != NULL)
			u8f_watch_begin(data, size);
		u8f_watch_context(u8f_repro_code_point(cp.cp));
		judge(&cp, U8C_GUARD_AFTER, 0);
		asked++;
		if (writer != NULL && u8f_watch_end()) {
			*writer = cp.cp;
			return 1;
		}
	}
	return 0;
}

/* An --exec child's requests for this input, foreseen by calling
 * everything once with nothing judged, then asked in one batch: one
 * exchange with the child, where asking call by call made hundreds
 * (exec/bridge.h).  What the first pass judged, on placeholders, is
 * forgotten. */
static void
foresee(const uint8_t *data, size_t size)
{
	u8c_exec_forget();
	u8c_exec_foresee(1);
	judge_bytes(data, size);
	encode_all(data, size, NULL);
	u8c_exec_foresee(0);
	u8c_exec_fetch();
	reset();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct u8c_tallies found;
	int wrote, wrote_encoding, differs = 0, target_agrees_with_u8ref;
	uint32_t writer;

	if (size > MAX_IN)
		size = MAX_IN; /* truncate, never reject */
	reset();
	u8f_note_clear();

	u8f_watch_begin(data, size);
	u8f_watch_context(u8f_repro_bytes(data, size));
	/* the fresh answers of the state probe, before any other call, in
	 * the first input's watch: what they meet is a finding too */
	if (!have_fresh && (identity.exports & U8C_DECODING_FNS))
		for (unsigned k = 0; k < U8C_PROBES; k++)
			u8c_call_probe(&stage, &target, k, &fresh[k]);
	have_fresh = 1;
	wrote = u8f_watch_end();
	if (target.exec)
		foresee(data, size);
	wrote |= judge_bytes(data, size);
	u8f_watch_begin(data, size);
	encode_all(data, size, NULL);
	wrote_encoding = u8f_watch_end();
	u8f_watch_context(NULL);

	for (int c = 0; c < U8C_CHECKS; c++)
		differs |=
		    tallies.t[c].failed > 0 && tallies.t[c].level >= worst;
	target_agrees_with_u8ref = !differs && !wrote && !wrote_encoding;
	if (target_agrees_with_u8ref)
		return 0;
	found = tallies;
	u8f_note("fuzz_diff_target: %s differs from u8ref:\n", target_path);
	for (int c = 0; c < U8C_CHECKS; c++) {
		const struct u8c_tally *t = &found.t[c];

		if (t->failed == 0 || t->level < worst)
			continue;
		if (t->nexamples > 0 && t->ex[0].kind == U8C_ITEM_CODE_POINT)
			report_code_point((enum u8c_check_id)c, t);
		else
			report_bytes((enum u8c_check_id)c, t, data, size);
	}
	if (wrote) {
		size_t n;
		const uint8_t *s = shrunk(WRITES, data, size, &n);

		u8f_note("FAIL isolation/output: the target wrote to stdout "
		         "or stderr\n");
		note_input(s, n, size, NULL);
	}
	if (wrote_encoding && encode_all(data, size, &writer))
		u8f_note("FAIL isolation/output: u8t_encode wrote to stdout "
		         "or stderr\n  reproduce: %s\n",
		         u8f_repro_code_point(writer));
	U8F_ASSERT(target_agrees_with_u8ref, data, size);
	return 0;
}
