import { JUDGE_STATUS as S } from '@oj/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { readXlsx, valuesOf } from '../../../test/xlsx-reader.js';
import {
  contestProblems,
  groupMembers,
  plagiarismCheckProblems,
  plagiarismChecks,
  plagiarismDecisions,
  plagiarismFingerprints,
  plagiarismPairs,
  submissions,
} from '../../db/schema.js';
import { createPlagiarismRepository } from './plagiarism.repository.js';
import { createPlagiarismService } from './plagiarism.service.js';
import {
  different,
  original,
  renamed,
  reordered,
  sharedTestEngine,
  template,
  testRunner,
} from './plagiarism-fixtures.js';

// One engine thread for both databases' runs; each database's runner is driven by runOnce, never by its timers.
const shared = sharedTestEngine();
afterAll(() => shared.close());

describe.each(DB_KINDS)('copy detection (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const { call, userToken, newContest } = contestKit(() => ({ t, judge, root }));
  type User = Awaited<ReturnType<typeof userToken>>;
  let teacher: User;
  let otherTeacher: User;
  let groupAdmin: User;
  let groupMember: User;
  let problemAdmin: User;
  let runner: ReturnType<typeof testRunner>;
  let students: User[];
  let cid: number;
  let gid: number;
  let subs: Record<'original' | 'renamed' | 'reordered' | 'different', number>;

  const checkRows = async () => (await t.services.db.select({ n: count() }).from(plagiarismChecks))[0].n;
  const fingerprintRows = async () => (await t.services.db.select({ n: count() }).from(plagiarismFingerprints))[0].n;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    runner = testRunner(t.services.db, t.services.plagiarism.selectionFor, shared.engine);
    teacher = await userToken('admin');
    otherTeacher = await userToken('admin');
    groupAdmin = await userToken();
    groupMember = await userToken();
    problemAdmin = await userToken('problem_admin');
    students = [await userToken(), await userToken(), await userToken(), await userToken()];
    cid = (await newContest({}, teacher.token)).id;
    const p = await createProblem(t, { author: teacher.username }, { templates: { 'C++': template } });
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', teacher.token, {
      cid,
      pid: p.id,
      displayId: 'A',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { solve } = contestKit(() => ({ t, judge, root }));
    // A wrong try first: only each user's latest accepted submission is checked by default.
    await solve(students[0].token, cid, 'A', S.WRONG_ANSWER, different);
    subs = {
      original: await solve(students[0].token, cid, 'A', S.ACCEPTED, original),
      renamed: await solve(students[1].token, cid, 'A', S.ACCEPTED, renamed),
      reordered: await solve(students[2].token, cid, 'A', S.ACCEPTED, reordered),
      different: await solve(students[3].token, cid, 'A', S.ACCEPTED, different),
    };
    // The contest's creator and root test the problem with the same code: never checked.
    await solve(teacher.token, cid, 'A', S.ACCEPTED, original);
    await solve(root, cid, 'A', S.ACCEPTED, original);
    const group = await call('POST', '/api/group', teacher.token, {
      name: `Class ${kind}`,
      shortName: `cls${kind.slice(0, 2)}`,
      brief: 'A class',
      description: 'A class.',
      auth: 1,
      visible: true,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    gid = group.body.data.id;
    await t.services.db.insert(groupMembers).values([
      { gid, uid: groupAdmin.uid, auth: 4 },
      { gid, uid: groupMember.uid, auth: 3 },
    ]);
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
    await t?.close();
  });

  it('refuses bad input and strangers to the scope, storing nothing', async () => {
    const before = await checkRows();
    const bad: [object, number, string][] = [
      [{}, 400, 'plagiarismOneScope'],
      [{ cid, pid: 1000 }, 400, 'plagiarismOneScope'],
      [{ cid, from: '2026-01-01T00:00:00Z' }, 400, 'plagiarismTimeRangeProblemOnly'],
      [{ pid: 1000, from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 400, 'plagiarismTimeRangeInvalid'],
      [{ pid: 1000, from: 'yesterday' }, 400, 'fieldInvalid'],
      [{ cid: 'x' }, 400, ''],
      [{ cid: 99_999 }, 404, 'notFound'],
    ];
    for (const [body, status, key] of bad) {
      const res = await call('POST', '/api/plagiarism/check', teacher.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (key) expect(res.body.data.key).toBe(key);
    }
    expect((await call('POST', '/api/plagiarism/check', undefined, { cid })).status).toBe(401);
    // The contest admin rule: root and the contest's creator; not another teacher, not the site's problem admin.
    for (const who of [students[0], otherTeacher, groupAdmin, problemAdmin]) {
      expect((await call('POST', '/api/plagiarism/check', who.token, { cid })).status).toBe(403);
      expect((await call('GET', `/api/plagiarism/checks?cid=${cid}`, who.token)).status).toBe(403);
    }
    // A group's scope: its admins, not its members nor the site's other teachers.
    expect((await call('GET', `/api/plagiarism/checks?gid=${gid}`, groupAdmin.token)).status).toBe(200);
    expect((await call('GET', `/api/plagiarism/checks?gid=${gid}`, groupMember.token)).status).toBe(403);
    expect((await call('GET', `/api/plagiarism/checks?gid=${gid}`, otherTeacher.token)).status).toBe(403);
    // A scope larger than the limit is refused with the count and the limit, before anything is stored (the
    // service with a limit of 3: the contest's four students).
    const small = createPlagiarismService({
      repo: createPlagiarismRepository(t.services.db),
      groupPolicy: t.services.groupPolicy,
      submissions: t.services.submissionPublic,
      audit: t.services.audit,
      maxSubmissions: 3,
    });
    const viewer = { uid: teacher.uid, username: teacher.username, roles: ['admin'], permissions: [], sessionId: 0 };
    await expect(small.start({ cid }, viewer)).rejects.toMatchObject({
      status: 400,
      key: 'plagiarismScopeTooLarge',
      vars: { count: '4', limit: '3' },
    });
    expect(await checkRows()).toBe(before);
  });

  it('runs a contest check to its clusters: the copies join, the different solution and the staff stay out', async () => {
    const started = await call('POST', '/api/plagiarism/check', teacher.token, { cid });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id as number;
    // Queued: shown running, nothing done; a second check of the scope waits for it; students see no check at all.
    const queued = await call('GET', `/api/plagiarism/check?id=${id}`, teacher.token);
    expect(queued.body.data).toMatchObject({ status: 'running', queued: true, scope: { kind: 'contest', id: cid } });
    expect((await call('POST', '/api/plagiarism/check', root, { cid })).status).toBe(429);
    expect((await call('GET', `/api/plagiarism/check?id=${id}`, students[0].token)).status).toBe(404);
    expect((await call('GET', `/api/plagiarism/check?id=${id}`, otherTeacher.token)).status).toBe(404);

    expect(await runner.runOnce()).toBe(id);
    const done = await call('GET', `/api/plagiarism/check?id=${id}`, teacher.token);
    expect(done.status).toBe(200);
    const check = done.body.data;
    expect(check).toMatchObject({ status: 'done', queued: false, threshold: 0.5 });
    expect(check.progress.done).toBe(check.progress.total);
    // Four students' accepted programs fingerprinted and one problem compared.
    expect(check.progress.total).toBe(5);
    expect(check.clusters).toHaveLength(1);
    expect([...check.clusters[0].usernames].sort()).toEqual(
      [students[0].username, students[1].username, students[2].username].sort(),
    );
    expect(check.problems).toEqual([expect.objectContaining({ displayId: 'A' })]);

    const pairs = await call('GET', `/api/plagiarism/pairs?checkId=${id}&minSimilarity=0.5`, teacher.token);
    expect(pairs.status).toBe(200);
    const records = pairs.body.data.records as { leftSubmitId: number; rightSubmitId: number; similarity: number }[];
    const copies = [subs.original, subs.renamed, subs.reordered];
    expect(records).toHaveLength(3);
    for (const r of records) {
      expect(copies).toContain(r.leftSubmitId);
      expect(copies).toContain(r.rightSubmitId);
    }
    expect(records.map((r) => r.similarity)).toEqual([...records.map((r) => r.similarity)].sort((a, b) => b - a));
    // Every stored pair: students only, never the teacher's or root's copies, never the wrong try.
    const all = await call('GET', `/api/plagiarism/pairs?checkId=${id}&limit=100`, teacher.token);
    const ids = new Set(Object.values(subs));
    for (const r of all.body.data.records) {
      expect(ids.has(r.leftSubmitId) && ids.has(r.rightSubmitId)).toBe(true);
      if (r.leftSubmitId === subs.different || r.rightSubmitId === subs.different)
        expect(r.similarity).toBeLessThan(0.5);
    }
    const mine = await call(
      'GET',
      `/api/plagiarism/pairs?checkId=${id}&uid=${students[1].uid}&limit=100`,
      teacher.token,
    );
    expect(mine.body.data.records.length).toBeGreaterThan(0);
    for (const r of mine.body.data.records) expect([r.leftUid, r.rightUid]).toContain(students[1].uid);
    expect((await call('GET', `/api/plagiarism/pairs?checkId=${id}`, students[0].token)).status).toBe(404);
    expect((await call('GET', `/api/plagiarism/pairs?checkId=${id}&minSimilarity=2`, teacher.token)).status).toBe(400);

    // The pair side by side: both codes and fragments on both sides, for the contest's admin only.
    const top = records[0];
    const pairUrl = `/api/plagiarism/pair?checkId=${id}&leftSubmitId=${top.leftSubmitId}&rightSubmitId=${top.rightSubmitId}`;
    const pair = await call('GET', pairUrl, teacher.token);
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    expect(pair.body.data.left.code).toContain('#include');
    expect(pair.body.data.fragments.length).toBeGreaterThan(0);
    expect(pair.body.data.fragments[0].left.startLine).toBeGreaterThanOrEqual(1);
    expect((await call('GET', pairUrl, students[0].token)).status).toBe(404);
    expect((await call('GET', pairUrl, otherTeacher.token)).status).toBe(404);

    // The clusters at a higher threshold come from the stored pairs; below the pairs' floor is refused.
    const strict = await call('GET', `/api/plagiarism/check?id=${id}&threshold=0.999`, teacher.token);
    expect(strict.body.data.threshold).toBe(0.999);
    expect(strict.body.data.clusters.length).toBeLessThan(2);
    expect((await call('GET', `/api/plagiarism/check?id=${id}&threshold=0.1`, teacher.token)).status).toBe(400);

    const list = await call('GET', `/api/plagiarism/checks?cid=${cid}`, teacher.token);
    expect(list.body.data).toMatchObject({ total: 1, records: [{ id, status: 'done', pairCount: check.pairCount }] });
  }, 60_000);

  it('fingerprints each submission once: a later check reuses them', async () => {
    const stored = await fingerprintRows();
    expect(stored).toBe(4);
    const batches = shared.fingerprinted.length;
    const started = await call('POST', '/api/plagiarism/check', root, { cid });
    expect(await runner.runOnce()).toBe(started.body.data.id);
    expect(shared.fingerprinted.length).toBe(batches);
    expect(await fingerprintRows()).toBe(stored);
    const again = await call('GET', `/api/plagiarism/check?id=${started.body.data.id}`, root);
    expect(again.body.data).toMatchObject({ status: 'done', clusters: [{ uids: expect.any(Array) }] });
  }, 60_000);

  it("keeps an admin's decisions on a pair of users across the scope's checks; a cluster's decision covers its pairs", async () => {
    const started = await call('POST', '/api/plagiarism/check', teacher.token, { cid });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const checkId = started.body.data.id;
    expect(await runner.runOnce()).toBe(checkId);
    type Rec = { leftUid: string; rightUid: string; pid: number; decision: string | null; note: string };
    const pairsOf = async (id: number) =>
      (await call('GET', `/api/plagiarism/pairs?checkId=${id}&minSimilarity=0.5`, teacher.token)).body.data
        .records as Rec[];
    const copies = await pairsOf(checkId);
    expect(copies).toHaveLength(3);
    expect(copies.every((r) => r.decision === null && r.note === '')).toBe(true);
    const pid = copies[0].pid;
    const [a, b] = [students[0].uid, students[1].uid];
    const decisionRows = async () => (await t.services.db.select({ n: count() }).from(plagiarismDecisions))[0].n;
    const before = await decisionRows();

    // Refused: no session, strangers to the scope, bad input, two users who were never paired there.
    const good = { cid, pid, leftUid: b, rightUid: a, decision: 'dismissed', note: 'the class template' };
    expect((await call('PUT', '/api/plagiarism/decision', undefined, good)).status).toBe(401);
    for (const who of [students[0], otherTeacher, groupAdmin]) {
      expect((await call('PUT', '/api/plagiarism/decision', who.token, good)).status).toBe(403);
    }
    const bad: [object, number, string][] = [
      [{ ...good, decision: 'maybe' }, 400, 'fieldInvalid'],
      [{ ...good, note: 'x'.repeat(1001) }, 400, 'fieldTooLong'],
      [{ ...good, rightUid: b }, 400, 'plagiarismSameUser'],
      [{ ...good, gid }, 400, 'plagiarismOneScope'],
      [{ ...good, rightUid: teacher.uid }, 404, 'notFound'],
      [{ ...good, cid: 99_999 }, 404, 'notFound'],
    ];
    for (const [body, status, key] of bad) {
      const res = await call('PUT', '/api/plagiarism/decision', teacher.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.data?.key ?? '', JSON.stringify(res.body)).toBe(key);
    }
    expect(await decisionRows()).toBe(before);

    // The two users in either order name one decision; the pair list and the pair view carry it.
    const set = await call('PUT', '/api/plagiarism/decision', teacher.token, good);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ decision: 'dismissed', note: 'the class template' });
    const isAB = (r: Rec) => [r.leftUid, r.rightUid].sort().join() === [a, b].sort().join();
    const marked = await pairsOf(checkId);
    expect(marked.filter((r) => r.decision !== null)).toEqual([
      expect.objectContaining({
        leftUid: marked.find(isAB)?.leftUid,
        decision: 'dismissed',
        note: 'the class template',
      }),
    ]);
    const top = (
      await call('GET', `/api/plagiarism/pairs?checkId=${checkId}&uid=${a}&minSimilarity=0.5`, teacher.token)
    ).body.data.records.find(isAB);
    const detail = await call(
      'GET',
      `/api/plagiarism/pair?checkId=${checkId}&leftSubmitId=${top.leftSubmitId}&rightSubmitId=${top.rightSubmitId}`,
      teacher.token,
    );
    expect(detail.body.data).toMatchObject({ decision: 'dismissed', note: 'the class template' });
    const logged = await t.services.audit.list({ currentPage: 1, limit: 10, action: 'plagiarismDecision' });
    expect(logged.records[0]).toMatchObject({
      username: teacher.username,
      targetType: 'contest',
      targetId: String(cid),
      detail: { pid, decision: 'dismissed', note: 'the class template' },
    });

    // A cluster's decision: every pair of the check on the problem between its users, for the check's admins only.
    const cluster = { checkId, uids: [a, b, students[2].uid], pid, decision: 'confirmed', note: 'one solution' };
    expect((await call('PUT', '/api/plagiarism/cluster-decision', students[0].token, cluster)).status).toBe(404);
    expect(
      (await call('PUT', '/api/plagiarism/cluster-decision', teacher.token, { ...cluster, uids: [a, a] })).status,
    ).toBe(400);
    const all = await call('PUT', '/api/plagiarism/cluster-decision', teacher.token, cluster);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data).toEqual({ count: 3 });
    expect((await pairsOf(checkId)).map((r) => r.decision)).toEqual(['confirmed', 'confirmed', 'confirmed']);

    // The next check of the scope shows the decisions it finds the same pairs under.
    const next = await call('POST', '/api/plagiarism/check', root, { cid });
    expect(await runner.runOnce()).toBe(next.body.data.id);
    const again = await pairsOf(next.body.data.id);
    expect(again).toHaveLength(3);
    expect(again.every((r) => r.decision === 'confirmed' && r.note === 'one solution')).toBe(true);

    // The check as a file: every pair with its decision and cluster; the workbook has the clusters too.
    const download = async (url: string, who?: string, language = 'en-US') => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...(who ? { authorization: who } : {}), 'accept-language': language },
      });
      return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, res };
    };
    const fileUrl = (format: string) => `/api/file/download-plagiarism?checkId=${next.body.data.id}&format=${format}`;
    expect((await download(fileUrl('xlsx'))).status).toBe(401);
    expect((await download(fileUrl('xlsx'), students[0].token)).status).toBe(404);
    expect((await download(fileUrl('pdf'), teacher.token)).status).toBe(400);
    const book = await download(fileUrl('xlsx'), teacher.token);
    expect(book.status).toBe(200);
    expect(book.type).toContain('spreadsheetml');
    const { sheets } = await readXlsx(book.bytes);
    expect(sheets.map((x) => x.name)).toEqual(['Pairs', 'Clusters']);
    const rows = valuesOf(sheets[0]);
    expect(rows[0]).toEqual([
      'Similarity (%)',
      'User 1',
      'User 2',
      'Problem',
      'Language',
      'Longest fragment (tokens)',
      'Shared tokens',
      'Decision',
      'Note',
      'Cluster',
      'Submission 1',
      'Submission 2',
    ]);
    const stored = (await call('GET', `/api/plagiarism/pairs?checkId=${next.body.data.id}&limit=100`, teacher.token))
      .body.data.total;
    expect(rows).toHaveLength(stored + 1);
    const copiesInFile = rows.slice(1).filter((r) => r[7] === 'Confirmed copy');
    expect(copiesInFile).toHaveLength(3);
    for (const r of copiesInFile) expect(r.slice(8, 10)).toEqual(['one solution', 1]);
    expect(valuesOf(sheets[1])[1][0]).toBe(1);
    const csv = await download(fileUrl('csv'), teacher.token, 'zh-CN');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF相似度（%）,用户 1,用户 2')).toBe(true);
    expect(text.split('\r\n').filter((line) => line.includes('确认抄袭,one solution,1'))).toHaveLength(3);
  }, 60_000);

  it("ignores the fragments of a scope's base file in its later checks", async () => {
    const p = await createProblem(t, { author: teacher.username });
    for (const [who, code] of [
      [students[0], original],
      [students[1], renamed],
    ] as const) {
      await t.services.db.insert(submissions).values({
        pid: p.id,
        displayPid: p.problemId,
        uid: who.uid,
        username: who.username,
        status: S.ACCEPTED,
        code,
        length: code.length,
        language: 'C++',
      });
    }
    const checkOnce = async () => {
      const started = await call('POST', '/api/plagiarism/check', teacher.token, { pid: p.id });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(await runner.runOnce()).toBe(started.body.data.id);
      const check = (await call('GET', `/api/plagiarism/check?id=${started.body.data.id}`, teacher.token)).body.data;
      const pairs = (await call('GET', `/api/plagiarism/pairs?checkId=${check.id}`, teacher.token)).body.data;
      return { check, pairs };
    };
    const before = await checkOnce();
    expect(before.pairs.total).toBe(1);
    expect(before.pairs.records[0].similarity).toBeGreaterThan(0.8);

    // Refused: strangers, bad input, a problem outside the scope; nothing stored.
    const good = { pid: p.id, language: 'cpp', code: original };
    expect((await call('POST', '/api/plagiarism/base-file', undefined, good)).status).toBe(401);
    expect((await call('POST', '/api/plagiarism/base-file', students[0].token, good)).status).toBe(403);
    expect((await call('POST', '/api/plagiarism/base-file', otherTeacher.token, good)).status).toBe(403);
    const bad: [object, number, string][] = [
      [{ ...good, language: 'rust' }, 400, 'fieldInvalid'],
      [{ ...good, code: 'x'.repeat(65_537) }, 400, 'fieldTooLong'],
      [{ ...good, cid, gid }, 400, 'plagiarismOneScope'],
      [{ ...good, cid }, 404, 'notFound'],
    ];
    for (const [body, status, key] of bad) {
      const res = await call('POST', '/api/plagiarism/base-file', teacher.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.data?.key ?? '', JSON.stringify(res.body)).toBe(key);
    }
    expect((await call('GET', `/api/plagiarism/base-files?pid=${p.id}`, teacher.token)).body.data).toEqual({
      records: [],
      problems: [{ pid: p.id, displayId: p.problemId, title: p.title }],
    });
    expect((await call('GET', `/api/plagiarism/base-files?pid=${p.id}`, students[0].token)).status).toBe(403);
    // A contest's problems, as the contest names them.
    expect((await call('GET', `/api/plagiarism/base-files?cid=${cid}`, teacher.token)).body.data.problems).toEqual([
      expect.objectContaining({ displayId: 'A' }),
    ]);

    // The problem's teacher hands the program out as its skeleton: what the two share is no longer counted.
    const stored = await call('POST', '/api/plagiarism/base-file', teacher.token, good);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toEqual({ stored: true });
    const listed = await call('GET', `/api/plagiarism/base-files?pid=${p.id}`, teacher.token);
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ pid: p.id, displayId: p.problemId, language: 'cpp', username: teacher.username }),
    ]);
    const after = await checkOnce();
    expect(after.check.ignored.template).toBeGreaterThan(before.check.ignored.template);
    expect(after.pairs.records.every((r: { similarity: number }) => r.similarity < 0.5)).toBe(true);

    // Empty code takes it back.
    const removed = await call('POST', '/api/plagiarism/base-file', teacher.token, { ...good, code: '  ' });
    expect(removed.body.data).toEqual({ stored: false });
    expect((await call('GET', `/api/plagiarism/base-files?pid=${p.id}`, teacher.token)).body.data.records).toEqual([]);
  }, 60_000);

  it('refuses to export a check that is not done', async () => {
    const started = await call('POST', '/api/plagiarism/check', teacher.token, { cid });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const res = await call(
      'GET',
      `/api/file/download-plagiarism?checkId=${started.body.data.id}&format=csv`,
      teacher.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.data.key).toBe('plagiarismCheckNotDone');
    expect(await runner.runOnce()).toBe(started.body.data.id);
  }, 60_000);

  it('shows a pair only with code the caller may open through the submission detail', async () => {
    const p = await createProblem(t, { author: otherTeacher.username });
    const insert = (uid: string, username: string, code: string) =>
      t.services.db
        .insert(submissions)
        .values({
          pid: p.id,
          displayPid: p.problemId,
          uid,
          username,
          status: S.ACCEPTED,
          code,
          length: code.length,
          language: 'C++',
        })
        .returning({ submitId: submissions.submitId });
    await insert(students[0].uid, students[0].username, original);
    await insert(students[1].uid, students[1].username, renamed);
    const started = await call('POST', '/api/plagiarism/check', otherTeacher.token, { pid: p.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // A site problem's managers: its author and the problem admins (as the admin problem pages say).
    expect((await call('GET', `/api/plagiarism/checks?pid=${p.id}`, problemAdmin.token)).status).toBe(200);
    expect((await call('GET', `/api/plagiarism/checks?pid=${p.id}`, teacher.token)).status).toBe(403);
    expect(await runner.runOnce()).toBe(started.body.data.id);
    const pairs = await call('GET', `/api/plagiarism/pairs?checkId=${started.body.data.id}`, otherTeacher.token);
    expect(pairs.body.data.total).toBe(1);
    const [r] = pairs.body.data.records;
    const url = `/api/plagiarism/pair?checkId=${started.body.data.id}&leftSubmitId=${r.leftSubmitId}&rightSubmitId=${r.rightSubmitId}`;
    expect((await call('GET', url, otherTeacher.token)).status).toBe(200);
    // The site hides non-contest code from all but root: the problem's admin no longer sees it here either.
    await t.services.site.updateSwitches({ hideNonContestSubmissionCode: true });
    try {
      const hidden = await call('GET', url, otherTeacher.token);
      expect(hidden.status).toBe(403);
      expect(hidden.body.data.key).toBe('plagiarismCodeHidden');
      expect((await call('GET', url, root)).status).toBe(200);
    } finally {
      await t.services.site.updateSwitches({ hideNonContestSubmissionCode: false });
    }
    // The contest's teacher administers no part of this problem's checks.
    expect((await call('GET', url, teacher.token)).status).toBe(404);
  }, 60_000);

  it('two admins switching watching on at once always get one watching check, never a refusal', async () => {
    // The second call may look for a watching check before the first has stored its own, and meet that check, still
    // queued, where it asks whether one is unfinished: it answers with that check. The second starts 0 to 7 ms after
    // the first, to land in that gap.
    for (let i = 0; i < 8; i++) {
      const contest = (await newContest({}, teacher.token)).id;
      const before = await checkRows();
      const on = await Promise.all([
        call('PUT', '/api/plagiarism/watch', teacher.token, { cid: contest, on: true }),
        new Promise((resolve) => setTimeout(resolve, i)).then(() =>
          call('PUT', '/api/plagiarism/watch', root, { cid: contest, on: true }),
        ),
      ]);
      expect(on.map((r) => r.status)).toEqual([200, 200]);
      expect(on[1].body.data).toEqual(on[0].body.data);
      expect(await checkRows()).toBe(before + 1);
    }
    // The queued checks are run, so the tests after find the queue as they left it.
    while ((await runner.runOnce()) !== undefined);
  });

  it('keeps a watched contest current as submissions are judged: the same pairs as a full recheck', async () => {
    const watchedCid = (await newContest({}, teacher.token)).id;
    const { solve } = contestKit(() => ({ t, judge, root }));
    for (const [displayId, templates] of [
      ['A', { 'C++': template }],
      ['B', {}],
    ] as const) {
      const p = await createProblem(t, { author: teacher.username }, { templates });
      const added = await call('POST', '/api/admin/contest/add-problem-from-public', teacher.token, {
        cid: watchedCid,
        pid: p.id,
        displayId,
      });
      expect(added.status).toBe(200);
    }
    const pidOf = async (displayId: string) =>
      (await t.services.db.select().from(contestProblems).where(eq(contestProblems.cid, watchedCid))).find(
        (r) => r.displayId === displayId,
      )?.pid as number;
    const [pidA, pidB] = [await pidOf('A'), await pidOf('B')];
    const more = [await userToken(), await userToken()];
    const [s0, s1, s2, s3] = students;
    await solve(s0.token, watchedCid, 'A', S.ACCEPTED, original);

    // Refused: no scope, no switch, a student, a visitor, another teacher; nothing stored.
    const before = await checkRows();
    for (const [body, status] of [
      [{ on: true }, 400],
      [{ cid: watchedCid }, 400],
      [{ cid: watchedCid, on: 'yes' }, 400],
    ] as const) {
      expect((await call('PUT', '/api/plagiarism/watch', teacher.token, body)).status).toBe(status);
    }
    expect((await call('PUT', '/api/plagiarism/watch', undefined, { cid: watchedCid, on: true })).status).toBe(401);
    for (const who of [s0, otherTeacher]) {
      expect((await call('PUT', '/api/plagiarism/watch', who.token, { cid: watchedCid, on: true })).status).toBe(403);
      expect((await call('GET', `/api/plagiarism/watch?cid=${watchedCid}`, who.token)).status).toBe(403);
    }
    expect(await checkRows()).toBe(before);
    expect((await call('GET', `/api/plagiarism/watch?cid=${watchedCid}`, teacher.token)).body.data).toEqual({
      on: false,
      checkId: null,
    });

    // Two admins switch it on at once: one watching check.
    const on = await Promise.all([
      call('PUT', '/api/plagiarism/watch', teacher.token, { cid: watchedCid, on: true }),
      call('PUT', '/api/plagiarism/watch', root, { cid: watchedCid, on: true }),
    ]);
    expect(on.map((r) => r.status)).toEqual([200, 200]);
    const checkId = on[0].body.data.checkId as number;
    expect(on[1].body.data).toEqual({ on: true, checkId });
    expect(await checkRows()).toBe(before + 1);
    expect((await call('GET', `/api/plagiarism/watch?cid=${watchedCid}`, teacher.token)).body.data).toEqual({
      on: true,
      checkId,
    });
    expect(await runner.runOnce()).toBe(checkId);
    const first = (await call('GET', `/api/plagiarism/check?id=${checkId}`, teacher.token)).body.data;
    expect(first).toMatchObject({ status: 'done', watching: true, pairCount: 0 });

    const pending = async () =>
      Object.fromEntries(
        (
          await t.services.db
            .select({ pid: plagiarismCheckProblems.pid, pending: plagiarismCheckProblems.pending })
            .from(plagiarismCheckProblems)
            .where(eq(plagiarismCheckProblems.checkId, checkId))
        ).map((r) => [r.pid, r.pending]),
      );
    const drain = async () => {
      let n = 0;
      while (await runner.updateOnce()) n++;
      return n;
    };
    // An accepted copy is counted on its problem and compared at once; a wrong answer changes nothing.
    await solve(s1.token, watchedCid, 'A', S.ACCEPTED, renamed);
    await solve(s2.token, watchedCid, 'A', S.WRONG_ANSWER, reordered);
    expect(await pending()).toEqual({ [pidA]: 1 });
    expect(await drain()).toBe(1);
    expect(await pending()).toEqual({ [pidA]: 0 });
    const live = (await call('GET', `/api/plagiarism/check?id=${checkId}`, teacher.token)).body.data;
    expect(live.pairCount).toBe(1);
    expect(live.clusters).toHaveLength(1);
    expect(live.updatedAt >= first.updatedAt).toBe(true);

    /** A check's result without its id: what a full recheck must equal. */
    const resultOf = async (id: number) => {
      const [check] = await t.services.db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, id));
      const pairs = await t.services.db.select().from(plagiarismPairs).where(eq(plagiarismPairs.checkId, id));
      const problems = await t.services.db
        .select({ pid: plagiarismCheckProblems.pid, state: plagiarismCheckProblems.state })
        .from(plagiarismCheckProblems)
        .where(eq(plagiarismCheckProblems.checkId, id));
      // The clusters as an admin reads them (a watching check computes them from its pairs).
      const shown = (await call('GET', `/api/plagiarism/check?id=${id}`, teacher.token)).body.data;
      return {
        pairCount: check.pairCount,
        ignored: check.ignored,
        clusters: shown.clusters,
        pairs: pairs
          .map(({ checkId: _, ...p }) => p)
          .sort((a, b) => a.leftSubmitId - b.leftSubmitId || a.rightSubmitId - b.rightSubmitId),
        problems: problems.filter((p) => Object.keys(p.state).length).sort((a, b) => a.pid - b.pid),
      };
    };
    const recheck = async () => {
      const started = await call('POST', '/api/plagiarism/check', teacher.token, { cid: watchedCid });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(await runner.runOnce()).toBe(started.body.data.id);
      return resultOf(started.body.data.id);
    };
    const copiesOnA = (r: Awaited<ReturnType<typeof resultOf>>) =>
      r.pairs.filter((p) => p.pid === pidA && p.similarity >= 0.5).length;

    // More of the contest: new users, a user's newer accepted program replacing the older, a second problem.
    await solve(s2.token, watchedCid, 'A', S.ACCEPTED, reordered);
    await solve(s3.token, watchedCid, 'A', S.ACCEPTED, different);
    await solve(more[0].token, watchedCid, 'A', S.ACCEPTED, different);
    await solve(s0.token, watchedCid, 'A', S.ACCEPTED, reordered);
    await solve(s1.token, watchedCid, 'B', S.ACCEPTED, original);
    await solve(s2.token, watchedCid, 'B', S.ACCEPTED, renamed);
    expect(await drain()).toBe(2);
    const watched = await resultOf(checkId);
    // Three users share one program on A (three pairs), two another; two share one on B.
    expect(copiesOnA(watched)).toBe(4);
    expect(watched.pairs.filter((p) => p.pid === pidB)).toHaveLength(1);
    expect(watched).toEqual(await recheck());

    // A fourth user with the first program makes its fingerprints common to many users (ignored): the other three's
    // pairs fall although none of them submitted. Judged wrong by hand, the program leaves and the pairs return.
    const fourth = await solve(more[1].token, watchedCid, 'A', S.ACCEPTED, original);
    expect(await drain()).toBe(1);
    const common = await resultOf(checkId);
    expect(copiesOnA(common)).toBeLessThan(4);
    expect(common).toEqual(await recheck());
    const manual = await call('GET', `/api/admin/judge/manual-judge?submitId=${fourth}&status=${S.WRONG_ANSWER}`, root);
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(await drain()).toBe(1);
    const back = await resultOf(checkId);
    expect(back.pairs).toEqual(watched.pairs);
    expect(back).toEqual(await recheck());

    // A base file changes what the problem ignores: the watching check compares the problem again.
    const base = await call('POST', '/api/plagiarism/base-file', teacher.token, {
      cid: watchedCid,
      pid: pidA,
      language: 'cpp',
      code: original,
    });
    expect(base.status).toBe(200);
    expect(await drain()).toBe(1);
    const withBase = await resultOf(checkId);
    expect(withBase.pairs).not.toEqual(watched.pairs);
    expect(withBase).toEqual(await recheck());

    // Off: the check stays as it was; later verdicts cost nothing and change nothing.
    const off = await call('PUT', '/api/plagiarism/watch', teacher.token, { cid: watchedCid, on: false });
    expect(off.body.data).toEqual({ on: false, checkId });
    await solve(s3.token, watchedCid, 'A', S.ACCEPTED, original);
    expect(await pending()).toEqual({ [pidA]: 0, [pidB]: 0 });
    expect(await runner.updateOnce()).toBe(false);
    expect(await resultOf(checkId)).toEqual(withBase);
    const stopped = (await call('GET', `/api/plagiarism/check?id=${checkId}`, teacher.token)).body.data;
    expect(stopped.watching).toBe(false);
    // Its clusters are stored as a finished check's, as they were last shown.
    const [row] = await t.services.db.select().from(plagiarismChecks).where(eq(plagiarismChecks.id, checkId));
    expect(row.clusters.map((c) => c.uids)).toEqual(stopped.clusters.map((c: { uids: string[] }) => c.uids));
    expect(row.clusters.length).toBeGreaterThan(0);
    expect((await call('GET', `/api/plagiarism/watch?cid=${watchedCid}`, teacher.token)).body.data.on).toBe(false);
  }, 120_000);
});
