import {
  remoteAdapters,
  remoteJudgeConfigFromEnv,
  startFakeAtCoder,
  startFakeCodeforces,
  startFakeHdu,
  startFakePoj,
  startFakeSpoj,
} from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { finalOf, listen, waitFor, workerProcesses } from '../../../test/worker-process.js';
import { remoteJudgeAccounts, submissions } from '../../db/schema.js';

// One integration test per site from a student's submit to the verdict, for every site: an admin
// imports the problem into the bank and fills the site's account pool on the switch page; a student submits; a real
// worker process (the judge CLI, remote judging on) submits it through the site's adapter to the site's loopback
// fake with the pooled account, polls, and the verdict reaches the student. One worker per database kind judges all
// the sites. (remote-worker.int.test.ts covers the rest of the worker's path on CF: a training, a worker killed
// mid-poll, the resubmit.)

type Account = { username: string; password: string };
interface Fake {
  url: string;
  submissions: { id: number; source: string }[];
  close(): Promise<void>;
}

/** Per fake site: how to start it (runs shown running once, then final), its base URL's variable, and the switch
 * page's account list (`<pool>UsernameList`); the pool's account is `<pool>-one`. CF and GYM share Codeforces. */
const FAKES = {
  CF: {
    env: 'OJ_REMOTE_CF_URL',
    pool: 'cf',
    start: (accounts: Account[]) => startFakeCodeforces({ accounts, testingReads: 1 }),
  },
  HDU: {
    env: 'OJ_REMOTE_HDU_URL',
    pool: 'hdu',
    start: (accounts: Account[]) => startFakeHdu({ accounts, runningReads: 1 }),
  },
  POJ: {
    env: 'OJ_REMOTE_POJ_URL',
    pool: 'poj',
    start: (accounts: Account[]) => startFakePoj({ accounts, runningReads: 1 }),
  },
  AC: {
    env: 'OJ_REMOTE_AC_URL',
    pool: 'atcoder',
    start: (accounts: Account[]) => startFakeAtCoder({ accounts, judgingReads: 1 }),
  },
  SPOJ: {
    env: 'OJ_REMOTE_SPOJ_URL',
    pool: 'spoj',
    start: (accounts: Account[]) => startFakeSpoj({ accounts, runningReads: 1 }),
  },
} satisfies Record<string, { env: string; pool: string; start: (accounts: Account[]) => Promise<Fake> }>;

/** Per site: its fake, the problem imported, its limits as the site states them, the source link, the language the
 * student picks, what the fake stored of the run, the fake's compile error marker and the site's text for it. */
const SITES = [
  {
    oj: 'CF',
    fake: 'CF',
    problem: '1000A',
    title: 'Codehorses T-shirts',
    limits: { timeLimitMs: 2000, memoryLimitMb: 256 },
    source: (url: string) => `${url}/problemset/problem/1000/A`,
    language: 'GNU G++17 7.3.0',
    sent: { contestId: '1000', index: 'A', gym: false, handle: 'cf-one' },
    ceMarker: 'COMPILATION_ERROR',
    compileError: "error: 'x' was not declared in this scope",
  },
  {
    oj: 'GYM',
    fake: 'CF',
    problem: '100001A',
    title: 'Arrangement of Contest',
    limits: { timeLimitMs: 500, memoryLimitMb: 256 },
    source: (url: string) => `${url}/gym/100001/problem/A`,
    language: 'GNU G++17 7.3.0',
    sent: { contestId: '100001', index: 'A', gym: true, handle: 'cf-one' },
    ceMarker: 'COMPILATION_ERROR',
    compileError: "error: 'x' was not declared in this scope",
  },
  {
    oj: 'HDU',
    fake: 'HDU',
    problem: '1000',
    title: 'A + B Problem',
    limits: { timeLimitMs: 1000, memoryLimitMb: 32 },
    source: (url: string) => `${url}/showproblem.php?pid=1000`,
    language: 'G++',
    sent: { problemId: '1000', username: 'hdu-one' },
    ceMarker: 'COMPILATION_ERROR',
    compileError: "error: 'x' was not declared in this scope",
  },
  {
    oj: 'POJ',
    fake: 'POJ',
    problem: '1000',
    title: 'A+B Problem',
    limits: { timeLimitMs: 1000, memoryLimitMb: 10 },
    source: (url: string) => `${url}/problem?id=1000`,
    language: 'Java',
    sent: { problemId: '1000', username: 'poj-one' },
    ceMarker: 'COMPILE_ERROR',
    compileError: "error C2065: 'x' : undeclared identifier",
  },
  {
    oj: 'AC',
    fake: 'AC',
    problem: 'abc086_a',
    title: 'Product',
    limits: { timeLimitMs: 2000, memoryLimitMb: 256 },
    source: (url: string) => `${url}/contests/abc086/tasks/abc086_a`,
    language: 'C++23 (GCC 15.2.0)',
    sent: { contest: 'abc086', task: 'abc086_a', username: 'atcoder-one' },
    ceMarker: 'CE',
    compileError: "error: 'x' was not declared in this scope",
  },
  {
    oj: 'SPOJ',
    fake: 'SPOJ',
    problem: 'PRIME1',
    title: 'Prime Generator',
    limits: { timeLimitMs: 6000, memoryLimitMb: 1536 },
    source: (url: string) => `${url}/problems/PRIME1/`,
    language: 'C++14 (gcc 8.3)',
    sent: { code: 'PRIME1', username: 'spoj-one' },
    ceMarker: 'CE',
    compileError: "error: 'x' was not declared in this scope",
  },
] as const;

