/**
 * Writes src/client-contract/<module>.ts for every contract module the main entry exports as a namespace: the
 * browser's view of it (decision 0005). Run `npm run generate:client -w @oj/shared` after changing a contract;
 * src/client.test.ts fails while the files are stale.
 *
 * Each generated module holds, for its contract module:
 * - every endpoint as its metadata (method, path, access, roles, permission, switch, binary, produces, upload),
 *   typed `ClientOf<typeof contract.name>`, so TypeScript knows its input and output and nothing can run a schema;
 * - every value that a zod-free module of src/ exports, re-exported from there (functions the browser needs live
 *   in such a module, and the contract re-exports them);
 * - every other plain-data value (numbers, strings, arrays, objects, regular expressions) as a literal typed
 *   `typeof contract.name`;
 * - all of the contract module's exports as types (`export type *`), so schemas are types, never values.
 * Anything else (schemas, functions defined in the contract module) does not reach the browser.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const OUT_DIR = path.join(SRC, 'client-contract');
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = path.join(REPO, 'node_modules/.bin/biome');

/** The endpoint fields the browser reads, in the order they are written. Any other field fails the generator, so a
 * field added to Endpoint is a decision here too. */
const META_KEYS = [
  'method',
  'path',
  'access',
  'roles',
  'permission',
  'switch',
  'binary',
  'produces',
  'upload',
  'bodyMaxBytes',
  'exam',
];
const SCHEMA_KEYS = ['input', 'output'];

/** Module specifiers a file imports or re-exports as values (`import type` / `export type` do not load anything). */
export const valueImports = (source: string): string[] =>
  [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms)].map(
    (m) => m[1] ?? m[2],
  );

/** The modules directly in src/ whose value imports never reach zod: what the browser may load. */
export const zodFreeModules = (): string[] => {
  const files = fs
    .readdirSync(SRC)
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['index.ts', 'endpoints.ts', 'client.ts'].includes(f),
    );
  const memo = new Map<string, boolean>();
  const zodFree = (file: string, seen: Set<string>): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return true;
    seen.add(file);
    const free = valueImports(fs.readFileSync(file, 'utf8')).every((spec) => {
      if (!spec.startsWith('.')) return false; // zod, or any other package
      return zodFree(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')), seen);
    });
    memo.set(file, free);
    return free;
  };
  return files.filter((f) => zodFree(path.join(SRC, f), new Set())).sort();
};

/** The contract namespaces of the main entry: `export * as <name> from './contract/<file>.js'`. */
export const contractNamespaces = (): { name: string; file: string }[] =>
  [
    ...fs
      .readFileSync(path.join(SRC, 'index.ts'), 'utf8')
      .matchAll(/^export \* as (\w+) from '\.\/contract\/([\w-]+)\.js';/gm),
  ]
    .map((m) => ({ name: m[1], file: m[2] }))
    .sort((a, b) => a.file.localeCompare(b.file));

/** A number, string or boolean written as such (not computed). */
const SIMPLE_LITERAL = String.raw`(?:-?\d[\d_]*(?:\.\d+)?|'[^'\\]*'|"[^"\\]*"|true|false)`;

const isPlainObject = (v: object) => Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;

/** A value as TypeScript source, or null when it is not plain data. */
const literal = (v: unknown): string | null => {
  if (v === null) return 'null';
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? String(v) : null;
  if (typeof v !== 'object') return null;
  if (v instanceof RegExp) return v.toString();
  if (Array.isArray(v)) {
    const items = v.map(literal);
    return items.every((i) => i !== null) ? `[${items.join(', ')}]` : null;
  }
  if (!isPlainObject(v)) return null;
  const fields = Object.entries(v).map(([k, x]) => {
    const value = literal(x);
    return value === null ? null : `${JSON.stringify(k)}: ${value}`;
  });
  return fields.every((f) => f !== null) ? `{ ${fields.join(', ')} }` : null;
};

const isEndpoint = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'access' in v && 'input' in v && 'output' in v;

/** An endpoint's metadata: its fields but the schemas. */
export const metadataOf = (name: string, e: Record<string, unknown>): Record<string, unknown> => {
  const unknown = Object.keys(e).filter((k) => !META_KEYS.includes(k) && !SCHEMA_KEYS.includes(k));
  if (unknown.length > 0) {
    throw new Error(`generate-client: ${name} has fields ${unknown.join(', ')} the generator does not know`);
  }
  return Object.fromEntries(META_KEYS.filter((k) => e[k] !== undefined).map((k) => [k, e[k]]));
};

