#!/bin/sh
# SPDX-License-Identifier: MIT
# hostile_test.sh U8CONFORM HOSTILE_TSV MANIFEST CORRECT_LIB [K/N] -
# u8conform against every hostile target of the manifest: the exit
# status, a JSON report that jq reads whole, complete or not as expected,
# the check that fails with the input it names, and no process of the run
# left behind.  Then the attacks on u8conform itself that need no target
# of their own: SIGTERM during --exhaustive.  With K/N, only the K-th of
# every N cases (and SIGTERM in the first shard): ctest runs the shards
# side by side, as most cases wait more than they compute.  An attack
# made on given inputs (C1, longer than 32 bytes) runs on the first
# twentieth of each family (--shard 1/20), which holds them: the whole
# default run shows it no better, at twenty times the cost.
set -u
u8conform=$1 targets=$2 manifest=$3 correct=$4 shard=${5:-1/1}
shard_k=${shard%/*} shard_n=${shard#*/}
. "$(dirname "$0")/../check.sh"
tab=$(printf '\t')

ok() {
	passed=$((passed + 1))
	echo "ok   $*"
}

bad() {
	failed=$((failed + 1))
	echo "FAIL $*"
}

# leftovers MARK: processes still carrying the environment mark of a run.
leftovers() {
	grep -l "U8TT_MARK=$1" /proc/[0-9]*/environ 2>/dev/null | wc -l
}

# marked_cpu_ticks MARK: the CPU time, in clock ticks, of the processes
# carrying the environment mark MARK.
marked_cpu_ticks() {
	for f in $(grep -l "U8TT_MARK=$1" /proc/[0-9]*/environ 2>/dev/null); do
		sed 's/.*) //' "${f%environ}stat" 2>/dev/null
	done | awk '{ t += $12 + $13 } END { print t + 0 }'
}

# run NAME ARGS...: u8conform --format json on the case, its environment
# marked; leaves $work/NAME.json, .err, and $rc.  A run that hangs is
# ended after 5 minutes (the slowest case takes about 30 s under the
# sanitizers) with status 124, and fails its case alone.  The cases that
# hang on purpose take --timeout 1000 in their options; the others keep
# the default, as a call on a loaded machine can stand still for a
# second (see targets_test.sh).
run() {
	run_as=$1
	shift
	mkdir -p "$work/state-$run_as"
	rc=0
	env U8TT_MARK="$run_as-$$" U8TT_STATE_DIR="$work/state-$run_as" \
		timeout -k 10 300 "$u8conform" --format json "$@" \
		>"$work/$run_as.json" 2>"$work/$run_as.err" || rc=$?
}

# json NAME FILTER: jq on the case's report.
json() {
	jq -r "$2" "$work/$1.json"
}

