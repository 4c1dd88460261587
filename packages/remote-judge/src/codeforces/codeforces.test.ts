import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '../adapter.js';
import { remoteAdapters } from '../registry.js';
import { type FakeCodeforces, startFakeCodeforces } from '../testing/fake-codeforces.js';
import { type CodeforcesAdapterOptions, createCodeforcesAdapter } from './adapter.js';
import { mapCodeforcesVerdict, parseCodeforcesId } from './site.js';

const account = { username: 'oj-pool-1', password: 'secret-1' };
let fake: FakeCodeforces;

beforeAll(async () => {
  fake = await startFakeCodeforces({ accounts: [account, { username: 'oj-pool-2', password: 'secret-2' }] });
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.mode, {
    refuseLogins: false,
    rateLimited: false,
    challenge: false,
    hang: false,
    apiCallLimit: 0,
    removeFromProblemPage: null,
  });
});

const adapter = (options: Partial<CodeforcesAdapterOptions> = {}) =>
  createCodeforcesAdapter({ baseUrl: fake.url, timeoutMs: 2000, runIdDelayMs: 10, ...options });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteJudgeError);
  return error as RemoteJudgeError;
};

const pollToEnd = async (cf: RemoteJudgeAdapter, remoteId: string, runId: string, who = account) => {
  const seen: RemoteVerdict[] = [];
  for (let i = 0; i < 10; i++) {
    const verdict = await cf.poll(who, { remoteId, runId });
    seen.push(verdict);
    if (verdict.status !== 'running') return { verdict, seen };
  }
  throw new Error('the run never ended');
};

describe('Codeforces problem ids', () => {
  it('reads contest and index, sub-indexes, numeric ids and lower case', () => {
    expect(parseCodeforcesId('1000A')).toEqual({ contestId: '1000', index: 'A' });
    expect(parseCodeforcesId('1234b1')).toEqual({ contestId: '1234', index: 'B1' });
    expect(parseCodeforcesId('123401')).toEqual({ contestId: '1234', index: '01' });
    expect(parseCodeforcesId(' 4a ')).toEqual({ contestId: '4', index: 'A' });
    expect(adapter().parseProblemId('1000a')).toBe('1000A');
    expect(adapter({ gym: true }).parseProblemId('100001a')).toBe('100001A');
  });

  it('refuses malformed ids', () => {
    for (const bad of ['', 'A', 'A1000', '12', '0A', '1000AB', '1000A0', '1000-A', '1000 A', '../1A', '1e3A']) {
      expect(parseCodeforcesId(bad), bad).toBeNull();
      expect(adapter().parseProblemId(bad), bad).toBeNull();
    }
  });
});

describe('Codeforces verdicts', () => {
  it('maps the API verdicts to our status codes and keeps running ones running', () => {
    expect(mapCodeforcesVerdict(undefined)).toBeNull();
    expect(mapCodeforcesVerdict('TESTING')).toBeNull();
    expect(mapCodeforcesVerdict('OK')).toBe(JUDGE_STATUS.ACCEPTED);
    expect(mapCodeforcesVerdict('WRONG_ANSWER')).toBe(JUDGE_STATUS.WRONG_ANSWER);
    expect(mapCodeforcesVerdict('TIME_LIMIT_EXCEEDED')).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapCodeforcesVerdict('IDLENESS_LIMIT_EXCEEDED')).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapCodeforcesVerdict('MEMORY_LIMIT_EXCEEDED')).toBe(JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED);
    expect(mapCodeforcesVerdict('RUNTIME_ERROR')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapCodeforcesVerdict('COMPILATION_ERROR')).toBe(JUDGE_STATUS.COMPILE_ERROR);
    expect(mapCodeforcesVerdict('PRESENTATION_ERROR')).toBe(JUDGE_STATUS.PRESENTATION_ERROR);
    expect(mapCodeforcesVerdict('PARTIAL')).toBe(JUDGE_STATUS.PARTIAL_ACCEPTED);
    expect(mapCodeforcesVerdict('CHALLENGED')).toBe(JUDGE_STATUS.WRONG_ANSWER);
    for (const se of ['SECURITY_VIOLATED', 'CRASHED', 'FAILED', 'SKIPPED', 'REJECTED', 'SOMETHING_NEW']) {
      expect(mapCodeforcesVerdict(se), se).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    }
  });
});

