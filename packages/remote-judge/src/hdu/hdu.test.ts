import { readFileSync } from 'node:fs';
import { JUDGE_STATUS } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudgeAdapter, RemoteJudgeError, type RemoteVerdict } from '../adapter.js';
import { decodePage } from '../charset.js';
import { type FakeHdu, startFakeHdu } from '../testing/fake-hdu.js';
import { createHduAdapter, encodeHduCode, type HduAdapterOptions } from './adapter.js';
import { hduLoginError, hduSubmitError, parseHduCompileError, parseHduStatusPage } from './pages.js';
import { mapHduVerdict, parseHduId } from './site.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/hdu/${name}`, import.meta.url));
const account = { username: 'oj-pool-1', password: 'secret-1' };
const padding = '\n// padding so the code is longer than HDU minimum of fifty bytes\n';
let fake: FakeHdu;

beforeAll(async () => {
  fake = await startFakeHdu({ accounts: [account, { username: 'oj-pool-2', password: 'secret-2' }] });
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.mode, {
    refuseLogins: false,
    rateLimited: false,
    down: false,
    hang: false,
    submitTooFast: 0,
    removeFromProblemPage: null,
  });
});

const adapter = (options: Partial<HduAdapterOptions> = {}) =>
  createHduAdapter({ baseUrl: fake.url, timeoutMs: 2000, runIdDelayMs: 10, resubmitDelayMs: 10, ...options });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteJudgeError);
  return error as RemoteJudgeError;
};

const pollToEnd = async (hdu: RemoteJudgeAdapter, remoteId: string, runId: string, who = account) => {
  const seen: RemoteVerdict[] = [];
  for (let i = 0; i < 10; i++) {
    const verdict = await hdu.poll(who, { remoteId, runId });
    seen.push(verdict);
    if (verdict.status !== 'running') return { verdict, seen };
  }
  throw new Error('the run never ended');
};

