/* SPDX-License-Identifier: MIT */
/*
 * scan.c - the streaming validator behind u8validate.
 *
 * The input is read in chunks into one buffer.  Each chunk is validated
 * as far as it can be decided: a character cut by the chunk's end (a
 * "truncated" error that is only the chunk's fault) is carried to the
 * front of the buffer and read again with the next chunk.
 *
 * Table 3-7 runs on the library's fast kernels, which only stop at
 * errors, so valid text is never decoded.  Lines and columns are counted
 * only when someone may print them, and in a regular file not before
 * its first error: the bytes before it are then read again (pread) and
 * counted, which costs nothing on valid files, the common case, and one
 * more pass on the others.
 *
 * Other profiles take the literal walk, one character at a time,
 * deciding a character only when U8V_SCAN_HOLD bytes (all the walk can
 * look at) or the end of the input are in reach.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "position.h"
#include "scan.h"

/* One scan in progress. */
struct scan {
	const struct u8v_scanner *sc;
	const struct u8v_sink *sink;
	uint64_t base;                /* input offset of buf[0]          */
	struct u8v_position position; /* of the next byte counted       */
	uint64_t errors;              /* found so far                    */
	int stop;       /* the first error was all we needed              */
	int failed;     /* a sink failed                                  */
	int read_errno; /* errno of a failed read                         */
	int fd;         /* the input                                      */
	int deferred;   /* a regular file's positions, not counted yet    */
	off_t start;    /* its offset when the scan began                 */
};

int
u8v_scanner_init(struct u8v_scanner *sc, const struct u8ref_profile *profile,
                 size_t chunk)
{
	memset(sc, 0, sizeof *sc);
	sc->profile = profile;
	sc->chunk = chunk;
	sc->buf = malloc(U8V_SCAN_HOLD + chunk);
	sc->recount = malloc(U8V_SCAN_RECOUNT);
	return sc->buf != NULL && sc->recount != NULL ? 0 : -1;
}

void
u8v_scanner_free(struct u8v_scanner *sc)
{
	free(sc->buf);
	free(sc->recount);
	sc->buf = sc->recount = NULL;
}

/* Well-formed bytes whose positions have been counted already. */
static void
pass_text(struct scan *st, const uint8_t *s, size_t n)
{
	if (n > 0 && st->sink->text != NULL && !st->failed &&
	    st->sink->text(st->sink->ctx, s, n) != 0)
		st->failed = 1;
}

/* Well-formed bytes under Table 3-7. */
static void
pass_valid(struct scan *st, const uint8_t *s, size_t n)
{
	if (st->sc->positions && !st->deferred)
		u8v_position_text(&st->position, s, n);
	pass_text(st, s, n);
}

/*
 * The first error of a regular file read without counting: count the
 * bytes before it, all well-formed under Table 3-7, reading those before
 * buf[0] again.  Returns -1 (errno set) when the file cannot be read
 * again as it was.
 */
static int
catch_up(struct scan *st, const uint8_t *buf, size_t at)
{
	uint64_t done = 0;
	ssize_t got;
	size_t want;

	st->deferred = 0;
	while (done < st->base) {
		want = st->base - done < U8V_SCAN_RECOUNT
		           ? (size_t)(st->base - done)
		           : U8V_SCAN_RECOUNT;
		got = pread(st->fd, st->sc->recount, want,
		            st->start + (off_t)done);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) { /* the file shrank under us */
			if (got == 0)
				errno = EIO;
			return -1;
		}
		/* Counting is bytewise: a cut character costs nothing. */
		u8v_position_text(&st->position, st->sc->recount, (size_t)got);
		done += (uint64_t)got;
	}
	u8v_position_text(&st->position, buf, at);
	return 0;
}

/* The maximal subpart at buf[at..at+len). */
static void
pass_error(struct scan *st, const uint8_t *buf, size_t at, size_t len,
           enum u8ref_status kind)
{
	struct u8v_error e = {
	    .offset = st->base + at,
	    .kind = kind,
	    .len = len,
	};

