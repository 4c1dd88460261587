import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '../adapter.js';
import { type FakeSpoj, startFakeSpoj } from '../testing/fake-spoj.js';
import { createSpojAdapter, type SpojAdapterOptions } from './adapter.js';
import { mapSpojVerdict, parseSpojId } from './site.js';

const account = { username: 'ojpool1', password: 'secret-1' };
let fake: FakeSpoj;

beforeAll(async () => {
  fake = await startFakeSpoj({ accounts: [account, { username: 'ojpool2', password: 'secret-2' }] });
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.mode, {
    refuseLogins: false,
    rateLimited: false,
    hang: false,
    hideNewSubmissionId: false,
    removeFromProblemPage: null,
  });
});

const adapter = (options: Partial<SpojAdapterOptions> = {}) =>
  createSpojAdapter({ baseUrl: fake.url, timeoutMs: 2000, runIdDelayMs: 10, ...options });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteJudgeError);
  return error as RemoteJudgeError;
};

const pollToEnd = async (spoj: RemoteJudgeAdapter, remoteId: string, runId: string, who = account) => {
  const seen: RemoteVerdict[] = [];
  for (let i = 0; i < 10; i++) {
    const verdict = await spoj.poll(who, { remoteId, runId });
    seen.push(verdict);
    if (verdict.status !== 'running') return { verdict, seen };
  }
  throw new Error('the run never ended');
};

describe('SPOJ problem codes', () => {
  it('reads codes of upper-case letters and digits, lower case raised, and the number(code) form', () => {
    expect(parseSpojId('TEST')).toBe('TEST');
    expect(parseSpojId('prime1')).toBe('PRIME1');
    expect(parseSpojId(' GSS1 ')).toBe('GSS1');
    expect(parseSpojId('HS08PAUL')).toBe('HS08PAUL');
    expect(parseSpojId('MB_1')).toBe('MB_1');
    expect(parseSpojId('2(PRIME1)')).toBe('PRIME1');
    expect(parseSpojId('12(34)')).toBe('34');
    expect(adapter().parseProblemId('prime1')).toBe('PRIME1');
  });

  it('refuses malformed codes', () => {
    for (const bad of [
      '',
      'PRIME 1',
      'TOOLONGCODE',
      'PRIME1/',
      '../TEST',
      '_TEST',
      'PR-ME',
      '(PRIME1)',
      'A(B)',
      '2(PRIME1',
      '1.5',
    ]) {
      expect(parseSpojId(bad), bad).toBeNull();
      expect(adapter().parseProblemId(bad), bad).toBeNull();
    }
  });
});

describe('SPOJ results', () => {
  it('maps the result codes and words to our status codes and keeps unfinished runs running', () => {
    expect(mapSpojVerdict({ status: 5, final: false, description: 'running' })).toBeNull();
    expect(mapSpojVerdict({ status: 15, final: true, description: 'accepted' })).toBe(JUDGE_STATUS.ACCEPTED);
    expect(mapSpojVerdict({ status: 14, final: true, description: 'wrong answer' })).toBe(JUDGE_STATUS.WRONG_ANSWER);
    expect(mapSpojVerdict({ status: 13, final: true, description: '' })).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapSpojVerdict({ status: 12, final: true, description: 'runtime error (SIGSEGV)' })).toBe(
      JUDGE_STATUS.RUNTIME_ERROR,
    );
    expect(mapSpojVerdict({ status: 11, final: true, description: '' })).toBe(JUDGE_STATUS.COMPILE_ERROR);
    expect(mapSpojVerdict({ status: 20, final: true, description: 'internal error' })).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    expect(mapSpojVerdict({ status: 99, final: true, description: 'runtime error (NZEC)' })).toBe(
      JUDGE_STATUS.RUNTIME_ERROR,
    );
    expect(mapSpojVerdict({ status: 99, final: true, description: 'something new' })).toBe(JUDGE_STATUS.SYSTEM_ERROR);
  });
});

