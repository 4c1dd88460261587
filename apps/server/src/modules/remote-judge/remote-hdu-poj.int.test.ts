import {
  type RemoteJudgeAdapter,
  type RemoteOj,
  remoteAdapters,
  remoteJudgeConfigFromEnv,
  startFakeHdu,
  startFakePoj,
} from '@oj/remote-judge';
import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, JUDGE_TOKEN, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { remoteJudgeAccounts, submissions } from '../../db/schema.js';

/** Per site: the loopback fake, the problem imported, its limits as the site states them for C/C++, the language
 * the student picks, and the switch page's account list. */
const SITES = [
  {
    oj: 'HDU' as const,
    start: startFakeHdu,
    env: 'OJ_REMOTE_HDU_URL',
    problem: '1000',
    title: 'A + B Problem',
    limits: { timeLimitMs: 1000, memoryLimitMb: 32 },
    source: (url: string) => `${url}/showproblem.php?pid=1000`,
    language: 'G++',
    pool: 'hdu',
    compileError: "error: 'x' was not declared in this scope",
  },
  {
    oj: 'POJ' as const,
    start: startFakePoj,
    env: 'OJ_REMOTE_POJ_URL',
    problem: '1000',
    title: 'A+B Problem',
    limits: { timeLimitMs: 1000, memoryLimitMb: 10 },
    source: (url: string) => `${url}/problem?id=1000`,
    language: 'Java',
    pool: 'poj',
    compileError: "error C2065: 'x' : undeclared identifier",
  },
];

type Fake = Awaited<ReturnType<typeof startFakeHdu>> | Awaited<ReturnType<typeof startFakePoj>>;

describe.each(DB_KINDS)(
  'remote judges HDU and POJ: a student submits, the verdict comes through the site (%s)',
  (kind) => {
    let t: TestApp;
    let judge: ReturnType<typeof createFakeJudge>;
    let root: string;
    const fakes = new Map<RemoteOj, Fake>();
    /** The worker's own adapters, as in a judge process (its sessions apart from the server's importer). */
    let worker: Partial<Record<RemoteOj, RemoteJudgeAdapter>>;
    const { call, userToken } = contestKit(() => ({ t, judge, root }));

    beforeAll(async () => {
      ({ t, judge, root } = await contestTestApp(kind));
      const env: Record<string, string> = { OJ_REMOTE_TIMEOUT_MS: '1500' };
      for (const site of SITES) {
        const fake = await site.start({
          accounts: [{ username: `${site.pool}-one`, password: 'pw-one' }],
          runningReads: 1,
        });
        fakes.set(site.oj, fake);
        env[site.env] = fake.url;
      }
      Object.assign(t.services.remoteSites, remoteAdapters(remoteJudgeConfigFromEnv(env)));
      worker = remoteAdapters(remoteJudgeConfigFromEnv(env));
    }, 60_000);
    afterAll(async () => {
      for (const fake of fakes.values()) await fake.close();
      await t?.close();
    });

    const judgeCall = async (path: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/judge/${path}`,
        payload,
        headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const claimRemote = (oj: RemoteOj, name = `worker-${oj}`) =>
      judgeCall('claim-remote', { name, remote: [oj], concurrency: 1, running: 0, waitMs: 0 });
    const submission = async (submitId: number) =>
      (await t.services.db.select().from(submissions).where(eq(submissions.submitId, submitId)))[0];

    /** What the judge's remote runner does with a claimed task, with the worker's adapter talking to the fake:
     * submit with the leased account, send the run id, poll to the verdict, report it. */
    const work = async (oj: RemoteOj) => {
      const task = await claimRemote(oj);
      expect(task).toMatchObject({ kind: 'remote', oj, account: { username: `${oj.toLowerCase()}-one` } });
      const adapter = worker[oj]!;
      const { runId } = await adapter.submit(task.account, {
        remoteId: task.remoteProblemId,
        languageRemoteId: task.languageRemoteId,
        code: task.source,
      });
      await judgeCall('heartbeat', { name: `worker-${oj}`, taskId: task.taskId, attempt: task.attempt, runId });
      for (let i = 0; i < 10; i++) {
        const verdict = await adapter.poll(task.account, { remoteId: task.remoteProblemId, runId });
        if (verdict.status === 'running') continue;
        await judgeCall('report', {
          name: `worker-${oj}`,
          taskId: task.taskId,
          attempt: task.attempt,
          judge: {
            status: verdict.status,
            score: 0,
            time: verdict.timeMs,
            memory: verdict.memoryKb,
            errorMessage: verdict.errorMessage,
            oiRankScore: null,
            cases: [],
          },
        });
        return runId;
      }
      throw new Error('the run never ended');
    };

    it.each(SITES)('$oj: import, then a student gets Accepted and a Compile Error with its text', async (site) => {
      const fake = fakes.get(site.oj)!;
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

      const pool = await call('PUT', '/api/admin/switch/update', root, {
        [`${site.pool}UsernameList`]: [`${site.pool}-one`],
        [`${site.pool}PasswordList`]: ['pw-one'],
      });
      expect(pool.status, JSON.stringify(pool.body)).toBe(200);
      // A worker that judges on the site is alive: the problem offers the site's languages.
      expect(await claimRemote(site.oj)).toBeNull();
      const langs = await call('GET', `/api/get-problem-languages?pid=${p?.id}`);
      expect(langs.body.data.map((l: { name: string }) => l.name)).toContain(site.language);

      const student = await userToken();
      const submit = async (code: string) => {
        const res = await call('POST', '/api/submit-problem-judge', student.token, {
          pid: problemId,
          language: site.language,
          code,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.submitId as number;
      };

      const code = 'int main() { int a, b; while (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a + b); }';
      const accepted = await submit(code);
      const runId = await work(site.oj);
      expect(await submission(accepted)).toMatchObject({ status: S.ACCEPTED, vjudgeSubmitId: runId });
      const sent = fake.submissions.find((s) => String(s.id) === runId);
      expect(sent).toMatchObject({ problemId: site.problem, username: `${site.pool}-one` });
      expect(sent?.source.trim()).toBe(code);
      const detail = await call('GET', `/api/get-submission-detail?submitId=${accepted}`, student.token);
      expect(detail.body.data.submission).toMatchObject({ status: S.ACCEPTED });
      expect(JSON.stringify(detail.body)).not.toContain('pw-one');

      const failed = await submit(
        `// FAKE_VERDICT=${site.oj === 'HDU' ? 'COMPILATION_ERROR' : 'COMPILE_ERROR'}\nint main() { x = 1; }`,
      );
      await work(site.oj);
      const ce = await submission(failed);
      expect(ce.status).toBe(S.COMPILE_ERROR);
      expect(ce.errorMessage).toContain(site.compileError);
      // The account is free again for the next submission.
      const [account] = await t.services.db
        .select()
        .from(remoteJudgeAccounts)
        .where(eq(remoteJudgeAccounts.oj, site.oj));
      expect(account.leaseTaskId).toBeNull();
    });
  },
);
