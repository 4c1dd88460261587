import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_STATUS, type LiveSubmissionEvent } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, JUDGE_TOKEN, type TestApp, throwawayPostgres } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { openSse, type SseEvent } from '../../../test/sse-client.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { createServices } from '../../services.js';

const listen = async (app: FastifyInstance) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
};

const isSubmission = (submitId: number, status?: number) => (e: SseEvent) =>
  e.event === 'submission' &&
  (e.data as LiveSubmissionEvent).submitId === submitId &&
  (status === undefined || (e.data as LiveSubmissionEvent).status === status);

describe.each(DB_KINDS)('live updates (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  let base: string;
  const kit = contestKit(() => ({ t, judge, root }));
  const { call, userToken, newContest, addProblem, submit } = kit;

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    t.services.live.timing.heartbeatMs = 200;
    t.services.live.timing.boardDebounceMs = 100;
    base = await listen(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ticketOf = async (token: string) => {
    const res = await call('POST', '/api/events/ticket', token);
    expect(res.status).toBe(200);
    return res.body.data.ticket as string;
  };
  const publicSubmit = async (token: string, pid: number) => {
    const res = await call('POST', '/api/submit-problem-judge', token, { pid, language: 'C++', code: 'int main(){}' });
    expect(res.status).toBe(200);
    return res.body.data.submitId as number;
  };

  it('refuses a caller without a token or ticket (401), a used or expired ticket (401), and a request that does not accept an event stream (400)', async () => {
    const none = await openSse(base, '/api/events');
    expect(none.status).toBe(401);
    expect((await call('POST', '/api/events/ticket')).status).toBe(401);
    const u = await userToken();
    const ticket = await ticketOf(u.token);
    const first = await openSse(base, `/api/events?ticket=${ticket}`);
    expect(first.status).toBe(200);
    first.close();
    const again = await openSse(base, `/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect((again.body as { data: { key: string } }).data.key).toBe('ticketInvalid');
    const wrong = await openSse(base, '/api/events?ticket=not-a-ticket');
    expect(wrong.status).toBe(401);
    const late = await ticketOf(u.token);
    t.clock.offsetMs += 31_000;
    try {
      expect((await openSse(base, `/api/events?ticket=${late}`)).status).toBe(401);
    } finally {
      t.clock.offsetMs -= 31_000;
    }
    // Used at once by several requests: exactly one gets the stream.
    const raced = await ticketOf(u.token);
    const tries = await Promise.all(Array.from({ length: 5 }, () => openSse(base, `/api/events?ticket=${raced}`)));
    expect(tries.map((s) => s.status).sort()).toEqual([200, 401, 401, 401, 401]);
    for (const s of tries) s.close();
    // The session token itself is never a ticket.
    expect((await openSse(base, `/api/events?ticket=${u.token}`)).status).toBe(401);
    const plain = await t.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: u.token } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().data.key).toBe('eventStreamOnly');
  });

  it("tells the owner's streams each step of their submission with per-case progress, and nobody else's", async () => {
    const owner = await userToken();
    const other = await userToken();
    const p = await createProblem(t, {}, { cases: [{}, {}, {}] });
    const mine = await openSse(base, `/api/events?ticket=${await ticketOf(owner.token)}`);
    const secondTab = await openSse(base, '/api/events', { authorization: owner.token });
    const theirs = await openSse(base, '/api/events', { authorization: other.token });
    expect([mine.status, secondTab.status, theirs.status]).toEqual([200, 200, 200]);
    // Both are listening once their opening state (the unread counts) came.
    await mine.next((e) => e.event === 'unread');
    await theirs.next((e) => e.event === 'unread');

    const submitId = await publicSubmit(owner.token, p.id);
    expect((await mine.next(isSubmission(submitId, JUDGE_STATUS.PENDING))).data).toMatchObject({
      submitId,
      status: JUDGE_STATUS.PENDING,
      submission: { submitId, status: JUDGE_STATUS.PENDING },
    });
    const task = await judge.claim();
    expect((await mine.next(isSubmission(submitId, JUDGE_STATUS.COMPILING))).data).toMatchObject({ submitId });
    const jcall = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${JUDGE_TOKEN}` } });
    await jcall('/api/judge/heartbeat', { name: 'fake-judge', taskId: task.taskId, attempt: task.attempt, status: 7 });
    await mine.next(isSubmission(submitId, JUDGE_STATUS.JUDGING));
    const progress = await jcall('/api/judge/progress', {
      name: 'fake-judge',
      taskId: task.taskId,
      attempt: task.attempt,
      done: 2,
      total: 3,
    });
    expect(progress.json().data).toEqual({ keep: true });
    expect(
      (await mine.next((e) => isSubmission(submitId)(e) && !!(e.data as LiveSubmissionEvent).progress)).data,
    ).toMatchObject({ submitId, status: JUDGE_STATUS.JUDGING, progress: { done: 2, total: 3 } });
    // Another worker's, or a stale attempt's, progress is refused and told to nobody.
    const stale = await jcall('/api/judge/progress', {
      name: 'another-judge',
      taskId: task.taskId,
      attempt: task.attempt,
      done: 3,
      total: 3,
    });
    expect(stale.json().data).toEqual({ keep: false });
    await jcall('/api/judge/report', {
      name: 'fake-judge',
      taskId: task.taskId,
      attempt: task.attempt,
      judge: { status: 0, score: 0, time: 10, memory: 100, errorMessage: '', oiRankScore: null, cases: [] },
    });
    const verdict = await mine.next(isSubmission(submitId, JUDGE_STATUS.ACCEPTED));
    expect((verdict.data as LiveSubmissionEvent).submission).toMatchObject({ submitId, status: 0, time: 10 });
    await secondTab.next(isSubmission(submitId, JUDGE_STATUS.ACCEPTED));
    // Events have ids in order.
    expect(verdict.id).toMatch(/^\d+-\d+$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events.filter((e) => e.event === 'submission')).toEqual([]);
    // Heartbeats are \`ping\` events (a comment line would be invisible to the browser's watchdog).
    expect(theirs.heartbeats()).toBeGreaterThan(0);
    for (const s of [mine, secondTab, theirs]) s.close();
  });

  it('holds at most 5 streams per user (429 beyond) and frees a place when one closes', async () => {
    const u = await userToken();
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await openSse(base, '/api/events', { authorization: u.token }));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openSse(base, `/api/events?ticket=${await ticketOf(u.token)}`);
    expect(sixth.status).toBe(429);
    expect((sixth.body as { data: { key: string } }).data.key).toBe('tooManyStreams');
    open[0].close();
    await expect
      .poll(async () => {
        const s = await openSse(base, '/api/events', { authorization: u.token });
        s.close();
        return s.status;
      })
      .toBe(200);
    for (const s of open) s.close();
  });

  it('holds the limit when many streams open at once', async () => {
    const u = await userToken();
    const all = await Promise.all(
      Array.from({ length: 8 }, () => openSse(base, '/api/events', { authorization: u.token })),
    );
    expect(all.filter((s) => s.status === 200)).toHaveLength(5);
    expect(all.filter((s) => s.status === 429)).toHaveLength(3);
    for (const s of all) s.close();
  });

  it('resends after a reconnect with Last-Event-ID what changed meanwhile', async () => {
    const u = await userToken();
    const p = await createProblem(t);
    const first = await openSse(base, '/api/events', { authorization: u.token });
    const seen = await first.next((e) => e.event === 'unread');
    first.close();
    // A stream open meanwhile tells when the verdict has been sent out: on PostgreSQL it travels through NOTIFY, and
    // a stream opened before it arrives would be told it as it happens, not as a resend.
    const watch = await openSse(base, '/api/events', { authorization: u.token });
    const submitId = await publicSubmit(u.token, p.id);
    await judge.judgeNext({ status: JUDGE_STATUS.WRONG_ANSWER });
    await watch.next(isSubmission(submitId, JUDGE_STATUS.WRONG_ANSWER));
    watch.close();
    // A fresh stream does not resend a settled submission; the resumed one does.
    const fresh = await openSse(base, '/api/events', { authorization: u.token });
    const resumed = await openSse(base, '/api/events', {
      authorization: u.token,
      'last-event-id': seen.id as string,
    });
    const event = await resumed.next(isSubmission(submitId));
    expect((event.data as LiveSubmissionEvent).status).toBe(JUDGE_STATUS.WRONG_ANSWER);
    await fresh.next((e) => e.event === 'unread');
    await new Promise((r) => setTimeout(r, 300));
    expect(fresh.events.filter(isSubmission(submitId))).toEqual([]);
    // A submission still in progress is told to every new stream.
    const pending = await publicSubmit(u.token, p.id);
    const later = await openSse(base, '/api/events', { authorization: u.token });
    expect((await later.next(isSubmission(pending))).data).toMatchObject({ status: JUDGE_STATUS.PENDING });
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
    for (const s of [fresh, resumed, later]) s.close();
  });

  it('ends the streams whose submission events could not be read, and their resume is sent what they missed', async () => {
    const u = await userToken();
    const p = await createProblem(t);
    const s = await openSse(base, '/api/events', { authorization: u.token });
    const seen = await s.next((e) => e.event === 'unread');
    const shown = t.services.submissionPublic;
    const checkStatusFor = shown.checkStatusFor;
    shown.checkStatusFor = async () => {
      throw new Error('the database is busy');
    };
    let submitId: number;
    try {
      submitId = await publicSubmit(u.token, p.id);
      // Not left open without the event: the stream ends, and its client resumes.
      await s.ended;
    } finally {
      shown.checkStatusFor = checkStatusFor;
    }
    const resumed = await openSse(base, '/api/events', { authorization: u.token, 'last-event-id': seen.id as string });
    expect((await resumed.next(isSubmission(submitId, JUDGE_STATUS.PENDING))).data).toMatchObject({ submitId });
    resumed.close();
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
  });

  it("tells a contest's board changes to who may see them, keeping a sealed board sealed for non-admins", async () => {
    const now = kit.nowMs();
    const c = await newContest({
      startTime: new Date(now - 2 * HOUR).toISOString(),
      endTime: new Date(now + 2 * HOUR).toISOString(),
      sealRank: true,
      sealRankTime: new Date(now - HOUR).toISOString(),
    });
    await addProblem(c.id, 'A');
    const player = await userToken();
    const watcher = await userToken();
    const stranger = await userToken();
    const admin = await openSse(base, `/api/events?cid=${c.id}`, { authorization: root });
    const viewer = await openSse(base, `/api/events?cid=${c.id}`, { authorization: watcher.token });
    expect([admin.status, viewer.status]).toEqual([200, 200]);
    await Promise.all([admin.next((e) => e.event === 'unread'), viewer.next((e) => e.event === 'unread')]);
    await new Promise((r) => setTimeout(r, 200));
    // After the seal a new try shows on every board (as a try in the sealed one); its verdict moves the admin's
    // board only: the participants' stays as it was.
    expect((await submit(player.token, c.id, 'A')).status).toBe(200);
    await admin.next((e) => e.event === 'board');
    await new Promise((r) => setTimeout(r, 500));
    viewer.events.length = 0;
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
    expect((await admin.next((e) => e.event === 'board')).data).toEqual({ cid: c.id });
    await new Promise((r) => setTimeout(r, 500));
    expect(viewer.events.filter((e) => e.event === 'board')).toEqual([]);
    // What the participant's board shows is the sealed one: the verdict is not on it.
    const rankOf = async (who: string) => {
      const rank = await call('POST', '/api/get-contest-rank', who, { cid: c.id, currentPage: 1, limit: 50 });
      expect(rank.status).toBe(200);
      return JSON.stringify(rank.body.data.records);
    };
    expect(await rankOf(watcher.token)).not.toContain('"isAC":true');
    expect(await rankOf(root)).toContain('"isAC":true');

    // An unsealed contest's board reaches its viewers; a private contest's is refused to strangers.
    const open = await newContest();
    await addProblem(open.id, 'A');
    const onOpen = await openSse(base, `/api/events?cid=${open.id}`, { authorization: watcher.token });
    await onOpen.next((e) => e.event === 'unread');
    await new Promise((r) => setTimeout(r, 200));
    await submit(player.token, open.id, 'A');
    await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
    expect((await onOpen.next((e) => e.event === 'board')).data).toEqual({ cid: open.id });
    const closed = await newContest({ auth: 1, pwd: 'secret' });
    const refused = await openSse(base, `/api/events?cid=${closed.id}`, { authorization: stranger.token });
    expect(refused.status).toBe(403);
    expect((await openSse(base, '/api/events?cid=999999', { authorization: stranger.token })).status).toBe(404);
    // A contest announcement reaches who watches the contest.
    const posted = await call('POST', '/api/admin/contest/announcement', root, {
      cid: open.id,
      announcement: { title: 'Clarification', content: 'A is fine' },
    });
    expect(posted.status).toBe(200);
    expect((await onOpen.next((e) => e.event === 'announcement')).data).toMatchObject({ cid: open.id });
    for (const s of [admin, viewer, onOpen]) s.close();
  });

  it('tells the unread message counts when a message arrives and when it is read', async () => {
    const u = await userToken();
    const s = await openSse(base, '/api/events', { authorization: u.token });
    expect((await s.next((e) => e.event === 'unread')).data).toMatchObject({ mine: 0 });
    await t.services.messages.tell({ recipientUid: u.uid, title: 'success', content: 'success' });
    expect((await s.next((e) => e.event === 'unread')).data).toMatchObject({ mine: 1 });
    expect((await call('GET', '/api/msg/mine?currentPage=1&limit=8', u.token)).status).toBe(200);
    expect((await s.next((e) => e.event === 'unread')).data).toMatchObject({ mine: 0 });
    s.close();
  });

  it('ends a stream whose session was logged out', async () => {
    const u = await userToken();
    t.services.live.timing.sessionCheckMs = 100;
    const s = await openSse(base, '/api/events', { authorization: u.token });
    expect(s.status).toBe(200);
    expect((await call('GET', '/api/logout', u.token)).status).toBe(200);
    await s.ended;
    t.services.live.timing.sessionCheckMs = 60_000;
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('live updates across two server instances (postgres)', () => {
  it('a verdict reported to one instance reaches a stream open on the other', async () => {
    const pgdb = await throwawayPostgres();
    const opened: { close(): Promise<void> }[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-live-'));
    try {
      const instances = [];
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ url: pgdb.url });
        const services = createServices(database.db, { dataDir, bus: database.bus });
        const app = await buildApp({ services, logLevel: 'silent', judgeToken: JUDGE_TOKEN });
        opened.push({
          close: async () => {
            await app.close();
            await database.close();
          },
        });
        instances.push({ app, services, database });
      }
      const [a, b] = instances;
      const { bootstrap } = await import('../../bootstrap.js');
      await bootstrap(a.services, { rootPassword: 'root-pass-123' });
      const tb = { app: b.app, services: b.services, clock: { offsetMs: 0 }, close: async () => {} } as TestApp;
      const ta = { app: a.app, services: a.services, clock: { offsetMs: 0 }, close: async () => {} } as TestApp;
      const { createUser, login } = await import('../../../test/harness.js');
      const u = await createUser(ta);
      const token = (await login(ta, u.username, u.password)).token as string;
      const p = await createProblem(ta);
      const judgeB = createFakeJudge(tb);
      await judgeB.announce();
      const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      // The ticket comes from instance B, the stream opens on A.
      const ticket = (
        await b.app.inject({ method: 'POST', url: '/api/events/ticket', headers: { authorization: token } })
      ).json().data.ticket;
      const stream = await openSse(baseA, `/api/events?ticket=${ticket}`);
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'unread');
      const submitted = await b.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: { pid: p.id, language: 'C++', code: 'int main(){}' },
      });
      const submitId = submitted.json().data.submitId as number;
      await judgeB.judgeNext({ status: JUDGE_STATUS.ACCEPTED });
      expect((await stream.next(isSubmission(submitId, JUDGE_STATUS.ACCEPTED))).data).toMatchObject({ submitId });
      // The per-user limit counts the streams of both instances.
      const more = [];
      for (let i = 0; i < 4; i++) more.push(await openSse(baseA, '/api/events', { authorization: token }));
      const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await openSse(baseB, '/api/events', { authorization: token })).status).toBe(429);
      for (const s of [stream, ...more]) s.close();
    } finally {
      for (const o of opened) await o.close().catch(() => {});
      await pgdb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(DB_KINDS.includes('postgres'))('live updates when the listening connection is lost (postgres)', () => {
  it('ends every stream once the instance listens again, and the resumed stream is sent the verdict it missed', async () => {
    const pgdb = await throwawayPostgres();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-live-'));
    const database = await openDatabase({ url: pgdb.url });
    const services = createServices(database.db, { dataDir, bus: database.bus });
    const app = await buildApp({ services, logLevel: 'silent', judgeToken: JUDGE_TOKEN });
    try {
      const { bootstrap } = await import('../../bootstrap.js');
      await bootstrap(services, { rootPassword: 'root-pass-123' });
      const t = { app, services, clock: { offsetMs: 0 }, close: async () => {} } as TestApp;
      const { createUser, login } = await import('../../../test/harness.js');
      const u = await createUser(t);
      const token = (await login(t, u.username, u.password)).token as string;
      const p = await createProblem(t);
      const judge = createFakeJudge(t);
      await judge.announce();
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openSse(base, '/api/events', { authorization: token });
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'unread');
      const submitted = await app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: { pid: p.id, language: 'C++', code: 'int main(){}' },
      });
      const submitId = submitted.json().data.submitId as number;
      const pending = await stream.next(isSubmission(submitId, JUDGE_STATUS.PENDING));

      // The listening connection dies (waiting until it is gone), and the verdict is stored before it listens again:
      // its notification reaches no one.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid, 5000) AS gone FROM pg_stat_activity
            WHERE application_name = 'oj-notify' AND datname = $1`,
          [new URL(pgdb.url).pathname.slice(1)],
        );
        expect(killed.rows).toEqual([{ gone: true }]);
      } finally {
        await admin.end();
      }
      await judge.judgeNext({ status: JUDGE_STATUS.ACCEPTED });

      // The stream is not left open waiting for an event that will not come: it ends once the instance listens again,
      // and the client's resume (Last-Event-ID) is sent the verdict.
      await Promise.race([
        stream.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the stream was left open')), 10_000)),
      ]);
      const lastId = stream.events.findLast((e) => e.id)?.id ?? pending.id;
      const resumed = await openSse(base, '/api/events', { authorization: token, 'last-event-id': lastId as string });
      expect(resumed.status).toBe(200);
      expect((await resumed.next(isSubmission(submitId, JUDGE_STATUS.ACCEPTED))).data).toMatchObject({ submitId });
      // Listening again: the next change reaches the resumed stream as usual.
      await resumed.next((e) => e.event === 'unread');
      await services.messages.tell({ recipientUid: u.uid, title: 'success', content: 'success' });
      expect((await resumed.next((e) => e.event === 'unread')).data).toMatchObject({ mine: 1 });
      resumed.close();
    } finally {
      await app.close();
      await database.close();
      await pgdb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
