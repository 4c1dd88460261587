import { LIMITS } from '@oj/shared';

export type LoginMessageKey =
  | 'Username_Check_Required'
  | 'Username_Check_Max'
  | 'Password_Check_Required'
  | 'Password_Check_Between';

/** Login field rules: the message key of the first broken rule, or null. */
export const checkUsername = (value: string | undefined): LoginMessageKey | null => {
  const v = (value ?? '').trim();
  if (!v) return 'Username_Check_Required';
  if (v.length > LIMITS.usernameMax) return 'Username_Check_Max';
  return null;
};

export const checkPassword = (value: string | undefined): LoginMessageKey | null => {
  const v = value ?? '';
  if (!v) return 'Password_Check_Required';
  if (v.length < LIMITS.passwordMin || v.length > LIMITS.passwordMax) return 'Password_Check_Between';
  return null;
};
