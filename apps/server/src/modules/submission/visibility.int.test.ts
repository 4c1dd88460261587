import { JUDGE_STATUS as S, type Submission } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestKit, contestTestApp, HOUR } from '../../../test/contest-helpers.js';
import { DB_KINDS, type TestApp } from '../../../test/harness.js';
import { type createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { problems } from '../../db/schema.js';

/** Who looks (decision 0016): nobody signed in; a student outside the contest; a registered participant; the
 * participant who sent the submissions; a teacher (site admin) who is not this contest's admin; the teacher who
 * made the contest (its admin, and the author of its problem); root. */
const VIEWERS = ['anon', 'other', 'participant', 'owner', 'teacher', 'contestAdmin', 'root'] as const;
type Viewer = (typeof VIEWERS)[number];
/** Where the contest is: not started, running before the seal, running after the seal, ended (autoRealRank). */
const STATES = ['before', 'during', 'sealed', 'after'] as const;
type State = (typeof STATES)[number];
/** Clock offsets from the test's start: the contest starts 1 h after it, seals at 3 h and ends at 4 h. Only the
 * clock moves between columns: the submissions made at `during` and `sealed` exist in every column, as they do
 * when an admin reschedules a contest. */
const OFFSET: Record<State, number> = { before: 0, during: 2 * HOUR, sealed: 3.5 * HOUR, after: 4.5 * HOUR };

const CODE = 'int main(){ /* the owner-only source */ }';
const CE_TEXT = 'expected ;';
const ORIGINAL_TITLE = 'Unreleased Original Title';
const DISPLAY_TITLE = 'Alpha';

/** What a viewer saw of one submission, as flags: `v` the real verdict (`m`: "Submitted successfully" instead),
 * `r` time and memory, `c` the code, `e` the compile error text, `n` the problem named; `absent` when a list or
 * the status poll left it out. */
const seen = (s: Submission | undefined) => {
  if (!s) return 'absent';
  let o = s.status === S.SUBMITTED_UNKNOWN_RESULT ? 'm' : 'v';
  if (s.time !== null || s.memory !== null) o += 'r';
  if (s.code === CODE) o += 'c';
  if (s.errorMessage?.includes(CE_TEXT)) o += 'e';
  if (s.title !== '' && s.displayPid !== '') o += 'n';
  return o;
};

/** Expectations per (endpoint subject, viewer): one column per state of STATES, separated by spaces. Statuses are
 * the answer's HTTP status; `file` a download; `cases` case results; the rest `seen` above. Subjects: `early` is
 * the owner's Compile Error before the seal, `late` their Accepted after it, `contest` the contest itself. */
const CONTEST_TABLE: Record<string, Record<Viewer, string>> = {
  'detail early': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 vn vn vrn',
    owner: '403 vrcen vrcen vrcen',
    teacher: '403 403 403 403',
    contestAdmin: 'vrcen vrcen vrcen vrcen',
    root: 'vrcen vrcen vrcen vrcen',
  },
  'detail late': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 vn 403 vrn',
    owner: '403 vrcn vrcn vrcn',
    teacher: '403 403 403 403',
    contestAdmin: 'vrcn vrcn vrcn vrcn',
    root: 'vrcn vrcn vrcn vrcn',
  },
  'cases early': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 403 403 403',
    owner: '403 cases cases cases',
    teacher: '403 403 403 403',
    contestAdmin: 'cases cases cases cases',
    root: 'cases cases cases cases',
  },
  'cases late': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 403 403 403',
    owner: '403 cases cases cases',
    teacher: '403 403 403 403',
    contestAdmin: 'cases cases cases cases',
    root: 'cases cases cases cases',
  },
  'download early': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 403 403 403',
    owner: '403 file file file',
    teacher: '403 403 403 403',
    contestAdmin: 'file file file file',
    root: 'file file file file',
  },
  'download late': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 403 403 403',
    owner: '403 file file file',
    teacher: '403 403 403 403',
    contestAdmin: 'file file file file',
    root: 'file file file file',
  },
  'status early': {
    anon: 'absent absent absent absent',
    other: 'absent absent absent absent',
    participant: 'absent vn vn vrn',
    owner: 'absent vrn vrn vrn',
    teacher: 'absent absent absent absent',
    contestAdmin: 'vrn vrn vrn vrn',
    root: 'vrn vrn vrn vrn',
  },
  'status late': {
    anon: 'absent absent absent absent',
    other: 'absent absent absent absent',
    participant: 'absent vn absent vrn',
    owner: 'absent vrn vrn vrn',
    teacher: 'absent absent absent absent',
    contestAdmin: 'vrn vrn vrn vrn',
    root: 'vrn vrn vrn vrn',
  },
  'contestList early': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 vn vn vrn',
    owner: '403 vrn vrn vrn',
    teacher: '403 403 403 403',
    contestAdmin: 'vrn vrn vrn vrn',
    root: 'vrn vrn vrn vrn',
  },
  'contestList late': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 vn absent vrn',
    owner: '403 vrn vrn vrn',
    teacher: '403 403 403 403',
    contestAdmin: 'vrn vrn vrn vrn',
    root: 'vrn vrn vrn vrn',
  },
  // The site's list is the bank's: a contest's submissions never appear there.
  'bankList early': Object.fromEntries(VIEWERS.map((v) => [v, 'absent absent absent absent'])) as Record<
    Viewer,
    string
  >,
  'problems contest': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 200 200 200',
    owner: '403 200 200 200',
    teacher: '403 403 403 403',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
  'problemDetails contest': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 200 200 200',
    owner: '403 200 200 200',
    teacher: '403 403 403 403',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
  // The contest-only problem in the bank: only who may manage it reads it.
  'bankProblem contest': {
    anon: '404 404 404 404',
    other: '404 404 404 404',
    participant: '404 404 404 404',
    owner: '404 404 404 404',
    teacher: '404 404 404 404',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
  'rank contest': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 200 200 200',
    owner: '403 200 200 200',
    teacher: '403 403 403 403',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
  'rankFile contest': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 file file file',
    owner: '403 file file file',
    teacher: '403 403 403 403',
    contestAdmin: 'file file file file',
    root: 'file file file file',
  },
  'codeZip contest': {
    anon: '401 401 401 401',
    other: '403 403 403 403',
    participant: '403 403 403 403',
    owner: '403 403 403 403',
    teacher: '403 403 403 403',
    contestAdmin: 'file file file file',
    root: 'file file file file',
  },
  // The password form needs the contest's info: every signed-in caller reads it.
  'info contest': {
    anon: '401 401 401 401',
    other: '200 200 200 200',
    participant: '200 200 200 200',
    owner: '200 200 200 200',
    teacher: '200 200 200 200',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
  // openRank: the outside board is public once started (decision 0009), private contest or not.
  'outside contest': Object.fromEntries(VIEWERS.map((v) => [v, '403 200 200 200'])) as Record<Viewer, string>,
  'scrollBoard contest': {
    anon: '403 403 403 200',
    other: '403 403 403 200',
    participant: '403 403 403 200',
    owner: '403 403 403 200',
    teacher: '403 403 403 200',
    contestAdmin: '200 200 200 200',
    root: '200 200 200 200',
  },
};

