/* SPDX-License-Identifier: MIT */
/*
 * shape.h - test a library's own function, without a u8t_ shim.
 *
 * --symbol NAME --shape SHAPE binds one exported function of a common
 * shape to u8t_validate or u8t_next through an adapter, so an unmodified
 * library can be judged.
 */
#ifndef U8C_SHAPE_H
#define U8C_SHAPE_H

#include <stddef.h>

#include "target.h"

/* The shapes, one per line, for --help. */
extern const char u8c_shape_help[];

/* u8c_shape_known - whether @shape names a shape. */
int u8c_shape_known(const char *shape);

/*
 * u8c_shape_bind - make @fn, of shape @shape, the target's function.
 * Returns 0, or -1 with @err set for an unknown shape.
 */
int u8c_shape_bind(struct u8c_target *t, const char *shape, void *fn, char *err,
                   size_t errlen);

#endif /* U8C_SHAPE_H */
