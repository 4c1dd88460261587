import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { UPLOAD_QUOTA } from '@oj/shared';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { files, groupMembers, userRateLimits } from '../../db/schema.js';
import { createRateLimitRepository } from '../access/rate-limit.repository.js';
import { writeZip } from '../admin-problem/safe-zip.js';

const MB = 1024 * 1024;
const UPLOADS = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.upload).map(({ endpoint }) => endpoint);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const BOUNDARY = 'oj-upload-limits';

/** What a plain student's 250 MB upload to each upload route is answered, before its body is read: the admin and
 * judge routes by the guard, the group-or-admin routes by their own rule (the student is no group's admin), the student's own
 * avatar by the size its Content-Length promises. A new upload route has to be named here. */
const STUDENT_REFUSAL: Record<string, [number, string]> = {
  '/api/file/upload-testcase-zip': [403, 'forbidden'],
  '/api/file/import-problem': [403, 'forbidden'],
  '/api/file/import-fps-problem': [403, 'forbidden'],
  '/api/file/import-qdoj-problem': [403, 'forbidden'],
  '/api/file/import-hydro-problem': [403, 'forbidden'],
  '/api/file/import-polygon-problem': [403, 'forbidden'],
  '/api/file/upload-md-img': [403, 'forbidden'],
  '/api/file/upload-md-file': [403, 'forbidden'],
  '/api/file/upload-group-avatar': [403, 'forbidden'],
  '/api/file/upload-carouse-img': [403, 'forbidden'],
  '/api/file/upload-avatar': [400, 'avatarTooLarge'],
  '/api/admin/judge-header': [403, 'forbidden'],
  // A student's session is not the judge token.
  '/api/judge/upload-test-data': [401, 'pleaseLogin'],
};

interface Answer {
  status: number;
  key: string | undefined;
  headers: string;
  /** Body bytes the client got into the connection before the server answered or hung up. */
  written: number;
  /** Bytes the server read from the connection, headers included. */
  serverRead: number;
}

/** A file field's head and tail in a multipart body; the file's bytes go between. */
const filePart = (field: string, filename: string, fields: Record<string, string> = {}) => ({
  head: Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  ),
  tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
});

