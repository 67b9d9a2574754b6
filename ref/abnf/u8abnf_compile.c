/* SPDX-License-Identifier: MIT */
/* u8abnf_compile.c - ABNF subset parser and DFA builder for u8abnf. */
/*
 * Text -> syntax tree (RFC 5234 subset) -> Thompson NFA with rule
 * references expanded -> subset construction -> Moore minimisation.
 * Authoritative: only the ABNF text handed in; the construction is
 * generic and knows nothing about UTF-8.  Deliberately not done: the ABNF
 * features the RFC 3629 text does not use (they are rejected, not
 * guessed), recursive rules (not regular in general), and any heap use:
 * all scratch space lives in one struct on the caller's stack.
 */
#include "u8abnf.h"

#include <string.h>

/* Construction limits; RFC 3629 needs 44 nodes, 70 NFA states and 29
 * unminimised DFA states. */
#define MAXNODES 256
#define MAXRULES 32
#define MAXNFA   512
#define MAXEDGES 1024
#define MAXREP   255
#define MAXDEPTH 32 /* nested groups, bounds parser recursion */
#define NWORDS   (MAXNFA / 64)

enum kind { N_RANGE, N_REF, N_CAT, N_ALT, N_REP };

struct node {
	enum kind kind;
	int lo, hi;     /* N_RANGE: octets; N_REP: min, max (-1: no max) */
	int child;      /* N_CAT, N_ALT, N_REP: first child */
	int sibling;    /* next child of the same parent, or -1 */
	size_t name;    /* N_REF: offset of the rule name in the text */
	size_t namelen; /* N_REF: its length */
};

struct rule {
	size_t name, namelen;
	int body; /* node index */
	int busy; /* being expanded: a reference now means recursion */
};

struct edge {
	int to, next; /* target state, next edge out of the same state */
	int lo, hi;   /* octet range; lo < 0 for an epsilon edge */
};

struct frag {
	int in, out; /* entry has no incoming, exit no outgoing edges */
};

struct build {
	const char *t;
	size_t pos;
	int depth; /* open groups at pos */
	struct node nodes[MAXNODES];
	int nnodes;
	struct rule rules[MAXRULES];
	int nrules;
	int first[MAXNFA]; /* first edge out of each NFA state, or -1 */
	int nstates;
	struct edge edges[MAXEDGES];
	int nedges;
	uint64_t sets[U8ABNF_MAXSTATES][NWORDS]; /* DFA state -> NFA set */
};

static int
is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

