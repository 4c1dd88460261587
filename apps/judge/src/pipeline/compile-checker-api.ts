import type { JudgeFiles } from './judge-headers.js';
import { compileChecker as compileCheckerCached } from './run-checker.js';

/**
 * The admin's "compile checker" request (HOJ's compile-spj / compile-interactive): compiles the code
 * with the extra files and the site's judge headers beside it (the extra files win a name both have) and says
 * whether it worked. A good compile stays cached for judging.
 */
export const compileChecker = async (
  code: string,
  extraFiles: JudgeFiles = {},
  siteHeaders: JudgeFiles = {},
): Promise<{ ok: boolean; message: string }> => {
  const outcome = await compileCheckerCached({ source: code, extraFiles, siteHeaders });
  return outcome.ok ? { ok: true, message: outcome.program.message } : { ok: false, message: outcome.message };
};
