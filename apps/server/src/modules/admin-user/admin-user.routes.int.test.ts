import type { RoleName } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DB_KINDS, login, ROOT_PASSWORD, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/zip-fixtures.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; upload?: boolean };

/** Every endpoint of the site administration with who may call it: tags root and problem_admin, the rest root. */
const ENDPOINTS: { call: Call; allowed: RoleName[] }[] = [
  ...(
    [
      { method: 'GET', url: '/api/admin/user/get-user-list' },
      { method: 'PUT', url: '/api/admin/user/edit-user', payload: { uid: 'nobody' } },
      { method: 'DELETE', url: '/api/admin/user/delete-user', payload: { ids: ['nobody'] } },
      { method: 'POST', url: '/api/admin/user/sign-out', payload: { uid: 'nobody' } },
      { method: 'POST', url: '/api/admin/user/insert-batch-user', payload: { users: [['x', '1']] } },
      { method: 'POST', url: '/api/admin/user/generate-user', payload: { number_from: 1, number_to: 0 } },
      { method: 'GET', url: '/api/file/generate-user-excel?key=nope' },
      { method: 'GET', url: '/api/admin/announcement' },
      { method: 'POST', url: '/api/admin/announcement', payload: {} },
      { method: 'PUT', url: '/api/admin/announcement', payload: {} },
      { method: 'DELETE', url: '/api/admin/announcement?aid=999999' },
      { method: 'GET', url: '/api/admin/msg/notice' },
      { method: 'POST', url: '/api/admin/msg/notice', payload: {} },
      { method: 'PUT', url: '/api/admin/msg/notice', payload: {} },
      { method: 'DELETE', url: '/api/admin/msg/notice?id=999999' },
      { method: 'GET', url: '/api/admin/config/get-web-config' },
      { method: 'PUT', url: '/api/admin/config/set-web-config', payload: { name: '' } },
      { method: 'GET', url: '/api/admin/config/get-email-config' },
      { method: 'PUT', url: '/api/admin/config/set-email-config', payload: {} },
      { method: 'POST', url: '/api/admin/config/test-email', payload: { email: 'bad' } },
      { method: 'GET', url: '/api/admin/switch/info' },
      { method: 'PUT', url: '/api/admin/switch/update', payload: { defaultSubmitInterval: -1 } },
      { method: 'DELETE', url: '/api/admin/config/home-carousel?id=999999' },
      { method: 'POST', url: '/api/file/upload-carouse-img', upload: true },
      { method: 'GET', url: '/api/admin/audit-log' },
      { method: 'POST', url: '/api/file/import-fps-problem', upload: true },
      { method: 'POST', url: '/api/file/import-qdoj-problem', upload: true },
      { method: 'POST', url: '/api/file/import-hydro-problem', upload: true },
    ] as Call[]
  ).map((call) => ({ call, allowed: ['root'] as RoleName[] })),
  ...(
    [
      { method: 'POST', url: '/api/admin/tag', payload: {} },
      { method: 'PUT', url: '/api/admin/tag', payload: {} },
      { method: 'DELETE', url: '/api/admin/tag?tid=999999' },
      { method: 'GET', url: '/api/admin/tag/classification' },
      { method: 'POST', url: '/api/admin/tag/classification', payload: {} },
      { method: 'PUT', url: '/api/admin/tag/classification', payload: {} },
      { method: 'DELETE', url: '/api/admin/tag/classification?tcid=999999' },
    ] as Call[]
  ).map((call) => ({ call, allowed: ['root', 'problem_admin'] as RoleName[] })),
];

