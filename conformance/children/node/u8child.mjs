// SPDX-License-Identifier: MIT
//
// u8child.mjs - Node.js's UTF-8 decoders as a u8conform --exec child.
//
// Speaks conformance/PROTOCOL.md on stdin/stdout; the one argument picks
// the decoder judged (VARIANTS).  Node's strings are UTF-16, so answers go
// out as code points: a valid surrogate pair becomes one value and a lone
// surrogate stays itself, which is what String.prototype.codePointAt does.
// Node has no one-character decoder, so `next` is not declared.  Standard
// library only: no npm package.
import { Buffer, isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

// Function numbers, PROTOCOL.md "Batches".
const DECODE = 0, VALIDATE = 1, ENCODE = 3, STREAM = 4;
const NOT_KNOWN = 0xffffffff;

const replacing = new TextDecoder();
const fatal = new TextDecoder('utf-8', { fatal: true });
// A fatal decoder says "invalid" by throwing: with no stack to capture,
// a throw costs a third as much, and this child throws on most inputs.
Error.stackTraceLimit = 0;
const encoder = new TextEncoder();
const more = { stream: true };
const streamer = new TextDecoder();
const streaming = {
	take: (c) => streamer.decode(c, more),
	end: (c) => streamer.decode(c),
	reset: () => streamer.decode(),
};

// Each variant: what the report calls it, and one function per request.
// stream() makes a fresh decoder: take(chunk) for a chunk, end(chunk) for
// the last one when the request passes "final".
const VARIANTS = {
	textdecoder: {
		name: 'Node.js TextDecoder utf-8',
		decode: (b) => replacing.decode(b),
		validate: (b) => {
			try {
				fatal.decode(b);
				return true;
			} catch {
				return false; // a TypeError says no more than "invalid"
			}
		},
		encode: (cp) => encoder.encode(String.fromCodePoint(cp)),
		// One decoder serves every stream: a decode without { stream }
		// ends its stream and leaves it new (WHATWG Encoding, decode()),
		// at half the cost of making one.
		stream: () => streaming,
	},
	buffer: {
		name: 'Node.js Buffer utf8',
		decode: (b) => b.toString('utf8'),
		validate: (b) => isUtf8(b),
		encode: (cp) => Buffer.from(String.fromCodePoint(cp), 'utf8'),
		stream: () => {
			const d = new StringDecoder('utf8');
			return { take: (c) => d.write(c), end: (c) => d.end(c), reset: () => {} };
		},
	},
};
const FUNCTIONS = 1 << DECODE | 1 << VALIDATE | 1 << ENCODE | 1 << STREAM;

// A growing little-endian output buffer; the first 4 bytes become the
// frame's size.
class Out {
	constructor(guess) {
		this.buf = Buffer.allocUnsafe(guess);
		this.len = 4;
	}

	room(n) {
		if (this.len + n <= this.buf.length)
			return;
		const bigger = Buffer.allocUnsafe(2 * (this.len + n));
		this.buf.copy(bigger, 0, 0, this.len);
		this.buf = bigger;
	}

	u32(v) {
		this.room(4);
		this.len = this.buf.writeUInt32LE(v, this.len);
	}

	bytes(b) {
		this.room(b.length);
		this.buf.set(b, this.len);
		this.len += b.length;
	}

	// The count, then the code points of a UTF-16 string.
	codePoints(s) {
		this.room(4 + 4 * s.length);
		const at = this.len;
		let k = 0;
		this.len += 4;
		for (let i = 0; i < s.length; k++) {
			const cp = s.codePointAt(i);
			this.len = this.buf.writeUInt32LE(cp, this.len);
			i += cp > 0xffff ? 2 : 1;
		}
		this.buf.writeUInt32LE(k, at);
	}

	frame() {
		this.buf.writeUInt32LE(this.len - 4, 0);
		return this.buf.subarray(0, this.len);
	}
}

function hello(v) {
	const out = new Out(64);
	out.bytes(Buffer.from('H'));
	for (const x of [1, FUNCTIONS, 0])
		out.u32(x);
	for (const text of [v.name, process.versions.node]) {
		const b = Buffer.from(text, 'utf8');
		out.u32(b.length);
		out.bytes(b);
	}
	return out.frame();
}

function encode(v, cp) {
	try {
		return v.encode(cp);
	} catch {
		return []; // fromCodePoint's RangeError past U+10FFFF: refused
	}
}

function batch(v, p) {
	const out = new Out(64 + 4 * p.length);
	const count = p.readUInt32LE(1);
	let at = 5;
	out.bytes(Buffer.from('R'));
	out.u32(count);
	for (let r = 0; r < count; r++) {
		const fn = p[at];
		if (fn === ENCODE) {
			const b = encode(v, p.readUInt32LE(at + 1));
			at += 5;
			out.u32(b.length);
			out.bytes(b);
		} else if (fn === STREAM) {
			const last = p.readUInt32LE(at + 1);
			const chunks = p.readUInt32LE(at + 5);
			const d = v.stream();
			at += 9;
			out.u32(chunks);
			for (let i = 0; i < chunks; i++) {
				const n = p.readUInt32LE(at);
				const c = p.subarray(at + 4, at + 4 + n);
				at += 4 + n;
				out.codePoints(last === 1 && i === chunks - 1 ? d.end(c) : d.take(c));
			}
			if (last !== 1)
				d.reset(); // what it holds is not the next stream's

		} else {
			const n = p.readUInt32LE(at + 1);
			const b = p.subarray(at + 5, at + 5 + n);
			at += 5 + n;
			if (fn === DECODE) {
				out.codePoints(v.decode(b));
			} else if (fn === VALIDATE) {
				out.u32(v.validate(b) ? 1 : 0);
				out.u32(NOT_KNOWN);
			} else {
				throw new Error(`function ${fn} was not declared`);
			}
		}
	}
	return out.frame();
}

function answer(v, p) {
	if (p.length === 5 && p.toString('latin1') === 'Hu8x1')
		return hello(v);
	if (p[0] === 0x42) // 'B'
		return batch(v, p);
	throw new Error(`unexpected frame kind ${p[0]}`);
}

const variant = VARIANTS[process.argv[2]];
if (process.argv.length !== 3 || !variant) {
	console.error(`usage: u8child.mjs ${Object.keys(VARIANTS).join('|')}`);
	process.exit(1);
}

// Frames arrive cut anywhere: keep the pieces until one is whole, and join
// them once, not on every read.
let pieces = [];
let have = 0;
stdinLoop: for await (const piece of process.stdin) {
	pieces.push(piece);
	have += piece.length;
	for (;;) {
		if (have < 4)
			continue stdinLoop;
		if (pieces.length > 1 && pieces[0].length < 4)
			pieces = [Buffer.concat(pieces)];
		const need = 4 + pieces[0].readUInt32LE(0);
		if (have < need)
			continue stdinLoop;
		const all = pieces.length > 1 ? Buffer.concat(pieces) : pieces[0];
		// Writes to a pipe are synchronous on Linux: each frame is out whole.
		process.stdout.write(answer(variant, all.subarray(4, need)));
		pieces = need < all.length ? [all.subarray(need)] : [];
		have -= need;
	}
}
if (have !== 0) {
	console.error('u8child.mjs: stdin ended inside a frame');
	process.exit(1);
}
