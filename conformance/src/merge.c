/* SPDX-License-Identifier: MIT */
/*
 * merge.c - read u8conform's own JSON reports back and add them up.
 *
 * The reader knows only the JSON u8conform writes (objects, arrays,
 * strings, whole numbers, null); anything else is an error, not a guess.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"

struct cursor {
	const char *p;
	int bad;
};

static void
skip_space(struct cursor *c)
{
	while (*c->p == ' ' || *c->p == '\n' || *c->p == '\t' || *c->p == '\r')
		c->p++;
}

static int
take(struct cursor *c, char ch)
{
	skip_space(c);
	if (*c->p != ch) {
		c->bad = 1;
		return 0;
	}
	c->p++;
	return 1;
}

/* A JSON string into buf (as many bytes as fit). */
static void
string(struct cursor *c, char *buf, size_t len)
{
	size_t at = 0;
	unsigned u;

	if (!take(c, '"'))
		return;
	while (*c->p != '"' && *c->p != '\0') {
		char ch = *c->p++;

		if (ch == '\\') {
			ch = *c->p++;
			if (ch == 'u' && sscanf(c->p, "%4x", &u) == 1) {
				ch = (char)u;
				c->p += 4;
			} else if (ch == 'n') {
				ch = '\n';
			}
		}
		if (at + 1 < len)
			buf[at++] = ch;
	}
	buf[at] = '\0';
	take(c, '"');
}

static unsigned long long
number(struct cursor *c)
{
	char *end;
	unsigned long long v;

	skip_space(c);
	v = strtoull(c->p, &end, 10);
	if (end == c->p)
		c->bad = 1;
	c->p = end;
	return v;
}

/* Reads "key": and checks the key is @want. */
static void
key(struct cursor *c, const char *want)
{
	char got[64];

	string(c, got, sizeof got);
	if (strcmp(got, want) != 0)
		c->bad = 1;
	take(c, ':');
}

static int
hex_value(int ch)
{
	return ch >= '0' && ch <= '9'   ? ch - '0'
	       : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
	                                : -1;
}

/* "C0 80" or "U+D800" back into an example's input. */
static void
example_input(struct u8c_example *e, const char *text)
{
	unsigned long cp;
	int hi, lo;

	e->n = 0;
	if (sscanf(text, "U+%lX", &cp) == 1) {
		e->code_point = 1;
		e->input[0] = (uint8_t)(cp >> 24);
		e->input[1] = (uint8_t)(cp >> 16);
		e->input[2] = (uint8_t)(cp >> 8);
		e->input[3] = (uint8_t)cp;
		e->n = 4;
		return;
	}
	while (*text && e->n < U8C_EXAMPLE_INPUT) {
		if ((hi = hex_value(text[0])) < 0 ||
		    (lo = hex_value(text[1])) < 0)
			break;
		e->input[e->n++] = (uint8_t)(hi << 4 | lo);
		text += text[2] == ' ' ? 3 : 2;
	}
}

static enum u8c_level
level_of(const char *name)
{
	static const char *const names[] = {"pass", "info", "warn", "fail"};
	int l;

	for (l = 0; l < 4; l++)
		if (strcmp(name, names[l]) == 0)
			return (enum u8c_level)l;
	return U8C_FAIL;
}

static int
check_of(const char *id)
{
	char buf[64];
	int c;

	for (c = 0; c < U8C_CHECKS; c++) {
		u8c_check_id((enum u8c_check)c, buf, sizeof buf);
		if (strcmp(buf, id) == 0)
			return c;
	}
	return -1;
}

/* One check object into @r; returns -1 on a malformed or unknown one. */
static int
read_check(struct cursor *c, struct u8c_results *r)
{
	char id[64], title[160], verdict[16], input[3 * U8C_EXAMPLE_INPUT + 8];
	struct u8c_tally t;
	int k;

	memset(&t, 0, sizeof t);
	take(c, '{');
	key(c, "id");
	string(c, id, sizeof id);
	take(c, ',');
	key(c, "title");
	string(c, title, sizeof title);
	take(c, ',');
	key(c, "verdict");
	string(c, verdict, sizeof verdict);
	take(c, ',');
	key(c, "tested");
	t.tested = number(c);
	take(c, ',');
	key(c, "failed");
	t.failed = number(c);
	take(c, ',');
	key(c, "counterexample");
	skip_space(c);
	if (strncmp(c->p, "null", 4) == 0) {
		c->p += 4;
	} else {
		t.has_example = 1;
		take(c, '{');
		key(c, "input");
		string(c, input, sizeof input);
		example_input(&t.example, input);
		take(c, ',');
		key(c, "expected");
		string(c, t.example.expected, sizeof t.example.expected);
		take(c, ',');
		key(c, "got");
		string(c, t.example.got, sizeof t.example.got);
		take(c, '}');
	}
	take(c, '}');
	if (c->bad || (k = check_of(id)) < 0)
		return -1;
	t.level = level_of(verdict);
	r->checks[k] = t;
	return 0;
}

