import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt's cost as log2 N. 15 is OWASP's baseline (N=2^15, r=8, p=1): ~50 ms per hash here, slow enough for offline
 * attacks. OJ_PASSWORD_COST (config.ts) may raise it; the test suite lowers it to the minimum, where a hash takes
 * ~1 ms, since its thousands of accounts and logins test everything but the hash's strength. */
export const PASSWORD_COST = { default: 15, min: 10, max: 17 } as const;
// scrypt needs 128 * N * r bytes: 128 MiB at the highest cost.
const PARAMS = { r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEY_LENGTH = 32;
let cost: number = PASSWORD_COST.default;

/** Whether a cost is one scrypt may be set to here (a whole number from PASSWORD_COST.min to .max). */
export const isPasswordCost = (log2N: number) =>
  Number.isInteger(log2N) && log2N >= PASSWORD_COST.min && log2N <= PASSWORD_COST.max;

/** Sets the cost of the hashes made from now on (the server's start, from its configuration; the tests' set-up). A
 * stored hash keeps the cost it was made with: it is verified with its own parameters. */
export const setPasswordCost = (log2N: number) => {
  if (!isPasswordCost(log2N)) {
    throw new RangeError(`password cost must be a whole number from ${PASSWORD_COST.min} to ${PASSWORD_COST.max}`);
  }
  cost = log2N;
};

/** `scrypt$N$r$p$<salt>$<hash>` with a random per-user salt, parameters stored so they can be raised later. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = crypto.randomBytes(16);
  const N = 2 ** cost;
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, N });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
};

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A generated password (root, batch accounts): 6-20 characters are allowed; we use 12. */
export const generatePassword = (length = 12) => {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
};

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
