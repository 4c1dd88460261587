import { LIMITS, registration } from '@oj/shared';
import type { TFunction } from 'i18next';

/** Field rules of the registration, password reset and password change forms. */
type T = TFunction;

export const requiredRule = (t: T, label: string) => ({
  required: true,
  whitespace: true,
  message: t('Reg_Required', { field: label }),
});
export const maxRule = (t: T, label: string, max: number) => ({
  max,
  message: t('Reg_Too_Long', { field: label, max }),
});

export const mobileRules = (t: T) => [
  requiredRule(t, t('Reg_Mobile')),
  { pattern: registration.PHONE_PATTERN, message: t('Reg_Mobile_Invalid') },
];
export const smsCodeRules = (t: T) => [
  requiredRule(t, t('Reg_Sms_Code')),
  { pattern: /^\d{6}$/, message: t('Reg_Sms_Code_Length') },
];
export const usernameRules = (t: T) => [
  { required: true, whitespace: true, message: t('Username_Check_Required') },
  { max: LIMITS.usernameMax, message: t('Username_Check_Max') },
];
export const passwordRules = (t: T) => [
  { required: true, message: t('Password_Check_Required') },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('Password_Check_Between') },
];
/** The password typed again: required and the same as the field `of`, else the text `mismatch` (give the item
 * dependencies={[of]} so that a change there checks it again). */
export const againRules = (t: T, of: string, mismatch: string) => [
  { required: true, message: t('Password_Check_Required') },
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(t(mismatch))),
  }),
];
