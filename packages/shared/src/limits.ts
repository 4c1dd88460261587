/** Business constants of spec 1-core §9 and DESIGN §7, shared by server and web. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  codeMax: 65535,
  testInputMax: 1000,
  loginFailuresBeforePuzzle: 5,
  /** Server lockout per (username, IP). */
  lockoutFailures: 20,
  lockoutWindowMs: 30 * 60 * 1000,
  sessionTtlMs: 24 * 3600 * 1000,
  sessionRefreshAfterMs: 12 * 3600 * 1000,
  sessionGraceMs: 60 * 1000,
  captchaTtlMs: 30 * 60 * 1000,
  httpTimeoutMs: 90_000,
  downloadTimeoutMs: 300_000,
} as const;

export const SLIDE_PUZZLE = { width: 325, height: 100, pieceSize: 42, radius: 10, accuracy: 3 } as const;
