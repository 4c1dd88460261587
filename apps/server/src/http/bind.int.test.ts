import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  login,
  ROOT_PASSWORD,
  type TestApp,
} from '../../test/harness.js';
import { multipartBody } from '../../test/zip-fixtures.js';

const UPLOADS = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.upload).map(({ endpoint }) => endpoint);
const MB = 1024 * 1024;

/** Sends raw bytes on a fresh connection and reads the answer until the server answers or hangs up. The body
 * promised by `Content-Length` is never sent whole: an answer proves the server decided at the headers. */
const rawRequest = (port: number, head: string, bodyStart: Buffer = Buffer.alloc(0)) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer within 10 s: ${text.slice(0, 200)}`));
    });
    socket.on('data', (c) => {
      text += c.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length)) {
        socket.destroy();
        resolve({
          status: Number(text.slice(9, 12)),
          headers: text.slice(0, end),
          body: Buffer.from(text.slice(end + 4), 'latin1').toString('utf8'),
        });
      }
    });
    socket.on('error', reject);
    socket.write(head);
    socket.write(bodyStart);
  });

describe.each(DB_KINDS)('request bodies and uploads on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let root: string;
  let student: string;
  const uploadDir = () => path.join(t.services.dataDir, 'tmp', 'uploads');
  const leftovers = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()) : []);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    const u = await createUser(t);
    student = (await login(t, u.username, u.password)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  const uploadHead = (url: string, token: string | undefined, bytes: number, contentType?: string) =>
    `POST ${url} HTTP/1.1\r\nHost: x\r\n${token ? `Authorization: ${token}\r\n` : ''}` +
    `Content-Type: ${contentType ?? 'multipart/form-data; boundary=b'}\r\nContent-Length: ${bytes}\r\n\r\n`;

  it('refuses an anonymous 250 MB upload at its headers, on every upload route, without reading the body', async () => {
    expect(UPLOADS.length).toBeGreaterThanOrEqual(9);
    const rss = process.memoryUsage().rss;
    const answers = await Promise.all(
      UPLOADS.map((e) => rawRequest(port, uploadHead(e.path, undefined, 250 * MB), Buffer.alloc(64 * 1024, 1))),
    );
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(JSON.parse(a.body)).toMatchObject({ status: 401, data: { key: 'pleaseLogin' } });
      expect(a.headers).toMatch(/connection: close/i);
    }
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * MB);
    expect(leftovers()).toEqual([]);
  });

  it('refuses an upload by a student to an admin route (403) or a judge route (401) at its headers', async () => {
    for (const e of UPLOADS.filter((x) => x.access !== 'user')) {
      const a = await rawRequest(port, uploadHead(e.path, student, 250 * MB), Buffer.alloc(1024, 1));
      expect(a.status, e.path).toBe(e.access === 'judge' ? 401 : 403);
    }
  });

  it('answers a multipart request without a boundary with 400 on every upload route', async () => {
    for (const e of UPLOADS) {
      const res = await t.app.inject({
        method: 'POST',
        url: e.path,
        payload: 'hello',
        headers: {
          authorization: e.access === 'judge' ? `Bearer ${JUDGE_TOKEN}` : root,
          'content-type': 'multipart/form-data',
        },
      });
      expect(res.statusCode, e.path).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, data: { key: 'uploadInvalid' } });
    }
  });

  it('streams an upload over its cap no further than the cap, answers 400 and keeps nothing', async () => {
    const big = multipartBody('image', 'a.png', Buffer.alloc(2 * MB + 1, 0x89));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      payload: big.payload,
      headers: { ...big.headers, authorization: student },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.key).toBe('avatarTooLarge');
    expect(leftovers()).toEqual([]);
  });

  it('refuses a JSON body on an upload route and a multipart body on a JSON route', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      payload: { image: { path: '/etc/passwd', size: 1, filename: 'x' } },
      headers: { authorization: student },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().data.key).toBe('uploadNotMultipart');
    const form = multipartBody('username', 'x.txt', Buffer.from('root'));
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.key).toBe('bodyNotJson');
  });

  it('refuses bodies that are not a JSON object, and changes nothing', async () => {
    const before = (await t.app.inject({ url: '/api/admin/config/get-web-config', headers: { authorization: root } }))
      .body;
    const put = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/config/set-web-config',
        payload,
        headers: { authorization: root, 'content-type': contentType },
      });
    const plain = await put('hello', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ status: 415 });
    for (const body of ['[]', 'null', '123', '"name"']) {
      const res = await put(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().data.key, body).toBe('bodyNotObject');
    }
    const after = (await t.app.inject({ url: '/api/admin/config/get-web-config', headers: { authorization: root } }))
      .body;
    expect(after).toBe(before);
  });

  it('refuses NUL bytes and unpaired surrogates in any text, and NUL in any path, with 400', async () => {
    for (const url of [
      '/api/get-user-home-info?uid=%00',
      '/api/get-all-problem-tags?oj=%00',
      '/api/public/img/%00',
      '/api/public/file/a%00.png',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.key, url).toBe('textInvalid');
    }
    for (const username of ['\u0000', 'a\ud800', '\udc00b']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', payload: { username } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, data: { key: 'textInvalid', field: 'username' } });
    }
    // A pair is a character: an emoji is text like any other.
    const emoji = await t.app.inject({ url: '/api/get-all-problem-tags?oj=%F0%9F%98%80' });
    expect(emoji.statusCode).toBe(200);
  });

  it('keeps ids within their column: 2^31 and 1e10 are 400, never a database error', async () => {
    for (const url of ['/api/get-contest-outsize-info?cid=10000000000', '/api/get-contest-outsize-info?cid=1e10']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register-contest',
      payload: { cid: 2147483648, password: 'x' },
      headers: { authorization: student },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.key).toBe('numberOutOfRange');
  });

  it('does not read 0x10 as 16', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/tag?tid=0x10',
      headers: { authorization: root },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a 60 KB query string with the error envelope', async () => {
    const a = await rawRequest(port, `GET /api/get-rank-list?x=${'a'.repeat(60 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(a.status).toBe(431);
    expect(JSON.parse(a.body)).toMatchObject({ status: 431, data: { key: 'requestTooLarge' } });
  });
});
