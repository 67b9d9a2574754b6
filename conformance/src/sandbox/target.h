/* SPDX-License-Identifier: MIT */
/*
 * target.h - a decoder under test: its library, loaded in this process,
 * and the u8t_ functions it exports.
 *
 * Loading runs the library's constructors in the calling process, so
 * u8conform calls this only in the jail's loader (sandbox/loader.c).
 * In-process harnesses whose engine supervises them (fuzz_diff_target,
 * u8bench-calls) call it directly.
 */
#ifndef U8C_TARGET_H
#define U8C_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "answers.h"
#include "checks.h"
#include "u8t.h"

struct u8c_target {
	void *handle;         /* dlopen handle                          */
	u8t_decode_fn decode; /* each NULL when not exported           */
	u8t_validate_fn validate;
	u8t_next_fn next;
	u8t_encode_fn encode;
	u8t_stream_size_fn stream_size; /* all three, or none        */
	u8t_stream_init_fn stream_init;
	u8t_stream_decode_fn stream_decode; /* or, from version 3:    */
	u8t_stream_consumed_fn stream_consumed;
	size_t state_size; /* what u8t_stream_size() said, 1..4096   */
	int exec;          /* an --exec child's bridge (exec/bridge.h) */
};

/* What a target says of itself. */
struct u8c_identity {
	int abi_version;    /* u8t_abi_version(), or 1               */
	const char *name;   /* u8t_name(), or NULL: raw, untrusted   */
	unsigned exports;   /* bit per enum u8c_fn                   */
	unsigned traits;    /* u8t_traits() or the shape\'s: U8T_ bits */
	size_t stream_size; /* u8t_stream_size(), or 0 without it      */
};

/* The steps of loading, for saying where it went wrong. */
enum u8c_load_at {
	U8C_LOADING_DLOPEN,      /* dlopen, and the constructors        */
	U8C_LOADING_VERSION,     /* u8t_abi_version()                   */
	U8C_LOADING_NAME,        /* u8t_name()                          */
	U8C_LOADING_TRAITS,      /* u8t_traits()                        */
	U8C_LOADING_SYMBOLS,     /* finding the functions               */
	U8C_LOADING_STREAM_SIZE, /* u8t_stream_size()               */
};

/*
 * u8c_target_load - dlopen @path in this process and find its functions.
 * @path:   a shared object; "./" is added to a bare file name so that
 *          dlopen does not search the library path.
 * @symbol: NULL to test the u8t_ functions @path exports; else the one
 *          function to test, of shape @shape (see shape.h).
 * @at:     when not NULL, called with each step before it is taken.
 * @id:     receives what the target says of itself.
 * @err:    one line saying what is wrong, on failure.
 *
 * Returns 0, or -1 when dlopen fails (with dlerror's text), the library
 * exports none of the u8t_ functions (or not @symbol), declares an ABI
 * version this harness does not know, or exports some of the streaming
 * functions but not all, or without declaring version 2.  A state size
 * outside 1..U8C_STATE_MAX is no error: the stream is then not among
 * the exports, and id->stream_size tells the report why.
 */
int u8c_target_load(struct u8c_target *t, const char *path, const char *symbol,
                    const char *shape, void (*at)(enum u8c_load_at step),
                    struct u8c_identity *id, char *err, size_t errlen);

/*
 * u8c_target_defines - the functions the library at @path defines itself
 * (bit per enum u8c_fn; the stream's bit for u8t_stream_decode or
 * u8t_stream_consumed), read from its file without loading it: what
 * u8c_target_load finds there whatever the target's code does.  A
 * function it takes from a library it needs is not among them.  0 when
 * the file is not ELF.
 */
unsigned u8c_target_defines(const char *path);

/* u8c_target_unload - dlclose what u8c_target_load loaded: the
 * library's destructors run. */
void u8c_target_unload(struct u8c_target *t);

#endif /* U8C_TARGET_H */
