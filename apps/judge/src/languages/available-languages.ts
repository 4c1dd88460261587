import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageName } from '@oj/shared';
import { judgeConfig } from '../config.js';
import { compileProgram } from '../pipeline/compile-program.js';
import { runProgram } from '../pipeline/run-program.js';
import { createRunDir, removeRunDir } from '../sandbox/run-dirs.js';
import { LANGUAGES } from './languages.js';
import { resolveLanguageDefinition } from './toolchains.js';

export interface LanguageProbe {
  name: LanguageName;
  available: boolean;
  /** Why the language is not offered (missing toolchain, probe output, left out by the judge's settings). */
  reason?: string;
  /** Left out by OJ_JUDGE_LANGUAGES: not probed. */
  leftOut?: boolean;
  toolchain?: Record<string, string>;
}

const PROBE_LIMITS = { timeLimitMs: 5000, memoryLimitMb: 512, stackLimitMb: 64 };

/** Compiles and runs the language's hello world in the sandbox: the toolchain works where submissions run. */
export const probeLanguage = async (name: LanguageName): Promise<LanguageProbe> => {
  const definition = LANGUAGES.find((language) => language.name === name)!;
  const resolution = resolveLanguageDefinition(definition);
  if (!resolution.ok) return { name, available: false, reason: `not installed: ${resolution.missing.join(', ')}` };
  const toolchain = resolution.language.tools;
  // Never from the compile cache: the probe checks that the toolchain compiles in the sandbox now.
  const compiled = await compileProgram(resolution.language, definition.probeSource, {}, undefined, { cache: false });
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

/** Every language with its probe result, probed once per process (again if OJ_JUDGE_LANGUAGES was changed), two at
 * a time; a language OJ_JUDGE_LANGUAGES leaves out is not probed. */
export const probeLanguages = (): Promise<LanguageProbe[]> => {
  const only = judgeConfig().languages;
  const offered = only?.join(',') ?? '*';
  if (probes?.offered !== offered) {
    const names = LANGUAGES.map((language) => language.name);
    const probed = names.filter((name) => !only || only.includes(name));
    const result = (async () => {
      const found = new Map<LanguageName, LanguageProbe>();
      for (let i = 0; i < probed.length; i += 2)
        for (const probe of await Promise.all(probed.slice(i, i + 2).map((name) => probeLanguage(name))))
          found.set(probe.name, probe);
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
