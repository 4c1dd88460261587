import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { multipartBody, rawZip } from '../../../test/zip-fixtures.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);

/** FPS 1.2 as HUSTOJ exports it (freeproblemset.github.io): CDATA everywhere, units as attributes, an embedded
 * image, a test input without its output, and a second item with no test data but a sample. */
const FPS = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">
  <generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>
  <item>
    <title><![CDATA[A+B Problem]]></title>
    <time_limit unit="s"><![CDATA[2]]></time_limit>
    <memory_limit unit="mb"><![CDATA[128]]></memory_limit>
    <img><src><![CDATA[/upload/ab.png]]></src><base64><![CDATA[${PNG.toString('base64')}]]></base64></img>
    <description><![CDATA[<p>Add <b>two</b> numbers &amp; print.</p><img src="/upload/ab.png" />]]></description>
    <input><![CDATA[<p>Two integers a, b.</p>]]></input>
    <output><![CDATA[<p>a+b</p>]]></output>
    <sample_input><![CDATA[1 2]]></sample_input>
    <sample_output><![CDATA[3]]></sample_output>
    <test_input><![CDATA[1 2
]]></test_input>
    <test_output><![CDATA[3
]]></test_output>
    <test_input><![CDATA[5 5
]]></test_input>
    <hint><![CDATA[]]></hint>
    <source><![CDATA[Classic]]></source>
    <solution language="C"><![CDATA[int main(){}]]></solution>
  </item>
  <item>
    <title><![CDATA[Echo]]></title>
    <time_limit unit="ms"><![CDATA[500]]></time_limit>
    <memory_limit unit="kb"><![CDATA[65536]]></memory_limit>
    <description><![CDATA[Print the input.]]></description>
    <sample_input><![CDATA[hi]]></sample_input>
    <sample_output><![CDATA[hi]]></sample_output>
  </item>
  <item>
    <time_limit unit="s">1</time_limit>
    <test_input>1</test_input><test_output>1</test_output>
  </item>
</fps>`;

const qdojProblem = (over: object = {}) =>
  JSON.stringify({
    display_id: 'QD-1',
    title: 'Sum',
    description: { format: 'html', value: '<p>Sum of <i>n</i> numbers</p>' },
    input_description: { format: 'html', value: '<p>n then numbers</p>' },
    output_description: { format: 'html', value: '<p>the sum</p>' },
    hint: { format: 'html', value: '' },
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '2\n1 2', output: '3' }],
    template: {},
    spj: null,
    rule_type: 'OI',
    source: 'QDUOJ',
    tags: ['math', 'easy'],
    test_case_score: [
      { score: 40, input_name: '1.in', output_name: '1.out' },
      { score: 60, input_name: '2.in', output_name: '2.out' },
    ],
    ...over,
  });

const HYDRO_MD = `## 题目描述
Print the sum.

## 输入格式
Two numbers.

## 输出格式
One number.

## 样例
\`\`\`input1
1 2
\`\`\`
\`\`\`output1
3
\`\`\`

## 提示
Use long long.
`;

