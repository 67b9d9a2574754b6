// SPDX-License-Identifier: MIT
//
// report.mjs - turns u8bench's CSV (and scripts/bench's large-file CSV)
// into what people read: the table on stdout, OUT/bench.md, the plot
// OUT/bench.svg, and OUT/bench.json and OUT/bench.csv for machines.
//
// usage: node bench/report.mjs --csv KERNELS.csv [--file-csv FILE.csv] [--out DIR]
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gbps, sizeName } from './format.mjs';
import { svgPlot } from './plot.mjs';

// Lines of '# key: value', then a CSV header and rows without quoting.
function readCsv(path) {
	const meta = { contestants: {}, inputs: {} };
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
			else meta[key] = value;
		} else if (line.trim() !== '') {
			const fields = line.split(',');
			if (header === null) header = fields;
			else rows.push(Object.fromEntries(header.map((h, i) => [h, fields[i]])));
		}
	}
	return { meta, rows };
}

// The best of our kernels, each forced by name: not the dispatch, not the walk.
const isKernel = (r) => r.group === 'ours' && r.contestant !== 'auto' && r.contestant !== 'walk';

// Rows of the table: one per input and size, in the CSV's order.
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
	return [...lines.values()];
}

function ratio(line, other) {
	const c = line.cells[other];
	if (!line.best || !c || c.gbps === null || !c.ok) return null;
	return line.best.gbps / c.gbps;
}

// Headings and cells of the whole table, as strings.
function grid(lines, contestants) {
	const simd = contestants.filter((c) => c.startsWith('simdutf'));
	const head = ['input', 'size', ...contestants, 'best', ...simd.map((s) => `best/${s}`), 'best/memread'];
	const body = lines.map((line) => {
		const cells = contestants.map((name) => {
			const c = line.cells[name];
			if (!c) return '';
			if (c.gbps === null) return 'n/a';
			return gbps(c.gbps) + (c.ok ? '' : '!');
		});
		const r = (other) => {
			const v = ratio(line, other);
			return v === null ? '' : v.toFixed(2);
		};
		return [line.input, sizeName(line.size), ...cells, line.best ? line.best.name : '',
			...simd.map(r), r('memread')];
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

// Where the speed goal of issue 6 is missed: slower than simdutf, or
// under 0.8x the memory-read baseline on ASCII.
function misses(lines, contestants) {
	const out = [];
	for (const line of lines) {
		const where = `${line.input} ${sizeName(line.size)}`;
		if (!line.best) continue;
		for (const s of contestants.filter((c) => c.startsWith('simdutf'))) {
			const v = ratio(line, s);
			if (v !== null && v < 1)
				out.push(`${where}: best kernel (${line.best.name}) ${gbps(line.best.gbps)} GB/s is ${v.toFixed(2)}x ${s} (${gbps(line.cells[s].gbps)} GB/s)`);
		}
		const m = ratio(line, 'memread');
		if (line.input === 'ascii' && m !== null && m < 0.8)
			out.push(`${where}: best kernel (${line.best.name}) is ${m.toFixed(2)}x the memory-read baseline (goal 0.8x)`);
	}
	return out;
}

// The large-file half: one row per tool, seconds median and exit status.
function fileSection(file) {
	if (!file) return null;
	const size = Number(file.meta.bytes);
	const rows = file.rows.map((r) => {
		const s = r.seconds === '' ? null : Number(r.seconds);
		return [r.tool, r.command, s === null ? 'n/a' : s.toFixed(3), s === null ? '' : gbps(size / s / 1e9), r.status];
	});
	const lib = file.rows.find((r) => r.tool === 'library');
	const u8v = file.rows.find((r) => r.tool === 'u8validate');
	let verdict = 'u8validate was not built: not measured';
	if (lib && u8v && u8v.seconds !== '') {
		const v = Number(u8v.seconds) / Number(lib.seconds);
		verdict = `u8validate / library call: ${v.toFixed(2)} (goal <= 1.5: ${v <= 1.5 ? 'met' : 'missed'})`;
	}
	return { head: ['tool', 'command', 'seconds', 'GB/s', 'exit'], body: rows, verdict, meta: file.meta };
}

function main(argv) {
	const arg = (name) => {
		const i = argv.indexOf(name);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const csv = arg('--csv');
	const out = arg('--out') ?? 'docs';
	if (!csv) {
		console.error('usage: node bench/report.mjs --csv KERNELS.csv [--file-csv FILE.csv] [--out DIR]');
		process.exit(2);
	}
	const { meta, rows } = readCsv(csv);
	const filePath = arg('--file-csv');
	const file = filePath && existsSync(filePath) ? readCsv(filePath) : null;
	const contestants = [...new Set(rows.map((r) => r.contestant))];
	const lines = tableRows(rows);
	const table = grid(lines, contestants);
	const goal = misses(lines, contestants);
	const files = fileSection(file);
	const wrong = rows.filter((r) => r.verdict_ok !== '1' && r.gbps_median !== '');

	const intro = [
		`UTF-8 validation speed, GB/s (1e9 bytes/s): ${meta.method}`,
		`CPU: ${meta.cpu}; ${meta.date}`,
		`command: ${meta.command}`,
	];
	const notes = [
		'best = our fastest kernel forced by name; auto = u8ref_validate_fast (the dispatch); walk = the literal Table 3-7 walk (4 KiB and one large input only).',
		...(wrong.length ? ['! = wrong verdict (timed, but not a validator on that input): ' +
			wrong.map((r) => `${r.contestant} on ${r.input} ${sizeName(r.size)} said ${r.verdict}, expected ${r.expected}`).join('; ')] : []),
	];
	const goalText = goal.length ? goal : ['none: the best kernel is at least as fast as simdutf everywhere, and >= 0.8x memread on ASCII'];

	// stdout: for the person who ran the command.
	console.log([...intro, '', textTable(table), '', ...notes].join('\n'));
	console.log(['', 'Speed goal missed (issue 6):', ...goalText.map((g) => `  ${g}`)].join('\n'));
	if (files) {
		console.log(`\nLarge file: ${files.meta.file}`);
		console.log(textTable({ head: files.head, body: files.body }));
		console.log(files.verdict);
	}

	// The files people and machines read.
	mkdirSync(out, { recursive: true });
	const versions = Object.entries(meta.contestants).map(([n, v]) => `- \`${n}\`: ${v}`);
	const inputs = Object.entries(meta.inputs).map(([n, v]) => `- \`${n}\`: ${v}`);
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
		'Speed goal missed (issue 6):',
		'',
		...goalText.map((g) => `- ${g}`),
		'',
		...(files ? [`## Large file`, '', `${files.meta.file}`, '', markdownTable({ head: files.head, body: files.body }), '', files.verdict, ''] : []),
		'## Contestants', '', ...versions, '', '## Inputs', '', ...inputs, '',
	].join('\n');
	writeFileSync(join(out, 'bench.md'), md);
	writeFileSync(join(out, 'bench.svg'), svgPlot(lines, contestants, meta));
	writeFileSync(join(out, 'bench.json'), JSON.stringify({ meta, rows, file, goal_missed: goal }, null, 1) + '\n');
	copyFileSync(csv, join(out, 'bench.csv'));
	console.log(`\nreport: ${join(out, 'bench.md')}, bench.svg, bench.json, bench.csv`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
