import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, judgeCall } from '../../../test/judge-helpers.js';
import { multipartBody, rawZip } from '../../../test/zip-fixtures.js';
import { problems } from '../../db/schema.js';
import { readZip, writeZip } from './safe-zip.js';

type Role = 'student' | 'teacher' | 'teacher2' | 'problemAdmin' | 'root';

const baseDto = (over: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) => ({
  problem: {
    title: 'Sum of two',
    description: 'Add $a+b$.',
    input: 'two numbers',
    output: 'their sum',
    examples: '<input>1 2</input><output>3</output>',
    auth: 2,
    type: 0,
    ...problem,
  },
  samples: [
    { input: '1 2\n', output: '3\n' },
    { input: '5 5\n', output: '10\n' },
  ],
  isUploadTestCase: false,
  languages: [{ name: 'C++' }, { name: 'Python3' }],
  tags: [{ name: 'math' }],
  codeTemplates: [{ language: 'C++', code: '//PREPEND BEGIN\n#include <cstdio>\n//PREPEND END\n', status: true }],
  ...over,
});

describe.each(DB_KINDS)('admin problems on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  const names = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const make = async (role: Role, roleName: 'user' | 'admin' | 'problem_admin') => {
      const u = await createUser(t, roleName);
      tokens[role] = (await login(t, u.username, u.password)).token as string;
      names[role] = u.username;
    };
    await make('student', 'user');
    await make('teacher', 'admin');
    await make('teacher2', 'admin');
    await make('problemAdmin', 'problem_admin');
    tokens.root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    names.root = 'root';
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Role, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { authorization: tokens[who] } : {} });
  const upload = (url: string, who: Role, field: string, name: string, bytes: Buffer, fields = {}) => {
    const m = multipartBody(field, name, bytes, fields);
    return t.app.inject({
      method: 'POST',
      url,
      payload: m.payload,
      headers: { ...m.headers, authorization: tokens[who] },
    });
  };
  const create = async (who: Role, dto = baseDto()) => {
    const res = await call('POST', '/api/admin/problem', who, dto);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { pid: number; problemId: string };
  };
  const key = (res: { json(): { data: { key?: string } | null } }) => res.json().data?.key;

  it('creates a problem with the defaults, P<id> as display id, and everything the form sends', async () => {
    const { pid, problemId } = await create('teacher');
    expect(problemId).toBe(`P${pid}`);
    const got = (await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data;
    expect(got).toMatchObject({
      title: 'Sum of two',
      author: names.teacher,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      difficulty: 0,
      auth: 2,
      judgeMode: 'default',
      isRemoveEndBlank: true,
      openCaseResult: true,
      codeShare: true,
      isUploadCase: false,
    });
    const settings = (await call('GET', `/api/admin/problem/get-problem-settings?pid=${pid}`, 'teacher')).json().data;
    expect(settings.languages.sort()).toEqual(['C++', 'Python3']);
    expect(settings.codeTemplates).toEqual([
      { language: 'C++', code: '//PREPEND BEGIN\n#include <cstdio>\n//PREPEND END\n', status: true },
    ]);
    expect(settings.tags.map((x: { name: string }) => x.name)).toEqual(['math']);
    const tags = (await call('GET', `/api/get-problem-tags?pid=${pid}`)).json().data;
    expect(tags.map((x: { name: string }) => x.name)).toEqual(['math']);
    const cases = (
      await call('GET', `/api/admin/problem/get-problem-cases?pid=${pid}&isUpload=false`, 'teacher')
    ).json().data;
    expect(cases.map((c: { input: string; output: string }) => [c.input, c.output])).toEqual([
      ['1 2\n', '3\n'],
      ['5 5\n', '10\n'],
    ]);
  });

  it('applies the role rules: teachers manage their own problems, problem_admin and root all; students none', async () => {
    const { pid } = await create('teacher');
    const statuses = async (method: 'GET' | 'PUT', url: string, body?: (who: Role) => object) => {
      const out: Record<string, number> = {};
      for (const who of ['student', 'teacher', 'teacher2', 'problemAdmin', 'root'] as Role[]) {
        out[who] = (await call(method, url, who, body?.(who))).statusCode;
      }
      return out;
    };
    expect(await statuses('GET', `/api/admin/problem?pid=${pid}`)).toEqual({
      student: 403,
      teacher: 200,
      teacher2: 403,
      problemAdmin: 200,
      root: 200,
    });
    expect((await call('GET', `/api/admin/problem?pid=${pid}`)).statusCode).toBe(401);
    const edit = (who: Role) => baseDto({}, { id: pid, title: `edited by ${who}` });
    expect(await statuses('PUT', '/api/admin/problem', edit)).toEqual({
      student: 403,
      teacher: 200,
      teacher2: 403,
      problemAdmin: 200,
      root: 200,
    });
    // The list shows a teacher only their own problems.
    const list2 = (await call('GET', '/api/admin/problem/get-problem-list?limit=100', 'teacher2')).json().data;
    expect(list2.records.every((r: { author: string }) => r.author === names.teacher2)).toBe(true);
    const listRoot = (await call('GET', `/api/admin/problem/get-problem-list?keyword=edited&limit=100`, 'root')).json()
      .data;
    expect(listRoot.records.map((r: { id: number }) => r.id)).toContain(pid);
    // Only root and problem_admin make a problem public.
    const auth = (who: Role, a: number) =>
      call('PUT', '/api/admin/problem/change-problem-auth', who, { id: pid, auth: a });
    expect(key(await auth('teacher', 1))).toBe('problemPublicForbidden');
    expect((await auth('teacher', 3)).statusCode).toBe(200);
    expect((await auth('problemAdmin', 1)).statusCode).toBe(200);
    const publicList = (await call('GET', '/api/admin/problem/get-problem-list?auth=1&limit=100', 'root')).json().data;
    expect(publicList.records.map((r: { id: number }) => r.id)).toContain(pid);
    const createPublic = await call('POST', '/api/admin/problem', 'teacher', baseDto({}, { auth: 1 }));
    expect([createPublic.statusCode, key(createPublic)]).toEqual([403, 'problemPublicForbidden']);
    // Delete: root and problem_admin.
    expect((await call('DELETE', `/api/admin/problem?pid=${pid}`, 'teacher')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/problem?pid=${pid}`, 'root')).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/problem?pid=${pid}`, 'root')).statusCode).toBe(404);
  });

  it('refuses invalid forms with the message key and changes nothing', async () => {
    const before = (await call('GET', '/api/admin/problem/get-problem-list?limit=1', 'root')).json().data.total;
    const cases: [object, string][] = [
      [baseDto({}, { title: '' }), 'Problem_Title_Required'],
      [baseDto({}, { input: '' }), 'Input_Description_Required'],
      [baseDto({ languages: [] }), 'Problem_Language_Required'],
      [baseDto({ samples: [] }), 'testCaseRequired'],
      [baseDto({ samples: [{ input: '', output: '' }] }), 'testCaseEmpty'],
      [baseDto({ samples: [{ input: '1', output: '1', score: -1 }] }), 'Score_Must_Be_Integer'],
      [baseDto({ samples: [{ input: '1', output: '1', score: 1.5 }] }, { type: 1 }), 'Score_Must_Be_Integer'],
      [baseDto({}, { type: 1, judgeCaseMode: 'subtask_lowest' }), 'groupNumRequired'],
      [baseDto({ tags: [{ name: 'dp' }, { name: 'DP' }] }), 'Add_Tag_Error'],
      [baseDto({ codeTemplates: [{ language: 'C++', code: ' ', status: true }] }), 'templateEmpty'],
      [baseDto({ judgeMode: 'spj' }), 'checkerRequired'],
      [baseDto({}, { problemId: '../x' }), 'problemIdInvalid'],
      [baseDto({ isUploadTestCase: true, uploadTestcaseDir: 'nope' }), 'uploadExpired'],
    ];
    for (const [dto, expected] of cases) {
      const res = await call('POST', '/api/admin/problem', 'root', dto);
      expect([res.statusCode, key(res)], expected).toEqual([400, expected]);
    }
    await create('root', baseDto({}, { problemId: 'TAKEN-1' }));
    const dup = await call('POST', '/api/admin/problem', 'root', baseDto({}, { problemId: 'taken-1' }));
    expect(key(dup)).toBe('problemIdTaken');
    const after = (await call('GET', '/api/admin/problem/get-problem-list?limit=1', 'root')).json().data.total;
    expect(after).toBe(before + 1);
  });

  it('uploads a test-data zip, saves it with OI scores, bumps the data version and downloads it again', async () => {
    const zip = await writeZip([
      { name: 'data/1.in', data: '1 2\n' },
      { name: 'data/1.out', data: '3\n' },
      { name: 'data/2.in', data: '2 2\n' },
      { name: 'data/2.ans', data: '4\n' },
      { name: 'data/10.in', data: '5 5\n' },
      { name: 'data/10.out', data: '10\n' },
      { name: 'data/readme.md', data: 'ignored' },
    ]);
    const up = await upload('/api/file/upload-testcase-zip', 'teacher', 'file', 'tests.zip', zip, { mode: 'default' });
    expect(up.statusCode, up.body).toBe(200);
    const { fileList, fileListDir } = up.json().data;
    expect(fileList).toEqual([
      { input: '1.in', output: '1.out' },
      { input: '2.in', output: '2.ans' },
      { input: '10.in', output: '10.out' },
    ]);
    expect(fileListDir).toMatch(/^[0-9a-f]{32}$/);
    // Another admin cannot use someone else's upload id.
    const stolen = await call(
      'POST',
      '/api/admin/problem',
      'teacher2',
      baseDto({ isUploadTestCase: true, uploadTestcaseDir: fileListDir, samples: [] }, { type: 1 }),
    );
    expect(key(stolen)).toBe('uploadExpired');

    const { pid } = await create(
      'teacher',
      baseDto({ isUploadTestCase: true, uploadTestcaseDir: fileListDir, samples: [] }, { type: 1 }),
    );
    const p1 = (await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data;
    const cases = (await call('GET', `/api/admin/problem/get-problem-cases?pid=${pid}`, 'teacher')).json().data;
    // 100 points over three cases: 33, 33, 34 (the remainder adds a point to the last cases).
    expect(cases.map((c: { input: string; score: number }) => [c.input, c.score])).toEqual([
      ['1.in', 33],
      ['2.in', 33],
      ['10.in', 34],
    ]);
    expect(p1.ioScore).toBe(100);
    // The id is single-use.
    const again = await call(
      'POST',
      '/api/admin/problem',
      'teacher',
      baseDto({ isUploadTestCase: true, uploadTestcaseDir: fileListDir, samples: [] }),
    );
    expect(key(again)).toBe('uploadExpired');

    // Rescoring the stored files (no new upload) changes the version; the judge sees the new scores.
    const rescored = baseDto(
      {
        isUploadTestCase: true,
        samples: [
          { input: '1.in', output: '1.out', score: 10 },
          { input: '2.in', output: '2.ans', score: 20 },
          { input: '10.in', output: '10.out', score: 70 },
        ],
      },
      { id: pid, type: 1 },
    );
    expect((await call('PUT', '/api/admin/problem', 'teacher', rescored)).statusCode).toBe(200);
    const p2 = (await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data;
    expect(p2.caseVersion).not.toBe(p1.caseVersion);
    expect(p2.ioScore).toBe(100);
    const unchanged = await call('PUT', '/api/admin/problem', 'teacher', rescored);
    expect(unchanged.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data.caseVersion).toBe(
      p2.caseVersion,
    );

    const download = await call('GET', `/api/file/download-testcase?pid=${pid}`, 'teacher');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const entries = await readZip(download.rawPayload);
    expect(Object.fromEntries(entries.map((e) => [e.name, e.data.toString()]))).toEqual({
      '1.in': '1 2\n',
      '1.out': '3\n',
      '2.in': '2 2\n',
      '2.ans': '4\n',
      '10.in': '5 5\n',
      '10.out': '10\n',
    });
    expect((await call('GET', `/api/file/download-testcase?pid=${pid}`, 'teacher2')).statusCode).toBe(403);
    expect((await call('GET', `/api/file/download-testcase?pid=${pid}`, 'student')).statusCode).toBe(403);
  });

  it('pairs input/output .txt files and answers group numbers in subtask modes', async () => {
    const zip = await writeZip([
      { name: 'input1.txt', data: 'a' },
      { name: 'output1.txt', data: 'b' },
      { name: 'input2.txt', data: 'c' },
    ]);
    const up = await upload('/api/file/upload-testcase-zip', 'root', 'file', 't.zip', zip, { mode: 'subtask_lowest' });
    expect(up.json().data.fileList).toEqual([
      { input: 'input1.in', output: 'input1.out', groupNum: 1 },
      { input: 'input2.in', output: 'input2.out', groupNum: 1 },
    ]);
  });

  it('refuses hostile or broken archives with a clear message and stores nothing', async () => {
    const attempts: [string, Buffer][] = [
      [
        'zipUnsafePath',
        rawZip([
          { name: '../evil.in', data: 'x' },
          { name: 'evil.out', data: 'y' },
        ]),
      ],
      [
        'zipSymlink',
        rawZip([
          { name: '1.in', data: '/etc/passwd', unixMode: 0o120777 },
          { name: '1.out', data: 'y' },
        ]),
      ],
      ['zipTooManyEntries', rawZip(Array.from({ length: 2001 }, (_, i) => ({ name: `${i}.in`, data: String(i) })))],
      // A bomb whose header declares more than the limit is refused before inflating anything.
      ['zipTooLarge', rawZip([{ name: '1.in', data: 'x', deflate: true, declaredSize: 0xffff_fff0 }])],
      // A bomb that lies about its size is caught while inflating.
      ['zipTooLarge', rawZip([{ name: '1.in', data: Buffer.alloc(8 * 1024 * 1024), deflate: true, declaredSize: 10 }])],
      ['zipInvalid', Buffer.from('this is not a zip at all')],
      ['zipNoTestCase', await writeZip([{ name: 'readme.md', data: 'hello' }])],
      [
        'zipTooDeep',
        await writeZip([
          { name: 'a/b/1.in', data: '1' },
          { name: 'a/b/1.out', data: '1' },
        ]),
      ],
    ];
    for (const [expected, bytes] of attempts) {
      const res = await upload('/api/file/upload-testcase-zip', 'root', 'file', 'x.zip', bytes);
      expect([res.statusCode, key(res)], expected).toEqual([400, expected]);
      expect(res.json().msg).not.toMatch(/\/tmp|\/home|node_modules/);
    }
    const student = await upload('/api/file/upload-testcase-zip', 'student', 'file', 'x.zip', attempts[0][1]);
    expect(student.statusCode).toBe(403);
  });

  it('reports a checker that does not compile with the compiler text (the judge plays through the protocol)', async () => {
    const judge = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/judge/${path}`,
        payload,
        headers: { authorization: 'Bearer test-judge-token' },
      });
    const pending = call('POST', '/api/admin/problem/compile-spj', 'teacher', {
      code: 'int main( { return 0; }',
      language: 'C++',
      extraFiles: { 'testlib.h': '// header' },
    });
    let task: { kind: string; taskId: number; attempt: number; mode: string; extraFiles: object } | null = null;
    for (let i = 0; i < 50 && !task; i++) {
      const res = await judge('claim', {
        name: 'checker-judge',
        languages: ['C++'],
        concurrency: 1,
        running: 0,
        waitMs: 200,
      });
      task = res.json().data;
    }
    expect(task).toMatchObject({ kind: 'compileChecker', mode: 'spj', extraFiles: { 'testlib.h': '// header' } });
    const reported = await judge('report', {
      name: 'checker-judge',
      taskId: task?.taskId,
      attempt: task?.attempt,
      compile: { ok: false, message: "checker.cpp:1:10: error: expected ')'" },
    });
    expect(reported.statusCode).toBe(200);
    const res = await pending;
    expect([res.statusCode, key(res)]).toEqual([400, 'checkerCompileFailed']);
    expect(res.json().msg).toContain("error: expected ')'");
    const bad = await call('POST', '/api/admin/problem/compile-interactive', 'teacher', {
      code: 'x',
      language: 'Java',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('compiles a saved checker on a judge: compiling, then ok, or error with the compiler text; none without one', async () => {
    const judge = createFakeJudge(t, 'checker-state-judge', ['C++']);
    const checkerOf = async (pid: number) => {
      const p = (await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data;
      return [p.checkerState, p.checkerError];
    };
    const report = (task: { taskId: number; attempt: number }, compile: { ok: boolean; message: string }) =>
      judgeCall(t, 'report', { name: 'checker-state-judge', taskId: task.taskId, attempt: task.attempt, compile });
    const dto = baseDto(
      { judgeMode: 'spj' },
      { spjCode: 'int main() { return 0; }', spjLanguage: 'C++', judgeExtraFile: { 'check.h': '// helper' } },
    );
    const { pid } = await create('teacher', dto);
    expect(await checkerOf(pid)).toEqual(['compiling', null]);
    const first = await judge.claim();
    expect(first).toMatchObject({
      kind: 'compileChecker',
      mode: 'spj',
      source: 'int main() { return 0; }',
      extraFiles: { 'check.h': '// helper' },
    });
    await report(first, { ok: true, message: '' });
    expect(await checkerOf(pid)).toEqual(['ok', null]);

    const broken = { ...dto, problem: { ...dto.problem, id: pid, spjCode: 'int main( { return 0; }' } };
    expect((await call('PUT', '/api/admin/problem', 'teacher', broken)).statusCode).toBe(200);
    expect(await checkerOf(pid)).toEqual(['compiling', null]);
    const second = await judge.claim();
    expect(second).toMatchObject({ kind: 'compileChecker', source: 'int main( { return 0; }' });
    await report(second, { ok: false, message: "checker.cpp:1:10: error: expected ')'" });
    expect(await checkerOf(pid)).toEqual(['error', "checker.cpp:1:10: error: expected ')'"]);
    const list = (await call('GET', '/api/admin/problem/get-problem-list?limit=100', 'teacher')).json().data;
    expect(list.records.find((r: { id: number }) => r.id === pid)).toMatchObject({
      checkerState: 'error',
      checkerError: "checker.cpp:1:10: error: expected ')'",
    });

    // A problem without a checker has no state and queues nothing.
    const plain = await create('teacher');
    expect(await checkerOf(plain.pid)).toEqual([null, null]);
    expect(await judge.claim()).toBeNull();
  });

  it('saves extra files up to 1 MiB each beyond the 2 MiB default body, refuses a larger file or body, stores nothing', async () => {
    const MiB = 1024 * 1024;
    const total = async () =>
      (await call('GET', '/api/admin/problem/get-problem-list?limit=1', 'root')).json().data.total as number;
    const before = await total();
    // A 1 MiB header of quotes is 2 MiB in JSON: with a 1 MiB user file the body is over 3 MiB.
    const judgeFile = '"'.repeat(MiB);
    const userFile = 'a'.repeat(MiB);
    const dto = baseDto(
      { judgeMode: 'spj' },
      {
        spjCode: '#include "quotes.h"\nint main() { return 0; }',
        spjLanguage: 'C++',
        judgeExtraFile: JSON.stringify({ 'quotes.h': judgeFile }),
        userExtraFile: JSON.stringify({ 'big.txt': userFile }),
      },
    );
    expect(Buffer.byteLength(JSON.stringify(dto))).toBeGreaterThan(3 * MiB);
    const { pid } = await create('teacher', dto);
    const saved = (await call('GET', `/api/admin/problem?pid=${pid}`, 'teacher')).json().data;
    const files = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string>;
    expect(files(saved.judgeExtraFile)['quotes.h']).toBe(judgeFile);
    expect(files(saved.userExtraFile)['big.txt']).toBe(userFile);
    // The checker compile call takes the same files.
    const compile = await call('POST', '/api/admin/problem/compile-spj', 'teacher', {
      code: 'int main() { return 0; }',
      language: 'C++',
      extraFiles: { 'quotes.h': 'é'.repeat(MiB / 2 + 1) },
    });
    expect([compile.statusCode, key(compile)]).toEqual([400, 'extraFileTooLarge']);

    // One byte over 1 MiB (a two-byte character at the end), and a body over 8 MiB, change nothing.
    const oneOver = baseDto({}, { userExtraFile: { 'big.txt': `${'a'.repeat(MiB - 1)}é` } });
    const refused = await call('POST', '/api/admin/problem', 'teacher', oneOver);
    expect([refused.statusCode, key(refused)]).toEqual([400, 'extraFileTooLarge']);
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`part${i}.txt`, 'b'.repeat(MiB)]));
    const huge = await call('POST', '/api/admin/problem', 'teacher', baseDto({}, { userExtraFile: nine }));
    expect([huge.statusCode, key(huge)]).toEqual([413, 'requestTooLarge']);
    expect(await total()).toBe(before + 1);
  });

  it('imports HOJ exports and project packages, renaming taken problemIds (root only)', async () => {
    const hoj = await writeZip([
      {
        name: 'problem_1.json',
        data: JSON.stringify({
          problem: {
            problemId: 'HOJ-1',
            title: 'HOJ sum',
            description: 'sum',
            input: 'in',
            output: 'out',
            timeLimit: 2000,
            memoryLimit: 128,
            stackLimit: 64,
            type: 1,
            judgeCaseMode: 'default',
            examples: '<input>1 1</input><output>2</output>',
            auth: 1,
            difficulty: 1,
          },
          languages: ['C++', 'Pascal'],
          samples: [
            { input: '1.in', output: '1.out', score: 40 },
            { input: '2.in', output: '2.out', score: 60 },
          ],
          tags: ['imported-tag'],
          codeTemplates: [{ language: 'C++', code: 'int main(){}' }],
          userExtraFile: { 'helper.h': 'int x;' },
          judgeExtraFile: {},
          judgeMode: 'default',
        }),
      },
      { name: 'problem_1/1.in', data: '1 1\n' },
      { name: 'problem_1/1.out', data: '2\n' },
      { name: 'problem_1/2.in', data: '2 2\n' },
      { name: 'problem_1/2.out', data: '4\n' },
    ]);
    expect((await upload('/api/file/import-problem', 'problemAdmin', 'file', 'h.zip', hoj)).statusCode).toBe(403);
    const res = await upload('/api/file/import-problem', 'root', 'file', 'hoj.zip', hoj);
    expect(res.statusCode, res.body).toBe(200);
    const [created] = res.json().data.problems;
    expect(created).toMatchObject({ problemId: 'HOJ-1', renamedFrom: null, title: 'HOJ sum' });
    const p = (await call('GET', `/api/admin/problem?pid=${created.pid}`, 'root')).json().data;
    expect(p).toMatchObject({
      timeLimit: 2000,
      memoryLimit: 128,
      stackLimit: 64,
      type: 1,
      ioScore: 100,
      difficulty: 1,
    });
    expect(JSON.parse(p.userExtraFile)).toEqual({ 'helper.h': 'int x;' });
    const settings = (await call('GET', `/api/admin/problem/get-problem-settings?pid=${created.pid}`, 'root')).json()
      .data;
    expect(settings.languages).toEqual(['C++']);
    expect(settings.tags.map((x: { name: string }) => x.name)).toEqual(['imported-tag']);
    const cases = (await call('GET', `/api/admin/problem/get-problem-cases?pid=${created.pid}`, 'root')).json().data;
    expect(cases.map((c: { score: number }) => c.score)).toEqual([40, 60]);

    const pkg = await writeZip([
      {
        name: 'sum/problem.json',
        data: JSON.stringify({ problemId: 'HOJ-1', title: 'Package sum', timeLimitMs: 1000, memoryLimitMb: 256 }),
      },
      { name: 'sum/tests/1.in', data: '1 2\n' },
      { name: 'sum/tests/1.out', data: '3\n' },
    ]);
    const res2 = await upload('/api/file/import-problem', 'root', 'file', 'pkg.zip', pkg);
    expect(res2.statusCode, res2.body).toBe(200);
    const [renamed] = res2.json().data.problems;
    expect(renamed.renamedFrom).toBe('HOJ-1');
    expect(renamed.problemId).toBe(`P${renamed.pid}`);

    const broken = await writeZip([{ name: 'x/problem.json', data: JSON.stringify({ title: 'no limits' }) }]);
    const res3 = await upload('/api/file/import-problem', 'root', 'file', 'bad.zip', broken);
    expect([res3.statusCode, key(res3)]).toEqual([400, 'importInvalid']);
  });

  it('stores as full score what an accepted solution gets, in every case mode, and lists it', async () => {
    const six = (scores: (number | null)[], groups: number[]) =>
      scores.map((score, i) => ({ input: `${i}\n`, output: `${2 * i}\n`, score, groupNum: groups[i] }));
    const groups = [1, 1, 1, 2, 2, 2];
    const typed = six([10, 10, 10, 23, 23, 23], groups);
    const fullScore = async (pid: number) => (await call('GET', `/api/admin/problem?pid=${pid}`, 'root')).json().data;
    // Subtask, lowest: each subtask counts once, 10 + 23, not the 99 the cases add up to.
    const lowest = await create('root', baseDto({ samples: typed }, { type: 1, judgeCaseMode: 'subtask_lowest' }));
    expect(await fullScore(lowest.pid)).toMatchObject({ ioScore: 33, judgeCaseMode: 'subtask_lowest' });
    const listed = await call('GET', `/api/admin/problem/get-problem-list?keyword=${lowest.problemId}`, 'root');
    expect(listed.json().data.records.find((r: { id: number }) => r.id === lowest.pid).ioScore).toBe(33);
    // The same scores summed in the default mode; a subtask's cases averaged, rounded: (10 + 20) / 2 -> 15, + 30.
    const summed = await create('root', baseDto({ samples: typed }, { type: 1, judgeCaseMode: 'default' }));
    expect((await fullScore(summed.pid)).ioScore).toBe(99);
    const uneven = six([10, 20, 30], [1, 1, 2]).slice(0, 3);
    const average = await create('root', baseDto({ samples: uneven }, { type: 1, judgeCaseMode: 'subtask_average' }));
    expect((await fullScore(average.pid)).ioScore).toBe(45);
    // Without scores, 100 points are spread over the subtasks (every case carries its subtask's 50), not the cases.
    const spread = await create(
      'root',
      baseDto(
        { samples: six([null, null, null, null, null, null], groups) },
        { type: 1, judgeCaseMode: 'subtask_lowest' },
      ),
    );
    expect((await fullScore(spread.pid)).ioScore).toBe(100);
    const cases = (await call('GET', `/api/admin/problem/get-problem-cases?pid=${spread.pid}`, 'root')).json().data;
    expect(cases.map((c: { score: number }) => c.score)).toEqual([50, 50, 50, 50, 50, 50]);
    // A problem saved before subtasks were counted once carries the cases' sum: the upgrade computes it again.
    await t.services.db.update(problems).set({ ioScore: 99 }).where(eq(problems.id, lowest.pid));
    const migration = fs.readFileSync(new URL('../../../drizzle/0022_full-scores.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.services.db.execute(sql.raw(statement));
    expect((await fullScore(lowest.pid)).ioScore).toBe(33);
    expect((await fullScore(summed.pid)).ioScore).toBe(99);
  });

  it('exports problems that import again unchanged (round trip: every field but ids, author and times)', async () => {
    const zip = await writeZip([
      { name: '1.in', data: '1\n' },
      { name: '1.out', data: '1\n' },
      { name: '2.in', data: '2\n' },
      { name: '2.ans', data: '4\n' },
    ]);
    const { fileListDir } = (await upload('/api/file/upload-testcase-zip', 'root', 'file', 't.zip', zip)).json().data;
    const dto = baseDto(
      {
        isUploadTestCase: true,
        uploadTestcaseDir: fileListDir,
        judgeMode: 'spj',
        samples: [
          { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
          { input: '2.in', output: '2.ans', score: 70, groupNum: 2 },
        ],
        codeTemplates: [
          { language: 'C++', code: 'int main(){}', status: true },
          { language: 'Python3', code: 'print()', status: false },
        ],
      },
      {
        type: 1,
        judgeCaseMode: 'subtask_average',
        spjCode: '#include "testlib.h"\nint main(){}',
        spjLanguage: 'C',
        judgeExtraFile: { 'testlib.h': '// testlib' },
        userExtraFile: JSON.stringify({ 'user.h': 'int y;' }),
        isRemoveEndBlank: false,
        openCaseResult: false,
        codeShare: false,
        auth: 2,
        hint: 'think',
        source: 'here',
        difficulty: 2,
        timeLimit: 1500,
      },
    );
    const { pid } = await create('root', dto);
    const exported = await call('GET', `/api/file/export-problem?pid=${pid}`, 'root');
    expect(exported.statusCode).toBe(200);
    expect((await call('GET', `/api/file/export-problem?pid=${pid}`, 'problemAdmin')).statusCode).toBe(403);
    const back = await upload('/api/file/import-problem', 'root', 'file', 'export.zip', exported.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    const [copy] = back.json().data.problems;
    expect(copy.pid).not.toBe(pid);

    const view = async (id: number) => {
      const {
        id: _id,
        problemId: _p,
        author: _a,
        gmtCreate: _c,
        gmtModified: _m,
        modifiedUser: _u,
        ...rest
      } = (await call('GET', `/api/admin/problem?pid=${id}`, 'root')).json().data;
      const settings = (await call('GET', `/api/admin/problem/get-problem-settings?pid=${id}`, 'root')).json().data;
      const cases = (await call('GET', `/api/admin/problem/get-problem-cases?pid=${id}`, 'root')).json().data;
      const files = await readZip((await call('GET', `/api/file/download-testcase?pid=${id}`, 'root')).rawPayload);
      return {
        rest,
        languages: settings.languages.sort(),
        templates: settings.codeTemplates,
        tags: settings.tags.map((x: { name: string }) => x.name),
        cases: cases.map((c: { input: string; output: string; score: number; groupNum: number }) => [
          c.input,
          c.output,
          c.score,
          c.groupNum,
        ]),
        files: Object.fromEntries(files.map((f) => [f.name, f.data.toString('base64')])),
      };
    };
    expect(await view(copy.pid)).toEqual(await view(pid));
    // Several problems at once: one folder each.
    const both = await call('GET', `/api/file/export-problem?pid=${pid}&pid=${copy.pid}`, 'root');
    const folders = new Set((await readZip(both.rawPayload)).map((e) => e.name.split('/')[0]));
    expect(folders.size).toBe(2);
  });

  it('stores statement images and attachments by their bytes and serves them safely', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const img = await upload('/api/file/upload-md-img', 'teacher', 'image', 'dot.png', png);
    expect(img.statusCode, img.body).toBe(200);
    const { link, fileId } = img.json().data;
    const served = await call('GET', link);
    expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    const svg = await upload(
      '/api/file/upload-md-img',
      'teacher',
      'image',
      'x.svg',
      Buffer.from('<svg onload="x()"/>'),
    );
    expect([svg.statusCode, key(svg)]).toEqual([400, 'fileTypeNotSupported']);
    const html = await upload(
      '/api/file/upload-md-file',
      'teacher',
      'file',
      'a.txt',
      Buffer.from('<!DOCTYPE html><p>'),
    );
    expect(key(html)).toBe('fileTypeNotSupported');
    const pdf = await upload('/api/file/upload-md-file', 'teacher', 'file', 'notes.pdf', Buffer.from('%PDF-1.4\n%...'));
    expect(pdf.statusCode).toBe(200);
    const file = await call('GET', pdf.json().data.link);
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''notes.pdf");
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect((await upload('/api/file/upload-md-img', 'student', 'image', 'dot.png', png)).statusCode).toBe(403);
    expect((await call('GET', `/api/file/delete-md-img?fileId=${fileId}`, 'teacher2')).statusCode).toBe(403);
    expect((await call('GET', `/api/file/delete-md-img?fileId=${fileId}`, 'teacher')).statusCode).toBe(200);
    expect((await call('GET', '/api/public/file/../../etc/passwd')).statusCode).toBe(404);
  });
});
