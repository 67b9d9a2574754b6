// SPDX-License-Identifier: MIT
//
// isutf8.mjs - simdutf as Node.js bundles it, for u8bench: answers one
// request per line on stdin.  "load PATH" reads the file into a Buffer
// (dropping the last); "time REPS" calls require('buffer').isUtf8 on it
// REPS times and answers "SECONDS VERDICT"; "quit" ends.  Timing inside
// node keeps the pipe out of the measurement.
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

let buf = null;

function time(reps) {
	let all = true;
	let any = false;
	const t0 = process.hrtime.bigint();
	for (let i = 0; i < reps; i++) {
		const v = isUtf8(buf);
		all &&= v;
		any ||= v;
	}
	const t1 = process.hrtime.bigint();
	// Different answers for the same bytes: no verdict.
	const verdict = all === any ? (all ? 1 : 0) : -1;
	return `${Number(t1 - t0) / 1e9} ${verdict}`;
}

function answer(line) {
	const [cmd, arg] = [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
	if (line === 'quit')
		process.exit(0);
	if (cmd === 'load') {
		buf = null;
		buf = readFileSync(arg);
		return `ok ${buf.length}`;
	}
	if (cmd === 'time' && buf !== null)
		return time(Number(arg));
	return `error ${line}`;
}

process.stdout.write(`ready simdutf ${process.versions.simdutf} in Node.js ${process.version} buffer.isUtf8\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
	process.stdout.write(answer(line) + '\n');
});
