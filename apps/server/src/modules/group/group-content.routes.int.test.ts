import { JUDGE_STATUS as S } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { contestRegisters, groupMembers, problems, submissions } from '../../db/schema.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

const problemDto = (gid: number, problem: Record<string, unknown> = {}) => ({
  problem: { title: 'Class sum', description: 'Add.', input: 'a b', output: 'a+b', auth: 1, type: 0, gid, ...problem },
  samples: [{ input: '1 2\n', output: '3\n' }],
  isUploadTestCase: false,
  languages: [{ name: 'C++' }],
  tags: [],
  codeTemplates: [],
});

/** Groups, part 3 (decision 0024): a group's trainings, contests and discussions are the site's with a gid, under
 * the group's permissions. Each table: outsider, member, group admin (not the author), the author, the group's root,
 * a site teacher outside the group, another group's admin and the super admin. */
describe.each(DB_KINDS)('group trainings, contests and discussions (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, nowMs } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let owner: User;
  let author: User;
  let admin2: User;
  let member: User;
  let member2: User;
  let outsider: User;
  let teacher: User;
  let elsewhere: User;
  let gid: number;
  let otherGid: number;
  let groupProblem: { pid: number; problemId: string };
  let otherGroupProblem: { pid: number; problemId: string };

  const newGroup = async (who: User) => {
    const res = await call('POST', '/api/group', who.token, {
      name: unique('Class '),
      shortName: unique('g'),
      brief: 'Grade 8 class',
      description: 'Our class.',
      auth: 1,
      visible: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; shortName: string };
  };
  const newProblem = async (who: User, g: number, problem: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/group/problem', who.token, problemDto(g, problem));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { pid: number; problemId: string };
  };

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    owner = await userToken('admin');
    author = await userToken();
    admin2 = await userToken();
    member = await userToken();
    member2 = await userToken();
    outsider = await userToken();
    teacher = await userToken('admin');
    elsewhere = await userToken('admin');
    gid = (await newGroup(owner)).id;
    otherGid = (await newGroup(elsewhere)).id;
    await t.services.db.insert(groupMembers).values([
      { gid, uid: author.uid, auth: 4 },
      { gid, uid: admin2.uid, auth: 4 },
      { gid, uid: member.uid, auth: 3 },
      { gid, uid: member2.uid, auth: 3 },
    ]);
    groupProblem = await newProblem(author, gid);
    otherGroupProblem = await newProblem(elsewhere, otherGid);
    await t.services.site.updateSwitches({ defaultCreateCommentACInitValue: 0, defaultCreateDiscussionACInitValue: 0 });
  }, 90_000);
  afterAll(async () => t?.close());

  describe('trainings', () => {
    let categoryId: number;
    const form = (over: Record<string, unknown> = {}, g = gid) => ({
      training: {
        title: 'Homework 1',
        description: 'Loops',
        auth: 'Public',
        rank: 1000,
        status: true,
        gid: g,
        ...over,
      },
      trainingCategory: { id: categoryId },
    });

    it('a group admin makes a category from the group form; the list is one for the whole site', async () => {
      const made = await call('POST', '/api/group/training-category', author.token, {
        gid,
        name: unique('Class '),
        color: '#409eff',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.data.gid).toBe(gid);
      categoryId = made.body.data.id;
      for (const who of [member, outsider, teacher]) {
        const res = await call('POST', '/api/group/training-category', who.token, { gid, name: 'x', color: '#fff' });
        expect(res.status).toBe(403);
      }
      const all = await call('GET', '/api/get-training-category');
      expect(all.body.data.find((c: { id: number }) => c.id === categoryId)).toMatchObject({ gid });
    });

    it('group admins create; a training belongs to its group only and its manager table holds', async () => {
      for (const who of [member, outsider, teacher, elsewhere]) {
        expect((await call('POST', '/api/group/training', who.token, form())).status).toBe(403);
      }
      const made = await call('POST', '/api/group/training', author.token, form());
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const tid = made.body.data.training.id as number;
      expect(made.body.data.training).toMatchObject({ gid, isGroup: true, author: author.username });

      const edit = (who: User | string, over: Record<string, unknown> = {}, g = gid) =>
        call('PUT', '/api/group/training', typeof who === 'string' ? who : who.token, form({ id: tid, ...over }, g));
      // Not the author nor the group's root: 403; the author, the group's root and the super admin: 200.
      for (const who of [admin2, member, outsider, teacher, elsewhere]) expect((await edit(who)).status).toBe(403);
      for (const who of [author, owner, root]) expect((await edit(who)).status).toBe(200);
      // The author naming another group: 403, nothing changed.
      const moved = await edit(author, { title: 'Moved' }, otherGid);
      expect([moved.status, moved.body.data.key]).toEqual([403, 'groupItemElsewhere']);
      // The admin area's calls follow the same rule.
      expect((await call('GET', `/api/admin/training?tid=${tid}`, teacher.token)).status).toBe(403);
      expect((await call('GET', `/api/group/training?tid=${tid}`, author.token)).body.data.training.title).toBe(
        'Homework 1',
      );
      const status = (who: User) => call('PUT', `/api/group/change-training-status?tid=${tid}&status=false`, who.token);
      expect((await status(admin2)).status).toBe(403);
      expect((await status(owner)).status).toBe(200);
      // Hidden: its members cannot find it, its managers can.
      expect((await call('GET', `/api/get-training-detail?tid=${tid}`, member.token)).status).toBe(404);
      expect((await call('GET', `/api/get-training-detail?tid=${tid}`, author.token)).status).toBe(200);
      const del = (who: User) => call('DELETE', `/api/group/training?tid=${tid}`, who.token);
      expect((await del(admin2)).status).toBe(403);
      expect((await del(author)).status).toBe(200);
      expect((await call('GET', `/api/group/training?tid=${tid}`, author.token)).status).toBe(404);
    });

    it('problems come from the bank or the group itself; members solve it and the rank shows them', async () => {
      const made = await call('POST', '/api/group/training', author.token, form({ title: 'Homework 2' }));
      const tid = made.body.data.training.id as number;
      const fromGroup = await call('POST', '/api/group/add-training-problem-from-group', author.token, {
        tid,
        problemId: groupProblem.problemId,
      });
      expect(fromGroup.status, JSON.stringify(fromGroup.body)).toBe(200);
      expect(fromGroup.body.data.displayId).toBe(groupProblem.problemId);
      const stranger = await call('POST', '/api/group/add-training-problem-from-group', author.token, {
        tid,
        problemId: otherGroupProblem.problemId,
      });
      expect([stranger.status, stranger.body.data.key]).toEqual([403, 'groupProblemNotInGroup']);
      const bank = await createProblem(t);
      const fromBank = await call('POST', '/api/group/add-training-problem-from-public', author.token, {
        tid,
        pid: bank.id,
        displayId: 'B1',
      });
      expect(fromBank.status).toBe(200);
      expect(
        (
          await call('POST', '/api/group/add-training-problem-from-public', admin2.token, {
            tid,
            pid: bank.id,
            displayId: 'B2',
          })
        ).status,
      ).toBe(403);

      // Hidden from the site's list; the group's members list it, strangers are refused.
      const site = await call('GET', '/api/get-training-list?limit=100', member.token);
      expect(site.body.data.records.map((r: { id: number }) => r.id)).not.toContain(tid);
      const list = await call('GET', `/api/group/get-training-list?gid=${gid}`, member.token);
      expect(list.body.data.records.map((r: { id: number }) => r.id)).toContain(tid);
      expect((await call('GET', `/api/group/get-training-list?gid=${gid}`, outsider.token)).status).toBe(403);
      expect((await call('GET', `/api/group/get-admin-training-list?gid=${gid}`, member.token)).status).toBe(403);
      expect((await call('GET', `/api/get-training-detail?tid=${tid}`, outsider.token)).status).toBe(403);
      expect((await call('GET', `/api/get-training-detail?tid=${tid}`)).status).toBe(401);

      const listed = await call('GET', `/api/get-training-problem-list?tid=${tid}`, member.token);
      expect(listed.body.data.map((p: { problemId: string }) => p.problemId)).toEqual([groupProblem.problemId, 'B1']);
      const submit = (who: User, pid: string, g: number | undefined = gid) =>
        call('POST', '/api/submit-problem-judge', who.token, {
          pid,
          tid,
          gid: g,
          language: 'C++',
          code: 'int main(){}',
        });
      expect((await submit(outsider, 'B1')).status).toBe(403);
      // A gid that is not the training's group: 404.
      expect((await submit(member, 'B1', otherGid)).status).toBe(404);
      const sent = await submit(member, groupProblem.problemId);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await judge.judgeNext({ status: S.ACCEPTED });
      const [row] = await t.services.db
        .select()
        .from(submissions)
        .where(eq(submissions.submitId, sent.body.data.submitId));
      expect(row).toMatchObject({ gid, tid, cid: 0 });
      expect((await submit(member2, 'B1')).status).toBe(200);
      await judge.judgeNext({ status: S.WRONG_ANSWER });

      // A public group training has a rank too: the members who submitted to it.
      const rank = await call('GET', `/api/get-training-rank?tid=${tid}`, member.token);
      expect(rank.status, JSON.stringify(rank.body)).toBe(200);
      const rows = rank.body.data.records as { username: string; ac: number; realname: string | null }[];
      expect(rows.map((r) => [r.username, r.ac])).toEqual([
        [member.username, 1],
        [member2.username, 0],
      ]);
      // The group's own problem is counted over the group's submissions.
      const counted = await call('GET', `/api/get-training-problem-list?tid=${tid}`, member2.token);
      expect(counted.body.data[0]).toMatchObject({ problemId: groupProblem.problemId, ac: 1, total: 1 });
      const progress = await call('GET', `/api/group/get-training-list?gid=${gid}`, member.token);
      expect(progress.body.data.records.find((r: { id: number }) => r.id === tid).acCount).toBe(1);
    });
  });

  it.runIf(kind === 'postgres')(
    'parallel: one group problem added at once to a training and a contest lands once in each; parallel first submits rank the member once',
    async () => {
      const cat = await call('POST', '/api/group/training-category', author.token, {
        gid,
        name: unique('P '),
        color: '#123',
      });
      const tr = await call('POST', '/api/group/training', author.token, {
        training: { title: 'Parallel', description: 'x', auth: 'Public', rank: 1, status: true, gid },
        trainingCategory: { id: cat.body.data.id },
      });
      const tid = tr.body.data.training.id as number;
      const toTraining = await Promise.all(
        Array.from({ length: 8 }, () =>
          call('POST', '/api/group/add-training-problem-from-group', author.token, {
            tid,
            problemId: groupProblem.problemId,
          }),
        ),
      );
      expect(toTraining.filter((r) => r.status === 200)).toHaveLength(1);
      expect(toTraining.filter((r) => r.status === 400)).toHaveLength(7);
      const c = await call('POST', '/api/group/contest', author.token, {
        title: 'Parallel',
        description: 'x',
        type: 0,
        auth: 0,
        startTime: new Date(nowMs() - HOUR).toISOString(),
        endTime: new Date(nowMs() + HOUR).toISOString(),
        gid,
      });
      const toContest = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call('POST', '/api/group/add-contest-problem-from-group', author.token, {
            cid: c.body.data.id,
            problemId: groupProblem.problemId,
            displayId: `P${i}`,
          }),
        ),
      );
      expect(toContest.filter((r) => r.status === 200)).toHaveLength(1);
      expect(toContest.filter((r) => r.status === 400 && r.body.data.key === 'contestProblemExists')).toHaveLength(7);
      const sent = await Promise.all(
        Array.from({ length: 4 }, () =>
          call('POST', '/api/submit-problem-judge', member.token, {
            pid: groupProblem.problemId,
            tid,
            gid,
            language: 'C++',
            code: 'int main(){}',
          }),
        ),
      );
      expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      await judge.drain();
      const rank = await call('GET', `/api/get-training-rank?tid=${tid}`, member.token);
      expect(rank.body.data.records.map((r: { username: string }) => r.username)).toEqual([member.username]);
    },
  );

  describe('contests', () => {
    const form = (over: Record<string, unknown> = {}) => ({
      title: 'Class test',
      description: 'OI rules',
      type: 1,
      auth: 0,
      startTime: new Date(nowMs() - HOUR).toISOString(),
      endTime: new Date(nowMs() + 4 * HOUR).toISOString(),
      openRank: true,
      gid,
      ...over,
    });
    const newContest = async (over: Record<string, unknown> = {}) => {
      const res = await call('POST', '/api/group/contest', author.token, form(over));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };

    it('group admins create; the creator, the group root and the super admin manage; nobody else', async () => {
      for (const who of [member, outsider, teacher, elsewhere]) {
        expect((await call('POST', '/api/group/contest', who.token, form())).status).toBe(403);
      }
      const cid = await newContest();
      const edit = (who: User | string, over: Record<string, unknown> = {}) =>
        call('PUT', '/api/group/contest', typeof who === 'string' ? who : who.token, form({ id: cid, ...over }));
      for (const who of [admin2, member, outsider, teacher, elsewhere]) expect((await edit(who)).status).toBe(403);
      for (const who of [author, owner, root]) expect((await edit(who)).status).toBe(200);
      const moved = await edit(author, { gid: otherGid });
      expect([moved.status, moved.body.data.key]).toEqual([403, 'groupItemElsewhere']);
      const visible = (who: User) =>
        call('PUT', `/api/group/change-contest-visible?cid=${cid}&visible=false`, who.token);
      expect((await visible(admin2)).status).toBe(403);
      expect((await visible(owner)).status).toBe(200);
      // Hidden: 404 for its members, open to its admins.
      expect((await call('GET', `/api/get-contest-info?cid=${cid}`, member.token)).status).toBe(404);
      expect((await call('GET', `/api/get-contest-info?cid=${cid}`, owner.token)).status).toBe(200);
      const note = { cid, announcement: { title: 'Note', content: 'Read carefully' } };
      expect((await call('POST', '/api/group/contest-announcement', admin2.token, note)).status).toBe(403);
      expect((await call('POST', '/api/group/contest-announcement', author.token, note)).status).toBe(200);
      expect((await call('DELETE', `/api/group/contest?cid=${cid}`, admin2.token)).status).toBe(403);
      expect((await call('DELETE', `/api/group/contest?cid=${cid}`, owner.token)).status).toBe(200);
    });

    it("the group's form carries the exam fields; a group exam restricts its members, never the group's root", async () => {
      const bad = await call('POST', '/api/group/contest', author.token, form({ allowedAddresses: ['10.0.0.0/40'] }));
      expect([bad.status, bad.body.data.key]).toEqual([400, 'examAddressInvalid']);
      const cid = await newContest({ examMode: true, examSessionPolicy: 'refuse', allowedAddresses: ['127.0.0.1'] });
      const got = await call('GET', `/api/group/contest?cid=${cid}`, author.token);
      expect(got.body.data).toMatchObject({
        examMode: true,
        examSessionPolicy: 'refuse',
        allowedAddresses: ['127.0.0.1/32'],
      });
      // The member is a participant; the group's owner, registered too, manages it (contest-access.ts).
      await t.services.db.insert(contestRegisters).values([
        { cid, uid: member2.uid },
        { cid, uid: owner.uid },
      ]);
      t.services.examPolicy.changed();
      const closed = await call('GET', `/api/get-group-detail?gid=${gid}`, member2.token);
      expect([closed.status, closed.body.data.key]).toEqual([403, 'examSiteClosed']);
      expect((await call('GET', `/api/get-group-detail?gid=${gid}`, owner.token)).status).toBe(200);
      expect((await call('GET', `/api/contest/current-exam`, member2.token)).body.data).toMatchObject({ cid });
      expect((await call('DELETE', `/api/group/contest?cid=${cid}`, owner.token)).status).toBe(200);
      expect((await call('GET', `/api/get-group-detail?gid=${gid}`, member2.token)).status).toBe(200);
    });

    it('its problems come from the group or are written inside it; only members take part; the public never sees it', async () => {
      const cid = await newContest();
      const fromGroup = await call('POST', '/api/group/add-contest-problem-from-group', author.token, {
        cid,
        problemId: groupProblem.problemId,
        displayId: 'A',
      });
      expect(fromGroup.status, JSON.stringify(fromGroup.body)).toBe(200);
      const stranger = await call('POST', '/api/group/add-contest-problem-from-group', author.token, {
        cid,
        problemId: otherGroupProblem.problemId,
        displayId: 'Z',
      });
      expect([stranger.status, stranger.body.data.key]).toEqual([403, 'groupProblemNotInGroup']);
      const written = await call('POST', '/api/group/contest-problem', author.token, {
        ...problemDto(gid, { title: 'Only in the test' }),
        cid,
        displayId: 'B',
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const [own] = await t.services.db.select().from(problems).where(eq(problems.id, written.body.data.pid));
      expect(own).toMatchObject({ gid, isGroup: 1, auth: 3 });
      const foreign = await call('POST', '/api/group/contest-problem', author.token, {
        ...problemDto(otherGid),
        cid,
        displayId: 'C',
      });
      expect(foreign.status).toBe(403);

      const site = await call('GET', '/api/get-contest-list?limit=100');
      expect(site.body.data.records.map((r: { id: number }) => r.id)).not.toContain(cid);
      const adminSite = await call('GET', '/api/admin/contest/get-contest-list?limit=100', root);
      expect(adminSite.body.data.records.map((r: { id: number }) => r.id)).not.toContain(cid);
      const cards = await call('GET', `/api/group/get-contest-list?gid=${gid}`, member.token);
      expect(cards.body.data.records.map((r: { id: number }) => r.id)).toContain(cid);
      expect((await call('GET', `/api/group/get-contest-list?gid=${gid}`, outsider.token)).status).toBe(403);

      // A stranger opening it by id: 403 and nothing of it in the answer; a visitor: 401.
      const peek = await call('GET', `/api/get-contest-info?cid=${cid}`, outsider.token);
      expect(peek.status).toBe(403);
      expect(JSON.stringify(peek.body)).not.toContain('Class test');
      expect((await call('GET', `/api/get-contest-info?cid=${cid}`)).status).toBe(401);
      expect((await call('GET', `/api/get-contest-problem?cid=${cid}`, outsider.token)).status).toBe(403);

      const submit = (who: User, pid: string) =>
        call('POST', '/api/submit-problem-judge', who.token, { pid, cid, language: 'C++', code: 'int main(){}' });
      expect((await submit(outsider, 'A')).status).toBe(403);
      const sent = await submit(member, 'B');
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await judge.judgeNext({ status: S.ACCEPTED, score: 100, oiRankScore: 100 });
      const [row] = await t.services.db
        .select()
        .from(submissions)
        .where(eq(submissions.submitId, sent.body.data.submitId));
      expect(row).toMatchObject({ gid, cid });
      expect((await submit(member2, 'A')).status).toBe(200);
      await judge.judgeNext({ status: S.WRONG_ANSWER, score: 0, oiRankScore: 0 });

      const rank = await call('POST', '/api/get-contest-rank', member.token, { cid, currentPage: 1, limit: 30 });
      expect(rank.status, JSON.stringify(rank.body)).toBe(200);
      const usernames = (rank.body.data.records as { username: string }[]).map((r) => r.username);
      // The viewer's own row is pinned on top, then the board.
      expect(new Set(usernames)).toEqual(new Set([member.username, member2.username]));
      // The submission is the contest's: the group's status list (outside contests) and the stranger never see it.
      expect(
        (await call('GET', `/api/get-submission-detail?submitId=${sent.body.data.submitId}`, outsider.token)).status,
      ).toBe(403);
    });
  });

  describe('discussions', () => {
    let categoryId: number;
    const body = (over: Record<string, unknown> = {}) => ({
      title: 'How to start?',
      description: 'A question',
      content: 'Where does the loop begin?',
      categoryId,
      gid,
      ...over,
    });

    it('members post and reply; the author edits; the author or a group admin deletes; group admins pin', async () => {
      categoryId = (await call('GET', '/api/discussion-category')).body.data[0].id;
      for (const who of [outsider, teacher, elsewhere]) {
        expect((await call('POST', '/api/group/discussion', who.token, body())).status).toBe(403);
      }
      const made = await call('POST', '/api/group/discussion', member.token, body({ pid: groupProblem.problemId }));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const did = made.body.data.id as number;
      expect(made.body.data).toMatchObject({
        gid,
        title: `[${groupProblem.problemId}] How to start?`,
        topPriority: false,
      });

      // The group's list (and the problem's), never the site's; reading is the site's call with the group's rule.
      const list = await call('GET', `/api/group/get-discussion-list?gid=${gid}`, member2.token);
      expect(list.body.data.records.map((d: { id: number }) => d.id)).toContain(did);
      const forProblem = await call(
        'GET',
        `/api/group/get-discussion-list?gid=${gid}&pid=${groupProblem.problemId}`,
        member2.token,
      );
      expect(forProblem.body.data.records.map((d: { id: number }) => d.id)).toEqual([did]);
      const site = await call('GET', '/api/get-discussion-list?limit=100', member.token);
      expect(site.body.data.records.map((d: { id: number }) => d.id)).not.toContain(did);
      expect((await call('GET', `/api/group/get-discussion-list?gid=${gid}`, outsider.token)).status).toBe(403);
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`, member2.token)).status).toBe(200);
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`, outsider.token)).status).toBe(403);
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`)).status).toBe(401);

      // Another member comments and the author replies.
      const comment = await call('POST', '/api/comment', member2.token, { did, content: 'Start at zero.' });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      expect((await call('POST', '/api/comment', outsider.token, { did, content: 'Me too' })).status).toBe(403);
      const reply = await call('POST', '/api/reply', member.token, {
        did,
        reply: { commentId: comment.body.data.id, content: 'Thanks!' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const replies = await call('GET', `/api/reply?commentId=${comment.body.data.id}`, member2.token);
      expect(replies.body.data.map((r: { content: string }) => r.content)).toEqual(['Thanks!']);

      const edit = (who: User, over: Record<string, unknown> = {}) =>
        call('PUT', '/api/group/discussion', who.token, body({ id: did, title: 'Edited', ...over }));
      for (const who of [member2, author, owner, outsider]) expect((await edit(who)).status).toBe(403);
      expect((await edit(member)).status).toBe(200);
      const moved = await edit(member, { gid: otherGid });
      expect(moved.status).toBe(403);
      // The site's calls do not touch a group's discussion.
      expect((await call('PUT', '/api/discussion', member.token, body({ id: did, gid: null }))).status).toBe(404);
      expect((await call('DELETE', `/api/discussion?did=${did}`, member.token)).status).toBe(404);

      const pin = (who: User) => call('PUT', '/api/group/discussion-top', who.token, { did, topPriority: true });
      expect((await pin(member)).status).toBe(403);
      expect((await pin(admin2)).status).toBe(200);
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`, member.token)).body.data.topPriority).toBe(
        true,
      );
      const del = (who: User) => call('DELETE', `/api/group/discussion?did=${did}`, who.token);
      for (const who of [member2, elsewhere, teacher]) expect((await del(who)).status).toBe(403);
      expect((await del(admin2)).status).toBe(200);
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`, member.token)).status).toBe(404);
    });

    it('the group discussion switch closes the group area only', async () => {
      const made = await call('POST', '/api/group/discussion', member.token, body({ title: 'Switch' }));
      const did = made.body.data.id as number;
      await t.services.site.updateSwitches({ openGroupDiscussion: false });
      try {
        expect((await call('GET', `/api/get-discussion-detail?did=${did}`, member.token)).status).toBe(403);
        expect((await call('GET', `/api/group/get-discussion-list?gid=${gid}`, member.token)).status).toBe(403);
        expect((await call('POST', '/api/group/discussion', member.token, body())).status).toBe(403);
        expect((await call('GET', '/api/get-discussion-list', member.token)).status).toBe(200);
      } finally {
        await t.services.site.updateSwitches({ openGroupDiscussion: true });
      }
      expect((await call('GET', `/api/get-discussion-detail?did=${did}`, member.token)).status).toBe(200);
    });
  });
});