describe('Codeforces import', () => {
  it('imports 1000A: limits, statement with formulas kept verbatim, samples, note, source link', async () => {
    const p = await adapter().importProblem('1000A');
    expect(p.remoteId).toBe('1000A');
    expect(p.title).toBe('Codehorses T-shirts');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.sourceUrl).toBe(`${fake.url}/problemset/problem/1000/A`);
    expect(p.description).toContain('from $0$ to $3$');
    expect(p.description).toContain('There are $n$ winners');
    expect(p.input).toContain('The first line contains one integer $n$ ($1 \\le n \\le 100$)');
    expect(p.input).toContain('contains $a_i$');
    expect(p.input).not.toContain('Input');
    expect(p.output).toContain('print $0$.');
    expect(p.hint).toContain('$$\\sum_{i=1}^{n} [a_i \\ne b_i] \\le n$$');
    expect(p.examples).toEqual([
      { input: '3\nXS\nXS\nM\nXL\nS\nXS', output: '2' },
      { input: '2\nM\nXS\nXS\nM', output: '0' },
    ]);
    expect(p.images).toEqual([]);
  });

  it('imports 1B: sup and sub as math (never "105"), the table as a markdown table, the image by absolute URL', async () => {
    const cf = adapter();
    const p = await cf.importProblem('1b');
    expect(p.title).toBe('Spreadsheets');
    expect(p.timeLimitMs).toBe(10000);
    expect(p.memoryLimitMb).toBe(64);
    expect(p.input).toContain('10$^{5}$');
    expect(p.input).toContain('10$^{6}$');
    expect(p.input).not.toMatch(/\b105\b/);
    expect(p.input).toContain('$_{1}$');
    expect(p.description).toMatch(/\| Notation\s*\| Example\s*\|/);
    expect(p.description).toMatch(/\| Excel\s*\| BC23\s*\|/);
    const image = `${fake.url}/predownloaded/1b/spreadsheet.png`;
    expect(p.images).toEqual([image]);
    expect(p.description).toContain(`![](${image})`);
    expect(p.examples).toEqual([{ input: '2\nR23C55\nBC23', output: 'BC23\nR23C55' }]);
    expect(p.hint).toBe('');
    const stored = await cf.fetchImage(image);
    expect(stored.contentType).toBe('image/png');
    expect(stored.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('imports a GYM problem from /gym/<contest>/problem/<index>; the problem set does not have it', async () => {
    const p = await adapter({ gym: true }).importProblem('100001A');
    expect(p.title).toBe('Arrangement of Contest');
    expect(p.timeLimitMs).toBe(500);
    expect(p.sourceUrl).toBe(`${fake.url}/gym/100001/problem/A`);
    expect(p.description).toContain('$n$ problems');
    expect(p.examples).toEqual([{ input: '3\nApples\nBananas\nDates', output: '2' }]);
    expect((await failure(adapter().importProblem('100001A'))).failure).toBe('notFound');
  });

  it('an unknown problem (redirect to the problem set) is notFound', async () => {
    expect((await failure(adapter().importProblem('999Z'))).failure).toBe('notFound');
    expect((await failure(adapter({ gym: true }).importProblem('100002A'))).failure).toBe('notFound');
  });

  it('a page without one of its parts fails with pageChanged naming the part', async () => {
    for (const field of ['time-limit', 'memory-limit', 'input-specification', 'sample-tests']) {
      fake.mode.removeFromProblemPage = field;
      const error = await failure(adapter().importProblem('1000A'));
      expect(error.failure).toBe('pageChanged');
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    }
  });
});

describe('Codeforces submit and poll', () => {
  it('submits (logging in once) and polls through TESTING to Accepted with time and memory', async () => {
    const cf = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = 'int main() { return 0; }';
    const { runId } = await cf.submit(account, { remoteId: '1000A', languageRemoteId: '54', code });
    const stored = fake.submissions.find((s) => String(s.id) === runId)!;
    expect(stored).toMatchObject({ contestId: '1000', index: 'A', gym: false, programTypeId: '54' });
    expect(stored.handle).toBe(account.username);
    expect(stored.source.startsWith(code)).toBe(true);
    expect(stored.source.trim()).toBe(code);
    const { verdict, seen } = await pollToEnd(cf, '1000A', runId);
    expect(seen[0]).toEqual({ status: 'running' });
    expect(verdict).toEqual({ status: JUDGE_STATUS.ACCEPTED, timeMs: 31, memoryKb: 3500, errorMessage: '' });
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('the same code twice is two runs (the source varies in trailing blanks), with no second login', async () => {
    const cf = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = 'print(1)';
    const a = await cf.submit(account, { remoteId: '1000A', languageRemoteId: '31', code });
    const b = await cf.submit(account, { remoteId: '1000A', languageRemoteId: '31', code });
    expect(a.runId).not.toBe(b.runId);
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('Wrong Answer', async () => {
    const cf = adapter();
    const { runId } = await cf.submit(account, {
      remoteId: '1B',
      languageRemoteId: '89',
      code: '// FAKE_VERDICT=WRONG_ANSWER\nint main() {}',
    });
    const { verdict } = await pollToEnd(cf, '1B', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.WRONG_ANSWER, timeMs: 15, memoryKb: 100, errorMessage: '' });
  });

  it('Compile Error with the compiler text Codeforces shows', async () => {
    const cf = adapter();
    const { runId } = await cf.submit(account, {
      remoteId: '1000A',
      languageRemoteId: '54',
      code: '// FAKE_VERDICT=COMPILATION_ERROR\nint main() { x = 1; }',
    });
    const { verdict } = await pollToEnd(cf, '1000A', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.COMPILE_ERROR, timeMs: 0, memoryKb: 0 });
    expect((verdict as { errorMessage: string }).errorMessage).toContain("error: 'x' was not declared in this scope");
  });

  it('a site failure verdict is System Error with the verdict as its message', async () => {
    const cf = adapter();
    const { runId } = await cf.submit(account, {
      remoteId: '1000A',
      languageRemoteId: '54',
      code: '// FAKE_VERDICT=CRASHED\n',
    });
    const { verdict } = await pollToEnd(cf, '1000A', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.SYSTEM_ERROR, errorMessage: 'Codeforces verdict: CRASHED' });
  });

  it('submits a GYM problem to /gym/<contest>/submit with the shared Codeforces session', async () => {
    const adapters = remoteAdapters({ codeforcesUrl: fake.url, timeoutMs: 2000 });
    const who = { username: 'oj-pool-2', password: 'secret-2' };
    const cfRun = await adapters.CF.submit(who, { remoteId: '1000A', languageRemoteId: '54', code: 'cf' });
    const gymRun = await adapters.GYM.submit(who, { remoteId: '100001A', languageRemoteId: '54', code: 'gym' });
    expect(fake.submissions.find((s) => String(s.id) === gymRun.runId)).toMatchObject({
      contestId: '100001',
      index: 'A',
      gym: true,
    });
    expect(fake.logins[who.username]).toBe(1);
    expect((await pollToEnd(adapters.GYM, '100001A', gymRun.runId, who)).verdict.status).toBe(JUDGE_STATUS.ACCEPTED);
    expect((await pollToEnd(adapters.CF, '1000A', cfRun.runId, who)).verdict.status).toBe(JUDGE_STATUS.ACCEPTED);
  });

  it('logs in again when the session has expired (a redirect to /enter)', async () => {
    const cf = adapter();
    await cf.submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'first' });
    const before = fake.logins[account.username];
    fake.expireSessions();
    const { runId } = await cf.submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'second' });
    expect(fake.logins[account.username]).toBe(before + 1);
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source.trim()).toBe('second');
  });

  it('an older run, beyond the latest runs of the account, is found in the contest status', async () => {
    const cf = adapter({ statusCount: 1 });
    const { runId } = await cf.submit(account, { remoteId: '1B', languageRemoteId: '54', code: 'older' });
    await cf.submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'newer' });
    expect((await pollToEnd(cf, '1B', runId)).verdict.status).toBe(JUDGE_STATUS.ACCEPTED);
    expect((await failure(cf.poll(account, { remoteId: '1B', runId: '1' }))).failure).toBe('notFound');
  });

  it('a refused login is loginFailed and submits nothing', async () => {
    const count = fake.submissions.length;
    const wrong = await failure(
      adapter().submit(
        { username: account.username, password: 'wrong' },
        { remoteId: '1000A', languageRemoteId: '54', code: 'x' },
      ),
    );
    expect(wrong.failure).toBe('loginFailed');
    expect(wrong.message).toContain('Invalid handle/email or password');
    expect(wrong.message).not.toContain('wrong');
    fake.mode.refuseLogins = true;
    const refused = await failure(adapter().submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'x' }));
    expect(refused.failure).toBe('loginFailed');
    expect(fake.submissions.length).toBe(count);
  });

  it('a language Codeforces does not offer is submitRejected before anything is sent', async () => {
    const count = fake.submissions.length;
    const error = await failure(adapter().submit(account, { remoteId: '1000A', languageRemoteId: '999', code: 'x' }));
    expect(error.failure).toBe('submitRejected');
    expect(fake.submissions.length).toBe(count);
  });
});

