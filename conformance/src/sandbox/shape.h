/* SPDX-License-Identifier: MIT */
/*
 * shape.h - test a library's own function, without a u8t_ shim.
 *
 * --symbol NAME --shape SHAPE binds one exported function of a real
 * library's shape to u8t_validate, u8t_next or u8t_decode, or to the
 * u8t_stream_ functions (shape_streams.h), through an adapter, so an
 * unmodified library can be judged.
 */
#ifndef U8C_SHAPE_H
#define U8C_SHAPE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "target.h"

/* The one function of the library a shape binds (a process tests one
 * target), set by u8c_shape_bind for the adapters. */
extern void *u8c_shape_bound;

/* The function pointer @f from the object pointer @p (POSIX's dlsym
 * idiom: the conversion is defined there). */
#define U8C_AS_FN(f, p) memcpy(&(f), &(p), sizeof(f))

/* u8c_shape_help - the shapes, two lines each, for --help. */
void u8c_shape_help(FILE *out);

/* u8c_shape_known - whether @shape names a shape. */
int u8c_shape_known(const char *shape);

/*
 * u8c_shape_bind - make @fn, the function @symbol of the library
 * @handle, of shape @shape, the target's function (or its stream), and
 * store the shape's U8T_ traits in @traits.  Returns 0, or -1 with @err
 * set for an unknown shape or a helper a streaming shape cannot find.
 */
int u8c_shape_bind(struct u8c_target *t, const char *shape, void *handle,
                   const char *symbol, void *fn, unsigned *traits, char *err,
                   size_t errlen);

#endif /* U8C_SHAPE_H */
