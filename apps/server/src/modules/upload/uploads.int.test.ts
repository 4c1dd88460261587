import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adminProblem, UPLOAD_QUOTA, type UploadedFile } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, type TestApp } from '../../../test/harness.js';
import { rawZip } from '../../../test/zip-fixtures.js';
import { files } from '../../db/schema.js';
import { createRateLimitRepository } from '../access/rate-limit.repository.js';
import { writeZip } from '../admin-problem/safe-zip.js';
import type { AuthUser } from '../auth/session.service.js';
import { createUploadRepository } from './upload.repository.js';
import { createUploadQuotaService } from './upload-quota.service.js';

const MiB = 1024 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const keyOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    const err = e as { status?: number; key?: string };
    return `${err.status} ${err.key}`;
  }
};

/** Upload services at the service level: the binding's part (multipart to a temporary file) is stood in for by
 * writing the file where the binding would. */
describe.each(DB_KINDS)('uploads on %s', (kind) => {
  let t: TestApp;
  let uploadDir: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    uploadDir = path.join(t.services.dataDir, 'tmp', 'uploads');
    fs.mkdirSync(uploadDir, { recursive: true });
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename = 'a.png'): UploadedFile => {
    const file = path.join(uploadDir, `${crypto.randomBytes(16).toString('hex')}.upload`);
    fs.writeFileSync(file, bytes);
    return { path: file, size: bytes.length, filename };
  };
  const newAuthUser = async (role: 'user' | 'admin' | 'root' = 'user'): Promise<AuthUser> => {
    const u = await createUser(t, role);
    return { uid: u.uid, username: u.username, roles: [role], permissions: [], sessionId: 0 };
  };
  const imageFile = (url: string) => path.join(t.services.dataDir, 'public', 'img', url.split('/').pop() as string);
  const rowOf = async (name: string) => (await t.services.db.select().from(files).where(eq(files.name, name)))[0];
  const storeFiles = () =>
    fs
      .readdirSync(t.services.testData.dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  const scratchLeft = () =>
    fs.existsSync(t.services.testData.scratchDir) ? fs.readdirSync(t.services.testData.scratchDir) : [];

  it('replaces an avatar: the old file is removed, its row marked deleted, its address answers 404', async () => {
    const user = await newAuthUser();
    const first = upload(PNG);
    const a = await t.services.accountSettings.uploadAvatar(user, first);
    // The temporary file was moved, not copied: the binding's delete is a no-op.
    expect(fs.existsSync(first.path)).toBe(false);
    expect(fs.existsSync(imageFile(a.avatar))).toBe(true);
    const b = await t.services.accountSettings.uploadAvatar(user, upload(PNG));
    expect(b.avatar).not.toBe(a.avatar);
    expect(fs.existsSync(imageFile(a.avatar))).toBe(false);
    expect(fs.existsSync(imageFile(b.avatar))).toBe(true);
    const oldName = a.avatar.split('/').pop() as string;
    expect((await rowOf(oldName)).deleted).toBe(1);
    expect((await rowOf(b.avatar.split('/').pop() as string)).deleted).toBe(0);
    expect(await keyOf(t.services.accountSettings.publicImage(oldName))).toBe('404 notFound');
    const served = await t.services.accountSettings.publicImage(b.avatar.split('/').pop() as string);
    expect(served.contentType).toBe('image/png');
    served.body.destroy();
    expect(await keyOf(t.services.accountSettings.uploadAvatar(user, upload(Buffer.from('<svg/>'))))).toBe(
      '400 avatarType',
    );
  });

  it('refuses malformed image names before any lookup and deleted images as gone', async () => {
    for (const name of ['\0', '%00', `${'a'.repeat(32)}.png\0`, '../../etc/passwd', 'x'.repeat(5000)]) {
      expect(await keyOf(t.services.accountSettings.publicImage(name))).toBe('404 notFound');
    }
    const teacher = await newAuthUser('admin');
    const img = await t.services.markdownFiles.uploadImage(teacher, upload(PNG, 'dot.png'));
    const name = img.link.split('/').pop() as string;
    const served = await t.services.accountSettings.publicImage(name);
    served.body.destroy();
    const other = await newAuthUser('admin');
    expect(await keyOf(t.services.markdownFiles.deleteImage(other, img.fileId))).toBe('403 forbidden');
    await t.services.markdownFiles.deleteImage(teacher, img.fileId);
    expect(fs.existsSync(imageFile(img.link))).toBe(false);
    expect((await rowOf(name)).deleted).toBe(1);
    expect(await keyOf(t.services.accountSettings.publicImage(name))).toBe('404 notFound');
  });

  it('stores a statement attachment by moving the upload, sniffed from its first bytes', async () => {
    const teacher = await newAuthUser('admin');
    const pdf = upload(Buffer.from('%PDF-1.4\n%...'), 'notes.pdf');
    const res = await t.services.markdownFiles.uploadFile(teacher, pdf);
    expect(fs.existsSync(pdf.path)).toBe(false);
    const name = res.link.split('/').pop() as string;
    expect(fs.readFileSync(path.join(t.services.dataDir, 'public', 'file', name), 'utf8')).toBe('%PDF-1.4\n%...');
    const html = upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.txt');
    expect(await keyOf(t.services.markdownFiles.uploadFile(teacher, html))).toBe('400 fileTypeNotSupported');
    // A Chinese text file longer than the bytes sniffed, whose last sniffed byte starts a character.
    const notes = upload(Buffer.from('题目'.repeat(2000), 'utf8'), '说明.txt');
    expect((await t.services.markdownFiles.uploadFile(teacher, notes)).link).toMatch(/\.txt$/);
  });

  it('caps uploads per user and hour (count and bytes, from the database); root is exempt', async () => {
    const user = await newAuthUser();
    for (let i = 0; i < 30; i++) await t.services.accountSettings.uploadAvatar(user, upload(PNG));
    expect(await keyOf(t.services.accountSettings.uploadAvatar(user, upload(PNG)))).toBe('429 uploadQuotaCount');
    // Another user is not affected; root never is.
    await t.services.accountSettings.uploadAvatar(await newAuthUser(), upload(PNG));
    const root = await newAuthUser('root');
    expect(await t.services.uploadQuota.check(root, 10 * 1024 * MiB)).toBe(Number.POSITIVE_INFINITY);
    expect(await t.services.uploadQuota.check({ uid: root.uid }, 10 * 1024 * MiB)).toBe(Number.POSITIVE_INFINITY);

    // Bytes: a teacher close to the hour's bytes may not store more, nor unpack an archive past the rest.
    const teacher = await newAuthUser('admin');
    await t.services.db.insert(files).values({
      uid: teacher.uid,
      type: 'markdown',
      name: `${crypto.randomBytes(16).toString('hex')}.png`,
      contentType: 'image/png',
      size: UPLOAD_QUOTA.maxBytes - 100,
    });
    expect(await keyOf(t.services.markdownFiles.uploadImage(teacher, upload(Buffer.concat([PNG, PNG]))))).toBe(
      '429 uploadQuotaBytes',
    );
    const zip = upload(await writeZip([{ name: '1.in', data: 'x'.repeat(500) }]), 't.zip');
    const before = storeFiles();
    expect(await keyOf(t.services.adminProblems.uploadTestCases(teacher, zip, 'default'))).toBe('429 uploadQuotaBytes');
    expect(storeFiles()).toEqual(before);
    expect(scratchLeft()).toEqual([]);

    // An hour later the window has moved on.
    t.clock.offsetMs += 3600 * 1000 + 1000;
    try {
      await t.services.accountSettings.uploadAvatar(user, upload(PNG));
      await t.services.markdownFiles.uploadImage(teacher, upload(PNG));
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('counts test-data uploads by what they stored, also once a problem used them', async () => {
    const quota = createUploadQuotaService({
      repo: createUploadRepository(t.services.db),
      users: t.services.users,
      counters: createRateLimitRepository(t.services.db),
      limits: { ...UPLOAD_QUOTA, maxUploads: 2, maxBytes: 1000 },
      now: () => new Date(Date.now() + t.clock.offsetMs),
    });
    const teacher = await newAuthUser('admin');
    const zip = await writeZip([
      { name: '1.in', data: 'a'.repeat(300) },
      { name: '1.out', data: 'b'.repeat(300) },
    ]);
    const up = await t.services.adminProblems.uploadTestCases(teacher, upload(zip, 't.zip'), 'default');
    expect(await quota.check(teacher, 0)).toBe(400);
    expect(await keyOf(quota.check(teacher, 401))).toBe('429 uploadQuotaBytes');
    // Saving the problem uses the upload; it still counts for the rest of the hour.
    const dto = adminProblem.createProblem.input.parse({
      problem: { title: 'Uses an upload', description: 'd', input: 'i', output: 'o', auth: 2, type: 0 },
      samples: [],
      isUploadTestCase: true,
      uploadTestcaseDir: up.fileListDir,
      languages: [{ name: 'C++' }],
    });
    await t.services.adminProblems.create(teacher, dto);
    expect(await quota.check(teacher, 0)).toBe(400);
    await t.services.markdownFiles.uploadImage(teacher, upload(PNG));
    expect(await keyOf(quota.check(teacher, 0))).toBe('429 uploadQuotaCount');
  });

  it('refuses a test-data bomb with 400 zipTooLarge, leaving nothing in the store or the scratch space', async () => {
    const root = await newAuthUser('root');
    const before = storeFiles();
    const bomb = rawZip([
      { name: '1.in', data: '1', deflate: true },
      { name: '1.out', data: Buffer.alloc(16 * MiB), deflate: true, declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const file = upload(bomb, 'bomb.zip');
    expect(await keyOf(t.services.adminProblems.uploadTestCases(root, file, 'default'))).toBe('400 zipTooLarge');
    expect(storeFiles()).toEqual(before);
    expect(scratchLeft()).toEqual([]);
    // Names are judged before anything is unpacked.
    const deep = upload(await writeZip([{ name: 'a/b/1.in', data: '1' }]), 'deep.zip');
    expect(await keyOf(t.services.adminProblems.uploadTestCases(root, deep, 'default'))).toBe('400 zipTooDeep');
    // A good archive lands in the store (moved from the scratch space, which is left empty).
    const good = upload(
      await writeZip([
        { name: '7.in', data: 'in7' },
        { name: '7.ans', data: 'ans7' },
      ]),
      'g.zip',
    );
    const res = await t.services.adminProblems.uploadTestCases(root, good, 'default');
    expect(res.fileList).toEqual([{ input: '7.in', output: '7.ans' }]);
    const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
    expect(t.services.testData.exists(sha('in7'))).toBe(true);
    expect((await t.services.testData.read(sha('ans7'))).toString()).toBe('ans7');
    expect(scratchLeft()).toEqual([]);
  });
});
