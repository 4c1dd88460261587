import { type FakeHdu, remoteAdapters, remoteJudgeConfigFromEnv, startFakeHdu } from '@oj/remote-judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';

// Languages other than C/C++ show doubled limits, except on CF-/GYM- problems. An imported HDU
// problem's languages are HDU's names ("G++", "GCC"): C/C++ is decided by the local language each maps to.
describe.each(DB_KINDS)('remote problems: per-language limits by the local language (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeHdu;

  beforeAll(async () => {
    t = await createTestApp(kind);
    fake = await startFakeHdu({ accounts: [] });
    Object.assign(t.services.remoteSites, remoteAdapters(remoteJudgeConfigFromEnv({ OJ_REMOTE_HDU_URL: fake.url })));
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it("an imported HDU problem shows G++/GCC/C++/C limits as stated and Java's doubled", async () => {
    const root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    const imported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=1000',
      headers: { authorization: root },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/get-problem-detail?problemId=HDU-1000' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.problem).toMatchObject({ timeLimit: 1000, memoryLimit: 32 });
    const stated = { timeLimit: 1000, memoryLimit: 32 };
    expect(d.languageLimits).toEqual({
      'G++': stated,
      GCC: stated,
      'C++': stated,
      C: stated,
      Java: { timeLimit: 2000, memoryLimit: 64 },
    });
  });
});
