import crypto from 'node:crypto';

/**
 * Keys of the login verification's challenges (the image captcha and the slide puzzle, decision 0014), which carry
 * the username a challenge was asked for, so that its proof can log in that username only.
 *
 * A challenge for nobody has a UUID for its key, as always (HOJ's client and the registration form ask for those).
 * One for a username has 22 random base64url characters, a dot and the lower-cased username: the key is the row's
 * primary key and is only ever looked up whole, so a client that edits the username part finds no challenge, and the
 * username read back from a stored key is the one the server put there. Neither a UUID nor base64url has a dot, so
 * the first dot starts the username. At most 22 + 1 + 40 characters (a 20-character username may double in length
 * when lower-cased), within the 64 the contract takes back.
 */
export const challengeKey = (username: string) =>
  username === '' ? crypto.randomUUID() : `${crypto.randomBytes(16).toString('base64url')}.${username}`;

/** The username a stored challenge key was made for ('' for nobody). */
export const challengeUsername = (key: string) => {
  const dot = key.indexOf('.');
  return dot < 0 ? '' : key.slice(dot + 1);
};

/** How a username names its challenges and its logins' counters: trimmed and lower-cased, '' for none. */
export const challengeSubject = (username: string | undefined) => (username ?? '').trim().toLowerCase();
