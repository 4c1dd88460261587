import { compileChecker as compileCheckerCached } from './run-checker.js';

/**
 * The admin's "compile checker" request (HOJ's compile-spj / compile-interactive): compiles the code
 * with the extra files beside it and says whether it worked. A good compile stays cached for judging.
 */
export const compileChecker = async (
  code: string,
  extraFiles: Record<string, string | Buffer> = {},
): Promise<{ ok: boolean; message: string }> => {
  const outcome = await compileCheckerCached({ source: code, extraFiles });
  return outcome.ok ? { ok: true, message: outcome.program.message } : { ok: false, message: outcome.message };
};
