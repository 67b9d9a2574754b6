/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - each test target does what expected.tsv says it does.
 *
 * Usage: selftest targets.tsv expected.tsv.  For every manifest line the
 * target is loaded and its `got` column is reproduced: in this process
 * for decode, encode, validate and next results, and in a fork()ed child
 * under alarm() for crashes, hangs, exits, output and out-of-bounds
 * accesses, which are made to fault by placing the buffer against a
 * PROT_NONE page.  The correct control must give `expected` on every
 * manifest input, in every one of those layouts.  It checks the manifest
 * against the targets, not against the Unicode Standard: that is the
 * harness's job.  Prints one line per target, then `N passed, N failed`.
 */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */

#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fence.h"
#include "hex.h"
#include "u8t.h"

enum {
	MAX_BYTES = 64,    /* longest input or value list in the manifest  */
	MAX_FIELD = 256,   /* longest manifest field                       */
	MAX_TARGETS = 64,  /* lines in targets.tsv                         */
	CHILD_SECONDS = 2, /* a child still running after this has hung    */
};

struct row {
	char name[MAX_FIELD];
	char verdict[MAX_FIELD];
	char reason[MAX_FIELD];
	char input[MAX_FIELD];
	char expected[MAX_FIELD];
	char got[MAX_FIELD];
};

struct bytes {
	uint8_t b[MAX_BYTES];
	size_t n;
};

struct values {
	uint32_t v[MAX_BYTES];
	size_t n;
};

struct target {
	void *handle;
	u8t_abi_version_fn abi_version;
	u8t_name_fn name;
	u8t_decode_fn decode;
	u8t_validate_fn validate;
	u8t_next_fn next;
	u8t_encode_fn encode;
};

/* Where a child puts its buffers: against a PROT_NONE page, or not. */
enum layout {
	LAYOUT_PLAIN,       /* room on every side                 */
	LAYOUT_INPUT_END,   /* s[n] is the first unmapped byte    */
	LAYOUT_INPUT_START, /* s[-1] is the last unmapped byte    */
	LAYOUT_OUTPUT_END,  /* out[cap] is the first unmapped one */
};

static const char *const layout_names[] = {
    "plain", "s[n] unmapped", "s[-1] unmapped", "out[cap] unmapped"};

/* How a child ended. */
struct fate {
	int exited;    /* 1: exit status in .status; 0: killed by .signal */
	int status;    /* 0 when decode gave the wanted values            */
	int signal;    /* SIGALRM when it hung                            */
	size_t output; /* bytes it wrote to stdout                        */
};

/* Failure text for the current target; empty while all is well. */
static char why[512];

/* The control's manifest input that failed, or NULL. */
static const char *failed_on;

static void
fail(const char *msg)
{
	if (why[0] == '\0')
		snprintf(why, sizeof why, "%s", msg);
}

static int
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "C0 80" to bytes; 0 on anything else. */
static int
parse_bytes(const char *text, struct bytes *out)
{
	return u8s_hex_parse(text, out->b, MAX_BYTES, &out->n) ==
	           U8S_PARSE_OK &&
	       out->n > 0;
}

/* "FFFD 0041" to values, "-" to none; 0 on anything else. */
static int
parse_values(const char *text, struct values *out)
{
	const char *p = text;

	out->n = 0;
	if (strcmp(text, "-") == 0)
		return 1;
	while (*p != '\0') {
		char *end;
		unsigned long v = strtoul(p, &end, 16);

		if (end == p || v > 0xFFFFFFFFul || out->n == MAX_BYTES)
			return 0;
		out->v[out->n++] = (uint32_t)v;
		p = end;
		while (*p == ' ')
			p++;
	}
	return out->n > 0;
}

static int
same_values(const uint32_t *v, size_t n, const struct values *want)
{
	return n == want->n &&
	       (n == 0 || memcmp(v, want->v, n * sizeof v[0]) == 0);
}

/* Decode @in with cap == n, the least the ABI allows, and compare. */
static void
check_decode(const struct target *t, const struct bytes *in,
             const struct values *want, const char *what)
{
	uint32_t out[MAX_BYTES + 1];
	char got[MAX_FIELD], msg[MAX_FIELD * 2];
	size_t n;

	out[in->n] = 0xC0FFEE; /* canary at out[cap] */
	n = t->decode(in->b, in->n, out, in->n);
	if (n > in->n || out[in->n] != 0xC0FFEE) {
		snprintf(msg, sizeof msg, "%s: decode returned %zu for cap %zu",
		         what, n, in->n);
		fail(msg);
		return;
	}
	if (!same_values(out, n, want)) {
		u8s_code_points_format(got, sizeof got, out, n);
		snprintf(msg, sizeof msg, "%s: decode gave %s", what, got);
		fail(msg);
	}
}

