import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CHECKER_LANGUAGE, LANGUAGES, type LanguageDefinition } from './languages.js';

export interface ResolvedLanguage {
  definition: LanguageDefinition;
  /** Tool name -> absolute path with symlinks resolved. */
  tools: Record<string, string>;
  /** Host paths to bind read-only besides the base system. */
  systemPaths: string[];
}

export type LanguageResolution = { ok: true; language: ResolvedLanguage } | { ok: false; missing: string[] };

/** `/etc/java-` style prefixes match every entry that starts with them; anything else must exist as is. */
const expandSystemPath = (path: string): string[] => {
  if (!path.endsWith('-') && existsSync(path)) return [path];
  const parent = dirname(path);
  if (!existsSync(parent)) return [];
  const prefix = basename(path);
  return readdirSync(parent)
    .filter((entry) => entry.startsWith(prefix))
    .map((entry) => join(parent, entry));
};

const cache = new Map<string, LanguageResolution>();

export const resolveLanguageDefinition = (definition: LanguageDefinition): LanguageResolution => {
  const tools: Record<string, string> = {};
  const missing: string[] = [];
  const systemPaths = new Set<string>();
  for (const [tool, candidates] of Object.entries(definition.tools)) {
    const found = candidates.find((candidate) => existsSync(candidate));
    if (!found) {
      missing.push(candidates[0]);
      continue;
    }
    const resolved = realpathSync(found);
    tools[tool] = resolved;
    // A toolchain outside /usr (e.g. /opt/jdk/bin/java) needs its whole prefix.
    if (!resolved.startsWith('/usr/')) systemPaths.add(dirname(dirname(resolved)));
  }
  if (missing.length > 0) return { ok: false, missing };
  for (const path of definition.systemPaths ?? [])
    for (const expanded of expandSystemPath(path)) systemPaths.add(expanded);
  return { ok: true, language: { definition, tools, systemPaths: [...systemPaths] } };
};

export const findLanguageDefinition = (name: string): LanguageDefinition | undefined =>
  LANGUAGES.find((language) => language.name === name);

export const resolveLanguage = (name: string): LanguageResolution => {
  const cached = cache.get(name);
  if (cached) return cached;
  const definition = findLanguageDefinition(name);
  const resolution: LanguageResolution = definition
    ? resolveLanguageDefinition(definition)
    : { ok: false, missing: [`unknown language "${name}"`] };
  cache.set(name, resolution);
  return resolution;
};

export const resolveCheckerLanguage = (): LanguageResolution => resolveLanguageDefinition(CHECKER_LANGUAGE);

/** Fills `{tool}`, `{memoryMb}` and `{stackMb}` placeholders of an argv template. */
export const fillArgv = (
  template: readonly string[],
  language: ResolvedLanguage,
  values: Record<string, string | number> = {},
): string[] =>
  template.map((part) =>
    part.replace(/\{(\w+)\}/g, (whole, key: string) => {
      if (key in language.tools) return language.tools[key];
      if (key in values) return String(values[key]);
      return whole;
    }),
  );

/** Debian package that provides each language's toolchain, for the doctor's advice. */
export const APT_PACKAGES: Record<string, string> = {
  C: 'gcc',
  'C++': 'g++',
  Java: 'default-jdk-headless',
  Python3: 'python3',
  Python2: 'python2 (not packaged on Debian 12: install a python2.7 build at /usr/bin/python2)',
  PyPy3: 'pypy3',
  Golang: 'golang-go',
  'JavaScript Node': 'nodejs',
  Rust: 'rustc',
};

export const aptPackageFor = (name: string): string =>
  APT_PACKAGES[name] ?? APT_PACKAGES[name.startsWith('C++') ? 'C++' : name.startsWith('C') ? 'C' : name] ?? '';
