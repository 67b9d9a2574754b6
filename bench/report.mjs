// SPDX-License-Identifier: MIT
//
// report.mjs - turns what scripts/bench measured into what people read:
// the tables on stdout, OUT/bench.md, the plot OUT/bench.svg, and
// OUT/bench.json and OUT/bench.csv for machines.  Three inputs: u8bench's
// CSV of the kernels and library peers, the command-line tools on files
// (--file-csv), and callgrind's instruction counts (--instructions-csv);
// the last two may be missing.  --quiet writes the files and prints
// nothing: scripts/bench writes them after each part.
//
// usage: node bench/report.mjs --csv KERNELS.csv [--file-csv FILES.csv]
//        [--instructions-csv COUNTS.csv] [--out DIR] [--quiet]
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gbps, sizeName } from './format.mjs';
import { svgPlot } from './plot.mjs';

// One CSV field list; fields in double quotes may hold commas.
function fieldsOf(line) {
	const fields = [];
	let field = '';
	let quoted = false;
	for (const ch of line) {
		if (ch === '"') quoted = !quoted;
		else if (ch === ',' && !quoted) {
			fields.push(field);
			field = '';
		} else field += ch;
	}
	fields.push(field);
	return fields;
}

// Lines of '# key: value', then a CSV header and rows.
function readCsv(path) {
	const meta = { contestants: {}, inputs: {}, tools: {} };
	const rows = [];
	let header = null;
	for (const line of readFileSync(path, 'utf8').split('\n')) {
		if (line.startsWith('# ')) {
			const at = line.indexOf(': ');
			const key = line.slice(2, at);
			const value = line.slice(at + 2);
			const [kind, name] = key.split(' ');
			if (kind === 'contestant') meta.contestants[name] = value;
			else if (kind === 'input') meta.inputs[name] = value;
			else if (kind === 'tool') meta.tools[name] = value;
			else meta[key] = value;
		} else if (line.trim() !== '') {
			const fields = fieldsOf(line);
			if (header === null) header = fields;
			else rows.push(Object.fromEntries(header.map((h, i) => [h, fields[i]])));
		}
	}
	return { meta, rows };
}

const readIf = (path) => (path && existsSync(path) ? readCsv(path) : null);
const isAscii = (input) => input === 'ascii' || input === 'ascii-error';
// In cache: the sizes below the largest, which is read from memory.
const inCache = (size, sizes) => size < Math.max(...sizes);

// The best of our kernels, each forced by name: not the dispatch, not the walk.
const isKernel = (r) => r.group === 'ours' && r.contestant !== 'auto' && r.contestant !== 'walk';

// simdutf columns, newest release first ("simdutf-7.7.0").
function simdutfs(contestants) {
	const version = (c) => c.replace('simdutf-', '').split('.').map(Number);
	return contestants.filter((c) => c.startsWith('simdutf')).sort((a, b) => {
		const [x, y] = [version(a), version(b)];
		for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (y[i] ?? 0) - (x[i] ?? 0);
		return 0;
	});
}

// Rows of the kernel table: one per input and size, sizes in order.
function tableRows(rows) {
	const lines = new Map();
	for (const r of rows) {
		const key = `${r.input} ${r.size}`;
		if (!lines.has(key)) lines.set(key, { input: r.input, size: Number(r.size), cells: {} });
		lines.get(key).cells[r.contestant] = {
			gbps: r.gbps_median === '' ? null : Number(r.gbps_median),
			ok: r.verdict_ok === '1',
			kernel: isKernel(r),
		};
	}
	for (const line of lines.values()) {
		let best = null;
		for (const [name, c] of Object.entries(line.cells))
			if (c.kernel && c.ok && c.gbps !== null && (best === null || c.gbps > best.gbps))
				best = { name, gbps: c.gbps };
		line.best = best;
	}
	return [...lines.values()].sort((a, b) => a.size - b.size);
}

function ratio(line, other) {
	const c = line.cells[other];
	if (!line.best || !c || c.gbps === null || !c.ok) return null;
	return line.best.gbps / c.gbps;
}

const fixed = (v) => (v === null ? '' : v.toFixed(2));

// Headings and cells of the kernel table, as strings.
function grid(lines, contestants) {
	const simd = simdutfs(contestants);
	const head = ['input', 'size', ...contestants, 'best', ...simd.map((s) => `best/${s}`), 'best/memread'];
	const body = lines.map((line) => {
		const cells = contestants.map((name) => {
			const c = line.cells[name];
			if (!c) return '';
			if (c.gbps === null) return 'n/a';
			return gbps(c.gbps) + (c.ok ? '' : '!');
		});
		return [line.input, sizeName(line.size), ...cells, line.best ? line.best.name : '',
			...simd.map((s) => fixed(ratio(line, s))), fixed(ratio(line, 'memread'))];
	});
	return { head, body };
}

