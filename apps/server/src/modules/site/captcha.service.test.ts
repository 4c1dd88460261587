import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.js';
import type { Database } from '../../db/client.js';
import { createCaptchaService } from './captcha.service.js';

describe('captcha', () => {
  let database: Database;
  const clock = { ms: Date.now() };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  // randomInt answers 30, then 12, then 0 (plus): the image shows 30+12=? and the answer is 42.
  const fixed = () => {
    const values = [30, 12, 0];
    return () => values.shift() as number;
  };
  const service = () => createCaptchaService(database.db, () => new Date(clock.ms), fixed());

  it('accepts the right answer once', async () => {
    const s = service();
    const { captchaKey } = await s.create();
    // A captcha asked for nobody is for nobody.
    await expect(s.verify(captchaKey, ' 42 ')).resolves.toBe('');
    await expect(s.verify(captchaKey, '42')).rejects.toMatchObject({ status: 400, key: 'captchaWrong' });
  });

  it('tells which username a captcha was asked for, and a key whose username was edited is no captcha', async () => {
    const s = service();
    const { captchaKey } = await s.create('root');
    expect(captchaKey.endsWith('.root')).toBe(true);
    const edited = captchaKey.replace(/\.root$/, '.student');
    await expect(s.verify(edited, '42')).rejects.toMatchObject({ status: 400, key: 'captchaWrong' });
    await expect(s.verify(captchaKey, '42')).resolves.toBe('root');
  });

  it('refuses a wrong answer, a missing one and an expired captcha', async () => {
    const s = service();
    const a = await s.create();
    await expect(s.verify(a.captchaKey, '41')).rejects.toMatchObject({ status: 400 });
    await expect(s.verify(undefined, '42')).rejects.toMatchObject({ status: 400 });
    const s2 = service();
    const b = await s2.create();
    clock.ms += 31 * 60 * 1000;
    await expect(s2.verify(b.captchaKey, '42')).rejects.toMatchObject({ status: 400 });
  });
});
