// SPDX-License-Identifier: MIT
// page_test.mjs PAGE.html REPORT_INDEX SCREENSHOT.png - an HTML report
// (conformance/src/report/page.html filled in) in a real browser:
// Debian's chromium, driven by playwright-core from support/browser.
//
// The truth is the JSON embedded in PAGE.html, parsed here from the file
// itself, never through the page's own script: the test compares what the
// browser shows (the matrix's DOM, the byte map's pixels, the detail
// panel after a real mouse click) to that JSON.  Any console error or
// warning, page error or network request fails the run.  One line per
// check (ok / FAIL), then "N passed, N failed"; exit status 1 on any FAIL,
// 2 on a usage error.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../../support/browser/package.json'));
const { chromium } = require('playwright-core');

const CHROMIUM = '/usr/bin/chromium';
const COLUMNS = 257, ROWS = 256;
// What each verdict looks like in a matrix cell (page.html's promise).
const GLYPHS = { pass: '\u2713', info: 'i', warn: '!', fail: '\u2717', skipped: '\u00b7', untested: '\u00b7' };
const DEPARTING = new Set(['info', 'warn', 'fail']);

if (process.argv.length !== 5 || !/^\d+$/.test(process.argv[3])) {
	console.error('usage: page_test.mjs PAGE.html REPORT_INDEX SCREENSHOT.png');
	process.exit(2);
}
const [pagePath, indexText, shotPath] = process.argv.slice(2);
const idx = Number(indexText);

let passed = 0, failed = 0;
function ok(cond, what, why) {
	if (cond) {
		passed++;
		console.log('ok   ' + what);
	} else {
		failed++;
		console.log('FAIL ' + what + (why ? ': ' + why : ''));
	}
	return cond;
}
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1) + ' s';

// The data, out of the file: the one script element u8c-data.  Its producers
// write every "<" as \u003c, so the first "</script>" after it is its end.
const html = readFileSync(pagePath, 'utf8');
const blocks = [...html.matchAll(/<script id="u8c-data" type="application\/json">([\s\S]*?)<\/script>/g)];
let data = null;
try {
	data = blocks.length === 1 ? JSON.parse(blocks[0][1]) : null;
} catch (e) {
	data = null;
}
if (!ok(data && Array.isArray(data.reports) && idx < data.reports.length,
	`the page embeds one JSON object with report ${idx} (${html.length} bytes)`,
	blocks.length !== 1 ? blocks.length + ' u8c-data elements' : 'not JSON, or no such report')) {
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(1);
}
const report = data.reports[idx];
const decoder = (Array.isArray(data.decoders) && data.decoders[idx]) || {};

const browser = await chromium.launch({
	executablePath: CHROMIUM,
	// Chromium refuses to run as root inside its own sandbox.
	args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
});
const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
const noise = [];
// The page promises to need no network: every request but the file itself fails.
const pageUrl = pathToFileURL(path.resolve(pagePath)).href;
await context.route('**/*', (route) => {
	const url = route.request().url();
	if (url === pageUrl || url.startsWith('data:'))
		return route.continue();
	noise.push('request ' + url);
	return route.abort();
});
const page = await context.newPage();
page.setDefaultTimeout(5000); // a click that cannot happen fails now, not in 30 s
page.on('console', (msg) => {
	if (msg.type() === 'error' || msg.type() === 'warning')
		noise.push(`console ${msg.type()}: ${msg.text()}`);
});
page.on('pageerror', (err) => noise.push('page error: ' + err.message));

try {
	await page.goto(pageUrl, { waitUntil: 'load' });
	ok(true, `loaded ${path.basename(pagePath)} from file:// (${secs()})`);
	await checkMatrix();
	await checkMap();
	await checkMatrixClick();
	const shot = await page.screenshot({ path: shotPath, fullPage: true });
	ok(shot.length > 0 && statSync(shotPath).size > 0, `full-page screenshot ${shotPath} (${shot.length} bytes)`);
} catch (e) {
	ok(false, 'the test ran to its end', String(e.message || e).split('\n')[0]);
}
ok(noise.length === 0, 'no console error or warning, page error or network request', noise.slice(0, 5).join('; '));
await browser.close();
console.log(`${passed} passed, ${failed} failed (${secs()})`);
process.exit(failed ? 1 : 0);

