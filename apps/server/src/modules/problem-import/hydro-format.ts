/** Hydro (export zip: <id>/problem.yaml, problem_zh.md, testdata/): one problem folder, found by its problem.yaml. */
import path from 'node:path';
import YAML from 'yaml';
import type { ExtractedEntry } from '../admin-problem/safe-zip.js';
import {
  clampInt,
  DEFAULT_MEMORY_MB,
  DEFAULT_TIME_MS,
  type Draft,
  type Found,
  list,
  pairCases,
  SkipError,
  text,
  textOf,
} from './import-draft.js';

const SECTIONS: [keyof Pick<Draft, 'description' | 'input' | 'output' | 'hint' | 'source'>, RegExp][] = [
  ['description', /^(题目描述|描述|题目背景|背景|description|background|statement)/i],
  ['input', /^(输入格式|输入|input)/i],
  ['output', /^(输出格式|输出|output)/i],
  ['hint', /^(提示|说明|数据范围|说明\/提示|hint|note|notes|limits?)/i],
  ['source', /^(来源|source)/i],
];

/** Hydro statements are one Markdown text with headed sections and ```inputN / ```outputN sample blocks. */
const splitHydroStatement = (md: string) => {
  const out = { description: '', input: '', output: '', hint: '', source: '' };
  const samples = new Map<number, { input: string; output: string }>();
  const body = md.replace(/\r\n?/g, '\n').replace(/```(input|output)(\d+)\n([\s\S]*?)```/g, (_, kind, n, content) => {
    const k = Number(n);
    const s = samples.get(k) ?? { input: '', output: '' };
    s[kind as 'input' | 'output'] = content;
    samples.set(k, s);
    return '';
  });
  let current: keyof typeof out = 'description';
  let recognised = false;
  for (const line of body.split('\n')) {
    const heading = /^#{1,4}\s*(.+?)\s*$/.exec(line);
    if (heading) {
      const hit = SECTIONS.find(([, re]) => re.test(heading[1]));
      if (hit) {
        current = hit[0];
        recognised = true;
        continue;
      }
      if (/^(样例|sample|example)/i.test(heading[1])) {
        current = 'hint';
        recognised = true;
        continue;
      }
    }
    out[current] += `${line}\n`;
  }
  for (const k of Object.keys(out) as (keyof typeof out)[]) out[k] = out[k].trim();
  const examples = [...samples.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return { ...out, examples, recognised };
};

const parseDuration = (v: unknown) => {
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(v ?? ''));
  if (!m) return undefined;
  const n = Number(m[1]);
  return clampInt((m[2] ?? 's').toLowerCase() === 'ms' ? n : n * 1000, 100, 60_000);
};
const parseMemory = (v: unknown) => {
  const m = /^\s*([\d.]+)\s*(k|kb|m|mb|mib|g|gb|gib)?\s*$/i.exec(String(v ?? ''));
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase()[0];
  return clampInt(unit === 'k' ? n / 1024 : unit === 'g' ? n * 1024 : n, 16, 4096);
};

export const hydroFolder = async (entries: ExtractedEntry[], yamlEntry: ExtractedEntry): Promise<Found> => {
  const dir = path.posix.dirname(yamlEntry.name);
  const inDir = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  const file = (name: string) => entries.find((e) => e.name === inDir(name));
  let meta: Record<string, unknown> | undefined;
  let yamlError: Error | undefined;
  const yamlText = (await textOf(yamlEntry)) as string;
  try {
    meta = YAML.parse(yamlText) as Record<string, unknown>;
  } catch (e) {
    yamlError = e as Error;
  }
  return {
    source: yamlEntry.name,
    title: text(meta?.title) || dir,
    read: async (notes) => {
      if (yamlError || !meta || typeof meta !== 'object') {
        throw new SkipError(
          `problem.yaml is not valid YAML${yamlError ? `: ${yamlError.message.split('\n')[0]}` : ''}`,
        );
      }
      const md = (await textOf(['problem_zh.md', 'problem.md', 'problem_en.md'].map(file).find(Boolean))) ?? '';
      if (!md) notes.push('no statement file (problem_zh.md / problem.md)');
      const statement = splitHydroStatement(md);
      const testDir = inDir('testdata');
      const configData = await textOf(file('testdata/config.yaml') ?? file('testdata/config.yml'));
      const config = (configData ? YAML.parse(configData) : {}) as Record<string, unknown>;
      const testFile = (name: string) => entries.find((e) => e.name === `${testDir}/${name}`);
      let cases: Draft['cases'] = [];
      const subtasks = list(config.subtasks) as { score?: number; cases?: { input?: string; output?: string }[] }[];
      let type: 0 | 1 = 0;
      if (subtasks.length && subtasks.some((s) => list(s.cases).length)) {
        type = 1;
        subtasks.forEach((s, g) => {
          const sc = list(s.cases) as { input?: string; output?: string }[];
          const each = sc.length ? Math.floor((Number(s.score) || 0) / sc.length) : 0;
          for (const c of sc) {
            const input = testFile(String(c.input));
            if (!input) throw new SkipError(`test file ${c.input} is missing from testdata/`);
            const output = c.output ? testFile(String(c.output)) : undefined;
            if (!output) notes.push(`missingOutput:${c.input}`);
            cases.push({ name: String(cases.length + 1), input, output: output ?? '', score: each, groupNum: g + 1 });
          }
        });
        notes.push(`${subtasks.length} subtask${subtasks.length === 1 ? '' : 's'} scored as OI`);
      } else cases = pairCases(entries, testDir, notes);
      let checker: Draft['checker'];
      if (config.type === 'special' || config.checker) {
        const name = String(config.checker ?? '');
        const code = name ? await textOf(testFile(name)) : undefined;
        if (code && String(config.checker_type ?? 'testlib') === 'testlib' && /\.(cc|cpp|cxx)$/i.test(name)) {
          checker = { code, language: 'C++' };
        } else notes.push(`special judge ${name || '(none)'} dropped: only testlib checkers in C++ are supported`);
      }
      if (config.type === 'interactive') throw new SkipError('interactive Hydro problems are not supported yet');
      if (config.type === 'objective' || config.type === 'submit_answer') {
        throw new SkipError(`Hydro ${config.type} problems have no counterpart here`);
      }
      if (entries.some((e) => e.name.startsWith(inDir('additional_file/'))))
        notes.push('additional files not imported');
      const time = parseDuration(config.time);
      const memory = parseMemory(config.memory);
      if (time === undefined || memory === undefined) notes.push('missing limits replaced by 1 s / 256 MB');
      return {
        problemId: text(meta.pid),
        title: text(meta.title),
        description: statement.description,
        input: statement.input,
        output: statement.output,
        hint: statement.hint,
        source: statement.source,
        examples: statement.examples,
        timeLimitMs: time ?? DEFAULT_TIME_MS,
        memoryLimitMb: memory ?? DEFAULT_MEMORY_MB,
        type,
        cases,
        checker,
        tags: list(meta.tag).map(text),
      };
    },
  };
};
