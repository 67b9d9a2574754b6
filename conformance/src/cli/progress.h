/* SPDX-License-Identifier: MIT */
/*
 * progress.h - a line on stderr that says how a long run is going.
 */
#ifndef U8C_PROGRESS_H
#define U8C_PROGRESS_H

#include "sandbox.h"

/* u8c_progress_attach - have @cfg's run report its progress on stderr
 * when @wanted and stderr is a terminal, or when @forced. */
void u8c_progress_attach(struct u8c_sandbox_config *cfg, int wanted,
                         int forced);

/* u8c_progress_end - end the line, if one was written. */
void u8c_progress_end(void);

#endif /* U8C_PROGRESS_H */
