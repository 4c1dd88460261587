import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, JUDGE_TOKEN, type TestApp } from '../../test/harness.js';
import { buildApp } from '../app.js';

/** How the built web app is delivered (decision 0038): hashed assets compressed as the web build wrote them, cached
 * for good; index.html asked for again every time; the security headers on all of it (decision 0033). The fixture
 * is a small dist/ as apps/web's build lays it out: index.html, assets/ with a .br and a .gz copy of the script. */
describe('web delivery: precompressed, cached by hash, index.html never stale', () => {
  let t: TestApp;
  let web: FastifyInstance;
  let webDist: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  const SCRIPT_URL = '/assets/index-Hash123.js';
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  beforeAll(async () => {
    t = await createTestApp('pglite');
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-web-delivery-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script type="module" src="${SCRIPT_URL}"></script></head><body></body></html>`,
    );
    const file = path.join(webDist, 'assets', 'index-Hash123.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'tiny-Hash456.css'), 'a{}');
    // As apps/web's build writes it (vite.config.ts): one page's paths and the chunks it needs beyond the entry; an
    // entry that names something other than an asset script is left out.
    fs.writeFileSync(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify([
        {
          path: '^\\/(?:contest\\/[^/]+\\/)?problem\\/[^/]+\\/?$',
          files: ['/assets/page-Hash1.js', '/assets/editor-Hash2.js'],
          texts: { 'zh-CN': ['/assets/zh-CN-Hash3.js'], 'en-US': ['/assets/en-US-Hash4.js', '/elsewhere/x.js'] },
        },
        { path: '^\\/home$', files: ['https://elsewhere.example/x.js', '/assets/../secret.js'] },
      ]),
    );
    web = await buildApp({ services: t.services, judgeToken: JUDGE_TOKEN, logLevel: 'silent', webDist });
  });

  afterAll(async () => {
    await web?.close();
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const vary = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase();

  it('sends the brotli copy to a browser that accepts it, with the cache and security headers', async () => {
    const res = await web.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(vary(res.headers)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await web.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await web.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // A shared cache must not hand the uncompressed answer to a browser that asked for brotli.
    expect(vary(plain.headers)).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends an asset without compressed copies as it is', async () => {
    const res = await web.inject({ url: '/assets/tiny-Hash456.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never lets a browser keep index.html without asking: the SPA routes, / and /index.html', async () => {
    for (const url of ['/problem/1000', '/home', '/', '/index.html']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        expect.stringMatching(/text\/html/),
      ]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-cache']);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain(SCRIPT_URL);
    }
  });

  it("names a page's chunks for the browser to fetch with the entry, on that page's paths only", async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;
    for (const url of ['/problem/1000', '/contest/7/problem/A?x=1']) {
      const res = await web.inject({ url });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      // After the entry's script: fetched behind it.
      const at = (s: string) => res.body.indexOf(s);
      expect(at(SCRIPT_URL)).toBeGreaterThanOrEqual(0);
      expect(at(preload('/assets/page-Hash1.js'))).toBeGreaterThan(at(SCRIPT_URL));
      expect(at(preload('/assets/editor-Hash2.js'))).toBeGreaterThan(at(SCRIPT_URL));
    }
    for (const url of ['/home', '/problem', '/']) {
      const res = await web.inject({ url });
      expect([url, res.body.includes('modulepreload')]).toEqual([url, false]);
    }
  });

  it("names the page's texts in the language the app will pick: the l parameter, else the browser's first", async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;
    const textsOf = async (url: string, acceptLanguage?: string) => {
      const res = await web.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      const at = (file: string) => res.body.indexOf(preload(file));
      expect(at('/assets/page-Hash1.js')).toBeGreaterThan(res.body.indexOf(SCRIPT_URL));
      return {
        zh: at('/assets/zh-CN-Hash3.js') > res.body.indexOf(SCRIPT_URL),
        en: at('/assets/en-US-Hash4.js') > res.body.indexOf(SCRIPT_URL),
        elsewhere: res.body.includes('/elsewhere/'),
      };
    };
    expect(await textsOf('/problem/1000', 'zh-CN,zh;q=0.9')).toEqual({ zh: true, en: false, elsewhere: false });
    expect(await textsOf('/problem/1000', 'en-US,en;q=0.9')).toEqual({ zh: false, en: true, elsewhere: false });
    // zh-TW reads English in the app (only zh-CN is Chinese there), so its texts are the English ones.
    expect(await textsOf('/problem/1000', 'zh-TW,zh;q=0.9')).toEqual({ zh: false, en: true, elsewhere: false });
    expect(await textsOf('/problem/1000?l=en-us', 'zh-CN')).toEqual({ zh: false, en: true, elsewhere: false });
    expect(await textsOf('/problem/1000?l=zh-cn', 'en-US')).toEqual({ zh: true, en: false, elsewhere: false });
    // An empty l is English in the app too (anything but zh-cn).
    expect(await textsOf('/problem/1000?l=', 'zh-CN')).toEqual({ zh: false, en: true, elsewhere: false });
    // No language named: the site's own, Chinese.
    expect(await textsOf('/problem/1000')).toEqual({ zh: true, en: false, elsewhere: false });
  });

  it('answers a missing hashed asset with a 404, not index.html', async () => {
    const res = await web.inject({ url: '/assets/index-Gone999.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