/* The child: decode @in in @layout; exit 0 if it gave @want. */
static void
child(const struct target *t, const struct bytes *in, enum layout layout,
      const struct values *want)
{
	struct u8s_fence inputs, outputs;
	uint8_t *s;
	uint32_t *out;
	size_t n, cap = in->n;

	/* A sanitized self-test would report the fault and exit; the
	 * fate to see is the plain signal. */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	alarm(CHILD_SECONDS);
	if (u8s_fence_map(&inputs, 1) != 0 || u8s_fence_map(&outputs, 1) != 0)
		_exit(125);
	s = layout == LAYOUT_INPUT_END     ? u8s_fence_end(&inputs, in->n)
	    : layout == LAYOUT_INPUT_START ? inputs.base
	                                   : inputs.base + inputs.size / 2;
	out =
	    layout == LAYOUT_OUTPUT_END
	        ? (uint32_t *)(void *)u8s_fence_end(&outputs, cap * sizeof *out)
	        : (uint32_t *)(void *)outputs.base + 16;
	memcpy(s, in->b, in->n);
	n = t->decode(s, in->n, out, cap);
	_exit(n <= cap && same_values(out, n, want) ? 0 : 1);
}

static struct fate
run_child(const struct target *t, const struct bytes *in, enum layout layout,
          const struct values *want)
{
	struct fate f = {0, -1, 0, 0};
	int fd[2], status;
	char buf[256];
	ssize_t got;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) != 0 || (pid = fork()) < 0) {
		fail("no pipe or no fork");
		return f;
	}
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], STDOUT_FILENO);
		child(t, in, layout, want);
	}
	close(fd[1]);
	while ((got = read(fd[0], buf, sizeof buf)) > 0)
		f.output += (size_t)got;
	close(fd[0]);
	if (waitpid(pid, &status, 0) != pid) {
		fail("waitpid failed");
		return f;
	}
	if (WIFEXITED(status)) {
		f.exited = 1;
		f.status = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		f.signal = WTERMSIG(status);
	}
	return f;
}

/* Did the child end as @expect says?  Its .output is a flag there: some
 * output (1) or none at all (0). */
static void
check_fate(const struct target *t, const struct bytes *in, enum layout layout,
           const struct values *want, const struct fate *expect)
{
	struct fate f = run_child(t, in, layout, want);
	char msg[MAX_FIELD];

	if (f.exited == expect->exited && f.status == expect->status &&
	    f.signal == expect->signal &&
	    (expect->output ? f.output > 0 : f.output == 0))
		return;
	if (f.exited)
		snprintf(msg, sizeof msg,
		         "%s: child exited %d (0: right values), %zu bytes out",
		         layout_names[layout], f.status, f.output);
	else
		snprintf(msg, sizeof msg,
		         "%s: child killed by %s, %zu bytes out",
		         layout_names[layout], strsignal(f.signal), f.output);
	fail(msg);
}

static const struct fate clean = {1, 0, 0, 0};

/* What every target owes: all exports, version 1, its own name. */
static void
check_exports(const struct target *t, const char *name)
{
	const char *got;

	if (!t->abi_version || !t->name || !t->decode || !t->validate ||
	    !t->next || !t->encode) {
		fail("an export is missing");
		return;
	}
	if (t->abi_version() != 1)
		fail("u8t_abi_version is not 1");
	got = t->name();
	if (got == NULL || !starts(got, "test-") || strcmp(got + 5, name) != 0)
		fail("u8t_name is not test-<name>");
}

