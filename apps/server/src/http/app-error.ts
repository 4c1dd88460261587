import type { MessageKey } from '@oj/shared';

/** 502: an outside site that failed or is unreachable; 503: this instance is not ready
 * (GET /api/ready). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 500 | 502 | 503;

/** The one error type of the server: a status and a message key, mapped to the envelope in one place. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly key: MessageKey,
    readonly vars: Record<string, string> = {},
    readonly field?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, field?: string, vars?: Record<string, string>) =>
  new AppError(400, key, vars, field);
export const notFound = () => new AppError(404, 'notFound');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
