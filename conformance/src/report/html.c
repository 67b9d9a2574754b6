/* SPDX-License-Identifier: MIT */
/*
 * html.c - the report as one self-contained HTML page: page.html, built
 * into the executable, with the JSON report where the page marks it.
 * The page draws everything itself and fetches nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <string.h>
#include <time.h>

#include "report.h"

/* page.html's bytes (embed.cmake), ending in a 0. */
extern const unsigned char u8c_page_html[];
extern const size_t u8c_page_html_size;

/* Where the page takes its data: once in page.html, in a <script> of
 * type application/json. */
static const char placeholder[] = "@U8C_DATA@";

/* @text into the page: a '<' written as \u003c, so no "</script>" in a
 * string (a target's name, its answers) can end the script early. */
static int
put_data(FILE *out, const char *text)
{
	for (const char *p = text; *p != '\0'; p++) {
		size_t run = strcspn(p, "<");

		if (fwrite(p, 1, run, out) != run)
			return -1;
		p += run;
		if (*p == '\0')
			break;
		if (fputs("\\u003c", out) == EOF)
			return -1;
	}
	return 0;
}

int
u8c_report_html(FILE *out, const struct u8c_report *r)
{
	const char *page = (const char *)u8c_page_html;
	const char *at = strstr(page, placeholder);
	json_t *data = json_object(), *reports = json_array();
	char title[512], now[32];
	time_t t = time(NULL);
	struct tm tm;
	char *text;
	int rc = -1;

	snprintf(title, sizeof title, "u8conform: %s", r->target);
	strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
	json_object_set_new(data, "title", json_string(title));
	json_object_set_new(data, "generated", json_string(now));
	json_array_append_new(reports, u8c_report_json_document(r));
	json_object_set_new(data, "reports", reports);
	text = json_dumps(data, JSON_COMPACT);
	json_decref(data);
	if (at != NULL && text != NULL &&
	    fwrite(page, 1, (size_t)(at - page), out) == (size_t)(at - page) &&
	    put_data(out, text) == 0 &&
	    fputs(at + strlen(placeholder), out) != EOF)
		rc = 0;
	free(text);
	return rc;
}
