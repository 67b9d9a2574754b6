// SPDX-License-Identifier: MIT
//
// format.mjs - numbers and sizes as the report and the plot print them.

// "4 KiB", "64 MiB", or bytes.
export function sizeName(n) {
	n = Number(n);
	if (n >= 1 << 20 && n % (1 << 20) === 0) return `${n / (1 << 20)} MiB`;
	if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
	return `${n} B`;
}

// Three significant digits or so: 123, 12.3, 1.23, 0.123.
export function gbps(v) {
	if (v >= 100) return v.toFixed(0);
	if (v >= 10) return v.toFixed(1);
	if (v >= 1) return v.toFixed(2);
	return v.toFixed(3);
}
