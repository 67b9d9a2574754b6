/* SPDX-License-Identifier: MIT */
/*
 * target.h - a decoder under test: its library and the u8t_ functions it
 * exports.
 *
 * Opening a target probes it first in a throw-away child process, so a
 * library whose constructor crashes or exits is a load error, never a
 * dead harness.
 */
#ifndef U8C_TARGET_H
#define U8C_TARGET_H

#include <stddef.h>

#include "u8t.h"

struct u8c_target {
	void *handle;         /* dlopen handle                      */
	char path[4096];      /* as given, "./" added when bare     */
	char name[128];       /* u8t_name(), or the file's name     */
	int abi_version;      /* u8t_abi_version(), or 1            */
	u8t_decode_fn decode; /* each NULL when not exported        */
	u8t_validate_fn validate;
	u8t_next_fn next;
	u8t_encode_fn encode;
	const char *symbol; /* with --symbol: the function tested  */
	const char *shape;  /* and its shape                       */
};

/*
 * u8c_target_open - load the library at @path and find its functions.
 * @t:      filled in on success.
 * @path:   a shared object; a bare file name means one in the current
 *          directory.
 * @symbol: NULL to test the u8t_ functions @path exports; else the one
 *          function of @path to test, of shape @shape (see shape.h).
 * @err:    receives one line saying what is wrong, on failure.
 * @errlen: room at @err.
 *
 * Returns 0, or -1 when the file is missing, is no shared object (with
 * dlerror's text), exports none of the u8t_ functions (or not @symbol),
 * crashes or exits while loading, or declares an ABI version other than
 * 1.
 */
int u8c_target_open(struct u8c_target *t, const char *path, const char *symbol,
                    const char *shape, char *err, size_t errlen);

/* u8c_target_close - unload what u8c_target_open loaded. */
void u8c_target_close(struct u8c_target *t);

#endif /* U8C_TARGET_H */
