import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UploadedFile } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, DB_KINDS, type TestApp } from '../../../test/harness.js';
import { createProblem } from '../../../test/judge-helpers.js';
import { files, testDataUploads } from '../../db/schema.js';
import { writeZip } from '../admin-problem/safe-zip.js';
import type { AuthUser } from '../auth/session.service.js';
import { createStorageCollector } from './storage-collector.js';
import { createUploadRepository } from './upload.repository.js';

const HOUR = 3600 * 1000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(DB_KINDS)('storage collector on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Files get their age from their modification time: "old" is past the one-hour grace period. */
  const age = (file: string, ms: number) => {
    const at = new Date(Date.now() + t.clock.offsetMs - ms);
    fs.utimesSync(file, at, at);
  };
  const write = (file: string, content: string | Buffer = 'x') => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  const upload = (bytes: Buffer, filename: string): UploadedFile => {
    const file = write(path.join(t.services.dataDir, 'tmp', 'uploads', `${crypto.randomUUID()}.upload`), bytes);
    return { path: file, size: bytes.length, filename };
  };
  const newAuthUser = async (role: 'user' | 'admin'): Promise<AuthUser> => {
    const u = await createUser(t, role);
    return { uid: u.uid, username: u.username, roles: [role], permissions: [], sessionId: 0 };
  };
  const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
  const collector = () =>
    createStorageCollector({
      dataDir: t.services.dataDir,
      repo: createUploadRepository(t.services.db),
      store: t.services.testData,
      now: () => new Date(Date.now() + t.clock.offsetMs),
    });

  it('collects unreferenced test data and keeps referenced and young files', async () => {
    const { testData } = t.services;
    // Referenced by a problem case (the helper stores '1 2\n' and '3\n').
    await createProblem(t);
    const used = [sha('1 2\n'), sha('3\n')];
    // Referenced by a live upload of test data.
    const teacher = await newAuthUser('admin');
    const zip = await writeZip([{ name: '1.in', data: 'upload in' }]);
    await t.services.adminProblems.uploadTestCases(teacher, upload(zip, 't.zip'), 'default');
    const pending = [sha('upload in'), sha('')];
    const orphan = (await testData.put('nobody needs me')).sha256;
    const young = (await testData.put('written a minute ago')).sha256;
    for (const h of [...used, ...pending, orphan]) age(testData.pathOf(h), 2 * HOUR);
    age(testData.pathOf(young), 60 * 1000);
    const partial = write(path.join(testData.dir, 'incoming.1.abcd.tmp'));
    age(partial, 2 * HOUR);

    const report = await collector().collect();
    expect(report.testData).toBe(2);
    expect(testData.exists(orphan)).toBe(false);
    expect(fs.existsSync(partial)).toBe(false);
    for (const h of [...used, ...pending, young]) expect(testData.exists(h)).toBe(true);

    // Once the upload expired (2 h) and the quota window passed (1 h), its row and then its files go; the
    // problem's files stay whatever the clock says.
    t.clock.offsetMs = 3 * HOUR + 60 * 1000;
    try {
      const later = await collector().collect();
      expect(later.uploads).toBe(1);
      expect(await t.services.db.select().from(testDataUploads)).toEqual([]);
      expect(testData.exists(sha('upload in'))).toBe(false);
      for (const h of used) expect(testData.exists(h)).toBe(true);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('refreshes content stored again, so it is not collected under its new user', async () => {
    const { testData } = t.services;
    const { sha256 } = await testData.put('stored twice');
    age(testData.pathOf(sha256), 2 * HOUR);
    await testData.put('stored twice');
    await collector().collect();
    expect(testData.exists(sha256)).toBe(true);
  });

  it('collects images whose row is deleted or missing, never a live one or a young one', async () => {
    const user = await newAuthUser('user');
    const img = path.join(t.services.dataDir, 'public', 'img');
    const fileDir = path.join(t.services.dataDir, 'public', 'file');
    const avatar = await t.services.accountSettings.uploadAvatar(user, upload(PNG, 'a.png'));
    const live = path.join(img, avatar.avatar.split('/').pop() as string);
    // A deleted row whose file survived (the removal failed), a file without a row, junk, and an attachment
    // whose row is live.
    const teacher = await newAuthUser('admin');
    const md = await t.services.markdownFiles.uploadImage(teacher, upload(PNG, 'dot.png'));
    const deletedName = md.link.split('/').pop() as string;
    await t.services.db.update(files).set({ deleted: 1 }).where(eq(files.name, deletedName));
    const deleted = path.join(img, deletedName);
    const rowless = write(path.join(img, `${crypto.randomBytes(16).toString('hex')}.png`), PNG);
    const junk = write(path.join(img, 'notes.txt'));
    const youngRowless = write(path.join(img, `${crypto.randomBytes(16).toString('hex')}.gif`), PNG);
    const att = await t.services.markdownFiles.uploadFile(teacher, upload(Buffer.from('%PDF-1.4'), 'n.pdf'));
    const attachment = path.join(fileDir, att.link.split('/').pop() as string);
    const rowlessAttachment = write(path.join(fileDir, `${crypto.randomBytes(16).toString('hex')}.pdf`));
    for (const f of [live, deleted, rowless, junk, attachment, rowlessAttachment]) age(f, 2 * HOUR);

    const report = await collector().collect();
    expect(report.publicFiles).toBe(4);
    for (const gone of [deleted, rowless, junk, rowlessAttachment]) expect(fs.existsSync(gone)).toBe(false);
    for (const kept of [live, youngRowless, attachment]) expect(fs.existsSync(kept)).toBe(true);
  });

  it('removes temporary uploads and extraction leftovers older than the grace period', async () => {
    const tmp = path.join(t.services.dataDir, 'tmp');
    const oldUpload = write(path.join(tmp, 'uploads', 'old.upload'));
    const newUpload = write(path.join(tmp, 'uploads', 'new.upload'));
    const oldExtraction = path.join(tmp, 'extract', 'zip-old');
    const entry = write(path.join(oldExtraction, '0.entry'));
    const busyExtraction = path.join(tmp, 'extract', 'zip-busy');
    const busyOld = write(path.join(busyExtraction, '0.entry'));
    write(path.join(busyExtraction, '1.entry'));
    for (const f of [oldUpload, entry, oldExtraction, busyOld, busyExtraction]) age(f, 2 * HOUR);

    const report = await collector().collect();
    expect(report.temp).toBe(2);
    expect(fs.existsSync(oldUpload)).toBe(false);
    expect(fs.existsSync(oldExtraction)).toBe(false);
    expect(fs.existsSync(newUpload)).toBe(true);
    // One of its files is still being written: the whole extraction is young.
    expect(fs.existsSync(busyOld)).toBe(true);
    // The directories the binding and the extractions write into stay.
    expect(fs.existsSync(path.join(tmp, 'uploads'))).toBe(true);
  });

  it('runs side by side with another instance (files gone already are fine)', async () => {
    const { testData } = t.services;
    const orphans = [];
    for (let i = 0; i < 20; i++) orphans.push((await testData.put(`orphan ${i}`)).sha256);
    for (const h of orphans) age(testData.pathOf(h), 2 * HOUR);
    const reports = await Promise.all([collector().collect(), collector().collect()]);
    expect(reports[0].testData + reports[1].testData).toBeGreaterThanOrEqual(20);
    for (const h of orphans) expect(testData.exists(h)).toBe(false);
  });

  it('starts at once and again on its interval, and stops', async () => {
    const { testData } = t.services;
    const put = async (text: string) => {
      const { sha256 } = await testData.put(text);
      age(testData.pathOf(sha256), 2 * HOUR);
      return sha256;
    };
    const first = await put('collected by start');
    const seen: number[] = [];
    const stop = collector().start({ intervalMs: 50, onCollected: (r) => seen.push(r.testData) });
    // Waited for, not timed: a run takes longer than its interval on a loaded machine (runs never overlap).
    await vi.waitFor(() => expect(seen).toEqual([1]), { timeout: 20_000 });
    expect(testData.exists(first)).toBe(false);
    const second = await put('collected on the interval');
    await vi.waitFor(() => expect(seen).toEqual([1, 1]), { timeout: 20_000 });
    expect(testData.exists(second)).toBe(false);
    // Stopped once a run under way has ended: none follows.
    await stop();
    const after = await put('left after the stop');
    await new Promise((r) => setTimeout(r, 200));
    expect(testData.exists(after)).toBe(true);
    expect(seen).toEqual([1, 1]);
  });
});