static int
is_alpha(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static char
fold(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* RFC 5234 section 2.1: rule names are case-insensitive. */
static int
same_name(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i;

	if (alen != blen)
		return 0;
	for (i = 0; i < alen; i++)
		if (fold(a[i]) != fold(b[i]))
			return 0;
	return 1;
}

static int
find_rule(const struct build *b, const char *name, size_t len)
{
	int i;

	for (i = 0; i < b->nrules; i++)
		if (same_name(b->t + b->rules[i].name, b->rules[i].namelen,
		              name, len))
			return i;
	return -1;
}

/* c-nl = comment / CRLF; a bare LF is accepted too. */
static int
skip_cnl(const char *t, size_t *i)
{
	size_t j = *i;

	if (t[j] == ';')
		while (t[j] != '\0' && t[j] != '\r' && t[j] != '\n')
			j++;
	if (t[j] == '\r' && t[j + 1] == '\n')
		j += 2;
	else if (t[j] == '\n')
		j++;
	else
		return 0;
	*i = j;
	return 1;
}

/* *c-wsp, c-wsp = WSP / (c-nl WSP): a line break continues the rule only
 * when the next line is indented.  Returns whether anything was skipped. */
static int
skip_cwsp(struct build *b)
{
	size_t start = b->pos;

	for (;;) {
		size_t j = b->pos;

		if (is_wsp(b->t[j])) {
			b->pos++;
			continue;
		}
		if (skip_cnl(b->t, &j) && is_wsp(b->t[j])) {
			b->pos = j;
			continue;
		}
		return b->pos != start;
	}
}

static int
new_node(struct build *b, enum kind kind)
{
	struct node *nd;

	if (b->nnodes == MAXNODES)
		return -1;
	nd = &b->nodes[b->nnodes];
	memset(nd, 0, sizeof *nd);
	nd->kind = kind;
	nd->child = -1;
	nd->sibling = -1;
	return b->nnodes++;
}

static int parse_alternation(struct build *b);

/* 1*DIGIT, capped so that repetition cannot blow up the NFA silently. */
static int
parse_count(struct build *b)
{
	int v = 0;

	while (is_digit(b->t[b->pos])) {
		v = v * 10 + (b->t[b->pos++] - '0');
		if (v > MAXREP)
			return -1;
	}
	return v;
}

/* 1*HEXDIG naming one octet. */
static int
parse_hex(struct build *b)
{
	int v = 0, d, any = 0;

	while ((d = hex_value(b->t[b->pos])) >= 0) {
		v = v * 16 + d;
		if (v > 0xFF)
			return -1; /* the automaton is over octets */
		b->pos++;
		any = 1;
	}
	return any ? v : -1;
}

/* "(" or "[" already consumed; parses *c-wsp alternation *c-wsp close. */
static int
parse_group(struct build *b, char close)
{
	int n;

	if (b->depth == MAXDEPTH)
		return -1;
	b->depth++;
	b->pos++;
	skip_cwsp(b);
	n = parse_alternation(b);
	if (n < 0)
		return -1;
	skip_cwsp(b);
	if (b->t[b->pos] != close)
		return -1;
	b->pos++;
	b->depth--;
	return n;
}

/* element = rulename / group / option / num-val (the %x form only). */
static int
parse_element(struct build *b)
{
	const char *t = b->t;
	int n, lo, hi, inner;

	if (is_alpha(t[b->pos])) {
		n = new_node(b, N_REF);
		if (n < 0)
			return -1;
		b->nodes[n].name = b->pos;
		while (is_alpha(t[b->pos]) || is_digit(t[b->pos]) ||
		       t[b->pos] == '-')
			b->pos++;
		b->nodes[n].namelen = b->pos - b->nodes[n].name;
		return n;
	}
	if (t[b->pos] == '(')
		return parse_group(b, ')');
	if (t[b->pos] == '[') {
		inner = parse_group(b, ']');
		n = inner < 0 ? -1 : new_node(b, N_REP);
		if (n < 0)
			return -1;
		b->nodes[n].lo = 0; /* [x] is 0*1(x), RFC 5234 3.8 */
		b->nodes[n].hi = 1;
		b->nodes[n].child = inner;
		return n;
	}
	if (t[b->pos] == '%' && fold(t[b->pos + 1]) == 'x') {
		b->pos += 2;
		lo = parse_hex(b);
		hi = lo;
		if (lo >= 0 && t[b->pos] == '-') {
			b->pos++;
			hi = parse_hex(b);
		}
		if (lo < 0 || hi < lo)
			return -1;
		n = new_node(b, N_RANGE);
		if (n < 0)
			return -1;
		b->nodes[n].lo = lo;
		b->nodes[n].hi = hi;
		return n;
	}
	return -1;
}

/* repetition = [repeat] element; repeat = 1*DIGIT / (*DIGIT "*" *DIGIT). */
static int
parse_repetition(struct build *b)
{
	int min, max, n, elem;

	if (!is_digit(b->t[b->pos]) && b->t[b->pos] != '*')
		return parse_element(b);
	min = is_digit(b->t[b->pos]) ? parse_count(b) : 0;
	if (min < 0)
		return -1;
	max = min;
	if (b->t[b->pos] == '*') {
		b->pos++;
		max = -1;
		if (is_digit(b->t[b->pos]) && (max = parse_count(b)) < 0)
			return -1;
	}
	if (max >= 0 && max < min)
		return -1;
	elem = parse_element(b);
	n = elem < 0 ? -1 : new_node(b, N_REP);
	if (n < 0)
		return -1;
	b->nodes[n].lo = min;
	b->nodes[n].hi = max;
	b->nodes[n].child = elem;
	return n;
}

static int
starts_repetition(char c)
{
	return is_alpha(c) || is_digit(c) || c == '*' || c == '(' || c == '[' ||
	       c == '%';
}

/* Parses items joined by a separator; one item stands alone, several get
 * a parent of the given kind. */
static int
parse_list(struct build *b, enum kind kind)
{
	int head, last, n, item;

	head = kind == N_CAT ? parse_repetition(b) : parse_list(b, N_CAT);
	if (head < 0)
		return -1;
	last = head;
	for (;;) {
		size_t save = b->pos;
		int gap = skip_cwsp(b);

		if (kind == N_ALT && b->t[b->pos] == '/') {
			/* alternation = concatenation *(*c-wsp "/" *c-wsp
			 * concatenation) */
			b->pos++;
			skip_cwsp(b);
			item = parse_list(b, N_CAT);
		} else if (kind == N_CAT && gap &&
		           starts_repetition(b->t[b->pos])) {
			/* concatenation = repetition *(1*c-wsp repetition) */
			item = parse_repetition(b);
		} else {
			b->pos = save;
			break;
		}
		if (item < 0)
			return -1;
		b->nodes[last].sibling = item;
		last = item;
	}
	if (last == head)
		return head;
	n = new_node(b, kind);
	if (n < 0)
		return -1;
	b->nodes[n].child = head;
	return n;
}

static int
parse_alternation(struct build *b)
{
	return parse_list(b, N_ALT);
}

/* rule = rulename defined-as elements c-nl; only "=" is accepted. */
static int
parse_rule(struct build *b)
{
	const char *t = b->t;
	size_t name = b->pos, namelen;
	struct rule *r;
	int body;

	while (is_alpha(t[b->pos]) || is_digit(t[b->pos]) || t[b->pos] == '-')
		b->pos++;
	namelen = b->pos - name;
	if (b->nrules == MAXRULES || find_rule(b, t + name, namelen) >= 0)
		return -1; /* "=" may define a name only once */
	skip_cwsp(b);
	if (t[b->pos] != '=' || t[b->pos + 1] == '/')
		return -1;
	b->pos++;
	skip_cwsp(b);
	body = parse_alternation(b);
	if (body < 0)
		return -1;
	skip_cwsp(b);
	if (t[b->pos] != '\0' && !skip_cnl(t, &b->pos))
		return -1;
	r = &b->rules[b->nrules++];
	r->name = name;
	r->namelen = namelen;
	r->body = body;
	r->busy = 0;
	return 0;
}

/* rulelist = 1*( rule / (*c-wsp c-nl) ) */
static int
parse_rulelist(struct build *b)
{
	while (b->t[b->pos] != '\0') {
		if (is_alpha(b->t[b->pos])) {
			if (parse_rule(b) < 0)
				return -1;
			continue;
		}
		skip_cwsp(b);
		if (b->t[b->pos] != '\0' && !skip_cnl(b->t, &b->pos))
			return -1;
	}
	return b->nrules > 0 ? 0 : -1;
}

static int
new_state(struct build *b)
{
	if (b->nstates == MAXNFA)
		return -1;
	b->first[b->nstates] = -1;
	return b->nstates++;
}

static int
add_edge(struct build *b, int from, int to, int lo, int hi)
{
	struct edge *e;

	if (from < 0 || to < 0 || b->nedges == MAXEDGES)
		return -1;
	e = &b->edges[b->nedges];
	e->to = to;
	e->lo = lo;
	e->hi = hi;
	e->next = b->first[from];
	b->first[from] = b->nedges++;
	return 0;
}

static int
add_eps(struct build *b, int from, int to)
{
	return add_edge(b, from, to, -1, -1);
}

/* A fresh entry/exit pair; callers add the edges between them. */
static int
new_frag(struct build *b, struct frag *f)
{
	f->in = new_state(b);
	f->out = new_state(b);
	return f->in < 0 || f->out < 0 ? -1 : 0;
}

/* f := f followed by g. */
static int
chain(struct build *b, struct frag *f, const struct frag *g)
{
	if (add_eps(b, f->out, g->in) < 0)
		return -1;
	f->out = g->out;
	return 0;
}

static int build_node(struct build *b, int n, struct frag *f);

/* n copies of a tree, then the optional or looping tail (Thompson);
 * every copy is built afresh so the NFA stays a tree of fragments. */
static int
build_rep(struct build *b, const struct node *nd, struct frag *f)
{
	struct frag c, w;
	int i, extra = nd->hi < 0 ? 1 : nd->hi - nd->lo;

	if (new_frag(b, f) < 0 || add_eps(b, f->in, f->out) < 0)
		return -1;
	for (i = 0; i < nd->lo; i++)
		if (build_node(b, nd->child, &c) < 0 || chain(b, f, &c) < 0)
			return -1;
	for (i = 0; i < extra; i++) {
		if (build_node(b, nd->child, &c) < 0 || new_frag(b, &w) < 0 ||
		    add_eps(b, w.in, c.in) < 0 || add_eps(b, w.in, w.out) < 0 ||
		    add_eps(b, c.out, w.out) < 0)
			return -1;
		if (nd->hi < 0 && add_eps(b, c.out, c.in) < 0)
			return -1;
		if (chain(b, f, &w) < 0)
			return -1;
	}
	return 0;
}

static int
build_node(struct build *b, int n, struct frag *f)
{
	const struct node *nd = &b->nodes[n];
	struct frag c;
	int k, r;

	switch (nd->kind) {
	case N_RANGE:
		if (new_frag(b, f) < 0)
			return -1;
		return add_edge(b, f->in, f->out, nd->lo, nd->hi);
	case N_REF:
		r = find_rule(b, b->t + nd->name, nd->namelen);
		if (r < 0 || b->rules[r].busy)
			return -1; /* undefined, or recursive */
		b->rules[r].busy = 1;
		k = build_node(b, b->rules[r].body, f);
		b->rules[r].busy = 0;
		return k;
	case N_CAT:
		if (build_node(b, nd->child, f) < 0)
			return -1;
		for (k = b->nodes[nd->child].sibling; k >= 0;
		     k = b->nodes[k].sibling)
			if (build_node(b, k, &c) < 0 || chain(b, f, &c) < 0)
				return -1;
		return 0;
	case N_ALT:
		if (new_frag(b, f) < 0)
			return -1;
		for (k = nd->child; k >= 0; k = b->nodes[k].sibling)
			if (build_node(b, k, &c) < 0 ||
			    add_eps(b, f->in, c.in) < 0 ||
			    add_eps(b, c.out, f->out) < 0)
				return -1;
		return 0;
	case N_REP:
		return build_rep(b, nd, f);
	}
	return -1;
}

static int
has(const uint64_t *set, int s)
{
	return (int)((set[s / 64] >> (s % 64)) & 1u);
}

static void
put(uint64_t *set, int s)
{
	set[s / 64] |= (uint64_t)1 << (s % 64);
}

static void
close_eps(const struct build *b, uint64_t *set)
{
	int stack[MAXNFA];
	int sp = 0, s, e;

	for (s = 0; s < b->nstates; s++)
		if (has(set, s))
			stack[sp++] = s;
	while (sp > 0) {
		s = stack[--sp];
		for (e = b->first[s]; e >= 0; e = b->edges[e].next)
			if (b->edges[e].lo < 0 && !has(set, b->edges[e].to)) {
				put(set, b->edges[e].to);
				stack[sp++] = b->edges[e].to;
			}
	}
}

/* Subset construction into g->next; state 0 is the empty set (dead) and
 * state 1 the start.  Returns the number of states or -1. */
static int
determinise(struct build *b, const struct frag *nfa, struct u8abnf *g,
            uint8_t *accept)
{
	uint64_t move[NWORDS];
	int n = 2, i, c, s, e, j;

	memset(b->sets, 0, sizeof b->sets);
	put(b->sets[1], nfa->in);
	close_eps(b, b->sets[1]);
	for (i = 0; i < n; i++) {
		accept[i] = (uint8_t)has(b->sets[i], nfa->out);
		for (c = 0; c < 256; c++) {
			memset(move, 0, sizeof move);
			for (s = 0; s < b->nstates; s++) {
				if (!has(b->sets[i], s))
					continue;
				for (e = b->first[s]; e >= 0;
				     e = b->edges[e].next)
					if (b->edges[e].lo <= c &&
					    c <= b->edges[e].hi)
						put(move, b->edges[e].to);
			}
			close_eps(b, move);
			for (j = 0; j < n; j++)
				if (!memcmp(move, b->sets[j], sizeof move))
					break;
			if (j == n) {
				if (n == U8ABNF_MAXSTATES)
					return -1;
				memcpy(b->sets[n++], move, sizeof move);
			}
			g->next[i][c] = (uint8_t)j;
		}
	}
	return n;
}

/* Moore partition refinement.  Classes are numbered by first member, so
 * the dead state 0 stays 0 and cls[s] <= s for every s. */
static int
minimise(struct u8abnf *g, int n, const uint8_t *accept)
{
	int cls[U8ABNF_MAXSTATES], nc[U8ABNF_MAXSTATES];
	int count = 0, prev, s, t, c, same;

	for (s = 0; s < n; s++) {
		for (t = 0; t < s && accept[t] != accept[s]; t++)
			;
		cls[s] = t < s ? cls[t] : count++;
	}
	do {
		prev = count;
		count = 0;
		for (s = 0; s < n; s++) {
			for (t = 0; t < s; t++) {
				same = cls[t] == cls[s];
				for (c = 0; same && c < 256; c++)
					same = cls[g->next[t][c]] ==
					       cls[g->next[s][c]];
				if (same)
					break;
			}
			nc[s] = t < s ? nc[t] : count++;
		}
		memcpy(cls, nc, sizeof cls);
	} while (count != prev);

	/* Row k is copied from its class's first member r >= k; rows after k
	 * have first members > k, so nothing is read after being
	 * overwritten. */
	memset(g->flags, 0, sizeof g->flags);
	for (s = 0, t = 0; s < n; s++) {
		if (cls[s] != t)
			continue; /* not the first member of class t */
		for (c = 0; c < 256; c++)
			g->next[t][c] = (uint8_t)cls[g->next[s][c]];
		if (accept[s])
			g->flags[t] = U8ABNF_ACCEPT;
		t++;
	}
	for (s = count; s < n; s++)
		memset(g->next[s], 0, sizeof g->next[s]); /* stale raw rows */
	g->start = (uint8_t)cls[1];
	return count;
}

/* LIVE: some path leads to an accepting state (least fixed point). */
static void
mark_live(struct u8abnf *g)
{
	int s, c, changed = 1;

	for (s = 0; s < g->nstates; s++)
		if (g->flags[s] & U8ABNF_ACCEPT)
			g->flags[s] |= U8ABNF_LIVE;
	while (changed) {
		changed = 0;
		for (s = 0; s < g->nstates; s++)
			for (c = 0; c < 256 && !(g->flags[s] & U8ABNF_LIVE);
			     c++)
				if (g->flags[g->next[s][c]] & U8ABNF_LIVE) {
					g->flags[s] |= U8ABNF_LIVE;
					changed = 1;
				}
	}
}

/* The API assumes a non-empty prefix code: the empty string does not
 * match and nothing viable follows a match. */
static int
is_prefix_code(const struct u8abnf *g)
{
	int s, c, accepts = 0;

	if (g->flags[g->start] & U8ABNF_ACCEPT)
		return 0;
	for (s = 0; s < g->nstates; s++) {
		if (!(g->flags[s] & U8ABNF_ACCEPT))
			continue;
		accepts = 1;
		for (c = 0; c < 256; c++)
			if (g->flags[g->next[s][c]] & U8ABNF_LIVE)
				return 0;
	}
	return accepts;
}

/* The string rule must be *char_rule, possibly written with a group. */
static int
is_star_of(const struct build *b, const char *string_rule,
           const char *char_rule)
{
	const struct node *nd, *ref;
	int r = find_rule(b, string_rule, strlen(string_rule));

	if (r < 0)
		return 0;
	nd = &b->nodes[b->rules[r].body];
	if (nd->kind != N_REP || nd->lo != 0 || nd->hi != -1)
		return 0;
	ref = &b->nodes[nd->child];
	return ref->kind == N_REF && same_name(b->t + ref->name, ref->namelen,
	                                       char_rule, strlen(char_rule));
}

int
u8abnf_compile(struct u8abnf *g, const char *text, const char *char_rule,
               const char *string_rule)
{
	struct build b;
	struct frag nfa;
	uint8_t accept[U8ABNF_MAXSTATES];
	int r, n;

	memset(g, 0, sizeof *g);
	b.t = text;
	b.pos = 0;
	b.depth = 0;
	b.nnodes = 0;
	b.nrules = 0;
	b.nstates = 0;
	b.nedges = 0;
	if (parse_rulelist(&b) < 0)
		return -1;
	if (string_rule && !is_star_of(&b, string_rule, char_rule))
		return -1;
	r = find_rule(&b, char_rule, strlen(char_rule));
	if (r < 0)
		return -1;
	b.rules[r].busy = 1;
	n = build_node(&b, b.rules[r].body, &nfa);
	b.rules[r].busy = 0;
	if (n < 0)
		return -1;
	n = determinise(&b, &nfa, g, accept);
	if (n < 0)
		return -1;
	g->nstates = (uint8_t)minimise(g, n, accept);
	mark_live(g);
	return is_prefix_code(g) ? 0 : -1;
}
