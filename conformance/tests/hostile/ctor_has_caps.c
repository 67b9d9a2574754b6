/* SPDX-License-Identifier: MIT */
/*
 * ctor_has_caps.c - hostile target: its constructor reads its own
 * effective capabilities and, if it holds any, says so on stderr (with
 * CAP_SYS_ADMIN or CAP_SYS_PTRACE it could reach past the jail).
 *
 * Once the loader ran constructors with every capability of a root
 * u8conform.  Expected: a pass, nothing printed.  Run as a user without
 * capabilities it passes either way; CI runs as root.
 */
#include <stdio.h>
#include <string.h>

#include "targets.h"

__attribute__((constructor)) static void
look(void)
{
	char line[256];
	FILE *status = fopen("/proc/self/status", "r");

	if (status == NULL)
		return;
	while (fgets(line, sizeof line, status) != NULL)
		if (strncmp(line, "CapEff:", 7) == 0 &&
		    strspn(line + 7, "\t 0\n") != strlen(line + 7))
			fprintf(stderr, "constructor with %s", line);
	fclose(status);
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-has-caps"};
