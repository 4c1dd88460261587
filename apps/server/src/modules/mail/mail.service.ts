import nodemailer from 'nodemailer';
import type { SiteConfigStore } from '../site/site-config-store.js';

/** SMTP settings as stored in the configuration table (key `smtp`). An empty host means "not configured". */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  from: string;
  /** TLS from the start; without it, port 465 alone decides (older stored settings lack it). */
  ssl?: boolean;
  /** HOJ's mail background image (EmailConfigDTO.emailBGImg), kept for its admin form. */
  bgImg?: string;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface MailLogger {
  warn(obj: object, msg: string): void;
}

const SMTP_KEY = 'smtp';
const SEND_TIMEOUT_MS = 15_000;

/** Sends mail through the configured SMTP server. With none configured the mail (and so its code) goes to the
 * server log instead, and the caller tells the user so. */
export const createMailService = (deps: { site: SiteConfigStore; logger: MailLogger }) => {
  const service = {
    /** Where unsent mail is written; replaceable (tests read codes from it). */
    logger: deps.logger,

    async seed(fromEnv: SmtpSettings | null) {
      if (fromEnv) await deps.site.seedConfig(SMTP_KEY, fromEnv);
    },

    async settings(): Promise<SmtpSettings | null> {
      const s = await deps.site.getConfig<SmtpSettings>(SMTP_KEY);
      return s?.host ? s : null;
    },

    async setSettings(s: SmtpSettings) {
      await deps.site.setConfig(SMTP_KEY, s);
    },

    /** true when handed to the SMTP server, false when written to the log; throws when the server refuses. */
    async send(mail: Mail): Promise<boolean> {
      const smtp = await service.settings();
      if (!smtp) {
        service.logger.warn({ mail }, 'no SMTP server configured: mail written to the log instead');
        return false;
      }
      const transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.ssl ?? smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      });
      try {
        await transport.sendMail({ from: smtp.from || smtp.user, to: mail.to, subject: mail.subject, text: mail.text });
      } finally {
        transport.close();
      }
      return true;
    },
  };
  return service;
};
export type MailService = ReturnType<typeof createMailService>;
