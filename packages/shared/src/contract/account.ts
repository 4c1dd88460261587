import { z } from 'zod';
import { endpoint, qStr, wireInt } from '../api.js';
import { LIMITS, SLIDE_PUZZLE } from '../limits.js';

export const userInfo = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  email: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string().nullable(),
  school: z.string().nullable(),
  course: z.string().nullable(),
  signature: z.string().nullable(),
  realname: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  cfUsername: z.string().nullable(),
  roleList: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginBody = z.object({
  username: z
    .string({ error: 'Username_Check_Required' })
    .trim()
    .min(1, { error: 'Username_Check_Required' })
    .max(LIMITS.usernameMax, { error: 'Username_Check_Max' }),
  password: z
    .string({ error: 'Password_Check_Required' })
    .min(1, { error: 'Password_Check_Required' })
    .min(LIMITS.passwordMin, { error: 'Password_Check_Between' })
    .max(LIMITS.passwordMax, { error: 'Password_Check_Between' }),
  /** The single-use proof of a solved slide puzzle or image captcha (`checkSlidePuzzle`, `checkCaptcha`): needed
   * after 5 failed logins of the (username, IP) pair, answered 400 `loginVerificationRequired` (or 429
   * `loginTooFrequent` from an IP with too many) without it (decision 0014). A proof from a challenge asked for a
   * username (`challengeInput`) logs in that username only (400 `loginVerificationInvalid` for another). Not in HOJ:
   * its client never sends it. Empty means absent. */
  verificationToken: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(100).optional()),
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  exam: 'open',
  input: loginBody,
  output: userInfo,
});
export const adminLogin = endpoint({
  method: 'POST',
  path: '/api/admin/login',
  access: 'public',
  exam: 'open',
  input: loginBody,
  output: userInfo,
});
export const logout = endpoint({
  method: 'GET',
  path: '/api/logout',
  access: 'user',
  exam: 'open',
  input: z.object({}),
  output: z.null(),
});
export const adminLogout = endpoint({
  method: 'GET',
  path: '/api/admin/logout',
  access: 'user',
  exam: 'open',
  input: z.object({}),
  output: z.null(),
});
export const getUserAuthInfo = endpoint({
  method: 'GET',
  path: '/api/get-user-auth-info',
  access: 'user',
  exam: 'open',
  input: z.object({}),
  output: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) }),
});
/** Who a login verification is for (decision 0014): the username the login will try, if the client knows it. A
 * challenge asked for a username is counted in that username's allowance from the caller's address, and the proof
 * it yields logs in that username only; without one (HOJ's client, the registration form) the challenge is counted
 * in the address's shared allowance and its proof logs in anyone. Not in HOJ. */
export const challengeInput = z.object({
  username: qStr().pipe(z.string().trim().max(LIMITS.usernameMax, { error: 'Username_Check_Max' }).optional()),
});

export const captcha = endpoint({
  method: 'GET',
  path: '/api/captcha',
  access: 'public',
  exam: 'open',
  input: challengeInput,
  output: z.object({ img: z.string(), captchaKey: z.string() }),
});

/** What a solved login verification yields: the proof the next login sends as `verificationToken`. */
export const loginProof = z.object({ verificationToken: z.string() });

/** A slide puzzle drawn by the server (after 5 failed logins; decision 0014), which keeps where the piece fits. */
export const slidePuzzle = z.object({
  puzzleKey: z.string(),
  /** The picture with the hole, a PNG data URL, SLIDE_PUZZLE.width x height. */
  backgroundImage: z.string(),
  /** The piece, a square PNG data URL (transparent around the piece), slid from the picture's left edge. */
  pieceImage: z.string(),
  /** The top of the piece image on the picture; where it goes across is the puzzle. */
  pieceY: z.number().int(),
});
export type SlidePuzzle = z.infer<typeof slidePuzzle>;

export const getSlidePuzzle = endpoint({
  method: 'GET',
  path: '/api/get-slide-puzzle',
  access: 'public',
  exam: 'open',
  input: challengeInput,
  output: slidePuzzle,
});

/** `left`: where the piece image's left edge was dropped on the picture, in pixels. A puzzle is checked once. */
export const checkSlidePuzzle = endpoint({
  method: 'POST',
  path: '/api/check-slide-puzzle',
  access: 'public',
  exam: 'open',
  input: z.object({
    puzzleKey: z.string().min(1, { error: 'fieldRequired' }).max(64),
    left: wireInt(z.number().int(), { min: 0, max: SLIDE_PUZZLE.width }),
  }),
  output: loginProof,
});

/** The image captcha (GET /api/captcha) as the alternative login verification. */
export const checkCaptcha = endpoint({
  method: 'POST',
  path: '/api/check-captcha',
  access: 'public',
  exam: 'open',
  input: z.object({
    captchaKey: z.string().min(1, { error: 'fieldRequired' }).max(64),
    captcha: z.string().min(1, { error: 'fieldRequired' }).max(16),
  }),
  output: loginProof,
});
