/* SPDX-License-Identifier: MIT */
/*
 * shared.h - the memory the supervisor shares with the loader, the fork
 * server and the workers, and what each side may write in it.
 *
 * The supervisor maps it before anything is forked, so every process of
 * the jail inherits it at the same address.  Each part is pages of its
 * own, so that each process keeps only the parts it writes: a worker
 * unmaps all but its slot and its ring before any call (a target cannot
 * reach a sibling's answers, nor the fork server's words), and the
 * loader, whose constructors' threads run on, unmaps all of it before
 * the fork server is forked (u8c_shared_keep).  What is left to target
 * code, the supervisor reads as untrusted (indexes are bounds-checked,
 * lengths clamped, texts cut at their buffers) and never follows a
 * pointer found there.
 */
#ifndef U8C_SHARED_H
#define U8C_SHARED_H

#include <stddef.h>
#include <stdint.h>

#include "answers.h"
#include "plan.h"
#include "tally.h"
#include "wire.h"

enum {
	U8C_MAX_WORKERS = 64,
	U8C_SLOTS = U8C_MAX_WORKERS + 1, /* and one for fresh workers  */
	U8C_NAME_MAX = 4096, /* bytes of u8t_name() brought back   */
	U8C_LOG_MAX = 2048,  /* a worker's own diagnostics         */
	U8C_PAGE = 4096,     /* the unit a part is unmapped in      */
};

/* What a slot's worker is doing, as one word the supervisor polls. */
enum u8c_phase {
	U8C_PHASE_DECODE = U8C_FN_DECODE, /* calling the target: the phases */
	U8C_PHASE_VALIDATE = U8C_FN_VALIDATE, /* are the functions, then   */
	U8C_PHASE_NEXT = U8C_FN_NEXT,         /* the state probe           */
	U8C_PHASE_ENCODE = U8C_FN_ENCODE,
	U8C_PHASE_STREAM = U8C_FN_STREAM, /* every chunking, and probes */
	U8C_PHASE_PROBE,
	U8C_PHASES,
	U8C_PHASE_HARNESS = U8C_PHASES, /* our own code: reading, judging */
	U8C_PHASE_IDLE,                 /* waiting for an order           */
};

/* Where loading is, for the one line that says where it went wrong. */
enum u8c_load_step {
	U8C_LOAD_STARTING,
	U8C_LOAD_DLOPEN, /* dlopen: the library's constructors run */
	U8C_LOAD_VERSION,
	U8C_LOAD_NAME,
	U8C_LOAD_TRAITS,
	U8C_LOAD_SYMBOLS,
	U8C_LOAD_STREAM_SIZE,
	U8C_LOAD_DONE,    /* loaded; the fork server is starting   */
	U8C_LOAD_REFUSED, /* our check refused it: see error       */
	U8C_LOAD_SERVING, /* the fork server is up                 */
};

/* Where the workers' copy of the target comes from (--load). */
enum u8c_load_mode {
	U8C_LOAD_AUTO,       /* per worker when loading left a thread  */
	U8C_LOAD_ONCE,       /* forked from the loaded loader          */
	U8C_LOAD_PER_WORKER, /* each worker loads it, after its fork   */
};

/* What the loader brings back. */
struct u8c_load_report {
	volatile uint32_t step; /* enum u8c_load_step                   */
	int32_t abi_version;
	uint32_t exports; /* bit per enum u8c_fn                         */
	uint32_t traits;  /* u8t_traits(): U8T_ bits                    */
	uint32_t stream_declared; /* it exports the streaming functions */
	uint64_t stream_size;     /* and u8t_stream_size() said this    */
	uint32_t name_len;
	uint8_t name[U8C_NAME_MAX]; /* raw, as u8t_name() gave it        */
	char error[512];            /* with U8C_LOAD_REFUSED             */
	uint32_t output_fds;        /* loaded with fds 1, 2 on this pipe  */
	uint32_t threads;    /* the loader's threads once it was loaded */
	uint32_t per_worker; /* each worker loads the target itself     */
};

/* A slot's order: written by the supervisor, then order_seq bumped.
 * Every item a worker calls is one the supervisor ordered: its judge
 * takes answers to those items only, in their order (reader.h), so a
 * worker can neither skip an item nor pass one off for another. */
struct u8c_order {
	uint32_t row;       /* the plan row                              */
	size_t lo, hi;      /* these items                               */
	uint32_t dead;      /* for item lo: phases that killed a worker,
	                       not to be called again (bits)              */
	uint32_t fresh;     /* compute the fresh probe answers instead    */
	uint32_t functions; /* to call (bit per enum u8c_fn): not those
	                       set aside for hanging                      */
	uint32_t fresh_ok;  /* the state probe after each item            */
	uint32_t careful;   /* wait for the judge after each item: a ring
	                       written over is then the last item's doing */
	uint32_t count_now; /* wake the judge after each fatal call, so
	                       --max-fatal counts it as it comes          */
};

