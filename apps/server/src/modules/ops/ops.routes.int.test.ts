import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, JUDGE_TOKEN, login, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { buildApp } from '../../app.js';
import { sseStreamsOpen } from '../../lib/metrics.js';
import { boundRoutes } from './openapi.routes.js';

const METRICS_TOKEN = 'metrics-token-for-tests';

/** The value of one series in Prometheus' text format, 0 when absent. */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
};

describe.each(DB_KINDS)('operations: metrics, OpenAPI, headers and per-IP limits (%s)', (kind) => {
  let t: TestApp;
  /** A second server instance on the same database, as an operator runs it: metrics on, small per-IP limits. */
  let ops: FastifyInstance;
  let opsB: FastifyInstance;
  const instance = () =>
    buildApp({
      services: t.services,
      judgeToken: JUDGE_TOKEN,
      logLevel: 'silent',
      validateOutput: true,
      metricsToken: METRICS_TOKEN,
      ipLimits: { login: { maxHits: 5, windowMs: 60_000 }, search: { maxHits: 3, windowMs: 60_000 } },
    });
  const scrape = async (app = ops) => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = await instance();
    opsB = await instance();
  }, 60_000);
  afterAll(async () => {
    await ops?.close();
    await opsB?.close();
    await t?.close();
  });

  it('/metrics is 404 without OJ_METRICS_TOKEN and 401 without the right bearer token', async () => {
    const off = await t.app.inject({ url: '/metrics' });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({
      status: 404,
      data: { key: 'notFound', requestId: off.headers['x-request-id'] },
    });
    expect((await ops.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ops.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 401, data: { key: 'pleaseLogin' } });
    expect(wrong.body).not.toContain('oj_');
    const ok = await ops.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('oj_process_resident_memory_bytes');
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    // The registry is the process's: other instances of this file's runs count into it too, so deltas are compared.
    const unmatched = { route: 'unmatched', status: '404' };
    const before = sample(await scrape(), 'oj_http_request_duration_seconds_count', unmatched);
    await ops.inject({ url: '/api/get-problem-list?currentPage=1&limit=7' });
    await ops.inject({ url: '/api/no-such-endpoint-1234' });
    const text = await scrape();
    const series = { method: 'GET', route: '/api/get-problem-list', status: '200' };
    expect(sample(text, 'oj_http_request_duration_seconds_count', series)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'oj_http_request_duration_seconds_count', unmatched) - before).toBe(1);
    expect(text).not.toContain('limit=7');
    expect(text).not.toContain('no-such-endpoint-1234');
  });

  it("counts the web app's files as one series, and serves them with the policy", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-ops-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/a.js"></script>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Hash123.js'), 'export {};');
    const web = await buildApp({ services: t.services, judgeToken: JUDGE_TOKEN, logLevel: 'silent', webDist });
    try {
      const before = sample(await scrape(), 'oj_http_request_duration_seconds_count', { route: 'static' });
      const asset = await web.inject({ url: '/assets/index-Hash123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
      const page = await web.inject({ url: '/problem/1000' });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html']);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const text = await scrape();
      expect(sample(text, 'oj_http_request_duration_seconds_count', { route: 'static' }) - before).toBe(1);
      expect(text).not.toContain('Hash123');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('shows the queue, the judges, verdicts by language and sandbox run times; every instance sees the queue', async () => {
    const judge = createFakeJudge(t, 'metrics-judge', ['C++', 'Python3']);
    await judge.announce();
    await judge.drain();
    const problem = await createProblem(t, {}, { cases: [{}, {}, {}] });
    const u = await createUser(t);
    const token = (await login(t, u.username, u.password)).token as string;
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const before = await scrape();
    for (const language of ['C++', 'Python3']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: { pid: problem.problemId, language, code: 'print(1)' },
      });
      expect(res.statusCode).toBe(200);
    }
    // Queued on the first instance, counted by the second: the gauges come from the shared tables.
    const queued = await scrape(opsB);
    expect(sample(queued, 'oj_judge_queue_depth', { kind: 'judge' })).toBe(2);
    expect(sample(queued, 'oj_judge_queue_oldest_wait_seconds', { kind: 'judge' })).toBeGreaterThanOrEqual(0);
    expect(sample(queued, 'oj_judge_slots', { worker: 'metrics-judge' })).toBe(1);
    expect(queued).toMatch(/oj_judge_utilisation_ratio\{worker="metrics-judge"\} 0/);

    await judge.judgeNext({ status: 0 });
    await judge.judgeNext({ status: -1 });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(sample(after, 'oj_judge_queue_depth', { kind: 'judge' })).toBe(0);
    expect(delta('oj_verdicts_total', { language: 'C++', verdict: 'Accepted' })).toBe(1);
    expect(delta('oj_verdicts_total', { language: 'Python3', verdict: 'Wrong Answer' })).toBe(1);
    expect(delta('oj_sandbox_run_seconds_count', { language: 'C++' })).toBe(3);
    expect(delta('oj_sandbox_run_seconds_count', { language: 'Python3' })).toBe(3);
    expect(delta('oj_judge_turnaround_seconds_count', { kind: 'judge', language: 'C++' })).toBe(1);
    // A stale report (the same attempt again) is ignored by the queue and not counted twice.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/judge/report',
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      payload: { name: 'metrics-judge', taskId: 1, attempt: 99, compile: { ok: true, message: '' } },
    });
    expect(stale.json().data).toEqual({ accepted: false });
    expect(sample(await scrape(), 'oj_verdicts_total', { language: 'C++', verdict: 'Accepted' })).toBe(
      sample(after, 'oj_verdicts_total', { language: 'C++', verdict: 'Accepted' }),
    );
  });

  it('exports the open event streams gauge the event stream sets', async () => {
    sseStreamsOpen.inc(2);
    expect(sample(await scrape(), 'oj_sse_streams_open')).toBe(2);
    sseStreamsOpen.dec(2);
    expect(sample(await scrape(), 'oj_sse_streams_open')).toBe(0);
  });

  it("counts the judges' claims this instance holds open", async () => {
    expect(sample(await scrape(), 'oj_judge_long_polls_open')).toBe(0);
    const claim = t.app.inject({
      method: 'POST',
      url: '/api/judge/claim',
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      payload: { name: 'idle-judge', languages: ['Brainfuck'], concurrency: 1, running: 0, waitMs: 2_000 },
    });
    for (let i = 0; i < 100 && t.services.queue.pollsOpen() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(t.services.queue.pollsOpen()).toBe(1);
    expect(sample(await scrape(), 'oj_judge_long_polls_open')).toBe(1);
    // Nothing comes for it: the poll ends empty after the 2 s it asked for, and the count goes back.
    expect((await claim).json().data).toBeNull();
    expect(sample(await scrape(), 'oj_judge_long_polls_open')).toBe(0);
  });

  it('serves an OpenAPI 3.1 document of every route the server binds, and its reference page', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    const missing = boundRoutes(t.app)
      .filter((r) => r.method !== 'HEAD')
      .filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'bound routes the OpenAPI document lacks (add them to RAW_OPERATIONS)').toEqual([]);
    expect(boundRoutes(t.app).length).toBeGreaterThan(ALL_ENDPOINTS.length);
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      expect(doc.paths[endpoint.path][endpoint.method.toLowerCase()].operationId).toBe(name);
    }
    const login = doc.paths['/api/login'].post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    const stream = doc.paths['/api/events'].get as unknown as { responses: { 200: { content: object } } };
    expect(Object.keys(stream.responses[200].content)).toEqual(['text/event-stream']);

    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script type="module" src="/api/docs/docs.js"></script>');
    expect(page.body).not.toMatch(/<script>|<style|style="/);
    expect((await t.app.inject({ url: '/api/docs/docs.js' })).headers['content-type']).toContain('javascript');
  });

  it('sends security headers and a request id, which every error answer names', async () => {
    const res = await t.app.inject({ url: '/api/get-website-config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const bad = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ key: 'Password_Check_Required', requestId: bad.headers['x-request-id'] });
    // A proxy's own id is kept when it is a plain token, replaced otherwise.
    const given = await t.app.inject({ url: '/api/nope', headers: { 'x-request-id': 'edge-42.a' } });
    expect(given.headers['x-request-id']).toBe('edge-42.a');
    expect(given.json().data.requestId).toBe('edge-42.a');
    const odd = await t.app.inject({ url: '/api/nope', headers: { 'x-request-id': 'a b\u00e9' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('limits logins per IP across instances, at once, and leaves other IPs alone', async () => {
    const ip = `10.77.${kind === 'postgres' ? 1 : 2}.9`;
    const attempt = (i: number) =>
      (i % 2 ? ops : opsB).inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username: `nobody${i}`, password: 'wrong-pass' },
      });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i)));
    const took = Date.now() - started;
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited).toHaveLength(7);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(limited[0].json()).toMatchObject({ status: 429, data: { key: 'tooManyRequests' } });
    // The seconds left of the minute the first try opened: 60, less the time the tries took to arrive (seconds on a
    // loaded machine).
    const seconds = Number(limited[0].json().data.seconds);
    expect(seconds).toBeGreaterThanOrEqual(60 - Math.ceil(took / 1000) - 1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    // A login with a verification proof is never refused by the limit (nobody can lock another user out).
    const verified = await ops.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username: 'nobody', password: 'wrong-pass', verificationToken: 'not-a-real-proof' },
    });
    expect([verified.statusCode, verified.json().data.key]).toEqual([400, 'loginVerificationInvalid']);
    const elsewhere = await ops.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.77.3.3',
      payload: { username: 'nobody', password: 'wrong-pass' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('counts a list read with a search term as a search, and one without it not', async () => {
    const ip = `10.78.${kind === 'postgres' ? 1 : 2}.9`;
    const list = (q: string) => ops.inject({ url: `/api/get-problem-list?${q}`, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await list('keyword=')).statusCode).toBe(200);
    const searches = [];
    for (let i = 0; i < 5; i++) searches.push((await list(`keyword=a${i}`)).statusCode);
    expect(searches).toEqual([200, 200, 200, 429, 429]);
    expect((await list('currentPage=1')).statusCode).toBe(200);
  });
});
