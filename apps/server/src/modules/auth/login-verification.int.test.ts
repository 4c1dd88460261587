import { LIMITS, SLIDE_PUZZLE } from '@oj/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { captchas, loginFailures, slidePuzzles } from '../../db/schema.js';
import { sha256 } from '../../lib/password.js';
import { PUZZLE_MIN_SOLVE_MS } from './login-verification.service.js';

/** DESIGN §8 "Login verification", decision 0014: after 5 failures of a (username, IP) pair a login needs a
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

  /** A puzzle from the API and, read from the database (the browser never gets it), where its piece fits. */
  const puzzle = async (ip = '127.0.0.1') => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-slide-puzzle', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const [row] = await t.services.db.select().from(slidePuzzles).where(eq(slidePuzzles.key, data.puzzleKey));
    return { ...data, pieceX: row.pieceX as number };
  };
  /** As long as a person takes to look and drag. */
  const think = () => {
    t.clock.offsetMs += PUZZLE_MIN_SOLVE_MS + 100;
  };
  const solve = async (ip = '127.0.0.1') => {
    const p = await puzzle(ip);
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
});
