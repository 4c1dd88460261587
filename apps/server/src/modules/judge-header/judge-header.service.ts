import fs from 'node:fs';
import { adminJudgeHeader, type JudgeHeader, type UploadedFile } from '@oj/shared';
import { badRequest, notFound } from '../../http/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { TestDataStore } from '../problem/test-data.store.js';
import { judgeHeaderOf } from './judge-header.mapper.js';
import type { JudgeHeaderRepository } from './judge-header.repository.js';

const { JUDGE_HEADER_MAX_BYTES, JUDGE_HEADER_NAME } = adminJudgeHeader;

/** The header OJ_TESTLIB_URL fills on a site that has none. */
export const TESTLIB = 'testlib.h';
/** Who "uploaded" a header the server downloaded itself. */
export const SYSTEM_UPLOADER = 'system';
/** How long the download at start may take. */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

/** `#define VERSION "0.9.40-SNAPSHOT"` (testlib's): the quoted string, at most 100 characters. */
const VERSION_LINE = /^[ \t]*#[ \t]*define[ \t]+VERSION[ \t]+"([^"\r\n]{1,100})"/m;

/** Why bytes are no header: a name the include path cannot take, too large, not UTF-8 text or with NUL; null when
 * they are one. */
const refusal = (name: string, bytes: Buffer) => {
  if (!JUDGE_HEADER_NAME.test(name)) return badRequest('judgeHeaderNameInvalid', 'file');
  if (bytes.length > JUDGE_HEADER_MAX_BYTES) return badRequest('fileTooLarge', 'file');
  if (bytes.includes(0)) return badRequest('judgeHeaderNotText', 'file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return badRequest('judgeHeaderNotText', 'file');
  }
  return null;
};

/** The header's VERSION string, or null when it has none. */
export const headerVersion = (bytes: Buffer): string | null => VERSION_LINE.exec(bytes.toString('utf8'))?.[1] ?? null;

/** Reads a response body, failing past `max` bytes without reading the rest. */
const readCapped = async (body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> => {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new Error(`larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
};

/** The site's judge headers (testlib.h ...): root uploads, lists and deletes them; every judge puts them on the include
 * path of every special judge and interactor compile (the queue hands their hashes out with each task, through
 * judge-header-queries.ts). The bytes are stored in the test data store, so workers fetch them as test files. */
export const createJudgeHeaderService = (deps: {
  repo: JudgeHeaderRepository;
  store: TestDataStore;
  audit: AuditService;
  log: Logger;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  return {
    async list(): Promise<JudgeHeader[]> {
      return (await deps.repo.list()).map(judgeHeaderOf);
    },

    /** Adds the uploaded header, named by its file name, or replaces the one of that name. Checked whole first: a
     * refused file changes nothing. */
    async upload(actor: Actor, file: UploadedFile): Promise<JudgeHeader> {
      const name = file.filename;
      if (!JUDGE_HEADER_NAME.test(name)) throw badRequest('judgeHeaderNameInvalid', 'file');
      if (file.size > JUDGE_HEADER_MAX_BYTES) throw badRequest('fileTooLarge', 'file');
      const bytes = await fs.promises.readFile(file.path);
      const refused = refusal(name, bytes);
      if (refused) throw refused;
      const before = await deps.repo.find(name);
      const { sha256, size } = await deps.store.put(bytes);
      const version = headerVersion(bytes);
      const row = await deps.repo.upsert({ name, sha256, size, version, uploadedBy: actor.username }, now());
      await deps.audit.record(
        actor,
        'judgeHeader',
        { type: 'judgeHeader', id: name },
        before
          ? { replaced: { from: before.sha256, to: sha256 }, version: { from: before.version, to: version } }
          : { added: sha256, version },
      );
      return judgeHeaderOf(row);
    },

    async remove(actor: Actor, name: string) {
      // The bytes stay in the store until the storage collector finds nothing refers to them.
      const row = await deps.repo.remove(name);
      if (!row) throw notFound();
      await deps.audit.record(actor, 'judgeHeader', { type: 'judgeHeader', id: name }, { removed: row.sha256 });
      return null;
    },

    /**
     * On start, with OJ_TESTLIB_URL: when the site has no testlib.h, downloads it once from `url` (within `timeoutMs`,
     * at most 1 MiB, checked as an upload is) and stores it as the site's. Never throws: a failure is logged and the
     * site starts without it. Answers what happened, for the log and the tests.
     */
    async downloadTestlib(
      url: string,
      opts: { timeoutMs?: number } = {},
    ): Promise<'present' | 'downloaded' | 'failed'> {
      try {
        if (await deps.repo.find(TESTLIB)) return 'present';
        const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new Error(`HTTP ${res.status}`);
        }
        const length = Number(res.headers.get('content-length') ?? Number.NaN);
        if (length > JUDGE_HEADER_MAX_BYTES) {
          await res.body?.cancel().catch(() => {});
          throw new Error(`larger than ${JUDGE_HEADER_MAX_BYTES} bytes`);
        }
        const bytes = await readCapped(res.body, JUDGE_HEADER_MAX_BYTES);
        const refused = refusal(TESTLIB, bytes);
        if (refused) throw new Error(refused.key === 'judgeHeaderNotText' ? 'not UTF-8 text without NUL' : refused.key);
        const { sha256, size } = await deps.store.put(bytes);
        const version = headerVersion(bytes);
        // An admin's upload in the meantime (or another instance's download) wins.
        if (
          await deps.repo.insertIfMissing({ name: TESTLIB, sha256, size, version, uploadedBy: SYSTEM_UPLOADER }, now())
        )
          deps.log.info({ url, size, version }, `downloaded ${TESTLIB} from OJ_TESTLIB_URL`);
        return 'downloaded';
      } catch (err) {
        deps.log.error({ url, err: (err as Error).message }, `could not download ${TESTLIB} from OJ_TESTLIB_URL`);
        return 'failed';
      }
    },
  };
};
export type JudgeHeaderService = ReturnType<typeof createJudgeHeaderService>;