describe.each(DB_KINDS)('upload limits on a real socket on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let root: string;
  /** Server-side sockets by the client's port: how much the server read of each connection. */
  const serverSockets = new Map<number, net.Socket>();
  const uploadDir = () => path.join(t.services.dataDir, 'tmp', 'uploads');
  const leftovers = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()) : []);
  const counters = () => createRateLimitRepository(t.services.db);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.app.server.on('connection', (s: net.Socket) => {
      if (s.remotePort) serverSockets.set(s.remotePort, s);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  const userWith = async (role: 'user' | 'admin' = 'user') => {
    const u = await createUser(t, role);
    return { ...u, token: (await login(t, u.username, u.password)).token as string };
  };
  const uploadRows = (uid: string) =>
    t.services.db
      .select({ scope: userRateLimits.scope, hits: userRateLimits.hits })
      .from(userRateLimits)
      .where(eq(userRateLimits.uid, uid));
  const hitsOf = async (uid: string, scope: 'uploadsInFlight' | 'uploadKiB') =>
    (
      await t.services.db
        .select({ hits: userRateLimits.hits })
        .from(userRateLimits)
        .where(and(eq(userRateLimits.uid, uid), eq(userRateLimits.scope, scope)))
    )[0]?.hits ?? 0;
  const waitFor = async (what: string, ok: () => Promise<boolean> | boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /**
   * Sends an upload of a `size`-byte file on a fresh connection and streams the body 64 KB at a time, as fast as
   * the socket takes it, until all is sent or the server answers or hangs up. Without `length` the body goes
   * chunked, with no Content-Length. `hold` stops sending after that many file bytes until `release()` (sends the
   * rest) or `abort()` (hangs up).
   */
  const upload = (
    url: string,
    token: string,
    size: number,
    opts: { field?: string; fields?: Record<string, string>; chunked?: boolean; hold?: number; content?: Buffer } = {},
  ) => {
    const { head, tail } = filePart(opts.field ?? 'file', 'big.zip', opts.fields);
    const total = head.length + size + tail.length;
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let written = 0;
    let done = false;
    let resume: (() => void) | undefined;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    const answered = new Promise<Answer>((resolve, reject) => {
      socket.setTimeout(60_000, () => {
        socket.destroy();
        reject(new Error(`no answer from ${url}: ${text.slice(0, 200)}`));
      });
      const finish = async () => {
        done = true;
        const end = text.indexOf('\r\n\r\n');
        const local = socket.localPort as number;
        const server = serverSockets.get(local);
        socket.destroy();
        await closed;
        if (server && !server.destroyed) await new Promise((r) => server.once('close', r));
        let key: string | undefined;
        try {
          key = JSON.parse(Buffer.from(text.slice(end + 4), 'latin1').toString('utf8')).data?.key;
        } catch {}
        resolve({
          status: Number(text.slice(9, 12)),
          key,
          headers: text.slice(0, end),
          written,
          serverRead: server?.bytesRead ?? Number.NaN,
        });
      };
      socket.on('data', (c) => {
        text += c.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(text)?.[1];
        if (!done && end >= 0 && length && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length)) {
          void finish();
        }
      });
      closed.then(() => {
        if (!done) void finish();
      });
    });
    const send = (data: Buffer) => {
      const ok = socket.write(
        opts.chunked
          ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
          : data,
      );
      written += data.length;
      return ok;
    };
    const stream = async () => {
      const chunk = Buffer.alloc(64 * 1024, 0x5a);
      const content = opts.content;
      if (!send(head)) await new Promise((r) => socket.once('drain', r));
      let sent = 0;
      while (sent < size && !done && !socket.destroyed) {
        if (opts.hold !== undefined && sent >= opts.hold && !resume) {
          await new Promise<void>((r) => {
            resume = r;
          });
          if (done || socket.destroyed) return;
        }
        const n = Math.min(chunk.length, size - sent);
        const piece = content ? content.subarray(sent, sent + n) : chunk.subarray(0, n);
        sent += n;
        if (!send(piece)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed, answered]);
      }
      if (!done && !socket.destroyed) {
        send(tail);
        if (opts.chunked) socket.write('0\r\n\r\n');
      }
    };
    socket.once('connect', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          (opts.chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${total}\r\n\r\n`),
      );
      stream().catch(() => {});
    });
    return {
      answered,
      release: () => resume?.(),
      abort: () => socket.destroy(),
    };
  };

  const newGroup = async (owner: string) => {
    const name = `Class ${crypto.randomBytes(3).toString('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/group',
      headers: { authorization: owner },
      payload: {
        name,
        shortName: `c${crypto.randomBytes(3).toString('hex')}`,
        brief: 'Grade 8, C++ basics',
        description: 'We meet on Mondays.',
        auth: 2,
        code: 'ABCDEF',
        visible: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('refuses a student 250 MB on every upload route before 1 MB is read, writing nothing', async () => {
    expect(Object.keys(STUDENT_REFUSAL).sort()).toEqual(UPLOADS.map((e) => e.path).sort());
    const student = await userWith();
    // A group the student is a member of but does not run.
    const admin = await userWith('admin');
    const gid = await newGroup(admin.token);
    await t.services.db.insert(groupMembers).values({ gid, uid: student.uid, auth: 3 });
    const routes = [...UPLOADS.map((e) => e.path), `/api/file/upload-testcase-zip?gid=${gid}`];
    for (const url of routes) {
      const expected = STUDENT_REFUSAL[url.split('?')[0]];
      const a = await upload(url, student.token, 250 * MB).answered;
      expect([a.status, a.key], url).toEqual(expected);
      expect(a.headers, url).toMatch(/connection: close/i);
      expect(a.serverRead, url).toBeLessThan(1 * MB);
    }
    expect(leftovers()).toEqual([]);
    expect(await uploadRows(student.uid)).toEqual([]);
  });

  it('stops a chunked upload without Content-Length at its cap: the rest is never read', async () => {
    const student = await userWith();
    const a = await upload('/api/file/upload-avatar', student.token, 250 * MB, { field: 'image', chunked: true })
      .answered;
    expect([a.status, a.key]).toEqual([400, 'avatarTooLarge']);
    expect(a.headers).toMatch(/connection: close/i);
    expect(a.serverRead).toBeLessThan(4 * MB);
    await waitFor('the temporary file to go', () => leftovers().length === 0);
    await waitFor('the slot to come back', async () => (await hitsOf(student.uid, 'uploadsInFlight')) === 0);
    // What was read counts for the hour.
    expect(await hitsOf(student.uid, 'uploadKiB')).toBeGreaterThanOrEqual(2 * 1024);
  });

  it('lets one user have two uploads in flight: of four parallel ones two are refused at their headers', async () => {
    const admin = await userWith('admin');
    const url = '/api/file/upload-testcase-zip';
    const held = [
      upload(url, admin.token, 250 * MB, { hold: 256 * 1024 }),
      upload(url, admin.token, 250 * MB, { hold: 256 * 1024 }),
    ];
    await waitFor('two uploads in flight', async () => (await hitsOf(admin.uid, 'uploadsInFlight')) === 2);
    const refused = await Promise.all([
      upload(url, admin.token, 250 * MB).answered,
      upload(url, admin.token, 250 * MB).answered,
    ]);
    for (const a of refused) {
      expect([a.status, a.key]).toEqual([429, 'uploadsInFlight']);
      expect(a.headers).toMatch(/connection: close/i);
      expect(a.serverRead).toBeLessThan(1 * MB);
    }
    // The first two hang up half way: nothing stays on disk, their slots come back, and only what was read counts.
    for (const h of held) h.abort();
    await Promise.all(held.map((h) => h.answered));
    await waitFor('the temporary files to go', () => leftovers().length === 0);
    await waitFor('the slots to come back', async () => (await hitsOf(admin.uid, 'uploadsInFlight')) === 0);
    expect(await hitsOf(admin.uid, 'uploadKiB')).toBeLessThan(10 * 1024);
    // A legitimate upload goes through afterwards.
    const zip = await writeZip([
      { name: '1.in', data: '1 2' },
      { name: '1.out', data: '3' },
    ]);
    const ok = await upload(url, admin.token, zip.length, { content: zip }).answered;
    expect([ok.status, ok.key]).toEqual([200, undefined]);
    // A stored upload's temporary file goes when its call ends, just after the answer.
    await waitFor('the temporary files to go', () => leftovers().length === 0);
  });

  it('refuses before the body an upload past the hour: bytes received, or the stored allowance used up', async () => {
    const url = '/api/file/upload-testcase-zip';
    const admin = await userWith('admin');
    // 900 MB received this hour: 250 MB more would pass the 1 GiB.
    await counters().take({
      uid: admin.uid,
      scope: 'uploadKiB',
      at: new Date(Date.now() + t.clock.offsetMs),
      windowMs: UPLOAD_QUOTA.windowMs,
      maxHits: UPLOAD_QUOTA.maxReceivedBytes / 1024,
      amount: 900 * 1024,
    });
    const a = await upload(url, admin.token, 250 * MB).answered;
    expect([a.status, a.key]).toEqual([429, 'uploadQuotaReceived']);
    expect(a.headers).toMatch(/connection: close/i);
    expect(a.headers).toMatch(/retry-after: \d+/i);
    expect(a.serverRead).toBeLessThan(1 * MB);
    // Without Content-Length the body may bring what is left, and is stopped there.
    await counters().take({
      uid: admin.uid,
      scope: 'uploadKiB',
      at: new Date(Date.now() + t.clock.offsetMs),
      windowMs: UPLOAD_QUOTA.windowMs,
      maxHits: UPLOAD_QUOTA.maxReceivedBytes / 1024,
      amount: (UPLOAD_QUOTA.maxReceivedBytes - 900 * MB) / 1024 - 1024,
    });
    const chunked = await upload(url, admin.token, 250 * MB, { chunked: true }).answered;
    expect([chunked.status, chunked.key]).toEqual([429, 'uploadQuotaReceived']);
    expect(chunked.serverRead).toBeLessThan(3 * MB);
    await waitFor('the temporary file to go', () => leftovers().length === 0);
    await waitFor('the slot to come back', async () => (await hitsOf(admin.uid, 'uploadsInFlight')) === 0);

    // The stored allowance of the hour used up: refused at the headers too.
    const teacher = await userWith('admin');
    await t.services.db.insert(files).values(
      [1, 2].map(() => ({
        uid: teacher.uid,
        type: 'markdown',
        name: `${crypto.randomBytes(16).toString('hex')}.png`,
        contentType: 'image/png',
        size: UPLOAD_QUOTA.maxBytes / 2,
      })),
    );
    const stored = await upload(url, teacher.token, 250 * MB).answered;
    expect([stored.status, stored.key]).toEqual([429, 'uploadQuotaBytes']);
    expect(stored.serverRead).toBeLessThan(1 * MB);
    expect(leftovers()).toEqual([]);
  });

  it('counts the bytes of an upload refused for its content, so bad uploads cannot loop', async () => {
    const admin = await userWith('admin');
    const url = '/api/file/upload-testcase-zip';
    const junk = await upload(url, admin.token, 3 * MB).answered;
    expect(junk.status).toBe(400);
    await waitFor('the slot to come back', async () => (await hitsOf(admin.uid, 'uploadsInFlight')) === 0);
    const kib = await hitsOf(admin.uid, 'uploadKiB');
    expect(kib).toBeGreaterThanOrEqual(3 * 1024);
    expect(kib).toBeLessThan(4 * 1024);
    // Once the hour has less left than the next one brings, it is refused at its headers.
    await counters().take({
      uid: admin.uid,
      scope: 'uploadKiB',
      at: new Date(Date.now() + t.clock.offsetMs),
      windowMs: UPLOAD_QUOTA.windowMs,
      maxHits: UPLOAD_QUOTA.maxReceivedBytes / 1024,
      amount: UPLOAD_QUOTA.maxReceivedBytes / 1024 - kib - 2 * 1024,
    });
    const again = await upload(url, admin.token, 3 * MB).answered;
    expect([again.status, again.key]).toEqual([429, 'uploadQuotaReceived']);
    expect(again.serverRead).toBeLessThan(1 * MB);
    expect(leftovers()).toEqual([]);
  });

  it('still takes legitimate uploads: a group admin with the gid in the query or the form, root without limits', async () => {
    const owner = await userWith('admin');
    const gid = await newGroup(owner.token);
    const other = await newGroup(owner.token);
    const student = await userWith();
    await t.services.db.insert(groupMembers).values({ gid, uid: student.uid, auth: 4 });
    const zip = await writeZip([
      { name: '1.in', data: '1 2' },
      { name: '1.out', data: '3' },
    ]);
    const byQuery = await upload(`/api/file/upload-testcase-zip?gid=${gid}`, student.token, zip.length, {
      content: zip,
    }).answered;
    expect([byQuery.status, byQuery.key]).toEqual([200, undefined]);
    // HOJ's client names the markdown image's group in the form: a group admin gets past the headers.
    const byForm = await upload('/api/file/upload-md-img', student.token, PNG.length, {
      field: 'image',
      fields: { gid: String(gid) },
      content: PNG,
    }).answered;
    expect([byForm.status, byForm.key]).toEqual([200, undefined]);
    // Another group's gid, in the query or the form, is refused.
    const elsewhere = await upload(`/api/file/upload-md-img?gid=${other}`, student.token, 250 * MB).answered;
    expect([elsewhere.status, elsewhere.key]).toEqual([403, 'forbidden']);
    expect(elsewhere.serverRead).toBeLessThan(1 * MB);
    const formElsewhere = await upload('/api/file/upload-md-img', student.token, PNG.length, {
      field: 'image',
      fields: { gid: String(other) },
      content: PNG,
    }).answered;
    expect([formElsewhere.status, formElsewhere.key]).toEqual([403, 'forbidden']);
    // Past the rule, an image over its 5 MB cap is refused by its Content-Length.
    const big = await upload(`/api/file/upload-md-img?gid=${gid}`, student.token, 250 * MB, { field: 'image' })
      .answered;
    expect([big.status, big.key]).toEqual([400, 'fileTooLarge']);
    expect(big.serverRead).toBeLessThan(1 * MB);
    // The group avatar is its root's: a group admin is refused at the headers, with or without the gid.
    for (const url of [`/api/file/upload-group-avatar?gid=${gid}`, '/api/file/upload-group-avatar']) {
      const a = await upload(url, student.token, 250 * MB, { field: 'image' }).answered;
      expect([a.status, a.key], url).toEqual([403, 'forbidden']);
      expect(a.serverRead, url).toBeLessThan(1 * MB);
    }
    // Root is not limited and not counted.
    const rootUid = (await t.services.users.findByUsername('root'))?.uid as string;
    const rootUploads = await Promise.all(
      [1, 2, 3].map(() => upload('/api/file/upload-testcase-zip', root, zip.length, { content: zip }).answered),
    );
    expect(rootUploads.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await uploadRows(rootUid)).toEqual([]);
    // A stored upload's temporary file goes when its call ends, just after the answer.
    await waitFor('the temporary files to go', () => leftovers().length === 0);
  });
});
