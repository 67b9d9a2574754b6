/* SPDX-License-Identifier: MIT */
/*
 * node_peer.c - drives bench/isutf8.mjs over two pipes per node
 * process, one line per request: "load PATH" makes the file the current
 * input, "time REPS" runs isUtf8 on it REPS times and answers "SECONDS
 * VERDICT", timed inside node so that the pipes cost nothing.  Because
 * every sample is a request, node's samples interleave with ours in
 * each round.
 */
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "node_peer.h"

extern char **environ;

enum { MAX_NODES = 4 };

struct node {
	pid_t pid;
	FILE *to, *from;
	char loaded[4096]; /* the path it holds now */
};

static struct node nodes[MAX_NODES];
static size_t nnodes;

/* Sends one request line and reads the answer into @reply. */
static int
ask(struct node *node, const char *request, char *reply, size_t cap)
{
	if (node->to == NULL || fprintf(node->to, "%s\n", request) < 0 ||
	    fflush(node->to) != 0 ||
	    fgets(reply, (int)cap, node->from) == NULL) {
		fprintf(stderr, "u8bench: node stopped answering\n");
		return -1;
	}
	return 0;
}

static int
node_sample(const struct u8b_contestant *c, const struct u8b_input *in,
            uint64_t reps, double *seconds)
{
	struct node *node = (struct node *)(uintptr_t)c->ctx;
	char request[4200], reply[128];
	int verdict;

	if (in->path[0] == '\0')
		return -1;
	if (strcmp(node->loaded, in->path) != 0) {
		snprintf(request, sizeof request, "load %s", in->path);
		if (ask(node, request, reply, sizeof reply) != 0 ||
		    strncmp(reply, "ok", 2) != 0)
			return -1;
		snprintf(node->loaded, sizeof node->loaded, "%s", in->path);
	}
	snprintf(request, sizeof request, "time %llu",
	         (unsigned long long)reps);
	if (ask(node, request, reply, sizeof reply) != 0 ||
	    sscanf(reply, "%lf %d", seconds, &verdict) != 2)
		return -1;
	return verdict;
}

static void
node_stop(struct node *node)
{
	if (node->to != NULL) {
		fprintf(node->to, "quit\n");
		fclose(node->to);
	}
	if (node->from != NULL)
		fclose(node->from);
	if (node->pid > 0)
		waitpid(node->pid, NULL, 0);
	memset(node, 0, sizeof *node);
}

int
u8b_node_start(struct u8b_contestant *c, const char *path, const char *script)
{
	int to[2], from[2];
	posix_spawn_file_actions_t fa;
	char *argv[] = {(char *)(uintptr_t)path, (char *)(uintptr_t)script,
	                NULL};
	char hello[128], version[16];
	struct node *node = &nodes[nnodes];

	if (nnodes == MAX_NODES) {
		fprintf(stderr, "u8bench: at most %d node processes\n",
		        MAX_NODES);
		return -1;
	}
	if (pipe(to) != 0 || pipe(from) != 0) {
		perror("u8bench: pipe");
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, to[0], 0);
	posix_spawn_file_actions_adddup2(&fa, from[1], 1);
	posix_spawn_file_actions_addclose(&fa, to[1]);
	posix_spawn_file_actions_addclose(&fa, from[0]);
	if (posix_spawnp(&node->pid, path, &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		fprintf(stderr, "u8bench: cannot run %s; no simdutf (node)\n",
		        path);
		node->pid = -1;
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	close(to[0]);
	close(from[1]);
	signal(SIGPIPE, SIG_IGN); /* a dead node is an error, not our end */
	node->to = fdopen(to[1], "w");
	node->from = fdopen(from[0], "r");
	/* The script first says "ready" and the simdutf it has. */
	if (node->from == NULL ||
	    fgets(hello, sizeof hello, node->from) == NULL ||
	    sscanf(hello, "ready simdutf %15s", version) != 1) {
		fprintf(stderr,
		        "u8bench: %s %s did not start; no simdutf (node)\n",
		        path, script);
		node_stop(node);
		return -1;
	}
	nnodes++;
	hello[strcspn(hello, "\n")] = '\0';
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "simdutf-%s", version);
	snprintf(c->version, sizeof c->version, "%s", hello + 6);
	c->group = U8B_PEER;
	c->sample = node_sample;
	c->ctx = node;
	return 0;
}

void
u8b_node_stop_all(void)
{
	while (nnodes > 0)
		node_stop(&nodes[--nnodes]);
}