/* A whole report into @r and the target's name, path and profile. */
static int
read_report(const char *text, struct u8c_results *r, char *name, char *path,
            char *profile)
{
	struct cursor c = {text, 0};
	char scratch[256];

	memset(r, 0, sizeof *r);
	take(&c, '{');
	key(&c, "target");
	string(&c, name, 128);
	take(&c, ',');
	key(&c, "path");
	string(&c, path, 4096);
	take(&c, ',');
	key(&c, "profile");
	string(&c, profile, 64);
	take(&c, ',');
	key(&c, "verdict");
	string(&c, scratch, sizeof scratch);
	take(&c, ',');
	key(&c, "policy");
	string(&c, scratch, sizeof scratch);
	take(&c, ',');
	key(&c, "variant");
	string(&c, scratch, sizeof scratch);
	take(&c, ',');
	key(&c, "evidence");
	take(&c, '{');
	key(&c, "policy_runs");
	r->policy_runs = number(&c);
	take(&c, ',');
	key(&c, "policy_ruled_out");
	r->policy_violated = (uint32_t)number(&c);
	take(&c, ',');
	key(&c, "variant_tested");
	r->variant_tested = number(&c);
	take(&c, ',');
	key(&c, "variant_ruled_out");
	r->variant_violated = (uint32_t)number(&c);
	take(&c, '}');
	take(&c, ',');
	key(&c, "checks");
	take(&c, '[');
	skip_space(&c);
	while (!c.bad && *c.p == '{') {
		if (read_check(&c, r) != 0)
			return -1;
		skip_space(&c);
		if (*c.p == ',')
			c.p++;
		skip_space(&c);
	}
	take(&c, ']');
	take(&c, '}');
	return c.bad ? -1 : 0;
}

static char *
slurp(const char *file)
{
	FILE *f = fopen(file, "rb");
	char *buf = NULL;
	size_t len = 0, got;

	if (f == NULL)
		return NULL;
	do {
		char *more = realloc(buf, len + 65536 + 1);

		if (more == NULL) {
			free(buf);
			fclose(f);
			return NULL;
		}
		buf = more;
		got = fread(buf + len, 1, 65536, f);
		len += got;
	} while (got > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

int
u8c_merge_reports(struct u8c_suite *suite, struct u8c_target *target,
                  char *const *files, int nfiles, char *err, size_t errlen)
{
	static struct u8c_results one;
	char name[128], path[4096], profile[64];
	char *text;
	int i;

	for (i = 0; i < nfiles; i++) {
		if ((text = slurp(files[i])) == NULL) {
			snprintf(err, errlen, "%s: %s", files[i],
			         strerror(errno));
			return -1;
		}
		if (read_report(text, &one, name, path, profile) != 0) {
			free(text);
			snprintf(err, errlen, "%s: not a u8conform JSON report",
			         files[i]);
			return -1;
		}
		free(text);
		if (i == 0) {
			snprintf(target->name, sizeof target->name, "%s", name);
			snprintf(target->path, sizeof target->path, "%s", path);
			suite->profile = u8ref_profile_by_name(profile);
			if (suite->profile == NULL) {
				snprintf(err, errlen, "%s: unknown profile %s",
				         files[i], profile);
				return -1;
			}
		} else if (strcmp(path, target->path) != 0 ||
		           strcmp(profile, suite->profile->name) != 0) {
			snprintf(err, errlen,
			         "%s: a report on %s (%s), not %s (%s)",
			         files[i], path, profile, target->path,
			         suite->profile->name);
			return -1;
		}
		u8c_judge_merge(suite, &one);
	}
	suite->target = target;
	return 0;
}
