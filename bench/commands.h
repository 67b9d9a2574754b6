/* SPDX-License-Identifier: MIT */
/*
 * commands.h - command-line tools timed on one file in the page cache,
 * side by side: what a user would run instead of u8validate.
 */
#ifndef U8B_COMMANDS_H
#define U8B_COMMANDS_H

#include <stddef.h>
#include <stdio.h>

/*
 * u8b_time_commands - runs each command of @list on @file @runs times, in
 * rounds that run every command once (each round starting from another
 * one), reading the file through the page cache before each run.  Writes
 * one CSV row per command to @csv: its median, fastest and slowest wall
 * time, and whether its exit status gave @valid's verdict.  Returns 0,
 * or 1 (with a message) when the list or the file cannot be used.
 *
 * Each line of @list is NAME, VALID, INVALID and the words of the
 * command, separated by tabs; VALID and INVALID are the exit statuses
 * that mean well-formed and ill-formed ("-" when the tool judges
 * nothing), and a word {} stands for the file.  Children get LC_ALL=
 * C.UTF-8 and read /dev/null; their output goes to /dev/null.
 */
int u8b_time_commands(const char *list, const char *file, size_t runs,
                      int valid, const char *input, FILE *csv);

#endif /* U8B_COMMANDS_H */
