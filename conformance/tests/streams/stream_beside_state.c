/* SPDX-License-Identifier: MIT */
/* stream_beside_state.c - streaming test target with one defect:
 * stream_past_state (targets.h), with a state of 60 bytes, so that the
 * byte it writes lies before the guard page, in the few bytes the
 * harness fills with a pattern and looks at after every chunking. */
#include "targets.h"

static size_t
sixty(void)
{
	return 60;
}

const struct u8tt_target u8tt_target = {
    .name = "test-stream-beside-state",
    .defects = {.stream_past_state = 1},
    .hooks = {.stream_size = sixty},
};
