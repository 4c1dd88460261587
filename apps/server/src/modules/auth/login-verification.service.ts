import crypto from 'node:crypto';
import { badRequest } from '../../http/app-error.js';
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

/** The verification a login needs after 5 failures (DESIGN §8 "Login verification", decision 0014): the server
 * hands out a slide puzzle and keeps where the piece fits, or checks an image captcha; a solved one yields a
 * single-use proof (`verificationToken`) that the next login carries. */
export const createLoginVerificationService = (deps: {
  repo: LoginVerificationRepository;
  captcha: CaptchaService;
  now?: () => Date;
  /** Where pieces go (tests pin it). */
  random?: () => number;
}) => {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? secureRandom;

  const issueProof = async (at: Date) => {
    const verificationToken = randomToken();
    await deps.repo.insertProof(sha256(verificationToken), new Date(at.getTime() + PROOF_TTL_MS));
    return { verificationToken };
  };

  return {
    async createPuzzle() {
      const at = now();
      await deps.repo.purgeExpired(at);
      const position = randomPiecePosition(random);
      const puzzleKey = crypto.randomUUID();
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
      return issueProof(at);
    },

    /** The image captcha of /api/captcha as the alternative proof (400 `captchaWrong` otherwise). */
    async checkCaptcha(input: { captchaKey: string; captcha: string }) {
      await deps.captcha.verify(input.captchaKey, input.captcha);
      return issueProof(now());
    },

    /** Whether `token` is a live proof; it is used up: a replay fails. */
    async useProof(token: string) {
      return deps.repo.takeProof(sha256(token), now());
    },
  };
};
export type LoginVerificationService = ReturnType<typeof createLoginVerificationService>;