describe('Codeforces failure modes', () => {
  it('a Cloudflare challenge page is challenge, on import and on submit', async () => {
    fake.mode.challenge = true;
    expect((await failure(adapter().importProblem('1000A'))).failure).toBe('challenge');
    const submit = adapter().submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'c' });
    expect((await failure(submit)).failure).toBe('challenge');
  });

  it('HTTP 429 is rateLimited', async () => {
    fake.mode.rateLimited = true;
    expect((await failure(adapter().importProblem('1000A'))).failure).toBe('rateLimited');
    expect((await failure(adapter().poll(account, { remoteId: '1000A', runId: '1' }))).failure).toBe('rateLimited');
  });

  it("the API's call limit is rateLimited for one poll; the next poll reads the verdict", async () => {
    const cf = adapter();
    const { runId } = await cf.submit(account, { remoteId: '1000A', languageRemoteId: '54', code: 'limited' });
    fake.mode.apiCallLimit = 1;
    expect((await failure(cf.poll(account, { remoteId: '1000A', runId }))).failure).toBe('rateLimited');
    expect((await pollToEnd(cf, '1000A', runId)).verdict.status).toBe(JUDGE_STATUS.ACCEPTED);
  });

  it('a site that does not answer within the timeout is unreachable, in about the timeout', async () => {
    fake.mode.hang = true;
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 300 }).importProblem('1000A'));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a refused connection is unreachable', async () => {
    const closed = await startFakeCodeforces({ accounts: [] });
    await closed.close();
    const error = await failure(createCodeforcesAdapter({ baseUrl: closed.url, timeoutMs: 1000 }).importProblem('1A'));
    expect(error.failure).toBe('unreachable');
  });
});
