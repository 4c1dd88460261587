#!/usr/bin/env node
// The bundle budget (decisions 0038 and 0045): the JavaScript a first visit to /home transfers, as the server sends it,
// at most 200 KB; the build fails above it. The server sends the brotli copy the build wrote next to each script
// (vite.config.ts) to a browser that accepts brotli (every current one, chromium also over plain HTTP), else the gzip
// copy. Counted: the entry chunk and everything it imports statically, transitively, plus the lazy parts /home loads
// at once (HOME_LAZY) with their static imports, from Vite's manifest. bench/page-load.ts measures the same in a
// browser.
import fs from 'node:fs';
import path from 'node:path';

const BUDGET_KB = 200;
/** The split points /home renders on a first visit (src/features/home/home-page.tsx). */
const HOME_LAZY = ['src/features/home/home-widgets.tsx'];
const dist = path.resolve(import.meta.dirname, '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`check-bundle-size: ${manifestPath} is missing; run vite build (build.manifest must be on)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('check-bundle-size: the manifest has no entry chunk');
  process.exit(1);
}
for (const key of HOME_LAZY) {
  if (!manifest[key]) {
    console.error(`check-bundle-size: ${key} is not a chunk of the build; update HOME_LAZY`);
    process.exit(1);
  }
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const [key] of entries) visit(key);
for (const key of HOME_LAZY) visit(key);

const size = (file) => (fs.existsSync(file) ? fs.statSync(file).size : undefined);
let sent = 0;
let gzipped = 0;
let raw = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const full = path.join(dist, file);
  const plain = size(full) ?? 0;
  // The build compresses every script (a copy is left out only when not smaller: a few tiny ones); a script over 1 KB
  // without one means the server would send it uncompressed.
  const br = size(`${full}.br`) ?? plain;
  const gz = size(`${full}.gz`) ?? plain;
  if (plain > 1024 && (br === plain || gz === plain)) {
    console.error(`check-bundle-size: ${file} has no .br or .gz copy; the build's precompress step did not run`);
    process.exit(1);
  }
  sent += br;
  gzipped += gz;
  raw += plain;
  rows.push([file, br, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
const kb = (n) => (n / 1024).toFixed(1);
for (const [file, br, gz] of rows) console.log(`  ${kb(br).padStart(7)} KB br  ${kb(gz).padStart(7)} KB gz  ${file}`);
console.log(
  `First visit to /home: ${kb(sent)} KB of JavaScript sent (brotli; gzip ${kb(gzipped)} KB, uncompressed ` +
    `${kb(raw)} KB) in ${rows.length} files (budget ${BUDGET_KB} KB)`,
);
if (sent / 1024 > BUDGET_KB) {
  console.error(`check-bundle-size: over budget by ${kb(sent - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
