/* SPDX-License-Identifier: MIT */
/*
 * worker.c - a worker: calls the target on the items its orders name,
 * through fenced buffers, hands the raw answers to the judge (wire.h),
 * and survives what it can.  It judges nothing: target code can write
 * anywhere in this process.
 *
 * Every call into the target has a recovery point.  A fault, an abort,
 * an exit or a hang interrupted by the supervisor jumps back to it: the
 * call is recorded as having died, with its fate, and the item goes on
 * to the next function.  That costs microseconds, where a new process
 * costs hundreds, so a target that crashes on a tenth of its inputs is
 * still judged on all of them.  What a call does without ending (write
 * to stdout or stderr, start a process, signal another) is trapped by
 * the seccomp filter, recorded, and answered as if refused or written.
 * A worker whose call was interrupted in a hang, or that has recovered
 * many times, finishes its item and leaves for a fresh one, since what
 * an abandoned call held (a lock, memory) stays held.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<sanitizer/asan_interface.h>)
#include <sanitizer/asan_interface.h> /* a no-op without the sanitizer */
#endif
#endif
#ifndef ASAN_UNPOISON_MEMORY_REGION
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr), (void)(size))
#endif

#include "calls.h"
#include "exec/bridge.h"
#include "filter.h"
#include "jail.h"
#include "reading.h"
#include "stream.h"
#include "wire.h"

enum {
	ALT_STACK = 1 << 16,
	LANDING_BELOW = 1 << 14, /* bytes between calls() and land() */
	/* After so many recoveries, a look at what the calls that died
	 * left behind (memory allocated and never freed): a worker whose
	 * peak resident set grew by more than a sixteenth of --memory since
	 * it started leaves for a fresh process, and the memory with it.  A
	 * target may leave 128 KiB a call within the default --memory.  A
	 * worker's start costs as much as a thousand recoveries or more, so
	 * one that holds no more goes on: leaving after every 16,384 made a
	 * decoder that crashes on 10 % of its inputs 16 % slower */
	RECOVERIES_LOOK = 16384,
	LEFT_MAX_SHARE = 16,
	STREAM_PROBED = 16, /* items with the stream's probes: 1 in 16 */
	MAX_OUTPUT_FDS = 64,
};

/* Fates met during a call that did not end it, as bits. */
enum {
	MET_OUTPUT = 1,
	MET_SPAWN = 2,
	MET_KILL = 4,
	MET_THREAD_EXIT = 8,
	MET_REACH = 16,
	MET_SIGNAL = 32,      /* a kept signal's handler changed: refused */
	MET_RING = 64,        /* it wrote over its ring's own words */
	MET_CONVENTION = 128, /* it returned with a register or flag the
	                         convention has it keep changed */
};

/* The signals whose handlers the worker keeps: the faults a call can
 * die of, SIGSYS for the filter's traps, and the hang signal (last). */
enum { KEPT = U8C_FAULT_SIGNALS + 2 };

/* One worker per process: its state, for the signal handlers too. */
static struct {
	const struct u8c_jail *j;
	const struct u8c_target *t;
	struct u8c_slot *slot;
	unsigned traits; /* u8t_traits(), as loaded */
	struct u8c_wire_writer wire;
	struct u8c_stage stage;
	sigjmp_buf recover;
	uintptr_t landing; /* recover()'s, below calls()' frame */
	int asan;          /* AddressSanitizer's runtime is here  */
	volatile sig_atomic_t in_call;
	volatile sig_atomic_t pending; /* the fate that ended a call, + 1 */
	volatile int detail;           /* its signal or exit status      */
	volatile sig_atomic_t met;     /* MET_ bits of the current call   */
	int between;                   /* MET_ bits met outside any call  */
	int called;                    /* a call was made: the last one's */
	enum u8c_phase last_phase;     /* phase, on the last item sent    */
	struct u8c_wire_item item;     /* the item being called           */
	int announced;                 /* the judge was told it: records
	                                  other than its answers came     */
	pid_t pid;                     /* the worker's only thread of ours */
	unsigned recoveries;
	long start_kib; /* its peak resident set when it was set up */
	int retire;
	int count_now; /* the order's: wake the judge on each fatal call */
	volatile sig_atomic_t exit_hook; /* on_exit_call is registered   */
	int exit_hook_lost;              /* could not be: the trap serves */
	int kept[KEPT]; /* and their actions, for a target's query */
	/* under a sanitizer's runtime: our own end of the report pipe, and
	 * what the call under way wrote to stdout and stderr, where gcc's
	 * UBSan reports once its late start has closed the fd it was
	 * given */
	int report_fd;
	char said[8192];
	size_t nsaid;
	/* an --exec target's first pass of an order: calls only foreseen,
	 * nothing handed to the judge (exec/bridge.h) */
	int foreseeing;
	/* the fate its bridge gave the call under way, + 1, for on_fault */
	volatile sig_atomic_t exec_pending;
	volatile int exec_detail;

	struct u8c_kernel_sigaction kept_actions[KEPT];
} w;

/* A trapped write's bytes, kept for the death callback.  Any thread may
 * write: one look at the length, so that a race loses bytes, never
 * writes past the page. */
static void
keep_said(const void *buf, size_t n)
{
	size_t at = w.nsaid;

	if (at >= sizeof w.said)
		return;
	if (n > sizeof w.said - at)
		n = sizeof w.said - at;
	memcpy(w.said + at, buf, n);
	w.nsaid = at + n;
}

/* Set on the worker's own thread, the one that calls; a thread the
 * target starts has its own copy, 0.  Read in every fault's handler, where
 * a gettid() went through the seccomp filter each time. */
static _Thread_local int worker_thread;

/* The target's own code is running on our thread. */
static int
in_target_call(void)
{
	return w.in_call && worker_thread;
}

/* What our own code writes (a sanitizer's report, say) is kept for the
 * supervisor, which shows it if the worker fails. */
static void
log_harness(const void *buf, size_t n)
{
	uint32_t at = w.slot->log_len;

	if (at >= U8C_LOG_MAX)
		return;
	if (n > U8C_LOG_MAX - at)
		n = U8C_LOG_MAX - at;
	memcpy(w.slot->log + at, buf, n);
	w.slot->log_len = at + (uint32_t)n;
}

