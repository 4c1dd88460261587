import fs from 'node:fs';
import { JUDGE_STATUS } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import {
  buildPolygonZip,
  GENERATED_TESTS,
  generatedPackage,
  MAIN_CPP,
  manualPackage,
  VAL_CPP,
  WA_CPP,
} from '../../../test/polygon-fixtures.js';
import { finalOf, listen, waitFor, workerProcesses } from '../../../test/worker-process.js';
import { multipartBody } from '../../../test/zip-fixtures.js';
import { problems } from '../../db/schema.js';

/** The real testlib.h (OJ_TEST_TESTLIB): CI must give it; a local run without it skips these tests. */
const testlibPath = process.env.OJ_TEST_TESTLIB;
if (process.env.CI && !(testlibPath && fs.existsSync(testlibPath)))
  throw new Error('OJ_TEST_TESTLIB must name the real testlib.h under CI');

// Polygon packages end to end on a real judge worker and the real sandbox, with the real testlib.h as the site's judge
// header: the generators, validator, checker and solutions run, the problem is made, and it judges the package's
// solutions as their tags say through the normal submission path. PGlite only: polygon-import.int.test.ts covers the
// server's side on both databases.
describe.skipIf(!testlibPath)('Polygon import on a real judge', () => {
  let t: TestApp;
  let url: string;
  let root: string;
  const workers = workerProcesses({ pollsOpen: () => t.services.queue.pollsOpen() });

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: path, payload, headers: { authorization: root } });
  const importPackage = async (zip: Buffer) => {
    const m = multipartBody('file', 'package.zip', zip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/import-polygon-problem',
      payload: m.payload,
      headers: { ...m.headers, authorization: root },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json().data as { jobId: number };
    return waitFor(
      `import job ${jobId}`,
      async () => {
        const job = (await call('GET', `/api/admin/import-job?id=${jobId}`)).json().data;
        return job.status === 'running' ? undefined : job;
      },
      240_000,
    );
  };
  const jobDone = (jobId: number) =>
    waitFor(
      `job ${jobId}`,
      async () => {
        const job = (await call('GET', `/api/admin/import-job?id=${jobId}`)).json().data;
        return job.status === 'running' ? undefined : job;
      },
      240_000,
    );
  const check = async (pid: number) => {
    const res = await call('POST', '/api/admin/problem/package-check', { pid });
    expect(res.statusCode, res.body).toBe(200);
    await jobDone(res.json().data.jobId);
    return (await call('GET', `/api/admin/problem/package-check?pid=${pid}`)).json().data;
  };
  const verdictOf = async (pid: number, code: string) => {
    const res = await call('POST', '/api/submit-problem-judge', { pid, language: 'C++ 17 With O2', code });
    expect(res.statusCode, res.body).toBe(200);
    const submitId = res.json().data.submitId as number;
    const s = await finalOf(
      `submission ${submitId}`,
      async () => (await call('GET', `/api/get-submission-detail?submitId=${submitId}`)).json().data.submission,
      120_000,
    );
    return s.status as number;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    url = await listen(t);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    const m = multipartBody('file', 'testlib.h', fs.readFileSync(testlibPath as string));
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/admin/judge-header',
      payload: m.payload,
      headers: { ...m.headers, authorization: root },
    });
    expect(header.statusCode, header.body).toBe(200);
    workers.start(url, {
      name: 'polygon-judge',
      args: ['--concurrency', '1'],
      env: { OJ_JUDGE_LANGUAGES: 'C++ 17 With O2' },
    });
    await waitFor('the worker to offer C++ 17 With O2', async () =>
      (await t.services.queue.offeredLanguages()).includes('C++ 17 With O2') ? true : undefined,
    );
  }, 120_000);
  afterAll(async () => {
    await workers.killAll();
    workers.cleanup();
    await t?.close();
  });

  it('imports manual tests with a testlib checker and validator from a Windows package, and judges as the tags say', async () => {
    const job = await importPackage(await buildPolygonZip(manualPackage()));
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', progress: 100, errors: [] });
    const report = (await call('GET', `/api/admin/problem/package-check?pid=${job.pid}`)).json().data;
    expect(report.solutions.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['solutions/main.cpp', true],
      ['solutions/wa.cpp', true],
    ]);
    expect(report.tests.every((x: { valid: boolean }) => x.valid)).toBe(true);
    expect(report.mainSlowestMs).toBeLessThan(report.timeLimitMs);
    expect(await verdictOf(job.pid, MAIN_CPP)).toBe(JUDGE_STATUS.ACCEPTED);
    expect(await verdictOf(job.pid, WA_CPP)).toBe(JUDGE_STATUS.WRONG_ANSWER);

    // The check on demand: a correct solution tagged wrong-answer and a validator that now refuses the third test are
    // both in the report, and the other solutions still run on every test.
    const added = await call('POST', '/api/admin/problem/solution', {
      pid: job.pid,
      name: 'mistagged.cpp',
      language: 'C++ 17 With O2',
      tag: 'wrong-answer',
      code: MAIN_CPP,
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.services.db
      .update(problems)
      .set({ validatorCode: VAL_CPP.replaceAll('1000000000', '1000') })
      .where(eq(problems.id, job.pid));
    const strict = await check(job.pid);
    expect(strict.status).toBe('done');
    expect(strict.tests.map((x: { valid: boolean }) => x.valid)).toEqual([true, true, false]);
    expect(strict.solutions.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['solutions/main.cpp', true],
      ['solutions/wa.cpp', true],
      ['mistagged.cpp', false],
    ]);
    // A checker changed for the worse is caught before students meet it: the main solution no longer matches.
    await t.services.db
      .update(problems)
      .set({
        spjCode:
          '#include "testlib.h"\nint main(int argc, char* argv[]) {\n  registerTestlibCmd(argc, argv);\n  quitf(_wa, "always wrong");\n}\n',
      })
      .where(eq(problems.id, job.pid));
    const broken = await check(job.pid);
    expect(broken.solutions[0]).toMatchObject({ name: 'solutions/main.cpp', ok: false });
    expect(broken.solutions[0].message).toContain('Wrong Answer');
  }, 300_000);

  it('makes the tests with the generator and the answers with the main solution, groups and points as subtasks', async () => {
    const job = await importPackage(await buildPolygonZip(generatedPackage()));
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', errors: [] });
    const cases = (await call('GET', `/api/admin/problem/get-problem-cases?pid=${job.pid}&isUpload=true`)).json().data;
    expect(cases).toHaveLength(GENERATED_TESTS.length);
    const report = (await call('GET', `/api/admin/problem/package-check?pid=${job.pid}`)).json().data;
    const tle = report.solutions.find((s: { tag: string }) => s.tag === 'time-limit-exceeded');
    expect(tle.ok, tle.message).toBe(true);
    expect(tle.verdicts.some((v: { status: number }) => v.status === JUDGE_STATUS.TIME_LIMIT_EXCEEDED)).toBe(true);
    const submitted = await verdictOf(job.pid, MAIN_CPP);
    expect(submitted).toBe(JUDGE_STATUS.ACCEPTED);
  }, 300_000);

  it('fails the job whole when the validator rejects a generated test, and makes no problem', async () => {
    const [{ n: before }] = await t.services.db.select({ n: count() }).from(problems);
    const files = generatedPackage();
    // Out of the validator's range: |a| <= 10^9.
    files['problem.xml'] = String(files['problem.xml']).replace('gen 1 100 3', 'gen 2000000000 3000000000 3');
    const job = await importPackage(await buildPolygonZip(files));
    expect(job.status).toBe('failed');
    expect(job.errors.join('\n')).toMatch(/测试点 3 未通过校验器：FAIL/);
    expect(job.pid).toBeUndefined();
    const [{ n: after }] = await t.services.db.select({ n: count() }).from(problems);
    expect(after).toBe(before);
  }, 300_000);
});
