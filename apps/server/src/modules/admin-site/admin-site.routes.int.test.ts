import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { type MailInbox, openMailInbox } from '../../../test/mail-inbox.js';
import { multipartBody } from '../../../test/zip-fixtures.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(DB_KINDS)('site administration (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  let inbox: MailInbox;
  const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = root) =>
    t.app.inject({ method, url, payload, headers: { authorization: token } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
    inbox = await openMailInbox();
  });
  afterAll(async () => {
    await inbox?.close();
    await t?.close();
  });

  it("answers HOJ's database and Redis settings as this server runs, without passwords, and refuses to change them", async () => {
    const got = await req('GET', '/api/admin/config/get-db-and-redis-config');
    expect(got.statusCode).toBe(200);
    const config = got.json().data;
    expect(config).toMatchObject({ dbPassword: '', redisHost: '', redisPort: null, redisPassword: '' });
    if (kind === 'postgres') {
      // The throwaway database of this file, on the server of TEST_DATABASE_URL.
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      expect(config).toMatchObject({ dbKind: 'postgres', dbHost: url.hostname, dbPort: Number(url.port || 5432) });
      expect(config.dbName).toMatch(/^oj_test_/);
      expect(config.dbUsername).toBe(url.username);
    } else {
      expect(config).toMatchObject({ dbKind: 'pglite', dbHost: '', dbPort: null });
      expect(config.dbName).toBe(`${t.services.dataDir}/pgdata`);
    }
    const change = {
      dbName: 'hoj',
      dbHost: '10.0.0.9',
      dbPort: 3306,
      dbUsername: 'root',
      dbPassword: 'hoj123456',
      redisHost: '10.0.0.9',
      redisPort: 6379,
      redisPassword: 'hoj123456',
    };
    const refused = await req('PUT', '/api/admin/config/set-db-and-redis-config', change);
    expect([refused.statusCode, refused.json().data.key]).toEqual([400, 'databaseFromEnvironment']);
    expect((await req('GET', '/api/admin/config/get-db-and-redis-config')).json().data).toEqual(config);
    // Root's only: an admin and a visitor are refused both.
    const admin = await createUser(t, 'admin');
    const adminToken = (await login(t, admin.username, admin.password)).token as string;
    expect((await req('GET', '/api/admin/config/get-db-and-redis-config', undefined, adminToken)).statusCode).toBe(403);
    expect((await req('PUT', '/api/admin/config/set-db-and-redis-config', change, adminToken)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/config/get-db-and-redis-config' });
    expect(visitor.statusCode).toBe(401);
  });

  it('edits the website configuration, which the public config shows, and audits it', async () => {
    const res = await req('PUT', '/api/admin/config/set-web-config', {
      shortName: 'XOJ',
      name: 'X Online Judge',
      register: true,
      recordName: '京ICP备0000号',
      footerBrand: 'X School',
      openContestComment: false,
    });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/get-website-config' })).json().data;
    expect(pub).toMatchObject({
      shortName: 'XOJ',
      name: 'X Online Judge',
      register: true,
      recordName: '京ICP备0000号',
      footerBrand: 'X School',
      openContestComment: false,
    });
    expect((await req('GET', '/api/admin/switch/info')).json().data.openContestComment).toBe(false);
    for (const payload of [{ shortName: '' }, { projectUrl: 'javascript:alert(1)' }, { email: 'nope' }]) {
      expect((await req('PUT', '/api/admin/config/set-web-config', payload)).statusCode, JSON.stringify(payload)).toBe(
        400,
      );
    }
    const log = (await req('GET', '/api/admin/audit-log?action=webConfig')).json().data;
    expect(log.total).toBe(1);
    expect(log.records[0].detail.shortName).toEqual({ from: 'OJ', to: 'XOJ' });
  });

  it('updates switches that the judge gates obey', async () => {
    expect(
      (await req('PUT', '/api/admin/switch/update', { openPublicJudge: false, defaultSubmitInterval: 3 })).statusCode,
    ).toBe(200);
    expect((await req('GET', '/api/admin/switch/info')).json().data).toMatchObject({
      openPublicJudge: false,
      defaultSubmitInterval: 3,
      openPublicDiscussion: true,
    });
    expect((await t.services.site.switches()).openPublicJudge).toBe(false);
    expect((await req('PUT', '/api/admin/switch/update', { defaultSubmitInterval: -1 })).statusCode).toBe(400);
    await req('PUT', '/api/admin/switch/update', { openPublicJudge: true });
    expect((await req('GET', '/api/admin/audit-log?action=switchConfig')).json().data.total).toBe(2);
  });

  it('keeps the SMTP password secret and sends a test mail through the loopback server', async () => {
    const before = await req('POST', '/api/admin/config/test-email', { email: 'x@example.test' });
    expect(before.json().data.key).toBe('smtpNotConfigured');
    const { port } = inbox.settings;
    const set = await req('PUT', '/api/admin/config/set-email-config', {
      emailHost: '127.0.0.1',
      emailPort: port,
      emailUsername: '',
      emailPassword: 's3cret-smtp',
      emailSsl: false,
      emailFrom: 'oj@example.test',
    });
    expect(set.statusCode).toBe(200);
    const got = await req('GET', '/api/admin/config/get-email-config');
    expect(got.json().data).toMatchObject({
      emailHost: '127.0.0.1',
      emailPort: port,
      emailPassword: '',
      hasPassword: true,
    });
    expect(got.body).not.toContain('s3cret-smtp');
    // Saving again without a password keeps the stored one.
    await req('PUT', '/api/admin/config/set-email-config', {
      emailHost: '127.0.0.1',
      emailPort: port,
      emailSsl: false,
    });
    expect((await t.services.mail.settings())?.pass).toBe('s3cret-smtp');
    const sent = await req('POST', '/api/admin/config/test-email', { email: 'teacher@example.test' });
    expect(sent.statusCode).toBe(200);
    expect(inbox.last()).toContain('teacher@example.test');
    expect((await req('POST', '/api/admin/config/test-email', { email: 'nope' })).statusCode).toBe(400);
    expect(JSON.stringify((await req('GET', '/api/admin/audit-log?action=emailConfig')).json())).not.toContain(
      's3cret',
    );
  });

  it('uploads carousel images by their bytes and refuses SVG, HTML and oversized files', async () => {
    const up = async (name: string, bytes: Buffer) => {
      const m = multipartBody('file', name, bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/file/upload-carouse-img',
        payload: m.payload,
        headers: { ...m.headers, authorization: root },
      });
    };
    const ok = await up('slide.png', PNG);
    expect(ok.statusCode).toBe(200);
    const { id, url } = ok.json().data;
    expect(url).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: '/api/home-carousel' })).json().data).toContainEqual({ id, url });

    const svg = await up(
      'x.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.json().data.key).toBe('imageTypeNotSupported');
    expect((await up('x.png', Buffer.from('<!doctype html><script>alert(1)</script>'))).statusCode).toBe(400);
    const big = await up('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.json().data.key).toBe('fileTooLarge');

    expect((await req('DELETE', `/api/admin/config/home-carousel?id=${id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/home-carousel' })).json().data).not.toContainEqual({
      id,
      url,
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/admin/config/home-carousel?id=${id}`)).statusCode).toBe(404);
  });

  it('manages announcements: hidden ones stay off the home page', async () => {
    expect((await req('POST', '/api/admin/announcement', { title: 'Hello', content: 'World' })).statusCode).toBe(200);
    expect((await req('POST', '/api/admin/announcement', { title: '', content: 'x' })).json().data.key).toBe(
      'fieldRequired',
    );
    const list = (await req('GET', '/api/admin/announcement')).json().data;
    const a = list.records.find((r: { title: string }) => r.title === 'Hello');
    expect(a).toMatchObject({ username: 'root', status: 0 });
    const home = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/get-common-announcement' })).json().data.records as {
        id: number;
      }[];
    expect((await home()).map((r) => r.id)).toContain(a.id);
    expect(
      (await req('PUT', '/api/admin/announcement', { id: a.id, title: 'Hello', content: 'W', status: 1 })).statusCode,
    ).toBe(200);
    expect((await home()).map((r) => r.id)).not.toContain(a.id);
    expect((await req('GET', '/api/admin/announcement')).json().data.records[0]).toMatchObject({ id: a.id, status: 1 });
    expect((await req('DELETE', `/api/admin/announcement?aid=${a.id}`)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/admin/announcement?aid=${a.id}`)).statusCode).toBe(404);
  });

  it('stores notices to all, to chosen users and to admins', async () => {
    const u1 = await createUser(t);
    const u2 = await createUser(t);
    expect((await req('POST', '/api/admin/msg/notice', { title: 'All', content: 'c', type: 'All' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await req('POST', '/api/admin/msg/notice', {
          title: 'Some',
          content: 'c',
          type: 'Single',
          recipients: [u1.username, u2.username],
        })
      ).statusCode,
    ).toBe(200);
    expect((await req('POST', '/api/admin/msg/notice', { title: 'Adm', content: 'c', type: 'Admin' })).statusCode).toBe(
      200,
    );
    const none = await req('POST', '/api/admin/msg/notice', {
      title: 'S',
      content: 'c',
      type: 'Single',
      recipients: [],
    });
    expect(none.json().data.key).toBe('noticeRecipientRequired');
    const ghost = await req('POST', '/api/admin/msg/notice', {
      title: 'S',
      content: 'c',
      type: 'Single',
      recipients: ['no-such-user'],
    });
    expect(ghost.json().data.key).toBe('noticeRecipientUnknown');
    expect(
      (await req('POST', '/api/admin/msg/notice', { title: 'S', content: 'c', type: 'Everyone' })).statusCode,
    ).toBe(400);

    const list = (await req('GET', '/api/admin/msg/notice')).json().data;
    expect(list.total).toBe(3);
    const some = list.records.find((n: { title: string }) => n.title === 'Some');
    expect(some).toMatchObject({ type: 'Single', adminUsername: 'root', state: true });
    expect([...some.recipients].sort()).toEqual([u1.username, u2.username].sort());
    expect((await req('GET', '/api/admin/msg/notice?type=Admin')).json().data.total).toBe(1);
    expect(
      (
        await req('PUT', '/api/admin/msg/notice', {
          id: some.id,
          title: 'Some2',
          content: 'c',
          type: 'Single',
          recipients: [u1.username],
        })
      ).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/admin/msg/notice?id=${some.id}`)).statusCode).toBe(200);
    expect((await req('GET', '/api/admin/msg/notice')).json().data.total).toBe(2);
  });

  it('edits tags and the seeded classifications per OJ, refusing duplicates', async () => {
    const pa = await createUser(t, 'problem_admin');
    const token = (await login(t, pa.username, pa.password)).token as string;
    const classes = (await req('GET', '/api/admin/tag/classification?oj=ME', undefined, token)).json().data;
    expect(classes.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['语言', '算法', '数据结构', '来源']),
    );
    const algo = classes.find((c: { name: string }) => c.name === '算法');
    expect(
      (await req('PUT', '/api/admin/tag/classification', { id: algo.id, name: 'Algorithms', rank: 1 }, token))
        .statusCode,
    ).toBe(200);
    const added = await req('POST', '/api/admin/tag', { name: 'Flow', color: '#123456', tcid: algo.id }, token);
    expect(added.statusCode).toBe(200);
    const tag = added.json().data;
    expect(tag).toMatchObject({ name: 'Flow', color: '#123456', oj: 'ME', tcid: algo.id });
    expect((await req('POST', '/api/admin/tag', { name: 'Flow' }, token)).json().data.key).toBe('tagTaken');
    expect((await req('POST', '/api/admin/tag', { name: 'X', color: 'red' }, token)).statusCode).toBe(400);
    expect((await req('POST', '/api/admin/tag', { name: 'Y', tcid: 999999 }, token)).json().data.key).toBe(
      'classificationUnknown',
    );
    const panel = (await t.app.inject({ method: 'GET', url: '/api/get-problem-tags-and-classification?oj=ME' })).json()
      .data as {
      classification: { name: string } | null;
      tagList: { name: string }[];
    }[];
    const group = panel.find((g) => g.classification?.name === 'Algorithms');
    expect(group?.tagList.map((x) => x.name)).toContain('Flow');
    expect(
      (await req('PUT', '/api/admin/tag', { id: tag.id, name: 'Max flow', tcid: algo.id }, token)).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/admin/tag?tid=${tag.id}`, undefined, token)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/admin/tag?tid=${tag.id}`, undefined, token)).statusCode).toBe(404);
    const cf = await req('POST', '/api/admin/tag/classification', { name: 'Codeforces', oj: 'CF' }, token);
    expect(cf.json().data.oj).toBe('CF');
    expect((await req('GET', '/api/admin/tag/classification?oj=CF', undefined, token)).json().data).toHaveLength(1);
    expect(
      (await req('DELETE', `/api/admin/tag/classification?tcid=${cf.json().data.id}`, undefined, token)).statusCode,
    ).toBe(200);
  });

  it('round-trips HOJ\'s config page: strings but register, empty fields saved as "None" read as empty', async () => {
    const got = (await req('GET', '/api/admin/config/get-web-config')).json().data;
    // HOJ's SystemConfig.vue trims every value but `register` before saving: they must all be strings.
    for (const [k, v] of Object.entries(got)) expect(typeof v, k).toBe(k === 'register' ? 'boolean' : 'string');
    expect(got.externalImages).toMatch(/^(proxy|block)$/);
    // What the page sends back: every empty field as "None".
    const sent = Object.fromEntries(
      Object.entries({ ...got, baseUrl: '', recordUrl: '', projectName: ' ' }).map(([k, v]) =>
        k === 'register' || (typeof v === 'string' && v.trim()) ? [k, v] : [k, 'None'],
      ),
    );
    const res = await req('PUT', '/api/admin/config/set-web-config', sent);
    expect(res.statusCode, res.body).toBe(200);
    const after = (await req('GET', '/api/admin/config/get-web-config')).json().data;
    expect(after).toMatchObject({ baseUrl: '', recordUrl: '', projectName: '', name: got.name });

    // The SMTP form of the same page: "None" is empty, an empty password keeps the stored one.
    expect(
      (
        await req('PUT', '/api/admin/config/set-email-config', {
          emailHost: '127.0.0.1',
          emailPort: '2525',
          emailUsername: 'None',
          emailPassword: 'secret',
          emailBGImg: 'None',
          emailSsl: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await req('PUT', '/api/admin/config/set-email-config', {
          emailHost: '127.0.0.1',
          emailPort: 2525,
          emailUsername: 'None',
          emailPassword: 'None',
          emailBGImg: 'None',
          emailSsl: false,
        })
      ).statusCode,
    ).toBe(200);
    const email = (await req('GET', '/api/admin/config/get-email-config')).json().data;
    expect(email).toMatchObject({ emailUsername: '', emailBGImg: '', emailPort: 2525, hasPassword: true });
  });
});
