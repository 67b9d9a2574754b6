/* SPDX-License-Identifier: MIT */
/*
 * scan.c - the validator behind u8validate: a file descriptor in, every
 * error placed exactly, in constant memory.
 *
 * A regular file larger than one chunk, checked against Table 3-7 with
 * no --replace, is mapped and validated where the page cache holds it,
 * in windows (more threads may first accept it, split.c).
 * Everything else (pipes, FIFOs, devices, small files, other profiles,
 * --replace) is read in chunks into one buffer.  Either way each window
 * or chunk is validated as far as it can be decided: a character cut by
 * its end (a "truncated" error that is only the chunk's fault) is
 * decided with the next one, read again from the buffer's front or the
 * mapping.
 *
 * Table 3-7 runs on the library's fast kernels, which only stop at
 * errors, so valid text is never decoded.  Lines and columns are counted
 * only when someone may print them, and in a regular file not before
 * its first error: the bytes before it are then counted from the
 * mapping, or read again (pread), which costs nothing on valid files,
 * the common case, and one more pass on the others.  One thread on a
 * mapped file does better while the text is ASCII: it counts lines in
 * the same pass that finds the ASCII valid, which waits on memory
 * either way (a second pass after an error at the end would cost as
 * much again), and hands the rest to the kernels and to deferred
 * counting at the first byte above 7F.
 *
 * A mapped file that shrinks raises SIGBUS where its pages were; the
 * scan catches it (guard.c), or sees the new size before a window, and
 * goes on reading the file with read() from the last byte it decided,
 * so that it ends where the file now ends, as a file read all along
 * would.
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

#include "guard.h"
#include "map.h"
#include "position.h"
#include "scan.h"
#include "split.h"

/* One scan in progress. */
struct scan {
	const struct u8v_scanner *sc;
	const struct u8v_sink *sink;
	uint64_t base;                /* input offset of buf[0]          */
	uint64_t done;                /* input decided and passed on     */
	struct u8v_position position; /* of the next byte counted       */
	uint64_t errors;              /* found so far                    */
	int stop;         /* the first error was all we needed              */
	int failed;       /* a sink failed                                  */
	int read_errno;   /* errno of a failed read                         */
	int fd;           /* the input                                      */
	int deferred;     /* a regular file's positions, not counted yet    */
	int ascii_run;    /* count each window while all text is ASCII     */
	uint64_t counted; /* when deferred: input offset of ->position   */
	off_t start;      /* its offset when the scan began                 */
	const struct u8v_map *map; /* the file, when mapped              */
	const uint8_t *mapped;     /* the input in it, from @start       */
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

/*
 * Well-formed bytes under Table 3-7, ending at input offset @upto.
 * A mapping may vanish under any read: what is counted is kept only
 * once the reading is over (so throughout this file).
 */
static void
pass_valid(struct scan *st, const uint8_t *s, size_t n, uint64_t upto)
{
	if (st->sc->positions && !st->deferred) {
		struct u8v_position p = st->position;

		u8v_position_text(&p, s, n);
		st->position = p;
	}
	pass_text(st, s, n);
	st->done = upto;
}

/*
 * The first error of a regular file read without counting: count the
 * bytes before it from st->counted on, all well-formed under Table 3-7,
 * from the mapping or by reading those before buf[0] again.  Returns -1
 * (errno set) when the file cannot be read again as it was.
 */
static int
catch_up(struct scan *st, const uint8_t *buf, size_t at)
{
	struct u8v_position p = st->position;
	uint64_t done = st->counted;
	ssize_t got;
	size_t want;

	if (st->mapped != NULL) {
		uint64_t from = (uint64_t)st->start, n = st->base + at;

		/* Other threads, if any, count most of a large file. */
		if (st->sc->helpers > 0 && n - done >= 2 * U8V_SPLIT_PART &&
		    u8v_split_count(st->map, from + done, from + n,
		                    st->sc->helpers + 1, &p) == 0)
			done = n;
		for (; done < n; done += want) {
			want = n - done < U8V_MAP_DROP ? (size_t)(n - done)
			                               : (size_t)U8V_MAP_DROP;
			u8v_position_text(&p, st->mapped + done, want);
			u8v_map_drop(st->map, (uint64_t)st->start + done,
			             (uint64_t)st->start + done + want);
		}
		st->position = p;
		st->deferred = 0;
		return 0;
	}
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
		u8v_position_text(&p, st->sc->recount, (size_t)got);
		done += (uint64_t)got;
	}
	u8v_position_text(&p, buf, at);
	st->position = p;
	st->deferred = 0;
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
	st->done = e.offset + len;
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
			pass_valid(st, buf + at, n - at, st->base + n);
			return n;
		}
		pass_valid(st, buf + at, bad - at, st->base + bad);
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

