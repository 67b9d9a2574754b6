/* SPDX-License-Identifier: MIT */
/* stream_consumed.c - the correct u8t_stream_consumed target
 * (consumed_core.c). */
#include "targets.h"

const struct u8tt_target u8tt_target = {.name = "test-stream-consumed"};
