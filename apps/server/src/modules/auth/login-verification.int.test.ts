import { LIMITS, SLIDE_PUZZLE } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DB_KINDS,
  JUDGE_TOKEN,
  ROOT_PASSWORD,
  type TestApp,
} from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { addressRateLimits, captchas, loginFailures, slidePuzzles } from '../../db/schema.js';
import { sha256 } from '../../lib/password.js';
import { IP_LIMITS } from '../access/ip-rate-limit.js';
import { PUZZLE_MIN_SOLVE_MS } from './login-verification.service.js';

/** Decision 0014: after 5 failures of a (username, IP) pair a login needs a
 * single-use proof from a solved slide puzzle or image captcha; a verified login with the right password always
 * succeeds. The counts are taken in the database, so parallel requests (and server instances) cannot race them. */
describe.each(DB_KINDS)('login verification on %s', (kind) => {
  let t: TestApp;
  let ipSeq = 0;
  /** Every test its own client address, so that the per-IP count of one does not reach another. */
  const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  const post = (url: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const signIn = (username: string, password: string, ip: string, extra: object = {}, url = '/api/login') =>
    post(url, { username, password, ...extra }, ip);
  const keyOf = (res: { json(): { data: { key?: string } | null } }) => res.json().data?.key;
  const tally = (answers: { statusCode: number; json(): { data: { key?: string } | null } }[]) => {
    const counts: Record<string, number> = {};
    for (const a of answers) {
      const k = `${a.statusCode} ${a.statusCode === 200 ? 'ok' : keyOf(a)}`;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    return counts;
  };
  const failuresOf = async (username: string, ip: string) => {
    const [row] = await t.services.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.ip, ip)));
    return row?.failures ?? 0;
  };

  /** A challenge's URL, asked for `username` (or for nobody, as HOJ's client asks). */
  const challengeUrl = (path: string, username?: string) =>
    username === undefined ? path : `${path}?username=${encodeURIComponent(username)}`;
  const get = (url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
  /** A puzzle from the API and, read from the database (the browser never gets it), where its piece fits. */
  const puzzle = async (ip = '127.0.0.1', username?: string) => {
    const res = await get(challengeUrl('/api/get-slide-puzzle', username), ip);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const [row] = await t.services.db.select().from(slidePuzzles).where(eq(slidePuzzles.key, data.puzzleKey));
    return { ...data, pieceX: row.pieceX as number };
  };
  /** A captcha from the API and its answer, found by trying answers against the stored hash (the image is for
   * people). */
  const captcha = async (ip: string, username?: string) => {
    const res = await get(challengeUrl('/api/captcha', username), ip);
    expect(res.statusCode, res.body).toBe(200);
    const { captchaKey } = res.json().data as { captchaKey: string };
    const [row] = await t.services.db.select().from(captchas).where(eq(captchas.key, captchaKey));
    for (let a = 0; a <= 100; a++) {
      if (row.answerHash === sha256(`${captchaKey}:${a}`)) return { captchaKey, captcha: String(a) };
    }
    throw new Error('captcha not solved');
  };
  /** As long as a person takes to look and drag. */
  const think = () => {
    t.clock.offsetMs += PUZZLE_MIN_SOLVE_MS + 100;
  };
  const solve = async (ip = '127.0.0.1', username?: string) => {
    const p = await puzzle(ip, username);
    think();
    const res = await post('/api/check-slide-puzzle', { puzzleKey: p.puzzleKey, left: p.pieceX + 1 }, ip);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.verificationToken as string;
  };
  /** `n` wrong passwords one after another (each gets its password check while under the threshold). */
  const fail = async (username: string, ip: string, n: number, url?: string) => {
    for (let i = 0; i < n; i++) {
      const res = await signIn(username, 'wrong-pass', ip, {}, url);
      expect(keyOf(res)).toBe('loginFailed');
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('100 parallel wrong guesses: 5 get a password check, 95 are refused, the count is exactly 5', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(u.username, 'wrong-pass', ip)));
    expect(tally(answers)).toEqual({ '400 loginFailed': 5, '400 loginVerificationRequired': 95 });
    expect(await failuresOf(u.username, ip)).toBe(LIMITS.loginFailuresBeforePuzzle);
    // Every attempt without a proof counted for the IP too: 100, its limit.
    expect(await failuresOf('', ip)).toBe(LIMITS.loginUnverifiedFailuresPerIp);
    // Nothing gets in past the threshold without a proof, the right password included, however many try at once.
    const right = await Promise.all(Array.from({ length: 20 }, () => signIn(u.username, u.password, ip)));
    expect(tally(right)).toEqual({ '429 loginTooFrequent': 20 });
    expect(right.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(await failuresOf(u.username, ip)).toBe(LIMITS.loginFailuresBeforePuzzle);
    // Another IP is another pair.
    expect((await signIn(u.username, u.password, freshIp())).statusCode).toBe(200);
  });

  it('past the threshold the right password is refused without a proof, even in parallel, and passes with one', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    await fail(u.username, ip, 5);
    const refused = await Promise.all(Array.from({ length: 20 }, () => signIn(u.username, u.password, ip)));
    expect(tally(refused)).toEqual({ '400 loginVerificationRequired': 20 });
    expect(await failuresOf(u.username, ip)).toBe(5);
    const token = await solve(ip);
    const ok = await signIn(u.username, u.password, ip, { verificationToken: token });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.authorization).toMatch(/^[\w-]{40,}$/);
    // A success starts the pair again.
    expect(await failuresOf(u.username, ip)).toBe(0);
    expect((await signIn(u.username, u.password, ip)).statusCode).toBe(200);
  });

  it('a verified login with the right password succeeds while an attacker keeps failing from the same IP', async () => {
    const teacher = await createUser(t, 'admin');
    const ip = freshIp();
    let attacking = true;
    const attackerAnswers: number[] = [];
    const attacker = (async () => {
      while (attacking) {
        const wave = await Promise.all(Array.from({ length: 10 }, () => signIn(teacher.username, 'guess-pass', ip)));
        attackerAnswers.push(...wave.map((r) => r.statusCode));
      }
    })();
    try {
      // Let the attacker get past every threshold first (the pair's, then the whole IP's).
      while (attackerAnswers.length < LIMITS.loginUnverifiedFailuresPerIp + 20)
        await new Promise((r) => setTimeout(r, 5));
      const unverified = await signIn(teacher.username, teacher.password, ip);
      expect([unverified.statusCode, keyOf(unverified)]).toEqual([429, 'loginTooFrequent']);
      for (const url of ['/api/login', '/api/admin/login']) {
        const token = await solve(ip);
        const res = await signIn(teacher.username, teacher.password, ip, { verificationToken: token }, url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.username).toBe(teacher.username);
      }
    } finally {
      attacking = false;
      await attacker;
    }
    expect(attackerAnswers).not.toContain(200);
    expect(new Set(attackerAnswers)).toEqual(new Set([400, 429]));
  });

  it('a proof is single-use: a replay fails, and of two parallel uses one passes', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    await fail(u.username, ip, 5);
    const token = await solve(ip);
    // Used by a wrong password: counted, and gone.
    const wrong = await signIn(u.username, 'wrong-pass', ip, { verificationToken: token });
    expect(keyOf(wrong)).toBe('loginFailed');
    expect(await failuresOf(u.username, ip)).toBe(6);
    const replay = await signIn(u.username, u.password, ip, { verificationToken: token });
    expect([replay.statusCode, keyOf(replay)]).toEqual([400, 'loginVerificationInvalid']);
    expect(replay.headers.authorization).toBeUndefined();

    const shared = await solve(ip);
    const both = await Promise.all([1, 2].map(() => signIn(u.username, u.password, ip, { verificationToken: shared })));
    expect(tally(both)).toEqual({ '200 ok': 1, '400 loginVerificationInvalid': 1 });
    // Made-up and expired proofs are no proofs.
    const madeUp = await signIn(u.username, u.password, ip, { verificationToken: 'x'.repeat(43) });
    expect(keyOf(madeUp)).toBe('loginVerificationInvalid');
    const stale = await solve(ip);
    t.clock.offsetMs += 6 * 60 * 1000;
    expect(keyOf(await signIn(u.username, u.password, ip, { verificationToken: stale }))).toBe(
      'loginVerificationInvalid',
    );
  });

  it('a wrong slide position gives no token, and each puzzle is checked once', async () => {
    // The browser gets the pictures and the piece's top, never where it goes across.
    const raw = await t.app.inject({ method: 'GET', url: '/api/get-slide-puzzle' });
    expect(Object.keys(raw.json().data).sort()).toEqual(['backgroundImage', 'pieceImage', 'pieceY', 'puzzleKey']);
    expect(raw.json().data.backgroundImage).toMatch(/^data:image\/png;base64,/);
    expect(raw.json().data.pieceImage).toMatch(/^data:image\/png;base64,/);

    const check = (puzzleKey: string, left: number) => post('/api/check-slide-puzzle', { puzzleKey, left });
    const p = await puzzle();
    think();
    const wrong = await check(p.puzzleKey, p.pieceX + SLIDE_PUZZLE.accuracy);
    expect([wrong.statusCode, keyOf(wrong)]).toEqual([400, 'slidePuzzleWrong']);
    expect(wrong.headers.authorization).toBeUndefined();
    // The wrong answer used the puzzle up: the right one no longer counts.
    expect(keyOf(await check(p.puzzleKey, p.pieceX))).toBe('slidePuzzleWrong');
    const q = await puzzle();
    think();
    expect(keyOf(await check(q.puzzleKey, q.pieceX - SLIDE_PUZZLE.accuracy))).toBe('slidePuzzleWrong');

    // Less than accuracy 3 away on either side is right.
    for (const delta of [-2, 0, 2]) {
      const r = await puzzle();
      think();
      const res = await check(r.puzzleKey, r.pieceX + delta);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.verificationToken).toMatch(/^[\w-]{40,}$/);
    }
    // Too fast to be a person, or too late: no token either.
    const fast = await puzzle();
    expect(keyOf(await check(fast.puzzleKey, fast.pieceX))).toBe('slidePuzzleWrong');
    const slow = await puzzle();
    t.clock.offsetMs += 3 * 60 * 1000;
    expect(keyOf(await check(slow.puzzleKey, slow.pieceX))).toBe('slidePuzzleWrong');
    expect(keyOf(await check('no-such-puzzle', 100))).toBe('slidePuzzleWrong');
    expect(keyOf(await check('k', SLIDE_PUZZLE.width + 1))).toBe('numberOutOfRange');
  });

  it('a solved image captcha is a proof too', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    await fail(u.username, ip, 5);
    const img = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    const { captchaKey } = img.json().data;
    const wrong = await post('/api/check-captcha', { captchaKey, captcha: '-1' }, ip);
    expect([wrong.statusCode, keyOf(wrong)]).toEqual([400, 'captchaWrong']);
    // The answer is only in the picture; the test stores one it knows.
    const key = 'known-captcha';
    await t.services.db
      .insert(captchas)
      .values({ key, answerHash: sha256(`${key}:42`), expiresAt: new Date(Date.now() + t.clock.offsetMs + 60_000) });
    const right = await post('/api/check-captcha', { captchaKey: key, captcha: '42' }, ip);
    expect(right.statusCode).toBe(200);
    const ok = await signIn(u.username, u.password, ip, { verificationToken: right.json().data.verificationToken });
    expect(ok.statusCode).toBe(200);
  });

  it('the admin login follows the same rule, and the failures of both logins add up', async () => {
    const ip = freshIp();
    await fail('root', ip, 3, '/api/admin/login');
    await fail('ROOT', ip, 2, '/api/login');
    const refused = await signIn('root', ROOT_PASSWORD, ip, {}, '/api/admin/login');
    expect([refused.statusCode, keyOf(refused)]).toEqual([400, 'loginVerificationRequired']);
    // Root is not locked out: elsewhere, or here with a proof.
    expect((await signIn('root', ROOT_PASSWORD, freshIp(), {}, '/api/admin/login')).statusCode).toBe(200);
    const ok = await signIn('root', ROOT_PASSWORD, ip, { verificationToken: await solve(ip) }, '/api/admin/login');
    expect(ok.statusCode).toBe(200);
  });

  it('the window ends after 30 minutes; other IPs and other users are never affected', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const ip = freshIp();
    await fail(u.username, ip, 5);
    expect(keyOf(await signIn(u.username, u.password, ip))).toBe('loginVerificationRequired');
    expect((await signIn(u.username, u.password, freshIp())).statusCode).toBe(200);
    expect((await signIn(other.username, other.password, ip)).statusCode).toBe(200);
    t.clock.offsetMs += LIMITS.loginFailureWindowMs + 1000;
    expect((await signIn(u.username, u.password, ip)).statusCode).toBe(200);
  });

  it('unverified attempts are limited per IP: past the limit every login from it needs a proof (429)', async () => {
    const ip = freshIp();
    const victim = await createUser(t);
    // Refused attempts count towards the IP's limit; a right password gives its count back.
    const spray = await Promise.all(
      Array.from({ length: LIMITS.loginUnverifiedFailuresPerIp + 10 }, () => signIn('nobody-here', 'wrong-pass', ip)),
    );
    expect(tally(spray)).toEqual({
      '400 loginFailed': LIMITS.loginFailuresBeforePuzzle,
      '400 loginVerificationRequired': LIMITS.loginUnverifiedFailuresPerIp - LIMITS.loginFailuresBeforePuzzle,
      '429 loginTooFrequent': 10,
    });
    expect(await failuresOf('', ip)).toBe(LIMITS.loginUnverifiedFailuresPerIp);
    const blocked = await signIn(victim.username, victim.password, ip);
    expect([blocked.statusCode, keyOf(blocked)]).toEqual([429, 'loginTooFrequent']);
    // Not a lockout: with a proof the right password gets in.
    const ok = await signIn(victim.username, victim.password, ip, { verificationToken: await solve(ip) });
    expect(ok.statusCode).toBe(200);
  });

  it('a right password gives the IP its count back', async () => {
    const ip = freshIp();
    const u = await createUser(t);
    await fail('someone-else', ip, 3);
    for (let i = 0; i < 3; i++) expect((await signIn(u.username, u.password, ip)).statusCode).toBe(200);
    expect(await failuresOf('', ip)).toBe(3);
  });
  // Hundreds of password checks (scrypt): 32 s once on a loaded machine, past the default 30 s.
  it('one address cannot lock root out: after an attacker there spends every allowance, root gets in with one verification', {
    timeout: 90_000,
  }, async () => {
    const ip = freshIp();
    const tallyOf = async (n: number, request: (i: number) => ReturnType<typeof get>) => {
      const answers = [];
      for (let i = 0; i < n; i += 20) {
        answers.push(...(await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, j) => request(i + j)))));
      }
      return tally(answers);
    };
    const statuses = (counts: Record<string, number>) => {
      const byStatus: Record<string, number> = {};
      for (const [k, n] of Object.entries(counts)) byStatus[k.slice(0, 3)] = (byStatus[k.slice(0, 3)] ?? 0) + n;
      return byStatus;
    };
    const names = ['root', 'admin', 'teacher', 'student1', 'student2', 'nobody-here', 'Root'];
    const guess = (i: number, url = '/api/login') => signIn(names[i % names.length], `guess-${i}`, ip, {}, url);

    // 300 wrong logins with assorted usernames: the IP's unverified attempts run out after 100, the rest is 429.
    const sprayed = await tallyOf(300, (i) => guess(i));
    expect(statuses(sprayed)).toEqual({ '400': LIMITS.loginUnverifiedFailuresPerIp, '429': 200 });
    // 220 each of the challenges asked for nobody and of both logins: what the address shares is spent.
    const unnamed = IP_LIMITS.challengeUnnamed.maxHits;
    expect(await tallyOf(220, () => get('/api/captcha', ip))).toEqual({
      '200 ok': unnamed,
      '429 tooManyRequests': 220 - unnamed,
    });
    expect(await tallyOf(220, () => get('/api/get-slide-puzzle', ip))).toEqual({ '429 tooManyRequests': 220 });
    expect(statuses(await tallyOf(220, (i) => guess(i)))).toEqual({ '429': 220 });
    expect(statuses(await tallyOf(220, (i) => guess(i, '/api/admin/login')))).toEqual({ '429': 220 });

    // Root, on the same address, gets none of that without a verification...
    for (const url of ['/api/captcha', '/api/get-slide-puzzle']) expect((await get(url, ip)).statusCode).toBe(429);
    for (const url of ['/api/login', '/api/admin/login']) {
      expect((await signIn('root', ROOT_PASSWORD, ip, {}, url)).statusCode).toBe(429);
    }
    // ...and gets in with one: a puzzle asked for root (as typed), then a captcha for the admin login.
    const site = await signIn('root', ROOT_PASSWORD, ip, { verificationToken: await solve(ip, 'Root') });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().data.username).toBe('root');
    expect(site.headers.authorization).toMatch(/^[\w-]{40,}$/);
    const checked = await post('/api/check-captcha', await captcha(ip, 'root'), ip);
    expect(checked.statusCode, checked.body).toBe(200);
    const admin = await signIn(
      'root',
      ROOT_PASSWORD,
      ip,
      { verificationToken: checked.json().data.verificationToken },
      '/api/admin/login',
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.roleList).toContain('root');
  });

  it('a proof for one username does not log in another, and stays its own', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const ip = freshIp();
    await fail(b.username, ip, 5);
    for (const forA of [
      await solve(ip, a.username.toUpperCase()),
      (await post('/api/check-captcha', await captcha(ip, a.username), ip)).json().data.verificationToken as string,
    ]) {
      const other = await signIn(b.username, b.password, ip, { verificationToken: forA });
      expect([other.statusCode, keyOf(other)]).toEqual([400, 'loginVerificationInvalid']);
      expect(other.headers.authorization).toBeUndefined();
      // Nothing changed: b's failures are as they were, and the proof still logs in a.
      expect(await failuresOf(b.username, ip)).toBe(5);
      const own = await signIn(a.username, a.password, ip, { verificationToken: forA });
      expect(own.statusCode, own.body).toBe(200);
    }
    // A puzzle whose key names someone else is no puzzle.
    const p = await puzzle(ip, a.username);
    think();
    const edited = p.puzzleKey.replace(/\.[^.]*$/, `.${b.username}`);
    expect(keyOf(await post('/api/check-slide-puzzle', { puzzleKey: edited, left: p.pieceX }, ip))).toBe(
      'slidePuzzleWrong',
    );
    // b still needs a proof, and one for b works.
    expect(keyOf(await signIn(b.username, b.password, ip))).toBe('loginVerificationRequired');
    const ok = await signIn(b.username, b.password, ip, { verificationToken: await solve(ip, b.username) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a challenge asked for nobody (HOJ's client) still yields a proof for anyone", async () => {
    const u = await createUser(t);
    const ip = freshIp();
    await fail(u.username, ip, 5);
    const c = await captcha(ip);
    expect(c.captchaKey).toMatch(/^[0-9a-f-]{36}$/);
    const byCaptcha = await post('/api/check-captcha', c, ip);
    expect(byCaptcha.statusCode).toBe(200);
    const first = await signIn(u.username, u.password, ip, {
      verificationToken: byCaptcha.json().data.verificationToken,
    });
    expect(first.statusCode).toBe(200);
    await fail(u.username, ip, 5);
    const second = await signIn(u.username, u.password, ip, { verificationToken: await solve(ip) });
    expect(second.statusCode).toBe(200);
  });

  it('challenges are limited per address and username; one username using up its own leaves the others theirs', async () => {
    const ip = freshIp();
    const { maxHits, windowMs } = IP_LIMITS.challengeNamed;
    const asked = await Promise.all(
      Array.from({ length: maxHits + 5 }, (_, i) =>
        get(challengeUrl(i % 2 ? '/api/captcha' : '/api/get-slide-puzzle', 'victim'), ip),
      ),
    );
    expect(tally(asked)).toEqual({ '200 ok': maxHits, '429 tooManyRequests': 5 });
    const refused = asked.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    // The same username however it is typed; another username, or another address, has its own.
    expect((await get(challengeUrl('/api/captcha', ' VICTIM '), ip)).statusCode).toBe(429);
    expect((await get(challengeUrl('/api/captcha', 'someone'), ip)).statusCode).toBe(200);
    expect((await get('/api/captcha', ip)).statusCode).toBe(200);
    expect((await get(challengeUrl('/api/captcha', 'victim'), freshIp())).statusCode).toBe(200);
    // A username longer than any is refused for its input.
    const long = await get(challengeUrl('/api/captcha', 'x'.repeat(LIMITS.usernameMax + 1)), ip);
    expect([long.statusCode, keyOf(long)]).toEqual([400, 'Username_Check_Max']);
  });

  it("the address's ceiling counts every challenge and check served; a request it refuses keeps its own allowance", async () => {
    // A second instance on the same database, with a small ceiling and one challenge per username.
    const small = await buildApp({
      services: t.services,
      judgeToken: JUDGE_TOKEN,
      logLevel: 'silent',
      validateOutput: true,
      ipLimits: { challenge: { maxHits: 3, windowMs: 60_000 }, challengeNamed: { maxHits: 1, windowMs: 600_000 } },
    });
    try {
      const ip = freshIp();
      const uid = `ip:${ip}`;
      const at = Date.now();
      // Passed per-username windows are dropped when a challenge is served; live ones stay.
      await t.services.db.insert(addressRateLimits).values([
        { uid, scope: 'http:challenge:stale', windowStart: new Date(at - 11 * 60_000), hits: 1 },
        { uid, scope: 'http:challenge:live', windowStart: new Date(at - 60_000), hits: 1 },
      ]);
      const ask = (username: string) =>
        small.inject({ method: 'GET', url: challengeUrl('/api/captcha', username), remoteAddress: ip });
      expect((await ask('a')).statusCode).toBe(200);
      const scopes = await t.services.db
        .select({ scope: addressRateLimits.scope })
        .from(addressRateLimits)
        .where(eq(addressRateLimits.uid, uid));
      expect(scopes.map((r) => r.scope).sort()).toEqual(['http:challenge', 'http:challenge:a', 'http:challenge:live']);

      // a's own window is spent (not the ceiling's); b is served; a check counts too; then c is refused.
      expect((await ask('a')).statusCode).toBe(429);
      expect((await ask('b')).statusCode).toBe(200);
      const check = await small.inject({
        method: 'POST',
        url: '/api/check-captcha',
        payload: { captchaKey: 'no-such-captcha', captcha: '1' },
        remoteAddress: ip,
      });
      expect(keyOf(check)).toBe('captchaWrong');
      const ceiling = await ask('c');
      expect([ceiling.statusCode, keyOf(ceiling)]).toEqual([429, 'tooManyRequests']);
      // A minute later the ceiling opens again, and c's one challenge was not used up by the refusal.
      await t.services.db
        .update(addressRateLimits)
        .set({ windowStart: sql`${addressRateLimits.windowStart} - interval '61 seconds'` })
        .where(and(eq(addressRateLimits.uid, uid), eq(addressRateLimits.scope, 'http:challenge')));
      expect((await ask('c')).statusCode).toBe(200);
      expect((await ask('c')).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});
