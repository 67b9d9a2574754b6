/* SPDX-License-Identifier: MIT */
/*
 * target.c - dlopen a target and find its u8t_ functions.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "elf_names.h"
#include "exec/bridge.h"
#include "shape.h"
#include "target.h"

/* Stores dlsym(@name) in the function pointer at @fn, when there is
 * one: POSIX guarantees the conversion. */
static void
find(void *handle, const char *name, void *fn)
{
	void *p = dlsym(handle, name);

	if (p != NULL)
		memcpy(fn, &p, sizeof p);
}

static unsigned
exports_of(const struct u8c_target *t)
{
	return (t->decode ? 1u << U8C_FN_DECODE : 0) |
	       (t->validate ? 1u << U8C_FN_VALIDATE : 0) |
	       (t->next ? 1u << U8C_FN_NEXT : 0) |
	       (t->encode ? 1u << U8C_FN_ENCODE : 0) |
	       ((t->stream_decode || t->stream_consumed) && t->state_size > 0
	            ? 1u << U8C_FN_STREAM
	            : 0);
}

static void
step(void (*at)(enum u8c_load_at), enum u8c_load_at s)
{
	if (at != NULL)
		at(s);
}

/* The state a stream needs, asked once, now (a target may not change
 * its mind); a size outside 1..U8C_STATE_MAX leaves the stream out. */
static void
ask_state_size(struct u8c_target *t, void (*at)(enum u8c_load_at),
               struct u8c_identity *id)
{
	if (t->stream_consumed != NULL)
		id->traits |= U8C_STREAM_CONSUMED;
	step(at, U8C_LOADING_STREAM_SIZE);
	id->stream_size = t->stream_size();
	t->state_size =
	    u8c_state_size_ok(id->stream_size) ? id->stream_size : 0;
}

/* The streaming functions: all three or none, from version 2 on, the
 * third u8t_stream_consumed from version 3 on. */
static int
find_stream(struct u8c_target *t, const char *path,
            void (*at)(enum u8c_load_at), struct u8c_identity *id, char *err,
            size_t errlen)
{
	int consumed = t->stream_consumed != NULL,
	    found = (t->stream_size != NULL) + (t->stream_init != NULL) +
	            (t->stream_decode != NULL) + consumed;
	if (found == 0)
		return 0;
	if (t->stream_decode != NULL && consumed) {
		snprintf(err, errlen,
		         "%s: exports both u8t_stream_decode and "
		         "u8t_stream_consumed; a stream is one of them",
		         path);
		return -1;
	}
	if (found < 3) {
		snprintf(err, errlen,
		         "%s: exports %s%s%s but not all three streaming "
		         "functions (u8t_stream_size, u8t_stream_init, and "
		         "u8t_stream_decode or u8t_stream_consumed)",
		         path, t->stream_size ? "u8t_stream_size " : "",
		         t->stream_init ? "u8t_stream_init " : "",
		         consumed           ? "u8t_stream_consumed"
		         : t->stream_decode ? "u8t_stream_decode"
		                            : "");
		return -1;
	}
	if (id->abi_version < 2 + consumed) {
		snprintf(err, errlen,
		         "%s: exports %s, but u8t_abi_version() is %d: "
		         "such a target is version %d",
		         path,
		         consumed ? "u8t_stream_consumed"
		                  : "the streaming functions",
		         id->abi_version, 2 + consumed);
		return -1;
	}
	ask_state_size(t, at, id);
	return 0;
}

int
u8c_target_load(struct u8c_target *t, const char *path, const char *sym,
                const char *shape, void (*at)(enum u8c_load_at),
                struct u8c_identity *id, char *err, size_t errlen)
{
	char full[4096], why[512];
	u8t_abi_version_fn version = NULL;
	u8t_name_fn name = NULL;
	u8t_traits_fn traits = NULL;
	void *p;

