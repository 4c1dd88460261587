import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '../adapter.js';
import { type FakeAtCoder, startFakeAtCoder } from '../testing/fake-atcoder.js';
import { type AtCoderAdapterOptions, createAtCoderAdapter } from './adapter.js';
import { mapAtCoderVerdict, parseAtCoderId } from './site.js';

const account = { username: 'oj-pool-1', password: 'secret-1' };
let fake: FakeAtCoder;

beforeAll(async () => {
  fake = await startFakeAtCoder({ accounts: [account, { username: 'oj-pool-2', password: 'secret-2' }] });
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.mode, {
    refuseLogins: false,
    turnstile: false,
    rateLimited: false,
    hang: false,
    submitCooldown: false,
    removeFromTaskPage: null,
  });
});

const adapter = (options: Partial<AtCoderAdapterOptions> = {}) =>
  createAtCoderAdapter({ baseUrl: fake.url, timeoutMs: 2000, runIdDelayMs: 10, ...options });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteJudgeError);
  return error as RemoteJudgeError;
};

const pollToEnd = async (ac: RemoteJudgeAdapter, remoteId: string, runId: string, who = account) => {
  const seen: RemoteVerdict[] = [];
  for (let i = 0; i < 10; i++) {
    const verdict = await ac.poll(who, { remoteId, runId });
    seen.push(verdict);
    if (verdict.status !== 'running') return { verdict, seen };
  }
  throw new Error('the run never ended');
};

describe('AtCoder task ids', () => {
  it('reads contest and task: abc/arc/agc, other contests, hyphens, digit indexes, upper case', () => {
    expect(parseAtCoderId('abc123_a')).toEqual({ contest: 'abc123', task: 'abc123_a' });
    expect(parseAtCoderId('ARC100_C')).toEqual({ contest: 'arc100', task: 'arc100_c' });
    expect(parseAtCoderId('agc001_a')).toEqual({ contest: 'agc001', task: 'agc001_a' });
    expect(parseAtCoderId('arc001_1')).toEqual({ contest: 'arc001', task: 'arc001_1' });
    expect(parseAtCoderId('typical90_ex')).toEqual({ contest: 'typical90', task: 'typical90_ex' });
    expect(parseAtCoderId('tessoku-book_a')).toEqual({ contest: 'tessoku-book', task: 'tessoku_book_a' });
    expect(parseAtCoderId('jsc2019-qual_b')).toEqual({ contest: 'jsc2019-qual', task: 'jsc2019_qual_b' });
    expect(parseAtCoderId(' dp_a ')).toEqual({ contest: 'dp', task: 'dp_a' });
    expect(adapter().parseProblemId('ABC086_A')).toBe('abc086_a');
    expect(adapter().parseProblemId('tessoku-book_a')).toBe('tessoku-book_a');
  });

  it('refuses malformed ids', () => {
    for (const bad of [
      '',
      'abc123',
      'abc123_',
      '_a',
      '123_a',
      'abc 123_a',
      'abc123-a',
      '../a_b',
      'abc123_abcde',
      'a__b_c',
      'abc/123_a',
      'abc123_a?x',
    ]) {
      expect(parseAtCoderId(bad), bad).toBeNull();
      expect(adapter().parseProblemId(bad), bad).toBeNull();
    }
  });
});