static void
log_text(const char *text)
{
	log_harness(text, strlen(text));
}

/* A fate met that does not end the call: charged to the call under way,
 * or, outside every call (a thread's, a signal handler's), to the last
 * call, which the main thread does when it next comes by; an idle one
 * is woken for it. */
static void
meet(int bits)
{
	if (w.in_call) {
		__atomic_or_fetch(&w.met, bits, __ATOMIC_RELAXED);
		return;
	}
	__atomic_or_fetch(&w.between, bits, __ATOMIC_RELEASE);
	if (w.slot->phase == U8C_PHASE_IDLE)
		syscall(SYS_futex, &w.slot->order_seq, FUTEX_WAKE, 1, NULL,
		        NULL, 0);
}

/* The worker's own end: the one exit_group the filter lets through. */
_Noreturn static void
leave(int status)
{
	for (;;)
		syscall(SYS_exit_group, (long)(U8C_FILTER_OWN_EXIT | status));
}

/* Whether the faulting access was a read or a write: bit 1 of the page
 * fault's error code on x86-64; elsewhere not known. */
static enum u8c_access
access_of(const void *uctx)
{
#if defined(__x86_64__)
	const ucontext_t *uc = uctx;

	return uc->uc_mcontext.gregs[REG_ERR] & 2 ? U8C_ACCESS_WRITE
	                                          : U8C_ACCESS_READ;
#else
	(void)uctx;
	return U8C_ACCESS_UNKNOWN;
#endif
}

/* A call died: back to calls(), by siglongjmp.  Under AddressSanitizer,
 * not straight from the handler: its siglongjmp, on the alternate signal
 * stack, read /proc/self/maps to find the worker's stack to unpoison
 * (pthread_getattr_np on a main thread): 0.28 ms of CPU a recovered
 * fault, where the fault costs microseconds.  The handler returns
 * instead, into land() on the worker's own stack below calls(), where
 * nothing is live by then; calls() then resets the modes the call left
 * (call_stack.h), and the flags that would trap on the way there first. */
_Noreturn static void
land(void)
{
	siglongjmp(w.recover, 1);
}

static void
recover(void *uctx)
{
#if defined(__x86_64__)
	ucontext_t *uc = uctx;
	enum { TF = 1 << 8, DF = 1 << 10, AC = 1 << 18 };

	if (w.asan) {
		uc->uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)land;
		/* as a call leaves it: 8 past a multiple of 16 */
		uc->uc_mcontext.gregs[REG_RSP] = (greg_t)(w.landing - 8);
		uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)(TF | DF | AC);
		return;
	}
#endif
	(void)uctx;
	siglongjmp(w.recover, 1);
}

static void
on_fault(int sig, siginfo_t *info, void *uctx)
{
	/* Our own code, with the ABI's flags, in every handler: a call that
	 * set the alignment-check flag made an unaligned access of ours
	 * fault, and the handler's own would fault again and again, to the
	 * end of the signal stack (a return restores what was interrupted). */
	u8c_call_modes_reset();
	if (!in_target_call()) {
		/* Ours, or a thread the target started: die of it, so the
		 * supervisor sees how. */
		if (worker_thread && !w.in_call)
			log_text("u8conform worker: fault in the harness\n");
		u8c_filter_reset_signal(sig);
		return;
	}
	int detail = sig;

	if (w.exec_pending != 0) { /* exec_call_dies, below */
		w.pending = w.exec_pending < 0 ? 0 : w.exec_pending;
		w.detail = w.exec_detail;
		w.exec_pending = 0;
		recover(uctx);
		return;
	}
	w.pending = 1 + (sig == SIGSEGV || sig == SIGBUS
	                     ? (int)u8c_stage_fate(&w.stage, info->si_addr, sig,
	                                           access_of(uctx), &detail)
	                     : (int)U8C_FATE_CRASH);
	w.detail = detail;
	recover(uctx);
}

static void
on_hang(int sig, siginfo_t *info, void *uctx)
{
	(void)sig;
	(void)info;
	u8c_call_modes_reset(); /* as on_fault */
	if (!in_target_call())
		return; /* the call came back meanwhile */
	w.pending = 1 + U8C_FATE_HANG;
	w.detail = (int)w.slot->hang_why; /* which clock ran out */
	recover(uctx);
}

/* Argument @k of the trapped system call, and setting what it returns:
 * the registers of the calling convention. */
#if defined(__x86_64__)
static long
arg(const ucontext_t *uc, int k)
{
	static const int regs[] = {REG_RDI, REG_RSI, REG_RDX,
	                           REG_R10, REG_R8,  REG_R9};

	return (long)uc->uc_mcontext.gregs[regs[k]];
}

static void
set_return(ucontext_t *uc, long v)
{
	uc->uc_mcontext.gregs[REG_RAX] = (greg_t)v;
}
#elif defined(__aarch64__)
static long
arg(const ucontext_t *uc, int k)
{
	return (long)uc->uc_mcontext.regs[k];
}

static void
set_return(ucontext_t *uc, long v)
{
	uc->uc_mcontext.regs[0] = (unsigned long)v;
}
#else
#error "the worker's system call traps know x86-64 and AArch64"
#endif

/* Bytes a trapped write asked to write: what it is told it wrote. */
static long
write_length(long nr, ucontext_t *uc)
{
	if (nr == SYS_write || nr == SYS_pwrite64)
		return arg(uc, 2);
	return -EPERM; /* vectors, sockets, splices: refused */
}

/* A target asks what a kept signal's handler is: what we installed. */
static void
answer_query(int sig, long old)
{
	for (size_t k = 0; k < KEPT; k++)
		if (w.kept[k] == sig && old != 0)
			memcpy((void *)old, &w.kept_actions[k],
			       sizeof w.kept_actions[k]);
}

