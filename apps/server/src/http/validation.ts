import { isMessageKey } from '@oj/shared';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** The first problem of a failed input parse as a 400 that names the field and the rule. Messages that are
 * message keys (the validation texts of @oj/shared) are kept as keys; anything else becomes "field is invalid". */
export const toValidationError = (error: z.ZodError) => {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.') || 'body';
  // A length rule's message names its limit ("{field} Can not exceed {max}").
  const max: Record<string, string> = issue.code === 'too_big' ? { max: String(issue.maximum) } : {};
  if (isMessageKey(issue.message)) return new AppError(400, issue.message, { field, ...max }, field);
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  if (missing) return new AppError(400, 'fieldRequired', { field }, field);
  return new AppError(400, 'fieldInvalid', { field, rule: issue.message }, field);
};