const workers = workerProcesses();
afterAll(() => workers.cleanup());

describe.each(DB_KINDS)(
  'remote judges: a student submits, a real worker gets the verdict from the site (%s)',
  (kind) => {
    let t: TestApp;
    let root: string;
    const fakes = new Map<keyof typeof FAKES, Fake>();

    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) => {
      const res = await t.app.inject({ method, url, payload, headers: who ? { authorization: who } : {} });
      return { status: res.statusCode, body: res.json() };
    };
    const submission = async (submitId: number) =>
      (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];

    beforeAll(async () => {
      t = await createTestApp(kind);
      const env: Record<string, string> = {};
      for (const [key, f] of Object.entries(FAKES)) {
        const fake = await f.start([{ username: `${f.pool}-one`, password: 'pw-one' }]);
        fakes.set(key as keyof typeof FAKES, fake);
        env[f.env] = fake.url;
      }
      // The server's importers and the worker's adapters talk to the same fakes.
      Object.assign(t.services.remoteSites, remoteAdapters(remoteJudgeConfigFromEnv(env)));
      // The worker boots (its toolchains, the first claim) while the tests import and fill the pools.
      workers.start(await listen(t), {
        name: `remote-sites-${kind}`,
        args: ['--remote'],
        env: { ...env, OJ_REMOTE_POLL_INTERVAL_MS: '100', OJ_JUDGE_REMOTE_CONCURRENCY: '1' },
      });
      root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
      await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    });
    afterAll(async () => {
      await workers.killAll();
      for (const fake of fakes.values()) await fake.close();
      await t?.close();
    });

    it.each(SITES)(
      '$oj: import, then a student gets Accepted and a Compile Error with its text',
      async (site) => {
        const fake = fakes.get(site.fake) as Fake;
        const { pool } = FAKES[site.fake];
        const imported = await call(
          'GET',
          `/api/admin/problem/import-remote-oj-problem?name=${site.oj}&problemId=${site.problem}`,
          root,
        );
        expect(imported.status, JSON.stringify(imported.body)).toBe(200);
        const problemId = `${site.oj}-${site.problem}`;
        expect(imported.body.data).toMatchObject({ problemId, created: true });
        const p = await t.services.problems.findByProblemId(problemId);
        expect(p).toMatchObject({ isRemote: 1, title: site.title, source: site.source(fake.url), ...site.limits });

        const saved = await call('PUT', '/api/admin/switch/update', root, {
          [`${pool}UsernameList`]: [`${pool}-one`],
          [`${pool}PasswordList`]: ['pw-one'],
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        // A worker that judges on the site has declared it: the problem offers the site's languages.
        await waitFor(`the worker to declare ${site.oj}`, async () =>
          (await t.services.queue.offeredRemote()).includes(site.oj) ? true : undefined,
        );
        const langs = await call('GET', `/api/get-problem-languages?pid=${p?.id}`);
        expect(langs.body.data.map((l: { name: string }) => l.name)).toContain(site.language);

        const u = await createUser(t);
        const student = (await login(t, u.username, u.password)).token as string;
        const judged = async (code: string) => {
          const res = await call('POST', '/api/submit-problem-judge', student, {
            pid: problemId,
            language: site.language,
            code,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const submitId = res.body.data.submitId as number;
          return finalOf(`submission ${submitId}`, () => submission(submitId));
        };

        const code = `int main() { int a, b; while (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a + b); } // ${site.oj}`;
        const accepted = await judged(code);
        expect(accepted).toMatchObject({ status: S.ACCEPTED, vjudgeUsername: `${pool}-one` });
        const sent = fake.submissions.find((s) => String(s.id) === accepted.vjudgeSubmitId);
        expect(sent).toMatchObject(site.sent);
        // HDU and Codeforces get the code with trailing blanks (a resubmit of the same code is a new run there).
        expect(sent?.source.trimEnd()).toBe(code);
        const detail = await call('GET', `/api/get-submission-detail?submitId=${accepted.submitId}`, student);
        expect(detail.body.data.submission).toMatchObject({ status: S.ACCEPTED });
        expect(JSON.stringify(detail.body)).not.toContain('pw-one');

        const ce = await judged(`// FAKE_VERDICT=${site.ceMarker}\nint main() { x = 1; } // ${site.oj}`);
        expect(ce.status).toBe(S.COMPILE_ERROR);
        expect(ce.errorMessage).toContain(site.compileError);
        // The account is free again for the next submission.
        const [account] = await t.services.db
          .select()
          .from(remoteJudgeAccounts)
          .where(eq(remoteJudgeAccounts.username, `${pool}-one`));
        expect(account.leaseTaskId).toBeNull();
      },
      60_000,
    );
  },
);
