import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../../test/harness.js';
import { announcements, groups, homeCarousel } from '../../db/schema.js';

describe.each(DB_KINDS)('site configuration and home on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('serves the seeded website configuration with the switches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-website-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      shortName: 'OJ',
      register: false,
      preliminaryUrl: '',
      openPublicDiscussion: true,
    });
    await t.services.site.updateWebsiteConfig({ shortName: 'MyOJ' });
    await t.services.site.updateSwitches({ openContestComment: false });
    const after = (await t.app.inject({ method: 'GET', url: '/api/get-website-config' })).json().data;
    expect(after.shortName).toBe('MyOJ');
    expect(after.openContestComment).toBe(false);
  });

  it('keeps an edited configuration when the seed runs again at the next start', async () => {
    await t.services.site.updateWebsiteConfig({ name: 'Edited' });
    await t.services.site.seed();
    expect((await t.services.site.websiteConfig()).name).toBe('Edited');
  });

  it('lists the home carousel', async () => {
    const root = await t.services.users.findByUsername('root');
    await t.services.db.insert(homeCarousel).values({ url: '/api/public/img/a.png', uid: root?.uid });
    const res = await t.app.inject({ method: 'GET', url: '/api/home-carousel' });
    expect(res.json().data).toEqual([{ id: expect.any(Number), url: '/api/public/img/a.png' }]);
  });

  it('pages visible site announcements, newest first', async () => {
    const root = await t.services.users.findByUsername('root');
    const base = Date.UTC(2026, 0, 1);
    const [group] = await t.services.db
      .insert(groups)
      .values({ name: 'Class 8B', shortName: 'class8b', brief: 'brief', description: 'about', uid: root!.uid })
      .returning({ id: groups.id });
    await t.services.db.insert(announcements).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        title: `A${i}`,
        content: `content ${i}`,
        uid: root!.uid,
        gmtCreate: new Date(base + i * 1000),
      })),
      { title: 'hidden', content: 'x', uid: root!.uid, status: 1 },
      { title: 'group only', content: 'x', uid: root!.uid, gid: group.id },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/get-common-announcement?currentPage=2&limit=5&type=' });
    const data = res.json().data;
    expect(data).toMatchObject({ total: 12, size: 5, current: 2 });
    expect(data.records.map((r: { title: string }) => r.title)).toEqual(['A6', 'A5', 'A4', 'A3', 'A2']);
    expect(data.records[0]).toMatchObject({ username: 'root', status: 0 });
    expect(data.records[0].gmtCreate).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('refuses bad paging input with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=1000', 'limit'],
      ['currentPage=0', 'currentPage'],
      ['currentPage=abc', 'currentPage'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/get-common-announcement?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it('serves an arithmetic captcha image with a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    const data = res.json().data;
    expect(data.img).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(data.img.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(data.captchaKey).toMatch(/^[0-9a-f-]{36}$/);
    await expect(t.services.captcha.verify(data.captchaKey, '-1')).rejects.toMatchObject({
      status: 400,
      key: 'captchaWrong',
    });
  });
});