/* (a) each matrix cell of the report shows the verdict its JSON says */
async function checkMatrix() {
	// The columns: every check any report has.
	const ids = [...new Set(data.reports.flatMap((r) => (r.checks || []).map((c) => c.id)))];
	const want = new Map(ids.map((id) => {
		const c = (report.checks || []).find((x) => x.id === id);
		return [id, c ? c.verdict : (report.skipped || []).includes(id) ? 'skipped' : 'untested'];
	}));
	const cells = await page.$$eval(`td[data-report="${idx}"][data-check]`, (tds) => tds.map((td) => ({
		check: td.dataset.check, verdict: td.dataset.verdict, text: td.textContent.trim(),
		visible: td.checkVisibility(),
	})));
	const wrong = [];
	const got = new Map();
	for (const c of cells) {
		if (got.has(c.check))
			wrong.push(c.check + ' twice');
		got.set(c.check, c);
	}
	for (const [id, v] of want) {
		const c = got.get(id);
		if (!c)
			wrong.push(id + ' missing');
		else if (c.verdict !== v || c.text !== (GLYPHS[v] || '?'))
			wrong.push(`${id}: shows ${c.verdict} "${c.text}", JSON says ${v}`);
		else if (DEPARTING.has(v) && !c.visible)
			wrong.push(`${id}: ${v} but hidden`);
	}
	for (const id of got.keys())
		if (!want.has(id))
			wrong.push(id + ' is no check of any report');
	const tally = {};
	for (const v of want.values())
		tally[v] = (tally[v] || 0) + 1;
	ok(wrong.length === 0 && cells.length === ids.length,
		`matrix: the ${cells.length} cells of report ${idx} show the JSON's verdicts (${JSON.stringify(tally)}), departures visible`,
		wrong.slice(0, 5).join('; ') + ` (${cells.length} cells, ${ids.length} checks)`);

	// The row sits under a group header that names it.
	const name = [decoder.language, decoder.library, decoder.version].filter((x) => x).join(' ') ||
		report.target || report.path;
	const header = await page.evaluate((i) => {
		let tr = document.querySelector(`tr[data-report="${i}"]`);
		while (tr && !tr.classList.contains('group'))
			tr = tr.previousElementSibling;
		return tr ? tr.textContent : '';
	}, idx);
	ok(header.includes(name), `matrix: report ${idx}'s group header names "${name}"`, `header "${header}"`);
}