/* The input from st->base on, read in chunks. */
static enum u8v_scan_status
scan_read(struct scan *st)
{
	const struct u8v_scanner *sc = st->sc;
	size_t have = 0, decided;
	ssize_t got;
	int end;

	for (;;) {
		/* The carried bytes, then a chunk. */
		got = read_some(st->fd, sc->buf + have, sc->chunk);
		if (got < 0) {
			st->read_errno = errno;
			return U8V_SCAN_READ_FAILED;
		}
		end = got == 0;
		have += (size_t)got;
		decided = sc->profile == NULL
		              ? decide_fast(st, sc->buf, have, end)
		              : decide_walk(st, sc->buf, have, end);
		if (st->read_errno != 0)
			return U8V_SCAN_READ_FAILED;
		if (st->stop || st->failed || end)
			break;
		/* At most U8V_SCAN_HOLD - 1 bytes are left undecided. */
		memmove(sc->buf, sc->buf + decided, have - decided);
		st->base += decided;
		have -= decided;
	}
	return st->failed ? U8V_SCAN_SINK_FAILED : U8V_SCAN_DONE;
}

/* One window of a mapped input: mapped[base..base+n), the last if
 * @end; decide_fast reads it, so it runs guarded. */
struct window {
	struct scan *st;
	size_t n, decided;
	int end;
};

static void
decide_window(void *ctx)
{
	struct window *w = ctx;
	struct scan *st = w->st;
	const uint8_t *s = st->mapped + st->base;
	struct u8v_position p = st->position;
	size_t ascii;

	if (!st->ascii_run) {
		w->decided = decide_fast(st, s, w->n, w->end);
		return;
	}
	/* ASCII is valid and counted in one pass; the rest of the window
	 * goes round again, to the kernels. */
	ascii = u8v_position_ascii(&p, s, w->n);
	st->position = p;
	st->done = st->base + ascii;
	if (ascii < w->n) {
		st->ascii_run = 0;
		st->deferred = 1;
		st->counted = st->done;
	}
	w->decided = ascii;
}

/* The mapped input shrank: read it on from the last byte decided. */
static enum u8v_scan_status
read_on(struct scan *st)
{
	st->mapped = NULL;
	st->base = st->done;
	if (lseek(st->fd, st->start + (off_t)st->done, SEEK_SET) < 0) {
		st->read_errno = errno;
		return U8V_SCAN_READ_FAILED;
	}
	return scan_read(st);
}

/* The input mapped: @size bytes from st->start on. */
static enum u8v_scan_status
scan_mapped(struct scan *st, const struct u8v_map *m, uint64_t size)
{
	const struct u8v_scanner *sc = st->sc;
	struct window w = {.st = st};
	uint64_t end = 0, dropped = 0;
	struct stat info;

	st->map = m;
	st->mapped = m->bytes + st->start;
	if (st->deferred && sc->helpers == 0) {
		st->deferred = 0;
		st->ascii_run = 1;
	}
	if (sc->helpers > 0 && size >= 2 * U8V_SPLIT_PART) {
		/* What the threads accept needs no second look, nor what
		 * they counted a second count. */
		struct u8v_position counted = st->position;
		uint64_t counted_to = 0;

		st->base = u8v_split_accept(
		               m, (uint64_t)st->start,
		               (uint64_t)st->start + size, sc->helpers + 1,
		               st->deferred ? &counted : NULL, &counted_to) -
		           (uint64_t)st->start;
		st->done = dropped = end = st->base;
		if (st->deferred) {
			st->position = counted;
			st->counted = counted_to - (uint64_t)st->start;
		}
	}
	while (st->base < size && !st->stop && !st->failed) {
		end = size - end > sc->window ? end + sc->window : size;
		w.n = (size_t)(end - st->base);
		w.end = end == size;
		/* A file that shrank is read on from what is decided: ask
		 * before each window (the page where the file now ends
		 * reads as zeros past it), and catch SIGBUS in it. */
		if (fstat(st->fd, &info) != 0 ||
		    info.st_size < st->start + (off_t)end ||
		    u8v_guarded(decide_window, &w) != 0)
			return read_on(st);
		if (st->read_errno != 0)
			return U8V_SCAN_READ_FAILED;
		st->base += w.decided;
		if (st->base - dropped >= U8V_MAP_DROP) {
			u8v_map_drop(m, (uint64_t)st->start + dropped,
			             (uint64_t)st->start + st->base);
			dropped = st->base;
		}
	}
	return st->failed ? U8V_SCAN_SINK_FAILED : U8V_SCAN_DONE;
}

enum u8v_scan_status
u8v_scan(const struct u8v_scanner *sc, int fd, const struct u8v_sink *sink,
         uint64_t *errors, int *read_errno)
{
	struct scan st = {.sc = sc, .sink = sink, .fd = fd};
	enum u8v_scan_status status;
	struct u8v_map m = {NULL, 0};
	struct stat info;
	int regular;

	u8v_position_init(&st.position);
	regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
	          (st.start = lseek(fd, 0, SEEK_CUR)) >= 0;
	/* Only the fast path counts text in bulk; the walk counts as it
	 * decodes anyway. */
	if (regular && sc->positions && sc->profile == NULL)
		st.deferred = 1;
	if (regular && sc->profile == NULL && sink->text == NULL &&
	    info.st_size - st.start > (off_t)sc->chunk &&
	    u8v_map_open(&m, fd, (uint64_t)info.st_size) == 0)
		status =
		    scan_mapped(&st, &m, (uint64_t)(info.st_size - st.start));
	else
		status = scan_read(&st);
	u8v_map_close(&m);
	*errors = st.errors;
	*read_errno = st.read_errno;
	return status;
}