describe('SPOJ import', () => {
  it('imports PRIME1: title, limits, description, input, output, the example, the warning, source link', async () => {
    const p = await adapter().importProblem('prime1');
    expect(p.remoteId).toBe('PRIME1');
    expect(p.title).toBe('Prime Generator');
    expect(p.timeLimitMs).toBe(6000);
    expect(p.memoryLimitMb).toBe(1536);
    expect(p.sourceUrl).toBe(`${fake.url}/problems/PRIME1/`);
    expect(p.description).toBe(
      'Peter wants to generate some prime numbers for his cryptosystem. Help him! Your task is to generate all prime numbers between two given numbers!',
    );
    expect(p.input).toContain('**1 <= m <= n <= 1000000000, n-m<=100000**');
    expect(p.input).not.toContain('Input');
    expect(p.output).toContain('one number per line');
    expect(p.examples).toEqual([{ input: '2\n1 10\n3 5', output: '2\n3\n5\n7\n\n3\n5' }]);
    expect(p.hint).toContain('**Warning: large Input/Output data');
    expect(p.images).toEqual([]);
  });

  it('imports GSS1: MathJax formulas kept, the larger per-cluster time limit, the image by absolute URL', async () => {
    const spoj = adapter();
    const p = await spoj.importProblem('GSS1');
    expect(p.title).toBe('Can you answer these queries I');
    expect(p.timeLimitMs).toBe(230);
    expect(p.description).toContain('$A[1], A[2], \\ldots, A[N]$');
    expect(p.description).toContain('($|A[i]| \\le 15007$, $1 \\le N \\le 50000$)');
    expect(p.description).toContain(
      '$$Query(x,y) = \\max \\{ a[i]+a[i+1]+\\ldots+a[j] \\mid x \\le i \\le j \\le y \\}$$',
    );
    const image = `${fake.url}/content/gss1-query.png`;
    expect(p.images).toEqual([image]);
    expect(p.description).toContain(`![query](${image})`);
    expect(p.input).toContain('contains the integer $N$');
    expect(p.output).toContain('results of the $M$ queries');
    expect(p.examples).toEqual([{ input: '3\n-1 2 3\n1\n1 2', output: '2' }]);
    expect((await spoj.fetchImage(image)).contentType).toBe('image/png');
  });

  it('an unknown code is notFound', async () => {
    expect((await failure(adapter().importProblem('NOSUCH'))).failure).toBe('notFound');
  });

  it('a page without one of its parts fails with pageChanged naming the part', async () => {
    const cases: [string, string][] = [
      ['#problem-name', 'problem-name'],
      ['#problem-meta', 'time-limit'],
      ['#problem-meta tbody tr:nth-child(5)', 'memory-limit'],
      ['#problem-body', 'problem-body'],
    ];
    for (const [selector, field] of cases) {
      fake.mode.removeFromProblemPage = selector;
      const error = await failure(adapter().importProblem('PRIME1'));
      expect(error.failure, selector).toBe('pageChanged');
      expect(error.field, selector).toBe(field);
    }
  });
});