/** An OI contest answers as CONTEST_TABLE except in these cells: after the seal its owner's own result reads
 * "Submitted successfully" everywhere, as in HOJ, and keeps its cases; the scroll board is ACM's only. */
const OI_CHANGES: Record<string, Partial<Record<Viewer, string>>> = {
  'detail late': { owner: '403 vrcn mcn vrcn' },
  'cases late': { owner: '403 cases null cases' },
  'status late': { owner: 'absent vrn mn vrn' },
  'contestList late': { owner: '403 vrn mn vrn' },
  'scrollBoard contest': Object.fromEntries(VIEWERS.map((v) => [v, '400 400 400 400'])),
};
const OI_TABLE = Object.fromEntries(
  Object.entries(CONTEST_TABLE).map(([key, row]) => [key, { ...row, ...OI_CHANGES[key] }]),
) as Record<string, Record<Viewer, string>>;

/** Outside contests (one column): `pub` is the owner's Compile Error on a public problem, `hid` the same on a
 * problem hidden afterwards, written by the contest admin (a teacher). */
const BANK_TABLE: Record<string, Record<Viewer, string>> = {
  'detail pub': {
    anon: 'vrn',
    other: 'vrn',
    participant: 'vrn',
    owner: 'vrcen',
    teacher: 'vrcen',
    contestAdmin: 'vrcen',
    root: 'vrcen',
  },
  'detail hid': {
    anon: 'vr',
    other: 'vr',
    participant: 'vr',
    owner: 'vrcen',
    teacher: 'vrce',
    contestAdmin: 'vrcen',
    root: 'vrcen',
  },
  'cases pub': {
    anon: '403',
    other: '403',
    participant: '403',
    owner: 'cases',
    teacher: 'cases',
    contestAdmin: 'cases',
    root: 'cases',
  },
  'download hid': {
    anon: '403',
    other: '403',
    participant: '403',
    owner: 'file',
    teacher: 'file',
    contestAdmin: 'file',
    root: 'file',
  },
  'status hid': {
    anon: 'absent',
    other: 'absent',
    participant: 'absent',
    owner: 'vrn',
    teacher: 'vr',
    contestAdmin: 'vrn',
    root: 'vrn',
  },
  'bankList pub': {
    anon: 'absent',
    other: 'absent',
    participant: 'absent',
    owner: 'vrn',
    teacher: 'vrn',
    contestAdmin: 'vrn',
    root: 'vrn',
  },
  'bankList hid': {
    anon: 'absent',
    other: 'absent',
    participant: 'absent',
    owner: 'vrn',
    teacher: 'vr',
    contestAdmin: 'vrn',
    root: 'vrn',
  },
  'bankProblem hid': {
    anon: '404',
    other: '404',
    participant: '404',
    owner: '404',
    teacher: '404',
    contestAdmin: '200',
    root: '200',
  },
};

