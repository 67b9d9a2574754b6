/* SPDX-License-Identifier: MIT */
/*
 * gen_dfa.c - build the scalar kernel's automaton from Table 3-7.
 *
 * Run at build time; writes dfa_table.c.  A state is the set of
 * (row, column) cells of Table 3-7 still reachable after the bytes read
 * so far in the current character: the start state holds column 0 of
 * every row, a byte keeps the cells whose range holds it and moves them
 * one column on, a row that runs out of columns completes a character
 * (back to the start) and an empty set is the error.  Partition
 * refinement then merges states with the same future (after E1 and
 * after EE, say).  The result is emitted as one 64-bit word per byte
 * value: six bits per state, holding the next state's bit offset, so
 * the kernel steps with one load, one shift and one mask.
 *
 * The kernel also names the errors it finds without running the walk:
 * for each state and refused byte the generator asks the walk (on the
 * shortest bytes that reach the state, then that byte) what kind of
 * error it is, and states are merged only when those answers agree.
 * Nothing here knows a byte range; the table is the only source.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "u8ref.h"

enum {
	ROWS = U8REF_TABLE_3_7_ROWS,
	COLS = U8REF_MAX_LEN + 1,
	MAX_STATES = 64,
	FIELD_BITS = 6, /* bits per state in a packed word */
};

/* A set of cells: bit (row * COLS + column). */
typedef uint64_t cells;

static cells state_cells[MAX_STATES];
static int nstates;
static int next_raw[MAX_STATES][256];
/* The shortest bytes that reach each state, and the walk's name for
 * each byte the state refuses (U8REF_OK where it takes the byte). */
static uint8_t prefix[MAX_STATES][U8REF_MAX_LEN];
static size_t prefix_len[MAX_STATES];
static enum u8ref_status refusal[MAX_STATES][256];

static cells
cell(int row, int col)
{
	return (cells)1 << (row * COLS + col);
}

/* The state of cell set @c, first reached by @from's prefix then @b. */
static int
intern(cells c, int from, uint8_t b)
{
	for (int s = 0; s < nstates; s++)
		if (state_cells[s] == c)
			return s;
	if (nstates == MAX_STATES) {
		fprintf(stderr, "gen_dfa: too many states\n");
		exit(1);
	}
	state_cells[nstates] = c;
	if (from >= 0) {
		memcpy(prefix[nstates], prefix[from], prefix_len[from]);
		prefix[nstates][prefix_len[from]] = b;
		prefix_len[nstates] = prefix_len[from] + 1;
	}
	return nstates++;
}

/* What the walk calls byte @b after state @s's prefix, when it refuses
 * it; the maximal subpart must be the prefix (or the byte alone). */
static enum u8ref_status
ask_walk(int s, uint8_t b)
{
	uint8_t bytes[U8REF_MAX_LEN + 1];
	size_t n = prefix_len[s];
	struct u8ref_result r;

	memcpy(bytes, prefix[s], n);
	bytes[n] = b;
	r = u8ref_decode_one(NULL, bytes, n + 1);
	if (r.status != U8REF_OK && r.len != (n > 0 ? n : 1)) {
		fprintf(stderr, "gen_dfa: walk and automaton disagree\n");
		exit(1);
	}
	return r.status;
}

/* Cells reached from @from on byte @b; *@done is set when a row
 * completes. */
static cells
step(cells from, uint8_t b, int *done)
{
	cells to = 0;

	*done = 0;
	for (int r = 0; r < ROWS; r++) {
		const struct u8ref_row *row = &u8ref_table_3_7[r];

		for (int c = 0; c < row->len; c++) {
			if (!(from & cell(r, c)) || b < row->byte[c].lo ||
			    b > row->byte[c].hi)
				continue;
			if (c + 1 == row->len)
				*done = 1;
			else
				to |= cell(r, c + 1);
		}
	}
	return to;
}

/* The row of Table 3-7 whose first column holds byte @b, or -1. */
static int
lead_row(int b)
{
	for (int r = 0; r < ROWS; r++)
		if (b >= u8ref_table_3_7[r].byte[0].lo &&
		    b <= u8ref_table_3_7[r].byte[0].hi)
			return r;
	return -1;
}