describe('HDU problem ids and verdicts', () => {
  it('reads four-digit ids from 1000 to 7999 and refuses anything else', () => {
    expect(parseHduId('1000')).toBe('1000');
    expect(parseHduId(' 7123 ')).toBe('7123');
    expect(adapter().parseProblemId('2000')).toBe('2000');
    for (const bad of ['', '999', '0999', '8000', '10000', '1000A', '1e3', '-1000', '10 00', '../1000']) {
      expect(parseHduId(bad), bad).toBeNull();
    }
  });

  it('maps the status column to our status codes; OLE and every Runtime Error(...) are Runtime Errors', () => {
    for (const running of ['Queuing', 'Compiling', 'Running', '']) expect(mapHduVerdict(running)).toBeNull();
    expect(mapHduVerdict('Accepted')).toBe(JUDGE_STATUS.ACCEPTED);
    expect(mapHduVerdict('Wrong Answer')).toBe(JUDGE_STATUS.WRONG_ANSWER);
    expect(mapHduVerdict('Presentation Error')).toBe(JUDGE_STATUS.PRESENTATION_ERROR);
    expect(mapHduVerdict('Time Limit Exceeded')).toBe(JUDGE_STATUS.TIME_LIMIT_EXCEEDED);
    expect(mapHduVerdict('Memory Limit Exceeded')).toBe(JUDGE_STATUS.MEMORY_LIMIT_EXCEEDED);
    expect(mapHduVerdict('Output Limit Exceeded')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapHduVerdict('Runtime Error(ACCESS_VIOLATION)')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapHduVerdict('Runtime Error (STACK_OVERFLOW)')).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    expect(mapHduVerdict('Compilation Error')).toBe(JUDGE_STATUS.COMPILE_ERROR);
    expect(mapHduVerdict('System Error')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
    expect(mapHduVerdict('Something New')).toBe(JUDGE_STATUS.SYSTEM_ERROR);
  });

  it('offers G++, GCC, C++, C and Java with their form values and local languages', () => {
    expect(adapter().languages.map((l) => [l.remoteId, l.name, l.local])).toEqual([
      ['0', 'G++', 'C++'],
      ['1', 'GCC', 'C'],
      ['2', 'C++', 'C++'],
      ['3', 'C', 'C'],
      ['5', 'Java', 'Java'],
    ]);
  });
});

describe('HDU recorded pages', () => {
  it('the GBK page decodes by its <meta> charset (no charset in the header)', () => {
    const bytes = fixture('problem-2000.html');
    expect(bytes.includes(Buffer.from('ASCII码排序', 'utf8'))).toBe(false);
    const text = decodePage(bytes, 'text/html');
    expect(text).toContain('ASCII码排序');
    expect(text).toContain('输入三个字符后');
    expect(decodePage(Buffer.from('<p>码</p>', 'utf8'), 'text/html; charset=UTF-8')).toBe('<p>码</p>');
  });

  it('reads the status rows: run id, verdict with the Runtime Error detail, time, memory, author', () => {
    const rows = parseHduStatusPage(fixture('status.html').toString('latin1'));
    expect(rows.map((r) => [r.runId, r.verdict, r.timeMs, r.memoryKb])).toEqual([
      ['38012347', 'Runtime Error(ACCESS_VIOLATION)', 0, 1704],
      ['38012346', 'Compilation Error', 0, 0],
      ['38012345', 'Accepted', 15, 1736],
    ]);
    expect(rows[0]).toMatchObject({ problemId: '1000', author: 'oj-recorder' });
  });

  it('reads the compile error, the login complaint and the submit complaints', () => {
    expect(parseHduCompileError(fixture('viewerror.html').toString('latin1'))).toContain(
      "error: 'x' was not declared in this scope",
    );
    expect(parseHduCompileError(fixture('no-such-problem.html').toString('latin1'))).toBeNull();
    expect(hduLoginError(fixture('login.html').toString('latin1'))).toBe('No such user or wrong password.');
    expect(hduSubmitError(fixture('submit-error.html').toString('latin1'))).toContain('Code length is improper');
    expect(hduSubmitError(fixture('submit-too-fast.html').toString('latin1'))).toContain("Please don't re-submit");
  });

  it('encodes the code as the submit form does: Base64 of the URL-encoded code with a blank tail', () => {
    const code = 'int main() { puts("a+b ü"); }';
    const decoded = decodeURIComponent(Buffer.from(encodeHduCode(code), 'base64').toString('utf8'));
    expect(decoded.startsWith(code)).toBe(true);
    expect(decoded.slice(code.length)).toMatch(/^\n[ \t]+$/);
    expect(Buffer.byteLength(decoded)).toBeGreaterThanOrEqual(50);
  });
});

describe('HDU import', () => {
  it('imports 1000: C/C++ limits (the "Others" figures), statement, sample, source link', async () => {
    const p = await adapter().importProblem('1000');
    expect(p).toMatchObject({ remoteId: '1000', title: 'A + B Problem', timeLimitMs: 1000, memoryLimitMb: 32 });
    expect(p.sourceUrl).toBe(`${fake.url}/showproblem.php?pid=1000`);
    expect(p.description).toBe('Calculate *A + B*.');
    expect(p.input).toBe('Each line will contain two integers *A* and *B*. Process to end of file.');
    expect(p.output).toBe('For each case, output *A + B* in one line.');
    expect(p.examples).toEqual([{ input: '1 1', output: '2' }]);
    expect(p.hint).toBe('');
    expect(p.images).toEqual([]);
  });

  it('imports 1033: the image by absolute URL, sup as math, the hint out of the sample output, the source', async () => {
    const hdu = adapter();
    const p = await hdu.importProblem('1033');
    const image = `${fake.url}/data/images/1033-1.gif`;
    expect(p.images).toEqual([image]);
    expect(p.description).toContain(`![](${image})`);
    expect(p.description).toContain('10$^{3}$');
    expect(p.examples).toEqual([
      { input: 'V\nAVV', output: '300 420 moveto\n310 420 lineto\n310 430 lineto\nstroke\nshowpage' },
    ]);
    expect(p.hint).toContain('The drawing of the second case is **not** shown here');
    expect(p.hint).toContain('Source: University of Ulm Local Contest 1996');
    const stored = await hdu.fetchImage(image);
    expect(stored.contentType).toBe('image/gif');
    expect(stored.bytes.subarray(0, 3).toString()).toBe('GIF');
  });

  it('imports 2000, served in GBK: the Chinese title, statement and source read correctly', async () => {
    const p = await adapter().importProblem('2000');
    expect(p.title).toBe('ASCII码排序');
    expect(p.description).toBe('输入三个字符后，按各字符的ASCII码从小到大的顺序输出这三个字符。');
    expect(p.input).toContain('每组占一行');
    expect(p.examples).toEqual([{ input: 'qwe\nasd\nzxc', output: 'e q w\na d s\nc x z' }]);
    expect(p.hint).toBe('Source: C语言程序设计练习（一）');
    expect(p).toMatchObject({ timeLimitMs: 1000, memoryLimitMb: 32 });
  });

  it('a missing problem ("No such problem") is notFound; a malformed id too', async () => {
    const missing = await failure(adapter().importProblem('7999'));
    expect(missing.failure).toBe('notFound');
    expect(missing.message).toContain('No such problem');
    expect((await failure(adapter().importProblem('abc'))).failure).toBe('notFound');
  });

  it('a page without one of its parts fails with pageChanged naming the part', async () => {
    for (const field of ['title', 'time-limit', 'memory-limit', 'Problem Description', 'Input', 'Sample Input']) {
      fake.mode.removeFromProblemPage = field;
      const error = await failure(adapter().importProblem('1000'));
      expect(error.failure, field).toBe('pageChanged');
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    }
  });
});

describe('HDU submit and poll', () => {
  it('logs in, submits G++ to 1000 and polls through Queuing/Compiling/Running to Accepted', async () => {
    const hdu = adapter();
    const before = fake.logins[account.username] ?? 0;
    const code = `int main() { return 0; }${padding}`;
    const { runId } = await hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code });
    const stored = fake.submissions.find((s) => String(s.id) === runId)!;
    expect(stored).toMatchObject({ problemId: '1000', username: account.username, language: '0' });
    expect(stored.source.startsWith(code)).toBe(true);
    expect(stored.source.trim()).toBe(code.trim());
    const { verdict, seen } = await pollToEnd(hdu, '1000', runId);
    expect(seen[0]).toEqual({ status: 'running' });
    expect(verdict).toEqual({ status: JUDGE_STATUS.ACCEPTED, timeMs: 15, memoryKb: 1736, errorMessage: '' });
    expect(fake.logins[account.username]).toBe(before + 1);
  });

  it('a short program is padded to the 50 bytes HDU asks for, and is accepted', async () => {
    const hdu = adapter();
    const { runId } = await hdu.submit(account, { remoteId: '1000', languageRemoteId: '1', code: 'int main(){}' });
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source.trim()).toBe('int main(){}');
  });

  it('Wrong Answer', async () => {
    const hdu = adapter();
    const code = `// FAKE_VERDICT=WRONG_ANSWER\nint main() {}${padding}`;
    const { runId } = await hdu.submit(account, { remoteId: '2000', languageRemoteId: '5', code });
    const { verdict } = await pollToEnd(hdu, '2000', runId);
    expect(verdict).toEqual({ status: JUDGE_STATUS.WRONG_ANSWER, timeMs: 0, memoryKb: 1704, errorMessage: '' });
  });

  it('Compile Error with the compiler text from /viewerror.php', async () => {
    const hdu = adapter();
    const code = `// FAKE_VERDICT=COMPILATION_ERROR\nint main() { x = 1; }${padding}`;
    const { runId } = await hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code });
    const { verdict } = await pollToEnd(hdu, '1000', runId);
    expect(verdict).toMatchObject({ status: JUDGE_STATUS.COMPILE_ERROR, timeMs: 0, memoryKb: 0 });
    const message = (verdict as { errorMessage: string }).errorMessage;
    expect(message).toContain("error: 'x' was not declared in this scope");
    expect(message).toContain(`0_0_${runId}_`);
  });

  it('Output Limit Exceeded is a Runtime Error; System Error carries the verdict', async () => {
    const hdu = adapter();
    const ole = await hdu.submit(account, {
      remoteId: '1000',
      languageRemoteId: '0',
      code: `// FAKE_VERDICT=OUTPUT_LIMIT_EXCEEDED${padding}`,
    });
    expect((await pollToEnd(hdu, '1000', ole.runId)).verdict.status).toBe(JUDGE_STATUS.RUNTIME_ERROR);
    const se = await hdu.submit(account, {
      remoteId: '1000',
      languageRemoteId: '0',
      code: `// FAKE_VERDICT=SYSTEM_ERROR${padding}`,
    });
    expect((await pollToEnd(hdu, '1000', se.runId)).verdict).toMatchObject({
      status: JUDGE_STATUS.SYSTEM_ERROR,
      errorMessage: 'HDU verdict: System Error',
    });
  });

  it('"Please don\'t re-submit in 5 seconds" is waited out once, then rateLimited', async () => {
    const hdu = adapter();
    fake.mode.submitTooFast = 1;
    const count = fake.submissions.length;
    const { runId } = await hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code: `once${padding}` });
    expect(fake.submissions.length).toBe(count + 1);
    expect(runId).toBe(String(fake.submissions.at(-1)?.id));
    fake.mode.submitTooFast = 2;
    const error = await failure(hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'twice' }));
    expect(error.failure).toBe('rateLimited');
    expect(fake.submissions.length).toBe(count + 1);
  });

  it('logs in again when the session has expired', async () => {
    const hdu = adapter();
    await hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code: `first${padding}` });
    const before = fake.logins[account.username];
    fake.expireSessions();
    const { runId } = await hdu.submit(account, { remoteId: '1000', languageRemoteId: '0', code: `second${padding}` });
    expect(fake.logins[account.username]).toBe(before + 1);
    expect(fake.submissions.find((s) => String(s.id) === runId)?.source).toContain('second');
  });

  it("a refused login is loginFailed with HDU's complaint and submits nothing", async () => {
    const count = fake.submissions.length;
    const wrong = await failure(
      adapter().submit(
        { username: account.username, password: 'wrong' },
        { remoteId: '1000', languageRemoteId: '0', code: 'x' },
      ),
    );
    expect(wrong.failure).toBe('loginFailed');
    expect(wrong.message).toContain('No such user or wrong password.');
    expect(wrong.message).not.toContain('wrong,');
    fake.mode.refuseLogins = true;
    expect(
      (await failure(adapter().submit(account, { remoteId: '1000', languageRemoteId: '0', code: 'x' }))).failure,
    ).toBe('loginFailed');
    expect(fake.submissions.length).toBe(count);
  });

  it('a language HDU has no local counterpart for (Pascal, C#) is submitRejected before anything is sent', async () => {
    const count = fake.submissions.length;
    for (const language of ['4', '6', '99']) {
      const error = await failure(
        adapter().submit(account, { remoteId: '1000', languageRemoteId: language, code: 'x' }),
      );
      expect(error.failure).toBe('submitRejected');
    }
    expect(fake.submissions.length).toBe(count);
  });

  it('an unknown run is notFound', async () => {
    expect((await failure(adapter().poll(account, { remoteId: '1000', runId: '1' }))).failure).toBe('notFound');
  });
});

describe('HDU failure modes', () => {
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
    expect((await failure(adapter().poll(account, { remoteId: '1000', runId: '38012348' }))).failure).toBe(
      'unreachable',
    );
    fake.mode.down = false;
    fake.mode.rateLimited = true;
    expect((await failure(adapter().importProblem('1000'))).failure).toBe('rateLimited');
  });

  it('a refused connection is unreachable', async () => {
    const closed = await startFakeHdu({ accounts: [] });
    await closed.close();
    const error = await failure(createHduAdapter({ baseUrl: closed.url, timeoutMs: 1000 }).importProblem('1000'));
    expect(error.failure).toBe('unreachable');
  });
});
