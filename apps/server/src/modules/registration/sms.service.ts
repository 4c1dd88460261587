import type { RegistrationConfig } from '@oj/shared';
import type { RegistrationRepository } from './registration.repository.js';

/** What the sender needs of a logger (pino's shape). */
export interface SmsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SmsMessageToSend {
  mobile: string;
  purpose: 'register' | 'reset';
  code: string;
  content: string;
}

/** How long a gateway may take before the send counts as failed. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

const fill = (template: string, m: SmsMessageToSend, encode: (s: string) => string) =>
  template.replace(/\{(mobile|code|content)\}/g, (_, k: 'mobile' | 'code' | 'content') => encode(m[k]));

/** A JSON string's inside: quotes, backslashes and control characters escaped. */
const jsonText = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * Text messages through the configured provider (decision 0025). The embedded `outbox` stores every message and
 * writes it to the log, so a school runs without a gateway (root reads the outbox in the admin area). The `http`
 * provider calls a gateway: the URL (with {mobile}, {code}, {content} filled and URL-encoded), the method, the JSON
 * headers, the body template (filled JSON-escaped) and a text the answer must contain (else any 2xx). Every
 * message, sent or not, is recorded in the outbox with the provider's answer. A failure is thrown with its
 * reason: the caller tells the user, never swallows it.
 */
export const createSmsService = (deps: {
  repo: RegistrationRepository;
  config: () => Promise<RegistrationConfig>;
  logger: SmsLogger;
  fetch?: typeof fetch;
}) => {
  const doFetch = deps.fetch ?? fetch;

  const viaHttp = async (c: RegistrationConfig, m: SmsMessageToSend) => {
    if (!c.smsHttpUrl) throw new Error('no gateway URL configured');
    const headers: Record<string, string> = c.smsHttpHeaders.trim() ? JSON.parse(c.smsHttpHeaders) : {};
    const body = c.smsHttpMethod === 'GET' ? undefined : fill(c.smsHttpBody, m, jsonText);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    const res = await doFetch(fill(c.smsHttpUrl, m, encodeURIComponent), {
      method: c.smsHttpMethod,
      headers,
      body,
      signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
    });
    const text = (await res.text()).slice(0, 2000);
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
    if (c.smsHttpSuccess && !text.includes(c.smsHttpSuccess)) throw new Error('gateway refused the message');
  };

  return {
    async send(m: SmsMessageToSend) {
      const c = await deps.config();
      const record = { mobile: m.mobile, purpose: m.purpose, content: m.content, provider: c.smsProvider };
      if (c.smsProvider === 'outbox') {
        await deps.repo.recordSms({ ...record, ok: 1, error: null });
        deps.logger.info({ mobile: m.mobile, content: m.content }, 'text message kept in the outbox');
        return;
      }
      try {
        await viaHttp(c, m);
      } catch (e) {
        const reason = e instanceof Error ? (e.name === 'TimeoutError' ? 'gateway timed out' : e.message) : String(e);
        await deps.repo.recordSms({ ...record, ok: 0, error: reason });
        deps.logger.warn({ mobile: m.mobile, reason }, 'text message not sent');
        throw new Error(reason);
      }
      await deps.repo.recordSms({ ...record, ok: 1, error: null });
    },
  };
};
export type SmsService = ReturnType<typeof createSmsService>;
