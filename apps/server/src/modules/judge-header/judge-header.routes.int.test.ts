import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  login,
  ROOT_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { multipartBody } from '../../../test/zip-fixtures.js';
import { writeZip } from '../admin-problem/safe-zip.js';

/** The real testlib.h when the run has it (OJ_TEST_TESTLIB), else a small header with testlib's VERSION line. */
const testlib = (): { bytes: Buffer; version: string } => {
  const file = process.env.OJ_TEST_TESTLIB;
  if (file && fs.existsSync(file)) {
    const bytes = fs.readFileSync(file);
    const version = /#define VERSION "([^"]+)"/.exec(bytes.toString('utf8'))?.[1];
    if (version) return { bytes, version };
  }
  return {
    bytes: Buffer.from('#ifndef _TESTLIB_H_\n#define _TESTLIB_H_\n#define VERSION "0.9.40-SNAPSHOT"\n#endif\n'),
    version: '0.9.40-SNAPSHOT',
  };
};
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A loopback HTTP server that answers every request with `answer`; the URL it listens on. */
const serveOnce = async (answer: (res: http.ServerResponse) => void) => {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/testlib.h`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

describe.each(DB_KINDS)('judge headers (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const header = testlib();

  const upload = (name: string, bytes: Buffer, token: string | null = root) => {
    const m = multipartBody('file', name, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/judge-header',
      payload: m.payload,
      headers: { ...m.headers, ...(token ? { authorization: token } : {}) },
    });
  };
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/judge-headers', headers: { authorization: root } })).json()
      .data as { name: string; size: number; version: string | null; sha256: string; uploadedBy: string }[];
  const remove = (name: string, token: string | null = root) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/judge-header?name=${encodeURIComponent(name)}`,
      headers: token ? { authorization: token } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('root uploads testlib.h, lists it with its size and version, and the audit log records it', async () => {
    const res = await upload('testlib.h', header.bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'testlib.h',
      size: header.bytes.length,
      version: header.version,
      sha256: sha(header.bytes),
      uploadedBy: 'root',
    });
    expect(await list()).toEqual([
      expect.objectContaining({ name: 'testlib.h', size: header.bytes.length, version: header.version }),
    ]);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=judgeHeader',
      headers: { authorization: root },
    });
    expect(log.json().data.records[0]).toMatchObject({ username: 'root', targetId: 'testlib.h' });
  });

  it('refuses everyone but root, and nothing changes', async () => {
    const before = await list();
    for (const role of ['admin', 'problem_admin', 'user'] as const) {
      const u = await createUser(t, role);
      const token = (await login(t, u.username, u.password)).token as string;
      expect((await upload('evil.h', Buffer.from('int x;\n'), token)).statusCode, role).toBe(403);
      expect((await remove('testlib.h', token)).statusCode, role).toBe(403);
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/admin/judge-headers',
        headers: { authorization: token },
      });
      expect(get.statusCode, role).toBe(403);
    }
    expect((await upload('evil.h', Buffer.from('int x;\n'), null)).statusCode).toBe(401);
    expect((await remove('testlib.h', null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/judge-headers' })).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('refuses bad names, files over 1 MiB and files that are not UTF-8 text, changing nothing', async () => {
    const before = await list();
    for (const name of ['testlib.c', 'notes.txt', '.h', `${'a'.repeat(65)}.h`, 'with space.h', 'bad$.hpp']) {
      const res = await upload(name, Buffer.from('int x;\n'));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().data.key, name).toBe('judgeHeaderNameInvalid');
    }
    const big = await upload('big.h', Buffer.alloc(1024 * 1024 + 1, 0x20));
    expect(big.statusCode).toBe(400);
    expect(big.json().data.key).toBe('fileTooLarge');
    for (const [name, bytes] of [
      ['nul.h', Buffer.from('int x;\0\n')],
      ['latin1.h', Buffer.from([0x2f, 0x2f, 0xe9, 0x0a])],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().data.key, name).toBe('judgeHeaderNotText');
    }
    expect(await list()).toEqual(before);
  });

  it('replacing a header updates its hash and version; a header without VERSION has none', async () => {
    const v2 = Buffer.from('#pragma once\n#define VERSION "0.9.41"\nint testlib_v2;\n');
    const res = await upload('testlib.h', v2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'testlib.h', sha256: sha(v2), version: '0.9.41', size: v2.length });
    expect(await list()).toEqual([expect.objectContaining({ name: 'testlib.h', sha256: sha(v2), version: '0.9.41' })]);
    const plain = await upload('my_lib.hpp', Buffer.from('#pragma once\ninline int one() { return 1; }\n'));
    expect(plain.json().data).toMatchObject({ name: 'my_lib.hpp', version: null });
    expect((await list()).map((h) => h.name)).toEqual(['my_lib.hpp', 'testlib.h']);
    // Back to the first content, for the tests that follow.
    expect((await upload('testlib.h', header.bytes)).statusCode).toBe(200);
  });

  it('deletes a header, and 404s on one that is not there', async () => {
    expect((await remove('my_lib.hpp')).statusCode).toBe(200);
    expect((await list()).map((h) => h.name)).toEqual(['testlib.h']);
    const missing = await remove('my_lib.hpp');
    expect(missing.statusCode).toBe(404);
    expect((await list()).map((h) => h.name)).toEqual(['testlib.h']);
  });

  it('hands the headers with every judging, test run and checker compile task; workers fetch their bytes', async () => {
    const judge = createFakeJudge(t, 'header-judge', ['C++']);
    await judge.announce();
    await judge.drain();
    const expected = [{ name: 'testlib.h', sha256: sha(header.bytes), size: header.bytes.length }];

    const problem = await createProblem(t, {}, { languages: ['C++'] });
    const u = await createUser(t);
    const token = (await login(t, u.username, u.password)).token as string;
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: token },
      payload: { pid: problem.problemId, language: 'C++', code: 'int main() {}' },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const judged = await judge.judgeNext({ status: 0 });
    expect(judged).toMatchObject({ kind: 'judge', problem: { judgeHeaders: expected } });

    await t.services.queue.enqueue({
      kind: 'testRun',
      language: 'C++',
      payload: { pid: problem.id, code: 'int main() {}', userInput: '1 2\n', expectedOutput: null },
    });
    expect(await judge.judgeNext({ status: 0 })).toMatchObject({
      kind: 'testRun',
      problem: { judgeHeaders: expected },
    });

    await t.services.queue.enqueue({
      kind: 'compileChecker',
      language: 'C++',
      payload: { code: '#include "testlib.h"\nint main() {}', mode: 'spj', extraFiles: {} },
    });
    const compile = await judge.claim();
    expect(compile).toMatchObject({ kind: 'compileChecker', judgeHeaders: expected });
    await judge.drain();

    const bytes = await t.app.inject({
      method: 'GET',
      url: `/api/judge/test-data?sha256=${sha(header.bytes)}`,
      headers: { authorization: `Bearer ${JUDGE_TOKEN}` },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(header.bytes)).toBe(true);
  });

  it('an imported package that carries testlib.h is offered as the site’s when the site has none', async () => {
    const pkg = await writeZip([
      {
        name: 'carrier/problem.json',
        data: JSON.stringify({
          title: 'With its own testlib',
          judgeMode: 'spj',
          timeLimitMs: 1000,
          memoryLimitMb: 256,
        }),
      },
      {
        name: 'carrier/checker.cpp',
        data: '#include "testlib.h"\nint main(int c, char **v) { registerTestlibCmd(c, v); quitf(_ok, "ok"); }\n',
      },
      { name: 'carrier/testlib.h', data: header.bytes },
      { name: 'carrier/tests/1.in', data: '1\n' },
      { name: 'carrier/tests/1.out', data: '1\n' },
    ]);
    const importIt = async () => {
      const m = multipartBody('file', 'pkg.zip', pkg);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/file/import-problem',
        payload: m.payload,
        headers: { ...m.headers, authorization: root },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { problems: { pid: number; problemId: string }[]; testlibOffer: unknown };
    };
    await remove('testlib.h');
    const first = await importIt();
    expect(first.testlibOffer).toEqual({ pid: first.problems[0].pid, problemId: first.problems[0].problemId });
    // Once the site has one, nothing is offered.
    expect((await upload('testlib.h', header.bytes)).statusCode).toBe(200);
    expect((await importIt()).testlibOffer).toBeNull();
  });

  it('the storage collector keeps a header’s bytes', async () => {
    const stray = await t.services.testData.put('nobody refers to this\n');
    t.clock.offsetMs += 3 * 3600 * 1000;
    try {
      await t.services.storageCollector.collect();
    } finally {
      t.clock.offsetMs -= 3 * 3600 * 1000;
    }
    expect(t.services.testData.exists(stray.sha256)).toBe(false);
    expect(t.services.testData.exists(sha(header.bytes))).toBe(true);
  });

  describe('OJ_TESTLIB_URL', () => {
    it('a site without testlib.h downloads it once at start; later starts keep it', async () => {
      expect((await remove('testlib.h')).statusCode).toBe(200);
      const body = Buffer.from('// downloaded\n#define VERSION "0.9.42"\n');
      const server = await serveOnce((res) => res.end(body));
      try {
        expect(await t.services.judgeHeaders.downloadTestlib(server.url)).toBe('downloaded');
        expect(await list()).toEqual([
          expect.objectContaining({ name: 'testlib.h', sha256: sha(body), version: '0.9.42', uploadedBy: 'system' }),
        ]);
        expect(await t.services.judgeHeaders.downloadTestlib(server.url)).toBe('present');
        expect(server.hits()).toBe(1);
      } finally {
        await server.close();
      }
    });

    it('a failed download (error status, too large, not text, timeout, nobody listening) stores nothing', async () => {
      expect((await remove('testlib.h')).statusCode).toBe(200);
      const answers: ((res: http.ServerResponse) => void)[] = [
        (res) => {
          res.statusCode = 404;
          res.end('not here');
        },
        (res) => res.end(Buffer.alloc(1024 * 1024 + 1, 0x20)),
        (res) => {
          // Past the cap without a Content-Length: the body is cut off while it streams.
          res.setHeader('Transfer-Encoding', 'chunked');
          for (let i = 0; i < 17; i++) res.write(Buffer.alloc(64 * 1024, 0x20));
          res.end();
        },
        (res) => res.end(Buffer.from('int x;\0\n')),
        () => {},
      ];
      for (const answer of answers) {
        const server = await serveOnce(answer);
        try {
          expect(await t.services.judgeHeaders.downloadTestlib(server.url, { timeoutMs: 500 })).toBe('failed');
        } finally {
          await server.close();
        }
      }
      const gone = await serveOnce(() => {});
      await gone.close();
      expect(await t.services.judgeHeaders.downloadTestlib(gone.url, { timeoutMs: 500 })).toBe('failed');
      expect(await list()).toEqual([]);
    });
  });
});
