import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { readXlsx } from '../../../test/xlsx-reader.js';
import { groupMembers, users } from '../../db/schema.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

interface RankRow {
  username: string;
  realname: string | null;
  ac: number;
  total: number;
  score: number;
}

/** The group rank (decision 0041): students only (admins once they solved something), active accounts only, every
 * submission made in the group (its problems and its contests), real names for the group's admins, and its xlsx. */
describe.each(DB_KINDS)('group rank (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, nowMs, solve } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let owner: User;
  let admin: User;
  let solvingAdmin: User;
  let ann: User;
  let bob: User;
  let cat: User;
  let disabled: User;
  let pending: User;
  let siteAdmin: User;
  let outsider: User;
  let gid: number;

  const practice = async (who: User, problemId: string, status: number, oiRankScore = 0) => {
    const res = await call('POST', '/api/submit-problem-judge', who.token, {
      pid: problemId,
      gid,
      language: 'C++',
      code: 'int main(){}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await judge.judgeNext({ status, score: oiRankScore, oiRankScore });
  };

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    await t.services.site.updateSwitches({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 0,
      defaultCreateGroupLimit: 0,
    });
    owner = await userToken('user', { realname: 'Owner Real' });
    admin = await userToken('user', { realname: 'Admin Real' });
    solvingAdmin = await userToken('user', { realname: 'Solving Admin' });
    ann = await userToken('user', { realname: 'Ann Real' });
    bob = await userToken('user', { realname: 'Bob Real' });
    cat = await userToken('user', { realname: 'Cat Real' });
    disabled = await userToken();
    pending = await userToken();
    siteAdmin = await userToken('admin');
    outsider = await userToken();
    const g = await call('POST', '/api/group', owner.token, {
      name: unique('Class '),
      shortName: unique('r'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    gid = g.body.data.id;
    await t.services.db.insert(groupMembers).values(
      [
        [admin, 4],
        [solvingAdmin, 4],
        [ann, 3],
        [bob, 3],
        [cat, 3],
        [disabled, 3],
        [pending, 3],
        [siteAdmin, 3],
      ].map(([u, auth]) => ({ gid, uid: (u as User).uid, auth: auth as number })),
    );
    const problem = await call('POST', '/api/group/problem', owner.token, {
      // OI: a partly right answer keeps its score.
      problem: { title: 'Sum', description: 'Add.', input: 'a b', output: 'a+b', auth: 1, type: 1, gid },
      samples: [{ input: '1 2\n', output: '3\n', score: 100 }],
      isUploadTestCase: false,
      languages: [{ name: 'C++' }],
      tags: [],
      codeTemplates: [],
    });
    expect(problem.status, JSON.stringify(problem.body)).toBe(200);
    const problemId = problem.body.data.problemId as string;
    const contest = await call('POST', '/api/group/contest', owner.token, {
      title: 'Class test',
      description: 'ACM rules',
      type: 0,
      auth: 0,
      startTime: new Date(nowMs() - HOUR).toISOString(),
      endTime: new Date(nowMs() + HOUR).toISOString(),
      gid,
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(200);
    const cid = contest.body.data.id as number;
    const added = await call('POST', '/api/group/add-contest-problem-from-group', owner.token, {
      cid,
      problemId,
      displayId: 'A',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // Ann: a wrong and a right answer in the group's contest.
    await solve(ann.token, cid, 'A', S.WRONG_ANSWER);
    await solve(ann.token, cid, 'A', S.ACCEPTED);
    // Bob: one right answer on the group's problem outside the contest.
    await practice(bob, problemId, S.ACCEPTED, 100);
    // Cat: a partly right answer, nothing accepted.
    await practice(cat, problemId, S.PARTIAL_ACCEPTED, 40);
    // One admin solved it too; the other admin and the owner only tried or did nothing.
    await practice(solvingAdmin, problemId, S.ACCEPTED, 100);
    await practice(admin, problemId, S.WRONG_ANSWER);
    // A disabled account and a registration still waiting: their submissions are there, they are not.
    await practice(disabled, problemId, S.ACCEPTED, 100);
    await practice(pending, problemId, S.ACCEPTED, 100);
    await t.services.db.update(users).set({ status: 1 }).where(eq(users.uid, disabled.uid));
    await t.services.db.update(users).set({ regState: 'pending' }).where(eq(users.uid, pending.uid));
  }, 90_000);
  afterAll(async () => t?.close());

  const rank = async (who: string, type = 'ACM') => {
    const res = await call('GET', `/api/get-group-rank-list?gid=${gid}&type=${type}`, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { records: RankRow[]; total: number };
  };

  it("counts the group's contest submissions with its problems', students first, admins only when they solved", async () => {
    const acm = await rank(ann.token);
    const rows = acm.records.map((r) => [r.username, r.ac, r.total]);
    // ac first, then fewer submissions (the two with 1/1 by username).
    expect(rows.slice(0, 2)).toEqual(
      expect.arrayContaining([
        [bob.username, 1, 1],
        [solvingAdmin.username, 1, 1],
      ]),
    );
    expect(rows.slice(2)).toEqual([
      [ann.username, 1, 2],
      [siteAdmin.username, 0, 0],
      [cat.username, 0, 1],
    ]);
    expect(acm.total).toBe(5);
    const names = acm.records.map((r) => r.username);
    for (const gone of [owner, admin, disabled, pending]) expect(names).not.toContain(gone.username);
    const oi = await rank(ann.token, 'OI');
    expect(oi.records.find((r) => r.username === cat.username)?.score).toBe(40);
    expect(oi.records.find((r) => r.username === bob.username)?.score).toBe(100);
  });

  it("real names go to the group's admins and the site's admins only", async () => {
    for (const who of [ann, bob]) {
      expect((await rank(who.token)).records.every((r) => r.realname === null)).toBe(true);
    }
    for (const who of [admin.token, owner.token, root, siteAdmin.token]) {
      const rows = (await rank(who)).records;
      expect(rows.find((r) => r.username === ann.username)?.realname).toBe('Ann Real');
      expect(rows.find((r) => r.username === bob.username)?.realname).toBe('Bob Real');
    }
  });

  const download = async (url: string, who?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(who ? { authorization: who } : {}), 'accept-language': 'en-US' },
    });
    return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), res };
  };
  const sheet = async (who: string, type: string) => {
    const got = await download(`/api/file/download-group-rank?gid=${gid}&type=${type}`, who);
    expect(got.status, got.res.body.slice(0, 200)).toBe(200);
    expect(got.type).toBe(XLSX);
    expect(String(got.res.headers['content-disposition'])).toContain(`group_${gid}_`);
    const book = await readXlsx(got.res.rawPayload);
    expect(book.sheets).toHaveLength(1);
    return book.sheets[0].rows.map((r) => r.map((c) => c.value));
  };

  it('downloads the rank as xlsx: the same rows, the real-name column for admins only', async () => {
    const acm = await rank(ann.token);
    const asMember = await sheet(ann.token, 'ACM');
    expect(asMember[0]).toEqual(['Rank', 'Username', 'Nickname', 'AC', 'Total', 'AC rate (%)']);
    expect(asMember.slice(1).map((r) => r[1])).toEqual(acm.records.map((r) => r.username));
    expect(asMember[3]).toEqual([3, ann.username, null, 1, 2, 50]);
    expect(JSON.stringify(asMember)).not.toContain('Ann Real');

    const asAdmin = await sheet(admin.token, 'OI');
    expect(asAdmin[0]).toEqual(['Rank', 'Username', 'Nickname', 'Real Name', 'AC', 'Total', 'Score']);
    expect(asAdmin.find((r) => r[1] === cat.username)).toEqual([
      expect.any(Number),
      cat.username,
      null,
      'Cat Real',
      0,
      1,
      40,
    ]);
    expect(asAdmin).toHaveLength(6);
  });

  it('the download is refused to strangers (403), visitors (401) and bad input (400)', async () => {
    const stranger = await download(`/api/file/download-group-rank?gid=${gid}&type=ACM`, outsider.token);
    expect(stranger.status).toBe(403);
    expect(stranger.res.json().data.key).toBe('groupNotMember');
    expect((await download(`/api/file/download-group-rank?gid=${gid}&type=ACM`)).status).toBe(401);
    expect((await download(`/api/file/download-group-rank?gid=${gid}&type=XYZ`, ann.token)).status).toBe(400);
    expect((await download('/api/file/download-group-rank?gid=abc&type=ACM', ann.token)).status).toBe(400);
    expect((await download('/api/file/download-group-rank?gid=987654&type=ACM', ann.token)).status).toBe(404);
  });
});