describe('SPOJ submit and poll', () => {
  it('signs in once, submits to /submit/complete/ and polls through running to Accepted with time and memory', async () => {
    const spoj = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = '#include <cstdio>\nint main() { return 0; }';
    const { runId } = await spoj.submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code });
    const stored = fake.submissions.find((s) => String(s.id) === runId)!;
    expect(stored).toMatchObject({ code: 'PRIME1', lang: '44', source: code, username: account.username });
    const { verdict, seen } = await pollToEnd(spoj, 'PRIME1', runId);
    expect(seen.slice(0, 2)).toEqual([{ status: 'running' }, { status: 'running' }]);
    expect(verdict).toEqual({ status: JUDGE_STATUS.ACCEPTED, timeMs: 10, memoryKb: 5427, errorMessage: '' });
    await spoj.submit(account, { remoteId: 'GSS1', languageRemoteId: '116', code: 'print(2)' });
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('Wrong Answer', async () => {
    const spoj = adapter();
    const { runId } = await spoj.submit(account, {
      remoteId: 'GSS1',
      languageRemoteId: '11',
      code: '/* FAKE_VERDICT=WA */ int main() {}',
    });
    const { verdict } = await pollToEnd(spoj, 'GSS1', runId);
    expect(verdict).toEqual({ status: JUDGE_STATUS.WRONG_ANSWER, timeMs: 20, memoryKb: 5530, errorMessage: '' });
  });

  it('Compile Error with the text of /error/<id>/', async () => {
    const spoj = adapter();
    const { runId } = await spoj.submit(account, {
      remoteId: 'PRIME1',
      languageRemoteId: '44',
      code: '// FAKE_VERDICT=CE\nint main() { x = 1; }',
    });
    const { verdict } = await pollToEnd(spoj, 'PRIME1', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.COMPILE_ERROR, timeMs: 0, memoryKb: 0 });
    expect((verdict as { errorMessage: string }).errorMessage).toContain("error: 'x' was not declared in this scope");
  });

  it('runtime error (SIGSEGV) is a Runtime Error; internal error a System Error with its words', async () => {
    const spoj = adapter();
    const re = await spoj.submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: '// FAKE_VERDICT=RE' });
    expect((await pollToEnd(spoj, 'PRIME1', re.runId)).verdict.status).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    const ie = await spoj.submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: '// FAKE_VERDICT=IE' });
    expect((await pollToEnd(spoj, 'PRIME1', ie.runId)).verdict).toMatchObject({
      status: JUDGE_STATUS.SYSTEM_ERROR,
      errorMessage: 'SPOJ result: internal error',
    });
  });

  it('finds the run on /status/<user>/ when the answer does not name it', async () => {
    fake.mode.hideNewSubmissionId = true;
    const spoj = adapter();
    const { runId } = await spoj.submit(account, { remoteId: 'GSS1', languageRemoteId: '44', code: 'hidden' });
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source).toBe('hidden');
  });

  it('signs in again when the session has expired', async () => {
    const spoj = adapter();
    await spoj.submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: 'first' });
    const before = fake.logins[account.username];
    fake.expireSessions();
    const { runId } = await spoj.submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: 'second' });
    expect(fake.logins[account.username]).toBe(before + 1);
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source).toBe('second');
  });

  it('a refused sign-in is loginFailed with the site message and submits nothing', async () => {
    const count = fake.submissions.length;
    const wrong = await failure(
      adapter().submit(
        { username: account.username, password: 'wrong' },
        { remoteId: 'PRIME1', languageRemoteId: '44', code: 'x' },
      ),
    );
    expect(wrong.failure).toBe('loginFailed');
    expect(wrong.message).toContain('Authentication failed!');
    expect(wrong.message).not.toContain('wrong');
    fake.mode.refuseLogins = true;
    const refused = await failure(adapter().submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: 'x' }));
    expect(refused.failure).toBe('loginFailed');
    expect(fake.submissions.length).toBe(count);
  });

  it("an unknown code or language is submitRejected with SPOJ's words", async () => {
    const count = fake.submissions.length;
    const code = await failure(adapter().submit(account, { remoteId: 'NOSUCH', languageRemoteId: '44', code: 'x' }));
    expect(code.failure).toBe('submitRejected');
    expect(code.message).toContain('Wrong problem code!');
    const language = await failure(
      adapter().submit(account, { remoteId: 'PRIME1', languageRemoteId: '999', code: 'x' }),
    );
    expect(language.failure).toBe('submitRejected');
    expect(fake.submissions.length).toBe(count);
  });

  it('an unknown run is notFound', async () => {
    expect((await failure(adapter().poll(account, { remoteId: 'PRIME1', runId: '1' }))).failure).toBe('notFound');
  });
});

describe('SPOJ failure modes', () => {
  it('HTTP 429 is rateLimited', async () => {
    fake.mode.rateLimited = true;
    expect((await failure(adapter().importProblem('PRIME1'))).failure).toBe('rateLimited');
  });

  it('a site that does not answer within the timeout is unreachable, in about the timeout', async () => {
    fake.mode.hang = true;
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 300 }).importProblem('PRIME1'));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    const submit = await failure(
      adapter({ timeoutMs: 300 }).submit(account, { remoteId: 'PRIME1', languageRemoteId: '44', code: 'x' }),
    );
    expect(submit.failure).toBe('unreachable');
  });

  it('a refused connection is unreachable', async () => {
    const closed = await startFakeSpoj({ accounts: [] });
    await closed.close();
    const error = await failure(createSpojAdapter({ baseUrl: closed.url, timeoutMs: 1000 }).importProblem('TEST'));
    expect(error.failure).toBe('unreachable');
  });
});