/* Orders a worker holds at once: the next one is there before it ends
 * the one it is on, so it never waits for the supervisor's look. */
enum { U8C_ORDERS = 2 };

struct u8c_slot {
	/* supervisor -> worker: order n in orders[n % U8C_ORDERS] */
	volatile uint32_t order_seq; /* futex word: orders given          */
	struct u8c_order orders[U8C_ORDERS];
	/* worker -> supervisor, its word only: a heartbeat, and where it
	 * says it is; what it called is its judge's word (reader.h) */
	volatile uint32_t done_seq; /* orders done                       */
	volatile uint32_t phase;    /* enum u8c_phase                    */
	volatile uint32_t chunk;    /* in the stream's phase: its chunking */
	volatile uint64_t judged;   /* items called, and calls begun:  */
	volatile uint64_t calls;    /* with the phase, the heartbeat   */
	volatile uint32_t up;       /* set up, past the fork's handlers */
	volatile int32_t hang_why;  /* supervisor -> worker, with the hang
	                               signal: which clock ran out        */
	volatile uint32_t log_len;
	char log[U8C_LOG_MAX]; /* what our own code wrote, for errors */
	/* supervisor -> worker: how far the judge has read its ring, and
	 * whether it waits for more (futex words; the judge keeps its own
	 * count, so a target that writes here only misleads its worker) */
	volatile uint32_t read __attribute__((aligned(64)));
	volatile uint32_t reader_sleeps;
} __attribute__((aligned(U8C_PAGE)));

/* fork server -> supervisor, on a slot's workers: in pages no worker
 * keeps, so that none can say it ended, or lend its pid to another */
struct u8c_server_words {
	volatile int32_t pid;      /* the last one's pid in the jail */
	volatile uint32_t started; /* workers started in this slot  */
	volatile uint32_t ended;   /* and ended                     */
	volatile int32_t status;   /* how the last one ended (waitpid) */
};

/* The raw answers on one item, for --input's side-by-side view. */
struct u8c_capture {
	volatile uint32_t captured;
	uint8_t given[U8C_FNS];
	size_t cap, ndecode;
	uint32_t decode[U8C_MAX_INPUT];
	int valid;
	size_t err;
	size_t nnext;
	uint32_t next_cp[U8C_MAX_INPUT];
	size_t next_len[U8C_MAX_INPUT];
	size_t nencode;
	uint8_t encode[8];
	/* u8t_stream_decode in the chunks --input gave (or one): its values
	 * stream[0..nstream), stream_after[k] of them by the end of chunk k */
	size_t stream_ncuts;
	uint16_t stream_cuts[U8C_MAX_INPUT];
	size_t stream_after[U8C_MAX_INPUT + 1];
	size_t nstream;
	uint32_t stream[2 * U8C_MAX_INPUT];
};

struct u8c_shared {
	struct u8c_load_report load;
	volatile int32_t jail_ns;       /* 1: the jail is a PID namespace     */
	volatile int32_t init_pid;      /* the jail's init, as we see it      */
	volatile int32_t loader_pid;    /* as the jail sees it           */
	volatile uint32_t loader_ended; /* and how it ended, by init     */
	volatile int32_t loader_status;
	volatile uint32_t server_ended; /* the fork server's end, by init
	                                   (by the loader: a go-between's) */
	volatile int32_t server_status;
	volatile int32_t server_pid;
	struct u8c_server_words server[U8C_SLOTS]
	    __attribute__((aligned(U8C_PAGE)));
	struct u8c_slot slots[U8C_SLOTS];
	struct u8c_ring rings[U8C_SLOTS]; /* each worker's answers       */
};
_Static_assert(sizeof(struct u8c_ring) % U8C_PAGE == 0 &&
                   sizeof(struct u8c_slot) % U8C_PAGE == 0,
               "a slot and a ring are pages of their own");

/* What a process of the jail keeps of the shared memory (u8conform,
 * init and the fork server keep all of it). */
enum u8c_keep {
	U8C_KEEP_SLOT,    /* a worker: its slot and its ring               */
	U8C_KEEP_NOTHING, /* the loader, before the fork server is forked  */
};

/* u8c_shared_keep - unmaps all of @sh but what @keep names (with
 * U8C_KEEP_SLOT, slot @k's): 0, or -1. */
int u8c_shared_keep(struct u8c_shared *sh, enum u8c_keep keep, unsigned k);

#endif /* U8C_SHARED_H */
