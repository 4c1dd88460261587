import { message } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, type TestApp } from '../../../test/harness.js';
import { createFakeJudge, createProblem } from '../../../test/judge-helpers.js';
import { type MailInbox, openMailInbox } from '../../../test/mail-inbox.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const multipart = (field: string, filename: string, content: Buffer, type = 'image/png') => {
  const boundary = '----oj-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(DB_KINDS)('user home and settings on %s', (kind) => {
  let t: TestApp;
  let inbox: MailInbox;
  const bodies: string[] = [];
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
    bodies.push(res.body);
    return res;
  };
  const account = async () => {
    const u = await createUser(t);
    return { ...u, token: (await login(t, u.username, u.password)).token as string };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    inbox = await openMailInbox();
    await t.services.mail.setSettings(inbox.settings);
  });
  afterAll(async () => {
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|scrypt\$/);
    await inbox?.close();
    await t?.close();
  });

  it('shows the user home with counts, solved problems by difficulty and the heatmap', async () => {
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const judge = createFakeJudge(t);
    await judge.drain();
    await judge.announce();
    const u = await account();
    const p = await createProblem(t, { difficulty: 2 });
    await t.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: u.token },
      payload: { pid: p.problemId, language: 'C++', code: 'int main(){}' },
    });
    await judge.judgeNext({ status: 0 });
    const home = (await call('GET', `/api/get-user-home-info?username=${u.username}`)).json().data;
    expect(home).toMatchObject({ uid: u.uid, total: 1, solvedList: [p.problemId], roleList: ['user'] });
    expect(home.solvedGroupByDifficulty['2']).toEqual([{ id: p.id, problemId: p.problemId, difficulty: 2 }]);
    expect(typeof home.recentLoginTime).toBe('string');
    const self = (await call('GET', '/api/get-user-home-info', u.token)).json().data;
    expect(self.uid).toBe(u.uid);
    expect((await call('GET', '/api/get-user-home-info')).statusCode).toBe(400);
    expect((await call('GET', '/api/get-user-home-info?username=nobody-here')).statusCode).toBe(404);
    const heat = (await call('GET', `/api/get-user-calendar-heatmap?uid=${u.uid}`)).json().data;
    expect(heat.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(heat.dataList).toEqual([{ date: heat.endDate, count: 1 }]);
  });

  it('gives the same AC rate on the user home and the rank list: 1 AC of 2 submissions is 50', async () => {
    await t.services.site.updateSwitches({ defaultSubmitInterval: 0 });
    const judge = createFakeJudge(t);
    await judge.drain();
    await judge.announce();
    const u = await account();
    const p = await createProblem(t);
    for (const status of [-1, 0]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: u.token },
        payload: { pid: p.problemId, language: 'C++', code: 'int main(){}' },
      });
      expect(res.statusCode).toBe(200);
      await judge.judgeNext({ status });
    }
    const home = (await call('GET', `/api/get-user-home-info?username=${u.username}`)).json().data;
    const rank = (await call('GET', `/api/get-rank-list?type=0&searchUser=${u.username}`)).json().data;
    const row = rank.records.find((r: { uid: string }) => r.uid === u.uid);
    expect([home.ac, home.total, home.acRate]).toEqual([1, 2, 50]);
    expect([row.ac, row.total, row.acRate]).toEqual([home.ac, home.total, home.acRate]);
    const oi = (await call('GET', `/api/get-rank-list?type=1&searchUser=${u.username}`)).json().data;
    expect(oi.records.find((r: { uid: string }) => r.uid === u.uid).acRate).toBe(50);
  });

  it('changes the password: wrong old one is 400, five wrong lock it, success ends the other sessions', async () => {
    const u = await account();
    const other = (await login(t, u.username, u.password)).token as string;
    const wrong = await call('POST', '/api/change-password', u.token, {
      oldPassword: 'nope-nope',
      newPassword: 'newpass1',
    });
    expect([wrong.statusCode, wrong.json().data.key]).toEqual([400, 'oldPasswordWrong']);
    const short = await call('POST', '/api/change-password', u.token, { oldPassword: u.password, newPassword: '123' });
    expect(short.json().data.key).toBe('Password_Check_Between');
    const ok = await call('POST', '/api/change-password', u.token, {
      oldPassword: u.password,
      newPassword: 'newpass1',
    });
    expect(ok.json().data).toMatchObject({ code: 200, userInfo: { uid: u.uid } });
    expect((await call('GET', '/api/get-user-auth-info', u.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', other)).statusCode).toBe(401);
    expect((await login(t, u.username, 'newpass1')).res.statusCode).toBe(200);

    for (let i = 0; i < 4; i++) {
      await call('POST', '/api/change-password', u.token, { oldPassword: 'bad-pass', newPassword: 'another1' });
    }
    const locked = await call('POST', '/api/change-password', u.token, {
      oldPassword: 'bad-pass',
      newPassword: 'another1',
    });
    expect([locked.statusCode, locked.json().data.key]).toEqual([429, 'passwordChangeLocked']);
    const stillLocked = await call('POST', '/api/change-password', u.token, {
      oldPassword: 'newpass1',
      newPassword: 'another1',
    });
    expect(stillLocked.statusCode).toBe(429);
  });

  it('changes the e-mail with a code sent by mail', async () => {
    const u = await account();
    const bad = await call('GET', '/api/get-change-email-code?email=not-an-email', u.token);
    expect(bad.statusCode).toBe(400);
    const sent = await call('GET', '/api/get-change-email-code?email=alice@example.test', u.token);
    expect(sent.json().data.sent).toBe(true);
    const code = /code for changing the e-mail of \S+ is (\d{6})/.exec(inbox.last())?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const again = await call('GET', '/api/get-change-email-code?email=alice@example.test', u.token);
    expect([again.statusCode, again.json().data.key]).toEqual([429, 'emailCodeTooFrequent']);
    const wrongCode = await call('POST', '/api/change-email', u.token, {
      password: u.password,
      newEmail: 'alice@example.test',
      code: '000000x',
    });
    expect(wrongCode.json().data.key).toBe('emailCodeWrong');
    const ok = await call('POST', '/api/change-email', u.token, {
      password: u.password,
      newEmail: 'alice@example.test',
      code,
    });
    expect(ok.json().data.userInfo.email).toBe('alice@example.test');
    const reuse = await call('POST', '/api/change-email', u.token, {
      password: u.password,
      newEmail: 'alice@example.test',
      code,
    });
    expect(reuse.json().data.key).toBe('emailCodeWrong');
    const other = await account();
    const taken = await call('GET', '/api/get-change-email-code?email=ALICE@example.test', other.token);
    expect(taken.json().data.key).toBe('emailTaken');
  });

  it('resets a forgotten password by mail (90 s resend lock); without SMTP the code goes to the log', async () => {
    const u = await account();
    expect((await call('POST', '/api/apply-reset-password', undefined, { username: u.username })).json().data.key).toBe(
      'userHasNoEmail',
    );
    await call('GET', '/api/get-change-email-code?email=reset-me@example.test', u.token);
    const code1 = /is (\d{6})/.exec(inbox.last())?.[1] as string;
    await call('POST', '/api/change-email', u.token, {
      password: u.password,
      newEmail: 'reset-me@example.test',
      code: code1,
    });

    const unknown = await call('POST', '/api/apply-reset-password', undefined, { username: 'nobody-zz' });
    expect([unknown.statusCode, unknown.json().data.key]).toEqual([400, 'usernameNotExist']);
    const applied = await call('POST', '/api/apply-reset-password', undefined, { username: u.username });
    expect(applied.json().data.sent).toBe(true);
    const link = /\/reset-password\?username=([^&\s]+)&code=([\w-]+)/.exec(inbox.last());
    expect(link?.[1]).toBe(encodeURIComponent(u.username));
    const again = await call('POST', '/api/apply-reset-password', undefined, { username: u.username });
    expect(again.statusCode).toBe(429);
    const wrong = await call('POST', '/api/reset-password', undefined, {
      username: u.username,
      password: 'brandnew1',
      code: 'wrong',
    });
    expect(wrong.json().data.key).toBe('emailCodeWrong');
    const reset = await call('POST', '/api/reset-password', undefined, {
      username: u.username,
      password: 'brandnew1',
      code: link?.[2],
    });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/get-user-auth-info', u.token)).statusCode).toBe(401);
    expect((await login(t, u.username, 'brandnew1')).res.statusCode).toBe(200);

    // No SMTP: the mail is logged and the answer says so.
    const saved = await t.services.mail.settings();
    const logged: object[] = [];
    const logger = t.services.mail.logger;
    t.services.mail.logger = { warn: (obj) => void logged.push(obj) };
    await t.services.mail.setSettings({ host: '', port: 25, user: '', pass: '', from: '' });
    t.clock.offsetMs += 91_000;
    const viaLog = await call('POST', '/api/apply-reset-password', undefined, { username: u.username });
    expect(viaLog.json().data.sent).toBe(false);
    expect(JSON.stringify(logged)).toContain('reset-password?username=');
    t.services.mail.logger = logger;
    if (saved) await t.services.mail.setSettings(saved);
  });

  it('changes profile fields with their length rules', async () => {
    const u = await account();
    const ok = await call('POST', '/api/change-userInfo', u.token, {
      nickname: 'Ally',
      school: 'No. 1 Middle',
      gender: 'female',
    });
    expect(ok.json().data).toMatchObject({ nickname: 'Ally', school: 'No. 1 Middle', gender: 'female', uid: u.uid });
    expect((await call('POST', '/api/change-userInfo', u.token, { nickname: 'x'.repeat(21) })).statusCode).toBe(400);
    expect((await call('POST', '/api/change-userInfo', u.token, { gender: 'robot' })).statusCode).toBe(400);
    expect((await call('POST', '/api/change-userInfo', undefined, { nickname: 'x' })).statusCode).toBe(401);
  });

  it('takes only http(s) addresses as GitHub and blog links; a refused change changes nothing', async () => {
    const u = await account();
    const ok = await call('POST', '/api/change-userInfo', u.token, {
      nickname: 'Linked',
      github: 'https://github.com/linked',
      blog: 'HTTP://linked.example/blog?p=1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      github: 'https://github.com/linked',
      blog: 'HTTP://linked.example/blog?p=1',
    });

    const refused: Array<['github' | 'blog', string]> = [
      ['github', 'javascript:alert(1)'],
      ['blog', 'JavaScript:alert(document.cookie)'],
      ['blog', ' javascript://%0aalert(1)'],
      ['github', 'data:text/html,<script>alert(1)</script>'],
      ['blog', 'vbscript:msgbox(1)'],
      ['github', 'github.com/linked'],
      ['blog', 'http:linked.example'],
      ['blog', '//linked.example'],
      ['github', 'https://'],
      ['blog', `https://linked.example/${'x'.repeat(300)}`],
    ];
    for (const [field, value] of refused) {
      const res = await call('POST', '/api/change-userInfo', u.token, { nickname: 'Changed', [field]: value });
      expect(res.statusCode, `${field} = ${value}`).toBe(400);
      expect(res.json().data.field).toBe(field);
      if (value.length <= 255) expect(res.json().data.key).toBe(`${field}UrlInvalid`);
    }
    // The message names the field and the rule, in the caller's language.
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/change-userInfo',
        payload: { blog: 'javascript:alert(1)' },
        headers: { authorization: u.token, 'accept-language': locale },
      });
      expect(res.json()).toMatchObject({ status: 400, msg: message('blogUrlInvalid', locale) });
    }
    const home = (await call('GET', `/api/get-user-home-info?username=${u.username}`)).json().data;
    expect(home).toMatchObject({
      nickname: 'Linked',
      github: 'https://github.com/linked',
      blog: 'HTTP://linked.example/blog?p=1',
    });

    // Empty clears a link.
    const cleared = await call('POST', '/api/change-userInfo', u.token, { blog: '', github: '  ' });
    expect(cleared.json().data).toMatchObject({ blog: null, github: null, nickname: 'Linked' });
  });

  it('uploads an avatar checked by magic bytes and size, served with nosniff', async () => {
    const u = await account();
    const up = (file: Buffer, name = 'a.png') =>
      t.app.inject({
        method: 'POST',
        url: '/api/file/upload-avatar',
        ...multipart('image', name, file),
        headers: { ...multipart('image', name, file).headers, authorization: u.token },
      });
    const res = await up(PNG);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: avatar });
    expect([img.statusCode, img.headers['content-type'], img.headers['x-content-type-options']]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    const html = await up(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expect([html.statusCode, html.json().data.key]).toEqual([400, 'avatarType']);
    const big = await up(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect([big.statusCode, big.json().data.key]).toEqual([400, 'avatarTooLarge']);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      ...multipart('image', 'a.png', PNG),
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/img/../../etc/passwd' })).statusCode).toBe(404);
    const home = (await call('GET', `/api/get-user-home-info?uid=${u.uid}`)).json().data;
    expect(home.avatar).toBe(avatar);
  });
});
