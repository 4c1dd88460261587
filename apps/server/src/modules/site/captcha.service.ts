import crypto from 'node:crypto';
import { LIMITS } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../http/app-error.js';
import { renderCaptcha } from '../../lib/captcha-image.js';
import { challengeKey, challengeUsername } from '../../lib/challenge-key.js';
import { sha256 } from '../../lib/password.js';
import { createCaptchaRepository } from './captcha.repository.js';

/** An arithmetic captcha (as HOJ's): the image shows "a+b=?" or "a-b=?"; the answer is kept hashed in the
 * database for 30 minutes and can be used once. One asked for a username (a login's verification, decision 0014)
 * carries it in its key (`lib/challenge-key.ts`); the registration forms ask for none and ignore it. */
export const createCaptchaService = (
  db: Db,
  now: () => Date = () => new Date(),
  randomInt: (min: number, max: number) => number = crypto.randomInt,
) => {
  const repo = createCaptchaRepository(db);
  return {
    /** `username`: lower-cased, '' for nobody. */
    async create(username = '') {
      const a = randomInt(1, 50);
      const b = randomInt(1, 50);
      const plus = randomInt(0, 2) === 0;
      const [x, y] = plus ? [a, b] : [Math.max(a, b), Math.min(a, b)];
      const answer = String(plus ? x + y : x - y);
      const captchaKey = challengeKey(username);
      const at = now();
      await repo.save(
        {
          key: captchaKey,
          answerHash: sha256(`${captchaKey}:${answer}`),
          expiresAt: new Date(at.getTime() + LIMITS.captchaTtlMs),
        },
        at,
      );
      return { img: renderCaptcha(`${x}${plus ? '+' : '-'}${y}=?`), captchaKey };
    },

    /** Throws 400 unless the code answers the captcha; a captcha is consumed by the first attempt. Answers the
     * username the captcha was asked for ('' for nobody). */
    async verify(captchaKey: string | undefined, code: string | undefined): Promise<string> {
      if (!captchaKey || !code) throw badRequest('captchaWrong', 'captcha');
      const row = await repo.take(captchaKey);
      const ok = row && row.expiresAt > now() && row.answerHash === sha256(`${captchaKey}:${code.trim()}`);
      if (!ok) throw badRequest('captchaWrong', 'captcha');
      return challengeUsername(row.key);
    },
  };
};
export type CaptchaService = ReturnType<typeof createCaptchaService>;
