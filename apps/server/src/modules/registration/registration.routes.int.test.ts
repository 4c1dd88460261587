import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { type MailInbox, openMailInbox } from '../../../test/mail-inbox.js';
import { captchas, smsOutbox, users } from '../../db/schema.js';
import { sha256 } from '../../lib/password.js';

const MINUTE = 60_000;
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;
/** A mobile nobody has used in this run. */
let mobileSeq = 0;
const newMobile = () => `139${String(Date.now() % 100_000).padStart(5, '0')}${String(mobileSeq++).padStart(3, '0')}`;

/** Registration and reset by mobile, e-mail registration, approval and the SMS providers (decision 0025). */
describe.each(DB_KINDS)('registration (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  let inbox: MailInbox;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) => {
    const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  /** A captcha and its answer, found by trying the answers against the stored hash (the image is for people). */
  const captcha = async () => {
    const { captchaKey } = (await call('GET', '/api/captcha')).body.data as { captchaKey: string };
    const [row] = await t.services.db.select().from(captchas).where(eq(captchas.key, captchaKey));
    for (let a = 0; a <= 100; a++) {
      if (row.answerHash === sha256(`${captchaKey}:${a}`)) return { captchaKey, captcha: String(a) };
    }
    throw new Error('captcha not solved');
  };
  /** The code of the last text message to the mobile. */
  const textedCode = async (mobile: string) => {
    const rows = await t.services.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    const last = rows.sort((a, b) => b.id - a.id)[0];
    return /(\d{6})/.exec(last?.content ?? '')?.[1] as string;
  };
  const sendCode = async (mobile: string) => call('POST', '/api/send-register-sms', { mobile, ...(await captcha()) });
  const form = (over: Record<string, unknown> = {}) => ({
    username: unique('s'),
    password: 'student-pass1',
    realname: '张三',
    city: '杭州',
    school: '第一中学',
    grade: '初二',
    ...over,
  });
  /** A registered account (pending unless approval is automatic). */
  const registered = async () => {
    const mobile = newMobile();
    expect((await sendCode(mobile)).status).toBe(200);
    const f = form({ mobile, smsCode: await textedCode(mobile) });
    const res = await call('POST', '/api/register', f);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...f, mobile, uid: (await t.services.users.findByUsername(f.username as string))?.uid as string };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    inbox = await openMailInbox();
    await t.services.mail.setSettings(inbox.settings);
  }, 60_000);
  // The tests move the clock by days: root logs in afresh for each.
  beforeEach(async () => {
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    await inbox?.close();
    await t?.close();
  });

  it('is closed until the admin opens it', async () => {
    const res = await sendCode(newMobile());
    expect([res.status, res.body.data.key]).toEqual([403, 'registerClosed']);
    expect((await call('POST', '/api/register', form({ mobile: newMobile(), smsCode: '123456' }))).status).toBe(403);
    await t.services.site.updateWebsiteConfig({ register: true });
    const config = await call('GET', '/api/get-website-config');
    expect(config.body.data).toMatchObject({ register: true, registerMethod: 'mobile' });
  });

  it('texts a code after the captcha; refuses a wrong or reused captcha, a landline, a bad number, a quick resend', async () => {
    const mobile = newMobile();
    const wrong = await call('POST', '/api/send-register-sms', {
      mobile,
      captchaKey: (await captcha()).captchaKey,
      captcha: '999',
    });
    expect([wrong.status, wrong.body.data.key, wrong.body.data.field]).toEqual([400, 'captchaWrong', 'captcha']);
    const c = await captcha();
    expect((await call('POST', '/api/send-register-sms', { mobile, ...c })).status).toBe(200);
    const reused = await call('POST', '/api/send-register-sms', { mobile: newMobile(), ...c });
    expect(reused.body.data.key).toBe('captchaWrong');
    const code = await textedCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const landline = await sendCode('0571-88888888');
    expect([landline.status, landline.body.data.key, landline.body.data.field]).toEqual([
      400,
      'mobileNotCell',
      'mobile',
    ]);
    const bad = await sendCode('12345');
    expect([bad.status, bad.body.data.field]).toEqual([400, 'mobile']);
    const soon = await sendCode(mobile);
    expect([soon.status, soon.body.data.key]).toEqual([429, 'smsTooFrequent']);
    expect(soon.body.data.seconds).toBeGreaterThan(50);
    expect(Number(soon.headers['retry-after'])).toBe(soon.body.data.seconds);
    t.clock.offsetMs += MINUTE + 1000;
    expect((await sendCode(mobile)).status).toBe(200);
    // The new code replaced the old one.
    const reg = await call('POST', '/api/register', form({ mobile, smsCode: code }));
    expect([reg.status, reg.body.data.key]).toEqual([400, 'smsCodeWrong']);
  });

  it('registers a pending student who cannot log in until approved; a code works once and expires', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = await textedCode(mobile);
    const missing = await call('POST', '/api/register', form({ mobile, smsCode: code, city: undefined }));
    expect([missing.status, missing.body.data.field]).toEqual([400, 'city']);
    const f = form({ mobile, smsCode: code, roleId: 1000 });
    const made = await call('POST', '/api/register', f);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.state).toBe('pending');
    const again = await call('POST', '/api/register', form({ mobile, smsCode: code }));
    expect(again.status).toBe(400);
    const user = await t.services.users.findByUsername(f.username);
    expect(user).toMatchObject({ mobile, city: '杭州', grade: '初二', regState: 'pending' });
    // Role 1003 (user), whatever the client sent.
    expect(await t.services.users.roleNames(user?.uid as string)).toEqual(['user']);

    const pending = await call('POST', '/api/login', { username: f.username, password: f.password });
    expect([pending.status, pending.body.data.key]).toEqual([403, 'registrationPending']);
    const wrongPassword = await call('POST', '/api/login', { username: f.username, password: 'not-it-123' });
    expect(wrongPassword.status).toBe(400);

    // Ranks list active users only: a registration waiting for approval is in neither list.
    const inRank = async (type: string) =>
      (await call('GET', `/api/get-rank-list?type=${type}&searchUser=${f.username}`)).body.data.total;
    expect([await inRank('ACM'), await inRank('OI')]).toEqual([0, 0]);
    const list = await call('GET', '/api/admin/user/registrations?state=pending&limit=100', undefined, root);
    expect(list.body.data.records.map((r: { username: string }) => r.username)).toContain(f.username);
    const approve = await call('PUT', '/api/admin/user/registrations', { uids: [user?.uid], approve: true }, root);
    expect(approve.body.data.changed).toBe(1);
    expect((await call('POST', '/api/login', { username: f.username, password: f.password })).status).toBe(200);
    expect([await inRank('ACM'), await inRank('OI')]).toEqual([1, 1]);

    // Taken: the username and the mobile (nothing created).
    const mobile2 = newMobile();
    await sendCode(mobile2);
    const taken = await call(
      'POST',
      '/api/register',
      form({ username: f.username, mobile: mobile2, smsCode: await textedCode(mobile2) }),
    );
    expect([taken.status, taken.body.data.field]).toEqual([400, 'username']);
    const takenMobile = await sendCode(mobile);
    expect([takenMobile.status, takenMobile.body.data.key]).toEqual([400, 'mobileTaken']);

    // Expiry: 10 minutes.
    const mobile3 = newMobile();
    await sendCode(mobile3);
    const late = await textedCode(mobile3);
    t.clock.offsetMs += 11 * MINUTE;
    const expired = await call('POST', '/api/register', form({ mobile: mobile3, smsCode: late }));
    expect([expired.status, expired.body.data.key]).toEqual([400, 'smsCodeWrong']);
  });

  it('refuses (and later approves) registrations, one or many; the refused hear why at login', async () => {
    const a = await registered();
    const b = await registered();
    const refused = await call('PUT', '/api/admin/user/registrations', { uids: [a.uid, b.uid], approve: false }, root);
    expect(refused.body.data.changed).toBe(2);
    const login1 = await call('POST', '/api/login', { username: a.username, password: a.password });
    expect([login1.status, login1.body.data.key]).toEqual([403, 'registrationRefused']);
    const list = await call('GET', '/api/admin/user/registrations?state=refused&limit=100', undefined, root);
    expect(list.body.data.records.map((r: { uid: string }) => r.uid)).toEqual(expect.arrayContaining([a.uid, b.uid]));
    await call('PUT', '/api/admin/user/registrations', { uids: [b.uid], approve: true }, root);
    expect((await call('POST', '/api/login', { username: b.username, password: b.password })).status).toBe(200);
    // The user list tells a refused account from an approved one.
    const regStateIn = async (u: { uid?: string; username?: string }) => {
      const res = await call('GET', `/api/admin/user/get-user-list?keyword=${u.username}&limit=100`, undefined, root);
      return res.body.data.records.find((r: { uid: string }) => r.uid === u.uid)?.regState;
    };
    expect([await regStateIn(a), await regStateIn(b)]).toEqual(['refused', null]);
    // Not an admin: 403.
    const student = (await login(t, b.username as string, b.password as string)).token as string;
    expect((await call('GET', '/api/admin/user/registrations', undefined, student)).status).toBe(403);
  });

  it('approves at once when the admin says so', async () => {
    await call('PUT', '/api/admin/config/registration', { autoApprove: true }, root);
    try {
      const mobile = newMobile();
      await sendCode(mobile);
      const f = form({ mobile, smsCode: await textedCode(mobile) });
      expect((await call('POST', '/api/register', f)).body.data.state).toBe('approved');
      expect((await call('POST', '/api/login', { username: f.username, password: f.password })).status).toBe(200);
    } finally {
      await call('PUT', '/api/admin/config/registration', { autoApprove: false }, root);
    }
  });

  it('resets a password by mobile (90 s between codes), ending every session', async () => {
    const a = await registered();
    await call('PUT', '/api/admin/user/registrations', { uids: [a.uid], approve: true }, root);
    const session = (await login(t, a.username as string, a.password as string)).token as string;
    const mismatch = await call('POST', '/api/send-reset-sms', {
      username: a.username,
      mobile: newMobile(),
      ...(await captcha()),
    });
    expect([mismatch.status, mismatch.body.data.key]).toEqual([400, 'mobileNotMatch']);
    const send = async () =>
      call('POST', '/api/send-reset-sms', { username: a.username, mobile: a.mobile, ...(await captcha()) });
    expect((await send()).status).toBe(200);
    t.clock.offsetMs += MINUTE + 1000;
    expect((await send()).status).toBe(429);
    t.clock.offsetMs += 30_000;
    expect((await send()).status).toBe(200);
    const code = await textedCode(a.mobile as string);
    const wrong = await call('POST', '/api/reset-password', {
      username: a.username,
      password: 'new-pass-99',
      mobile: a.mobile,
      smsCode: '000000',
    });
    expect([wrong.status, wrong.body.data.key]).toEqual([400, 'smsCodeWrong']);
    const reset = await call('POST', '/api/reset-password', {
      username: a.username,
      password: 'new-pass-99',
      mobile: a.mobile,
      smsCode: code,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', undefined, session)).status).toBe(401);
    expect((await call('POST', '/api/login', { username: a.username, password: 'new-pass-99' })).status).toBe(200);
    const twice = await call('POST', '/api/reset-password', {
      username: a.username,
      password: 'other-pass-9',
      mobile: a.mobile,
      smsCode: code,
    });
    expect(twice.status).toBe(400);
  });

  it('caps the codes a day to one mobile', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(mobile)).status).toBe(200);
      t.clock.offsetMs += MINUTE + 1000;
    }
    const capped = await sendCode(mobile);
    expect([capped.status, capped.body.data.key]).toEqual([429, 'smsDailyLimit']);
    t.clock.offsetMs += 24 * 60 * MINUTE;
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it('texts through an HTTP gateway; its failure is told to the user, who may ask again at once; its key never comes back', async () => {
    const received: { url: string; body: string; auth: string | undefined }[] = [];
    let answer = { status: 200, body: '{"code":"OK"}' };
    const gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', body, auth: req.headers['x-api-key'] as string | undefined });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as { port: number }).port;
    try {
      const set = await call(
        'PUT',
        '/api/admin/config/registration',
        {
          smsProvider: 'http',
          smsHttpUrl: `http://127.0.0.1:${port}/send?to={mobile}`,
          smsHttpMethod: 'POST',
          smsHttpHeaders: '{"X-Api-Key":"secret-key-1"}',
          smsHttpBody: '{"phone":"{mobile}","text":"{content}"}',
          smsHttpSuccess: '"OK"',
        },
        root,
      );
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data.smsHttpHeaders).toBe('');
      expect((await call('GET', '/api/admin/config/registration', undefined, root)).body.data.smsHttpHeaders).toBe('');
      const badHeaders = await call('PUT', '/api/admin/config/registration', { smsHttpHeaders: 'not json' }, root);
      expect(badHeaders.status).toBe(400);

      const mobile = newMobile();
      expect((await sendCode(mobile)).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].url).toBe(`/send?to=${mobile}`);
      expect(received[0].auth).toBe('secret-key-1');
      const sent = JSON.parse(received[0].body) as { phone: string; text: string };
      expect(sent.phone).toBe(mobile);
      const code = /(\d{6})/.exec(sent.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      answer = { status: 200, body: '{"code":"QUOTA"}' };
      const mobile2 = newMobile();
      const refused = await sendCode(mobile2);
      expect([refused.status, refused.body.data.key]).toEqual([502, 'smsSendFailed']);
      expect(refused.body.msg).toContain('gateway refused the message');
      answer = { status: 200, body: '{"code":"OK"}' };
      // No resend wait after a failure.
      expect((await sendCode(mobile2)).status).toBe(200);
      const outbox = await call('GET', `/api/admin/sms-outbox?mobile=${mobile2}`, undefined, root);
      expect(outbox.body.data.records.map((m: { ok: boolean }) => m.ok)).toEqual([true, false]);
    } finally {
      await call('PUT', '/api/admin/config/registration', { smsProvider: 'outbox' }, root);
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('registers by e-mail code when the admin chose e-mail', async () => {
    await call('PUT', '/api/admin/config/registration', { registerMethod: 'email' }, root);
    try {
      expect((await sendCode(newMobile())).body.data.key).toBe('registerMethodMismatch');
      const email = `${unique('e')}@example.test`;
      const c = await captcha();
      const sent = await call(
        'GET',
        `/api/get-register-code?email=${email}&captcha=${c.captcha}&captchaKey=${c.captchaKey}`,
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const code = /registration code is (\d{6})/.exec(inbox.last())?.[1] as string;
      expect(code).toMatch(/^\d{6}$/);
      const f = { username: unique('m'), password: 'mail-pass-1', email, code };
      expect((await call('POST', '/api/register', { ...f, code: '000000' })).body.data.key).toBe('registerCodeWrong');
      expect((await call('POST', '/api/register', f)).body.data.state).toBe('pending');
      const check = await call('POST', '/api/check-username-or-email', {
        username: f.username,
        email: 'nobody@example.test',
      });
      expect(check.body.data).toEqual({ username: true, email: false });
    } finally {
      await call('PUT', '/api/admin/config/registration', { registerMethod: 'mobile' }, root);
    }
  });

  it.runIf(kind === 'postgres')(
    'parallel: one code registers once; one mobile gets one code in its resend window',
    async () => {
      const mobile = newMobile();
      const captchasFor = await Promise.all(Array.from({ length: 6 }, () => captcha()));
      const sends = await Promise.all(captchasFor.map((c) => call('POST', '/api/send-register-sms', { mobile, ...c })));
      expect(sends.filter((r) => r.status === 200)).toHaveLength(1);
      expect(sends.filter((r) => r.status === 429)).toHaveLength(5);
      const code = await textedCode(mobile);
      const tries = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('POST', '/api/register', form({ username: unique(`p${i}`), mobile, smsCode: code })),
        ),
      );
      expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
      const rows = await t.services.db.select().from(users).where(eq(users.mobile, mobile));
      expect(rows).toHaveLength(1);
    },
  );
});
