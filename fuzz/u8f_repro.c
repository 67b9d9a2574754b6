/* SPDX-License-Identifier: MIT */
/*
 * u8f_repro.c - u8conform command lines for fuzz findings, quoted for a
 * POSIX shell.
 */
#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "u8f_repro.h"

/* 255 input bytes as hex are 765 characters; paths may be long. */
enum { OPTIONS_MAX = 8192, LINE_MAX_ = OPTIONS_MAX + 1024 };

static char options[OPTIONS_MAX] = "u8conform";
static char library[4096];
static char line[LINE_MAX_];

/* @arg as one shell word, appended to buf[0..cap) after a space. */
static void
append_word(char *buf, size_t cap, const char *arg)
{
	size_t at = strlen(buf);
	int plain = arg[0] != '\0';

	for (const char *p = arg; *p != '\0'; p++)
		plain &=
		    strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW"
		           "XYZ0123456789_./,:=+-@",
		           *p) != NULL;
	if (at + 2 >= cap)
		return;
	buf[at++] = ' ';
	if (plain) {
		snprintf(buf + at, cap - at, "%s", arg);
		return;
	}
	/* 'it'\''s' */
	buf[at++] = '\'';
	for (const char *p = arg; *p != '\0' && at + 5 < cap; p++) {
		if (*p == '\'') {
			memcpy(buf + at, "'\\''", 4);
			at += 4;
		} else {
			buf[at++] = *p;
		}
	}
	buf[at++] = '\'';
	buf[at] = '\0';
}

void
u8f_repro_option(const char *option, const char *value)
{
	append_word(options, sizeof options, option);
	if (value != NULL)
		append_word(options, sizeof options, value);
}

void
u8f_repro_library(const char *path)
{
	library[0] = '\0';
	append_word(library, sizeof library, path);
}

void
u8f_repro_exec(const char *cmd)
{
	library[0] = '\0';
	append_word(library, sizeof library, "--exec");
	append_word(library, sizeof library, cmd);
}

static const char *
command(const char *input)
{
	snprintf(line, sizeof line, "%s --input", options);
	append_word(line, sizeof line, input);
	snprintf(line + strlen(line), sizeof line - strlen(line), "%s",
	         library);
	return line;
}

const char *
u8f_repro_bytes(const uint8_t *s, size_t n)
{
	static char hex[3 * 256 + 16];

	if (n == 0)
		return command(""); /* --input '' */
	u8s_hex_format(hex, sizeof hex, s, n);
	return command(hex);
}

const char *
u8f_repro_chunks(const char *chunks)
{
	return command(chunks);
}

const char *
u8f_repro_file(const char *path)
{
	char at[4096];

	snprintf(at, sizeof at, "@%s", path);
	return command(at);
}

const char *
u8f_repro_code_point(uint32_t cp)
{
	char text[16];

	u8s_u_format(text, sizeof text, cp);
	return command(text);
}
