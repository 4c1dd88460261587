import crypto from 'node:crypto';
import { badRequest } from '../../http/app-error.js';
import { challengeKey, challengeUsername } from '../../lib/challenge-key.js';
import { randomToken, sha256 } from '../../lib/password.js';
import type { CaptchaService } from '../site/captcha.service.js';
import type { LoginVerificationRepository } from './login-verification.repository.js';
import { isDropAccepted, randomPiecePosition, renderSlidePuzzle } from './slide-puzzle-image.js';

/** A puzzle must be answered within this time of being handed out. */
const PUZZLE_TTL_MS = 2 * 60 * 1000;
/** Faster than this after the puzzle was handed out is not a person looking at the picture and dragging: the
 * plausibility check of the drag (a script that answers at once gets no proof). */
export const PUZZLE_MIN_SOLVE_MS = 500;
/** A proof is for the login that follows the solved puzzle. */
const PROOF_TTL_MS = 5 * 60 * 1000;

/** Uniform in [0, 1) from the system's CSPRNG: where the piece goes must not be predictable. */
const secureRandom = () => crypto.randomInt(0, 2 ** 32) / 2 ** 32;

/** How a proof is kept: the sha256 of the username it is for ('' for anyone) and the token, encoded so that no other
 * pair gives the same text (a token a client makes up may hold any character). */
const proofHash = (token: string, username: string) => sha256(JSON.stringify([username, token]));

/** The verification a login needs after 5 failures (decision 0014): the server hands out a slide puzzle and keeps
 * where the piece fits, or checks an image captcha; a solved one yields a single-use proof (`verificationToken`)
 * that the next login carries. A challenge asked for a username (lower-cased; '' for nobody) carries it in its key
 * (`lib/challenge-key.ts`), and its proof logs in that username only; one asked for nobody yields a proof for
 * anyone, as HOJ's client needs. */
export const createLoginVerificationService = (deps: {
  repo: LoginVerificationRepository;
  captcha: CaptchaService;
  now?: () => Date;
  /** Where pieces go (tests pin it). */
  random?: () => number;
}) => {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? secureRandom;

  const issueProof = async (at: Date, username: string) => {
    const verificationToken = randomToken();
    await deps.repo.insertProof(proofHash(verificationToken, username), new Date(at.getTime() + PROOF_TTL_MS));
    return { verificationToken };
  };

  return {
    async createPuzzle(username = '') {
      const at = now();
      await deps.repo.purgeExpired(at);
      const position = randomPiecePosition(random);
      const puzzleKey = challengeKey(username);
      await deps.repo.insertPuzzle({
        key: puzzleKey,
        pieceX: position.x,
        issuedAt: at,
        expiresAt: new Date(at.getTime() + PUZZLE_TTL_MS),
      });
      // The picture's shapes need no secrecy, only the piece's place does.
      return { puzzleKey, ...renderSlidePuzzle(position), pieceY: position.y };
    },

    /** A proof when `left` puts the piece in its place (accuracy 3) no sooner than a person could; the puzzle is
     * used up either way, so each guess costs a new puzzle. */
    async checkPuzzle(input: { puzzleKey: string; left: number }) {
      const at = now();
      const puzzle = await deps.repo.takePuzzle(input.puzzleKey);
      const solved =
        !!puzzle &&
        puzzle.expiresAt > at &&
        at.getTime() - puzzle.issuedAt.getTime() >= PUZZLE_MIN_SOLVE_MS &&
        isDropAccepted(input.left, puzzle.pieceX);
      if (!solved) throw badRequest('slidePuzzleWrong');
      return issueProof(at, challengeUsername(puzzle.key));
    },

    /** The image captcha of /api/captcha as the alternative proof (400 `captchaWrong` otherwise). */
    async checkCaptcha(input: { captchaKey: string; captcha: string }) {
      const username = await deps.captcha.verify(input.captchaKey, input.captcha);
      return issueProof(now(), username);
    },

    /** Whether `token` is a live proof for a login of `username` (lower-cased): one for that username or for anyone.
     * It is used up: a replay fails. A proof for another username is not touched. */
    async useProof(token: string, username: string) {
      const forAnyone = proofHash(token, '');
      return deps.repo.takeProof(username === '' ? [forAnyone] : [proofHash(token, username), forAnyone], now());
    },
  };
};
export type LoginVerificationService = ReturnType<typeof createLoginVerificationService>;
