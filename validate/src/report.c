/* SPDX-License-Identifier: MIT */
/*
 * report.c - one line per error, or one JSON object per input.
 *
 * JSON objects are written as the scan goes (header, each error, then
 * the verdict), so --all --json also runs in constant memory.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

/* "E0 80": the bytes of a maximal subpart in hex. */
static void
hex_bytes(const struct u8v_error *e, char *to)
{
	static const char digits[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < e->len; i++) {
		if (i > 0)
			*to++ = ' ';
		*to++ = digits[e->bytes[i] >> 4];
		*to++ = digits[e->bytes[i] & 15];
	}
	*to = '\0';
}

/*
 * A JSON string: escapes where JSON needs them, and U+FFFD for each
 * maximal subpart of a file name that is not UTF-8 (JSON text must be).
 */
static int
json_string(struct u8v_writer *w, const char *text)
{
	const uint8_t *s = (const uint8_t *)text;
	size_t n = strlen(text), at = 0;
	struct u8ref_result r;
	int failed = u8v_write(w, "\"", 1);

	while (at < n) {
		r = u8ref_decode_one(NULL, s + at, n - at);
		if (r.status != U8REF_OK)
			failed |= u8v_write(w, "\\ufffd", 6);
		else if (r.cp == '"' || r.cp == '\\')
			failed |= u8v_print(w, "\\%c", (char)r.cp);
		else if (r.cp < 0x20)
			failed |= u8v_print(w, "\\u%04x", (unsigned)r.cp);
		else
			failed |= u8v_write(w, s + at, r.len);
		at += r.len;
	}
	return failed | u8v_write(w, "\"", 1);
}

int
u8v_report_begin(struct u8v_report *r, const struct u8v_options *o,
                 struct u8v_writer *out, struct u8v_writer *err,
                 const char *name)
{
	r->o = o;
	r->out = out;
	r->err = err;
	r->name = name;
	r->shown = 0;
	if (o->quiet || o->format != U8V_FORMAT_JSON)
		return 0;
	return u8v_write(out, "{\"file\":", 8) | json_string(out, name) |
	       u8v_write(out, ",\"errors\":[", 11);
}

int
u8v_report_error(struct u8v_report *r, const struct u8v_error *e)
{
	char hex[3 * U8REF_MAX_LEN];

	if (r->o->quiet || (r->shown > 0 && !r->o->all))
		return 0;
	hex_bytes(e, hex);
	if (r->o->format == U8V_FORMAT_JSON)
		return u8v_print(r->out,
		                 "%s{\"offset\":%" PRIu64 ",\"line\":%" PRIu64
		                 ",\"column\":%" PRIu64
		                 ",\"kind\":\"%s\",\"bytes\":\"%s\"}",
		                 r->shown++ > 0 ? "," : "", e->offset, e->line,
		                 e->column, u8ref_status_name(e->kind), hex);
	r->shown++;
	return u8v_write(r->out, r->name, strlen(r->name)) |
	       u8v_print(r->out,
	                 ":%" PRIu64 ":%" PRIu64 ": byte %" PRIu64
	                 ": %s (%s)\n",
	                 e->line, e->column, e->offset,
	                 u8ref_status_name(e->kind), hex);
}

int
u8v_report_end(struct u8v_report *r, uint64_t errors, const char *failure)
{
	if (failure != NULL) {
		/* A human reads stderr: keep it in order with our output.
		 * A failure to say it shows in the exit status anyway. */
		u8v_flush(r->out);
		u8v_write(r->err, "u8validate: ", 12);
		u8v_write(r->err, r->name, strlen(r->name));
		u8v_write(r->err, ": ", 2);
		u8v_write(r->err, failure, strlen(failure));
		u8v_write(r->err, "\n", 1);
		u8v_flush(r->err);
	}
	if (r->o->quiet || r->o->format != U8V_FORMAT_JSON)
		return 0;
	if (failure != NULL)
		return u8v_write(r->out, "],\"valid\":null,\"failure\":", 25) |
		       json_string(r->out, failure) |
		       u8v_write(r->out, "}\n", 2);
	return errors == 0 ? u8v_write(r->out, "],\"valid\":true}\n", 16)
	                   : u8v_write(r->out, "],\"valid\":false}\n", 17);
}