/* The broken target of @r really does what `got` says, on `input`. */
static void
check_got(const struct target *t, const struct row *r)
{
	struct bytes in, bytes;
	struct values want, vals;
	char msg[MAX_FIELD * 2];
	const char *got = r->got;
	unsigned long n;

	if (starts(got, "encode:")) {
		uint8_t out[8];
		size_t len;

		n = strtoul(r->input + 2, NULL, 16);
		if (!starts(r->input, "U+") || n > 0xFFFFFFFFul) {
			fail("encode: input is not U+XXXX");
			return;
		}
		if (strcmp(got + 7, "-") == 0)
			bytes.n = 0;
		else if (!parse_bytes(got + 7, &bytes))
			fail("encode: bad bytes in got");
		len = t->encode((uint32_t)n, out);
		if (len != bytes.n || memcmp(out, bytes.b, len) != 0)
			fail("encode: other bytes");
		return;
	}
	if (!parse_bytes(r->input, &in) || !parse_values(r->expected, &want)) {
		fail("input or expected unreadable");
		return;
	}
	if (parse_values(got, &vals)) {
		check_decode(t, &in, &vals, "decode");
	} else if (starts(got, "again:") && parse_values(got + 6, &vals)) {
		struct bytes prime = {{0x41}, 1};
		struct values a = {{0x41}, 1};

		check_decode(t, &prime, &a, "priming call");
		check_decode(t, &in, &want, "first call");
		check_decode(t, &in, &vals, "second call");
	} else if (starts(got, "validate-offset:")) {
		size_t err = (size_t)-1;
		int ok = t->validate(in.b, in.n, &err);

		n = strtoul(got + 16, NULL, 10);
		if (ok != 0 || err != n) {
			snprintf(msg, sizeof msg,
			         "validate gave %d, offset %zu", ok, err);
			fail(msg);
		}
		check_decode(t, &in, &want, "decode");
	} else if (starts(got, "next:")) {
		uint32_t cp = 0;
		size_t len = t->next(in.b, in.n, &cp);

		if (len != strtoul(got + 5, NULL, 10) || cp != U8T_ERROR) {
			snprintf(msg, sizeof msg, "next gave %zu, cp %lX", len,
			         (unsigned long)cp);
			fail(msg);
		}
		check_decode(t, &in, &want, "decode");
	} else if (strcmp(got, "count:cap+1") == 0) {
		uint32_t out[MAX_BYTES + 1];
		size_t len, k;

		for (k = 0; k <= in.n; k++)
			out[k] = 0xC0FFEE; /* what is not written stays so */
		len = t->decode(in.b, in.n, out, in.n);
		for (k = want.n; k <= in.n; k++)
			if (out[k] != 0xC0FFEE)
				fail("decode wrote past the right values");
		if (len != in.n + 1 || !same_values(out, want.n, &want))
			fail("decode did not return cap + 1");
	} else if (strcmp(got, "signal:SIGSEGV") == 0) {
		struct fate f = {0, -1, SIGSEGV, 0};

		check_fate(t, &in, LAYOUT_PLAIN, &want, &f);
	} else if (strcmp(got, "timeout") == 0) {
		struct fate f = {0, -1, SIGALRM, 0};

		check_fate(t, &in, LAYOUT_PLAIN, &want, &f);
	} else if (starts(got, "exit:")) {
		struct fate f = {1, (int)strtol(got + 5, NULL, 10), 0, 0};

		check_fate(t, &in, LAYOUT_PLAIN, &want, &f);
	} else if (strcmp(got, "stdout") == 0) {
		struct fate f = {1, 0, 0, 1};

		check_fate(t, &in, LAYOUT_PLAIN, &want, &f);
	} else if (strcmp(got, "read:s[n]") == 0 ||
	           strcmp(got, "read:s[-1]") == 0 ||
	           strcmp(got, "write:out[cap]") == 0) {
		struct fate segv = {0, -1, SIGSEGV, 0};
		enum layout layout = got[7] == 'n'   ? LAYOUT_INPUT_END
		                     : got[7] == '-' ? LAYOUT_INPUT_START
		                                     : LAYOUT_OUTPUT_END;

		check_fate(t, &in, layout, &want, &segv);
		check_fate(t, &in, LAYOUT_PLAIN, &want, &clean);
	} else {
		fail("unknown got token");
	}
}

/* The control gives `expected` on every manifest input, everywhere. */
static void
check_control(const struct target *t, const struct row *rows, size_t nrows)
{
	size_t i;
	int layout;

	for (i = 0; i < nrows && why[0] == '\0'; i++) {
		struct bytes in;
		struct values want;

		if (starts(rows[i].got, "encode:")) {
			uint8_t out[8];
			unsigned long cp = strtoul(rows[i].input + 2, NULL, 16);

			if (strcmp(rows[i].expected, "encode:-") != 0 ||
			    t->encode((uint32_t)cp, out) != 0)
				fail("encode: not refused");
			continue;
		}
		if (!parse_bytes(rows[i].input, &in) ||
		    !parse_values(rows[i].expected, &want)) {
			fail("input or expected unreadable");
			continue;
		}
		check_decode(t, &in, &want, "decode");
		check_decode(t, &in, &want, "decode again"); /* no state */
		for (layout = LAYOUT_PLAIN; layout <= LAYOUT_OUTPUT_END;
		     layout++)
			check_fate(t, &in, (enum layout)layout, &want, &clean);
		if (why[0] != '\0')
			failed_on = rows[i].input;
	}
}

