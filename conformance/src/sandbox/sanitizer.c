/* SPDX-License-Identifier: MIT */
/*
 * sanitizer.c - which sanitizer a target was built with, read from its
 * dynamic section with libelf, and the runtime its jail preloads.
 *
 * gcc links a sanitized shared library against the runtime (DT_NEEDED
 * libasan.so.8); clang leaves the runtime to the executable, and the
 * library only has undefined __asan_ symbols.  A runtime named needed is
 * preloaded by that name; otherwise clang's shared runtime is looked for
 * where Debian's clang puts it.
 */
#define _GNU_SOURCE
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_names.h"
#include "sanitizer.h"

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#else
#define ARCH "unknown"
#endif

/* What marks a sanitizer: an undefined symbol's prefix, or a needed
 * runtime's name; and clang's shared runtime for it. */
static const struct {
	unsigned kind;
	const char *symbol;  /* prefix of an undefined symbol        */
	const char *needed;  /* prefix of a DT_NEEDED runtime         */
	const char *clang;   /* clang's shared runtime, or NULL       */
	const char *clang_n; /* the same, named in DT_NEEDED          */
} marks[] = {
    {U8C_SAN_ADDRESS, "__asan_", "libasan.so", "libclang_rt.asan-" ARCH ".so",
     "libclang_rt.asan"},
    {U8C_SAN_UNDEFINED, "__ubsan_", "libubsan.so",
     "libclang_rt.ubsan_standalone-" ARCH ".so", "libclang_rt.ubsan"},
    {U8C_SAN_MEMORY, "__msan_", "libmsan.so", NULL, "libclang_rt.msan"},
};
enum { MARKS = sizeof marks / sizeof marks[0] };

/* Where Debian's clang (and an upstream install) keeps its runtimes. */
static const char *const clang_dirs[] = {
    "/usr/lib/llvm-*/lib/clang/*/lib/linux",
    "/usr/lib/clang/*/lib/linux",
    "/usr/local/lib/clang/*/lib/linux",
};

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(undefined_behavior_sanitizer)
#define SELF_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SELF_SANITIZED)
#define SELF_SANITIZED 1
#endif
#ifndef SELF_SANITIZED
#define SELF_SANITIZED 0
#endif

int
u8c_sanitizer_in_self(void)
{
	return SELF_SANITIZED;
}

const char *
u8c_sanitizer_names(unsigned kinds)
{
	static const char *const names[] = {
	    "no sanitizer",
	    "AddressSanitizer",
	    "UndefinedBehaviorSanitizer",
	    "AddressSanitizer and UndefinedBehaviorSanitizer",
	    "MemorySanitizer",
	    "AddressSanitizer and MemorySanitizer",
	    "MemorySanitizer and UndefinedBehaviorSanitizer",
	    "AddressSanitizer, MemorySanitizer and UndefinedBehaviorSanitizer",
	};

	return names[kinds & 7u];
}

static int
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The sanitizer whose runtime a library of file name @name is, or 0. */
static unsigned
runtime_of(const char *name)
{
	for (size_t m = 0; m < MARKS; m++)
		if (starts(name, marks[m].needed) ||
		    starts(name, marks[m].clang_n))
			return marks[m].kind;
	return 0;
}

/* Appends @name to the preload list, once. */
static int
add_preload(struct u8c_sanitizer *s, const char *name)
{
	size_t have = strlen(s->preload), n = strlen(name);

	if (strstr(s->preload, name) != NULL)
		return 0;
	if (have + n + 2 > sizeof s->preload)
		return -1;
	if (have > 0)
		s->preload[have++] = ':';
	memcpy(s->preload + have, name, n + 1);
	return 0;
}

/* The newest clang runtime named @file, into path[0..size). */
static int
find_clang_runtime(const char *file, char *path, size_t size)
{
	const char *dir = getenv("U8C_SANITIZER_RUNTIME_DIR");
	char pattern[512];
	glob_t g;
	int found = 0;

	if (dir != NULL && *dir != '\0') {
		snprintf(path, size, "%s/%s", dir, file);
		return access(path, R_OK) == 0 ? 0 : -1;
	}
	for (size_t k = 0;
	     k < sizeof clang_dirs / sizeof clang_dirs[0] && !found; k++) {
		snprintf(pattern, sizeof pattern, "%s/%s", clang_dirs[k], file);
		if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0) {
			/* sorted: the last is the newest version */
			snprintf(path, size, "%s", g.gl_pathv[g.gl_pathc - 1]);
			found = 1;
		}
		globfree(&g);
	}
	return found ? 0 : -1;
}

