import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_QUOTA } from '@oj/shared';
import type { TestDataStore } from '../problem/test-data.store.js';
import type { UploadRepository } from './upload.repository.js';

const HASH = /^[0-9a-f]{64}$/;
/** Names the image and attachment stores give: anything else under public/ was not stored by them. */
const PUBLIC_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;
const BATCH = 500;

export interface CollectReport {
  /** Test files no problem case and no live upload refers to (and stray partial writes). */
  testData: number;
  /** Test-data upload rows expired for longer than the quota window. */
  uploads: number;
  /** Images and attachments whose `files` row is deleted or missing. */
  publicFiles: number;
  /** Leftovers of uploads and archive extractions under OJ_DATA_DIR/tmp. */
  temp: number;
}

const entries = async (dir: string) => {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
};

/** Modification time in ms, or undefined when the file is gone (another instance collected it). */
const mtimeOf = async (file: string) => {
  try {
    return (await fs.promises.stat(file)).mtimeMs;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
};

/** The newest modification time of a file, or in a directory tree (an extraction still writing is young). */
const newestIn = async (item: string): Promise<number | undefined> => {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.lstat(item);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let newest = stat.mtimeMs;
  if (!stat.isDirectory()) return newest;
  for (const e of await entries(item)) {
    const t = await newestIn(path.join(item, e.name));
    if (t !== undefined && t > newest) newest = t;
  }
  return newest;
};

/**
 * Removes what nothing refers to, so the disk cannot fill up with forgotten files:
 * (a) test files in the content-addressed store that no problem case and no unexpired test-data upload names,
 * (b) test-data upload rows expired for longer than the upload quota's window (the quota counts them until then),
 * (c) images and attachments under OJ_DATA_DIR/public whose `files` row is deleted or missing (replaced avatars,
 *     deleted statement images, removed carousel slides, files whose upload failed half-way),
 * (d) temporary uploads and extraction directories under OJ_DATA_DIR/tmp.
 *
 * Markdown images still named by some text are not hunted down by scanning statements, announcements, contests
 * and signatures: texts live in many tables (and more to come), and a wrongly collected image is lost data. An
 * image goes when its uploader deletes it; the upload quota bounds the rest.
 *
 * Only files older than `graceMs` are touched, judged by their modification time just before removal: an upload
 * in flight (file written, row not yet committed) is never collected, and storing content the store has already
 * refreshes its time. Safe with several server instances sharing OJ_DATA_DIR: every removal tolerates a file that
 * is gone already, and the database is the only shared state it reads.
 */
export const createStorageCollector = (deps: {
  dataDir: string;
  repo: UploadRepository;
  store: TestDataStore;
  graceMs?: number;
  quotaWindowMs?: number;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  const graceMs = deps.graceMs ?? 3600 * 1000;
  const quotaWindowMs = deps.quotaWindowMs ?? UPLOAD_QUOTA.windowMs;

  const collect = async (): Promise<CollectReport> => {
    const at = now().getTime();
    const old = (mtime: number | undefined) => mtime !== undefined && mtime < at - graceMs;
    /** Removes a file if it is (still) old: checked again right before, as a writer may have refreshed it. */
    const removeIfOld = async (file: string) => {
      if (!old(await mtimeOf(file))) return false;
      await fs.promises.rm(file, { force: true });
      return true;
    };
    const report: CollectReport = { testData: 0, uploads: 0, publicFiles: 0, temp: 0 };

    // (b) first: a row that expires now stops protecting its files in (a).
    report.uploads = await deps.repo.purgeUploads(new Date(at - quotaWindowMs));

    // (a) The references are read before the store is listed: a file referenced later was written or refreshed
    // later, so it is young when its turn comes.
    const referenced = await deps.repo.referencedTestData(new Date(at));
    for (const top of await entries(deps.store.dir)) {
      const p = path.join(deps.store.dir, top.name);
      if (!top.isDirectory()) {
        // Partial writes of a crashed server (`incoming.*.tmp`).
        if (top.name.endsWith('.tmp') && (await removeIfOld(p))) report.testData++;
        continue;
      }
      for (const f of await entries(p)) {
        if (!f.isFile()) continue;
        const unused = (HASH.test(f.name) && !referenced.has(f.name)) || f.name.endsWith('.tmp');
        if (unused && (await removeIfOld(path.join(p, f.name)))) report.testData++;
      }
    }

    // (c)
    for (const sub of ['img', 'file']) {
      const dir = path.join(deps.dataDir, 'public', sub);
      const candidates: string[] = [];
      for (const f of await entries(dir)) {
        if (f.isFile() && old(await mtimeOf(path.join(dir, f.name)))) candidates.push(f.name);
      }
      for (let i = 0; i < candidates.length; i += BATCH) {
        const names = candidates.slice(i, i + BATCH);
        const states = await deps.repo.fileStates(names.filter((n) => PUBLIC_NAME.test(n)));
        for (const name of names) {
          if (states.get(name) === false) continue;
          if (await removeIfOld(path.join(dir, name))) report.publicFiles++;
        }
      }
    }

    // (d)
    const tmp = path.join(deps.dataDir, 'tmp');
    for (const top of await entries(tmp)) {
      const inside = top.isDirectory() ? await entries(path.join(tmp, top.name)) : [];
      const items = top.isDirectory()
        ? inside.map((e) => path.join(tmp, top.name, e.name))
        : [path.join(tmp, top.name)];
      for (const item of items) {
        if (!old(await newestIn(item))) continue;
        await fs.promises.rm(item, { recursive: true, force: true });
        report.temp++;
      }
    }
    return report;
  };

  return {
    collect,
    /**
     * Collects now and then every `intervalMs` (10 minutes by default) until the answer is called, which stops the
     * runs and resolves once a run under way has ended. Runs never overlap in one process; failures go to `onError`
     * and the next run tries again.
     */
    start(
      opts: { intervalMs?: number; onError?: (err: unknown) => void; onCollected?: (r: CollectReport) => void } = {},
    ) {
      let running: Promise<void> | null = null;
      const run = () => {
        running ??= (async () => {
          try {
            const r = await collect();
            if (r.testData + r.uploads + r.publicFiles + r.temp > 0) opts.onCollected?.(r);
          } catch (err) {
            opts.onError?.(err);
          } finally {
            running = null;
          }
        })();
      };
      run();
      const timer = setInterval(run, opts.intervalMs ?? 10 * 60 * 1000);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
};
export type StorageCollector = ReturnType<typeof createStorageCollector>;