describe.each(DB_KINDS)('who sees which submission, problem and contest (%s)', (kind) => {
  let t: TestApp;
  let judge: ReturnType<typeof createFakeJudge>;
  let root: string;
  const kit = contestKit(() => ({ t, judge, root }));
  const token: Partial<Record<Viewer, string>> = {};
  /** The non-contest submissions by name. */
  const subject: Record<string, number> = {};
  /** Each contest (same settings, ACM and OI): its id, its problem's id in the bank, the owner's two submissions. */
  const contests: Record<'ACM' | 'OI', { cid: number; originalId: string; early: number; late: number }> = {
    ACM: { cid: 0, originalId: '', early: 0, late: 0 },
    OI: { cid: 0, originalId: '', early: 0, late: 0 },
  };
  /** The contest the table is checked on. */
  let current: 'ACM' | 'OI' = 'ACM';
  let hiddenId = '';

  const request = async (method: 'GET' | 'POST', url: string, who: Viewer, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { ...(token[who] ? { authorization: token[who] } : {}), 'accept-language': 'en-US' },
    });
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    return { status: res.statusCode, json, body: res.body, data: json ? res.json().data : undefined };
  };

  /** Calls one endpoint about one subject as one viewer: what the table's cell says, and the answer's text. */
  const observe = async (endpoint: string, name: string, who: Viewer): Promise<[string, string]> => {
    const { cid, originalId } = contests[current];
    const id = name === 'early' || name === 'late' ? contests[current][name] : subject[name];
    const status = (r: { status: number }, ok: string) => (r.status === 200 ? ok : String(r.status));
    switch (endpoint) {
      case 'detail': {
        const r = await request('GET', `/api/get-submission-detail?submitId=${id}`, who);
        if (r.status !== 200) return [String(r.status), r.body];
        // A compile error's messages (decision 0053) go exactly where its text goes.
        const shown = seen(r.data.submission);
        const diagnosed = r.data.diagnostics.length > 0;
        return [
          diagnosed === shown.includes('e') ? shown : `${shown} with ${r.data.diagnostics.length} diagnostics`,
          r.body,
        ];
      }
      case 'cases': {
        const r = await request('GET', `/api/get-all-case-result?submitId=${id}`, who);
        return [r.status === 200 ? (r.data ? 'cases' : 'null') : String(r.status), r.body];
      }
      case 'download': {
        const r = await request('GET', `/api/download-by-submit-id?submitId=${id}`, who);
        return [r.status === 200 && !r.json && r.body === CODE ? 'file' : String(r.status), r.json ? r.body : ''];
      }
      case 'status': {
        const r = await request('POST', '/api/check-submissions-status', who, { submitIds: [id] });
        return [seen(r.data[id]), r.body];
      }
      case 'contestList': {
        const r = await request('GET', `/api/contest-submissions?contestID=${cid}&limit=100`, who);
        const row = r.status === 200 ? r.data.records.find((s: Submission) => s.submitId === id) : undefined;
        return [r.status === 200 ? seen(row) : String(r.status), r.body];
      }
      case 'bankList': {
        const r = await request('GET', '/api/get-submission-list?limit=100', who);
        return [seen(r.data.records.find((s: Submission) => s.submitId === id)), r.body];
      }
      case 'problems': {
        const r = await request('GET', `/api/get-contest-problem?cid=${cid}`, who);
        return [status(r, '200'), r.body];
      }
      case 'problemDetails': {
        const r = await request('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=A`, who);
        return [status(r, '200'), r.body];
      }
      case 'bankProblem': {
        const problemId = name === 'hid' ? hiddenId : originalId;
        const r = await request('GET', `/api/get-problem-detail?problemId=${problemId}`, who);
        // The bank's own page names the problem: its text is not held to the contest's naming.
        return [status(r, '200'), ''];
      }
      case 'rank': {
        const r = await request('POST', '/api/get-contest-rank', who, { cid });
        return [status(r, '200'), r.body];
      }
      case 'rankFile': {
        const r = await request('GET', `/api/download-rank-list?cid=${cid}`, who);
        return [r.status === 200 && !r.json ? 'file' : String(r.status), r.json ? r.body : ''];
      }
      case 'codeZip': {
        const r = await request('GET', `/api/file/download-contest-ac-submission?cid=${cid}&splitType=user`, who);
        return [r.status === 200 && !r.json ? 'file' : String(r.status), r.json ? r.body : ''];
      }
      case 'info': {
        const r = await request('GET', `/api/get-contest-info?cid=${cid}`, who);
        return [status(r, '200'), r.body];
      }
      case 'outside': {
        const r = await request('GET', `/api/get-contest-outsize-info?cid=${cid}`, who);
        return [status(r, '200'), r.body];
      }
      case 'scrollBoard': {
        const r = await request('GET', `/api/get-contest-scroll-board-submission?cid=${cid}`, who);
        return [status(r, '200'), r.body];
      }
    }
    throw new Error(`no endpoint ${endpoint}`);
  };

  /** Every cell of a table at the current clock; the cells that disagree, and answers that name the contest's
   * problem by the bank's title or id. */
  const check = async (table: Record<string, Record<Viewer, string>>, column: number, label: string) => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(table)) {
      const [endpoint, name] = key.split(' ');
      // The viewers' calls only read: they run at once.
      const answers = await Promise.all(VIEWERS.map((who) => observe(endpoint, name, who)));
      for (const [i, who] of VIEWERS.entries()) {
        const expected = row[who].split(' ')[column];
        const [actual, text] = answers[i];
        if (actual !== expected) wrong.push(`${label} ${key} as ${who}: expected ${expected}, got ${actual}`);
        if (text.includes(ORIGINAL_TITLE) || Object.values(contests).some((c) => text.includes(c.originalId))) {
          wrong.push(`${label} ${key} as ${who}: the answer names the contest's problem by its bank title or id`);
        }
      }
    }
    return wrong;
  };

  const at = async (state: State) => {
    t.clock.offsetMs = OFFSET[state];
    // The judge's liveness follows the shifted clock: it says hello again before a submit.
    await judge.announce();
  };

  beforeAll(async () => {
    ({ t, judge, root } = await contestTestApp(kind));
    token.root = root;
    const users = {
      other: await kit.userToken(),
      participant: await kit.userToken(),
      owner: await kit.userToken(),
      teacher: await kit.userToken('admin'),
      contestAdmin: await kit.userToken('admin'),
    };
    for (const [who, u] of Object.entries(users)) token[who as Viewer] = u.token;

    // Private, sealed contests (ACM and OI) made by a teacher, each with a contest-only problem of theirs shown
    // under another title; the owner sends a Compile Error before the seal and an Accepted after it.
    const start = kit.nowMs() + HOUR;
    for (const type of ['ACM', 'OI'] as const) {
      await at('before');
      const { id: cid } = await kit.newContest(
        {
          title: `Visibility ${type}`,
          type: type === 'OI' ? 1 : 0,
          auth: 1,
          pwd: 'pw',
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 3 * HOUR).toISOString(),
          sealRank: true,
          sealRankTime: new Date(start + 2 * HOUR).toISOString(),
          autoRealRank: true,
          openRank: true,
        },
        users.contestAdmin.token,
      );
      const originalId = `ORIG${type}${kind.toUpperCase()}${Date.now() % 100000}`;
      const secret = await createProblem(t, {
        problemId: originalId,
        title: ORIGINAL_TITLE,
        auth: 3,
        author: users.contestAdmin.username,
        type: type === 'OI' ? 1 : 0,
        ioScore: 100,
      });
      const added = await kit.call('POST', '/api/admin/contest/add-problem-from-public', users.contestAdmin.token, {
        cid,
        pid: secret.id,
        displayId: 'A',
        displayTitle: DISPLAY_TITLE,
      });
      expect(added.status).toBe(200);
      for (const u of [users.participant, users.owner]) {
        expect((await kit.call('POST', '/api/register-contest', u.token, { cid, password: 'pw' })).status).toBe(200);
      }
      await at('during');
      const early = await kit.solve(users.owner.token, cid, 'A', { status: S.COMPILE_ERROR, score: 0 }, CODE);
      await at('sealed');
      const late = await kit.solve(users.owner.token, cid, 'A', { status: S.ACCEPTED, score: 100 }, CODE);
      contests[type] = { cid, originalId, early, late };
    }

    // Outside contests: the owner's Compile Errors on a public problem and on one its author hides afterwards.
    await at('before');
    const pub = await createProblem(t);
    const hid = await createProblem(t, { title: 'Soon Hidden', author: users.contestAdmin.username });
    hiddenId = hid.problemId;
    for (const [name, p] of [
      ['pub', pub],
      ['hid', hid],
    ] as const) {
      const sent = await kit.call('POST', '/api/submit-problem-judge', users.owner.token, {
        pid: p.problemId,
        language: 'C++',
        code: CODE,
      });
      expect(sent.status).toBe(200);
      subject[name] = sent.body.data.submitId;
      await judge.judgeNext({ status: S.COMPILE_ERROR });
    }
    await t.services.db.update(problems).set({ auth: 2 }).where(eq(problems.id, hid.id));
  }, 60_000);
  afterAll(async () => t?.close());

  it.each([
    ['ACM', CONTEST_TABLE],
    ['OI', OI_TABLE],
  ] as const)(
    'an %s contest: every endpoint, viewer and state as the table says',
    async (type, table) => {
      current = type;
      const wrong: string[] = [];
      for (const [column, state] of STATES.entries()) {
        await at(state);
        wrong.push(...(await check(table, column, state)));
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );

  it('outside contests: code, compile errors and a hidden problem name follow the code and problem rules', async () => {
    await at('before');
    expect(await check(BANK_TABLE, 0, 'bank')).toEqual([]);
  });

  it('adding a problem to a contest needs the right to read it', async () => {
    await at('before');
    const author = await kit.userToken('admin');
    const teacher = await kit.userToken('admin');
    const unreleased = await createProblem(t, { auth: 3, author: author.username, title: 'Not Yours' });
    const hidden = await createProblem(t, { auth: 2, author: teacher.username });
    const open = await createProblem(t);
    const own = await createProblem(t, { auth: 3, author: teacher.username });
    const mine = await kit.newContest({ title: 'Mine' }, teacher.token);
    const add = (who: string, c: number, pid: number, displayId: string) =>
      kit.call('POST', '/api/admin/contest/add-problem-from-public', who, { cid: c, pid, displayId });
    // Another teacher's contest-only problem does not exist for him, through the contest or the bank.
    expect((await add(teacher.token, mine.id, unreleased.id, 'A')).status).toBe(404);
    const read = await kit.call('GET', `/api/get-problem-detail?problemId=${unreleased.problemId}`, teacher.token);
    expect(read.status).toBe(404);
    expect(
      (await kit.call('GET', `/api/admin/contest/get-problem-list?cid=${mine.id}`, teacher.token)).body.data,
    ).toMatchObject({ problemList: { total: 0 } });
    // Hidden problems stay out of contests; public ones and his own contest-only ones go in.
    expect((await add(teacher.token, mine.id, hidden.id, 'B')).status).toBe(404);
    expect((await add(teacher.token, mine.id, open.id, 'C')).status).toBe(200);
    expect((await add(teacher.token, mine.id, own.id, 'D')).status).toBe(200);
    // Root reads every problem.
    const rootContest = await kit.newContest({ title: 'Root' });
    expect((await add(root, rootContest.id, unreleased.id, 'A')).status).toBe(200);
  });
});