/* What the dynamic section says of sanitizers: kinds[0] from undefined
 * symbols, kinds[1] from runtimes named needed (their names added to
 * the preload list). */
struct marks_seen {
	struct u8c_sanitizer *s;
	unsigned kinds[2];
	int overflow;
};

static void
read_mark(void *arg, const char *name, enum u8c_elf_name kind)
{
	struct marks_seen *m = arg;
	unsigned runtime;

	for (size_t k = 0; k < MARKS && kind == U8C_ELF_UNDEFINED; k++)
		if (starts(name, marks[k].symbol))
			m->kinds[0] |= marks[k].kind;
	if (kind == U8C_ELF_NEEDED && (runtime = runtime_of(name)) != 0) {
		m->kinds[1] |= runtime;
		if (add_preload(m->s, name) != 0)
			m->overflow = 1;
	}
}

int
u8c_sanitizer_detect(const char *path, struct u8c_sanitizer *s, char *err,
                     size_t errlen)
{
	struct marks_seen seen = {s, {0, 0}, 0};
	unsigned *kinds = seen.kinds, missing;

	memset(s, 0, sizeof *s);
	/* a file libelf cannot read is left to the loader, which says why */
	(void)u8c_elf_names(path, read_mark, &seen);
	s->kinds = kinds[0] | kinds[1];
	s->needed = kinds[1];
	if (seen.overflow) {
		snprintf(err, errlen,
		         "u8conform: %s: names too many sanitizer runtimes",
		         path);
		return -1;
	}
	/* ASan's clang runtime holds UBSan's handlers too */
	missing = kinds[0] & ~kinds[1];
	if ((kinds[1] & U8C_SAN_ADDRESS) || (missing & U8C_SAN_ADDRESS))
		missing &= ~(unsigned)U8C_SAN_UNDEFINED;
	for (size_t m = 0; m < MARKS; m++) {
		char runtime[512];

		if (!(missing & marks[m].kind))
			continue;
		if (marks[m].clang == NULL) {
			snprintf(
			    err, errlen,
			    "u8conform: %s is built with %s, whose runtime "
			    "clang has only as a static library: u8conform "
			    "can host AddressSanitizer and "
			    "UndefinedBehaviorSanitizer",
			    path, u8c_sanitizer_names(marks[m].kind));
			return -1;
		}
		if (find_clang_runtime(marks[m].clang, runtime,
		                       sizeof runtime) != 0) {
			snprintf(err, errlen,
			         "u8conform: %s is built with %s by clang, and "
			         "clang's runtime %s is not installed (Debian: "
			         "libclang-rt-dev; or set "
			         "U8C_SANITIZER_RUNTIME_DIR to its folder)",
			         path, u8c_sanitizer_names(marks[m].kind),
			         marks[m].clang);
			return -1;
		}
		if (add_preload(s, runtime) != 0) {
			snprintf(
			    err, errlen,
			    "u8conform: %s: the runtime's path is too long",
			    path);
			return -1;
		}
	}
	return 0;
}

int
u8c_sanitizer_is_runtime(const char *entry, size_t n)
{
	const char *base = memrchr(entry, '/', n);
	char name[256];

	base = base != NULL ? base + 1 : entry;
	n -= (size_t)(base - entry);
	if (n >= sizeof name)
		return 0;
	memcpy(name, base, n);
	name[n] = '\0';
	return runtime_of(name) != 0;
}

int
u8c_sanitizer_in_preload(char *name, size_t size)
{
	const char *p = getenv("LD_PRELOAD"), *end;

	for (; p != NULL && *p != '\0'; p = *end ? end + 1 : end) {
		end = p + strcspn(p, ": ");
		if (end > p && u8c_sanitizer_is_runtime(p, (size_t)(end - p))) {
			snprintf(name, size, "%.*s", (int)(end - p), p);
			return 1;
		}
	}
	return 0;
}

void
u8c_sanitizer_leave_preload(char **argv)
{
	const char *p = getenv("LD_PRELOAD"), *end;
	char kept[4096];
	size_t n = 0;

	if (p == NULL || strlen(p) >= sizeof kept)
		return;
	for (; *p != '\0'; p = *end ? end + 1 : end) {
		end = p + strcspn(p, ": ");
		if (end == p || u8c_sanitizer_is_runtime(p, (size_t)(end - p)))
			continue;
		if (n > 0)
			kept[n++] = ':';
		memcpy(kept + n, p, (size_t)(end - p));
		n += (size_t)(end - p);
	}
	kept[n] = '\0';
	if (n > 0)
		setenv("LD_PRELOAD", kept, 1);
	else
		unsetenv("LD_PRELOAD");
	execv("/proc/self/exe", argv);
}
