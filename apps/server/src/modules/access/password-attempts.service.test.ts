import { PASSWORD_ATTEMPTS } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { createPasswordAttemptsService, samePassword } from './password-attempts.service.js';
import type { RateLimit, RateLimitRepository, Taken } from './rate-limit.repository.js';

/** The repository's answers, scripted; records what the service asked. */
const fakeLimits = (answer: Taken) => {
  const calls = { take: [] as RateLimit[], giveBack: [] as [string, string][] };
  const limits = {
    take: async (l: RateLimit) => {
      calls.take.push(l);
      return answer;
    },
    giveBack: async (uid: string, scope: string) => {
      calls.giveBack.push([uid, scope]);
    },
    restart: async () => {},
    hits: async () => 0,
  } satisfies RateLimitRepository;
  return { limits, calls };
};

describe('samePassword', () => {
  it('compares whole passwords of any lengths without throwing', () => {
    expect(samePassword('secret', 'secret')).toBe(true);
    expect(samePassword('secret', 'secreT')).toBe(false);
    expect(samePassword('secret', 'secret ')).toBe(false);
    expect(samePassword('', 'a much longer password than the one given')).toBe(false);
    expect(samePassword('密码', '密码')).toBe(true);
  });
});

describe('password attempts', () => {
  const at = new Date('2030-01-01T00:00:00Z');
  const target = { kind: 'contest' as const, id: 1000 };

  it('takes a try per user and target before comparing; only a right password gives it back', async () => {
    const { limits, calls } = fakeLimits({ ok: true });
    const passwords = createPasswordAttemptsService({ limits, now: () => at });
    expect(await passwords.verify('u1', target, 'nope', 'secret')).toBe(false);
    expect(await passwords.verify('u1', target, 'secret', 'secret')).toBe(true);
    expect(await passwords.verify('u1', target, 'secret', null)).toBe(false);
    expect(calls.take).toEqual(
      Array(3).fill({
        uid: 'u1',
        scope: 'contestPassword:1000',
        at,
        windowMs: PASSWORD_ATTEMPTS.windowMs,
        maxHits: PASSWORD_ATTEMPTS.maxWrong,
      }),
    );
    expect(calls.giveBack).toEqual([['u1', 'contestPassword:1000']]);
  });

  it('refuses with 429 and the minutes left, without comparing, once the tries are used up', async () => {
    const { limits, calls } = fakeLimits({ ok: false, retryAfterMs: 61_000 });
    const passwords = createPasswordAttemptsService({ limits, now: () => at });
    const refused = await passwords.verify('u1', target, 'secret', 'secret').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, key: 'passwordTriesExceeded', vars: { minutes: '2' } });
    expect(calls.giveBack).toEqual([]);
  });
});