const HEADER = (file: string) =>
  `// Generated by packages/shared/scripts/generate-client.ts from src/contract/${file}.ts: do not edit.\n` +
  '// Run `npm run generate:client -w @oj/shared` after changing the contract (decision 0005).\n';

/** The generated modules, file name to formatted source. */
export const renderClientContract = async (): Promise<Map<string, string>> => {
  const zodFree = zodFreeModules();
  // Where a value of a zod-free module lives: objects and functions by identity, primitives by name and value.
  const home = new Map<unknown, { module: string; name: string }>();
  const primitiveHome = new Map<string, { module: string; name: string; value: unknown }>();
  for (const f of zodFree) {
    const mod = (await import(pathToFileURL(path.join(SRC, f)).href)) as Record<string, unknown>;
    const module = f.replace(/\.ts$/, '.js');
    for (const [name, value] of Object.entries(mod)) {
      if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
        if (!home.has(value)) home.set(value, { module, name });
      } else if (!primitiveHome.has(name)) {
        primitiveHome.set(name, { module, name, value });
      }
    }
  }
  const homeOf = (name: string, value: unknown) => {
    const primitive = primitiveHome.get(name);
    return home.get(value) ?? (primitive && primitive.value === value ? primitive : undefined);
  };

  const out = new Map<string, string>();
  for (const { file } of contractNamespaces()) {
    const contractFile = path.join(SRC, 'contract', `${file}.ts`);
    const mod = (await import(pathToFileURL(contractFile).href)) as Record<string, unknown>;
    const contractSource = fs.readFileSync(contractFile, 'utf8');
    const reexports = new Map<string, string[]>();
    const consts: string[] = [];
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const from = homeOf(name, value);
      if (from) {
        const list = reexports.get(from.module) ?? [];
        list.push(from.name === name ? name : `${from.name} as ${name}`);
        reexports.set(from.module, list);
      } else if (isEndpoint(value)) {
        consts.push(`export const ${name}: ClientOf<typeof c.${name}> = ${literal(metadataOf(name, value))};`);
      } else {
        const text = literal(value);
        // A constant declared as a bare literal keeps its widening literal type (`useState(COMMENT_PAGE)` is a
        // number state), which no annotation can state: written the same way here. Others take the contract's type.
        const bare = new RegExp(`^export const ${name} = ${SIMPLE_LITERAL};$`, 'm').test(contractSource);
        if (text !== null) consts.push(`export const ${name}${bare ? '' : `: typeof c.${name}`} = ${text};`);
      }
    }
    const usesClientOf = consts.some((line) => line.includes('ClientOf<'));
    const source = [
      HEADER(file),
      ...(usesClientOf ? ["import type { ClientOf } from '../api.js';"] : []),
      `import type * as c from '../contract/${file}.js';`,
      '',
      `export type * from '../contract/${file}.js';`,
      ...[...reexports].map(([m, names]) => `export { ${names.join(', ')} } from '../${m}';`),
      '',
      ...consts,
    ].join('\n');
    out.set(`${file}.ts`, source);
  }
  return format(out);
};

/** Biome's formatting (and import order) of the repository, so the generated files pass `biome check`: one run over
 * a temporary folder. */
const format = (files: Map<string, string>): Map<string, string> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-client-contract-'));
  try {
    for (const [name, text] of files) fs.writeFileSync(path.join(dir, name), text);
    const r = spawnSync(BIOME, ['check', '--write', `--config-path=${REPO}`, dir], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`generate-client: biome failed: ${r.stdout}${r.stderr}`);
    return new Map([...files.keys()].map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

export const CLIENT_CONTRACT_DIR = OUT_DIR;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = await renderClientContract();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const stale of fs.readdirSync(OUT_DIR).filter((f) => !files.has(f))) fs.rmSync(path.join(OUT_DIR, stale));
  for (const [name, text] of files) fs.writeFileSync(path.join(OUT_DIR, name), text);
  console.log(`generate-client: wrote ${files.size} modules to ${path.relative(REPO, OUT_DIR)}`);
}