describe.each(DB_KINDS)('admin users (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  const bodies: string[] = [];
  const call = async (c: Call, token?: string) => {
    const headers: Record<string, string> = token ? { authorization: token } : {};
    const res = c.upload
      ? await (() => {
          const m = multipartBody('file', 'x.png', PNG);
          return t.app.inject({
            method: c.method,
            url: c.url,
            payload: m.payload,
            headers: { ...headers, ...m.headers },
          });
        })()
      : await t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers });
    bodies.push(res.body);
    return res;
  };
  const tokenOf = async (role: RoleName) => {
    const u = await createUser(t, role);
    return (await login(t, u.username, u.password)).token as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = (await login(t, 'root', ROOT_PASSWORD)).token as string;
  });
  afterAll(async () => {
    // Password hashes never leave the server, and generated passwords are never stored in plain text.
    for (const body of bodies) expect(body).not.toMatch(/passwordHash|scrypt\$/);
    await t?.close();
  });

  it('enforces the role matrix on every endpoint', async () => {
    const tokens = {
      user: await tokenOf('user'),
      admin: await tokenOf('admin'),
      problem_admin: await tokenOf('problem_admin'),
      root,
    } as const;
    for (const { call: c, allowed } of ENDPOINTS) {
      expect((await call(c)).statusCode, `${c.method} ${c.url} anonymous`).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        const res = await call(c, token);
        const label = `${c.method} ${c.url} as ${role}`;
        if (allowed.includes(role as RoleName)) expect([200, 400, 404], label).toContain(res.statusCode);
        else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().data.key, label).toBe('forbidden');
        }
      }
    }
  });

  it('lists and searches users with their roles, never the hash', async () => {
    const a = await createUser(t, 'admin');
    const res = await call({ method: 'GET', url: `/api/admin/user/get-user-list?keyword=${a.username}` }, root);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(1);
    expect(data.records[0]).toMatchObject({ username: a.username, roles: [{ id: 1001, role: 'admin' }] });
    const admins = (
      await call({ method: 'GET', url: '/api/admin/user/get-user-list?onlyAdmin=true&limit=100' }, root)
    ).json().data.records as { roles: { role: string }[] }[];
    expect(admins.length).toBeGreaterThan(0);
    for (const u of admins) expect(u.roles.some((r) => ['root', 'admin', 'problem_admin'].includes(r.role))).toBe(true);
  });

  it('edits role, status, title and password; a ban or password reset ends every session; all is audited', async () => {
    const u = await createUser(t);
    const userToken = (await login(t, u.username, u.password)).token as string;
    const edit = (payload: object) => call({ method: 'PUT', url: '/api/admin/user/edit-user', payload }, root);

    expect((await edit({ uid: u.uid, type: 1008, titleName: 'Star', titleColor: '#ff0000' })).statusCode).toBe(200);
    const auth = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-auth-info',
      headers: { authorization: userToken },
    });
    expect(auth.json().data.roles).toEqual(['problem_admin']);

    const bad = await edit({ uid: u.uid, setNewPwd: true, password: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.key).toBe('Password_Check_Between');
    expect((await edit({ uid: u.uid, titleColor: 'red' })).statusCode).toBe(400);
    expect((await edit({ uid: u.uid, type: 42 })).statusCode).toBe(400);

    expect((await edit({ uid: u.uid, setNewPwd: true, password: 'newpass99' })).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-auth-info',
      headers: { authorization: userToken },
    });
    expect(after.statusCode).toBe(401);
    expect((await login(t, u.username, u.password)).res.json().status).toBe(400);
    const second = (await login(t, u.username, 'newpass99')).token as string;
    expect(second).toBeTruthy();

    expect((await edit({ uid: u.uid, status: 1 })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: second } }))
        .statusCode,
    ).toBe(401);

    const log = (await call({ method: 'GET', url: `/api/admin/audit-log?targetId=${u.uid}` }, root)).json().data;
    const actions = (log.records as { action: string }[]).map((r) => r.action).sort();
    expect(actions).toEqual(['userEdit', 'userPassword', 'userRole', 'userStatus']);
    const role = (log.records as { action: string; detail: object }[]).find((r) => r.action === 'userRole');
    expect(role?.detail).toMatchObject({ from: 'user', to: 'problem_admin' });
    expect(JSON.stringify(log)).not.toContain('newpass99');
    const onlyRoles = (
      await call({ method: 'GET', url: `/api/admin/audit-log?action=userRole&targetId=${u.uid}` }, root)
    ).json().data;
    expect(onlyRoles.total).toBe(1);
  });

  it('refuses to demote or ban oneself and to take a taken username', async () => {
    const me = (await call({ method: 'GET', url: '/api/admin/user/get-user-list?keyword=root' }, root)).json().data
      .records[0];
    const res = await call(
      { method: 'PUT', url: '/api/admin/user/edit-user', payload: { uid: me.uid, type: 1003 } },
      root,
    );
    expect(res.json().data.key).toBe('cannotChangeSelf');
    const other = await createUser(t);
    const taken = await call(
      { method: 'PUT', url: '/api/admin/user/edit-user', payload: { uid: other.uid, username: 'root' } },
      root,
    );
    expect(taken.json().data.key).toBe('usernameTaken');
  });

  it('signs a user out everywhere and deletes users', async () => {
    const u = await createUser(t);
    const token = (await login(t, u.username, u.password)).token as string;
    expect(
      (await call({ method: 'POST', url: '/api/admin/user/sign-out', payload: { uid: u.uid } }, root)).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } }))
        .statusCode,
    ).toBe(401);
    const del = await call({ method: 'DELETE', url: '/api/admin/user/delete-user', payload: { ids: [u.uid] } }, root);
    expect(del.json().data).toEqual({ deleted: 1 });
    expect((await login(t, u.username, u.password)).res.json().status).toBe(400);
    // Our client sends the ids comma-joined in the query string.
    const [a, b] = [await createUser(t), await createUser(t)];
    const viaQuery = await call({ method: 'DELETE', url: `/api/admin/user/delete-user?ids=${a.uid},${b.uid}` }, root);
    expect(viaQuery.json().data).toEqual({ deleted: 2 });
  });

  it('imports rows, creating the good ones and reporting each bad one with the reason', async () => {
    const taken = await createUser(t);
    const res = await call(
      {
        method: 'POST',
        url: '/api/admin/user/insert-batch-user',
        payload: {
          users: [
            ['batch_a1', 'secret11', 'a1@example.test', 'Ann', 'female'],
            ['batch_a2', '123'],
            [taken.username, 'secret11'],
            ['batch_a1', 'secret11'],
            ['', 'secret11'],
            ['batch_a3', 'secret11', 'not-an-email'],
            ['batch_a4', 'secret44', '', '', '0', 'Nick', 'School'],
          ],
        },
      },
      root,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.created).toBe(2);
    expect(data.failed.map((f: { row: number }) => f.row)).toEqual([2, 3, 4, 5, 6]);
    expect(data.failed[0].reason).toMatch(/6/);
    expect((await login(t, 'batch_a1', 'secret11')).token).toBeTruthy();
    expect((await login(t, 'batch_a4', 'secret44')).token).toBeTruthy();
    const empty = await call(
      { method: 'POST', url: '/api/admin/user/insert-batch-user', payload: { users: [] } },
      root,
    );
    expect(empty.statusCode).toBe(400);
  });

  it('generates accounts whose list downloads exactly once', async () => {
    const res = await call(
      {
        method: 'POST',
        url: '/api/admin/user/generate-user',
        payload: { prefix: 'gen', suffix: 'x', number_from: 1, number_to: 5, password_length: 10 },
      },
      root,
    );
    expect(res.statusCode).toBe(200);
    const { key, created, skipped } = res.json().data;
    expect(created).toBe(5);
    expect(skipped).toEqual([]);
    const file = await call({ method: 'GET', url: `/api/file/generate-user-excel?key=${key}` }, root);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('username,password');
    expect(lines).toHaveLength(6);
    const [name, password] = lines[3].split(',');
    expect(name).toBe('gen3x');
    expect(password).toHaveLength(10);
    expect((await login(t, name, password)).token).toBeTruthy();
    const again = await call({ method: 'GET', url: `/api/file/generate-user-excel?key=${key}` }, root);
    expect(again.statusCode).toBe(400);
    expect(again.json().data.key).toBe('downloadExpired');

    const overlap = await call(
      {
        method: 'POST',
        url: '/api/admin/user/generate-user',
        payload: { prefix: 'gen', suffix: 'x', number_from: 5, number_to: 6 },
      },
      root,
    );
    expect(overlap.json().data).toMatchObject({ created: 1, skipped: ['gen5x'] });
    for (const payload of [
      { number_from: 5, number_to: 1 },
      { number_from: 1, number_to: 2, password_length: 5 },
      { number_from: 1, number_to: 2, password_length: 21 },
      { prefix: 'a,b', number_from: 1, number_to: 2 },
      { prefix: 'abcdefghijklmno', suffix: 'abcdefghij', number_from: 1, number_to: 2 },
      { number_from: 1, number_to: 100000 },
    ]) {
      const r = await call({ method: 'POST', url: '/api/admin/user/generate-user', payload }, root);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
