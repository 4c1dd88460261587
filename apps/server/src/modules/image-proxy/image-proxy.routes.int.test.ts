import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { isPublicAddress } from './address-policy.js';
import { createImageProxyService } from './image-proxy.service.js';
import type { ResolvedAddress } from './outbound-fetch.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a picture of a cat, or at least its bytes'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
const DAY_MS = 24 * 3600_000;

/** The other site: a loopback server whose answers and requests the tests look at. */
const startUpstream = async () => {
  const hits = new Map<string, number>();
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    hosts.push(String(req.headers.host));
    res.on('error', () => {});
    const port = (server.address() as AddressInfo).port;
    const send = (status: number, type: string, body: Buffer | string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': type, ...headers });
      res.end(body);
    };
    const redirect = (location: string) => send(302, 'text/plain', '', { Location: location });
    switch (url) {
      case '/cat.png':
      case '/cat.png?size=2':
      case '/second.png':
        return send(200, 'image/png', PNG);
      case '/slow-cat.png':
        return void setTimeout(() => send(200, 'image/png', PNG), 150);
      case '/photo':
        // Declared as text: the type served is the one the bytes show.
        return send(200, 'text/plain', JPEG);
      case '/page.png':
        return send(200, 'image/png', '<!doctype html><html><body><script>alert(1)</script></body></html>');
      case '/drawing.svg':
        return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/huge.png': {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.write(PNG);
        const chunk = Buffer.alloc(256 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 6 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      case '/declared-huge.png':
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(6 * 1024 * 1024) });
        return void res.write(PNG);
      case '/silent.png':
        return; // never answers
      case '/reset.png':
        return void req.socket.destroy();
      case '/missing.png':
        return send(404, 'text/plain', 'not found');
      case '/hop':
        return redirect('/cat.png');
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/to-localhost':
        return redirect(`http://localhost:${port}/cat.png`);
      case '/to-private-name':
        return redirect(`http://internal.test:${port}/cat.png`);
      case '/to-file':
        return redirect('file:///etc/passwd');
      case '/loop':
        return redirect('/loop');
      default:
        return send(404, 'text/plain', 'no such thing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, hosts, port: (server.address() as AddressInfo).port };
};

describe.each(DB_KINDS)('image proxy (%s)', (kind) => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let root: string;
  /** While true, the address policy lets the loopback fake through (that address and port only); while false it
   * is the real policy unchanged. */
  let allowFake = true;
  const lookups: string[] = [];
  const answers: Record<string, () => ResolvedAddress[]> = {};

  const proxied = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/img-proxy?url=${encodeURIComponent(url)}`, headers });
  const total = () => [...upstream.hits.values()].reduce((a, b) => a + b, 0);
  const at = (p: string, host = 'images.test') => `http://${host}:${upstream.port}${p}`;
  const expectError = (res: Awaited<ReturnType<typeof proxied>>, status: number, key: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, data: { key } });
  };

  beforeAll(async () => {
    upstream = await startUpstream();
    let rebindCalls = 0;
    Object.assign(answers, {
      'images.test': () => [{ address: '127.0.0.1', family: 4 }],
      'internal.test': () => [{ address: '10.0.0.7', family: 4 }],
      'mixed.test': () => [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      localhost: () => [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
      // The first answer passes the check; any later one points elsewhere (a rebinding name).
      'rebind.test': () => [{ address: rebindCalls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }],
    });
    t = await createTestApp(kind, undefined, {
      imageProxy: {
        // No test reaches the internet: names only the tests know, and a failure for every other one.
        lookup: async (host) => {
          lookups.push(host);
          const answer = answers[host];
          if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
          return answer();
        },
        allowed: (address, port) =>
          (allowFake && address === '127.0.0.1' && port === upstream.port) || isPublicAddress(address),
        limits: { idleTimeoutMs: 400, totalTimeoutMs: 1500 },
      },
    });
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
    upstream?.server.close();
  });
  beforeEach(() => {
    allowFake = true;
  });

  it('serves an image of another site from the site, with the type its bytes show, and caches it', async () => {
    const first = await proxied(at('/cat.png'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.hits.get('/cat.png')).toBe(1);
    expect(upstream.hosts.at(-1)).toBe(`images.test:${upstream.port}`);

    const again = await proxied(at('/cat.png'));
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.hits.get('/cat.png')).toBe(1);

    // The cache is one file per URL, named by its hash, and no temporary file is left behind.
    const dir = path.join(t.services.dataDir, 'cache', 'img-proxy');
    expect(fs.readdirSync(dir).filter((n) => /^[0-9a-f]{64}$/.test(n))).toHaveLength(1);
    expect(fs.readdirSync(dir).some((n) => n.endsWith('.part'))).toBe(false);

    // Another server instance sharing OJ_DATA_DIR serves it without asking the other site (nor any resolver).
    const other = createImageProxyService({
      site: t.services.site,
      dataDir: t.services.dataDir,
      lookup: async () => {
        throw new Error('must not resolve');
      },
    });
    const shared = await other.image(at('/cat.png'));
    const bytes: Buffer[] = [];
    for await (const c of shared.body) bytes.push(c as Buffer);
    expect(Buffer.concat(bytes).equals(PNG)).toBe(true);
    expect(shared.contentType).toBe('image/png');
    expect(upstream.hits.get('/cat.png')).toBe(1);
  });

  it('fetches again once the cached copy is older than a week', async () => {
    await proxied(at('/second.png'));
    expect(upstream.hits.get('/second.png')).toBe(1);
    t.clock.offsetMs = 6 * DAY_MS;
    await proxied(at('/second.png'));
    expect(upstream.hits.get('/second.png')).toBe(1);
    t.clock.offsetMs = 8 * DAY_MS;
    const res = await proxied(at('/second.png'));
    t.clock.offsetMs = 0;
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.hits.get('/second.png')).toBe(2);
  });

  it('fetches an image once while several readers ask for it at the same time', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => proxied(at('/slow-cat.png'))));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    expect(upstream.hits.get('/slow-cat.png')).toBe(1);
  });

  it('serves what the bytes are, whatever the other site declares, and refuses what is no raster image', async () => {
    const photo = await proxied(at('/photo'));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(JPEG)).toBe(true);
    expectError(await proxied(at('/page.png')), 502, 'imageNotImage');
    expectError(await proxied(at('/drawing.svg')), 502, 'imageNotImage');
    // A refused answer is not cached: the next view asks again.
    await proxied(at('/page.png'));
    expect(upstream.hits.get('/page.png')).toBe(2);
  });

  it('stops at 5 MB, and at once when the size is declared', async () => {
    expectError(await proxied(at('/huge.png')), 502, 'imageTooLarge');
    expectError(await proxied(at('/declared-huge.png')), 502, 'imageTooLarge');
  });

  it('answers 502 when the other site fails, is silent or cannot be found', async () => {
    expectError(await proxied(at('/missing.png')), 502, 'imageFetchFailed');
    const started = Date.now();
    expectError(await proxied(at('/silent.png')), 502, 'imageFetchFailed');
    expect(Date.now() - started).toBeLessThan(5000);
    expectError(await proxied(at('/reset.png')), 502, 'imageFetchFailed');
    expectError(await proxied(at('/cat.png', 'nowhere.test')), 502, 'imageFetchFailed');
  });

  it('follows a few redirects, checking every hop', async () => {
    const hop = await proxied(at('/hop'));
    expect(hop.statusCode).toBe(200);
    expect(hop.rawPayload.equals(PNG)).toBe(true);

    const before = total();
    expectError(await proxied(at('/to-metadata')), 403, 'imageAddressRefused');
    // localhost answers 127.0.0.1 (allowed here) and ::1 (refused): one refused address refuses the host.
    expectError(await proxied(at('/to-localhost')), 403, 'imageAddressRefused');
    expectError(await proxied(at('/to-private-name')), 403, 'imageAddressRefused');
    expectError(await proxied(at('/to-file')), 400, 'imageUrlInvalid');
    // Four requests for the four redirects, none for where they pointed.
    expect(total()).toBe(before + 4);

    expectError(await proxied(at('/loop')), 502, 'imageFetchFailed');
    expect(upstream.hits.get('/loop')).toBe(4); // the first request and three redirects
  });

  it('connects to the address it checked, even when the name answers differently by then', async () => {
    const res = await proxied(at('/cat.png?size=2', 'rebind.test'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(upstream.hosts.at(-1)).toBe(`rebind.test:${upstream.port}`);
    expect(lookups.filter((h) => h === 'rebind.test')).toHaveLength(1);
  });

  it('refuses loopback, private, link-local and internal names under the real policy, before connecting', async () => {
    allowFake = false;
    const before = total();
    for (const url of [
      `http://127.0.0.1:${upstream.port}/cat.png`,
      `http://2130706433:${upstream.port}/cat.png`, // 127.0.0.1 written as one number
      `http://[::1]:${upstream.port}/cat.png`,
      `http://[::ffff:127.0.0.1]:${upstream.port}/cat.png`,
      'http://10.1.2.3/cat.png',
      'http://192.168.0.1/cat.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/cat.png',
      'http://0.0.0.0/cat.png',
      at('/cat.png', 'localhost'),
      at('/cat.png', 'internal.test'),
      at('/cat.png', 'mixed.test'),
      at('/second.png?fresh'), // images.test itself (not cached): 127.0.0.1 is no public address
    ]) {
      expectError(await proxied(url), 403, 'imageAddressRefused');
    }
    expect(total()).toBe(before);
  });

  it('refuses what is no absolute http(s) URL without credentials, with a 400 that names the field', async () => {
    const before = total();
    const missing = await t.app.inject({ method: 'GET', url: '/api/public/img-proxy' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toMatchObject({ key: 'fieldRequired', field: 'url' });
    for (const url of [
      'ftp://images.test/cat.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '/api/public/img/abc.png',
      '//images.test/cat.png',
      `http://user:secret@images.test:${upstream.port}/cat.png`,
      at(`/cat.png?${'a'.repeat(2100)}`),
      at(`/api/public/img-proxy?url=${encodeURIComponent(at('/cat.png'))}`),
    ]) {
      const res = await proxied(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data).toMatchObject({ key: 'imageUrlInvalid', field: 'url' });
    }
    expect(total()).toBe(before);
  });

  it('follows the admin setting: with "block" the site shows no image of another site and the proxy refuses', async () => {
    const set = (externalImages: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/config/set-web-config',
        payload: { externalImages },
        headers: { authorization: root },
      });
    const publicConfig = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/get-website-config' })).json().data;
    expect((await publicConfig()).externalImages).toBe('proxy');

    expect((await set('block')).statusCode).toBe(200);
    expect((await publicConfig()).externalImages).toBe('block');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/config/get-web-config',
      headers: { authorization: root },
    });
    expect(admin.json().data.externalImages).toBe('block');
    // Cached or not, nothing is served.
    expectError(await proxied(at('/cat.png')), 403, 'externalImagesBlocked');
    expectError(await proxied(at('/photo')), 403, 'externalImagesBlocked');

    expect((await set('maybe')).statusCode).toBe(400);
    expect((await publicConfig()).externalImages).toBe('block');

    expect((await set('proxy')).statusCode).toBe(200);
    expect((await proxied(at('/cat.png'))).statusCode).toBe(200);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=webConfig',
      headers: { authorization: root },
    });
    expect(log.json().data.records.map((r: { detail: object }) => r.detail)).toEqual([
      { externalImages: { from: 'block', to: 'proxy' } },
      { externalImages: { from: 'proxy', to: 'block' } },
    ]);
  });

  it('answers in the reader language', async () => {
    allowFake = false;
    const en = await proxied('http://10.0.0.1/cat.png', { 'accept-language': 'en-US' });
    expect(en.json().msg).toMatch(/address/i);
    const zh = await proxied('http://10.0.0.1/cat.png', { 'accept-language': 'zh-CN' });
    expect(zh.json().msg).not.toBe(en.json().msg);
  });
});
