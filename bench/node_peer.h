/* SPDX-License-Identifier: MIT */
/*
 * node_peer.h - simdutf as Node.js bundles it, timed in a node process
 * that this program drives: require('buffer').isUtf8 on the same bytes,
 * read from the files the inputs were written to.
 */
#ifndef U8B_NODE_PEER_H
#define U8B_NODE_PEER_H

#include "contestants.h"

/*
 * u8b_node_start - start `NODE SCRIPT` and make it a contestant in *@c.
 * Returns 0, or -1 with a message on stderr when node cannot run it.
 */
int u8b_node_start(struct u8b_contestant *c, const char *node,
                   const char *script);

/* u8b_node_stop - tell the node process to exit, and wait for it. */
void u8b_node_stop(void);

#endif /* U8B_NODE_PEER_H */