static int
load(const char *path, struct target *t)
{
	void *p;

	memset(t, 0, sizeof *t);
	t->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (t->handle == NULL)
		return 0;
	/* POSIX lets dlsym's object pointer become a function pointer;
	 * ISO C has no conversion, so copy the representation. */
	p = dlsym(t->handle, "u8t_abi_version");
	memcpy(&t->abi_version, &p, sizeof p);
	p = dlsym(t->handle, "u8t_name");
	memcpy(&t->name, &p, sizeof p);
	p = dlsym(t->handle, "u8t_decode");
	memcpy(&t->decode, &p, sizeof p);
	p = dlsym(t->handle, "u8t_validate");
	memcpy(&t->validate, &p, sizeof p);
	p = dlsym(t->handle, "u8t_next");
	memcpy(&t->next, &p, sizeof p);
	p = dlsym(t->handle, "u8t_encode");
	memcpy(&t->encode, &p, sizeof p);
	return 1;
}

/* Split a tab-separated line into at most @max fields, in place. */
static size_t
split(char *line, char **fields, size_t max)
{
	size_t n = 0;
	char *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max) {
		fields[n++] = p;
		p = strchr(p, '\t');
		if (p == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

/* Copy a field into @dst of @size bytes; 0 if it does not fit. */
static int
copy_field(char *dst, size_t size, const char *src)
{
	size_t len = strlen(src);

	if (len >= size)
		return 0;
	memcpy(dst, src, len + 1);
	return 1;
}

int
main(int argc, char **argv)
{
	static struct row rows[MAX_TARGETS];
	static char paths[MAX_TARGETS][1024], names[MAX_TARGETS][MAX_FIELD];
	char line[4096], *f[6];
	size_t nrows = 0, npaths = 0, i, j;
	unsigned passed = 0, failed = 0;
	FILE *fp;

	if (argc != 3) {
		fprintf(stderr, "usage: %s targets.tsv expected.tsv\n",
		        argv[0]);
		return 2;
	}
	if ((fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 2;
	}
	while (npaths < MAX_TARGETS && fgets(line, sizeof line, fp)) {
		if (split(line, f, 2) != 2 ||
		    !copy_field(names[npaths], sizeof names[0], f[0]) ||
		    !copy_field(paths[npaths], sizeof paths[0], f[1])) {
			fprintf(stderr, "%s: bad line %zu\n", argv[1],
			        npaths + 1);
			return 2;
		}
		npaths++;
	}
	fclose(fp);
	if ((fp = fopen(argv[2], "r")) == NULL) {
		perror(argv[2]);
		return 2;
	}
	while (nrows < MAX_TARGETS && fgets(line, sizeof line, fp)) {
		struct row *r = &rows[nrows];

		if (split(line, f, 6) != 6 ||
		    !copy_field(r->name, MAX_FIELD, f[0]) ||
		    !copy_field(r->verdict, MAX_FIELD, f[1]) ||
		    !copy_field(r->reason, MAX_FIELD, f[2]) ||
		    !copy_field(r->input, MAX_FIELD, f[3]) ||
		    !copy_field(r->expected, MAX_FIELD, f[4]) ||
		    !copy_field(r->got, MAX_FIELD, f[5])) {
			fprintf(stderr, "%s: bad line %zu\n", argv[2],
			        nrows + 1);
			return 2;
		}
		nrows++;
	}
	fclose(fp);
	if (nrows != npaths) {
		printf("FAIL manifest has %zu lines, targets.tsv %zu\n", nrows,
		       npaths);
		failed++;
	}

	for (i = 0; i < nrows; i++) {
		struct row *r = &rows[i];
		struct target t;

		why[0] = '\0';
		failed_on = NULL;
		for (j = 0; j < npaths && strcmp(names[j], r->name) != 0; j++)
			;
		if (strcmp(r->verdict, "pass") != 0 &&
		    strcmp(r->verdict, "warn") != 0 &&
		    strcmp(r->verdict, "info") != 0 &&
		    strcmp(r->verdict, "fail") != 0)
			fail("verdict is not pass, warn, info or fail");
		else if ((strcmp(r->verdict, "pass") == 0) !=
		         (strcmp(r->reason, "correct") == 0))
			fail("only the control passes, as reason correct");
		else if (j == npaths)
			fail("not in targets.tsv");
		else if (!load(paths[j], &t))
			fail(dlerror());
		else {
			check_exports(&t, r->name);
			if (why[0] == '\0' && strcmp(r->reason, "correct") == 0)
				check_control(&t, rows, nrows);
			else if (why[0] == '\0')
				check_got(&t, r);
			dlclose(t.handle);
		}
		if (why[0] == '\0') {
			printf("ok   %-20s %s: %s -> %s\n", r->name, r->input,
			       r->expected, r->got);
			passed++;
		} else {
			printf("FAIL %-20s %s: %s\n", r->name,
			       failed_on ? failed_on : r->input, why);
			failed++;
		}
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
