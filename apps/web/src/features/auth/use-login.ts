import { account, CLIENT_MESSAGES, HTTP, type MessageKey } from '@oj/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { session } from '../../lib/auth-store';
import { ApiError } from '../../lib/http-client';
import { currentLanguage } from '../../lib/i18n';
import { notifyError, toast } from '../../lib/notify';
import { loginFailures } from './login-failures';

export interface LoginValues {
  username: string;
  password: string;
}

/** What a login attempt came to: `verify` when the server wants the proof of a solved puzzle first. */
export type LoginOutcome = 'signedIn' | 'failed' | 'verify';

/** The server's answers that ask for the login verification (decision 0014):
 * the form opens the puzzle and sends its proof with the next login. */
const VERIFICATION_KEYS: ReadonlySet<string> = new Set([
  'loginVerificationRequired',
  'loginVerificationInvalid',
  'loginTooFrequent',
] satisfies MessageKey[]);

const onlyDefaultUser = (roles: string[]) => roles.length > 0 && roles.every((r) => r === 'default_user');

/** Sends a login (site or admin) and applies its outcome: a session and a welcome toast, or the failure counter
 * (and, for a refused account, the reason kept in view). */
export const useLogin = (opts: { admin?: boolean; onSuccess?: () => void } = {}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  /** Why the server refused the account (403: registration pending or refused, no login permission). */
  const [refusal, setRefusal] = useState<string | null>(null);

  /** `verificationToken`: the proof of a puzzle solved just before, single-use. */
  const login = async (values: LoginValues, verificationToken?: string): Promise<LoginOutcome> => {
    setLoading(true);
    setRefusal(null);
    try {
      const endpoint = opts.admin ? account.adminLogin : account.login;
      const { data: user, headers } = await api.request(
        endpoint,
        { username: values.username.trim(), password: values.password, verificationToken },
        { anonymous: true },
      );
      const token = headers.get('Authorization');
      // External students (default_user) may not log in; the server refuses them, this covers an older server.
      if (!token || onlyDefaultUser(user.roleList)) {
        session.clear();
        notifyError(t('Error'), CLIENT_MESSAGES.noLoginPermission[currentLanguage()]);
        loginFailures.increment();
        return 'failed';
      }
      session.signIn(token, user);
      loginFailures.reset();
      toast.success(t('Welcome_Back'));
      // Data fetched as a visitor (announcements, config) may differ for the signed-in user.
      await queryClient.invalidateQueries();
      opts.onSuccess?.();
      return 'signedIn';
    } catch (err) {
      // The client already showed the server's message; a refused account (default_user, a registration waiting
      // for approval or refused) is logged out locally and the form keeps the reason in view.
      if (err instanceof ApiError && err.status === HTTP.FORBIDDEN) {
        session.clear();
        setRefusal(err.message);
      }
      loginFailures.increment();
      const key = err instanceof ApiError ? (err.data as { key?: unknown } | null)?.key : undefined;
      return typeof key === 'string' && VERIFICATION_KEYS.has(key) ? 'verify' : 'failed';
    } finally {
      setLoading(false);
    }
  };

  return { login, loading, refusal };
};