static void
on_trap(int sig, siginfo_t *info, void *uctx)
{
	ucontext_t *uc = uctx;
	long nr = info->si_syscall;
	int ours = worker_thread && !w.in_call;

	(void)sig;
	u8c_call_modes_reset(); /* as on_fault */
	switch (u8c_filter_class(nr)) {
	case U8C_TRAP_WRITE:
		/* Our own code writes only a sanitizer's report, which ends
		 * the worker; if it goes on, the write was a target's signal
		 * handler's, between calls. */
		if (ours && nr == SYS_write)
			log_harness((const void *)arg(uc, 1),
			            (size_t)arg(uc, 2));
		if (nr == SYS_write && w.report_fd >= 0)
			keep_said((const void *)arg(uc, 1), (size_t)arg(uc, 2));
		meet(MET_OUTPUT);
		set_return(uc, write_length(nr, uc));
		return;
	case U8C_TRAP_SPAWN:
		meet(MET_SPAWN);
		set_return(uc, -EPERM);
		return;
	case U8C_TRAP_KILL:
		meet(MET_KILL);
		set_return(uc, -EPERM);
		return;
	case U8C_TRAP_REACH:
		meet(MET_REACH);
		set_return(uc, -EPERM);
		return;
	case U8C_TRAP_SIGNAL:
		if (arg(uc, 1) == 0) {
			answer_query((int)arg(uc, 0), arg(uc, 2));
			set_return(uc, 0);
			return;
		}
		meet(MET_SIGNAL);
		set_return(uc, -EPERM);
		return;
	case U8C_TRAP_EXIT:
		if (ours) /* a sanitizer's report ends here */
			leave(U8C_EXIT_HARNESS);
		if (!in_target_call()) { /* another thread ends: just it */
			meet(MET_THREAD_EXIT);
			syscall(SYS_exit, 0);
		}
		w.pending = 1 + U8C_FATE_EXIT;
		w.detail = (int)arg(uc, 0);
		recover(uc);
		return;
	default:
		set_return(uc, -ENOSYS);
		return;
	}
}

/* exit() in a call, caught in libc, before any of the target's exit
 * handlers and destructors run: libc calls the handler registered last
 * first, and this one is registered after loading.  The call ends here
 * as the trapped exit_group would end it, with the same status, but
 * with no signal, and the worker keeps the state a crash leaves it.
 * The handler is used up by the call; calls() registers it again.  From
 * another thread, or between calls, it steps aside: the other handlers
 * run and exit_group traps (on_trap), as for _exit() and raw calls. */
static void
on_exit_call(int status, void *arg)
{
	(void)arg;
	w.exit_hook = 0;
	if (!in_target_call())
		return;
	w.pending = 1 + U8C_FATE_EXIT;
	w.detail = status;
	siglongjmp(w.recover, 1);
}

static void
hook_exit(void)
{
	if (w.exit_hook || w.exit_hook_lost)
		return;
	w.exit_hook = 1;
	if (on_exit(on_exit_call, NULL) != 0)
		w.exit_hook_lost = 1;
}

