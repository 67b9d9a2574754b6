/* SPDX-License-Identifier: MIT */
/*
 * safe_text.h - bytes from outside (a target's name, a path) made safe
 * to print in a terminal, JSON and XML alike.
 *
 * This is the one place such bytes enter a report.  The result is
 * well-formed UTF-8 with no control characters, so no format needs to
 * escape more than its own syntax, and nobody can forge a line of the
 * text report or break the JSON or the XML.
 */
#ifndef U8C_SAFE_TEXT_H
#define U8C_SAFE_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* The longest text kept, in bytes, before the cut. */
enum { U8C_SAFE_TEXT_MAX = 240 };

/*
 * u8c_safe_text - s[0..n) with each maximal subpart of ill-formed bytes
 * replaced by U+FFFD, and every control character (C0, DEL, C1), line
 * or paragraph separator, bidirectional control, U+FFFE, U+FFFF and
 * backslash written as an escape (\x0A, \u{202E}, \\); cut at a
 * character boundary before @max bytes and then ended with "...".
 * Returns a string to free, or NULL when memory runs out.
 */
char *u8c_safe_text(const uint8_t *s, size_t n, size_t max);

#endif /* U8C_SAFE_TEXT_H */
