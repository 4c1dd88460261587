import type net from 'node:net';
import { type Clarification, EXAM } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import type { createFakeJudge } from '../../../test/judge-helpers.js';
import { openSse, type SseEvent } from '../../../test/sse-client.js';
import { contestClarifications } from '../../db/schema.js';

const MINUTE = 60_000;

/** Contest clarifications (decision 0055): participants ask, the contest's admins answer privately or to all,
 * broadcast and export; every change reaches the right event streams. */
describe.each(DB_KINDS)('contest clarifications (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  let base: string;
  const { call, userToken, newContest, addProblem, nowMs, classGroup } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let ann: User;
  let bob: User;
  let cid: number;
  let pidA: number;
  let pidB: number;
  let elsewhere: number;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    t.services.live.timing.heartbeatMs = 200;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    [ann, bob] = [await userToken(), await userToken()];
    cid = (await newContest()).id;
    pidA = (await addProblem(cid, 'A')).id;
    pidB = (await addProblem(cid, 'B')).id;
    const other = (await newContest()).id;
    elsewhere = (await addProblem(other, 'A')).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = (who: string | undefined, body: object) => call('POST', '/api/contest/clarification', who, body);
  const answer = (who: string, body: object) => call('PUT', '/api/contest/clarification', who, body);
  const broadcast = (who: string, body: object) => call('POST', '/api/contest/clarification-broadcast', who, body);
  const list = async (who: string, of = cid) => {
    const res = await call('GET', `/api/contest/clarifications?cid=${of}&currentPage=1&limit=50`, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { records: Clarification[]; total: number };
  };
  const asked = async (who: string, body: object) => {
    const res = await ask(who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Clarification;
  };
  const rows = (of = cid) =>
    t.services.db.select().from(contestClarifications).where(eq(contestClarifications.cid, of));
  const exportOf = (who: string, of = cid, locale = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url: `/api/contest/export-clarifications?cid=${of}`,
      headers: { authorization: who, 'accept-language': locale },
    });

  it('refuses bad input, strangers and unknown records with a 4xx, and stores nothing', async () => {
    const refusals: [Awaited<ReturnType<typeof call>>, number, string?][] = [
      [await ask(ann.token, { cid, content: '' }), 400],
      [await ask(ann.token, { cid, content: '   ' }), 400],
      [await ask(ann.token, { cid, content: 'x'.repeat(EXAM.clarificationMax + 1) }), 400],
      [
        await ask(ann.token, { cid, pid: elsewhere, content: 'Is this ours?' }),
        400,
        'clarificationProblemNotInContest',
      ],
      [await ask(ann.token, { cid, pid: 999_999, content: 'Which?' }), 400, 'clarificationProblemNotInContest'],
      [await ask(ann.token, { cid: 999_999, content: 'Where?' }), 404],
      [await ask(undefined, { cid, content: 'Who?' }), 401],
      [await answer(root, { id: 999_999, answer: 'No', toAll: false }), 404, 'clarificationNotFound'],
      [await broadcast(root, { cid, content: '' }), 400],
      [await broadcast(root, { cid, pid: elsewhere, content: 'Mind A' }), 400, 'clarificationProblemNotInContest'],
      [await broadcast(root, { cid: 999_999, content: 'Mind A' }), 404],
      [await call('GET', '/api/contest/clarifications?cid=999999&currentPage=1&limit=20', ann.token), 404],
      [await call('GET', `/api/contest/export-clarifications?cid=999999`, root), 404],
    ];
    for (const [res, status, key] of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (key) expect(res.body.data.key).toBe(key);
    }
    expect(await rows()).toEqual([]);
  });

  it('shows a question to its asker and the admins until it is answered to all, then to everyone without the name', async () => {
    const mine = await asked(ann.token, { cid, pid: pidA, content: 'May n be 0?' });
    expect(mine).toMatchObject({
      cid,
      pid: pidA,
      displayId: 'A',
      username: ann.username,
      broadcast: false,
      content: 'May n be 0?',
      answer: null,
      toAll: false,
      gmtAnswered: null,
    });
    const bobs = await asked(bob.token, { cid, content: 'How long is the contest?' });
    expect(bobs).toMatchObject({ pid: null, displayId: null, problemTitle: null, username: bob.username });

    // Each participant sees his own; the admin sees both, newest first.
    expect((await list(ann.token)).records.map((c) => c.id)).toEqual([mine.id]);
    expect((await list(bob.token)).records.map((c) => c.id)).toEqual([bobs.id]);
    expect((await list(root)).records.map((c) => [c.id, c.username])).toEqual([
      [bobs.id, bob.username],
      [mine.id, ann.username],
    ]);

    // Answered privately: ann reads the answer, bob still sees nothing of it; the admin's unanswered come first.
    const privately = await answer(root, { id: mine.id, answer: 'No: n >= 1.', toAll: false });
    expect(privately.status, JSON.stringify(privately.body)).toBe(200);
    expect(privately.body.data).toMatchObject({ id: mine.id, answer: 'No: n >= 1.', toAll: false });
    expect(privately.body.data.gmtAnswered).not.toBeNull();
    expect((await list(ann.token)).records[0]).toMatchObject({ id: mine.id, answer: 'No: n >= 1.' });
    expect((await list(bob.token)).records.map((c) => c.id)).toEqual([bobs.id]);
    const third = await asked(ann.token, { cid, pid: pidB, content: 'Is B sorted?' });
    expect((await list(root)).records.map((c) => c.id)).toEqual([third.id, bobs.id, mine.id]);

    // Answered to all (again: the answer is replaced): bob sees it without ann's name, ann with it.
    const toAll = await answer(root, { id: mine.id, answer: 'n is at least 1.', toAll: true });
    expect(toAll.status).toBe(200);
    expect(toAll.body.data).toMatchObject({ answer: 'n is at least 1.', toAll: true });
    const bobSees = await list(bob.token);
    expect(bobSees.total).toBe(2);
    expect(bobSees.records.find((c) => c.id === mine.id)).toMatchObject({
      username: null,
      answer: 'n is at least 1.',
      toAll: true,
      content: 'May n be 0?',
    });
    expect((await list(ann.token)).records.find((c) => c.id === mine.id)?.username).toBe(ann.username);

    // A broadcast reaches everyone, a viewer who never asked too.
    const viewer = await userToken();
    const sent = await broadcast(root, { cid, pid: pidB, content: 'B: the input is sorted.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ broadcast: true, toAll: true, username: null, displayId: 'B' });
    expect((await list(viewer.token)).records.map((c) => c.id)).toEqual([sent.body.data.id, mine.id]);
    // A broadcast is no question: it cannot be answered.
    const onBroadcast = await answer(root, { id: sent.body.data.id, answer: 'x', toAll: false });
    expect(onBroadcast.status).toBe(404);
  });

  it('lets only the contest admins answer, broadcast and export (403), and changes nothing then', async () => {
    const q = await asked(bob.token, { cid, content: 'Is printing allowed?' });
    const before = await rows();
    const siteAdmin = await userToken('admin');
    for (const who of [ann.token, bob.token, siteAdmin.token]) {
      expect((await answer(who, { id: q.id, answer: 'Yes', toAll: true })).status).toBe(403);
      expect((await broadcast(who, { cid, content: 'Hello' })).status).toBe(403);
      expect((await exportOf(who)).statusCode).toBe(403);
    }
    expect((await answer(root, { id: q.id, answer: '', toAll: true })).status).toBe(400);
    expect((await answer(root, { id: q.id, answer: 'x'.repeat(EXAM.answerMax + 1), toAll: true })).status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('exports every clarification as CSV with a byte-order mark, Chinese kept and formulas defused', async () => {
    const zh = await asked(bob.token, { cid, pid: pidA, content: '题目 A 的输入有多大？' });
    const formula = await asked(bob.token, { cid, content: '=HYPERLINK("http://x","y")' });
    expect((await answer(root, { id: zh.id, answer: '-1 以内, "见题面"', toAll: true })).status).toBe(200);
    const res = await exportOf(root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`contest_${cid}_clarifications.csv`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('ID,Time,Problem,Asker,Question,Answer,To all,Answered at');
    expect(lines).toHaveLength((await rows()).length + 2);
    const zhLine = lines.find((l) => l.startsWith(`${zh.id},`));
    expect(zhLine).toMatch(
      new RegExp(
        `^${zh.id},[0-9T:.Z-]+,A,${bob.username},题目 A 的输入有多大？,"'-1 以内, ""见题面""",Yes,[0-9T:.Z-]+$`,
      ),
    );
    expect(lines.find((l) => l.startsWith(`${formula.id},`))).toContain(`"'=HYPERLINK(""http://x"",""y"")",,No,`);
    // A broadcast has no asker; the header follows the caller's language.
    expect(lines.some((l) => /,,B: the input is sorted\.,,Yes,/.test(l))).toBe(true);
    const chinese = (await exportOf(root, cid, 'zh-CN')).rawPayload.toString('utf8').slice(1);
    expect(chinese.split('\r\n')[0]).toBe('编号,时间,题目,提问者,问题,回答,对所有人公开,回答时间');
  });

  it('takes questions while the contest runs from who may take part: not before, not after, not unregistered', async () => {
    const later = (await newContest({ startTime: new Date(nowMs() + HOUR).toISOString() })).id;
    expect((await ask(ann.token, { cid: later, content: 'When?' })).body.data.key).toBe('contestNotStarted');
    const ended = (
      await newContest({
        startTime: new Date(nowMs() - 2 * HOUR).toISOString(),
        endTime: new Date(nowMs() - HOUR).toISOString(),
      })
    ).id;
    const late = await ask(ann.token, { cid: ended, content: 'Was A hard?' });
    expect(late.status).toBe(403);
    expect(late.body.data.key).toBe('contestEnded');
    // Its admin still broadcasts after the end, and every viewer still reads it.
    expect((await broadcast(root, { cid: ended, content: 'Solutions are posted.' })).status).toBe(200);
    expect((await list(ann.token, ended)).total).toBe(1);
    // Private: viewing needs the registration; protected: viewing is open, asking needs it.
    for (const auth of [1, 2]) {
      const closed = (await newContest({ auth, pwd: 'secret' })).id;
      const refused = await ask(ann.token, { cid: closed, content: 'Let me in?' });
      expect(refused.status).toBe(403);
      expect(refused.body.data.key).toBe('contestNoAccess');
      expect((await call('POST', '/api/register-contest', ann.token, { cid: closed, password: 'secret' })).status).toBe(
        200,
      );
      expect((await ask(ann.token, { cid: closed, content: 'Am I in?' })).status).toBe(200);
      expect(await rows(closed)).toHaveLength(1);
    }
    expect(await rows(later)).toEqual([]);
    expect(await rows(ended)).toHaveLength(1);
  });

  it(`limits a user to ${EXAM.clarificationsPerWindow} questions per contest and window, parallel asks included`, async () => {
    const c = (await newContest()).id;
    const eager = await userToken();
    const answers = await Promise.all(
      Array.from({ length: EXAM.clarificationsPerWindow + 3 }, (_, i) =>
        ask(eager.token, { cid: c, content: `Q${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(EXAM.clarificationsPerWindow).fill(200), 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.data.key).toBe('clarificationTooFrequent');
    expect(refused?.body.msg).toContain(String(EXAM.clarificationWindowMs / MINUTE));
    expect(await rows(c)).toHaveLength(EXAM.clarificationsPerWindow);
    // Another user, and the same user in another contest, are not limited by these.
    expect((await ask(bob.token, { cid: c, content: 'Mine' })).status).toBe(200);
    // Once the window has passed, he may ask again.
    t.clock.offsetMs += EXAM.clarificationWindowMs + MINUTE;
    try {
      expect((await ask(eager.token, { cid: c, content: 'Again' })).status).toBe(200);
    } finally {
      t.clock.offsetMs -= EXAM.clarificationWindowMs + MINUTE;
    }
  });

  it("makes a group contest's group root its admin, not its members", async () => {
    const { keeper, member, contest } = await classGroup();
    const gcid = await contest();
    const q = await asked(member.token, { cid: gcid, content: 'Is the textbook allowed?' });
    // An outsider of a group that hides its content from outsiders may not ask.
    expect((await ask(ann.token, { cid: gcid, content: 'Me?' })).status).toBe(403);
    expect((await answer(member.token, { id: q.id, answer: 'Yes', toAll: true })).status).toBe(403);
    expect((await list(keeper.token, gcid)).records.map((c) => c.username)).toEqual([member.username]);
    const done = await answer(keeper.token, { id: q.id, answer: 'Yes', toAll: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await broadcast(keeper.token, { cid: gcid, content: 'Ten minutes left.' })).status).toBe(200);
    expect((await exportOf(keeper.token, gcid)).statusCode).toBe(200);
    expect((await list(member.token, gcid)).total).toBe(2);
  });

  it('tells the admins of a question, the asker of a private answer, and every stream of an answer to all', async () => {
    const c = (await newContest()).id;
    await addProblem(c, 'A');
    const asker = await userToken();
    const other = await userToken();
    const open = async (token: string, path = `/api/events?cid=${c}`) => {
      const s = await openSse(base, path, { authorization: token });
      expect(s.status).toBe(200);
      await s.next((e) => e.event === 'unread');
      return s;
    };
    const admin = await open(root);
    const mine = await open(asker.token);
    const theirs = await open(other.token);
    // Not on the contest: hears nothing of it.
    const offContest = await open(asker.token, '/api/events');
    const streams = [admin, mine, theirs, offContest];
    const heard = (s: (typeof streams)[number]) =>
      s.events.filter((e) => e.event === 'clarification').map((e) => (e.data as { id: number }).id);
    const until = (s: (typeof streams)[number], id: number) =>
      s.next((e: SseEvent) => e.event === 'clarification' && (e.data as { id: number }).id === id);

    const q = await asked(asker.token, { cid: c, content: 'Is stdout buffered?' });
    expect((await until(admin, q.id)).data).toEqual({ cid: c, id: q.id });
    expect((await answer(root, { id: q.id, answer: 'Yes', toAll: false })).status).toBe(200);
    await until(mine, q.id);
    await until(admin, q.id);
    expect((await answer(root, { id: q.id, answer: 'Yes, flush it.', toAll: true })).status).toBe(200);
    await Promise.all([until(mine, q.id), until(theirs, q.id), until(admin, q.id)]);
    const sent = (await broadcast(root, { cid: c, content: 'Ten minutes left.' })).body.data as Clarification;
    const [last] = await Promise.all([admin, mine, theirs].map((s) => until(s, sent.id)));
    await new Promise((r) => setTimeout(r, 300));
    // Nothing else came: the other participant heard of the question only once it was answered to all.
    expect(streams.map(heard)).toEqual([[], [], [], []]);

    // A stream reopened after a gap is sent what it may see that changed meanwhile.
    const lastId = last.id as string;
    for (const s of streams) s.close();
    const own = await asked(other.token, { cid: c, content: 'And stderr?' });
    const resumed = await openSse(base, `/api/events?cid=${c}&lastEventId=${lastId}`, { authorization: asker.token });
    const resumedAdmin = await openSse(base, `/api/events?cid=${c}&lastEventId=${lastId}`, { authorization: root });
    await until(resumedAdmin, own.id);
    await until(resumed, sent.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard(resumed)).not.toContain(own.id);
    resumed.close();
    resumedAdmin.close();
  });
});