function textTable({ head, body }) {
	const width = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
	const fmt = (row) => row.map((c, i) => (i < 2 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
	return [fmt(head), ...body.map(fmt)].join('\n');
}

function markdownTable({ head, body }) {
	const line = (row) => `| ${row.join(' | ')} |`;
	return [line(head), line(head.map((_, i) => (i < 2 ? '---' : '---:'))), ...body.map(line)].join('\n');
}

// The command-line tools: seconds and, for each, its speed over dd's;
// u8validate's speed over each peer's, and over the fastest peer's.
const PEERS = ['isutf8', 'iconv', 'grep', 'python', 'uconv'];
function fileTables(file) {
	if (!file || file.rows.length === 0) return null;
	const byInput = new Map();
	for (const r of file.rows) {
		if (!byInput.has(r.input)) byInput.set(r.input, {});
		byInput.get(r.input)[r.tool] = { s: r.seconds === '' ? null : Number(r.seconds), ok: r.verdict_ok === '1' };
	}
	const tools = [...new Set(file.rows.map((r) => r.tool))];
	const bytes = Number(file.meta['file size'].replace(/[KMG]$/, '')) * { K: 1024, M: 1 << 20, G: 1 << 30 }[file.meta['file size'].slice(-1)];
	const seconds = {
		head: ['input', ...tools],
		body: [...byInput].map(([input, t]) => [input, ...tools.map((name) => (t[name]?.s == null ? 'n/a' : `${t[name].s.toFixed(3)}${t[name].ok ? '' : '!'}`))]),
	};
	const speedup = (t, a, b) => (t[a]?.s && t[b]?.s ? t[b].s / t[a].s : null);
	const ratios = {
		head: ['input', 'u8validate GB/s', ...tools.filter((n) => n !== 'dd').map((n) => `${n}/dd`),
			'u8validate/fastest peer', ...PEERS.filter((p) => tools.includes(p)).map((p) => `u8validate/${p}`)],
		body: [...byInput].map(([input, t]) => {
			const peers = PEERS.filter((p) => t[p]?.s && t[p].ok);
			const fastest = peers.sort((a, b) => t[a].s - t[b].s)[0];
			return [input, t.u8validate?.s ? gbps(bytes / t.u8validate.s / 1e9) : 'n/a',
				...tools.filter((n) => n !== 'dd').map((n) => fixed(speedup(t, n, 'dd'))),
				fastest ? `${fixed(speedup(t, 'u8validate', fastest))} (${fastest})` : '',
				...PEERS.filter((p) => tools.includes(p)).map((p) => fixed(speedup(t, 'u8validate', p)))];
		}),
	};
	return { seconds, ratios, byInput, speedup };
}

// The goals of issue 14, each met or missed, input by input.
function goals(lines, contestants, files) {
	const out = [];
	const newest = simdutfs(contestants)[0];
	const sizes = [...new Set(lines.map((l) => l.size))];
	if (newest) {
		const slow = [];
		const short = [];
		for (const line of lines) {
			const v = ratio(line, newest);
			if (v === null) continue;
			const where = `${line.input} ${sizeName(line.size)} ${v.toFixed(2)}`;
			if (v < 1) slow.push(where);
			if (!isAscii(line.input) && inCache(line.size, sizes) && v < 1.3) short.push(where);
		}
		out.push(`fastest kernel >= 1.0x ${newest} on every input and size: ${slow.length ? `missed (${slow.join('; ')})` : 'met'}`);
		out.push(`fastest kernel >= 1.3x ${newest} on non-ASCII in cache: ${short.length ? `missed (${short.join('; ')})` : 'met'}`);
	}
	if (files) {
		for (const [tool, want] of [['dd', 1.0], ['isutf8', 10], ['grep', 10]]) {
			const miss = [];
			for (const [input, t] of files.byInput) {
				const v = files.speedup(t, 'u8validate', tool);
				if (v !== null && v < want) miss.push(`${input} ${v.toFixed(2)}`);
			}
			out.push(`u8validate >= ${want.toFixed(1)}x ${tool} on every input: ${miss.length ? `missed (${miss.join('; ')})` : 'met'}`);
		}
	}
	return out;
}

// Instructions per 64-byte block: one row per input, one column per kernel.
function instructionTable(counts) {
	if (!counts || counts.rows.length === 0) return null;
	const kernels = [...new Set(counts.rows.map((r) => r.kernel))];
	const inputs = [...new Set(counts.rows.map((r) => r.input))];
	const per64 = (r) => (Number(r.instructions) * 64) / (Number(r.bytes) * Number(r.calls));
	return {
		head: ['input', ...kernels],
		body: inputs.map((input) => [input, ...kernels.map((k) => {
			const r = counts.rows.find((x) => x.kernel === k && x.input === input);
			return r && r.instructions ? per64(r).toFixed(1) : '';
		})]),
	};
}

function main(argv) {
	const arg = (name) => {
		const i = argv.indexOf(name);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const csv = arg('--csv');
	const out = arg('--out') ?? 'docs';
	if (!csv) {
		console.error('usage: node bench/report.mjs --csv KERNELS.csv [--file-csv FILES.csv] [--instructions-csv COUNTS.csv] [--out DIR] [--quiet]');
		process.exit(2);
	}
	const { meta, rows } = readCsv(csv);
	const file = readIf(arg('--file-csv'));
	const counts = readIf(arg('--instructions-csv'));
	const contestants = [...new Set(rows.map((r) => r.contestant))];
	const lines = tableRows(rows);
	const table = grid(lines, contestants);
	const files = fileTables(file);
	const instructions = instructionTable(counts);
	const goal = goals(lines, contestants, files);
	const wrong = rows.filter((r) => r.verdict_ok !== '1' && r.gbps_median !== '');

	const intro = [
		`UTF-8 validation speed, GB/s (1e9 bytes/s): ${meta.method}`,
		`CPU: ${meta.cpu}; ${meta.date}`,
		`command: ${meta.command}`,
	];
	const notes = [
		'best = our fastest kernel forced by name; auto = u8ref_validate_fast (the dispatch); walk = the literal Table 3-7 walk (not at the largest size but on one input); best/X = best over X, side by side in the same run.',
		...(wrong.length ? ['! = wrong verdict (timed, but not a validator on that input): ' +
			wrong.map((r) => `${r.contestant} on ${r.input} ${sizeName(r.size)} said ${r.verdict}, expected ${r.expected}`).join('; ')] : []),
	];
	const fileIntro = file ? [`${file.meta['file size']} files of each input kind in the page cache; ${file.meta.method}.`] : [];
	const uncounted = counts?.meta['not counted'];
	const countNotes = uncounted ? [`Not counted: ${uncounted}.`] : [];
	const fileNotes = ['X/dd = how many times faster than `dd` reading the file (over 1: faster); u8validate/X = how many times faster u8validate is than X. `u8validate` runs with its default -j (every CPU: one file is split among them), `u8validate-j1` on one thread; ! = wrong verdict.'];

	// stdout: for the person who ran the command.
	const print = argv.includes('--quiet') ? () => {} : console.log;
	print([...intro, '', textTable(table), '', ...notes].join('\n'));
	if (files) {
		print(['', ...fileIntro, 'Seconds, median:', textTable(files.seconds), '', textTable(files.ratios), ...fileNotes].join('\n'));
	}
	if (instructions) print(['', 'Instructions per 64-byte block (callgrind, inside the kernel, 512 KiB inputs):', textTable(instructions), ...countNotes].join('\n'));
	print(['', 'Goals (issue 14):', ...goal.map((g) => `  ${g}`)].join('\n'));

	// The files people and machines read.
	mkdirSync(out, { recursive: true });
	const listed = (o) => Object.entries(o).map(([n, v]) => `- \`${n}\`: ${v}`);
	const md = [
		'# Benchmark: UTF-8 validation',
		'',
		`Written by \`${meta.command}\` on ${meta.date}. CPU: ${meta.cpu}.`,
		`GB/s (1e9 bytes/s), ${meta.method}; all contestants sampled in turn in each round.`,
		'',
		'![GB/s per input and contestant](bench.svg)',
		'',
		markdownTable(table),
		'',
		...notes,
		'',
		'## Goals (issue 14)',
		'',
		...goal.map((g) => `- ${g}`),
		'',
		...(files ? ['## u8validate against the command line', '', ...fileIntro, '', 'Seconds, median:', '',
			markdownTable(files.seconds), '', markdownTable(files.ratios), '', ...fileNotes, '', ...listed(file.meta.tools), ''] : []),
		...(instructions ? ['## Instructions per 64-byte block', '', 'Counted by callgrind inside each kernel\'s function, on 512 KiB inputs (ten calls each): a count that repeats where seconds do not.', '',
			markdownTable(instructions), '', ...countNotes, ...(uncounted ? [''] : [])] : []),
		'## Contestants', '', ...listed(meta.contestants), '', '## Inputs', '', ...listed(meta.inputs), '',
	].join('\n');
	writeFileSync(join(out, 'bench.md'), md);
	writeFileSync(join(out, 'bench.svg'), svgPlot(lines, contestants, meta));
	writeFileSync(join(out, 'bench.json'), JSON.stringify({ meta, rows, file, instructions: counts, goals: goal }, null, 1) + '\n');
	copyFileSync(csv, join(out, 'bench.csv'));
	print(`\nreport: ${join(out, 'bench.md')}, bench.svg, bench.json, bench.csv`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
