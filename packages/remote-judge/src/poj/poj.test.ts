import { readFileSync } from 'node:fs';
import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '../adapter.js';
import { decodePage } from '../charset.js';
import { type FakePoj, startFakePoj } from '../testing/fake-poj.js';
import { createPojAdapter, type PojAdapterOptions } from './adapter.js';
import { isPojLoginPage, parsePojCompileError, parsePojStatusPage, pojErrorMessage } from './pages.js';
import { mapPojVerdict, parsePojId } from './site.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/poj/${name}`, import.meta.url), 'utf8');
const account = { username: 'oj-pool-1', password: 'secret-1' };
let fake: FakePoj;

beforeAll(async () => {
  fake = await startFakePoj({ accounts: [account, { username: 'oj-pool-2', password: 'secret-2' }] });
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.mode, {
    refuseLogins: false,
    rateLimited: false,
    down: false,
    hang: false,
    removeFromProblemPage: null,
  });
});

const adapter = (options: Partial<PojAdapterOptions> = {}) =>
  createPojAdapter({ baseUrl: fake.url, timeoutMs: 2000, runIdDelayMs: 10, ...options });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteJudgeError);
  return error as RemoteJudgeError;
};

const pollToEnd = async (poj: RemoteJudgeAdapter, remoteId: string, runId: string, who = account) => {
  const seen: RemoteVerdict[] = [];
  for (let i = 0; i < 10; i++) {
    const verdict = await poj.poll(who, { remoteId, runId });
    seen.push(verdict);
    if (verdict.status !== 'running') return { verdict, seen };
  }
  throw new Error('the run never ended');
};

