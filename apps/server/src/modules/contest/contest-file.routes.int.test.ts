import { JUDGE_STATUS as S } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { type ReadSheet, readXlsx } from '../../../test/xlsx-reader.js';
import { readZip } from '../admin-problem/safe-zip.js';

const MIN = 60_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DB_KINDS)('contest downloads (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const kit = contestKit(() => ({ t, judge, root }));
  const { call, userToken, solve } = kit;
  /** A contest in its third hour of four. */
  const newContest = (fields: object = {}) =>
    kit.newContest({
      title: 'Downloads',
      startTime: new Date(kit.nowMs() - 2 * HOUR).toISOString(),
      endTime: new Date(kit.nowMs() + 2 * HOUR).toISOString(),
      ...fields,
    });
  const addProblem = (cid: number, displayId: string, type = 0) =>
    kit.addProblem(cid, displayId, { problem: { type, ioScore: 100 } });

  /** A download: the raw bytes and headers when it succeeds, the JSON envelope when it does not. */
  const download = async (url: string, who?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(who ? { authorization: who } : {}), 'accept-language': 'en-US' },
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type'] ?? ''),
      disposition: String(res.headers['content-disposition'] ?? ''),
      bytes: res.rawPayload,
      json: () => res.json(),
    };
  };
  const sheetOf = async (url: string, who: string) => {
    const res = await download(url, who);
    expect(res.status).toBe(200);
    expect(res.type).toBe(XLSX);
    const book = await readXlsx(res.bytes);
    expect(book.sheets).toHaveLength(1);
    return book.sheets[0];
  };
  /** Rows as {header: cell}, the header row being the keys. */
  const table = (sheet: ReadSheet) => {
    const [head, ...rows] = sheet.rows;
    const keys = head.map((c) => String(c.value));
    return {
      keys,
      rows: rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i] ?? { value: null, fill: null }]))),
    };
  };
  const later = async (ms: number) => {
    t.clock.offsetMs += ms;
    // The judge's liveness follows the shifted clock: it says hello again before the next submit.
    await judge.announce();
  };

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());

  it('ACM rank list: penalty, first AC, star users, realnames for contest admins, the seal for participants', async () => {
    const now = Date.now() + t.clock.offsetMs;
    const carl = await userToken('user', { realname: 'Carl Real', school: 'Star School' });
    const c = await newContest({
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now + 2 * HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(now + HOUR).toISOString(),
      starAccount: [carl.username],
    });
    await addProblem(c.id, 'A');
    await addProblem(c.id, 'B');
    const ann = await userToken('user', { realname: 'Ann <Real> & "Co"', school: '清华大学' });
    const bob = await userToken('user', { school: 'MIT' });
    // bob solves A first; ten minutes later ann solves it after a wrong try; carl (a star) solves B.
    await solve(bob.token, c.id, 'A', { status: S.ACCEPTED });
    await later(10 * MIN);
    await solve(ann.token, c.id, 'A', { status: S.WRONG_ANSWER });
    await solve(ann.token, c.id, 'A', { status: S.ACCEPTED });
    await solve(carl.token, c.id, 'B', { status: S.ACCEPTED });
    await solve(ann.token, c.id, 'B', { status: S.TIME_LIMIT_EXCEEDED });

    const url = `/api/download-rank-list?cid=${c.id}`;
    const res = await download(url, ann.token);
    expect(res.status).toBe(200);
    // HOJ's own client downloads the same workbook from its own path.
    const hoj = await download(
      `/api/file/download-contest-rank?cid=${c.id}&forceRefresh=false&containEnd=false`,
      ann.token,
    );
    expect([hoj.status, hoj.type, hoj.disposition]).toEqual([200, res.type, res.disposition]);
    expect(table((await readXlsx(hoj.bytes)).sheets[0])).toEqual(table((await readXlsx(res.bytes)).sheets[0]));
    expect((await download(`/api/file/download-contest-rank?cid=${c.id}`)).status).toBe(401);
    expect(res.disposition).toContain(`contest_${c.id}_rank.xlsx`);
    const before = await readXlsx(res.bytes);
    expect(before.sheets[0].name).toBe(`contest_${c.id}_rank`);
    expect(before.sheets[0].frozenRows).toBe(1);
    const seen = table(before.sheets[0]);
    // A participant: no realname column.
    expect(seen.keys).toEqual(['Rank', 'Username', 'School', 'Solved', 'Penalty', 'A', 'B']);
    expect(before.sheets[0].rows[0].every((cell) => cell.bold)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('Real');
    const byName = (rows: typeof seen.rows, name: string) => rows.find((r) => r.Username.value === name);
    // The star is placed by its result but takes no rank.
    expect(seen.rows.map((r) => r.Username.value)).toEqual([bob.username, carl.username, ann.username]);
    const bobRow = byName(seen.rows, bob.username);
    const annRow = byName(seen.rows, ann.username);
    const carlRow = byName(seen.rows, carl.username);
    expect(bobRow?.Rank.value).toBe(1);
    expect(annRow?.Rank.value).toBe(2);
    // A star: '*' and no place taken.
    expect(carlRow?.Rank.value).toBe('*');
    expect(carlRow?.School.value).toBe('Star School');
    expect(annRow?.School.value).toBe('清华大学');
    expect(bobRow?.Solved.value).toBe(1);
    expect(typeof bobRow?.Solved.value).toBe('number');
    // About 2 h after the start; ann about 2:10 plus 20 minutes for the wrong try.
    expect(bobRow?.A.value).toMatch(/^2:0\d:\d\d$/);
    expect(bobRow?.Penalty.value).toBe(bobRow?.A.value);
    expect(annRow?.A.value).toMatch(/^2:1\d:\d\d \(-1\)$/);
    expect(annRow?.Penalty.value).toMatch(/^2:3\d:\d\d$/);
    // First AC dark green with white text, a later AC light green, a rejected try red.
    expect([bobRow?.A.fill, bobRow?.A.color]).toEqual(['1A8F3C', 'FFFFFF']);
    expect(annRow?.A.fill).toBe('A9F5AF');
    expect([annRow?.B.value, annRow?.B.fill]).toEqual(['(-1)', 'FFA39E']);
    // The star's AC is no first blood.
    expect([carlRow?.B.value, carlRow?.B.fill]).toEqual([expect.stringMatching(/^2:1\d:\d\d$/), 'A9F5AF']);
    expect(bobRow?.B.value).toBeNull();

    // After the seal bob solves B: ann's sheet shows a pending try, the admin's the AC and everyone's realname.
    await later(80 * MIN);
    await solve(bob.token, c.id, 'B', { status: S.ACCEPTED });
    const sealed = table(await sheetOf(url, ann.token));
    const bobSealed = byName(sealed.rows, bob.username);
    expect([bobSealed?.Solved.value, bobSealed?.B.value, bobSealed?.B.fill]).toEqual([1, '?1', 'FFE58F']);

    const admin = table(await sheetOf(`${url}&forceRefresh=true`, root));
    expect(admin.keys).toEqual(['Rank', 'Username', 'Real Name', 'School', 'Solved', 'Penalty', 'A', 'B']);
    const bobAdmin = byName(admin.rows, bob.username);
    expect(bobAdmin?.Solved.value).toBe(2);
    expect(bobAdmin?.B.value).toMatch(/^3:3\d:\d\d$/);
    expect(byName(admin.rows, ann.username)?.['Real Name'].value).toBe('Ann <Real> & "Co"');
    expect(byName(admin.rows, carl.username)?.['Real Name'].value).toBe('Carl Real');
    expect(byName(admin.rows, bob.username)?.['Real Name'].value).toBeNull();

    // removeStar drops carl; forceRefresh from a participant changes nothing (still sealed).
    const noStar = table(await sheetOf(`${url}&removeStar=true&forceRefresh=true`, root));
    expect(noStar.rows.map((r) => r.Username.value)).toEqual([bob.username, ann.username]);
    const forced = table(await sheetOf(`${url}&forceRefresh=true`, ann.token));
    expect(byName(forced.rows, bob.username)?.B.value).toBe('?1');
  });

  it('OI rank list: total score and time, one score column per problem, coloured by score', async () => {
    const c = await newContest({ type: 1, oiRankScoreType: 'Highest', rankShowName: 'realname' });
    await addProblem(c.id, 'A', 1);
    await addProblem(c.id, 'B', 1);
    const ann = await userToken('user', { realname: 'Ann', school: 'S1' });
    const bob = await userToken();
    await solve(ann.token, c.id, 'A', { status: S.PARTIAL_ACCEPTED, score: 60 });
    await solve(ann.token, c.id, 'A', { status: S.PARTIAL_ACCEPTED, score: 30 });
    await solve(ann.token, c.id, 'B', { status: S.ACCEPTED, score: 100 });
    await solve(bob.token, c.id, 'A', { status: S.WRONG_ANSWER, score: 0 });
    const sheet = table(await sheetOf(`/api/download-rank-list?cid=${c.id}`, bob.token));
    // The display name column follows rankShowName (a user without a realname shows the username).
    expect(sheet.keys).toEqual(['Rank', 'Real Name', 'School', 'Total Score', 'Total Time (ms)', 'A', 'B']);
    const values = sheet.rows.map((r) => sheet.keys.map((k) => r[k].value));
    expect(values).toEqual([
      [1, 'Ann', 'S1', 160, 10, 60, 100],
      [2, bob.username, null, 0, 0, 0, null],
    ]);
    expect([sheet.rows[0].A.fill, sheet.rows[0].B.fill, sheet.rows[1].A.fill]).toEqual(['91CAFF', 'B7EB8F', 'FFA39E']);
    // The contest admin's sheet does not repeat the realname when it already is the shown name.
    const admin = table(await sheetOf(`/api/download-rank-list?cid=${c.id}`, root));
    expect(admin.keys).toEqual(sheet.keys);
    expect(admin.rows.map((r) => r['Real Name'].value)).toEqual(['Ann', bob.username]);
  });

  it('AC code zip: latest AC per user and problem, split by user or by problem, admins excluded on request', async () => {
    const c = await newContest({ allowEndSubmit: true });
    await addProblem(c.id, 'A');
    await addProblem(c.id, 'B');
    const ann = await userToken();
    const bob = await userToken();
    const teacher = await userToken('admin');
    await solve(ann.token, c.id, 'A', { status: S.WRONG_ANSWER }, '// ann A wrong');
    const annA1 = await solve(ann.token, c.id, 'A', { status: S.ACCEPTED }, '// ann A first AC');
    const annA2 = await solve(ann.token, c.id, 'A', { status: S.ACCEPTED }, '// ann A 张 second AC\n');
    await solve(ann.token, c.id, 'A', { status: S.WRONG_ANSWER }, '// ann A wrong after');
    const bobB = await solve(bob.token, c.id, 'B', { status: S.ACCEPTED }, 'print(1)\n', 'Python3');
    await solve(bob.token, c.id, 'A', { status: S.COMPILE_ERROR }, '// bob A ce');
    const teacherA = await solve(teacher.token, c.id, 'A', { status: S.ACCEPTED }, '// teacher');
    const rootB = await solve(root, c.id, 'B', { status: S.ACCEPTED }, '// root');
    // After the end (allowed to submit, not part of the contest).
    await later(3 * HOUR);
    await solve(bob.token, c.id, 'A', { status: S.ACCEPTED }, '// bob late');

    const zipOf = async (query: string) => {
      const res = await download(`/api/file/download-contest-ac-submission?cid=${c.id}${query}`, root);
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/zip');
      expect(res.disposition).toContain(`contest_${c.id}_ac_submissions.zip`);
      const entries = await readZip(res.bytes);
      return Object.fromEntries(entries.map((e) => [e.name, e.data.toString('utf8')]));
    };
    expect(annA1).toBeLessThan(annA2);
    const byUser = await zipOf('');
    expect(byUser).toEqual({
      [`${ann.username}/A_${annA2}.cpp`]: '// ann A 张 second AC\n',
      [`${bob.username}/B_${bobB}.py`]: 'print(1)\n',
      [`${teacher.username}/A_${teacherA}.cpp`]: '// teacher',
      [`root/B_${rootB}.cpp`]: '// root',
    });
    const byProblem = await zipOf('&splitType=problem&excludeAdmin=false');
    expect(Object.keys(byProblem).sort()).toEqual(
      [
        `A/${ann.username}_${annA2}.cpp`,
        `A/${teacher.username}_${teacherA}.cpp`,
        `B/${bob.username}_${bobB}.py`,
        `B/root_${rootB}.cpp`,
      ].sort(),
    );
    expect(byProblem[`A/${ann.username}_${annA2}.cpp`]).toBe('// ann A 张 second AC\n');
    const noAdmins = await zipOf('&splitType=problem&excludeAdmin=true');
    expect(noAdmins).toEqual({
      [`A/${ann.username}_${annA2}.cpp`]: '// ann A 张 second AC\n',
      [`B/${bob.username}_${bobB}.py`]: 'print(1)\n',
    });
  });

  it('OI code zip: the submission the board counts (Recent: the latest judged; Highest: the best)', async () => {
    const recent = await newContest({ type: 1, oiRankScoreType: 'Recent' });
    const highest = await newContest({ type: 1, oiRankScoreType: 'Highest' });
    const ann = await userToken();
    const ids: Record<string, number[]> = {};
    for (const c of [recent, highest]) {
      await addProblem(c.id, 'A', 1);
      ids[c.id] = [
        await solve(ann.token, c.id, 'A', { status: S.PARTIAL_ACCEPTED, score: 60 }, 'sixty'),
        await solve(ann.token, c.id, 'A', { status: S.PARTIAL_ACCEPTED, score: 30 }, 'thirty'),
        await solve(ann.token, c.id, 'A', { status: S.PARTIAL_ACCEPTED, score: 60 }, 'sixty again'),
        await solve(ann.token, c.id, 'A', { status: S.COMPILE_ERROR }, 'broken'),
      ];
    }
    const zipOf = async (cid: number) => {
      const res = await download(`/api/file/download-contest-ac-submission?cid=${cid}`, root);
      expect(res.status).toBe(200);
      return Object.fromEntries((await readZip(res.bytes)).map((e) => [e.name, e.data.toString('utf8')]));
    };
    // Recent: the latest judged try counts, a compile error too (0 points on the board).
    expect(await zipOf(recent.id)).toEqual({ [`${ann.username}/A_${ids[recent.id][3]}.cpp`]: 'broken' });
    // Highest: the best score, the latest of equal ones.
    expect(await zipOf(highest.id)).toEqual({ [`${ann.username}/A_${ids[highest.id][2]}.cpp`]: 'sixty again' });
  });

  it('refusals: participants get no code, private contests need registration, unknown contests, bad input', async () => {
    const c = await newContest();
    await addProblem(c.id, 'A');
    const ann = await userToken();
    const teacher = await userToken('admin');
    await solve(ann.token, c.id, 'A', { status: S.ACCEPTED });
    const zipUrl = `/api/file/download-contest-ac-submission?cid=${c.id}`;
    const refused = await download(zipUrl, ann.token);
    expect([refused.status, refused.json().status, refused.json().data.key]).toEqual([403, 403, 'forbidden']);
    // A site admin who is not the contest's admin gets no code either.
    expect((await download(zipUrl, teacher.token)).status).toBe(403);
    expect((await download(zipUrl)).status).toBe(401);
    expect((await download(`/api/download-rank-list?cid=${c.id}`)).status).toBe(401);

    const priv = await newContest({ auth: 1, pwd: 'secret' });
    const outsider = await download(`/api/download-rank-list?cid=${priv.id}`, ann.token);
    expect([outsider.status, outsider.json().data.key]).toEqual([403, 'contestNoAccess']);
    expect((await call('POST', '/api/register-contest', ann.token, { cid: priv.id, password: 'secret' })).status).toBe(
      200,
    );
    expect((await download(`/api/download-rank-list?cid=${priv.id}`, ann.token)).status).toBe(200);

    const now = Date.now() + t.clock.offsetMs;
    const scheduled = await newContest({
      startTime: new Date(now + HOUR).toISOString(),
      endTime: new Date(now + 2 * HOUR).toISOString(),
    });
    const early = await download(`/api/download-rank-list?cid=${scheduled.id}`, ann.token);
    expect([early.status, early.json().data.key]).toEqual([403, 'contestNotStarted']);

    expect((await download('/api/download-rank-list?cid=987654', ann.token)).status).toBe(404);
    expect((await download('/api/file/download-contest-ac-submission?cid=987654', root)).status).toBe(404);
    const bad = await download(`${zipUrl}&splitType=folder`, root);
    expect([bad.status, bad.json().data.field]).toEqual([400, 'splitType']);
    expect((await download('/api/download-rank-list?cid=abc', root)).status).toBe(400);
    expect((await download('/api/download-rank-list', root)).status).toBe(400);
  });
});
