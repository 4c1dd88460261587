import fs from 'node:fs';
import { defaultAwards, JUDGE_STATUS as S } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { readXlsx } from '../../../test/xlsx-reader.js';
import { contests } from '../../db/schema.js';

/** Decision 0043: real names and visitors, the account rule's own refusal, award names in the caller's language. */
describe.each(DB_KINDS)('contest visitors, account rule, award names (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const kit = contestKit(() => ({ t, judge, root }));
  const { call, userToken, newContest, addProblem, solve } = kit;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
  }, 60_000);
  afterAll(async () => t?.close());

  const adminView = async (cid: number) => (await call('GET', `/api/admin/contest?cid=${cid}`, root)).body.data;
  const stored = async (cid: number) =>
    (await t.services.db.select().from(contests).where(eq(contests.id, cid)))[0].hideRealNameFromVisitors;

  /** A contest on the outside board showing real names, with ann (real name "Ann Real") having solved A. */
  const realNameContest = async (fields: object = {}) => {
    const c = await newContest({ rankShowName: 'realname', openRank: true, ...fields });
    await addProblem(c.id, 'A');
    const ann = await userToken('user', { realname: 'Ann Real', school: 'North' });
    await solve(ann.token, c.id, 'A', S.ACCEPTED);
    return { c, ann };
  };
  const outside = async (cid: number, who?: string, keyword?: string) =>
    (await call('POST', '/api/get-contest-outside-scoreboard', who, { cid, ...(keyword ? { keyword } : {}) })).body;

  it('a new contest hides real names from visitors unless the form turns it off; an edit without the field keeps it', async () => {
    const c = await newContest();
    expect((await adminView(c.id)).hideRealNameFromVisitors).toBe(true);
    expect(await stored(c.id)).toBe(1);
    const off = await newContest({ hideRealNameFromVisitors: false });
    expect((await adminView(off.id)).hideRealNameFromVisitors).toBe(false);
    // HOJ's client edits without the field: the contest keeps what it had.
    const { hideRealNameFromVisitors, ...hojForm } = await adminView(off.id);
    expect(hideRealNameFromVisitors).toBe(false);
    expect((await call('PUT', '/api/admin/contest', root, { ...hojForm, title: 'Renamed' })).status).toBe(200);
    expect(await adminView(off.id)).toMatchObject({ title: 'Renamed', hideRealNameFromVisitors: false });
    const on = await call('PUT', '/api/admin/contest', root, { ...hojForm, hideRealNameFromVisitors: true });
    expect(on.body.data.hideRealNameFromVisitors).toBe(true);
    // A bad value is refused and changes nothing.
    const bad = await call('PUT', '/api/admin/contest', root, { ...hojForm, hideRealNameFromVisitors: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await adminView(off.id)).hideRealNameFromVisitors).toBe(true);
  });

  it('migration 0025: a contest that existed before keeps showing real names (0), a new one hides them (1)', async () => {
    const before = await newContest();
    // The database as it was before 0025, then the migration's contest statements as the upgrade runs them.
    await t.services.db.execute(sql.raw('ALTER TABLE "contests" DROP COLUMN "hide_real_name_from_visitors"'));
    const migration = fs.readFileSync(new URL('../../../drizzle/0025_class-defaults.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.includes('"contests"')) await t.services.db.execute(sql.raw(statement));
    }
    expect(await stored(before.id)).toBe(0);
    expect((await adminView(before.id)).hideRealNameFromVisitors).toBe(false);
    const after = await newContest();
    expect(await stored(after.id)).toBe(1);
  });

  it('the outside board: a visitor gets usernames and no real name; a signed-in user and the admin get real names', async () => {
    const { c, ann } = await realNameContest();
    const visitor = await outside(c.id);
    expect(visitor.status).toBe(200);
    expect(visitor.data.records).toHaveLength(1);
    expect(visitor.data.records[0]).toMatchObject({ username: ann.username, realname: null, school: 'North' });
    expect(JSON.stringify(visitor)).not.toContain('Ann Real');
    // The contest as the visitor sees it names the board by username.
    const info = (await call('GET', `/api/get-contest-outsize-info?cid=${c.id}`)).body.data.contest;
    expect(info).toMatchObject({ rankShowName: 'username', hideRealNameFromVisitors: true });
    // The keyword cannot find a real name the visitor may not see; the username it can.
    expect((await outside(c.id, undefined, 'Ann Real')).data.records).toEqual([]);
    expect((await outside(c.id, undefined, ann.username)).data.records).toHaveLength(1);
    // The public contest list says the same.
    const listed = (await call('GET', '/api/get-contest-list?limit=100')).body.data.records;
    expect(listed.find((x: { id: number }) => x.id === c.id).rankShowName).toBe('username');

    const bob = await userToken();
    for (const who of [bob.token, ann.token, root]) {
      const seen = await outside(c.id, who);
      expect(seen.data.records.find((r: { uid: string }) => r.uid === ann.uid).realname).toBe('Ann Real');
      expect((await outside(c.id, who, 'Ann Real')).data.records).toHaveLength(1);
      const signedIn = (await call('GET', `/api/get-contest-outsize-info?cid=${c.id}`, who)).body.data.contest;
      expect(signedIn.rankShowName).toBe('realname');
      const rank = await call('POST', '/api/get-contest-rank', who, { cid: c.id });
      expect(JSON.stringify(rank.body)).toContain('Ann Real');
    }
  });

  it('with the switch off a visitor sees real names, as before', async () => {
    const { c } = await realNameContest({ hideRealNameFromVisitors: false });
    expect((await outside(c.id)).data.records[0].realname).toBe('Ann Real');
    const info = (await call('GET', `/api/get-contest-outsize-info?cid=${c.id}`)).body.data.contest;
    expect(info.rankShowName).toBe('realname');
  });

  it('the rank download: no visitor gets it; a participant gets real names as the board shows them', async () => {
    const { c, ann } = await realNameContest();
    const download = (who?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/download-rank-list?cid=${c.id}`,
        headers: { ...(who ? { authorization: who } : {}), 'accept-language': 'en-US' },
      });
    const visitor = await download();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('Ann Real');
    const bob = await userToken();
    for (const who of [bob.token, root]) {
      const res = await download(who);
      expect(res.statusCode).toBe(200);
      const [head, row] = (await readXlsx(res.rawPayload)).sheets[0].rows;
      expect(head[1].value).toBe('Real Name');
      expect(row[1].value).toBe('Ann Real');
      expect(row.some((cell) => cell.value === ann.username)).toBe(false);
    }
  });

  it('the scroll board: a visitor gets no real name, the contest admin does', async () => {
    const now = kit.nowMs();
    const { c, ann } = await realNameContest({
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
    });
    // Ended: the scroll board opens to everyone.
    t.clock.offsetMs += 2 * HOUR;
    try {
      const info = await call('GET', `/api/get-contest-scroll-board-info?cid=${c.id}`);
      expect([info.status, info.body.data.rankShowName]).toEqual([200, 'username']);
      const subs = await call('GET', `/api/get-contest-scroll-board-submission?cid=${c.id}`);
      expect(subs.body.data).toHaveLength(1);
      expect(subs.body.data[0]).toMatchObject({ username: ann.username, realname: null });
      const admin = await call('GET', `/api/get-contest-scroll-board-submission?cid=${c.id}`, root);
      expect(admin.body.data[0].realname).toBe('Ann Real');
      const adminInfo = await call('GET', `/api/get-contest-scroll-board-info?cid=${c.id}`, root);
      expect(adminInfo.body.data.rankShowName).toBe('realname');
    } finally {
      t.clock.offsetMs -= 2 * HOUR;
      await judge.announce();
    }
  });

  it('an account outside the account rule is told so: view, submit and the access check', async () => {
    const rule = '<prefix>team</prefix><suffix></suffix><start>1</start><end>50</end><extra></extra>';
    const c = await newContest({ auth: 1, pwd: 'secret', openAccountLimit: true, accountLimitRule: rule });
    await addProblem(c.id, 'A');
    const outsider = await userToken();
    const access = await call('GET', `/api/get-contest-access?cid=${c.id}`, outsider.token);
    expect(access.body.data).toEqual({ access: false, refusal: 'contestAccountLimit' });
    const view = await call('GET', `/api/get-contest-problem?cid=${c.id}`, outsider.token);
    expect([view.status, view.body.data.key]).toEqual([403, 'contestAccountLimit']);
    const register = await call('POST', '/api/register-contest', outsider.token, { cid: c.id, password: 'secret' });
    expect([register.status, register.body.data.key]).toEqual([403, 'contestAccountLimit']);
    const submit = await kit.submit(outsider.token, c.id, 'A');
    expect([submit.status, submit.body.data.key]).toEqual([403, 'contestAccountLimit']);
    // In both languages.
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/get-contest-problem?cid=${c.id}`,
      headers: { authorization: outsider.token, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toContain('账号规则');
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/get-contest-problem?cid=${c.id}`,
      headers: { authorization: outsider.token, 'accept-language': 'en-US' },
    });
    expect(en.json().msg).toMatch(/account rule/);
    // Registered before the rule was set (here: set after), the account is still outside it.
    const member = await userToken();
    const open = await newContest({ auth: 1, pwd: 'secret' });
    await addProblem(open.id, 'A');
    expect(
      (await call('POST', '/api/register-contest', member.token, { cid: open.id, password: 'secret' })).status,
    ).toBe(200);
    expect((await call('GET', `/api/get-contest-access?cid=${open.id}`, member.token)).body.data).toEqual({
      access: true,
      refusal: null,
    });
    const form = await adminView(open.id);
    await call('PUT', '/api/admin/contest', root, { ...form, openAccountLimit: true, accountLimitRule: rule });
    const late = await call('GET', `/api/get-contest-problem?cid=${open.id}`, member.token);
    expect([late.status, late.body.data.key]).toEqual([403, 'contestAccountLimit']);
    // Without an account rule, an unregistered user is told to register, as before.
    const stranger = await userToken();
    const other = await newContest({ auth: 1, pwd: 'secret' });
    expect((await call('GET', `/api/get-contest-access?cid=${other.id}`, stranger.token)).body.data).toEqual({
      access: false,
      refusal: 'contestNoAccess',
    });
    const noReg = await call('GET', `/api/get-contest-problem?cid=${other.id}`, stranger.token);
    expect([noReg.status, noReg.body.data.key]).toEqual([403, 'contestNoAccess']);
  });

  it('a new contest without award tiers gets the default ones named in the caller language', async () => {
    const base = {
      title: 'Awards',
      description: 'd',
      type: 0,
      auth: 0,
      startTime: new Date(kit.nowMs()).toISOString(),
      endTime: new Date(kit.nowMs() + HOUR).toISOString(),
    };
    const create = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/contest',
        payload: base,
        headers: { authorization: root, 'accept-language': language },
      });
    const zh = (await create('zh-CN')).json().data;
    expect(zh.awardConfigList.map((a: { name: string }) => a.name)).toEqual(['金牌', '银牌', '铜牌']);
    expect(zh.awardConfigList).toEqual(defaultAwards('zh-CN'));
    const en = (await create('en-US')).json().data;
    expect(en.awardConfigList.map((a: { name: string }) => a.name)).toEqual([
      'Gold Medal',
      'Silver Medal',
      'Bronze Medal',
    ]);
    // The stored names stay, whoever edits later and in whatever language; a form's own tiers are kept as sent.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/contest',
      payload: { ...zh, awardConfigList: undefined, title: 'Awards 2' },
      headers: { authorization: root, 'accept-language': 'en-US' },
    });
    expect(edit.json().data.awardConfigList).toEqual(defaultAwards('zh-CN'));
    const own = [{ priority: 1, name: 'Champion', background: '#000000', color: '#ffffff', num: 1 }];
    const mine = await call('POST', '/api/admin/contest', root, { ...base, awardType: 2, awardConfigList: own });
    expect(mine.body.data.awardConfigList).toEqual(own);
    // The board and the export show the stored names.
    await addProblem(mine.body.data.id, 'A');
    const winner = await userToken();
    await solve(winner.token, mine.body.data.id, 'A', S.ACCEPTED);
    const board = await call('POST', '/api/get-contest-rank', winner.token, { cid: mine.body.data.id });
    expect(board.body.data.records[0]).toMatchObject({ isWinAward: true, awardName: 'Champion' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/download-rank-list?cid=${mine.body.data.id}`,
      headers: { authorization: winner.token, 'accept-language': 'zh-CN' },
    });
    const [head, row] = (await readXlsx(res.rawPayload)).sheets[0].rows;
    expect(row[head.findIndex((cell) => cell.value === '奖项')].value).toBe('Champion');
  });
});