	memset(t, 0, sizeof *t);
	memset(id, 0, sizeof *id);
	id->abi_version = 1;
	/* dlopen searches the library path for a name without a slash; a
	 * user naming a file means that file. */
	snprintf(full, sizeof full, "%s%s", strchr(path, '/') ? "" : "./",
	         path);
	step(at, U8C_LOADING_DLOPEN);
	if ((t->handle = dlopen(full, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(err, errlen, "%s", dlerror());
		return -1;
	}
	step(at, U8C_LOADING_SYMBOLS);
	if (sym != NULL) {
		if ((p = dlsym(t->handle, sym)) == NULL) {
			snprintf(err, errlen, "%s: exports no symbol %s", path,
			         sym);
			return -1;
		}
		if (u8c_shape_bind(t, shape, t->handle, sym, p, &id->traits,
		                   why, sizeof why) != 0) {
			snprintf(err, errlen, "%s: %s", path, why);
			return -1;
		}
		if (t->stream_size != NULL)
			ask_state_size(t, at, id);
		id->exports = exports_of(t);
		return 0;
	}
	/* the names u8c_target_defines reads too (export_names) */
	find(t->handle, "u8t_decode", &t->decode);
	find(t->handle, "u8t_validate", &t->validate);
	find(t->handle, "u8t_next", &t->next);
	find(t->handle, "u8t_encode", &t->encode);
	find(t->handle, "u8t_stream_size", &t->stream_size);
	find(t->handle, "u8t_stream_init", &t->stream_init);
	find(t->handle, "u8t_stream_decode", &t->stream_decode);
	find(t->handle, "u8t_stream_consumed", &t->stream_consumed);
	if (exports_of(t) == 0 && t->stream_size == NULL &&
	    t->stream_init == NULL && t->stream_decode == NULL &&
	    t->stream_consumed == NULL) {
		snprintf(err, errlen,
		         "%s: exports none of u8t_decode, u8t_validate, "
		         "u8t_next, u8t_encode, u8t_stream_decode, "
		         "u8t_stream_consumed",
		         path);
		return -1;
	}
	find(t->handle, "u8t_abi_version", &version);
	find(t->handle, "u8t_name", &name);
	find(t->handle, "u8t_traits", &traits);
	if (version != NULL) {
		step(at, U8C_LOADING_VERSION);
		id->abi_version = version();
	}
	if (id->abi_version < 1 || id->abi_version > U8T_ABI_VERSION) {
		snprintf(err, errlen,
		         "%s: u8t_abi_version() is %d; this u8conform knows "
		         "versions 1 to %d",
		         path, id->abi_version, U8T_ABI_VERSION);
		return -1;
	}
	if (name != NULL) {
		step(at, U8C_LOADING_NAME);
		id->name = name();
	}
	if (traits != NULL) {
		step(at, U8C_LOADING_TRAITS);
		id->traits = traits() & (U8T_NEEDS_NUL | U8T_GUESSED_LENGTHS |
		                         U8T_SCALARS_ONLY);
	}
	if (find_stream(t, path, at, id, err, errlen) != 0)
		return -1;
	id->exports = exports_of(t);
	return 0;
}

/* The names behind each bit of the exports (exports_of). */
static const struct {
	const char *name;
	enum u8c_fn fn;
} export_names[] = {
    {"u8t_decode", U8C_FN_DECODE},
    {"u8t_validate", U8C_FN_VALIDATE},
    {"u8t_next", U8C_FN_NEXT},
    {"u8t_encode", U8C_FN_ENCODE},
    {"u8t_stream_decode", U8C_FN_STREAM},
    {"u8t_stream_consumed", U8C_FN_STREAM},
};

static void
note_defined(void *arg, const char *name, enum u8c_elf_name kind)
{
	unsigned *fns = arg;

	for (size_t k = 0; k < sizeof export_names / sizeof export_names[0] &&
	                   kind == U8C_ELF_DEFINED;
	     k++)
		if (strcmp(name, export_names[k].name) == 0)
			*fns |= 1u << export_names[k].fn;
}

unsigned
u8c_target_defines(const char *path)
{
	unsigned fns = 0;

	return u8c_elf_names(path, note_defined, &fns) == 0 ? fns : 0;
}

void
u8c_target_unload(struct u8c_target *t)
{
	if (t->exec) {
		u8c_exec_unload();
		t->exec = 0;
	}
	if (t->handle != NULL)
		dlclose(t->handle);
	t->handle = NULL;
}
