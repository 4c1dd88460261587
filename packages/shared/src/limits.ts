/** Business constants (lengths, counts, intervals), shared by server and web. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  codeMax: 65535,
  testInputMax: 1000,
  /** Failed logins of one (username, IP) in a window after which a login needs a verification proof
   * (decision 0014; a success resets the count); the browser counts its own failures too. */
  loginFailuresBeforePuzzle: 5,
  loginFailureWindowMs: 30 * 60 * 1000,
  /** Failed or refused logins without a proof from one IP in that window, after which every login from it needs
   * the proof (429 without one). */
  loginUnverifiedFailuresPerIp: 100,
  sessionTtlMs: 24 * 3600 * 1000,
  sessionRefreshAfterMs: 12 * 3600 * 1000,
  sessionGraceMs: 60 * 1000,
  captchaTtlMs: 30 * 60 * 1000,
  httpTimeoutMs: 90_000,
  downloadTimeoutMs: 300_000,
} as const;

/** Per-user upload limits (decision 0012); root is exempt. Kept in the database, so every server instance sees the
 * same numbers. `maxUploads` and `maxBytes` are what a user may store per rolling hour (avatars, statement images and
 * files, carousel images, test-data archives; an archive counts by what it expands to). `maxReceivedBytes` is what
 * the server may read from one user's upload bodies in an hour, refused ones included (four 256 MB archives), and
 * `maxInFlight` how many of one user's uploads may be arriving at once; both are decided before a body is read.
 * A slot in flight is given back when its call ends; one a crashed server never gave back lapses after
 * `inFlightWindowMs`. */
export const UPLOAD_QUOTA = {
  windowMs: 3600 * 1000,
  maxUploads: 30,
  maxBytes: 2048 * 1024 * 1024,
  maxReceivedBytes: 1024 * 1024 * 1024,
  maxInFlight: 2,
  inFlightWindowMs: 10 * 60 * 1000,
} as const;

/** Wrong passwords one user may try per contest (and, next, per training) in a window that opens with the first
 * wrong try; then 429 until the window has passed, the right password included. Kept in the database. */
export const PASSWORD_ATTEMPTS = {
  maxWrong: 10,
  windowMs: 10 * 60 * 1000,
} as const;

/** Archive entries read into memory (problem.json, statements, FPS XML, checkers) are capped one by one; test
 * files are streamed to disk instead. */
export const ZIP_TEXT_ENTRY_MAX_BYTES = 64 * 1024 * 1024;

export const SLIDE_PUZZLE = { width: 325, height: 100, pieceSize: 42, radius: 10, accuracy: 3 } as const;
