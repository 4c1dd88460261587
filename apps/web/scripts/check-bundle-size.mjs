#!/usr/bin/env node
// The bundle budget of DESIGN §5: the JavaScript a first visit to /home downloads (the entry chunk and
// everything it imports statically, transitively) must stay under 300 KB gzipped. Reads Vite's manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 300;
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

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const [key] of entries) visit(key);

let total = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = total / 1024;
console.log(`First visit to /home: ${kb.toFixed(1)} KB of JavaScript gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`check-bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