static void
handle(int sig, void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void
install_handlers(void)
{
	static char stack[ALT_STACK];
	stack_t ss = {.ss_sp = stack, .ss_size = sizeof stack, .ss_flags = 0};
	size_t k;

	sigaltstack(&ss, NULL);
	w.asan = dlsym(RTLD_DEFAULT, "__asan_handle_no_return") != NULL;
	for (k = 0; k < KEPT - 2; k++)
		handle(w.kept[k] = u8c_fault_signals[k], on_fault);
	handle(w.kept[k++] = SIGSYS, on_trap);
	handle(w.kept[k] = u8c_hang_signal(), on_hang);
	for (k = 0; k < KEPT; k++)
		syscall(SYS_rt_sigaction, w.kept[k], NULL, &w.kept_actions[k],
		        sizeof w.kept_actions[k].mask);
}

/* A sanitizer's report ends the worker: the supervisor reads it from the
 * report pipe and charges the call the slot's phase names.  Going on
 * from the call, as after a crash, is not safe: the runtime still holds
 * its report lock, and the next report would wait on it for ever. */
static void
on_sanitizer_death(void)
{
	if (w.nsaid > 0)
		syscall(SYS_write, w.report_fd, w.said, w.nsaid);
	leave(U8C_EXIT_SANITIZER);
}

/* Under a sanitizer's runtime (jail_exec.h), its reports go to @fd,
 * where the supervisor reads them, and not to stderr, where they would
 * be the target's output.  A copy of @fd stays ours. */
static void
hand_reports_over(int fd)
{
	void (*set_fd)(void *);
	void (*set_death)(void (*)(void));

	if (fd < 0)
		return;
	*(void **)&set_fd = dlsym(RTLD_DEFAULT, "__sanitizer_set_report_fd");
	*(void **)&set_death =
	    dlsym(RTLD_DEFAULT, "__sanitizer_set_death_callback");
	if (set_fd == NULL || set_death == NULL) {
		log_text("u8conform worker: the sanitizer's runtime has no "
		         "__sanitizer_set_report_fd\n");
		leave(U8C_EXIT_HARNESS);
	}
	w.report_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	set_fd((void *)(intptr_t)fd);
	set_death(on_sanitizer_death);
}

/* The judge is told of the item before any record of it but its
 * answers, which name it themselves: most items have no other. */
static void
announce(void)
{
	if (w.announced || w.foreseeing)
		return;
	u8c_wire_put(&w.wire, U8C_WIRE_ITEM, (const void *[]){&w.item},
	             (size_t[]){sizeof w.item}, 1);
	w.announced = 1;
}

/* Fate @fate of a call of @phase, handed to the judge; @ended: it ended
 * the call.  Between items, the item told last is over: the judge
 * charges a fate met between calls to it. */
static void
record(enum u8c_fate fate, enum u8c_phase phase, int detail, int ended,
       unsigned *recorded)
{
	struct u8c_wire_fate f = {(uint32_t)fate, (uint32_t)phase, detail,
	                          w.slot->chunk,  (uint32_t)ended, 0};

	if (w.foreseeing || *recorded & 1u << fate)
		return; /* a fate counts once per item */
	*recorded |= 1u << fate;
	announce();
	u8c_wire_put(&w.wire, U8C_WIRE_FATE, (const void *[]){&f},
	             (size_t[]){sizeof f}, 1);
}

/* What an item's calls met, beyond their answers. */
struct item_fates {
	unsigned recorded; /* bits of enum u8c_fate */
};

/* The fates of MET_ bits @met, recorded against @f's item; @detail 0,
 * or U8C_DETAIL_BETWEEN when they came after the call of @phase. */
static void
record_met(struct item_fates *f, enum u8c_phase phase, int met, int detail)
{
	static const struct {
		int bit;
		enum u8c_fate fate;
		int detail;
	} fates[] = {
	    {MET_OUTPUT, U8C_FATE_OUTPUT, 0},
	    {MET_SPAWN, U8C_FATE_SPAWN, 0},
	    {MET_KILL, U8C_FATE_KILL, 0},
	    {MET_REACH, U8C_FATE_REACH, 0},
	    {MET_SIGNAL, U8C_FATE_REACH, U8C_DETAIL_SIGNAL},
	    {MET_THREAD_EXIT, U8C_FATE_EXIT, 0},
	    {MET_RING, U8C_FATE_OVERWRITE, U8C_DETAIL_HARNESS},
	    {MET_CONVENTION, U8C_FATE_CONVENTION, 0},
	};

	for (size_t k = 0; k < sizeof fates / sizeof fates[0]; k++)
		if (met & fates[k].bit)
			record(fates[k].fate, phase,
			       detail != 0 ? detail : fates[k].detail, 0,
			       &f->recorded);
}

/* The worker's peak resident set, KiB; LONG_MAX when unknown. */
static long
peak_kib(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : LONG_MAX;
}

/* Whether the worker grew by more than its share of --memory since it
 * was set up: what the calls that died left, most of it. */
static int
dead_calls_left_much(void)
{
	return peak_kib() - w.start_kib >
	       (long)w.j->memory_mib * (1024 / LEFT_MAX_SHARE);
}

/* After a call: the fates it met, recorded against the item. */
static void
after_call(struct item_fates *f, enum u8c_phase phase)
{
	int pending = w.pending;

	record_met(f, phase, w.met, 0);
	if (pending == 0)
		return;
	record((enum u8c_fate)(pending - 1), phase, w.detail, 1, &f->recorded);
	/* A wake is a system call here and a switch to the judge: most of
	 * what a recovered call cost.  The judge counts the fate when it
	 * next reads; only --max-fatal, and a hang (one in a timeout's
	 * time, and the worker leaves), want it counted now. */
	if (pending - 1 == U8C_FATE_HANG) {
		u8c_wire_wake(&w.wire);
		w.retire = 1;
	} else if (w.count_now) {
		u8c_wire_wake(&w.wire);
	}
	if (++w.recoveries % RECOVERIES_LOOK == 0 && dead_calls_left_much())
		w.retire = 1;
}

/* The item being called.  Static: a call that dies jumps back into the
 * middle of its calls, and automatic variables would not survive it. */
static struct {
	uint8_t buf[U8C_MAX_INPUT];
	const struct u8c_plan_row *row; /* the item's (none for the probes) */
	struct u8c_item item;
	struct u8c_answers a;
	struct item_fates f;
	uint32_t dead;  /* phases not to call: they killed a worker    */
	unsigned on;    /* functions to call                            */
	unsigned calls; /* of them, those this item takes               */
	int probes;     /* the state probe after the functions          */
	int phase;      /* the call under way                           */
	/* the stream's phase: chunking k of nk, then its probes (k = nk) */
	struct {
		enum u8c_stream_mode mode;
		struct u8c_chunking list[U8C_CHUNKINGS_MAX];
		size_t k, nk;
		int probes; /* the stream's probes after its chunkings */
		int died;   /* a chunking of this item died            */
		struct u8c_item item; /* the item, with chunking k         */
		uint8_t held[U8C_MAX_INPUT + 1]; /* they place the pieces */
		size_t error_at;                 /* found on the way      */
		struct u8c_stream_answers a;
		enum u8c_answer answer;
	} s;
} it;

static int
wanted(int phase)
{
	return phase == U8C_PHASE_PROBE ? it.probes
	                                : (int)(it.calls >> phase & 1u);
}

static void
died(int phase)
{
	if (phase == U8C_PHASE_PROBE)
		it.a.probed = 0;
	else if (phase == U8C_PHASE_STREAM)
		it.s.answer = U8C_ANSWER_DIED; /* the answers' stream word */
	else
		it.a.given[phase] = U8C_ANSWER_DIED;
}

/* What was met outside every call since the last one, charged to it
 * (it.f is still its item): before the next call, the next item, and
 * while idle.  Before the first call there is no target code to meet. */
static void
charge_between(void)
{
	int met;

	/* a plain look first: a locked exchange before every call cost
	 * more than many a call */
	if (!w.called || w.foreseeing ||
	    __atomic_load_n(&w.between, __ATOMIC_RELAXED) == 0 ||
	    (met = __atomic_exchange_n(&w.between, 0, __ATOMIC_ACQUIRE)) == 0)
		return;
	record_met(&it.f, w.last_phase, met, U8C_DETAIL_BETWEEN);
}

/* Into a call of @phase: nothing met yet, and the heartbeat moves. */
static void
begin_call(int phase)
{
	charge_between();
	w.called = 1;
	w.last_phase = (enum u8c_phase)phase;
	w.pending = 0;
	w.met = 0;
	w.nsaid = 0;
	w.slot->phase = (uint32_t)phase;
	w.slot->calls++;
	w.in_call = 1;
}

/* Whether @f holds output not written yet.  glibc's own fields, read
 * inline: two calls of __fpending after every call cost about 1 % of a
 * run.  A wide stream keeps its characters elsewhere; __fpending knows
 * where. */
static int
holds_output(FILE *f)
{
	return f->_mode > 0 ? __fpending(f) > 0
	                    : f->_IO_write_ptr > f->_IO_write_base;
}

/* Out of a call.  What it left in stdio's buffers is output too (a fully
 * buffered stdout never reaches a write), and is dropped, so that no
 * later call is charged with it and nothing flushes it.  A call that
 * wrote over the ring where the judge had read all is told here: the
 * judge would see it only by chance. */
static void
end_call(void)
{
	w.in_call = 0;
	if (holds_output(stdout) || holds_output(stderr)) {
		w.met |= MET_OUTPUT;
		__fpurge(stdout);
		__fpurge(stderr);
	}
	if (u8c_wire_spoiled(&w.wire))
		w.met |= MET_RING;
	if (u8c_convention_broken) {
		u8c_convention_broken = 0;
		w.met |= MET_CONVENTION;
	}
}

/* A chunking that went well, in a short record (wire.h), in place. */
static void
send_short_chunking(const struct u8c_stream_answers *a, size_t nout)
{
	struct u8c_wire_short_chunking *c;
	size_t pad = u8c_wire_after_pad(a->ncuts, sizeof(uint16_t));
	uint16_t *after;

	c = u8c_wire_begin(&w.wire, U8C_WIRE_SHORT_CHUNKING,
	                   sizeof *c + (a->ncuts + 1) * sizeof *after + pad +
	                       nout * sizeof a->out[0]);
	*c = (struct u8c_wire_short_chunking){
	    (uint16_t)it.s.k, (uint16_t)a->ncuts, (uint16_t)nout, 0};
	after = (uint16_t *)(void *)(c + 1);
	for (size_t k = 0; k <= a->ncuts; k++)
		after[k] = (uint16_t)(a->after[k] < nout ? a->after[k] : nout);
	if (nout > 0) /* else there may be no values to point at */
		memcpy((uint8_t *)(after + a->ncuts + 1) + pad, a->out,
		       nout * sizeof a->out[0]);
	u8c_wire_commit(&w.wire);
}

/* One chunking's answers, to the judge: written in place in the ring,
 * since a copy of a record just stored field by field on the stack
 * waits for the stores to land (a fifth of calls()' time in an
 * exhaustive run). */
static void
send_chunking(const struct u8c_stream_answers *a)
{
	size_t nout = a->nout < U8C_STREAMED_MAX ? a->nout : U8C_STREAMED_MAX;
	struct u8c_wire_chunking *c;
	uint64_t *after;

	if (w.foreseeing)
		return;
	announce();
	if (a->over == SIZE_MAX && a->scribbled == SIZE_MAX) {
		send_short_chunking(a, nout);
		return;
	}
	c = u8c_wire_begin(&w.wire, U8C_WIRE_CHUNKING,
	                   sizeof *c + (a->ncuts + 1) * sizeof *after +
	                       nout * sizeof a->out[0]);
	*c = (struct u8c_wire_chunking){it.s.k,
	                                a->ncuts,
	                                nout,
	                                a->over,
	                                a->over_got,
	                                a->over_cap,
	                                (uint64_t)a->over_consumed,
	                                a->scribbled,
	                                a->state_size};
	after = (uint64_t *)(void *)(c + 1);
	for (size_t k = 0; k <= a->ncuts; k++)
		after[k] = a->after[k] < nout ? a->after[k] : nout;
	if (nout > 0) /* else there may be no values to point at */
		memcpy(after + a->ncuts + 1, a->out, nout * sizeof a->out[0]);
	u8c_wire_commit(&w.wire);
}

static void
send_stream_probes(const struct u8c_stream_probes *p)
{
	struct u8c_wire_stream_probes s = {p->nafter_init,
	                                   p->nalone,
	                                   p->nturns_item,
	                                   p->nbytes_item,
	                                   p->nturns_probe,
	                                   {0},
	                                   {0},
	                                   {0}};

	if (w.foreseeing)
		return;
	memcpy(s.after_init, p->after_init, sizeof s.after_init);
	memcpy(s.alone, p->alone, sizeof s.alone);
	memcpy(s.turns_probe, p->turns_probe, sizeof s.turns_probe);
	announce();
	u8c_wire_put(&w.wire, U8C_WIRE_STREAM_PROBES,
	             (const void *[]){&s, p->turns_item, p->bytes_item},
	             (size_t[]){sizeof s, p->nturns_item * sizeof(uint32_t),
	                        p->nbytes_item * sizeof(uint32_t)},
	             3);
}

/* The stream's phase from chunking it.s.k on: each chunking a call of
 * its own, handed to the judge as it comes back; then the probes.  A
 * chunking that dies is recorded on the item with that chunking, and
 * the next one is made, unless it hung: the rest would cost a timeout
 * each. */
static void
stream_calls(void)
{
	const struct u8c_target *t = w.t;

	for (; it.s.k <= it.s.nk; it.s.k++) {
		int probes = it.s.k == it.s.nk;

		if (probes && !it.s.probes)
			break;
		it.s.item.chunking =
		    probes ? (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0}
		           : it.s.list[it.s.k];
		w.slot->chunk = (uint32_t)it.s.k;
		begin_call(U8C_PHASE_STREAM);
		if (probes)
			u8c_call_stream_probes(&w.stage, t, &it.s.item,
			                       &it.a.stream_probes);
		else
			u8c_call_stream(&w.stage, t, &it.s.item, it.s.k == 0,
			                &it.s.a);
		end_call();
		w.slot->phase = U8C_PHASE_HARNESS;
		if (w.met != 0)
			after_call(&it.f, U8C_PHASE_STREAM);
		if (!probes)
			send_chunking(&it.s.a);
		else if (it.a.stream_probes.ran) /* else a call broke the
		                                    ABI: the chunkings say */
			send_stream_probes(&it.a.stream_probes);
	}
	it.s.answer = U8C_ANSWER_GIVEN;
}

/* A chunking died: recorded, and the stream goes on with the next one,
 * unless it hung (the rest would cost a timeout each), it was the
 * probes, the last, or the item died both in one chunk and at its first
 * cut: fatal on the item itself, whose other chunkings would each meet
 * a fate again, at a fault's cost (microseconds, against a call's
 * nanoseconds), and count as died instead. */
static void
stream_died(void)
{
	int hung = w.pending - 1 == U8C_FATE_HANG;
	int whole_and_cut = it.s.k == 1 && it.s.died;

	after_call(&it.f, U8C_PHASE_STREAM);
	it.s.died = 1;
	if (!hung && !whole_and_cut && it.s.k < it.s.nk) {
		it.s.k++;
		return; /* calls() comes back to the stream's phase */
	}
	it.s.answer = it.s.k < it.s.nk ? U8C_ANSWER_DIED : U8C_ANSWER_GIVEN;
	it.phase++;
}

/* Sets up the stream's phase of the current item; 1 when it read the
 * bytes the reference's stream holds (it.s.held), and the first error
 * on the way, which only a mode that places its cuts by the pieces
 * needs: the other modes' chunkings follow from the bytes. */
static int
stream_start(const struct u8c_plan_row *r, size_t index)
{
	int read = 0;

	/* nothing to make for a target without a stream */
	it.s.mode = it.on >> U8C_FN_STREAM & 1u ? r->stream : U8C_STREAM_NONE;
	it.s.k = 0;
	if (it.item.kind == U8C_ITEM_BYTES &&
	    u8c_stream_places_pieces(it.s.mode)) {
		it.s.error_at = u8c_stream_held(w.j->plan->profile, it.item.s,
		                                it.item.n, it.s.held);
		read = 1;
	}
	it.s.nk = u8c_chunkings_list(it.s.mode, it.item.s, it.item.n,
	                             read ? it.s.held : NULL, it.s.list);
	if (it.s.nk == 0) /* a row that cuts, with no cut left here */
		it.s.mode = U8C_STREAM_NONE;
	/* the stream's probes cost four runs of their own input: every
	 * STREAM_PROBED-th item of a row with probes, which finds a shared or
	 * lasting state as surely, at a sixteenth of the cost */
	it.s.probes =
	    r->probes && it.item.kind == U8C_ITEM_BYTES &&
	    (index % STREAM_PROBED == 0 || w.j->plan->kind == U8C_PLAN_ONE);
	it.s.died = 0;
	it.s.answer = U8C_ANSWER_NONE;
	it.a.stream_probes.ran = 0;
	return read;
}

/* Back in calls() from a call that died, the frames below it are dead.
 * Under AddressSanitizer their scopes may still be marked on the
 * worker's stack: an exit() in a call jumps back from the call's own
 * stack, and ASan then declines to clean a stack it cannot bound ("is
 * ignoring requested __asan_handle_no_return"), so a later frame in the
 * same bytes was reported as a use after scope.  They are cleaned here,
 * down to the landing, which lies below them all. */
static void
forget_dead_frames(void)
{
	ASAN_UNPOISON_MEMORY_REGION((void *)w.landing, LANDING_BELOW);
}

/* The item's calls, in phase order, from it.phase on.  One recovery
 * point serves them all: a call that dies comes back here, is recorded,
 * and the next one is made. */
static void
calls(void)
{
	/* well below this frame, to which land() jumps back */
	w.landing = ((uintptr_t)__builtin_frame_address(0) - LANDING_BELOW) &
	            ~(uintptr_t)15;
	if (sigsetjmp(w.recover, 0) != 0) {
		u8c_call_modes_reset();
		forget_dead_frames();
		end_call();
		hook_exit();
		w.slot->phase = U8C_PHASE_HARNESS;
		if (it.phase == U8C_PHASE_STREAM) {
			stream_died();
		} else {
			died(it.phase);
			after_call(&it.f, (enum u8c_phase)it.phase);
			it.phase++;
		}
	}
	for (; it.phase < U8C_PHASES; it.phase++) {
		if (!wanted(it.phase))
			continue;
		if (it.dead >> it.phase & 1u) {
			died(it.phase);
			continue;
		}
		if (it.phase == U8C_PHASE_STREAM) {
			stream_calls();
			continue;
		}
		begin_call(it.phase);
		if (it.phase == U8C_PHASE_PROBE) {
			u8c_call_probe(&w.stage, w.t, it.a.probe_k,
			               &it.a.probe_now);
			it.a.probed = 1;
		} else {
			u8c_call(&w.stage, w.t, (enum u8c_fn)it.phase, &it.item,
			         &it.a);
			it.a.given[it.phase] = U8C_ANSWER_GIVEN;
		}
		end_call();
		if (w.met != 0)
			after_call(&it.f, (enum u8c_phase)it.phase);
	}
	w.slot->phase = U8C_PHASE_HARNESS;
}

/* @v as a short answer's number, or U8C_WIRE_SHORT_NONE when it is
 * too large (SIZE_MAX is U8C_WIRE_SHORT_NONE itself). */
static uint16_t
short_number(uint64_t v)
{
	return v < U8C_WIRE_SHORT_NONE ? (uint16_t)v : U8C_WIRE_SHORT_NONE;
}

static int
short_fits(uint64_t v)
{
	return v < U8C_WIRE_SHORT_NONE || v == SIZE_MAX;
}

/* The item's answers in a short record, written straight into the
 * ring, if every number fits and no probe ran: 1 when sent. */
static int
send_short_answers(size_t ndecoded, size_t nnext)
{
	const struct u8c_answers *a = &it.a;
	struct u8c_wire_short_answers *s;
	uint8_t *p;

	if (a->probed || a->valid != (int8_t)a->valid ||
	    a->valid_prefix != (int8_t)a->valid_prefix ||
	    !short_fits(a->ndecode) || !short_fits(a->err) ||
	    !short_fits(a->accepted_from) || a->nencode >= U8C_WIRE_SHORT_NONE)
		return 0;
	for (size_t k = 0; k < nnext; k++)
		if (a->next_len[k] > UINT8_MAX)
			return 0;
	s = u8c_wire_begin(&w.wire, U8C_WIRE_SHORT_ANSWERS,
	                   sizeof *s + ndecoded * sizeof(uint32_t) +
	                       nnext * (sizeof(uint32_t) + 1));
	memcpy(s->given, a->given, sizeof s->given);
	s->stream = (uint8_t)it.s.answer;
	s->stream_died = (uint8_t)it.s.died;
	s->valid = (int8_t)a->valid;
	s->valid_prefix = (int8_t)a->valid_prefix;
	s->probe_k = (uint8_t)a->probe_k;
	s->cap = short_number(a->cap);
	s->ndecode = short_number(a->ndecode);
	s->err = short_number(a->err);
	s->accepted_from = short_number(a->accepted_from);
	s->nnext = (uint16_t)nnext;
	s->nencode = (uint16_t)a->nencode;
	memcpy(s->encode, a->encode, sizeof s->encode);
	p = (uint8_t *)(s + 1);
	if (ndecoded > 0) /* else there may be no values to point at */
		memcpy(p, a->decode, ndecoded * sizeof(uint32_t));
	p += ndecoded * sizeof(uint32_t);
	if (nnext > 0)
		memcpy(p, a->next_cp, nnext * sizeof(uint32_t));
	p += nnext * sizeof(uint32_t);
	for (size_t k = 0; k < nnext; k++)
		p[k] = (uint8_t)a->next_len[k];
	u8c_wire_commit(&w.wire);
	return 1;
}

/* The answers but the stream's, and the item's end: most in a short
 * record, the rest in a whole one. */
static void
send_answers(void)
{
	static uint64_t next_len[U8C_MAX_INPUT];
	const struct u8c_answers *a = &it.a;
	size_t ndecoded =
	    a->given[U8C_FN_DECODE] == U8C_ANSWER_GIVEN && a->ndecode <= a->cap
	        ? a->ndecode
	        : 0;
	size_t nnext = a->given[U8C_FN_NEXT] == U8C_ANSWER_GIVEN ? a->nnext : 0;
	struct u8c_wire_answers m;

	if (w.foreseeing)
		return;
	w.announced = 1; /* and over */
	if (send_short_answers(ndecoded, nnext))
		return;
	m = (struct u8c_wire_answers){w.item,
	                              (uint32_t)it.s.answer,
	                              (uint32_t)it.s.died,
	                              {0},
	                              a->valid,
	                              a->valid_prefix,
	                              a->probed,
	                              a->probe_k,
	                              a->cap,
	                              a->ndecode,
	                              a->err,
	                              a->accepted_from,
	                              nnext,
	                              a->nencode,
	                              {0},
	                              a->probe_now};
	memcpy(m.given, a->given, sizeof m.given);
	memcpy(m.encode, a->encode, sizeof m.encode);
	for (size_t k = 0; k < nnext; k++)
		next_len[k] = a->next_len[k];
	u8c_wire_put(&w.wire, U8C_WIRE_ANSWERS,
	             (const void *[]){&m, a->decode, a->next_cp, next_len},
	             (size_t[]){sizeof m, ndecoded * sizeof(uint32_t),
	                        nnext * sizeof(uint32_t),
	                        nnext * sizeof(uint64_t)},
	             4);
}

/* Calls item @index of plan row @row; the phases in @dead killed a
 * worker before and are not called again. */
static void
call_item(const struct u8c_order *o, size_t index, uint32_t dead)
{
	uint32_t row = o->row;
	const struct u8c_plan_row *r = &w.j->plan->rows[row];
	struct u8c_item item;

	charge_between(); /* on the last item, before it is replaced */
	it.row = r;
	/* stored from registers into both places: a copy of it.item just
	 * stored, as stream_start made, waited for the stores to land */
	item = u8c_family_item(r->family, index, it.buf);
	it.item = item;
	it.s.item = item;
	it.f = (struct item_fates){0};
	it.dead = dead;
	it.on = o->functions;
	/* the rest of the answers is written by the calls it marks given */
	memset(it.a.given, 0, sizeof it.a.given);
	it.a.probed = 0;
	it.a.nnext = 0;
	it.probes = r->probes && o->fresh_ok && (it.on & U8C_DECODING_FNS) != 0;
	it.a.probe_k = (unsigned)(index % U8C_PROBES);
	/* where the reading finds the first error decides which calls
	 * u8t_validate gets (calls.c); the judge reads it again itself */
	if (stream_start(r, index))
		it.a.error_at = it.s.error_at;
	else if (it.item.kind == U8C_ITEM_BYTES &&
	         (it.on >> U8C_FN_VALIDATE & 1u))
		it.a.error_at =
		    u8c_first_error(w.j->plan->profile, it.item.s, it.item.n);
	else
		it.a.error_at = SIZE_MAX;
	it.calls =
	    u8c_plan_item_calls(r, it.on, it.s.mode, w.traits, it.item.cp);
	w.item = (struct u8c_wire_item){row, dead, index};
	w.announced = 0;
	if (o->careful && !w.foreseeing) {
		/* told first, and held until the item is over (run_order) */
		u8c_wire_hold(&w.wire);
		announce();
	}
	it.phase = 0;
	calls();
	send_answers();
	if (!w.foreseeing)
		w.slot->judged++;
}

/* The fresh answers of the state probe, before any item.  What a probe
 * meets is recorded against its own input, which no plan row holds. */
static void
fresh_probes(void)
{
	static unsigned k;

	charge_between();
	memset(&it, 0, sizeof it);
	for (k = 0; k < U8C_PROBES; k++) {
		struct u8c_wire_fresh f = {k, 0, {0}};

		charge_between();
		it.item = (struct u8c_item){U8C_ITEM_BYTES,
		                            u8c_probe_inputs[k].s,
		                            u8c_probe_inputs[k].n,
		                            0,
		                            {0, 0, 0}};
		it.f = (struct item_fates){0};
		it.probes = 1;
		it.a.probe_k = k;
		it.phase = U8C_PHASE_PROBE;
		w.item = (struct u8c_wire_item){U8C_NO_RUN, 0, k};
		w.announced = 0;
		announce();
		calls();
		if (!it.a.probed)
			return;
		f.probe = it.a.probe_now;
		u8c_wire_put(&w.wire, U8C_WIRE_FRESH, (const void *[]){&f},
		             (size_t[]){sizeof f}, 1);
	}
}

/* After each item: leave for a fresh process when this one has to.
 * Its judge knows which items are done; the supervisor orders the rest
 * to the next worker. */
static void
maybe_retire(void)
{
	if (!w.retire)
		return;
	charge_between();
	w.slot->phase = U8C_PHASE_IDLE;
	leave(U8C_EXIT_RETIRED);
}

/* An --exec target's order, called once to foresee every call, whose
 * requests then go to the child in batches (exec/bridge.h). */
static void
foresee(const struct u8c_order *o)
{
	w.foreseeing = 1;
	u8c_exec_foresee(1);
	for (size_t i = o->lo; i < o->hi; i++)
		call_item(o, i, i == o->lo ? o->dead : 0);
	u8c_exec_foresee(0);
	w.foreseeing = 0;
	w.slot->phase = U8C_PHASE_IDLE;
	u8c_exec_fetch();
}

/* The bridge's fate for the call under way: it ends as a fault does,
 * through the fault's handler, the one way out of a call; or, not made
 * (U8C_FATES), with no fate. */
static void
exec_call_dies(enum u8c_fate fate, int detail)
{
	w.exec_detail = detail;
	w.exec_pending = fate == U8C_FATES ? -1 : 1 + (int)fate;
	raise(SIGABRT);
}

/* Waiting on a child is the worker's own time: the heartbeat moves. */
static void
exec_alive(void)
{
	w.slot->calls++;
}

static void
run_order(const struct u8c_order *o)
{
	if (o->fresh) {
		fresh_probes();
		return;
	}
	w.count_now = o->count_now != 0;
	if (o->row >= w.j->plan->nrows)
		return;
	if (w.t->exec)
		foresee(o);
	for (size_t i = o->lo; i < o->hi; i++) {
		call_item(o, i, i == o->lo ? o->dead : 0);
		if (o->careful)
			u8c_wire_drain(&w.wire);
		maybe_retire();
	}
	if (w.t->exec)
		u8c_exec_forget();
}

static void
wait_for_order(uint32_t done)
{
	while (__atomic_load_n(&w.slot->order_seq, __ATOMIC_ACQUIRE) == done) {
		charge_between();       /* meet() wakes us for it */
		u8c_wire_wake(&w.wire); /* what we handed over, judged now */
		syscall(SYS_futex, &w.slot->order_seq, FUTEX_WAIT, done, NULL,
		        NULL, 0);
	}
}

_Noreturn void
u8c_worker_main(const struct u8c_jail *j, const struct u8c_target *t,
                unsigned slot, const sigset_t *mask)
{
	static struct u8c_load_report was;
	static struct u8c_target mine;
	int load_here = t->handle == NULL; /* the twin's fork server */
	char err[512];
	int fds[MAX_OUTPUT_FDS];
	size_t nfds;
	struct u8c_order o;
	uint32_t done;
	int report_fd, loaded;
	sigset_t blocked;

	w.j = j;
	w.t = t;
	w.slot = &j->sh->slots[slot];
	w.wire = (struct u8c_wire_writer){.ring = &j->sh->rings[slot],
	                                  .read = &j->sh->slots[slot].read,
	                                  .reader_sleeps =
	                                      &j->sh->slots[slot].reader_sleeps,
	                                  .at = j->sh->rings[slot].written,
	                                  .shown = j->sh->rings[slot].written};
	w.traits = j->sh->load.traits;
	w.pid = getpid();
	worker_thread = 1;
	w.report_fd = -1;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (load_here)
		was = j->sh->load;
	/* before any call: no sibling's slot or ring, no fork server's word */
	if (u8c_shared_keep(j->sh, U8C_KEEP_SLOT, slot) != 0) {
		log_text(
		    "u8conform worker: cannot unmap what is not its own\n");
		leave(U8C_EXIT_HARNESS);
	}
	/* a target whose loading left threads is loaded here, with them,
	 * and with the signals its loading had; the filter below holds
	 * those threads too */
	if (load_here) {
		sigprocmask(SIG_SETMASK, mask, &blocked);
		loaded = u8c_load_again(j, &was, &mine, err, sizeof err);
		sigprocmask(SIG_SETMASK, &blocked, NULL);
		if (loaded != 0) {
			log_text("u8conform worker: cannot load the target: ");
			log_text(err);
			log_text("\n");
			leave(U8C_EXIT_HARNESS);
		}
		w.t = &mine;
	}
	nfds =
	    u8c_jail_redirect_output(j->slot_out[slot][1], fds, MAX_OUTPUT_FDS);
	/* its own report pipe only: no sibling's */
	report_fd = j->slot_report[slot][1] >= 0
	                ? fcntl(j->slot_report[slot][1], F_DUPFD_CLOEXEC, 3)
	                : -1;
	u8c_jail_close(j, U8C_CLOSE_COMMANDS | U8C_CLOSE_OUTPUTS);
	hand_reports_over(report_fd);
	install_handlers();
	hook_exit();
	if (u8c_stage_init(&w.stage) != 0) {
		log_text("u8conform worker: cannot map its buffers\n");
		leave(U8C_EXIT_HARNESS);
	}
	w.stage.nul = (w.traits & U8T_NEEDS_NUL) != 0;
	if (w.t->exec)
		u8c_exec_set_hooks(&(struct u8c_exec_hooks){
		    exec_call_dies, exec_alive, j->timeout_ms, 1});
	if (u8c_filter_drop_privileges() != 0 ||
	    u8c_filter_install(w.pid, fds, nfds, w.kept, KEPT) != 0) {
		log_text("u8conform worker: cannot drop its privileges or "
		         "install its seccomp filter\n");
		leave(U8C_EXIT_HARNESS);
	}
	/* Only now may a handler of the target's run here: not inside our
	 * own setup, whose malloc (libseccomp's) a handler that mallocs
	 * itself would wait on for ever (a target's threads signal any
	 * process of the jail they may, as signals-fork-server's do) */
	sigemptyset(&blocked);
	sigprocmask(SIG_SETMASK, &blocked, NULL);
	w.start_kib = peak_kib();
	w.slot->phase = U8C_PHASE_IDLE;
	w.slot->up = 1;
	/* the orders before done_seq were another worker's */
	for (done = w.slot->done_seq;; w.slot->done_seq = ++done) {
		wait_for_order(done);
		o = w.slot->orders[done % U8C_ORDERS];
		w.stage.placement = o.row < j->plan->nrows
		                        ? j->plan->rows[o.row].placement
		                        : U8C_GUARD_AFTER;
		run_order(&o);
		w.slot->phase = U8C_PHASE_IDLE;
	}
}
