/* SPDX-License-Identifier: MIT */
/*
 * node_peer.h - simdutf as Node.js bundles it, timed in node processes
 * that this program drives: require('buffer').isUtf8 on the same bytes,
 * read from the files the inputs were written to.  One process per node
 * executable, so that two Node.js releases (two simdutf releases) run
 * side by side.
 */
#ifndef U8B_NODE_PEER_H
#define U8B_NODE_PEER_H

#include "contestants.h"

/*
 * u8b_node_start - start `NODE SCRIPT` and make it a contestant in *@c,
 * named after the simdutf it bundles ("simdutf-7.7.0").  Returns 0, or
 * -1 with a message on stderr when node cannot run it or too many run.
 */
int u8b_node_start(struct u8b_contestant *c, const char *node,
                   const char *script);

/* u8b_node_stop_all - tell every node process to exit, and wait. */
void u8b_node_stop_all(void);

#endif /* U8B_NODE_PEER_H */