describe.each(DB_KINDS)('problem imports (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const upload = async (url: string, name: string, bytes: Buffer) => {
    const m = multipartBody('file', name, bytes);
    return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, authorization: root } });
  };
  const problem = async (pid: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/problem?pid=${pid}`, headers: { authorization: root } })
    ).json().data;

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports FPS XML: CDATA, units, base64 images, missing outputs, samples as data; reports each item', async () => {
    const res = await upload('/api/file/import-fps-problem', 'set.xml', Buffer.from(FPS));
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ imported: 2, skipped: 1 });
    const [ab, echo, untitled] = report.problems;
    expect(ab).toMatchObject({ title: 'A+B Problem', status: 'imported' });
    expect(ab.notes.join('\n')).toMatch(/2 test cases/);
    expect(ab.notes.join('\n')).toMatch(/without an output file.*2/);
    expect(ab.notes.join('\n')).toMatch(/1 embedded image/);
    expect(ab.notes.join('\n')).toMatch(/solutions not imported/);
    expect(echo.notes.join('\n')).toMatch(/samples were used as test cases/);
    expect(untitled).toMatchObject({ status: 'skipped', reason: 'the problem has no title' });

    const p = await problem(ab.pid);
    expect(p).toMatchObject({ timeLimit: 2000, memoryLimit: 128, source: 'Classic' });
    expect(p.description).toContain('Add **two** numbers & print.');
    const img = /\/api\/public\/img\/[0-9a-f]{32}\.png/.exec(p.description)?.[0] as string;
    expect(img).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: img })).headers['content-type']).toBe('image/png');
    expect(p.examples).toBe('<input>1 2</input><output>3</output>');
    const e = await problem(echo.pid);
    expect(e).toMatchObject({ timeLimit: 500, memoryLimit: 64 });
  });

  it('imports FPS files packed in a zip and reports a broken XML file without losing the others', async () => {
    const zip = rawZip([
      { name: 'set/a.xml', data: FPS, deflate: true },
      { name: 'set/broken.xml', data: '<fps><item><title>x</title></fps>' },
      { name: '__MACOSX/set/._a.xml', data: 'junk' },
    ]);
    const report = (await upload('/api/file/import-fps-problem', 'set.zip', zip)).json().data;
    expect(report.imported).toBe(2);
    const broken = report.problems.find((p: { source: string }) => p.source === 'set/broken.xml');
    expect(broken).toMatchObject({ status: 'skipped' });
    expect(broken.reason).toMatch(/not well-formed XML/);
    const junk = await upload('/api/file/import-fps-problem', 'x.txt', Buffer.from('hello'));
    expect(junk.json().data.key).toBe('importNothingFound');
  });

  it('skips an FPS file declaring entities (XXE) with a reason instead of reading files or failing', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><fps version="1.2"><item><title>&xxe;</title></item></fps>`;
    const res = await upload('/api/file/import-fps-problem', 'xxe.xml', Buffer.from(xxe));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 0, problems: [{ status: 'skipped' }] });
    expect(res.json().data.problems[0].reason).toMatch(/DOCTYPE/);
    expect(res.body).not.toMatch(/root:x:0/);
  });

  it('imports QDUOJ zips with OI scores, nested folders and taken display ids; skips broken problems', async () => {
    const zip = rawZip([
      { name: 'export/1/problem.json', data: qdojProblem() },
      { name: 'export/1/testcase/1.in', data: '2\n1 2\n' },
      { name: 'export/1/testcase/1.out', data: '3\n' },
      { name: 'export/1/testcase/2.in', data: '1\n5\n' },
      { name: 'export/1/testcase/2.out', data: '5\n' },
      { name: 'export/2/problem.json', data: qdojProblem({ title: 'Sum again', test_case_score: [] }) },
      { name: 'export/2/testcase/a.in', data: '1\n' },
      { name: 'export/3/problem.json', data: '{ not json' },
      { name: 'export/4/problem.json', data: qdojProblem({ title: 'No data', test_case_score: [] }) },
      {
        name: 'export/5/problem.json',
        data: qdojProblem({
          title: 'Lost file',
          test_case_score: [{ score: 100, input_name: '9.in', output_name: '9.out' }],
        }),
      },
    ]);
    const res = await upload('/api/file/import-qdoj-problem', 'qduoj.zip', zip);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ imported: 2, skipped: 3 });
    const [sum, again, bad, empty, lost] = report.problems;
    expect(sum).toMatchObject({ status: 'imported', problemId: 'QD-1' });
    expect(again.problemId).not.toBe('QD-1');
    expect(again.notes.join('\n')).toMatch(/QD-1 was taken/);
    expect(again.notes.join('\n')).toMatch(/without an output file/);
    expect(bad).toMatchObject({ status: 'skipped', reason: 'problem.json is not valid JSON' });
    expect(empty.reason).toBe('the problem has no test data');
    expect(lost.reason).toMatch(/9\.in is missing/);
    const p = await problem(sum.pid);
    expect(p).toMatchObject({ type: 1, ioScore: 100, title: 'Sum', source: 'QDUOJ' });
    expect(p.description).toBe('Sum of *n* numbers');
    const cases = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/problem/get-problem-cases?pid=${sum.pid}`,
        headers: { authorization: root },
      })
    ).json().data as { score: number }[];
    expect(cases.map((c) => c.score)).toEqual([40, 60]);
    expect((await upload('/api/file/import-qdoj-problem', 'x.zip', Buffer.from('PK not a zip'))).statusCode).toBe(400);
  });

  it('imports Hydro zips: statement sections, samples, config limits, subtasks and .ans answers', async () => {
    const zip = rawZip([
      { name: 'P1000/problem.yaml', data: 'title: Hydro Sum\ntag:\n  - 入门\npid: H1000\n' },
      { name: 'P1000/problem_zh.md', data: HYDRO_MD },
      { name: 'P1000/testdata/config.yaml', data: 'time: 2s\nmemory: 128m\n' },
      { name: 'P1000/testdata/data1.in', data: '1 2\n' },
      { name: 'P1000/testdata/data1.ans', data: '3\n' },
      { name: 'P1000/testdata/data2.in', data: '2 2\n' },
      { name: 'P1000/testdata/data2.ans', data: '4\n' },
      { name: 'P1001/problem.yaml', data: 'title: Subtasks\n' },
      { name: 'P1001/problem.md', data: 'Just text, no sections.' },
      {
        name: 'P1001/testdata/config.yaml',
        data: 'time: 500ms\nmemory: 1g\nsubtasks:\n  - score: 30\n    cases:\n      - input: a.in\n        output: a.out\n  - score: 70\n    cases:\n      - input: b.in\n        output: b.out\n',
      },
      { name: 'P1001/testdata/a.in', data: '1' },
      { name: 'P1001/testdata/a.out', data: '1' },
      { name: 'P1001/testdata/b.in', data: '2' },
      { name: 'P1001/testdata/b.out', data: '2' },
      { name: 'P1002/problem.yaml', data: 'title: [unclosed' },
      { name: 'P1003/problem.yaml', data: 'title: Interactive\n' },
      { name: 'P1003/testdata/config.yaml', data: 'type: interactive\n' },
      { name: 'P1003/testdata/1.in', data: '1' },
    ]);
    const report = (await upload('/api/file/import-hydro-problem', 'hydro.zip', zip)).json().data;
    expect(report).toMatchObject({ imported: 2, skipped: 2 });
    const [sum, subtasks, broken, interactive] = report.problems;
    expect(sum).toMatchObject({ status: 'imported', problemId: 'H1000' });
    expect(broken.reason).toMatch(/not valid YAML/);
    expect(interactive.reason).toMatch(/interactive/);
    const p = await problem(sum.pid);
    expect(p).toMatchObject({ title: 'Hydro Sum', timeLimit: 2000, memoryLimit: 128, description: 'Print the sum.' });
    expect(p.input).toBe('Two numbers.');
    expect(p.hint).toBe('Use long long.');
    expect(p.examples).toBe('<input>1 2\n</input><output>3\n</output>');
    const s = await problem(subtasks.pid);
    expect(s).toMatchObject({ type: 1, timeLimit: 500, memoryLimit: 1024, description: 'Just text, no sections.' });
    const cases = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/problem/get-problem-cases?pid=${subtasks.pid}`,
        headers: { authorization: root },
      })
    ).json().data as { score: number; groupNum: number }[];
    expect(cases.map((c) => [c.score, c.groupNum])).toEqual([
      [30, 1],
      [70, 2],
    ]);
  });
});