# Things particular to one case, beyond its manifest line.
special() {
	name=$1 lib=$2
	case $name in
	ctor-crash-second-load)
		[ -e "$work/state-$name/loaded" ] || echo "it was never loaded"
		;;
	dtor-hang)
		# SIGTERM while the destructor spins: the wait for it ends at
		# once, not after --timeout of CPU, with a report that says so
		env U8TT_MARK="$name-term-$$" "$u8conform" --format json --timeout 60000 --input 41 "$lib" \
			>"$work/$name-term.json" 2>"$work/$name-term.err" &
		pid=$!
		for _ in $(seq 600); do
			[ "$(marked_cpu_ticks "$name-term-$$")" -ge 50 ] && break
			sleep 0.1
		done
		t_term=$(date +%s)
		kill -TERM "$pid"
		rc_term=0
		wait "$pid" || rc_term=$?
		[ "$rc_term/$(($(date +%s) - t_term < 10))" = 2/1 ] ||
			echo "SIGTERM during unloading: exit $rc_term after $(($(date +%s) - t_term)) s, want 2 at once"
		[ "$(jq -r '[.complete, .stopped] | @tsv' "$work/$name-term.json")" = "false	interrupted by SIGTERM" ] ||
			echo "SIGTERM during unloading: not a report that says so"
		sleep 0.2
		[ "$(leftovers "$name-term-$$")" = 0 ] || echo "SIGTERM during unloading: processes left running"
		;;
	returns-broken-convention | stream-crashes)
		# the finding names the call that met it
		case $name in
		stream-crashes) fn=stream ;;
		*) fn=decode ;;
		esac
		[ "$(json "$name" '[.checks[] | select(.verdict == "fail") | .counterexample.function] | join(" ")')" = $fn ] ||
			echo "the call is not named as: $fn"
		[ "$name" = stream-crashes ] || return 0
		# the default plan, whose first rows place their cuts by the
		# pieces the worker reads off each item before its calls
		rc_plan=0
		"$u8conform" --format json --functions stream "$lib" >"$work/$name-plan.json" 2>/dev/null || rc_plan=$?
		[ "$rc_plan/$(jq -r '[.complete, ([.checks[] | select(.verdict == "fail") | "\(.id) \(.counterexample.input) \(.counterexample.function)"] | join(","))] | @tsv' "$work/$name-plan.json")" = "1/true	isolation/crash 00 stream" ] ||
			echo "the default plan's stream: exit $rc_plan, not the crash on 00, complete"
		;;
	dtor-exit | name-forges)
		[ "$(json "$name" '.checks[] | select(.id == "decode/row-F1-F3") | .verdict')" = fail ] ||
			echo "its decoding defect was not reported"
		;;
	slow-writer)
		# run with --timeout 60: its call sleeps 100 ms, longer than
		# the timeout but using no CPU, so it is no hang
		[ "$(json "$name" '.checks[] | select(.id == "isolation/hang") | .failed')" = 0 ] ||
			echo "a slow write was called a hang"
		;;
	signal-writes-between | thread-writes-between)
		json "$name" '.checks[] | select(.id == "isolation/output") | .counterexample.got' |
			grep -q 'between calls' || echo "the output is not said to come between calls"
		;;
	sets-fault-handler)
		[ "$(json "$name" '.checks[] | select(.id == "isolation/over-read") | .counterexample.input')" = C2 ] ||
			echo "the over-read on C2 was hidden"
		;;
	write-1000th-call)
		[ "$(json "$name" '.checks[] | select(.id == "isolation/output") | .counterexample.reproduced')" = false ] ||
			echo "the 1000th call's write should not recur in a fresh worker"
		;;
	next-leaves-cp)
		# the same counts, run after run
		mv "$work/$name.json" "$work/$name.1.json"
		run "$name" --exhaustive --shard 1/20000 "$lib"
		cmp -s "$work/$name.1.json" "$work/$name.json" ||
			echo "two runs differ: $(diff "$work/$name.1.json" "$work/$name.json" |
				grep '^[<>]' | head -c 600 | tr '\n' ' ')"
		;;
	fork-first-call)
		# the counts of a target that does not fork
		run "$name-correct" --input 41 "$correct"
		a=$(json "$name" '.checks[] | select(.id == "decode/row-00-7F") | .tested')
		b=$(json "$name-correct" '.checks[] | select(.id == "decode/row-00-7F") | .tested')
		[ "$a" = "$b" ] || echo "decode/row-00-7F tested $a times, $b without the fork"
		;;
	decode-crashes | stream-crashes | crash-leaves-modes)
		# every other function judged on every input
		others='validate|next|encode'
		[ "$name" = stream-crashes ] && others="decode|$others"
		run "$name-correct" --exhaustive --shard 1/200000 "$correct"
		filter="[.checks[] | select(.id | test(\"^($others)/\")) | [.id, .tested]]"
		[ "$(json "$name" "$filter")" = "$(json "$name-correct" "$filter")" ] ||
			echo "$others were not judged on every input"
		[ "$name" != crash-leaves-modes ] ||
			[ "$(json "$name" '.checks[] | select(.id == "isolation/exit") | .counterexample.input')" = C1 ] ||
			echo "the exit on C1 was not reported"
		;;
	returns-alignment-check)
		# the worker died of the flag where it first faulted, not of
		# its handler faulting under it again to the end of its stack;
		# and only on inputs that hold C1
		json "$name" '.checks[] | select(.id == "isolation/crash") | .counterexample.got' |
			grep -q 'signal 7 (Bus error)' || echo "not told as the alignment check's SIGBUS"
		[ "$(json "$name" '[.checks[] | select(.id == "isolation/crash") | .causes[] | select(test("C0..C1") | not)] | length')" = 0 ] ||
			echo "charged to an input without C1"
		;;
	stream-pads-to-cap)
		# five values a byte, a byte a chunk, on 3,000 bytes: the
		# stream's probes send 120 KB of them in one record, which the
		# judge once refused as the target writing over its memory
		run "$name-long" --functions stream --input "$(printf '41%.0s' $(seq 3000))" "$lib"
		failed=$(json "$name-long" '[.checks[] | select(.verdict != "pass") | .id] | join(" ")')
		[ "$rc" = 1 ] && [ "$failed" = stream/row-00-7F ] ||
			echo "3,000 bytes of 41: exit $rc, failed: $failed (want stream/row-00-7F alone)"
		;;
	stream-crashes-whole)
		[ "$(json "$name" '.checks[] | select(.id == "stream/row-C2-DF") | .verdict')" = fail ] ||
			echo "the character lost at the cut was not judged after the one-chunk run died"
		;;
	stream-size-lies)
		[ "$(json "$name" '(.functions | index("stream")) == null and ([.checks[] | select(.id | startswith("stream/"))] | length) == 0')" = true ] ||
			echo "a stream with no state was called"
		;;
	dtor-crash | ctor-thread-abort)
		# the signal that ended the fork server or the loader is named
		case $name in
		dtor-crash) signal='killed by signal 11 (Segmentation fault)' ;;
		*) signal='killed by signal 6 (Aborted)' ;;
		esac
		[ "$(json "$name" '.checks[] | select(.id == "isolation/crash") | .counterexample.got')" = "$signal" ] ||
			echo "its end is not said as: $signal"
		[ "$(json "$name" '.checks[] | select(.id == "isolation/crash") | .counterexample | has("function")')" = false ] ||
			echo "a function is named for a death outside any call"
		[ "$name" = dtor-crash ] || return 0
		# loaded in each worker, the fork server loads it at the end
		# and exits without dlclose: the destructor is judged the same
		run "$name-per-worker" --load per-worker --input 41 "$lib"
		[ "$rc" = 1 ] && [ "$(json "$name-per-worker" '[.checks[] | select(.verdict == "fail") | [.id, .counterexample.input, .counterexample.got]] | @json')" = "[[\"isolation/crash\",\"(unloading)\",\"$signal\"]]" ] ||
			echo "--load per-worker: exit $rc, not the crash at unloading"
		;;
	call-thread-aborts)
		# an item that keeps killing workers, in a call or just after
		# it, is given up after nine deaths in a row
		[ "$(json "$name" '.checks[] | select(.id == "isolation/crash") | .failed')" -le 9 ] ||
			echo "the item killed more than nine workers"
		;;
	exit-damages | exit-from-thread)
		# the calls after the exit found the target as it was
		[ "$(json "$name" '.checks[] | select(.id == "isolation/crash") | .failed')" = 0 ] ||
			echo "a call after the exit was charged a crash"
		;;
	encode-assert)
		json "$name" '.skipped[]' | grep -qx 'encode/beyond' ||
			echo "encode/beyond is not reported as not judged"
		;;
	name-forges | name-huge)
		# no forged line in the text report, the JUnit well-formed
		"$u8conform" --timeout 1000 --input 41 "$lib" >"$work/$name.txt" 2>&1
		grep -q '^verdict  pass' "$work/$name.txt" && [ "$name" = name-forges ] &&
			echo "the text report has a forged verdict line"
		[ "$(grep -c '^verdict ' "$work/$name.txt")" = 1 ] || echo "not one verdict line"
		iconv -f UTF-8 -t UTF-8 "$work/$name.txt" >/dev/null 2>&1 || echo "the text is not UTF-8"
		if grep -q "$(printf '\033')" "$work/$name.txt"; then echo "an escape reached the text"; fi
		"$u8conform" --timeout 1000 --format junit --input 41 "$lib" >"$work/$name.xml" 2>&1
		xmllint --noout "$work/$name.xml" 2>&1 | head -2
		[ "$(json "$name" '.target | length')" -le 243 ] || echo "the name is not cut"
		;;
	stream-hangs | call-blocks)
		# the finding says which limit stopped the call, however busy
		# the machine: a spinning call its CPU time (the 1000 ms), a
		# call that waits, using no CPU, ten times the timeout blocked
		limit='in CPU time'
		[ "$name" = call-blocks ] && limit='blocked for ten times'
		json "$name" '.checks[] | select(.id == "isolation/hang") | .counterexample.got' |
			grep -q "$limit" || echo "the hang was not told as '$limit'"
		;;
	stack-smash)
		# the 100 bytes that overran, whole; then 1000, which reach
		# the top of the call's stack: an over-write, and no exit 2
		[ "$(json "$name" '.checks[] | select(.verdict == "fail") | .counterexample.input | split(" ") | length')" = 100 ] ||
			echo "the counterexample is not the 100 bytes"
		run "$name-far" --input "$(printf '41%.0s' $(seq 1000))" "$lib"
		[ "$rc" = 1 ] || echo "1000 bytes: exit $rc, want 1"
		[ "$(json "$name-far" '[.checks[] | select(.verdict == "fail") | [.id, (.counterexample.input | split(" ") | length)]] | @json')" = '[["isolation/over-write",1000]]' ] ||
			echo "1000 bytes: not one isolation/over-write on them"
		;;
	proc-reopen)
		# it found u8conform's processes, and every open was refused
		tried=$work/state-$name/tried
		[ "$(grep -c . "$tried" 2>/dev/null)" -ge 3 ] || echo "it tried fewer than three opens"
		if grep -q ' opened$' "$tried" 2>/dev/null; then
			echo "opened: $(grep ' opened$' "$tried" | head -3 | tr '\n' ';')"
		fi
		# as root a PID namespace comes with a /proc of the jail's own
		if [ "$(id -u)" = 0 ] && [ "$(json "$name" .jail)" = "pid namespace" ] &&
			[ "$(json "$name" .private_proc)" != true ]; then
			echo "the jail's /proc is the host's"
		fi
		;;
	scribbles-siblings)
		# it looked, and saw no more than one worker's memory
		seen=$work/state-$name/seen
		[ -s "$seen" ] || echo "it never listed its shared mappings"
		if grep -q scribbled "$seen" 2>/dev/null; then
			echo "it could write more than its own worker's memory ($(grep -m1 scribbled "$seen"))"
		fi
		;;
	scribbles-own)
		grep -q '^[1-9][0-9]* mappings$' "$work/state-$name/seen" 2>/dev/null ||
			echo "it found no shared mapping to write"
		;;
	leaks-and-crashes)
		# more calls died than 2 GiB of what they left (96 KiB each)
		# holds, and it went with each worker, never over --memory
		[ "$(json "$name" '.checks[] | select(.id == "isolation/crash") | .failed')" -gt 21845 ] ||
			echo "fewer calls died than would fill --memory"
		[ "$(json "$name" '.checks[] | select(.id == "isolation/memory") | .failed')" = 0 ] ||
			echo "the dead calls' memory was charged to the target"
		;;
	decode-crashes)
		# the byte map files the crash under its input, 80 alone: a
		# fatal cell whose example is the crash
		[ "$(json "$name" '[.byte_map.cells[128 * 257 + 256:][:1], .byte_map.examples["80"].check] | @tsv')" = "$(printf 'f\tisolation/crash')" ] ||
			echo "the byte map's cell 80 is not the crash"
		;;
	scribbles-ring | scribbles-read-ring)
		# the call that wrote was found, and does it again in a fresh
		# worker: its own worker tells of the ring's words changed, where
		# the judge saw the ring spoiled only if it looked in time
		[ "$(json "$name" '.checks[] | select(.id == "isolation/over-write") | .counterexample.reproduced')" = true ] ||
			echo "the over-write was not reproduced"
		grep -qx ring "$work/state-$name/seen" 2>/dev/null || echo "it found no ring to write"
		;;
	stream-forges-clean | forges-short-answers)
		grep -qx forged "$work/state-$name/seen" 2>/dev/null || echo "it found no ring to forge in"
		;;
	forges-log)
		grep -qx forged "$work/state-$name/seen" 2>/dev/null || echo "it found no slot to forge"
		;;
	signals-fork-server)
		# its thread signalled, and its handler never ran where all
		# the shared memory is mapped while the fork server served
		grep -qx signalling "$work/state-$name/seen" 2>/dev/null || echo "its thread never ran"
		if grep -qx serving "$work/state-$name/seen" 2>/dev/null; then
			echo "its handler ran in the fork server as it served"
		fi
		;;
	forges-server-end)
		# it saw the shared memory while loading, and never a fork
		# server serving from it
		grep -qx mapped "$work/state-$name/seen" 2>/dev/null || echo "it never saw the shared memory"
		if grep -qx forged "$work/state-$name/seen" 2>/dev/null; then
			echo "it could write the fork server's end"
		fi
		;;
	forges-exports)
		# it wrote the load report's exports, and the writing is a
		# finding of its own
		grep -qx forged "$work/state-$name/seen" 2>/dev/null || echo "it never wrote the load report"
		json "$name" '.checks[] | select(.id == "isolation/over-write") | .counterexample.got' |
			grep -q 'functions it exports' || echo "its writing over the exports was not reported"
		;;
	runtime-thread)
		# loaded in each worker, for the thread loading left; forked
		# from the loaded copy (--load once), its calls wait for ever
		[ "$(json "$name" '[.loaded, .threads_after_load >= 2] | @json')" = '["in each worker",true]' ] ||
			echo "not loaded in each worker for its thread"
		run "$name-once" --load once --timeout 100 --input 41 "$lib"
		[ "$rc" = 1 ] && [ "$(json "$name-once" '[.loaded, ([.checks[] | select(.verdict == "fail") | .id])] | @json')" = '["once",["isolation/hang"]]' ] ||
			echo "--load once: exit $rc, not one isolation/hang"
		;;
	setown-sigkill | reach-memory)
		[ "$(json "$name" '.complete')" = true ] || echo "the run did not go on"
		;;
	stack-smash-values)
		# a crash or an over-write, each on more than the 32 values
		[ "$(json "$name" '[.checks[] | select(.verdict == "fail") | .counterexample.input | split(" ") | length] | min')" -gt 32 ] ||
			echo "a counterexample fits in the 32 values"
		;;
	esac
}

