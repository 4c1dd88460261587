import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageName } from '@oj/shared';
import { judgeConfig } from '../config.js';
import { buildCacheRoot } from '../pipeline/build-cache.js';
import { compileProgram } from '../pipeline/compile-program.js';
import { runProgram } from '../pipeline/run-program.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { BWRAP_PATH, sandboxMechanism } from '../sandbox/sandbox.js';
import { LANGUAGES } from './languages.js';
import { stamp, toolchainIdentity } from './toolchain-identity.js';
import { type ResolvedLanguage, resolveLanguageDefinition } from './toolchains.js';

export interface LanguageProbe {
  name: LanguageName;
  available: boolean;
  /** Why the language is not offered (missing toolchain, probe output, left out by the judge's settings). */
  reason?: string;
  /** Left out by OJ_JUDGE_LANGUAGES: not probed. */
  leftOut?: boolean;
  /** Offered without probing: its probe passed before with the same key (probeKey). */
  remembered?: boolean;
  toolchain?: Record<string, string>;
}

const PROBE_LIMITS = { timeLimitMs: 5000, memoryLimitMb: 512, stackLimitMb: 64 };

/**
 * Probes that passed, remembered across starts in `<build cache>/language-probes.json` (shared by the judges of a
 * host, as the rest of the build cache): a language is offered at once, without compiling anything, when what decides
 * its probe is what it was (`probeKey`: its toolchain's identity, its probe program, and the sandbox that ran it).
 * A toolchain upgraded, a sandbox rebuilt or a probe changed makes a new key, so that language is probed again; a
 * failed probe is never remembered. `npm run judge -- doctor` always probes.
 */
const PROBES_FILE = 'language-probes.json';

const probeKey = (language: ResolvedLanguage): string => {
  const mechanism = sandboxMechanism();
  return createHash('sha256')
    .update(
      JSON.stringify({
        identity: toolchainIdentity(language),
        tools: language.tools,
        probe: language.definition.probeSource,
        sandbox: mechanism.native ? mechanism.path : stamp(BWRAP_PATH),
      }),
    )
    .digest('hex');
};

const readRemembered = (): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(join(buildCacheRoot(), PROBES_FILE), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
};

/** Writes the passed probes' keys (by language) whole, through a temporary file renamed into place. */
const remember = (passed: Map<LanguageName, string>) => {
  const remembered = { ...readRemembered(), ...Object.fromEntries(passed) };
  const file = join(buildCacheRoot(), PROBES_FILE);
  mkdirSync(buildCacheRoot(), { recursive: true, mode: 0o711 });
  const staging = `${file}.${randomBytes(6).toString('hex')}`;
  try {
    writeFileSync(staging, `${JSON.stringify(remembered)}\n`, { mode: 0o644 });
    renameSync(staging, file);
  } catch {
    // Only a start's time is lost: the next one probes again.
  }
};

/** Compiles and runs the language's hello world in the sandbox: the toolchain works where submissions run. */
export const probeLanguage = async (name: LanguageName): Promise<LanguageProbe> => {
  const definition = LANGUAGES.find((language) => language.name === name)!;
  const resolution = resolveLanguageDefinition(definition);
  if (!resolution.ok) return { name, available: false, reason: `not installed: ${resolution.missing.join(', ')}` };
  return probeResolved(resolution.language);
};

const probeResolved = async (language: ResolvedLanguage): Promise<LanguageProbe> => {
  const { definition, tools: toolchain } = language;
  const name = definition.name as LanguageName;
  // Never from the compile cache: the probe checks that the toolchain compiles in the sandbox now.
  const compiled = await compileProgram(language, definition.probeSource, {}, undefined, { cache: false });
  if (!compiled.ok) return { name, available: false, reason: `probe does not compile: ${compiled.message}`, toolchain };
  const dir = createRunDir('probe');
  try {
    writeFileSync(join(dir, 'input'), '');
    const run = await runProgram(compiled.program, PROBE_LIMITS, join(dir, 'input'), 1024);
    const output = run.sandbox.stdout.toString('utf8');
    if (run.status !== null || output !== 'hello\n')
      return {
        name,
        available: false,
        reason: `probe failed: status ${run.status} ${run.message} ${run.sandbox.stderr.slice(0, 500)}`.trim(),
        toolchain,
      };
    return { name, available: true, toolchain };
  } finally {
    removeRunDir(dir);
    compiled.program.dispose();
  }
};

let probes: { offered: string; result: Promise<LanguageProbe[]> } | undefined;

/** Every language with its probe result, once per process (again if OJ_JUDGE_LANGUAGES was changed); a language
 * OJ_JUDGE_LANGUAGES leaves out is not probed, one whose probe passed before with the same key is not probed again
 * (unless `fresh`), and the others are probed two at a time. */
export const probeLanguages = (opts: { fresh?: boolean } = {}): Promise<LanguageProbe[]> => {
  const only = judgeConfig().languages;
  const offered = `${only?.join(',') ?? '*'}${opts.fresh ? ':fresh' : ''}`;
  if (probes?.offered !== offered) {
    const names = LANGUAGES.map((language) => language.name);
    const probed = names.filter((name) => !only || only.includes(name));
    const result = (async () => {
      const found = new Map<LanguageName, LanguageProbe>();
      const remembered = opts.fresh ? {} : readRemembered();
      const toProbe: { language: ResolvedLanguage; key: string }[] = [];
      for (const name of probed) {
        const resolution = resolveLanguageDefinition(LANGUAGES.find((language) => language.name === name)!);
        if (!resolution.ok) {
          found.set(name, { name, available: false, reason: `not installed: ${resolution.missing.join(', ')}` });
          continue;
        }
        const key = probeKey(resolution.language);
        if (remembered[name] === key)
          found.set(name, { name, available: true, remembered: true, toolchain: resolution.language.tools });
        else toProbe.push({ language: resolution.language, key });
      }
      const passed = new Map<LanguageName, string>();
      for (let i = 0; i < toProbe.length; i += 2)
        for (const [j, probe] of (
          await Promise.all(toProbe.slice(i, i + 2).map((p) => probeResolved(p.language)))
        ).entries()) {
          found.set(probe.name, probe);
          if (probe.available) passed.set(probe.name, toProbe[i + j].key);
        }
      if (passed.size) remember(passed);
      return names.map(
        (name): LanguageProbe =>
          found.get(name) ?? { name, available: false, leftOut: true, reason: 'left out by OJ_JUDGE_LANGUAGES' },
      );
    })();
    const entry = { offered, result };
    probes = entry;
    result.catch(() => {
      if (probes === entry) probes = undefined;
    });
  }
  return probes.result;
};

/** The language names this judge offers: those whose probe ran in the sandbox. */
export const availableLanguages = async (): Promise<LanguageName[]> =>
  (await probeLanguages()).filter((probe) => probe.available).map((probe) => probe.name);