/* (b) the byte map, read back pixel by pixel, is byte_map.cells */
async function checkMap() {
	const map = report.byte_map;
	const ncanvas = await page.locator(`canvas[data-report="${idx}"]`).count();
	if (!map) {
		ok(ncanvas === 0, `byte map: report ${idx} has none, and no canvas is drawn for it`);
		return;
	}
	if (!ok(ncanvas === 1 && typeof map.cells === 'string' && map.cells.length === ROWS * COLUMNS,
		`byte map: one canvas for report ${idx}, ${ROWS} x ${COLUMNS} cells in the JSON`))
		return;
	// One getImageData for the whole canvas: the colour at each cell's centre,
	// and whether every pixel of the cell has it (solid, no smoothing).
	const read = await page.evaluate((i) => {
		const canvas = document.querySelector(`canvas[data-report="${i}"]`);
		const px = Number(canvas.dataset.cellPx);
		const w = canvas.width, h = canvas.height;
		const d = canvas.getContext('2d').getImageData(0, 0, w, h).data;
		const centre = [], notSolid = [];
		const at = (x, y) => { const o = (y * w + x) * 4; return d[o] << 24 | d[o + 1] << 16 | d[o + 2] << 8 | d[o + 3]; };
		for (let row = 0; row < 256 && w === 257 * px && h === 256 * px; row++)
			for (let col = 0; col < 257; col++) {
				const c = at(col * px + (px >> 1), row * px + (px >> 1));
				centre.push(c);
				for (let y = row * px; y < (row + 1) * px; y++)
					for (let x = col * px; x < (col + 1) * px; x++)
						if (at(x, y) !== c)
							notSolid.push(row * 257 + col);
			}
		return { px, w, h, centre, notSolid: [...new Set(notSolid)], colours: window.u8cColours };
	}, idx);
	ok(Number.isInteger(read.px) && read.px > 0 && read.w === COLUMNS * read.px && read.h === ROWS * read.px,
		`byte map: data-cell-px ${read.px}, canvas ${read.w} x ${read.h}`);
	const colours = read.colours || {};
	const known = '.-farposb';
	const distinct = new Set([...known].map((l) => colours[l]));
	ok([...known].every((l) => /^#[0-9a-f]{6}$/i.test(colours[l] || '')) && distinct.size === known.length,
		`byte map: window.u8cColours gives ${known.length} distinct #rrggbb colours for ${known}`);
	const toLetter = new Map(Object.entries(colours).reverse().map(([l, c]) => [parseInt(c.slice(1), 16), l]));
	const rgbaOf = (hex) => (parseInt(hex.slice(1), 16) << 8 | 255) >>> 0;
	const bad = [];
	for (let k = 0; k < ROWS * COLUMNS && read.centre.length === ROWS * COLUMNS; k++) {
		const want = map.cells[k];
		const pixel = read.centre[k] >>> 0;
		// A letter the page does not know shares the neutral colour: compare colours, not letters.
		if (!colours[want] || pixel !== rgbaOf(colours[want])) {
			const seen = (pixel & 255) === 255 ? toLetter.get(pixel >>> 8) : undefined;
			bad.push(`${cellName(k)}: ${want} drawn as ${seen || '#' + (pixel >>> 8).toString(16).padStart(6, '0')}`);
		}
	}
	const counts = {};
	for (const ch of map.cells)
		counts[ch] = (counts[ch] || 0) + 1;
	ok(read.centre.length === ROWS * COLUMNS && bad.length === 0,
		`byte map: the ${read.centre.length} cells read back from the canvas equal byte_map.cells (${JSON.stringify(counts)})`,
		bad.slice(0, 5).join('; ') + (bad.length > 5 ? ` and ${bad.length - 5} more` : ''));
	ok(read.notSolid.length === 0, `byte map: every cell is a solid ${read.px} x ${read.px} square`,
		read.notSolid.slice(0, 5).map(cellName).join(', '));

	// (c) real mouse clicks: the first departing cell, and the first that agrees.
	const departing = [...map.cells].findIndex((ch) => ch !== '.' && ch !== '-');
	const agreeing = map.cells.indexOf('.');
	if (departing < 0)
		ok(report.verdict !== 'fail' || !(report.checks || []).some((c) => c.verdict === 'fail' && !c.id.startsWith('encode/')),
			'byte map: no departing cell to click, and the report fails no decoding check');
	else
		await clickCell(read.px, departing, map);
	ok(agreeing >= 0, 'byte map: a cell that agrees with Table 3-7 to click') && await clickCell(read.px, agreeing, map);
}

function cellName(k) {
	const hex = (b) => b.toString(16).toUpperCase().padStart(2, '0');
	const row = Math.floor(k / COLUMNS), col = k % COLUMNS;
	return col === 256 ? hex(row) : hex(row) + ' ' + hex(col);
}

function quoted(s) {
	return "'" + String(s).replace(/'/g, "'\\''") + "'";
}

// The replay input as --input takes it: the stream's chunks split by "|".
function replayInput(ex) {
	const bytes = String(ex.input).split(' ');
	if (!Array.isArray(ex.chunks) || ex.chunks.reduce((a, b) => a + b, 0) !== bytes.length)
		return ex.input;
	let at = 0;
	return ex.chunks.map((n) => bytes.slice(at, at += n).join(' ')).join('|');
}

async function clickCell(px, k, map) {
	const key = cellName(k), letter = map.cells[k];
	const row = Math.floor(k / COLUMNS), col = k % COLUMNS;
	const canvas = page.locator(`canvas[data-report="${idx}"]`);
	// Bring the cell's row to the middle of the viewport, then click its centre.
	await page.evaluate(([i, y]) => {
		const c = document.querySelector(`canvas[data-report="${i}"]`);
		window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY + y - window.innerHeight / 2);
	}, [idx, row * px]);
	const box = await canvas.boundingBox();
	const cell = box.width / COLUMNS;
	const x = box.x + (col + 0.5) * cell, y = box.y + (row + 0.5) * (box.height / ROWS);
	await page.mouse.move(x, y);
	const tip = await page.locator('#u8c-tip').evaluate((t) => (t.hidden ? '' : t.textContent));
	ok(tip.startsWith(key + ' ') && tip.includes(letter), `byte map: hovering ${key} shows a tooltip naming it`, `tooltip "${tip}"`);
	await page.mouse.click(x, y);
	const shown = await detailFields();
	const title = (map.legend && map.legend[letter]) || '';
	const ex = map.examples && map.examples[key];
	// field: [what it must hold, exactly (=) or within (~)]
	const want = { bytes: ['~', key], class: ['~', title] };
	if (ex) {
		Object.assign(want, { check: ['=', ex.check], input: ['=', ex.input], expected: ['=', ex.expected],
			got: ['=', ex.got] });
		want.replay = ['=', `u8conform --input ${quoted(replayInput(ex))} ` +
			(report.exec ? '--exec ' + quoted(report.path) : /^[\w./+:=-]+$/.test(report.path) ? report.path : quoted(report.path))];
	} else if (letter !== '.' && letter !== '-') {
		ok(false, `byte map: departing cell ${key} (${letter}) has an example in the JSON`);
	}
	const wrong = compareFields(shown, want);
	ok(wrong.length === 0,
		`byte map: a click on ${key} (${letter}${ex ? ', ' + ex.check + ' on ' + ex.input : ''}) shows it in #u8c-detail`,
		wrong.join('; '));
}

// The detail panel's fields by name (data-field), as the user sees them.
function detailFields() {
	return page.locator('#u8c-detail [data-field]').evaluateAll((els) =>
		Object.fromEntries(els.map((e) => [e.dataset.field, e.innerText.trim()])));
}

function compareFields(shown, want) {
	const wrong = [];
	for (const [field, [how, text]] of Object.entries(want))
		if (text && !(how === '=' ? shown[field] === text : (shown[field] || '').includes(text)))
			wrong.push(`${field}: shows ${JSON.stringify(shown[field])}, want ${how === '=' ? '' : 'within it '}${JSON.stringify(text)}`);
	return wrong;
}

/* A click on the report's first departing matrix cell shows its counterexample. */
async function checkMatrixClick() {
	// A check documented as design when there is one: its link is shown too.
	const clickable = (report.checks || []).filter((x) => DEPARTING.has(x.verdict) && x.counterexample);
	const c = clickable.find((x) => decoder.documented && decoder.documented[x.id]) || clickable[0];
	if (!c) {
		ok(!(report.checks || []).some((x) => DEPARTING.has(x.verdict)),
			'matrix: no departing check with a counterexample to click, and none departs');
		return;
	}
	await page.locator(`td[data-report="${idx}"][data-check="${c.id}"]`).click();
	const ex = c.counterexample;
	const wrong = compareFields(await detailFields(),
		{ check: ['=', c.id], input: ['=', ex.input], expected: ['=', ex.expected], got: ['=', ex.got] });
	const doc = decoder.documented && decoder.documented[c.id];
	const text = await page.locator('#u8c-detail').innerText();
	for (const w of doc ? ['Documented as design', doc.why] : [])
		if (w && !text.includes(w))
			wrong.push(`no ${JSON.stringify(w)}`);
	ok(wrong.length === 0, `matrix: a click on ${c.id} (${c.verdict}) shows its counterexample ${ex.input}` +
		(doc ? ' and that it is documented as design' : ''), wrong.join('; '));
	if (doc && /^https?:\/\//.test(doc.doc || ''))
		ok(await page.locator('#u8c-detail a').evaluateAll((as, u) => as.some((a) => a.href === u), doc.doc),
			`matrix: the documentation link ${doc.doc} is in #u8c-detail`);

	// The toggle shows the folded checks (those every decoder passes).
	const folded = page.locator(`td.folded[data-report="${idx}"]`);
	const nfolded = await folded.count();
	if (nfolded > 0) {
		const before = await folded.first().isVisible();
		await page.locator('#u8c-show-all').click();
		const after = await folded.first().isVisible();
		await page.locator('#u8c-show-all').click();
		ok(!before && after, `matrix: ${nfolded} folded checks hidden, shown by the toggle`);
	}
}