# Under AddressSanitizer, signals-fork-server is left to the release
# build.  Its thread keeps running in the loader as the fork server is
# forked from it, and clang 14's runtime takes no lock of its allocator
# around a fork, where glibc's malloc does: a worker forked from that
# copy could wait for ever on its first allocation (in libseccomp), in 2
# to 5 of 10 runs of the case alone, and in 1 of 10 even with three more
# runs allowed, each stalled run costing 9 s.  No release run has stalled.
asan=0
nm -D --defined-only "$u8conform" 2>/dev/null | grep -q ' __asan_init$' && asan=1
case_no=0 mine=0
while IFS="$tab" read -r name options status check input complete extra; do
	case $name in '#'* | '') continue ;; esac
	case_no=$((case_no + 1))
	[ $((case_no % shard_n)) = $((shard_k % shard_n)) ] || continue
	if [ "$name" = signals-fork-server ] && [ "$asan" = 1 ]; then
		echo "skip $name: u8conform runs under AddressSanitizer (the release build runs it)"
		continue
	fi
	mine=$((mine + 1))
	lib=$(grep "^$name$tab" "$targets" | cut -f2)
	[ "$options" = - ] && options=
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086
	run "$name" $options "$lib"
	why=
	[ "$rc" = "$status" ] || why="exit status $rc, want $status"
	if [ "$status" = 2 ]; then
		[ -s "$work/$name.json" ] && why="${why:+$why; }a report after a load error"
		[ "$(wc -l <"$work/$name.err")" = 1 ] || why="${why:+$why; }not one line on stderr"
		grep -qF -- "$extra" "$work/$name.err" || why="${why:+$why; }stderr: $(cat "$work/$name.err")"
	elif ! jq -e . "$work/$name.json" >/dev/null 2>&1; then
		why="${why:+$why; }the JSON report is not valid: $(head -c 200 "$work/$name.json")"
	else
		[ "$(json "$name" .complete)" = "$complete" ] ||
			why="${why:+$why; }complete is $(json "$name" .complete), want $complete"
		if [ "$check" != - ]; then
			line=$(json "$name" ".checks[] | select(.id == \"$check\") | [.verdict, .counterexample.input, .failed] | @tsv")
			[ "$(echo "$line" | cut -f1)" = fail ] || why="${why:+$why; }$check did not fail"
			[ "$input" = - ] || [ "$(echo "$line" | cut -f2)" = "$input" ] ||
				why="${why:+$why; }$check named '$(echo "$line" | cut -f2)', want '$input'"
			[ "$extra" = - ] || [ "$(echo "$line" | cut -f3)" = "$extra" ] ||
				why="${why:+$why; }$check failed $(echo "$line" | cut -f3) times, want $extra"
		elif [ "$(json "$name" .verdict)" != pass ]; then
			why="${why:+$why; }verdict $(json "$name" .verdict), want pass"
		fi
		more=$(special "$name" "$lib")
		[ -z "$more" ] || why="${why:+$why; }$more"
	fi
	left=$(leftovers "$name-$$")
	[ "$left" = 0 ] || why="${why:+$why; }$left processes left running"
	took=$(printf '(%.1f s)' "$(echo "$(date +%s.%N) - $t0" | bc)")
	if [ -z "$why" ] && [ "$check" = - ]; then
		ok "$name: exit $rc $took"
	elif [ -z "$why" ]; then
		ok "$name: exit $rc, $check on $input $took"
	else
		# what u8conform said, for a failure seen once in a loop
		bad "$name: $why $took; stderr: $(head -c 300 "$work/$name.err" | tr '\n' ' ')"
	fi