describe('AtCoder verdicts', () => {
  it('maps the status labels to our status codes and keeps waiting and judging ones running', () => {
    for (const running of ['WJ', 'WR', 'Judging', '3/12', '3/12 TLE', '', undefined]) {
      expect(mapAtCoderVerdict(running), String(running)).toBeNull();
    }
    expect(mapAtCoderVerdict('AC')).toBe(JUDGE_STATUS.ACCEPTED);
    expect(mapAtCoderVerdict('WA')).toBe(JUDGE_STATUS.WRONG_ANSWER);
    expect(mapAtCoderVerdict('TLE')).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapAtCoderVerdict('MLE')).toBe(JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED);
    expect(mapAtCoderVerdict('RE')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapAtCoderVerdict('OLE')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapAtCoderVerdict('CE')).toBe(JUDGE_STATUS.COMPILE_ERROR);
    expect(mapAtCoderVerdict('IE')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    expect(mapAtCoderVerdict('XYZ')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
  });
});

describe('AtCoder import', () => {
  it('imports abc086_a: the English statement, var formulas, constraints, limits, samples, source link', async () => {
    const p = await adapter().importProblem('ABC086_A');
    expect(p.remoteId).toBe('abc086_a');
    expect(p.title).toBe('Product');
    expect(p.timeLimitMs).toBe(2000);
    expect(p.memoryLimitMb).toBe(256);
    expect(p.sourceUrl).toBe(`${fake.url}/contests/abc086/tasks/abc086_a`);
    expect(p.description).toContain('two positive integers, $a$ and $b$.');
    expect(p.description).not.toContain('シカ');
    expect(p.description).toContain('### Constraints');
    expect(p.description).toContain('$1 \\leq a,b \\leq 10000$');
    expect(p.input).toContain('Input is given from Standard Input');
    expect(p.input).toContain('```\na b\n```');
    expect(p.output).toContain('print `Odd`');
    expect(p.examples).toEqual([
      { input: '3 4', output: 'Even' },
      { input: '1 21', output: 'Odd' },
    ]);
    expect(p.hint).toContain('As $3 \\times 4 = 12$ is even');
    expect(p.images).toEqual([]);
  });

  it('imports abc307_c: \\( \\) and \\[ \\] formulas, MiB, the figure by absolute URL', async () => {
    const ac = adapter();
    const p = await ac.importProblem('abc307_c');
    expect(p.title).toBe('Ideal Sheet');
    expect(p.memoryLimitMb).toBe(1024);
    expect(p.description).toContain('if $A_{i,j}$ is `#`');
    expect(p.description).toContain(
      '$$\\#\\{\\text{black squares of X}\\} = \\#\\{\\text{black squares of A and B}\\}.$$',
    );
    expect(p.description).toContain('$1\\leq H_A, W_A, H_B, W_B, H_X, W_X\\leq 10$');
    const image = `${fake.url}/img/abc307/1ef5ab7f21b1c43d3f7c4e4b4e0c3d3e.png`;
    expect(p.images).toEqual([image]);
    expect(p.description).toContain(`![figure](${image})`);
    expect(p.input).toContain('A_{H_A}');
    expect(p.examples).toEqual([{ input: '1 2\n##\n1 2\n.#\n1 2\n##', output: 'Yes' }]);
    const stored = await ac.fetchImage(image);
    expect(stored.contentType).toBe('image/png');
  });

  it('an unknown task is notFound', async () => {
    expect((await failure(adapter().importProblem('abc086_z'))).failure).toBe('notFound');
    expect((await failure(adapter().importProblem('zzz001_a'))).failure).toBe('notFound');
  });

  it('a page without one of its parts fails with pageChanged naming the part', async () => {
    const cases: [string, string][] = [
      ['#task-statement', 'task-statement'],
      ['span.lang-en div.io-style', 'input'],
      ['#main-container p', 'time-limit'],
      ['span.lang-en > div.part:first-of-type', 'problem-statement'],
    ];
    for (const [selector, field] of cases) {
      fake.mode.removeFromTaskPage = selector;
      const error = await failure(adapter().importProblem('abc086_a'));
      expect(error.failure, selector).toBe('pageChanged');
      expect(error.field, selector).toBe(field);
    }
  });
});

describe('AtCoder submit and poll', () => {
  it('signs in once, submits and polls through WJ and 3/12 to Accepted with time and memory', async () => {
    const ac = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = 'int main() { return 0; }';
    const { runId } = await ac.submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code });
    const stored = fake.submissions.find((s) => String(s.id) === runId)!;
    expect(stored).toMatchObject({ contest: 'abc086', task: 'abc086_a', languageId: '6017', source: code });
    expect(stored.username).toBe(account.username);
    const { verdict, seen } = await pollToEnd(ac, 'abc086_a', runId);
    expect(seen.slice(0, 2)).toEqual([{ status: 'running' }, { status: 'running' }]);
    expect(verdict).toEqual({ status: JUDGE_STATUS.ACCEPTED, timeMs: 1, memoryKb: 3820, errorMessage: '' });
    await ac.submit(account, { remoteId: 'abc307_c', languageRemoteId: '6082', code: 'print(1)' });
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('Wrong Answer', async () => {
    const ac = adapter();
    const { runId } = await ac.submit(account, {
      remoteId: 'abc307_c',
      languageRemoteId: '6088',
      code: '// FAKE_VERDICT=WA\nfn main() {}',
    });
    const { verdict } = await pollToEnd(ac, 'abc307_c', runId);
    expect(verdict).toEqual({ status: JUDGE_STATUS.WRONG_ANSWER, timeMs: 2, memoryKb: 3900, errorMessage: '' });
  });

  it('Compile Error with the compiler text of the submission page', async () => {
    const ac = adapter();
    const { runId } = await ac.submit(account, {
      remoteId: 'abc086_a',
      languageRemoteId: '6017',
      code: '// FAKE_VERDICT=CE\nint main() { x = 1; }',
    });
    const { verdict } = await pollToEnd(ac, 'abc086_a', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.COMPILE_ERROR, timeMs: 0, memoryKb: 0 });
    expect((verdict as { errorMessage: string }).errorMessage).toContain("error: 'x' was not declared in this scope");
  });

  it('OLE is a Runtime Error, IE a System Error with the label', async () => {
    const ac = adapter();
    const ole = await ac.submit(account, {
      remoteId: 'abc086_a',
      languageRemoteId: '6017',
      code: '// FAKE_VERDICT=OLE',
    });
    expect((await pollToEnd(ac, 'abc086_a', ole.runId)).verdict.status).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    const ie = await ac.submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: '// FAKE_VERDICT=IE' });
    expect((await pollToEnd(ac, 'abc086_a', ie.runId)).verdict).toMatchObject({
      status: JUDGE_STATUS.SYSTEM_ERROR,
      errorMessage: 'AtCoder verdict: IE',
    });
  });

  it('signs in again when the session has expired (a redirect to /login)', async () => {
    const ac = adapter();
    await ac.submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'first' });
    const before = fake.logins[account.username];
    fake.expireSessions();
    const { runId } = await ac.submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'second' });
    expect(fake.logins[account.username]).toBe(before + 1);
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source).toBe('second');
  });

  it('a refused sign-in is loginFailed with the site message and submits nothing', async () => {
    const count = fake.submissions.length;
    const wrong = await failure(
      adapter().submit(
        { username: account.username, password: 'wrong' },
        { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'x' },
      ),
    );
    expect(wrong.failure).toBe('loginFailed');
    expect(wrong.message).toContain('Username or Password is incorrect.');
    expect(wrong.message).not.toContain('wrong');
    fake.mode.refuseLogins = true;
    const refused = await failure(
      adapter().submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'x' }),
    );
    expect(refused.failure).toBe('loginFailed');
    expect(fake.submissions.length).toBe(count);
  });

  it("a sign-in page with Cloudflare's Turnstile is a challenge, not a wrong password", async () => {
    fake.mode.turnstile = true;
    const error = await failure(
      adapter().submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'x' }),
    );
    expect(error.failure).toBe('challenge');
    expect(error.message).toContain('Turnstile');
  });

  it("a contest one must join first is submitRejected with the site's message", async () => {
    const count = fake.submissions.length;
    const error = await failure(
      adapter().submit(account, { remoteId: 'abc999_a', languageRemoteId: '6017', code: 'x' }),
    );
    expect(error.failure).toBe('submitRejected');
    expect(error.message).toContain('You are not registered for this contest.');
    expect(fake.submissions.length).toBe(count);
  });

  it('a language AtCoder does not offer is submitRejected before anything is sent; a cooldown is rateLimited', async () => {
    const count = fake.submissions.length;
    const unknown = await failure(
      adapter().submit(account, { remoteId: 'abc086_a', languageRemoteId: '5001', code: 'x' }),
    );
    expect(unknown.failure).toBe('submitRejected');
    fake.mode.submitCooldown = true;
    const cooldown = await failure(
      adapter().submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'x' }),
    );
    expect(cooldown.failure).toBe('rateLimited');
    expect(cooldown.message).toContain('5 s');
    expect(fake.submissions.length).toBe(count);
  });

  it('an unknown run is notFound', async () => {
    expect((await failure(adapter().poll(account, { remoteId: 'abc086_a', runId: '1' }))).failure).toBe('notFound');
  });
});

describe('AtCoder failure modes', () => {
  it('HTTP 429 is rateLimited', async () => {
    fake.mode.rateLimited = true;
    expect((await failure(adapter().importProblem('abc086_a'))).failure).toBe('rateLimited');
  });

  it('a site that does not answer within the timeout is unreachable, in about the timeout', async () => {
    fake.mode.hang = true;
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 300 }).importProblem('abc086_a'));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    const submit = await failure(
      adapter({ timeoutMs: 300 }).submit(account, { remoteId: 'abc086_a', languageRemoteId: '6017', code: 'x' }),
    );
    expect(submit.failure).toBe('unreachable');
  });

  it('a refused connection is unreachable', async () => {
    const closed = await startFakeAtCoder({ accounts: [] });
    await closed.close();
    const error = await failure(
      createAtCoderAdapter({ baseUrl: closed.url, timeoutMs: 1000 }).importProblem('abc086_a'),
    );
    expect(error.failure).toBe('unreachable');
  });
});
