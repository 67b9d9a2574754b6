/* SPDX-License-Identifier: MIT */
/*
 * bridge.h - an --exec target as a u8c_target: its u8t_ functions ask
 * the child (conformance/PROTOCOL.md), in batches.
 *
 * A child answers thousands of requests a frame at the cost of one, so
 * a worker calls an order's items twice.  The first time the bridge
 * only notes what each call asks and answers it with a placeholder; then
 * everything noted goes to the child in batches; the second time, the
 * calls whose answers the worker keeps, every answer is there.  A call
 * the first time did not foresee (one that follows from an answer: the
 * prefix u8t_validate is asked again) is asked on its own.  A batch that
 * does not come back whole is cut in halves, each to a fresh child,
 * down to the one request that ends the child, hangs it or garbles its
 * answer: that call then meets its fate the second time.
 */
#ifndef U8C_EXEC_BRIDGE_H
#define U8C_EXEC_BRIDGE_H

#include "checks.h"
#include "target.h"

/* A function that ended this many children of a worker, or hung this
 * many, is not asked again there; the supervisor sets it aside. */
enum { U8C_EXEC_ENDS_GIVEN_UP = 32, U8C_EXEC_HANGS_GIVEN_UP = 8 };

/* What the worker does with a fate (U8C_FATES: the call was not made,
 * its function having ended or hung too many children in this process),
 * and how it shows it is alive. */
struct u8c_exec_hooks {
	void (*dies)(enum u8c_fate fate, int detail); /* comes not back */
	void (*alive)(void);
	unsigned timeout_ms;
	int give_up; /* after U8C_EXEC_ENDS_GIVEN_UP or _HANGS_GIVEN_UP */
};

/* u8c_exec_load - start the spawner and a child for shell command @cmd,
 * say hello, and fill @t with the bridge's functions and @id with what
 * the child said of itself.  One bridge per process.  Returns 0, or -1
 * with one line in @err. */
int u8c_exec_load(struct u8c_target *t, const char *cmd,
                  struct u8c_identity *id, char *err, size_t errlen);

/* u8c_exec_unload - end the child and the spawner. */
void u8c_exec_unload(void);

void u8c_exec_set_hooks(const struct u8c_exec_hooks *h);

/* u8c_exec_foresee - 1: calls are noted and answered with placeholders;
 * 0: calls are answered. */
void u8c_exec_foresee(int on);

/* u8c_exec_fetch - everything noted, asked of the child. */
void u8c_exec_fetch(void);

/* u8c_exec_forget - the answers kept, dropped (after an order). */
void u8c_exec_forget(void);

#endif /* U8C_EXEC_BRIDGE_H */