int
main(int argc, char **argv)
{
	static int block[MAX_STATES], newblock[MAX_STATES];
	int error, start, nblocks, changed;
	uint8_t trail_lo = 0xFF, trail_hi = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: gen_dfa OUTPUT.c OUTPUT.h\n");
		return 2;
	}
	/* The subset construction; state 0 is the error (the empty set). */
	error = intern(0, -1, 0);
	{
		cells all = 0;

		for (int r = 0; r < ROWS; r++)
			all |= cell(r, 0);
		start = intern(all, -1, 0);
	}
	for (int s = 0; s < nstates; s++)
		for (int b = 0; b < 256; b++) {
			int done;
			cells to = step(state_cells[s], (uint8_t)b, &done);

			if (done && to != 0) {
				fprintf(stderr, "gen_dfa: rows overlap\n");
				return 1;
			}
			next_raw[s][b] =
			    done ? start : intern(to, s, (uint8_t)b);
			refusal[s][b] = U8REF_OK;
			if (s != error && !done && to == 0)
				refusal[s][b] = ask_walk(s, (uint8_t)b);
		}

	/* Bytes allowed after the first column: the continuation range. */
	for (int r = 0; r < ROWS; r++)
		for (int c = 1; c < u8ref_table_3_7[r].len; c++) {
			if (u8ref_table_3_7[r].byte[c].lo < trail_lo)
				trail_lo = u8ref_table_3_7[r].byte[c].lo;
			if (u8ref_table_3_7[r].byte[c].hi > trail_hi)
				trail_hi = u8ref_table_3_7[r].byte[c].hi;
		}

	/* Partition refinement (Moore): blocks start as error, start and
	 * the rest, and split until transitions respect them. */
	for (int s = 0; s < nstates; s++)
		block[s] = s == error ? 0 : s == start ? 1 : 2;
	nblocks = 3;
	do {
		changed = 0;
		int nb = 0;
		for (int s = 0; s < nstates; s++) {
			int t;

			for (t = 0; t < s; t++) {
				if (block[t] != block[s])
					continue;
				int same = 1;
				for (int b = 0; b < 256 && same; b++)
					same = block[next_raw[s][b]] ==
					           block[next_raw[t][b]] &&
					       refusal[s][b] == refusal[t][b];
				if (same)
					break;
			}
			newblock[s] = t < s ? newblock[t] : nb++;
		}
		changed = nb != nblocks;
		nblocks = nb;
		memcpy(block, newblock, sizeof block);
	} while (changed);
	if (nblocks * FIELD_BITS > 64) {
		fprintf(stderr, "gen_dfa: %d states do not pack\n", nblocks);
		return 1;
	}

	/* The constants, as a header the kernel compiles in. */
	f = fopen(argv[2], "w");
	if (f == NULL) {
		perror(argv[2]);
		return 1;
	}
	fprintf(f, "/* Generated by ref/fast/gen_dfa.c from Table 3-7; do not "
	           "edit. */\n");
	fprintf(f, "/* %d states; a state is its bit offset in a word. */\n",
	        nblocks);
	fprintf(f, "#define U8REF_DFA_STATES %d\n", nblocks);
	fprintf(f, "#define U8REF_DFA_FIELD_BITS %d\n", FIELD_BITS);
	fprintf(f, "#define U8REF_DFA_ERROR %d\n", block[error] * FIELD_BITS);
	fprintf(f, "#define U8REF_DFA_START %d\n", block[start] * FIELD_BITS);
	fprintf(f, "#define U8REF_DFA_TRAIL_LO 0x%02X\n", trail_lo);
	fprintf(f, "#define U8REF_DFA_TRAIL_HI 0x%02X\n", trail_hi);
	if (fclose(f) != 0)
		return 1;

	f = fopen(argv[1], "w");
	if (f == NULL) {
		perror(argv[1]);
		return 1;
	}
	fprintf(f, "/* Generated by ref/fast/gen_dfa.c from Table 3-7; do not "
	           "edit. */\n#include \"dfa.h\"\n\n");
	fprintf(f, "/* For byte b and state s, the next state is "
	           "(u8ref_dfa_next[b] >> s) & 63. */\n");
	fprintf(f, "const uint64_t u8ref_dfa_next[256] = {\n");
	for (int b = 0; b < 256; b++) {
		uint64_t w = 0;

		for (int s = 0; s < nstates; s++)
			w |= (uint64_t)(block[next_raw[s][b]] * FIELD_BITS)
			     << (block[s] * FIELD_BITS);
		fprintf(f, "\t[0x%02X] = UINT64_C(0x%016" PRIX64 "),\n", b, w);
	}
	fprintf(f, "};\n\n");
	/* The row each byte begins, for the value and the row a decoder
	 * reports. */
	fprintf(f, "/* The row of Table 3-7 that byte b begins, or -1. */\n");
	fprintf(f, "const int8_t u8ref_dfa_lead_row[256] = {");
	for (int b = 0; b < 256; b++)
		fprintf(f, "%s%d",
		        b == 0   ? "\n\t"
		        : b % 32 ? ", "
		                 : ",\n\t",
		        lead_row(b));
	fprintf(f, "};\n\n");
	/* The payload bits of each lead byte, where a decoded value
	 * starts. */
	fprintf(f, "/* The payload bits of lead byte b, or 0. */\n");
	fprintf(f, "const uint8_t u8ref_dfa_lead_payload[256] = {");
	for (int b = 0; b < 256; b++) {
		int row = lead_row(b);
		unsigned payload =
		    row < 0 ? 0
		            : (unsigned)b &
		                  u8ref_lead_mask(u8ref_table_3_7[row].len);

		fprintf(f, "%s0x%02X",
		        b == 0   ? "\n\t"
		        : b % 16 ? ", "
		                 : ",\n\t",
		        payload);
	}
	fprintf(f, "};\n\n");
	fprintf(f, "/* The walk's name for byte b refused in the state at bit "
	           "offset 6 * i. */\n");
	fprintf(f,
	        "const uint8_t u8ref_dfa_refusal[U8REF_DFA_STATES][256] = {\n");
	for (int blk = 0; blk < nblocks; blk++) {
		int s = 0;

		while (block[s] != blk)
			s++;
		fprintf(f, "\t[%d] = {", blk);
		for (int b = 0; b < 256; b++)
			fprintf(f, "%s%d",
			        b == 0   ? "\n\t\t"
			        : b % 32 ? ", "
			                 : ",\n\t\t",
			        (int)refusal[s][b]);
		fprintf(f, "},\n");
	}
	fprintf(f, "};\n");
	return fclose(f) == 0 ? 0 : 1;
}