done <"$manifest"

if [ "$shard_k" != 1 ]; then
	finish "$mine"
	exit
fi

# SIGTERM during --exhaustive: a whole report that says so, and nothing
# left running.  The signal comes once the workers run (six processes:
# u8conform, the jail, init or not, the loader, the fork server and a
# worker or two), not after a fixed sleep that a busy machine outlasts
# while the target still loads.
env U8TT_MARK="sigterm-$$" "$u8conform" --format json --jobs 2 --exhaustive "$correct" \
	>"$work/sigterm.json" 2>"$work/sigterm.err" &
pid=$!
for _ in $(seq 600); do
	[ "$(leftovers "sigterm-$$")" -ge 6 ] && break
	sleep 0.1
done
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
sleep 0.2
why=
[ "$rc" = 2 ] || why="exit status $rc, want 2"
[ "$(jq -r .complete "$work/sigterm.json" 2>/dev/null)" = false ] || why="${why:+$why; }not a report with complete false"
jq -r .stopped "$work/sigterm.json" 2>/dev/null | grep -q SIGTERM || why="${why:+$why; }stopped does not say SIGTERM"
[ "$(leftovers "sigterm-$$")" = 0 ] || why="${why:+$why; }processes left running"
if [ -z "$why" ]; then ok "SIGTERM during --exhaustive: exit 2, partial report"; else bad "SIGTERM during --exhaustive: $why"; fi

# every case of the shard, and the one above
finish $((mine + 1))
