import { checkSandbox } from '../sandbox/sandbox-check.js';

/**
 * Runs before any judge test: hostile sources must never execute outside the sandbox, so the whole suite
 * stops here unless the sandbox is verifiably in force (non-root uid, own pid namespace, no
 * capabilities, seccomp on).
 */
export default async function sandboxGuard(): Promise<void> {
  const check = await checkSandbox();
  if (!check.inForce)
    throw new Error(
      `The sandbox is not in force; refusing to run the judge tests.\n${check.problems.join('\n')}\nRun: npm run judge -- doctor`,
    );
}
