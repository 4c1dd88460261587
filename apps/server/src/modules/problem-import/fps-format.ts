import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ImageStore } from '../user/avatar.store.js';
import {
  checkerLanguage,
  clampInt,
  DEFAULT_MEMORY_MB,
  DEFAULT_TIME_MS,
  type Draft,
  type Found,
  list,
  SkipError,
  text,
} from './import-draft.js';
import { saveStatementImage, withImagesReplaced } from './import-image-store.js';
import { decodeEntities, htmlToMarkdown, htmlToText } from './import-text.js';
import type { ProblemImportRepository } from './problem-import.repository.js';

/** FPS (freeproblemset XML, as HUSTOJ exports it): a reader of one XML text's items, which stores their embedded
 * images as site images. */
export const createFpsReader = (deps: { repo: ProblemImportRepository; images: ImageStore }) => {
  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) =>
      ['item', 'test_input', 'test_output', 'sample_input', 'sample_output', 'img', 'spj', 'solution'].includes(name),
  });

  /** Embedded base64 images become site images; their old addresses in the statement point to the new ones. */
  const saveImages = async (item: Record<string, unknown>, uid: string, notes: string[]) => {
    const replacements: [string, string][] = [];
    for (const img of list(item.img) as Record<string, unknown>[]) {
      const src = text(img.src).trim();
      const data = Buffer.from(text(img.base64).replace(/\s+/g, ''), 'base64');
      const name = await saveStatementImage({ images: deps.images, records: deps.repo }, data, {
        uid,
        originalName: path.posix.basename(src),
      });
      if (!name) {
        notes.push(`image ${src || '(unnamed)'} dropped: not a png, jpg, gif, webp or bmp image`);
        continue;
      }
      if (src) replacements.push([src, `/api/public/img/${name}`]);
    }
    if (replacements.length) notes.push(`${replacements.length} embedded image${replacements.length === 1 ? '' : 's'}`);
    return withImagesReplaced(replacements);
  };

  return (xmlText: string, source: string, uid: string): Found[] => {
    const unreadable = (reason: string): Found[] => [
      {
        source,
        title: source,
        read: async () => {
          throw new SkipError(reason);
        },
      },
    ];
    // FPS never needs a DTD; entity declarations are how XML reads local files (XXE) or expands to gigabytes.
    if (/<!DOCTYPE/i.test(xmlText)) return unreadable('a DOCTYPE with entity declarations is not accepted');
    const valid = XMLValidator.validate(xmlText);
    if (valid !== true) return unreadable(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
    let doc: Record<string, unknown>;
    try {
      doc = xml.parse(xmlText) as Record<string, unknown>;
    } catch (e) {
      return unreadable(`unreadable XML (${e instanceof Error ? e.message : 'parse error'})`);
    }
    const root = (doc.fps ?? doc.FPS) as Record<string, unknown> | undefined;
    const items = list(root?.item) as Record<string, unknown>[];
    return items.map((item, i) => ({
      source: items.length > 1 ? `${source}#${i + 1}` : source,
      title: decodeEntities(text(item.title)).trim() || `${source}#${i + 1}`,
      read: async (notes) => {
        const fix = await saveImages(item, uid, notes);
        const statement = (k: string) => htmlToMarkdown(fix(text(item[k])));
        const time = item.time_limit;
        const unit = (
          typeof time === 'object' && time && '@_unit' in time
            ? String((time as Record<string, unknown>)['@_unit'])
            : 's'
        ).toLowerCase();
        const timeValue = Number.parseFloat(text(time));
        const memory = item.memory_limit;
        const memUnit = (
          typeof memory === 'object' && memory && '@_unit' in memory
            ? String((memory as Record<string, unknown>)['@_unit'])
            : 'mb'
        ).toLowerCase();
        const memValue = Number.parseFloat(text(memory));
        const timeLimitMs = Number.isFinite(timeValue)
          ? clampInt(unit === 'ms' ? timeValue : timeValue * 1000, 100, 60_000)
          : DEFAULT_TIME_MS;
        const memoryLimitMb = Number.isFinite(memValue)
          ? clampInt(memUnit === 'kb' ? memValue / 1024 : memValue, 16, 4096)
          : DEFAULT_MEMORY_MB;
        if (!Number.isFinite(timeValue) || !Number.isFinite(memValue))
          notes.push('missing limits replaced by 1 s / 256 MB');
        const sampleIn = list(item.sample_input).map(text);
        const sampleOut = list(item.sample_output).map(text);
        const examples = sampleIn.map((input, k) => ({ input, output: sampleOut[k] ?? '' }));
        const testIn = list(item.test_input).map(text);
        const testOut = list(item.test_output).map(text);
        let cases = testIn.map((input, k) => {
          if (testOut[k] === undefined) notes.push(`missingOutput:${k + 1}`);
          return { name: String(k + 1), input, output: testOut[k] ?? '' };
        });
        if (!cases.length && examples.length) {
          notes.push('no test data in the file: the samples were used as test cases');
          cases = examples.map((e, k) => ({ name: String(k + 1), input: e.input, output: e.output }));
        }
        const spj = list(item.spj)[0];
        let checker: Draft['checker'];
        if (spj !== undefined) {
          const language = checkerLanguage(
            typeof spj === 'object' && spj && '@_language' in spj
              ? String((spj as Record<string, unknown>)['@_language'])
              : 'C++',
          );
          const code = text(spj);
          if (language && code.trim()) {
            checker = { code, language };
            notes.push('special judge imported: checkers written for HUSTOJ must be adapted to the testlib protocol');
          } else notes.push('special judge dropped: only C or C++ checkers are supported');
        }
        if (list(item.solution).length) notes.push('reference solutions not imported');
        return {
          title: decodeEntities(text(item.title)).trim(),
          description: statement('description'),
          input: statement('input'),
          output: statement('output'),
          hint: statement('hint'),
          source: htmlToText(text(item.source)),
          examples,
          timeLimitMs,
          memoryLimitMb,
          type: 0,
          cases,
          checker,
          tags: [],
        };
      },
    }));
  };
};