	memcpy(e.bytes, buf + at, len);
	if (st->deferred && catch_up(st, buf, at) != 0) {
		st->read_errno = errno;
		st->stop = 1;
		return;
	}
	if (st->sc->positions) {
		e.line = st->position.line;
		e.column = st->position.column + 1;
		u8v_position_unit(&st->position, 0);
	}
	st->errors++;
	if (!st->sc->every_error)
		st->stop = 1;
	if (!st->failed && st->sink->error(st->sink->ctx, &e) != 0)
		st->failed = 1;
}

/* Table 3-7 by the fast kernels: returns the bytes of buf[0..n) decided. */
static size_t
decide_fast(struct scan *st, const uint8_t *buf, size_t n, int end)
{
	struct u8ref_validation v;
	size_t at = 0, bad;

	while (at < n && !st->stop && !st->failed) {
		v = u8ref_validate_fast(buf + at, n - at);
		bad = at + v.offset;
		if (v.status == U8REF_OK) {
			pass_valid(st, buf + at, n - at);
			return n;
		}
		pass_valid(st, buf + at, bad - at);
		/* "truncated" means the subpart reaches buf[n - 1]: before
		 * the end of input, the next chunk decides. */
		if (v.status == U8REF_TRUNCATED && !end)
			return bad;
		pass_error(st, buf, bad, v.len, v.status);
		at = bad + v.len;
	}
	return at;
}

/* Any other profile by the literal walk, one character at a time. */
static size_t
decide_walk(struct scan *st, const uint8_t *buf, size_t n, int end)
{
	struct u8ref_result r;
	size_t at = 0, text = 0; /* buf[text..at) is well-formed */

	while (at < n && (end || n - at >= U8V_SCAN_HOLD) && !st->stop &&
	       !st->failed) {
		r = u8ref_decode_one(st->sc->profile, buf + at, n - at);
		if (r.status == U8REF_OK) {
			if (st->sc->positions)
				u8v_position_unit(&st->position, r.cp == '\n');
			at += r.len;
			continue;
		}
		pass_text(st, buf + text, at - text);
		pass_error(st, buf, at, r.len, r.status);
		at += r.len;
		text = at;
	}
	pass_text(st, buf + text, at - text);
	return at;
}

/* read(2) that retries when a signal interrupts it. */
static ssize_t
read_some(int fd, uint8_t *to, size_t n)
{
	ssize_t got;

	do
		got = read(fd, to, n);
	while (got < 0 && errno == EINTR);
	return got;
}

enum u8v_scan_status
u8v_scan(const struct u8v_scanner *sc, int fd, const struct u8v_sink *sink,
         uint64_t *errors, int *read_errno)
{
	struct scan st = {.sc = sc, .sink = sink, .fd = fd};
	size_t have = 0, decided;
	struct stat info;
	ssize_t got;
	int end;

	u8v_position_init(&st.position);
	*read_errno = 0;
	/* Only the fast path counts text in bulk; the walk counts as it
	 * decodes anyway. */
	if (sc->positions && sc->profile == NULL && fstat(fd, &info) == 0 &&
	    S_ISREG(info.st_mode) && (st.start = lseek(fd, 0, SEEK_CUR)) >= 0)
		st.deferred = 1;
	for (;;) {
		/* The carried bytes, then a chunk. */
		got = read_some(fd, sc->buf + have, sc->chunk);
		if (got < 0) {
			*read_errno = errno;
			*errors = st.errors;
			return U8V_SCAN_READ_FAILED;
		}
		end = got == 0;
		have += (size_t)got;
		decided = sc->profile == NULL
		              ? decide_fast(&st, sc->buf, have, end)
		              : decide_walk(&st, sc->buf, have, end);
		if (st.read_errno != 0) {
			*read_errno = st.read_errno;
			*errors = st.errors;
			return U8V_SCAN_READ_FAILED;
		}
		if (st.stop || st.failed || end)
			break;
		/* At most U8V_SCAN_HOLD - 1 bytes are left undecided. */
		memmove(sc->buf, sc->buf + decided, have - decided);
		st.base += decided;
		have -= decided;
	}
	*errors = st.errors;
	return st.failed ? U8V_SCAN_SINK_FAILED : U8V_SCAN_DONE;
}
