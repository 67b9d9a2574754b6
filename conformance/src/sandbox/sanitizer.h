/* SPDX-License-Identifier: MIT */
/*
 * sanitizer.h - a target built with a sanitizer: which one, and the
 * runtime its jail runs under.
 *
 * A sanitizer's runtime has to be in a process from its start, so the
 * jail is started again from u8conform's own executable with the runtime
 * preloaded (jail_exec.h).  The supervisor never runs under it.
 */
#ifndef U8C_SANITIZER_H
#define U8C_SANITIZER_H

#include <stddef.h>

/* The sanitizers a library was built with, as bits. */
enum {
	U8C_SAN_ADDRESS = 1,   /* AddressSanitizer                      */
	U8C_SAN_UNDEFINED = 2, /* UndefinedBehaviorSanitizer            */
	U8C_SAN_MEMORY = 4,    /* MemorySanitizer                       */
};

enum { U8C_SAN_PRELOAD_MAX = 1024 };

struct u8c_sanitizer {
	unsigned kinds;  /* U8C_SAN_ bits; 0: none                       */
	unsigned needed; /* those whose runtime the library names needed */
	/* LD_PRELOAD for the jail: the runtimes, ':'-separated, each a
	 * path or a name the dynamic linker finds                      */
	char preload[U8C_SAN_PRELOAD_MAX];
};

/*
 * u8c_sanitizer_detect - which sanitizers the shared library at @path
 * was built with, from its undefined __asan_ / __ubsan_ / __msan_
 * symbols and the runtimes it names as needed, and the runtime to
 * preload.  Returns 0 (s->kinds 0 for a library built without one),
 * or -1 with one line in err[0..errlen): not an ELF file it can read,
 * a sanitizer u8conform cannot host, or a runtime not found.
 */
int u8c_sanitizer_detect(const char *path, struct u8c_sanitizer *s, char *err,
                         size_t errlen);

/* Whether u8conform itself is built with a sanitizer (a test build). */
int u8c_sanitizer_in_self(void);

/* "AddressSanitizer and UndefinedBehaviorSanitizer", for @kinds. */
const char *u8c_sanitizer_names(unsigned kinds);

/* Whether the library at path[0..n) (a path or a file name) is a
 * sanitizer's runtime. */
int u8c_sanitizer_is_runtime(const char *path, size_t n);

/*
 * u8c_sanitizer_in_preload - whether LD_PRELOAD names a sanitizer's
 * runtime, so that u8conform itself runs under it: the runtime's name
 * into name[0..size).
 */
int u8c_sanitizer_in_preload(char *name, size_t size);

/*
 * u8c_sanitizer_leave_preload - run u8conform again (@argv) without the
 * sanitizers' runtimes LD_PRELOAD holds; returns only if it cannot.
 */
void u8c_sanitizer_leave_preload(char **argv);

#endif /* U8C_SANITIZER_H */
