/* SPDX-License-Identifier: MIT */
/*
 * fault.h - a line on stderr naming the oracle, the function and the
 * input when a guard page is hit (fault.c).
 *
 * The fault itself still kills the test with its signal, which Check's
 * fork mode reports; the line says which input it was, which the signal
 * alone does not.  For the bounds suites, whose inputs lie against
 * support/fence.h's guard pages.
 */
#ifndef U8O_FAULT_H
#define U8O_FAULT_H

#include <stddef.h>
#include <stdint.h>

/* Installs the SIGSEGV and SIGBUS handler for the oracle called name,
 * which must outlive the test. */
void u8o_fault_report(const char *oracle);

/* Names what runs from now on: the function fn (a string literal) on
 * s[0..n), which must stay readable until the next call. */
void u8o_fault_running(const char *fn, const uint8_t *s, size_t n);

#endif /* U8O_FAULT_H */
