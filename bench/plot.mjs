// SPDX-License-Identifier: MIT
//
// plot.mjs - the benchmark as an SVG a person can look at: one panel per
// input size, a group of horizontal bars per input, one bar per
// contestant, on a log scale (the contestants span three decades).
// Written by hand: no plotting library to install.
import { gbps, sizeName } from './format.mjs';

// Ours in blues (the walk palest), simdutf orange, the other peers in
// greens and purples, the baseline grey.
const COLORS = {
	scalar: '#9ecae1', sse4: '#6baed6', avx2: '#3182bd', avx512: '#08519c', auto: '#08306b',
	walk: '#c6dbef', icu: '#31a354',
	glib: '#74c476', unistring: '#a1d99b', utf8proc: '#756bb1', iconv: '#bcbddc', memread: '#636363',
};
const SPARE = ['#e7ba52', '#ad494a', '#8ca252', '#d6616b'];
// simdutf in oranges, newest (first in the table) darkest.
const SIMDUTF = ['#e6550d', '#fd8d3c', '#fdae6b', '#fdd0a2'];

const BAR = 9; // bar height
const STEP = 11; // bar pitch
const GROUP_GAP = 16;
const LABEL = 90; // input names, left of each panel
const PLOT = 420; // width of the bars' area
const PANEL = LABEL + PLOT + 60;
const TOP = 96;

// 0.01, 0.1, 1, 10, 100: a decade as people write it.
const decade = (v) => (v < 1 ? v.toFixed(Math.round(-Math.log10(v))) : v.toFixed(0));
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function svgPlot(lines, contestants, meta) {
	const simd = contestants.filter((c) => c.startsWith('simdutf'));
	const color = (name, i) =>
		COLORS[name] ?? (name.startsWith('simdutf') ? SIMDUTF[simd.indexOf(name) % SIMDUTF.length] : SPARE[i % SPARE.length]);
	const values = lines.flatMap((l) => Object.values(l.cells).map((c) => c.gbps)).filter((v) => v > 0);
	const lo = Math.pow(10, Math.floor(Math.log10(Math.min(...values))));
	const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...values))));
	const x = (v) => LABEL + (PLOT * Math.log10(v / lo)) / Math.log10(hi / lo);
	const sizes = [...new Set(lines.map((l) => l.size))].sort((a, b) => b - a);
	const inputs = [...new Set(lines.map((l) => l.input))];
	const groupHeight = contestants.length * STEP + GROUP_GAP;
	const height = TOP + inputs.length * groupHeight + 40;
	const width = sizes.length * PANEL + 20;
	const out = [];

	out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`);
	out.push(`<rect width="100%" height="100%" fill="white"/>`);
	out.push(`<text x="10" y="20" font-size="15" font-weight="bold">UTF-8 validation speed, GB/s (log scale; longer is faster)</text>`);
	out.push(`<text x="10" y="38">${esc(meta.cpu)}; ${esc(meta.date)}; ${esc(meta.method)}; ! = wrong verdict</text>`);
	// The legend: one swatch per contestant, in table order.
	contestants.forEach((name, i) => {
		const lx = 10 + (i % 8) * 130;
		const ly = 52 + Math.floor(i / 8) * 16;
		out.push(`<rect x="${lx}" y="${ly}" width="12" height="10" fill="${color(name, i)}"/>`);
		out.push(`<text x="${lx + 16}" y="${ly + 9}">${esc(name)}</text>`);
	});
	sizes.forEach((size, p) => {
		const left = 10 + p * PANEL;
		const bottom = TOP + inputs.length * groupHeight;
		out.push(`<g transform="translate(${left},0)">`);
		out.push(`<text x="${LABEL}" y="${TOP - 6}" font-weight="bold">${sizeName(size)} inputs</text>`);
		// Decade lines, labelled under the panel.
		for (let v = lo; v <= hi * 1.001; v *= 10) {
			out.push(`<line x1="${x(v)}" y1="${TOP}" x2="${x(v)}" y2="${bottom}" stroke="#ccc"/>`);
			out.push(`<text x="${x(v)}" y="${bottom + 14}" text-anchor="middle">${decade(v)}</text>`);
		}
		out.push(`<text x="${LABEL + PLOT / 2}" y="${bottom + 30}" text-anchor="middle">GB/s</text>`);
		inputs.forEach((input, g) => {
			const line = lines.find((l) => l.input === input && l.size === size);
			const top = TOP + g * groupHeight;
			out.push(`<text x="${LABEL - 6}" y="${top + (contestants.length * STEP) / 2}" text-anchor="end" font-weight="bold">${esc(input)}</text>`);
			contestants.forEach((name, i) => {
				const c = line?.cells[name];
				const y = top + i * STEP;
				if (!c) return;
				if (c.gbps === null || c.gbps <= 0) {
					out.push(`<text x="${LABEL + 2}" y="${y + BAR - 1}" font-size="9">${esc(name)}: n/a</text>`);
					return;
				}
				const w = Math.max(1, x(c.gbps) - LABEL);
				const stroke = c.ok ? '' : ' stroke="#d00" stroke-width="1.5" stroke-dasharray="3,2"';
				out.push(`<rect x="${LABEL}" y="${y}" width="${w.toFixed(1)}" height="${BAR}" fill="${color(name, i)}"${stroke}><title>${esc(name)}: ${gbps(c.gbps)} GB/s</title></rect>`);
				out.push(`<text x="${LABEL + w + 3}" y="${y + BAR - 1}" font-size="9">${gbps(c.gbps)}${c.ok ? '' : '!'} ${esc(name)}</text>`);
			});
		});
		out.push('</g>');
	});
	out.push('</svg>');
	return out.join('\n') + '\n';
}
