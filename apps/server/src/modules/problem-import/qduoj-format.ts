/** QDUOJ (export zip: <n>/problem.json + <n>/testcase/): one problem folder, found by its problem.json. */
import path from 'node:path';
import type { ExtractedEntry } from '../admin-problem/safe-zip.js';
import {
  checkerLanguage,
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
import { richText } from './import-text.js';

export const qdojFolder = async (entries: ExtractedEntry[], jsonEntry: ExtractedEntry): Promise<Found> => {
  const dir = path.posix.dirname(jsonEntry.name);
  let title = dir;
  let json: Record<string, unknown> | undefined;
  const jsonText = (await textOf(jsonEntry)) as string;
  try {
    json = JSON.parse(jsonText);
    title = text(json?.title) || dir;
  } catch {
    json = undefined;
  }
  return {
    source: jsonEntry.name,
    title,
    read: async (notes) => {
      if (!json || typeof json !== 'object') throw new SkipError('problem.json is not valid JSON');
      const caseDir = path.posix.join(dir === '.' ? '' : dir, 'testcase');
      const spj = json.spj as { language?: string; code?: string } | null | undefined;
      const isOi = String(json.rule_type ?? 'ACM').toUpperCase() === 'OI';
      const byName = new Map(
        entries.filter((e) => path.posix.dirname(e.name) === caseDir).map((e) => [path.posix.basename(e.name), e]),
      );
      const declared = list(json.test_case_score) as { input_name?: string; output_name?: string; score?: number }[];
      let cases: Draft['cases'];
      if (declared.length) {
        cases = declared.map((c, k) => {
          const input = byName.get(String(c.input_name ?? ''));
          if (!input) throw new SkipError(`test file ${c.input_name} is missing from testcase/`);
          const output = c.output_name ? byName.get(String(c.output_name)) : undefined;
          if (!output && !spj) notes.push(`missingOutput:${c.input_name}`);
          return {
            name: String(k + 1),
            input,
            output: output ?? '',
            score: isOi && Number.isInteger(c.score) && (c.score as number) >= 0 ? c.score : undefined,
          };
        });
      } else cases = pairCases(entries, caseDir, notes);
      let checker: Draft['checker'];
      if (spj?.code) {
        const language = checkerLanguage(spj.language ?? '');
        if (language) {
          checker = { code: spj.code, language };
          notes.push('special judge imported: QDUOJ checkers must be adapted to the testlib protocol');
        } else notes.push(`special judge dropped: ${spj.language} checkers are not supported`);
      }
      if (json.template && Object.keys(json.template as object).length) notes.push('code templates not imported');
      const time = Number(json.time_limit);
      const memory = Number(json.memory_limit);
      return {
        problemId: text(json.display_id),
        title: text(json.title),
        description: richText(json.description),
        input: richText(json.input_description),
        output: richText(json.output_description),
        hint: richText(json.hint),
        source: text(json.source),
        examples: (list(json.samples) as { input?: string; output?: string }[]).map((s) => ({
          input: s.input ?? '',
          output: s.output ?? '',
        })),
        timeLimitMs: Number.isFinite(time) && time > 0 ? clampInt(time, 100, 60_000) : DEFAULT_TIME_MS,
        memoryLimitMb: Number.isFinite(memory) && memory > 0 ? clampInt(memory, 16, 4096) : DEFAULT_MEMORY_MB,
        type: isOi ? 1 : 0,
        cases,
        checker,
        tags: list(json.tags).map(text),
      };
    },
  };
};