describe('POJ problem ids and verdicts', () => {
  it('reads four-digit ids from 1000 to 4999 and refuses anything else', () => {
    expect(parsePojId('1000')).toBe('1000');
    expect(parsePojId(' 4999 ')).toBe('4999');
    expect(adapter().parseProblemId('1005')).toBe('1005');
    for (const bad of ['', '999', '0999', '5000', '10000', '1000A', '1e3', '-1000', '10 00', 'P1000']) {
      expect(parsePojId(bad), bad).toBeNull();
    }
  });

  it('maps the Result column to our status codes and keeps judging runs running', () => {
    for (const running of ['Waiting', 'Compiling', 'Running & Judging', '']) expect(mapPojVerdict(running)).toBeNull();
    expect(mapPojVerdict('Accepted')).toBe(JUDGE_STATUS.ACCEPTED);
    expect(mapPojVerdict('Wrong Answer')).toBe(JUDGE_STATUS.WRONG_ANSWER);
    expect(mapPojVerdict('Presentation Error')).toBe(JUDGE_STATUS.PRESENTATION_ERROR);
    expect(mapPojVerdict('Time Limit Exceeded')).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapPojVerdict('Memory Limit Exceeded')).toBe(JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED);
    expect(mapPojVerdict('Runtime Error')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapPojVerdict('Output Limit Exceeded')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapPojVerdict('Compile Error')).toBe(JUDGE_STATUS.COMPILE_ERROR);
    expect(mapPojVerdict('System Error')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    expect(mapPojVerdict('Validator Error')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
  });

  it('offers G++, GCC, Java, C++ and C with their form values and local languages', () => {
    expect(adapter().languages.map((l) => [l.remoteId, l.name, l.local])).toEqual([
      ['0', 'G++', 'C++'],
      ['1', 'GCC', 'C'],
      ['2', 'Java', 'Java'],
      ['4', 'C++', 'C++'],
      ['5', 'C', 'C'],
    ]);
  });
});

describe('POJ recorded pages', () => {
  it('reads the status rows: run id, user, result, memory and time (empty unless accepted)', () => {
    const rows = parsePojStatusPage(fixture('status.html'));
    expect(rows.map((r) => [r.runId, r.verdict, r.memoryKb, r.timeMs])).toEqual([
      ['25012347', 'Wrong Answer', 0, 0],
      ['25012346', 'Compile Error', 0, 0],
      ['25012345', 'Accepted', 164, 0],
    ]);
    expect(rows[0]).toMatchObject({ user: 'oj-recorder', problemId: '1000' });
  });

  it('reads the error page, the login request and the compile error', () => {
    expect(pojErrorMessage(fixture('error.html'))).toBe('Can not find problem (ID:9999)');
    expect(pojErrorMessage(fixture('problem-1000.html'))).toBeNull();
    expect(isPojLoginPage(fixture('login-required.html'))).toBe(true);
    expect(isPojLoginPage(fixture('problem-1000.html'))).toBe(false);
    expect(parsePojCompileError(fixture('showcompileinfo.html'))).toContain("error C2065: 'x' : undeclared identifier");
  });

  it('decodes a page by the charset of its header, GBK as well as UTF-8', () => {
    const gbk = Buffer.from([0x3c, 0x70, 0x3e, 0xd6, 0xd0, 0xce, 0xc4, 0x3c, 0x2f, 0x70, 0x3e]); // <p>中文</p>
    expect(decodePage(gbk, 'text/html; charset=GBK')).toBe('<p>中文</p>');
    expect(decodePage(Buffer.from('<p>中文</p>'), 'text/html;charset=utf-8')).toBe('<p>中文</p>');
    expect(decodePage(Buffer.from('<p>中文</p>'), null)).toBe('<p>中文</p>');
  });
});

describe('POJ import', () => {
  it('imports 1000: limits, statement, sample, hint, source, the source link', async () => {
    const p = await adapter().importProblem('1000');
    expect(p).toMatchObject({ remoteId: '1000', title: 'A+B Problem', timeLimitMs: 1000, memoryLimitMb: 10 });
    expect(p.sourceUrl).toBe(`${fake.url}/problem?id=1000`);
    expect(p.description).toBe('Calculate a+b');
    expect(p.input).toBe('Two integer a,b (0<=a,b<=10)');
    expect(p.output).toBe('Output a+b');
    expect(p.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(p.hint).toContain('Q: Where are the input and the output?');
    expect(p.hint).toContain('read input from stdin (Standard Input)');
    expect(p.hint.endsWith('Source: POJ')).toBe(true);
    expect(p.images).toEqual([]);
  });

  it('imports 1005: the image by absolute URL, sup as math, multi-line samples, the hint list', async () => {
    const poj = adapter();
    const p = await poj.importProblem('1005');
    const image = `${fake.url}/images/1005/semicircle.GIF`;
    expect(p.images).toEqual([image]);
    expect(p.description).toContain(`![](${image})`);
    expect(p.description).toContain('50 miles$^{2}$ each year');
    expect(p.examples).toEqual([
      {
        input: '2\n1.0 1.0\n25.0 0.0',
        output:
          'Property 1: This property will begin eroding in year 1.\nProperty 2: This property will begin eroding in year 20.\nEND OF OUTPUT.',
      },
    ]);
    expect(p.hint).toMatch(/^-\s+No property will appear exactly on the semicircle boundary\.$/m);
    expect(p.hint).toContain('Source: Mid-Atlantic 2001');
    const stored = await poj.fetchImage(image);
    expect(stored.contentType).toBe('image/gif');
    expect(stored.bytes.subarray(0, 3).toString()).toBe('GIF');
  });

  it('a missing problem ("Can not find problem") is notFound', async () => {
    const error = await failure(adapter().importProblem('4999'));
    expect(error.failure).toBe('notFound');
    expect(error.message).toContain('Can not find problem (ID:4999)');
  });

  it('a page without one of its parts fails with pageChanged naming the part', async () => {
    for (const field of ['title', 'time-limit', 'memory-limit', 'Description', 'Output', 'Sample Output']) {
      fake.mode.removeFromProblemPage = field;
      const error = await failure(adapter().importProblem('1000'));
      expect(error.failure, field).toBe('pageChanged');
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    }
  });
});

describe('POJ submit and poll', () => {
  it('logs in, submits Base64-encoded G++ to 1000 and polls through Waiting/Compiling to Accepted', async () => {
    const poj = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = '#include <cstdio>\nint main() { int a, b; scanf("%d%d", &a, &b); printf("%d\\n", a + b); } // 中文';
    const { runId } = await poj.submit(account, { remoteId: '1000', languageRemoteId: '0', code });
    const stored = fake.submissions.find((s) => String(s.id) === runId)!;
    expect(stored).toMatchObject({ problemId: '1000', username: account.username, language: '0', source: code });
    const { verdict, seen } = await pollToEnd(poj, '1000', runId);
    expect(seen[0]).toEqual({ status: 'running' });
    expect(verdict).toEqual({ status: JUDGE_STATUS.ACCEPTED, timeMs: 16, memoryKb: 164, errorMessage: '' });
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('Wrong Answer', async () => {
    const poj = adapter();
    const code = '// FAKE_VERDICT=WRONG_ANSWER\nint main() {}';
    const { runId } = await poj.submit(account, { remoteId: '1005', languageRemoteId: '2', code });
    const { verdict } = await pollToEnd(poj, '1005', runId);
    expect(verdict).toEqual({ status: JUDGE_STATUS.WRONG_ANSWER, timeMs: 0, memoryKb: 0, errorMessage: '' });
  });

  it('Compile Error with the compiler text from /showcompileinfo', async () => {
    const poj = adapter();
    const code = '// FAKE_VERDICT=COMPILE_ERROR\nint main() { x = 1; }';
    const { runId } = await poj.submit(account, { remoteId: '1000', languageRemoteId: '4', code });
    const { verdict } = await pollToEnd(poj, '1000', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.COMPILE_ERROR, timeMs: 0, memoryKb: 0 });
    const message = (verdict as { errorMessage: string }).errorMessage;
    expect(message).toContain("error C2065: 'x' : undeclared identifier");
    expect(message).toContain(`${runId}.41276`);
  });

  it('a run submitted earlier is polled by its run id, also from a new process (a resubmit re-polls)', async () => {
    const first = adapter();
    const { runId } = await first.submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'older' });
    await first.submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'newer' });
    const { verdict } = await pollToEnd(adapter(), '1000', runId);
    expect(verdict.status).toBe(JUDGE_STATUS.ACCEPTED);
    expect((await failure(adapter().poll(account, { remoteId: '1000', runId: '1' }))).failure).toBe('notFound');
  });

  it('logs in again when the session has expired (the submit answers with the login request)', async () => {
    const poj = adapter();
    await poj.submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'first' });
    const before = fake.logins[account.username];
    fake.expireSessions();
    const { runId } = await poj.submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'second' });
    expect(fake.logins[account.username]).toBe(before + 1);
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source).toBe('second');
  });

  it("a refused login is loginFailed with POJ's message and submits nothing", async () => {
    const count = fake.submissions.length;
    const wrong = await failure(
      adapter().submit(
        { username: account.username, password: 'nope' },
        { remoteId: '1000', languageRemoteId: '0', code: 'x' },
      ),
    );
    expect(wrong.failure).toBe('loginFailed');
    expect(wrong.message).toContain('Invalid user id or password');
    expect(wrong.message).not.toContain('nope');
    fake.mode.refuseLogins = true;
    expect(
      (await failure(adapter().submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'x' }))).failure,
    ).toBe('loginFailed');
    expect(fake.submissions.length).toBe(count);
  });

  it('a submission POJ refuses (empty source) is submitRejected with its message', async () => {
    const error = await failure(adapter().submit(account, { remoteId: '1000', languageRemoteId: '0', code: '   ' }));
    expect(error.failure).toBe('submitRejected');
    expect(error.message).toContain('Source code too long or too short');
  });

  it('Pascal, Fortran and unknown languages are submitRejected before anything is sent', async () => {
    const count = fake.submissions.length;
    for (const language of ['3', '6', '99']) {
      const error = await failure(
        adapter().submit(account, { remoteId: '1000', languageRemoteId: language, code: 'x' }),
      );
      expect(error.failure).toBe('submitRejected');
    }
    expect(fake.submissions.length).toBe(count);
  });
});

describe('POJ failure modes', () => {
  it('a site that does not answer within the timeout is unreachable, in about the timeout', async () => {
    fake.mode.hang = true;
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 300 }).importProblem('1000'));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a site that is down (HTTP 503) is unreachable; HTTP 429 is rateLimited', async () => {
    fake.mode.down = true;
    expect((await failure(adapter().importProblem('1000'))).failure).toBe('unreachable');
    const submit = adapter().submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'down' });
    expect((await failure(submit)).failure).toBe('unreachable');
    fake.mode.down = false;
    fake.mode.rateLimited = true;
    expect((await failure(adapter().poll(account, { remoteId: '1000', runId: '25012348' }))).failure).toBe(
      'rateLimited',
    );
  });

  it('a refused connection is unreachable', async () => {
    const closed = await startFakePoj({ accounts: [] });
    await closed.close();
    const error = await failure(createPojAdapter({ baseUrl: closed.url, timeoutMs: 1000 }).importProblem('1000'));
    expect(error.failure).toBe('unreachable');
  });
});
